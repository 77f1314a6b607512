/**
 * Gemini CLI 0.61.0's agent and command loader rules (docs/targets/gemini.md, "Loader rules"), met by
 * the Gemini target: files it would skip or rename, names it would ignore.
 */
import { describe, expect, it } from "vitest";
import type { DesiredTree, FileEntry } from "../../compiler/desired-tree";
import { portableEnvironment } from "../../compiler/environment";
import type { Ir } from "../../compiler/ir";
import { commandName } from "../../compiler/targets/gemini/commands";
import { compileTarget } from "../../compiler/targets/gemini/compile";
import { feature, makeIr } from "./ir-fixtures";

const GEMINI = "/home/agent/.gemini";

function compile(ir: Partial<Ir>): DesiredTree {
  return compileTarget(makeIr(ir), portableEnvironment());
}
function files(tree: DesiredTree, dir: string): string[] {
  return tree.entries
    .filter((e): e is FileEntry => e.kind === "file" && e.path.startsWith(`${dir}/`))
    .map((e) => e.path.slice(dir.length + 1))
    .sort();
}
function text(tree: DesiredTree, file: string): string {
  const entry = tree.entries.find((e): e is FileEntry => e.kind === "file" && e.path === file)!;
  return typeof entry.content === "string" ? entry.content : new TextDecoder().decode(entry.content);
}
function codes(tree: DesiredTree, prefix: string): string[] {
  return tree.diagnostics.filter((d) => d.code.startsWith(prefix)).map((d) => d.code);
}

describe("Gemini agents", () => {
  it("writes an agent whose file name starts with '_' without it (Gemini skips such a file silently)", () => {
    const t = compile({ agents: [feature("agents", "_helper", "Helps.", { description: "Helps" })] });
    expect(files(t, `${GEMINI}/agents`)).toEqual(["helper.md"]);
    expect(text(t, `${GEMINI}/agents/helper.md`)).toContain("name: _helper\n");
    expect(t.diagnostics.filter((d) => d.code === "AH4419").map((d) => [d.file, d.severity])).toEqual([["bundle:.claude/agents/_helper.md", "warning"]]);
  });

  it("renames an agent that takes a built-in agent's name, which Gemini would ignore", () => {
    const t = compile({ agents: [feature("agents", "generalist", "Mine.", { description: "Mine" })] });
    expect(text(t, `${GEMINI}/agents/generalist.md`)).toContain("name: generalist-2\n");
    expect(t.diagnostics.find((d) => d.code === "AH4420")?.message).toContain("a Gemini built-in agent");
  });

  it("gives two agents that map to one Gemini name distinct names, the first keeping it", () => {
    const t = compile({
      agents: [feature("agents", "Code-Review", "A.", { description: "A" }), feature("agents", "code-review", "B.", { description: "B" })],
    });
    expect(text(t, `${GEMINI}/agents/Code-Review.md`)).toContain("name: code-review\n");
    expect(text(t, `${GEMINI}/agents/code-review.md`)).toContain("name: code-review-2\n");
    expect(codes(t, "AH442")).toEqual(["AH4420"]);
    expect(t.diagnostics.find((d) => d.code === "AH4420")!.file).toBe("bundle:.claude/agents/code-review.md");
  });

  it("writes an agent with no frontmatter at all with its file name and a description", () => {
    const t = compile({ agents: [feature("agents", "terse", "Answer in one line.\n")] });
    expect(text(t, `${GEMINI}/agents/terse.md`)).toBe(
      "---\nname: terse\ndescription: The terse agent from the agentihooks bundle.\nkind: local\n---\n\nAnswer in one line.\n",
    );
    expect(codes(t, "AH44")).toEqual(["AH4416"]);
  });
});

describe("Gemini commands", () => {
  it("names the file as Gemini names the command, with a warning when that differs", () => {
    expect(commandName("deploy now!")).toBe("deploy_now_");
    expect(commandName("x".repeat(60))).toBe("x".repeat(50));
    expect(commandName("ok-1.2_3")).toBe("ok-1.2_3");
    const t = compile({ commands: [feature("commands", "deploy now!", "Ship.", { description: "Ships" })] });
    expect(files(t, `${GEMINI}/commands`)).toEqual(["deploy_now_.toml"]);
    expect(t.diagnostics.filter((d) => d.code === "AH4421").map((d) => d.message)).toEqual([
      "Command 'deploy now!': Gemini CLI 0.61.0 names a command after its file with only letters, digits, '_', '-' and '.', at most 50 characters; it was written as /deploy_now_. Rename the command file.",
    ]);
  });

  it("warns that a command named like a built-in one is offered as /user.<name>", () => {
    const t = compile({
      commands: [feature("commands", "help", "Help me.", { description: "Mine" }), feature("commands", "helper", "H.", { description: "H" })],
    });
    expect(t.diagnostics.filter((d) => d.code === "AH4422").map((d) => [d.file, d.message.includes("/user.help")])).toEqual([
      ["bundle:.claude/commands/help.md", true],
    ]);
  });

  it("writes a command without frontmatter with a description Gemini shows in its list", () => {
    const t = compile({ commands: [feature("commands", "bare", "Do the bare thing.\n")] });
    expect(text(t, `${GEMINI}/commands/bare.toml`)).toContain('description = "The /bare command from the agentihooks bundle."\n');
  });
});

/**
 * What Claude Code 2.1.332's agent loader needs (compiler/targets/claude/agents.ts): a `name` (a file
 * without one is skipped silently), a `description`, a name that does not start with `-`, hold `:`
 * or exceed 256 characters; and `$schema` is never written into an agent, command or skill.
 */
import { describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import { target as claude } from "../../compiler/targets/claude/index";
import { parseMarkdown } from "../../compiler/parse/parse-markdown";
import { makeIr, skill } from "./ir-fixtures";
import type { MarkdownFeature } from "../../compiler/ir";

function authored(name: string, raw: string, kind = "agents"): MarkdownFeature {
  const file = `bundle:profiles/p/.claude/${kind}/${name}.md`;
  const doc = parseMarkdown(raw, file).value!.document;
  const { $schema: _s, ...frontmatter } = doc.frontmatter;
  return { ...doc, frontmatter, name, fileName: `${name}.md`, origin: { file, layer: "profile p" } };
}

function written(tree: ReturnType<typeof claude.compile>, suffix: string): string {
  const entry = tree.entries.find((e) => e.path.endsWith(suffix));
  if (!entry || entry.kind !== "file") throw new Error(`no file ${suffix}`);
  return typeof entry.content === "string" ? entry.content : new TextDecoder().decode(entry.content);
}

describe("Claude agents", () => {
  it("copies an agent the loader takes as authored, byte for byte", () => {
    const raw = "---\nname: reviewer\ndescription: Reviews diffs.\ntools: Read, Grep\n---\n\nYou review.\n";
    const tree = claude.compile(makeIr({ agents: [authored("reviewer", raw)] }), portableEnvironment());
    expect(written(tree, "/agents/reviewer.md")).toBe(raw);
    expect(tree.diagnostics.filter((d) => d.code === "AH4110" || d.code === "AH4111")).toEqual([]);
  });

  it("adds the name and a description an agent lacks, with an info diagnostic", () => {
    const tree = claude.compile(
      makeIr({ agents: [authored("helper", "---\ntools: Read\n---\nHelp.\n"), authored("bare", "Just a body.\n")] }),
      portableEnvironment(),
    );
    expect(written(tree, "/agents/helper.md")).toBe("---\nname: helper\ndescription: The helper agent from the agentihooks bundle.\ntools: Read\n---\nHelp.\n");
    const bare = parseMarkdown(written(tree, "/agents/bare.md"), "bare.md").value!.document;
    expect(bare.frontmatter).toEqual({ name: "bare", description: "The bare agent from the agentihooks bundle." });
    expect(bare.body).toBe("Just a body.\n");
    const infos = tree.diagnostics.filter((d) => d.code === "AH4110");
    expect(infos.map((d) => [d.severity, d.file])).toEqual([
      ["info", "bundle:profiles/p/.claude/agents/bare.md"],
      ["info", "bundle:profiles/p/.claude/agents/helper.md"],
    ]);
  });

  it("fixes a name the loader refuses, with a located warning", () => {
    const long = "a".repeat(300);
    const tree = claude.compile(
      makeIr({ agents: [authored("x", "---\nname: -team:lead\ndescription: d\n---\nB\n"), authored("y", `---\nname: ${long}\ndescription: d\n---\nB\n`)] }),
      portableEnvironment(),
    );
    expect(parseMarkdown(written(tree, "/agents/x.md"), "x").value!.document.frontmatter.name).toBe("team-lead");
    expect(parseMarkdown(written(tree, "/agents/y.md"), "y").value!.document.frontmatter.name).toBe("a".repeat(256));
    const warnings = tree.diagnostics.filter((d) => d.code === "AH4111");
    expect(warnings.map((d) => [d.severity, d.file, d.pointer])).toEqual([
      ["warning", "bundle:profiles/p/.claude/agents/x.md", "/name"],
      ["warning", "bundle:profiles/p/.claude/agents/y.md", "/name"],
    ]);
  });

  it("never writes $schema into an agent, a command or a skill", () => {
    const schema = "$schema: https://agentihooks.dev/schemas/agent-frontmatter.schema.json\n";
    const ir = makeIr({
      agents: [authored("a", `---\n${schema}name: a\ndescription: d\n---\nAgent body.\n`)],
      commands: [authored("c", `---\n${schema}description: run it\n---\nCommand body.\n`, "commands")],
      skills: [{ ...skill("s", `---\n${schema}name: s\ndescription: a skill\n---\nSkill body.\n`), frontmatter: { name: "s", description: "a skill" } }],
    });
    const tree = claude.compile(ir, portableEnvironment());
    expect(written(tree, "/agents/a.md")).toBe("---\nname: a\ndescription: d\n---\nAgent body.\n");
    expect(written(tree, "/commands/c.md")).toBe("---\ndescription: run it\n---\nCommand body.\n");
    expect(written(tree, "/skills/s/SKILL.md")).toBe("---\nname: s\ndescription: a skill\n---\nSkill body.\n");
  });
});

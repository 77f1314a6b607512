import { describe, expect, it } from "vitest";
import type { DesiredEntry, FileEntry, ManagedRegionEntry } from "../../compiler/desired-tree";
import { installedMcpServerPath, installedRuntimeCorePath, portableEnvironment } from "../../compiler/environment";
import type { Ir } from "../../compiler/ir";
import { TRUNCATION_MARKER, truncateBody } from "../../compiler/targets/copilot/agents";
import { compileTarget } from "../../compiler/targets/copilot/compile";
import { feature, makeIr, member, origin, skill } from "./ir-fixtures";

const HOME = "/home/agent";

function compile(overrides: Partial<Ir>) {
  return compileTarget(makeIr(overrides), portableEnvironment());
}
function file(entries: DesiredEntry[], p: string): FileEntry | undefined {
  return entries.find((e): e is FileEntry => e.kind === "file" && e.path === p);
}
function text(entries: DesiredEntry[], p: string): string {
  const entry = file(entries, p);
  if (!entry) throw new Error(`no file ${p}`);
  return typeof entry.content === "string" ? entry.content : new TextDecoder().decode(entry.content);
}

describe("copilot agents", () => {
  it("maps tools, keeps the description and body, drops other keys, exact bytes", () => {
    const t = compile({
      agents: [feature("agents", "reviewer", "Review the diff.\n", { description: "Reviews code", tools: "Read, Grep, Bash", color: "red" })],
    });
    expect(text(t.entries, `${HOME}/.copilot/agents/reviewer.md`)).toBe(
      "---\nname: reviewer\ndescription: Reviews code\ntools:\n  - grep\n  - shell\n  - view\n---\n\nReview the diff.\n",
    );
    const entry = file(t.entries, `${HOME}/.copilot/agents/reviewer.md`)!;
    expect(entry.manifest).toEqual({ dir: `${HOME}/.copilot/agents`, file: ".agentihooks-manifest.json", item: "reviewer.md" });
    expect(t.diagnostics.map((d) => [d.code, d.file])).toEqual([["AH4017", "bundle:.claude/agents/reviewer.md"]]);
    expect(t.diagnostics[0]!.message).toBe("Agent 'reviewer': frontmatter 'color' has no Copilot equivalent and was dropped.");
  });

  it("reduces scoped grants to the bare tool with a warning, de-duplicated and sorted", () => {
    const t = compile({
      agents: [feature("agents", "git", "x", { description: "d", tools: ["Bash(git diff*)", "Bash(git log*)", "Read", "WebFetch", "mcp__srv__tool", 3] })],
    });
    expect(text(t.entries, `${HOME}/.copilot/agents/git.md`)).toContain("tools:\n  - mcp__srv__tool\n  - shell\n  - view\n  - web_fetch\n---");
    expect(t.diagnostics.map((d) => d.code)).toEqual(["AH4016", "AH4016"]);
    expect(text(t.entries, `${HOME}/.copilot/agents/git.md`)).not.toContain("(");
  });

  it("drops a model alias with an info and synthesises a missing description", () => {
    const t = compile({ agents: [feature("agents", "scout", "Scout around.", { model: "haiku" }), feature("agents", "bare", "")] });
    const scout = text(t.entries, `${HOME}/.copilot/agents/scout.md`);
    expect(scout).toBe("---\nname: scout\ndescription: The scout agent from the agentihooks bundle.\n---\n\nScout around.\n");
    expect(scout).not.toContain("model:");
    expect(text(t.entries, `${HOME}/.copilot/agents/bare.md`)).toBe("---\nname: bare\ndescription: The bare agent from the agentihooks bundle.\n---\n");
    expect(t.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ["info", "AH4020"],
      ["info", "AH4018"],
      ["info", "AH4020"],
    ]);
  });

  it("cuts a body over 30 000 characters at a paragraph boundary with the marker", () => {
    const paragraph = `${"word ".repeat(41)}end.`; // ~210 characters
    const body = Array.from({ length: 400 }, (_, i) => `${i} ${paragraph}`).join("\n\n");
    const t = compile({ agents: [feature("agents", "long", body, { description: "d" })] });
    const out = text(t.entries, `${HOME}/.copilot/agents/long.md`);
    const written = out.slice(out.indexOf("---\n\n") + 5);
    expect(written.length).toBeLessThanOrEqual(30_000);
    expect(written.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(written.slice(0, -TRUNCATION_MARKER.length).endsWith("end.")).toBe(true);
    expect(body.startsWith(written.slice(0, -TRUNCATION_MARKER.length))).toBe(true);
    expect(t.diagnostics.map((d) => d.code)).toEqual(["AH4019"]);
    expect(t.diagnostics[0]!.message).toContain(`body is ${body.length} characters`);
  });

  it("cuts at the limit when the body has no blank line, and leaves short bodies alone", () => {
    const flat = "x".repeat(40_000);
    const cut = truncateBody(flat);
    expect(cut.body).toBe("x".repeat(30_000 - TRUNCATION_MARKER.length) + TRUNCATION_MARKER);
    expect(truncateBody("short")).toEqual({ body: "short", truncated: false });
  });
});

describe("copilot commands → skills and skills", () => {
  it("translates a command into SKILL.md with name and description, under the commands manifest", () => {
    const t = compile({ commands: [feature("commands", "review-changes", "Do the review.\n", { description: "Review the diff", "argument-hint": "[file]" })] });
    const p = `${HOME}/.agents/skills/review-changes/SKILL.md`;
    expect(text(t.entries, p)).toBe("---\nname: review-changes\ndescription: Review the diff\n---\n\nDo the review.\n");
    expect(file(t.entries, p)!.manifest).toEqual({ dir: `${HOME}/.agents/skills`, file: ".agentihooks-copilot-commands.json", item: "review-changes" });
    expect(t.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["AH4026", "Command 'review-changes': frontmatter 'argument-hint' has no equivalent in a Copilot skill and was dropped."],
    ]);
  });

  it("synthesises a missing description and cuts one over Copilot's 1024-character cap", () => {
    const t = compile({ commands: [feature("commands", "plain", "Body"), feature("commands", "wordy", "Body", { description: "w ".repeat(600) })] });
    expect(text(t.entries, `${HOME}/.agents/skills/plain/SKILL.md`)).toContain("description: The /plain command from the agentihooks bundle, as a skill.\n");
    expect(t.diagnostics.map((d) => d.code)).toEqual(["AH4020", "AH4323"]);
    const written = /^description: (.*)$/m.exec(text(t.entries, `${HOME}/.agents/skills/wordy/SKILL.md`))![1]!;
    expect([...written].length).toBeLessThanOrEqual(1024);
    expect(written.endsWith("w…")).toBe(true);
  });

  it("writes a command whose file name Copilot refuses as a skill name under a name it loads", () => {
    const t = compile({ commands: [feature("commands", "-deploy@prod", "Ship it.", { description: "Deploys" })] });
    expect(text(t.entries, `${HOME}/.agents/skills/-deploy@prod/SKILL.md`)).toBe("---\nname: deploy-prod\ndescription: Deploys\n---\n\nShip it.\n");
    expect(t.diagnostics.map((d) => [d.code, d.pointer])).toEqual([["AH4322", "/name"]]);
  });

  it("copies every skill file, executables 0755, and lets a real skill own a command's name", () => {
    const s = skill("collide", "---\nname: collide\ndescription: Real one\n---\n\nREAL SKILL\n", [
      { path: "scripts/run.sh", content: "#!/bin/sh\necho hi\n", executable: true },
    ]);
    const t = compile({ skills: [s], commands: [feature("commands", "collide", "From a command")] });
    expect(text(t.entries, `${HOME}/.agents/skills/collide/SKILL.md`)).toBe("---\nname: collide\ndescription: Real one\n---\n\nREAL SKILL\n");
    const script = file(t.entries, `${HOME}/.agents/skills/collide/scripts/run.sh`)!;
    expect(script.mode).toBe(0o755);
    expect(script.manifest).toEqual({ dir: `${HOME}/.agents/skills`, file: ".agentihooks-skills.json", item: "collide" });
    expect(file(t.entries, `${HOME}/.agents/skills/collide/SKILL.md`)!.mode).toBe(0o644);
    expect(t.entries.filter((e) => e.path.includes("/collide/"))).toHaveLength(2);
    expect(t.diagnostics.map((d) => d.code)).toEqual(["AH4021"]);
    expect(t.diagnostics[0]!.file).toBe("bundle:.claude/commands/collide.md");
  });

  it("cuts a skill description Copilot would refuse, with a warning naming its length", () => {
    const s = skill("big", `---\nname: big\ndescription: ${"d".repeat(1100)}\n---\n\nBody.\n`);
    const t = compile({ skills: [s] });
    expect(t.diagnostics.map((d) => [d.code, d.message.includes("1100-character"), d.file])).toEqual([["AH4323", true, "bundle:.claude/skills/big/SKILL.md"]]);
    expect(text(t.entries, `${HOME}/.agents/skills/big/SKILL.md`)).toBe(`---\nname: big\ndescription: ${"d".repeat(1023)}…\n---\n\nBody.\n`);
  });
});

describe("copilot persona and policy", () => {
  it("writes copilot-instructions.md as a managed region with the Copilot header", () => {
    const t = compile({
      chain: [member("anton"), member("brain", "linked")],
      basePersona: "anton",
      persona: { profiles: [{ profile: "anton", text: "# Anton persona", origin: origin("bundle:profiles/anton/CLAUDE.md") }] },
      rules: [feature("rules", "01-style", "Always be terse.", {}, "package")],
    });
    const persona = t.entries.find((e): e is ManagedRegionEntry => e.kind === "managed-region")!;
    expect(persona.path).toBe(`${HOME}/.copilot/copilot-instructions.md`);
    expect(persona.header).toBe("<!-- managed-by: agentihooks — regenerate with: agentihooks init --target copilot -->");
    expect(persona.footer).toBe("<!-- agentihooks:managed-end -->");
    expect(persona.content.startsWith(`${persona.header}\n\n---\n\n# Identity — who you are`)).toBe(true);
    expect(persona.content.endsWith("\n\n<!-- agentihooks:managed-end -->\n")).toBe(true);
    const c = persona.content;
    expect(c.indexOf("You are **anton**")).toBeLessThan(c.indexOf("<!-- profile: anton -->"));
    expect(c.indexOf("<!-- profile: anton -->")).toBeLessThan(c.indexOf("<!-- rule: 01-style.md (package) -->\nAlways be terse."));
  });

  it("writes the runtime policy for copilot from the IR's guardrails", () => {
    const t = compile({ guardrails: { branchProtection: false, protectedBranches: ["release", "main"] } as Ir["guardrails"] });
    const policy = JSON.parse(text(t.entries, `${HOME}/.agentihooks/policy.copilot.json`));
    expect(policy.target).toBe("copilot");
    expect(policy.guardrails.branchProtection).toBe(false);
    expect(policy.guardrails.protectedBranches).toEqual(["main", "release"]);
    expect(policy.auditLog).toBe(`${HOME}/.agentihooks/logs/audit.jsonl`);
  });
});

describe("copilot whole tree", () => {
  it("lists exactly the expected paths for the smallest IR, sorted by path then kind", () => {
    const t = compile({});
    expect(t.target).toBe("copilot");
    expect(t.entries.map((e) => `${e.kind} ${e.path}`)).toEqual([
      `text-block ${HOME}/.agentihooks/.env`,
      `file ${HOME}/.agentihooks/policy.copilot.json`,
      `file ${installedMcpServerPath(portableEnvironment().runtimePath)}`,
      `file ${installedRuntimeCorePath(portableEnvironment().runtimePath)}`,
      `file ${portableEnvironment().runtimePath}`,
      `file ${HOME}/.copilot/agentihooks-hook.sh`,
      `managed-region ${HOME}/.copilot/copilot-instructions.md`,
      `json-lists ${HOME}/.copilot/hooks/agentihooks.json`,
      `json-entries ${HOME}/.copilot/mcp-config.json`,
      `json-keys ${HOME}/.copilot/settings.json`,
    ]);
    expect(t.diagnostics).toEqual([]);
  });

  it("is deterministic: the same IR with its inputs in another order gives the same tree", () => {
    const agents = [feature("agents", "a", "A", { description: "a" }), feature("agents", "b", "B", { description: "b" })];
    const commands = [feature("commands", "x", "X"), feature("commands", "y", "Y")];
    const one = compile({ agents, commands });
    const two = compile({ agents: [...agents].reverse(), commands: [...commands].reverse() });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
  });
});

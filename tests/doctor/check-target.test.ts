import { chmodSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkTarget, skillDescription } from "../../compiler/doctor/check-target";
import { realFileSystem } from "../../compiler/fs/real";
import { apply, copilotTree, get, makeHomes, put, type Homes } from "../apply/fixtures";

const run = (h: Homes, tree = copilotTree(h)) =>
  checkTarget(tree, "GitHub Copilot CLI", { fs: realFileSystem(), env: { home: h.home, agentihooksHome: h.agentihooks }, binary: null });
const failed = (r: ReturnType<typeof run>) => r.checks.filter((c) => c.status === "fail").map((c) => c.message);

describe("doctor static checks", () => {
  it("fails on a home that was never applied, naming what is missing", () => {
    const h = makeHomes();
    const report = run(h);
    expect(report.ok).toBe(false);
    expect(failed(report)).toEqual(expect.arrayContaining([expect.stringContaining("not installed"), expect.stringContaining("settings.json missing")]));
  });

  it("passes after apply, with hook wiring, keys, entries and persona markers checked", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    const report = run(h);
    expect(failed(report)).toEqual([]);
    const messages = report.checks.map((c) => c.message);
    expect(messages).toContain("agentihooks.json wires 2 agentihooks entries across 2 events");
    expect(messages).toContain("copilot-instructions.md has its managed-end marker");
    expect(messages).toContain("the home matches the profiles (apply has nothing to do)");
    expect(report.checks.find((c) => c.message.includes("binary not on PATH"))?.status).toBe("note");
  });

  it("reports drift: a hand-set key, a lost hook entry, a non-executable wrapper, an edited persona", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    put(`${h.copilot}/settings.json`, JSON.stringify({ ...JSON.parse(get(`${h.copilot}/settings.json`)), disableAllHooks: true }));
    const hooks = JSON.parse(get(`${h.copilot}/hooks/agentihooks.json`));
    delete hooks.hooks.preToolUse;
    put(`${h.copilot}/hooks/agentihooks.json`, JSON.stringify(hooks));
    chmodSync(`${h.copilot}/agentihooks-hook.sh`, 0o644);
    put(`${h.copilot}/copilot-instructions.md`, "no markers\n");
    const report = run(h);
    expect(report.ok).toBe(false);
    const f = failed(report).join("\n");
    expect(f).toContain("'disableAllHooks' is true (the profiles want false)");
    expect(f).toContain("lacks agentihooks entries for: preToolUse");
    expect(f).toContain("agentihooks-hook.sh is not executable");
    expect(f).toContain("copilot-instructions.md is not agentihooks-managed");
    expect(f).toMatch(/change\(s\) pending/);
  });

  it("flags an unparseable shared file and a skill description over the cap", () => {
    const h = makeHomes();
    const tree = copilotTree(h);
    tree.entries.push({
      kind: "file",
      path: `${h.home}/.agents/skills/big/SKILL.md`,
      content: `---\nname: big\ndescription: ${"x".repeat(1100)}\n---\nbody\n`,
      mode: 0o644,
    });
    apply([tree], h);
    put(`${h.copilot}/settings.json`, "{ nope");
    const f = failed(run(h, tree)).join("\n");
    expect(f).toContain("settings.json unparseable");
    expect(f).toContain("skill big description is 1100 chars, over the 1024-char cap");
  });

  it("reads a folded skill description", () => {
    expect(skillDescription("---\nname: a\ndescription: >\n  one\n  two\n---\n")).toBe("one two");
    expect(skillDescription("---\ndescription: 'quoted'\n---\n")).toBe("quoted");
    expect(skillDescription("no frontmatter")).toBeUndefined();
  });
});

describe("doctor on text blocks", () => {
  it("checks the shell block instead of parsing the file", () => {
    const h = makeHomes();
    const tree = copilotTree(h);
    tree.entries.push({
      kind: "text-block",
      path: `${h.home}/.bashrc`,
      begin: "# === agentihooks ===",
      end: "# === end-agentihooks ===",
      content: "agentienv\n",
      onlyIfExists: false,
      mode: 0o644,
    });
    tree.entries.push({
      kind: "text-block",
      path: `${h.home}/.zshrc`,
      begin: "# === agentihooks ===",
      end: "# === end-agentihooks ===",
      content: "agentienv\n",
      onlyIfExists: true,
      mode: 0o644,
    });
    put(`${h.home}/.bashrc`, "export A=1\n");
    apply([tree], h);
    expect(get(`${h.home}/.bashrc`)).toBe("export A=1\n\n# === agentihooks ===\nagentienv\n# === end-agentihooks ===\n");
    const report = run(h, tree);
    expect(failed(report)).toEqual([]);
    expect(report.checks.map((c) => c.message)).toContain(".bashrc has the agentihooks block");
    put(`${h.home}/.bashrc`, "export A=1\n");
    expect(failed(run(h, tree)).join("\n")).toContain("lacks the agentihooks block");
  });
});

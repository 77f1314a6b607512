// Nothing in a profile is skipped silently: each entry the profile format does not read is a
// warning (AH1114) naming the known path it most likely meant.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;

describe("entries a profile holds that the format does not read", () => {
  it("are warnings with the known name they most likely meant, and the build goes on", () => {
    const root = mkdtempSync(path.join(tmpdir(), "ah-unknown-"));
    const home = path.join(root, "home");
    const bundle = path.join(root, "bundle");
    mkdirSync(home);
    mkdirSync(bundle);
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [cli, ...args], { cwd: bundle, env: { PATH: "/usr/bin:/bin", HOME: home, NO_COLOR: "1" }, encoding: "utf8" });
    expect(run("init", "p").status).toBe(0);
    // A clean scaffold has nothing unknown.
    expect(run("build").stderr).not.toContain("AH1114");
    const p = path.join(bundle, "profiles/p");
    renameSync(path.join(p, "profile.yml"), path.join(p, "profile.yaml"));
    mkdirSync(path.join(p, "rules"));
    for (const [file, text] of [
      ["rules/a.md", "x"],
      ["AGENTS.md", "x"],
      [".claude/CLAUDE.md", "x"],
      [".claude/settings.json", "{}"],
      ["mcp.json", "{}"],
      [".claude/rules/r.mdc", "x"],
      [".claude/skills/flat.md", "x"],
      [".claude/rules/README.md", "docs"],
      [".DS_Store", ""],
    ])
      writeFileSync(path.join(p, file as string), text as string);
    const built = run("build", "--json");
    expect(built.status).toBe(0);
    const found = (JSON.parse(built.stdout).diagnostics as Array<{ code: string; file: string; message: string }>)
      .filter((d) => d.code === "AH1114")
      .map((d) => [d.file, /Did you mean '([^']*)'/.exec(d.message)?.[1]]);
    expect(found).toEqual([
      ["bundle:profiles/p/.claude/CLAUDE.md", "CLAUDE.md"],
      ["bundle:profiles/p/.claude/rules/r.mdc", ".claude/rules/r.md"],
      ["bundle:profiles/p/.claude/settings.json", ".claude/settings.overrides.json"],
      ["bundle:profiles/p/.claude/skills/flat.md", ".claude/skills/flat/SKILL.md"],
      ["bundle:profiles/p/AGENTS.md", "CLAUDE.md"],
      ["bundle:profiles/p/mcp.json", ".mcp.json"],
      ["bundle:profiles/p/profile.yaml", "profile.yml"],
      ["bundle:profiles/p/rules", ".claude/rules"],
    ]);
  }, 60_000);
});

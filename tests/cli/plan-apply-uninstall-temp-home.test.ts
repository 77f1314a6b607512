import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mtimes, snapshot } from "../apply/fixtures";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;

function sandbox(extraEnv: NodeJS.ProcessEnv = {}): {
  home: string;
  project: string;
  run: (args: string[]) => { status: number; stdout: string; stderr: string };
} {
  const root = mkdtempSync(path.join(tmpdir(), "ah-cli-"));
  const home = path.join(root, "home");
  const project = path.join(root, "project");
  mkdirSync(home);
  mkdirSync(project);
  const env: NodeJS.ProcessEnv = { PATH: "/usr/bin:/bin", HOME: home, NO_COLOR: "1", ...extraEnv };
  return {
    home,
    project,
    run: (args) => {
      const r = spawnSync(process.execPath, [cli, ...args], { cwd: project, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
  };
}

describe("CLI: plan, apply, uninstall, doctor, build on a real temp home", () => {
  it("plan exits 2 with a diff, apply writes, a second apply writes nothing, uninstall restores the seed", () => {
    const s = sandbox();
    mkdirSync(path.join(s.home, ".copilot"), { recursive: true });
    writeFileSync(path.join(s.home, ".copilot/settings.json"), '{\n  // mine\n  "theme": "dim"\n}\n');
    mkdirSync(path.join(s.home, ".codex"), { recursive: true });
    writeFileSync(path.join(s.home, ".codex/config.toml"), '# mine\nmodel = "o3"\n');
    writeFileSync(path.join(s.home, ".bashrc"), "export PS1='$ '\n");
    mkdirSync(path.join(s.home, ".claude"), { recursive: true });
    writeFileSync(
      path.join(s.home, ".claude/settings.json"),
      '{\n  "model": "opus",\n  "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/usr/local/bin/my-guard"}]}]}\n}\n',
    );
    writeFileSync(path.join(s.home, ".claude.json"), '{"numStartups": 3, "mcpServers": {"mine": {"command": "/opt/mine"}}}\n');
    writeFileSync(path.join(s.home, ".claude/CLAUDE.md"), "# my own CLAUDE.md\n");
    const seed = snapshot(s.home);

    const dry = s.run(["build", "--dry-run"]);
    expect(dry.status).toBe(2);
    expect(dry.stdout).toContain("~/.copilot/settings.json");
    expect(dry.stdout).toMatch(/^Plan: \d+ to create, \d+ to update/m);
    expect(snapshot(s.home)).toEqual(seed);

    const plan = s.run(["plan"]);
    expect(plan.status).toBe(2);
    expect(plan.stdout).toContain("+++ b/~/.copilot/settings.json");
    expect(plan.stdout).not.toContain("\u001b[");

    const json = JSON.parse(s.run(["plan", "--json"]).stdout).result;
    expect(json.summary.create).toBeGreaterThan(0);
    expect(json.changes[0]).toHaveProperty("diff");
    expect(s.run(["plan", "--markdown"]).stdout).toContain("| target | create | update | delete | left alone |");

    const applied = s.run(["apply", "--yes"]);
    expect(applied.status).toBe(0);
    // The operator's CLAUDE.md is displaced to a backup (and reported); their Claude hook group stays.
    expect(applied.stderr).toContain("~/.claude/CLAUDE.md: warning AH5009");
    expect(readFileSync(path.join(s.home, ".claude/settings.json"), "utf8")).toContain("/usr/local/bin/my-guard");
    expect(JSON.parse(readFileSync(path.join(s.home, ".claude.json"), "utf8")).mcpServers.mine).toEqual({ command: "/opt/mine" });
    expect(applied.stdout).toMatch(/^Applied: \d+ path\(s\)/m);
    expect(readFileSync(path.join(s.home, ".copilot/settings.json"), "utf8")).toContain("// mine");
    expect(readFileSync(path.join(s.home, ".codex/config.toml"), "utf8").startsWith('# mine\nmodel = "o3"\n')).toBe(true);

    const old = new Date(Date.UTC(2020, 0, 1));
    for (const rel of Object.keys(mtimes(s.home))) utimesSync(path.join(s.home, rel), old, old);
    const times = mtimes(s.home);
    const again = s.run(["apply", "--yes"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("No changes");
    expect(mtimes(s.home)).toEqual(times);
    expect(s.run(["plan"]).status).toBe(0);

    const doctor = s.run(["doctor", "--json"]);
    expect(JSON.parse(doctor.stdout).result.ok).toBe(true);
    expect(doctor.status).toBe(0);

    expect(s.run(["uninstall"]).status).toBe(1); // not a terminal and no --yes: refused
    const removed = s.run(["uninstall", "--yes"]);
    expect(removed.status).toBe(0);
    expect(snapshot(s.home, (rel) => rel.startsWith(".agentihooks") || /\.bak\./.test(rel))).toEqual(seed);
    expect(s.run(["uninstall", "--yes"]).stdout).toContain("Nothing to uninstall");
    // A dozen CLI runs: over 30 s when the machine is loaded.
  }, 120_000);

  it("honours COPILOT_HOME, CODEX_HOME, CLAUDE_CONFIG_DIR and AGENTIHOOKS_HOME in apply, doctor and uninstall", () => {
    const alt = mkdtempSync(path.join(tmpdir(), "ah-alt-"));
    const s = sandbox({ COPILOT_HOME: `${alt}/cp`, CODEX_HOME: `${alt}/cx`, CLAUDE_CONFIG_DIR: `${alt}/cl`, AGENTIHOOKS_HOME: `${alt}/ah` });
    expect(s.run(["apply", "--yes"]).status).toBe(0);
    for (const file of ["cp/settings.json", "cx/config.toml", "cl/settings.json", "ah/state.json"]) expect(existsSync(path.join(alt, file)), file).toBe(true);
    expect(existsSync(path.join(s.home, ".copilot"))).toBe(false);
    expect(existsSync(path.join(s.home, ".codex"))).toBe(false);
    expect(existsSync(path.join(s.home, ".claude"))).toBe(false);
    expect(s.run(["doctor"]).status).toBe(0);
    expect(s.run(["uninstall", "--yes"]).status).toBe(0);
    expect(snapshot(alt, (rel) => rel.startsWith("ah"))).toEqual({});
  });

  it("bad input exits 1 having written nothing to any home", () => {
    const s = sandbox();
    writeFileSync(path.join(s.project, "agentihooks.config.json"), '{ "bundle": "./missing", "profile": "solo" }\n');
    for (const args of [["apply", "--yes"], ["plan"], ["build", "--out", path.join(s.project, "out")], ["doctor"]]) {
      const r = s.run(args);
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr).toMatch(/error AH\d{4}/);
    }
    expect(snapshot(s.home)).toEqual({});
    expect(existsSync(path.join(s.project, "out"))).toBe(false);
  });

  it("a hand edit is reported on apply and kept", () => {
    const s = sandbox();
    expect(s.run(["apply", "--yes", "--target", "copilot"]).status).toBe(0);
    const file = path.join(s.home, ".copilot/settings.json");
    const edited = JSON.parse(readFileSync(file, "utf8"));
    edited.statusLine = { type: "command", command: "my-status" };
    writeFileSync(file, `${JSON.stringify(edited, null, 2)}\n`);
    const again = s.run(["apply", "--yes", "--target", "copilot"]);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain("~/.copilot/settings.json: warning AH5001: 'statusLine' was set by hand to");
    expect(JSON.parse(readFileSync(file, "utf8")).statusLine.command).toBe("my-status");
  });

  it("disableAllHooks: true is not a hand edit to keep: apply sets it back (AH5043)", () => {
    const s = sandbox();
    expect(s.run(["apply", "--yes", "--target", "copilot"]).status).toBe(0);
    const file = path.join(s.home, ".copilot/settings.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"disableAllHooks": false', '"disableAllHooks": true'));
    expect(s.run(["doctor", "--target", "copilot"]).status).not.toBe(0);
    const again = s.run(["apply", "--yes", "--target", "copilot"]);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain("~/.copilot/settings.json: warning AH5043: 'disableAllHooks' was set to true");
    expect(readFileSync(file, "utf8")).toContain('"disableAllHooks": false');
  });

  it("apply --plan applies a saved plan and refuses it once its files changed", () => {
    const s = sandbox();
    const planFile = path.join(s.project, "plan.json");
    expect(s.run(["plan", "--target", "codex", "--out", planFile]).status).toBe(2);
    expect(s.run(["apply", "--plan", planFile, "--yes"]).status).toBe(0);
    expect(existsSync(path.join(s.home, ".codex/config.toml"))).toBe(true);
    // Plan again, then change a file the plan read: the plan is stale.
    writeFileSync(path.join(s.home, ".codex/config.toml"), readFileSync(path.join(s.home, ".codex/config.toml"), "utf8").replace("on-request", "never"));
    expect(s.run(["plan", "--target", "codex", "--out", planFile]).status).toBe(0);
    writeFileSync(path.join(s.home, ".codex/config.toml"), "# changed\n");
    const stale = s.run(["apply", "--plan", planFile, "--yes"]);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain("AH5013");
    expect(readFileSync(path.join(s.home, ".codex/config.toml"), "utf8")).toBe("# changed\n");
  });

  it("doctor reports changes pending (exit 2) on a home that was never applied; unknown targets and options are errors", () => {
    const s = sandbox();
    const doctor = s.run(["doctor", "--target", "copilot"]);
    expect(doctor.status).toBe(2);
    expect(doctor.stdout).toContain("[!!] not installed");
    const bad = s.run(["apply", "--yes", "--target", "emacs"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("AH5104");
    expect(s.run(["plan", "--bogus"]).status).toBe(1);
  });

  it("build --out writes a portable tree; --check reports drift with exit 2", () => {
    const s = sandbox();
    const out = path.join(s.project, "generated");
    const built = s.run(["build", "--out", out]);
    expect(built.status).toBe(0);
    const settings = readFileSync(path.join(out, "copilot/.copilot/settings.json"), "utf8");
    expect(settings).not.toContain(s.home);
    expect(JSON.stringify(snapshot(out))).not.toContain(s.home);
    expect(s.run(["build", "--out", out, "--check"]).status).toBe(0);
    writeFileSync(path.join(out, "copilot/.copilot/settings.json"), "{}\n");
    writeFileSync(path.join(out, "copilot/stale.txt"), "x");
    const check = s.run(["build", "--out", out, "--check"]);
    expect(check.status).toBe(2);
    expect(check.stdout).toContain("stale.txt");
    expect(s.run(["build", "--out", out]).status).toBe(0);
    expect(existsSync(path.join(out, "copilot/stale.txt"))).toBe(false);
    expect(s.run(["build", "--out", out, "--check"]).status).toBe(0);
  });

  it("diff --base compares the bundle at a git ref with the working tree", () => {
    const s = sandbox();
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd: s.project,
        stdio: "pipe",
        env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
      });
    mkdirSync(path.join(s.project, "bundle/profiles/solo"), { recursive: true });
    writeFileSync(path.join(s.project, "agentihooks.config.json"), '{ "bundle": "./bundle", "profile": "solo", "targets": ["codex"] }\n');
    writeFileSync(path.join(s.project, "bundle/profiles/solo/CLAUDE.md"), "# Solo v1\n");
    git("init", "-q");
    git("add", ".");
    git("commit", "-q", "-m", "base");
    writeFileSync(path.join(s.project, "bundle/profiles/solo/CLAUDE.md"), "# Solo v2\n");
    const diff = s.run(["diff", "--base", "HEAD"]);
    expect(diff.stderr).not.toContain("error");
    expect(diff.status).toBe(2);
    expect(diff.stdout).toContain("-# Solo v1");
    expect(diff.stdout).toContain("+# Solo v2");
    expect(diff.stdout).toContain("~/.codex/AGENTS.md");
    git("commit", "-q", "-am", "v2");
    expect(s.run(["diff", "--base", "HEAD"]).status).toBe(0);
    expect(s.run(["diff", "--base", "no-such-ref"]).status).toBe(1);
  });
});

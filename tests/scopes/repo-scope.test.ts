import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.email=t@example.org", "-c", "user.name=t", ...args], { cwd, encoding: "utf8" });
}

/** A temp root holding a home and a git repository; `run` runs the CLI in `cwd` (default the repo). */
function sandbox(): { root: string; home: string; repo: string; run: (args: string[], cwd?: string) => Run } {
  const root = mkdtempSync(path.join(tmpdir(), "ah-repo-"));
  const home = path.join(root, "home");
  const repo = path.join(root, "repo");
  mkdirSync(home);
  mkdirSync(repo);
  git(repo, "init", "-q");
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, NO_COLOR: "1" };
  return {
    root,
    home,
    repo,
    run: (args, cwd = repo) => {
      const r = spawnSync(process.execPath, [cli, ...args], { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
  };
}

function filesUnder(dir: string, skip = new Set([".git"])): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, skip));
    else out.push(full);
  }
  return out.sort();
}

describe("repo scope: apply, commit, clone", () => {
  it("writes every client's repository files with no machine path, keeps the user's files, and a fresh clone is in sync", () => {
    const s = sandbox();
    writeFileSync(path.join(s.repo, "CLAUDE.md"), "# Team notes kept by hand\n");
    writeFileSync(path.join(s.repo, ".mcp.json"), `${JSON.stringify({ mcpServers: { teamdb: { command: "teamdb-mcp" } } }, null, 2)}\n`);
    mkdirSync(path.join(s.repo, ".claude"));
    writeFileSync(path.join(s.repo, ".claude", "settings.json"), `${JSON.stringify({ model: "team-model" }, null, 2)}\n`);

    const applied = s.run(["apply", "--scope", "repo", "--yes"]);
    expect(applied.stderr).not.toMatch(/error/);
    expect(applied.status).toBe(0);

    const files = filesUnder(s.repo).map((f) => path.relative(s.repo, f));
    for (const expected of [
      ".agentihooks/runtime.cjs",
      ".agentihooks/runtime.cjs.sha256",
      ".agentihooks/.gitignore",
      ".agentihooks/state.json",
      ".agentihooks/claude-hook.sh",
      ".agentihooks/copilot-hook.sh",
      ".agentihooks/codex-hook.sh",
      ".agentihooks/gemini-hook.sh",
      ".agentihooks/policy.claude.json",
      ".github/hooks/agentihooks.json",
      ".github/copilot-instructions.md",
      ".claude/settings.json",
      ".codex/hooks.json",
      ".codex/config.toml",
      ".gemini/settings.json",
      "AGENTS.md",
      "GEMINI.md",
    ]) {
      expect(files).toContain(expected);
    }
    // Nothing is written in the home, and no committed byte names the machine.
    expect(filesUnder(s.home)).toEqual([]);
    for (const file of filesUnder(s.repo)) {
      const text = readFileSync(file, "utf8");
      expect(text.includes(s.root), file).toBe(false);
      expect(text.includes(process.execPath), file).toBe(false);
    }
    // The runtime's digest file matches the vendored runtime, and every committed mode is git's.
    const [digest] = readFileSync(path.join(s.repo, ".agentihooks/runtime.cjs.sha256"), "utf8").split(/\s+/);
    expect(execFileSync("sha256sum", [path.join(s.repo, ".agentihooks/runtime.cjs")], { encoding: "utf8" }).split(/\s+/)[0]).toBe(digest);
    // (The record and saved originals are written 0600 like in a home; git stores them 0644 and nothing compares their mode.)
    for (const file of filesUnder(s.repo).filter((f) => !f.includes("/originals/") && !f.endsWith("/state.json")))
      expect([0o644, 0o755], file).toContain(statSync(file).mode & 0o777);
    // Generated files say so and how to regenerate them.
    expect(readFileSync(path.join(s.repo, ".agentihooks/runtime.cjs"), "utf8").split("\n")[0]).toContain("agentihooks apply --scope repo");
    expect(readFileSync(path.join(s.repo, ".agentihooks/claude-hook.sh"), "utf8")).toContain("agentihooks apply --scope repo");

    // The user's own content survives: the MCP server and the settings key next to ours; CLAUDE.md is kept (backed up, as in a home).
    const mcp = JSON.parse(readFileSync(path.join(s.repo, ".mcp.json"), "utf8")) as { mcpServers: Record<string, unknown> };
    expect(mcp.mcpServers.teamdb).toEqual({ command: "teamdb-mcp" });
    const settings = JSON.parse(readFileSync(path.join(s.repo, ".claude/settings.json"), "utf8")) as {
      model: string;
      hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
    };
    expect(settings.model).toBe("team-model");
    expect(settings.hooks.PreToolUse?.[0]?.hooks[0]?.command).toBe('"$CLAUDE_PROJECT_DIR"/.agentihooks/claude-hook.sh PreToolUse');
    const backups = readdirSync(s.repo).filter((n) => n.startsWith("CLAUDE.md.bak."));
    expect(backups).toHaveLength(1);
    expect(readFileSync(path.join(s.repo, backups[0] as string), "utf8")).toBe("# Team notes kept by hand\n");

    // Copilot's repository hooks are bash entries run from the root: the one kind the cloud agent runs.
    const copilotHooks = JSON.parse(readFileSync(path.join(s.repo, ".github/hooks/agentihooks.json"), "utf8")) as { hooks: Record<string, unknown[]> };
    expect(copilotHooks.hooks.preToolUse).toEqual([{ type: "command", bash: "./.agentihooks/copilot-hook.sh preToolUse", cwd: ".", timeoutSec: 30 }]);

    // A second apply writes nothing.
    expect(s.run(["apply", "--scope", "repo", "--yes"]).stdout).toMatch(/No changes/);

    // Commit, clone fresh: the clone is in sync (the record is repo-relative) and --check passes.
    git(s.repo, "add", "-A");
    git(s.repo, "commit", "-qm", "agentihooks repo scope");
    const clone = path.join(s.root, "clone");
    git(s.root, "clone", "-q", s.repo, clone);
    const check = s.run(["build", "--scope", "repo", "--check"], clone);
    expect(check.stdout + check.stderr).toMatch(/No changes/);
    expect(check.status).toBe(0);

    // A stale committed file fails --check with exit 2 and names the file.
    const policy = path.join(clone, ".agentihooks/policy.claude.json");
    writeFileSync(policy, readFileSync(policy, "utf8").replace('"destructiveCommands": true', '"destructiveCommands": false'));
    const stale = s.run(["build", "--scope", "repo", "--check"], clone);
    expect(stale.status).toBe(2);
    expect(stale.stdout).toContain(".agentihooks/policy.claude.json");

    // uninstall --scope repo takes everything out again and puts the user's CLAUDE.md back.
    const removed = s.run(["uninstall", "--scope", "repo", "--yes"]);
    expect(removed.status).toBe(0);
    expect(readFileSync(path.join(s.repo, "CLAUDE.md"), "utf8")).toBe("# Team notes kept by hand\n");
    expect(existsSync(path.join(s.repo, ".agentihooks/runtime.cjs"))).toBe(false);
    expect(existsSync(path.join(s.repo, ".github/hooks/agentihooks.json"))).toBe(false);
    expect((JSON.parse(readFileSync(path.join(s.repo, ".claude/settings.json"), "utf8")) as Record<string, unknown>).hooks).toBeUndefined();
  });

  it("the committed wrapper runs the vendored runtime from a subfolder and denies a .env read (no install but Node)", () => {
    const s = sandbox();
    expect(s.run(["apply", "--scope", "repo", "--yes", "--target", "claude"]).status).toBe(0);
    writeFileSync(path.join(s.repo, ".env"), "API_TOKEN=sk-live-4f9aQ2mZ8xR1tY7uP3wK6n\n");
    mkdirSync(path.join(s.repo, "src", "deep"), { recursive: true });
    const payload = JSON.stringify({
      session_id: "s1",
      hook_event_name: "PreToolUse",
      tool_name: "Read",
      tool_input: { file_path: path.join(s.repo, ".env") },
      cwd: path.join(s.repo, "src", "deep"),
    });
    // Claude runs the command through a shell with CLAUDE_PROJECT_DIR set to the root, from wherever the session is.
    const r = spawnSync("bash", ["-c", '"$CLAUDE_PROJECT_DIR"/.agentihooks/claude-hook.sh PreToolUse'], {
      cwd: path.join(s.repo, "src", "deep"),
      env: { PATH: process.env.PATH, HOME: s.home, CLAUDE_PROJECT_DIR: s.repo },
      input: payload,
      encoding: "utf8",
    });
    const denied = r.status === 2 || /"permissionDecision":\s*"deny"/.test(r.stdout);
    expect(denied, `${r.status} ${r.stdout} ${r.stderr}`).toBe(true);
    expect(r.stdout + r.stderr).toMatch(/\.env/);
    // Without Node on PATH the pre-tool call is denied, never let through.
    const nodeless = path.join(s.root, "bin");
    mkdirSync(nodeless);
    for (const tool of ["bash", "dirname", "cat", "sleep", "kill"]) {
      const found = spawnSync("bash", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
      if (found) (writeFileSync(path.join(nodeless, tool), `#!/bin/sh\nexec ${found} "$@"\n`), chmodSync(path.join(nodeless, tool), 0o755));
    }
    const without = spawnSync(path.join(nodeless, "bash"), ["-c", '"$CLAUDE_PROJECT_DIR"/.agentihooks/claude-hook.sh PreToolUse'], {
      cwd: s.repo,
      env: { PATH: nodeless, HOME: s.home, CLAUDE_PROJECT_DIR: s.repo },
      input: payload,
      encoding: "utf8",
    });
    expect(without.status).toBe(2);
    expect(without.stdout).toContain('"permissionDecision":"deny"');
  });

  it("refuses outside a repository, and a scope the config does not declare", () => {
    const s = sandbox();
    const outside = path.join(s.root, "plain");
    mkdirSync(outside);
    const r = s.run(["plan", "--scope", "repo"], outside);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("AH5151");
    writeFileSync(path.join(s.repo, "agentihooks.config.json"), `${JSON.stringify({ scopes: ["repo"] })}\n`);
    const home = s.run(["plan", "--scope", "home"]);
    expect(home.status).toBe(1);
    expect(home.stderr).toContain("AH5153");
    // The config's first scope is the default: a bare plan plans the repository.
    const bare = s.run(["plan"]);
    expect(bare.status).toBe(2);
    expect(bare.stdout).toContain(path.join(s.repo, ".agentihooks", "runtime.cjs"));
  });
});

describe("status and doctor: the scopes that register our hooks, per client", () => {
  it("shows repo, then home and repo once the home has them too (the home hands over to the as-strict repo)", () => {
    const s = sandbox();
    expect(s.run(["apply", "--scope", "repo", "--yes", "--target", "claude"]).status).toBe(0);
    const scopesOf = (): Record<string, string[]> => {
      const r = s.run(["status", "--json", "--target", "claude,copilot"]);
      const envelope = JSON.parse(r.stdout) as { result: { targets: Array<{ target: string; hookScopes: string[] }> } };
      return Object.fromEntries(envelope.result.targets.map((t) => [t.target, t.hookScopes]));
    };
    expect(scopesOf()).toEqual({ copilot: [], claude: ["repo"] });
    expect(s.run(["apply", "--yes", "--target", "claude"]).status).toBe(0);
    expect(scopesOf()).toEqual({ copilot: [], claude: ["home", "repo"] });
    const status = s.run(["status", "--target", "claude"]).stdout;
    expect(status).toContain("hooks registered in: home and repo\n");
    expect(status).toContain("guardrails in force: repo, in this repository (home hands over to repo when");
    const doctor = JSON.parse(s.run(["doctor", "--json", "--target", "claude"]).stdout) as {
      result: { targets: Array<{ checks: Array<{ id: string; message: string }> }> };
    };
    expect(doctor.result.targets[0]?.checks.find((c) => c.id === "hooks.scopes")?.message).toContain("home and repo");
  });
});

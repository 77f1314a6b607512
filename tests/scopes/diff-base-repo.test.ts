import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.email=t@example.org", "-c", "user.name=t", ...args], { cwd, encoding: "utf8" });
}

type PlanJson = { result: { changes: Array<{ target: string; path: string; action: string; diff: string }> } };

describe("diff --base GIT_REF --scope repo", () => {
  it("shows what two commits changing a rule and a guard switch do to the committed repo-scope files", () => {
    const root = mkdtempSync(path.join(tmpdir(), "ah-diff-repo-"));
    const repo = path.join(root, "repo");
    const home = path.join(root, "home");
    mkdirSync(path.join(repo, "bundle", "profiles", "team", ".claude", "rules"), { recursive: true });
    mkdirSync(home);
    git(repo, "init", "-q");
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [cli, ...args], { cwd: repo, env: { PATH: process.env.PATH, HOME: home, NO_COLOR: "1" }, encoding: "utf8" });
    writeFileSync(path.join(repo, "agentihooks.config.json"), `${JSON.stringify({ bundle: "./bundle", profile: ["team"], targets: ["claude", "codex"] })}\n`);
    const profile = path.join(repo, "bundle", "profiles", "team", "profile.yml");
    const rule = path.join(repo, "bundle", "profiles", "team", ".claude", "rules", "style.md");
    writeFileSync(profile, "description: Team.\nguardrails:\n  kubeProduction: false\n");
    writeFileSync(rule, "Indent with tabs.\n");
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "team bundle");
    writeFileSync(profile, "description: Team.\nguardrails:\n  kubeProduction: true\n");
    writeFileSync(rule, "Indent with spaces.\n");
    git(repo, "commit", "-qam", "stricter kube guard, new indent rule");

    const r = run("diff", "--base", "HEAD~1", "--scope", "repo", "--json");
    expect(r.status, r.stderr).toBe(2);
    const changes = (JSON.parse(r.stdout) as PlanJson).result.changes.filter((c) => c.action !== "keep");
    expect(changes.map((c) => `${c.target} ${c.action} ${c.path}`).sort()).toEqual([
      "claude update .agentihooks/policy.claude.json",
      "claude update .claude/rules/style.md",
      "codex update .agentihooks/policy.codex.json",
      "codex update AGENTS.md",
    ]);
    const policy = changes.find((c) => c.path === ".agentihooks/policy.claude.json")?.diff ?? "";
    expect(policy).toContain('-    "kubeProduction": false,');
    expect(policy).toContain('+    "kubeProduction": true,');
    expect(changes.find((c) => c.path === ".claude/rules/style.md")?.diff).toMatch(/-Indent with tabs\.\n\+Indent with spaces\./);
    // No machine path: neither this temp folder nor the portable placeholder root appears.
    expect(r.stdout).not.toContain(root);
    expect(r.stdout).not.toContain("/home/agent");
    // The paths are the ones apply --scope repo commits.
    expect(run("apply", "--scope", "repo", "--yes").status).toBe(0);
    for (const c of changes) expect(existsSync(path.join(repo, c.path)), c.path).toBe(true);
    // The ref itself: nothing changes.
    const same = run("diff", "--base", "HEAD", "--scope", "repo");
    expect(same.status, same.stderr).toBe(0);
    // Without --scope repo the same commits are shown as they land in a home.
    const homeDiff = JSON.parse(run("diff", "--base", "HEAD~1", "--json").stdout) as PlanJson;
    expect(homeDiff.result.changes.filter((c) => c.action === "update").map((c) => c.path)).toContain("~/.agentihooks/policy.claude.json");
  });
});

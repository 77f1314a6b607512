/**
 * git's history views in a repository that tracks a credential file, with the real git: a view of
 * commits is rewritten to leave the file out, and the rewritten command, run as-is, prints the other
 * files' changes and never the secret (the original prints it, so each check can fail); what a
 * pathspec cannot limit (a blob named by a tag or an id, an archive) is denied.
 */
import { execFileSync, execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runHook } from "../../runtime/run-hook";
import { tempDir } from "./helpers";

const SECRET = "Hx7Qm2Vr9LpT4wZk";

let repo: string;
let home: string;

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8", env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: "1" } });
}

beforeAll(() => {
  const root = tempDir("ah-git-history-");
  repo = join(root, "repo");
  home = join(root, "home");
  mkdirSync(join(repo, "src"), { recursive: true });
  mkdirSync(home);
  git("init", "-q", "-b", "feature/x");
  git("config", "user.email", "dev@example.com");
  git("config", "user.name", "dev");
  writeFileSync(join(repo, ".env"), `API_KEY=${SECRET}\n`);
  writeFileSync(join(repo, "src", "app.js"), "one\n");
  git("add", "-A");
  git("commit", "-qm", "first");
  writeFileSync(join(repo, ".env"), `API_KEY=${SECRET}\nOTHER=${SECRET}2\n`);
  writeFileSync(join(repo, "src", "app.js"), "one\ntwo\n");
  git("commit", "-qam", "second");
  writeFileSync(join(repo, "src", "app.js"), "one\ntwo\nthree\n");
  writeFileSync(join(repo, ".env"), `API_KEY=${SECRET}\nOTHER=${SECRET}3\n`);
  git("commit", "-qam", "third");
  // And uncommitted changes to both.
  writeFileSync(join(repo, "src", "app.js"), "one\ntwo\nthree\nfour\n");
  writeFileSync(join(repo, ".env"), `API_KEY=${SECRET}\nOTHER=${SECRET}4\n`);
  git("tag", "envblob", git("rev-parse", "HEAD:.env").trim());
});

/** Claude's reply to a Bash call of `command` in `cwd`: its exit code and, for a rewrite, the command it runs. */
function decide(command: string, cwd = repo): { exitCode: number; rewritten?: string; stderr: string } {
  const reply = runHook({
    stdin: JSON.stringify({ session_id: "s", cwd, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, permission_mode: "default" }),
    argv: [],
    env: { PATH: process.env.PATH, HOME: home, AGENTIHOOKS_HOME: join(home, ".agentihooks"), AGENTIHOOKS_TARGET: "claude" },
    cwd,
  });
  const body = reply.stdout ? (JSON.parse(reply.stdout) as { hookSpecificOutput?: { updatedInput?: { command?: string } } }) : {};
  return { exitCode: reply.exitCode, rewritten: body.hookSpecificOutput?.updatedInput?.command, stderr: reply.stderr };
}

describe("git history views over a tracked credential file", () => {
  it.each([
    ["git log -p", "three"],
    ["git log --all --patch -n 5", "three"],
    ["git show HEAD~1", "two"],
    ["git diff HEAD~2", "three"],
    ["git diff", "four"],
    ["git diff HEAD~2..HEAD~1", "two"],
    ["git diff-tree -r -p HEAD~1", "two"],
    ["git reflog -p", "two"],
  ])("%s is rewritten, and run prints the other changes but never the secret", (command, change) => {
    expect(execSync(command, { cwd: repo, encoding: "utf8" }), "the view as asked for prints the secret").toContain(SECRET);
    const { exitCode, rewritten } = decide(command);
    expect(exitCode).toBe(0);
    expect(rewritten, "a rewritten command").toBeDefined();
    const out = execSync(rewritten as string, { cwd: repo, encoding: "utf8" });
    expect(out).not.toContain(SECRET);
    expect(out).toContain(`+${change}`);
  });

  it("is rewritten from a subdirectory to the whole repository", () => {
    const { rewritten } = decide("git log -p", join(repo, "src"));
    const out = execSync(rewritten as string, { cwd: join(repo, "src"), encoding: "utf8" });
    expect(out).not.toContain(SECRET);
    expect(out).toContain("+three");
  });

  it.each([
    "git show envblob",
    "git cat-file -p envblob",
    `git show ${"0".repeat(7)}`,
    "git archive HEAD | tar -xO",
    "git format-patch -2 --stdout",
    "git stash show -p",
  ])("%s cannot be limited by a pathspec and is denied", (command) => {
    const { exitCode, rewritten, stderr } = decide(command);
    expect(rewritten).toBeUndefined();
    expect(exitCode).toBe(2);
    expect(stderr).toMatch(/credential file/);
  });

  it("a tag naming the blob prints the secret when run, so the deny above is no false alarm", () => {
    expect(git("show", "envblob")).toContain(SECRET);
  });
});

/**
 * The V8 code cache the installed runtime writes beside itself is not a file apply writes, yet it
 * must not outlive the runtime: uninstall (and an upgrade that moves the runtime) removes it with
 * the runtime, so the agentihooks home leaves nothing behind.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../runtime/helpers";

let root: string;
let home: string;
let repo: string;

const env = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, NO_COLOR: "1" });

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, "bin", "agentihooks.js"), ...args], { cwd: repo, env: env(), encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every path under `dir`, folders with a trailing slash, sorted. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      out.push(relative(dir, p) + (e.isDirectory() ? "/" : ""));
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out.sort();
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "ah-cache-uninstall-"));
  home = join(root, "home");
  repo = join(root, "repo");
  mkdirSync(home);
  mkdirSync(join(repo, ".git"), { recursive: true });
  writeFileSync(join(repo, ".git", "HEAD"), "ref: refs/heads/feature/x\n");
  writeFileSync(join(home, ".profile"), "# the operator's own file\n");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the runtime's code cache", () => {
  it("goes with the runtime on uninstall: the home is as it was before apply, but for the audit log (kept, docs/cli.md)", () => {
    const before = listing(home);
    const applied = cli("apply", "--yes", "--target", "copilot");
    expect(applied.status, applied.stderr).toBe(0);
    const wrapper = join(home, ".copilot", "agentihooks-hook.sh");
    const runtime = /^runtime=(.+)$/m.exec(readFileSync(wrapper, "utf8"))?.[1] ?? "";
    expect(existsSync(runtime)).toBe(true);
    const call = JSON.stringify({ sessionId: "s", timestamp: 1, toolName: "bash", toolArgs: { command: "git status --short" } });
    const hook = spawnSync("/bin/sh", ["-c", `'${wrapper}' preToolUse`], { input: call, cwd: repo, env: env(), encoding: "utf8", timeout: 30_000 });
    expect(hook.status).toBe(0);
    const cache = `${runtime}.v8-cache`;
    expect(existsSync(cache)).toBe(true);

    const plan = cli("uninstall", "--dry-run", "--target", "copilot");
    expect(plan.stdout).toContain(relative(home, cache));
    const removed = cli("uninstall", "--yes", "--target", "copilot");
    expect(removed.status, removed.stderr).toBe(0);
    expect(existsSync(cache)).toBe(false);
    expect(existsSync(dirname(runtime))).toBe(false);
    expect(listing(home)).toEqual([...before, ".agentihooks/", ".agentihooks/logs/", ".agentihooks/logs/audit.jsonl"].sort());
  });
});

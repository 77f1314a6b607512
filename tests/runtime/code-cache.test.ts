/**
 * The runtime's V8 code cache (runtime/load-with-code-cache.ts), through the wrapper `apply`
 * installs: the first pre-tool call the runtime allows writes `runtime.cjs.v8-cache` beside the
 * installed runtime, later calls use it without rewriting it, and a cache that is corrupt,
 * truncated, foreign, a directory, a symlink or a FIFO never changes a decision and never crashes
 * the hook (its two copies disagree or V8 refuses it: the runtime compiles from its text and writes
 * a good cache again).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./helpers";

let root: string;
let home: string;
let repo: string;
let wrapper: string;
let cache: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "ah-code-cache-"));
  home = join(root, "home");
  repo = join(root, "repo");
  mkdirSync(home);
  mkdirSync(join(repo, ".git"), { recursive: true });
  writeFileSync(join(repo, ".git", "HEAD"), "ref: refs/heads/feature/x\n");
  const r = spawnSync(process.execPath, [join(ROOT, "bin", "agentihooks.js"), "apply", "--yes", "--target", "copilot"], {
    cwd: repo,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, NO_COLOR: "1" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`apply failed (exit ${r.status}):\n${r.stderr}`);
  wrapper = join(home, ".copilot", "agentihooks-hook.sh");
  cache = `${/^runtime=(.+)$/m.exec(readFileSync(wrapper, "utf8"))?.[1] ?? ""}.v8-cache`;
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const ALLOWED = JSON.stringify({ sessionId: "s", timestamp: 1, toolName: "bash", toolArgs: { command: "git status --short && npm test 2>&1 | tail -n 40" } });
const DENIED = JSON.stringify({ sessionId: "s", timestamp: 1, toolName: "bash", toolArgs: { command: "cat ~/.ssh/id_rsa" } });

function hook(stdin: string, event = "preToolUse"): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync("/bin/sh", ["-c", `'${wrapper}' ${event}`], {
    input: stdin,
    cwd: repo,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** True when `stored` holds a cache twice, the second copy rotated by half its length (runtime/load-with-code-cache.ts). */
function copiesAgree(stored: Buffer): boolean {
  if (stored.length === 0 || stored.length % 2 !== 0) return false;
  const size = stored.length / 2;
  const first = stored.subarray(0, size);
  const half = size >> 1;
  return stored.subarray(size).equals(Buffer.concat([first.subarray(half), first.subarray(0, half)]));
}

/** The decisions for an allowed and a denied call, as the client sees them. */
function decisions(): string[] {
  const allow = hook(ALLOWED);
  const deny = hook(DENIED);
  return [`${allow.status} ${allow.stdout.trim()}`, `${deny.status} ${deny.stdout.trim()}`];
}

describe("the runtime's code cache", () => {
  let expected: string[];

  it("is written by the first allowed pre-tool call, not by a denied call or another event", () => {
    expect(existsSync(cache)).toBe(false);
    expect(hook(DENIED).status).toBe(2);
    expect(hook(JSON.stringify({ sessionId: "s", timestamp: 1, source: "new" }), "sessionStart").status).toBe(0);
    expect(existsSync(cache)).toBe(false);
    const first = hook(ALLOWED);
    expect(first.status).toBe(0);
    expect(statSync(cache).isFile()).toBe(true);
    expect(statSync(cache).size).toBeGreaterThan(10_000);
    expect(copiesAgree(readFileSync(cache))).toBe(true);
  });

  it("is used, not rewritten, by later calls", () => {
    const before = statSync(cache);
    expected = decisions();
    expect(expected[0]).toMatch(/^0/);
    expect(expected[1]).toMatch(/^2 .*BLOCKED/);
    const after = statSync(cache);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  const good = (): Buffer => readFileSync(cache);

  const bad: Array<[string, () => void]> = [
    [
      "bytes flipped in the first copy, length kept",
      () => {
        const bytes = good();
        for (let i = 64; i < bytes.length / 2; i += 509) bytes[i] = (bytes[i] as number) ^ 0x5a;
        writeFileSync(cache, bytes);
      },
    ],
    [
      "the same stretch zeroed in both copies",
      () => {
        const bytes = good();
        const size = bytes.length / 2;
        bytes.fill(0, 1000, 1400);
        bytes.fill(0, size + 1000, size + 1400);
        writeFileSync(cache, bytes);
      },
    ],
    [
      "one byte flipped in the second copy",
      () => {
        const bytes = good();
        const at = bytes.length - 100;
        bytes[at] = (bytes[at] as number) ^ 0x01;
        writeFileSync(cache, bytes);
      },
    ],
    ["truncated to half (one whole copy)", () => writeFileSync(cache, good().subarray(0, Math.floor(good().length / 2)))],
    ["truncated by one byte", () => writeFileSync(cache, good().subarray(0, good().length - 1))],
    ["empty", () => writeFileSync(cache, "")],
    ["random bytes", () => writeFileSync(cache, Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919 + 13) % 251)))],
    [
      "a cache of another script",
      () => {
        const other = spawnSync(
          process.execPath,
          ["-e", `process.stdout.write(new (require("node:vm").Script)("1+1").createCachedData().toString("base64"))`],
          { encoding: "utf8" },
        );
        writeFileSync(cache, Buffer.from(other.stdout, "base64"));
      },
    ],
    [
      "a directory",
      () => {
        unlinkSync(cache);
        mkdirSync(cache);
      },
    ],
    [
      "a symlink to a good cache",
      () => {
        writeFileSync(`${cache}.elsewhere`, good());
        unlinkSync(cache);
        symlinkSync(`${cache}.elsewhere`, cache);
      },
    ],
    [
      "a FIFO",
      () => {
        unlinkSync(cache);
        expect(spawnSync("mkfifo", [cache]).status).toBe(0);
      },
    ],
  ];

  for (const [name, spoil] of bad) {
    it(`${name}: the same decisions, and a good cache again`, () => {
      // Start from a good cache each time (the previous case left one).
      if (!existsSync(cache) || !statSync(cache).isFile()) rmSync(cache, { recursive: true, force: true });
      if (!existsSync(cache)) hook(ALLOWED);
      spoil();
      expect(decisions()).toEqual(expected);
      // Replaced by a regular file V8 accepts: the next calls leave it alone.
      hook(ALLOWED);
      const written = statSync(cache, { throwIfNoEntry: false });
      if (name === "a directory") {
        // A rename cannot replace a directory: no cache, and still the same decisions.
        expect(written?.isDirectory()).toBe(true);
        rmSync(cache, { recursive: true, force: true });
        return;
      }
      expect(written?.isFile()).toBe(true);
      // Rewritten: every spoiled file above fails the copies check (or is no regular file).
      expect(copiesAgree(readFileSync(cache))).toBe(true);
      const ino = written?.ino;
      expect(decisions()).toEqual(expected);
      expect(statSync(cache).ino).toBe(ino);
    });
  }
});

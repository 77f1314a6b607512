/** readRegularFile: only regular files are read, never blocking, at most maxBytes. */
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readPolicy } from "../../runtime/policy";
import { readRegularFile } from "../../runtime/read-regular-file";
import { tempDir } from "./helpers";

describe("readRegularFile", () => {
  it("reads a regular file, through a symlink too, capped at maxBytes", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "a.txt"), "hello world");
    symlinkSync(join(dir, "a.txt"), join(dir, "link"));
    expect(readRegularFile(join(dir, "a.txt"), 1024)).toBe("hello world");
    expect(readRegularFile(join(dir, "link"), 1024)).toBe("hello world");
    expect(readRegularFile(join(dir, "a.txt"), 5)).toBe("hello");
  });

  it("returns undefined for missing paths, directories, empty and zero-size files", () => {
    const dir = tempDir();
    mkdirSync(join(dir, "d"));
    writeFileSync(join(dir, "empty"), "");
    expect(readRegularFile(join(dir, "nope"), 1024)).toBeUndefined();
    expect(readRegularFile(join(dir, "d"), 1024)).toBeUndefined();
    expect(readRegularFile(join(dir, "empty"), 1024)).toBeUndefined();
    expect(readRegularFile("", 1024)).toBeUndefined();
    expect(readRegularFile(join(dir, "d"), 0)).toBeUndefined();
  });

  it("never reads /proc pseudo-files or devices", () => {
    expect(readRegularFile("/proc/self/environ", 1 << 20)).toBeUndefined();
    expect(readRegularFile("/proc/self/cmdline", 1 << 20)).toBeUndefined();
    expect(readRegularFile("/dev/zero", 1 << 20)).toBeUndefined();
    expect(readRegularFile("/dev/null", 1 << 20)).toBeUndefined();
  });

  it("returns at once for a FIFO with no writer, and for a symlink to one", () => {
    const dir = tempDir();
    const fifo = join(dir, ".env");
    execFileSync("mkfifo", [fifo]);
    symlinkSync(fifo, join(dir, "to-fifo"));
    const started = Date.now();
    expect(readRegularFile(fifo, 1024)).toBeUndefined();
    expect(readRegularFile(join(dir, "to-fifo"), 1024)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("a policy file that is a FIFO or a link to /proc yields the defaults (every guardrail on), at once", () => {
    const home = tempDir();
    execFileSync("mkfifo", [join(home, "policy.claude.json")]);
    symlinkSync("/proc/self/environ", join(home, "policy.codex.json"));
    const started = Date.now();
    expect(readPolicy(home, "claude").guardrails.credentialReads).toBe(true);
    expect(readPolicy(home, "codex").guardrails.branchProtection).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

/** Shared helpers of the runtime suites: fake credentials, payload fixtures, and running the built runtime. */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The bundled runtime every wrapper runs (built by tests/global-setup.ts). */
export const RUNTIME = join(ROOT, "dist", "runtime.cjs");

// Built by concatenation so no credential-shaped literal sits in the source.
/** A fake AWS access key id (matches the aws_access_key pattern). */
export const AWS_KEY = "AKIA" + "Z7QW3ERT5YUI8OPA";
/** 36 characters for a fake `ghp_` token. */
export const GH36 = "0123456789abcdefghij" + "ABCDEFGHIJklmnop";
/** A fake GitHub token. */
export const GITHUB_TOKEN = "ghp_" + GH36;

/** A fresh directory under the system temp dir. */
export function tempDir(prefix = "ah-rt-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A temp project that looks like a git checkout on `branch` (no git binary needed). */
export function tempRepo(branch = "feature/x"): string {
  const dir = tempDir("ah-repo-");
  mkdirSync(join(dir, ".git"), { recursive: true });
  writeFileSync(join(dir, ".git", "HEAD"), `ref: refs/heads/${branch}\n`);
  return dir;
}

/** The text of payload fixture `name` (e.g. `copilot/pre-tool-use`), placeholders filled. */
export function payloadText(name: string, cwd: string): string {
  const raw = readFileSync(join(ROOT, "tests", "fixtures", "runtime", "payloads", `${name}.json`), "utf8");
  return raw.replaceAll("{{CWD}}", cwd).replaceAll("{{AWS_KEY}}", AWS_KEY).replaceAll("{{GH36}}", GH36);
}

/** A payload fixture parsed. */
export function payload(name: string, cwd: string): Record<string, unknown> {
  return JSON.parse(payloadText(name, cwd)) as Record<string, unknown>;
}

/** The result of one subprocess run. */
export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** An environment for the runtime with nothing inherited that could steer it. */
export function cleanEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, AGENTIHOOKS_HOME: join(home, ".agentihooks") };
  return { ...env, ...extra };
}

/** Runs dist/runtime.cjs directly with `stdin`, `args` and `env`. */
export function runRuntime(stdin: string, env: NodeJS.ProcessEnv, args: string[] = [], cwd?: string): RunResult {
  const result = spawnSync(process.execPath, [RUNTIME, ...args], { input: stdin, env, cwd: cwd ?? ROOT, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Writes the wrapper a target generates (docs/runtime.md) into `dir` and returns its path:
 * Copilot passes the event as `$1`; Claude and Codex put it in the payload.
 */
export function writeWrapper(dir: string, target: "copilot" | "claude" | "codex"): string {
  const q = (s: string): string => `'${s.replace(/'/g, `'"'"'`)}'`;
  // The shape of templates/hook-wrapper.sh.hbs.
  const lines = ["#!/usr/bin/env bash", "set -euo pipefail"];
  if (target === "copilot") lines.push('export AGENTIHOOKS_COPILOT_EVENT="${1:-}"');
  lines.push(`export AGENTIHOOKS_TARGET=${target}`, `exec ${q(process.execPath)} ${q(RUNTIME)} "$@"`);
  const path = join(dir, `agentihooks-hook-${target}.sh`);
  writeFileSync(path, `${lines.join("\n")}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** Runs a wrapper script the way Copilot does (`/bin/sh -c "<wrapper> <event>"`). */
export function runWrapper(wrapper: string, stdin: string, env: NodeJS.ProcessEnv, event?: string): RunResult {
  const command = event ? `'${wrapper}' ${event}` : `'${wrapper}'`;
  const result = spawnSync("/bin/sh", ["-c", command], { input: stdin, env, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The audit log records the runtime wrote under `home` (see cleanEnv), oldest first; [] when there is no log. */
export function auditRecords(home: string): Array<Record<string, unknown>> {
  const path = join(home, ".agentihooks", "logs", "audit.jsonl");
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** True when `stdout` is empty or exactly one JSON object followed by one newline. */
export function isEmptyOrOneObject(stdout: string): boolean {
  if (stdout === "") return true;
  if (!stdout.endsWith("\n") || stdout.indexOf("\n") !== stdout.length - 1) return false;
  try {
    const value: unknown = JSON.parse(stdout);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

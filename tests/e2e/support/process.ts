/**
 * Runs a child process for the real-client suite: always with a timeout (a hung client must fail
 * its test, not the CI job), stdin closed unless given, and output captured for the failure message.
 */
import { spawn } from "node:child_process";

/** What a finished (or killed) process left behind. */
export interface ProcessResult {
  command: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
}

/** How to run it. */
export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  input?: string;
  /** Runs `[...prefix, file, ...args]` instead (e.g. a private system's namespace, support/private-system.ts). */
  prefix?: readonly string[];
}

/** Where a live turn runs beyond the sandbox: an argv prefix (a private system) and extra variables. */
export interface TurnPlacement {
  prefix?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** What the client reads on stdin (e.g. Claude's stream-json input: several prompts of one session). */
  input?: string;
}

/** Runs `file args…`; never rejects for a non-zero exit (the caller asserts), only for a spawn failure. */
export function runProcess(file: string, args: readonly string[], options: RunOptions): Promise<ProcessResult> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 90_000;
  return new Promise((resolve, reject) => {
    const [command, ...argv] = [...(options.prefix ?? []), file, ...args];
    const child = spawn(command!, argv, { cwd: options.cwd, env: options.env, stdio: ["pipe", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      // The whole process group: clients spawn MCP servers and hooks of their own.
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ command: [file, ...args].join(" "), code, signal, stdout, stderr, ms: Date.now() - started, timedOut });
    });
    // A command that exits before reading its stdin closes the pipe: not an error of the run.
    child.stdin.on("error", () => {});
    child.stdin.end(options.input ?? "");
  });
}

/** A short, readable account of a process run for an assertion message. */
export function describeRun(r: ProcessResult, limit = 4000): string {
  const cut = (s: string) => (s.length > limit ? `${s.slice(0, limit)}\n… (${s.length - limit} more characters)` : s);
  return [
    `$ ${r.command}`,
    `exit ${r.code ?? "none"}${r.signal ? ` (signal ${r.signal})` : ""}${r.timedOut ? " TIMED OUT" : ""} after ${r.ms} ms`,
    `--- stdout ---\n${cut(r.stdout)}`,
    `--- stderr ---\n${cut(r.stderr)}`,
  ].join("\n");
}

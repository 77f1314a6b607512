/**
 * What every client's `doctor --live` probe shares: running the installed client binary against the
 * environment's homes, and comparing the MCP servers it lists with the ones the desired tree wants.
 * Each target's own probe is `liveChecks` in compiler/targets/<id>/live-probe.ts.
 */
import { spawn, spawnSync } from "node:child_process";
import type { DesiredTree } from "../desired-tree";
import type { Environment } from "../environment";

/**
 * One line of a doctor report: `fail` makes doctor exit non-zero; `note` is information. `id` is
 * stable across releases and rewordings (docs/cli.md lists them), so scripts can match on it.
 */
export interface DoctorCheck {
  id: string;
  status: "ok" | "fail" | "note";
  message: string;
}

/** A target's live probe: asks the installed client (`binary`) what it loaded and reports drift from `tree`. */
export type LiveChecks = (tree: DesiredTree, binary: string, env: Environment) => DoctorCheck[];

/**
 * Runs a client binary with `HOME` and `vars` (the client's home variable) pointed at the
 * environment's; stdout, or the reason it failed. With `allowFailure`, a non-zero exit that still
 * printed JSON counts as output.
 */
export function probe(
  binary: string,
  args: string[],
  home: string,
  vars: Readonly<Record<string, string>>,
  allowFailure = false,
  timeoutMs = 30_000,
): { ok: true; stdout: string } | { ok: false; reason: string } {
  const result = spawnSync(binary, args, {
    encoding: "utf8",
    timeout: timeoutMs,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, HOME: home, ...vars, NO_COLOR: "1" },
  });
  if (result.error) return { ok: false, reason: result.error.message };
  if (result.status !== 0 && !(allowFailure && result.stdout.includes("{")))
    return { ok: false, reason: `exit ${result.status}: ${(result.stderr || result.stdout).trim().split("\n").slice(-1)[0] ?? ""}` };
  return { ok: true, stdout: result.stdout };
}

/** Names of the MCP entries the tree wants in `file` (any json-entries container, or toml `mcp_servers`). */
export function wantedServers(tree: DesiredTree): string[] {
  const names = new Set<string>();
  for (const entry of tree.entries) {
    if (entry.kind === "json-entries") for (const n of Object.keys(entry.entries)) names.add(n);
    if (entry.kind === "toml-keys") for (const { key } of entry.keys) if (key[0] === "mcp_servers" && key.length === 2) names.add(key[1] as string);
  }
  return [...names].sort();
}

export function compareServers(client: string, listed: string[], wanted: string[]): DoctorCheck[] {
  const missing = wanted.filter((n) => !listed.includes(n));
  if (missing.length === 0) return [{ id: "live.mcp", status: "ok", message: `live: ${client} lists every MCP server the profiles define (${wanted.length})` }];
  return [
    { id: "live.mcp", status: "fail", message: `live drift: ${client} does not list MCP server(s) ${missing.join(", ")} (it silently drops invalid entries)` },
  ];
}

/** What a probe process did: its exit status (or signal), what it printed, or why it did not start. */
export interface ProbeRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

/**
 * Runs `command` with `input` on its stdin and collects what it prints, killed after `timeoutMs`
 * (as spawnSync's `timeout` does). Asynchronous, so that doctor's probes of every target (a canary
 * through each wrapper, a handshake with each MCP server copy) run side by side.
 */
export function runProbe(command: string, args: readonly string[], input: string, timeoutMs = 30_000): Promise<ProbeRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let error: Error | undefined;
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", (e) => (error = e));
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr, ...(error ? { error } : {}) });
    });
    // A probe that exits before reading its input must not fail the write.
    child.stdin.on("error", () => undefined);
    child.stdin.end(input);
  });
}

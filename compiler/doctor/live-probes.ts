/**
 * `doctor --live`: ask the installed client what it actually loaded and report every disagreement
 * with the desired tree as drift (clients-today.md: Copilot's `mcp list --json` and its hook-loader
 * canary, see copilot-hook-probe.ts; Claude's `doctor`; Codex's `mcp list --json` and
 * `doctor --json`). A probe that cannot run is a note, not a failure: the static checks stand on
 * their own.
 */
import { spawnSync } from "node:child_process";
import type { DesiredTree } from "../desired-tree";
import type { Environment } from "../environment";
import type { DoctorCheck } from "./check-target";
import { copilotHookLoaderChecks } from "./copilot-hook-probe";

/** Runs a client binary with the homes pointed at the environment's; stdout, or the reason it failed. */
function probe(binary: string, args: string[], env: Pick<Environment, "home" | "copilotHome" | "codexHome" | "claudeHome">, allowFailure = false, timeoutMs = 30_000): { ok: true; stdout: string } | { ok: false; reason: string } {
  const result = spawnSync(binary, args, {
    encoding: "utf8",
    timeout: timeoutMs,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, HOME: env.home, COPILOT_HOME: env.copilotHome, CODEX_HOME: env.codexHome, NO_COLOR: "1" },
  });
  if (result.error) return { ok: false, reason: result.error.message };
  if (result.status !== 0 && !(allowFailure && result.stdout.includes("{"))) return { ok: false, reason: `exit ${result.status}: ${(result.stderr || result.stdout).trim().split("\n").slice(-1)[0] ?? ""}` };
  return { ok: true, stdout: result.stdout };
}

/** Names of the MCP entries the tree wants in `file` (any json-entries container, or toml `mcp_servers`). */
function wantedServers(tree: DesiredTree): string[] {
  const names = new Set<string>();
  for (const entry of tree.entries) {
    if (entry.kind === "json-entries") for (const n of Object.keys(entry.entries)) names.add(n);
    if (entry.kind === "toml-keys") for (const { key } of entry.keys) if (key[0] === "mcp_servers" && key.length === 2) names.add(key[1] as string);
  }
  return [...names].sort();
}

function compareServers(client: string, listed: string[], wanted: string[]): DoctorCheck[] {
  const missing = wanted.filter((n) => !listed.includes(n));
  if (missing.length === 0) return [{ status: "ok", message: `live: ${client} lists every MCP server the profiles define (${wanted.length})` }];
  return [{ status: "fail", message: `live drift: ${client} does not list MCP server(s) ${missing.join(", ")} (it silently drops invalid entries)` }];
}

/** The live checks for one target. */
export function liveChecks(tree: DesiredTree, binary: string, env: Pick<Environment, "home" | "copilotHome" | "codexHome" | "claudeHome">): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  const wanted = wantedServers(tree);
  if (tree.target === "copilot") {
    const out = probe(binary, ["mcp", "list", "--json"], env);
    if (!out.ok) checks.push({ status: "note", message: `live: copilot mcp list failed (${out.reason})` });
    else {
      try {
        const value = JSON.parse(out.stdout) as { mcpServers?: Record<string, unknown> };
        checks.push(...compareServers("copilot mcp list", Object.keys(value.mcpServers ?? {}), wanted));
      } catch {
        checks.push({ status: "fail", message: "live drift: copilot mcp list --json printed something that is not JSON" });
      }
    }
    checks.push(...copilotHookLoaderChecks(tree, binary, env));
  } else if (tree.target === "codex") {
    const out = probe(binary, ["mcp", "list", "--json"], env);
    if (!out.ok) checks.push({ status: "fail", message: `live drift: codex mcp list failed (${out.reason}); config.toml does not load` });
    else {
      try {
        const value = JSON.parse(out.stdout) as Array<{ name?: string }>;
        checks.push(...compareServers("codex mcp list", value.map((s) => s.name ?? ""), wanted));
      } catch {
        checks.push({ status: "fail", message: "live drift: codex mcp list --json printed something that is not JSON" });
      }
    }
    // `codex doctor` exits 1 whenever any check fails (e.g. no credentials); its JSON still describes the config.
    const doctor = probe(binary, ["doctor", "--json"], env, true);
    if (doctor.ok) {
      try {
        const value = JSON.parse(doctor.stdout.slice(doctor.stdout.indexOf("{"))) as { checks?: Record<string, { status?: string; details?: Record<string, string> }> };
        const load = value.checks?.["config.load"];
        const warning = load?.details?.["startup warning"];
        if (load?.status && load.status !== "ok") checks.push({ status: "fail", message: `live drift: codex doctor reports config.load ${load.status}` });
        else if (warning) checks.push({ status: "fail", message: `live drift: codex doctor warns: ${warning}` });
        else checks.push({ status: "ok", message: "live: codex doctor loads config.toml without warnings" });
      } catch {
        checks.push({ status: "note", message: "live: codex doctor --json output could not be read" });
      }
    } else checks.push({ status: "note", message: `live: codex doctor failed (${doctor.reason})` });
  } else if (tree.target === "claude") {
    const out = probe(binary, ["doctor"], env);
    if (!out.ok) return [{ status: "note", message: `live: claude doctor failed (${out.reason})` }];
    const bad = out.stdout.split("\n").filter((l) => /invalid settings|unknown hook|malformed|schema error/i.test(l));
    if (bad.length === 0) checks.push({ status: "ok", message: "live: claude doctor reports no invalid settings" });
    else checks.push({ status: "fail", message: `live drift: claude doctor: ${bad.map((l) => l.trim()).join("; ")}` });
  }
  return checks;
}

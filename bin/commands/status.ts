/**
 * `agentihooks status [--json]`: what the homes hold and where it came from: the recorded source
 * (config, bundle, chain, settings profile, the release that applied it), this directory's source
 * when it differs, our version, each client's installed version against the version its target was
 * verified with, the files agentihooks owns, drift (what apply would change) and the runtime's health.
 * Exit 0 in sync, 2 changes pending (drift, or another source here), 1 an error.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { RUNTIME_CORE_FILE } from "../../runtime/installed-files";
import { version } from "../../package.json";
import { TARGET_IDS } from "../../compiler/targets/ids";
import { commonHelp, EXIT, parseCommand, projectOptions, scopeHelp } from "./contract";

const help = `Usage: agentihooks status [options]

Shows the source the homes were applied from (config, bundle, chain, settings profile, the
agentihooks release), this directory's source when it differs, each client's installed version
against the version agentihooks verified its target with, the files agentihooks owns per target,
drift (what 'agentihooks apply' would change) and the hook runtime's health. Writes nothing.

Options:
  --target T                only this target (${TARGET_IDS.join(", ")}); repeatable
${scopeHelp}
  --profile CHAIN           profile chain instead of the recorded or the config's
  --settings-profile NAME   settings profile instead of the recorded or the config's
  --config FILE             use this config file
${commonHelp}

Exit codes: 0 in sync, 2 changes pending (drift, or a different source here), 1 error.
`;

/** The command's options (exported for shell completion). */
export const options = projectOptions;

/** One target's line of the status. */
export interface TargetStatus {
  target: string;
  displayName: string;
  client: { binary: string | null; installed: string | null; verified: string; newer: boolean };
  ownedFiles: number;
  pending: number;
  runtime: { path: string | null; ok: boolean };
  /** The scopes whose hook registration for this client holds our entries (docs/scopes.md). */
  hookScopes: string[];
  /** Which scope's guardrails are in force, as a sentence (compiler/scopes/scope-in-force.ts). */
  inForce: string;
}

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand({ name: "status", help, options }, argv);
  if ("exit" in parsed) return parsed.exit;
  const { values, out } = parsed;
  const [
    { chooseRunSource, sourceOf, switchDiagnostic, showSource },
    { loadSession },
    { realFileSystem },
    { dryRunFileSystem },
    { planChanges },
    { readTargetLedger },
    { findTarget },
    { clientVersion, isNewer },
    { parseScopedLedger },
  ] = await Promise.all([
    import("./source"),
    import("../../compiler/apply/session"),
    import("../../compiler/fs/real"),
    import("../../compiler/fs/dry-run"),
    import("../../compiler/plan/plan-changes"),
    import("../../compiler/state/ledger"),
    import("../../compiler/targets/registry"),
    import("./client-version"),
    import("../../compiler/scopes/ledger-paths"),
  ]);
  const { session, choice } = chooseRunSource(values);
  const loaded = loadSession(session);
  out.report(loaded.diagnostics);
  if (!loaded.project) return out.finish(EXIT.error);
  const project = loaded.project;
  const env = project.env;
  const fs = realFileSystem();
  const here = sourceOf(choice, project, []);
  const switched = env.scope.name === "home" ? switchDiagnostic(choice, here, env.home, "warning") : undefined;
  if (switched) out.report([switched]);
  const ledgerBytes = fs.read(`${env.agentihooksHome}/state.json`);
  const ledger = parseScopedLedger(ledgerBytes ? new TextDecoder().decode(ledgerBytes) : undefined, env.scope);
  const plan = planChanges(loaded.trees, { fs: dryRunFileSystem(fs), env, now: new Date(0) });
  const { hookRegistrations } = await import("../../compiler/scopes/registered-scopes");
  const { scopeInForce } = await import("../../compiler/scopes/scope-in-force");
  const { readEnvironment } = await import("../../compiler/environment");
  const registrations = hookRegistrations(
    project.ir,
    loaded.trees.map((t) => t.target),
    env.scope.name === "home" ? env : readEnvironment(),
    process.cwd(),
  );
  const targets: TargetStatus[] = loaded.trees.map((tree) => {
    const descriptor = findTarget(tree.target)?.descriptor;
    const binary = env.resolveExecutable(tree.target);
    const installed = binary ? clientVersion(binary) : null;
    const verified = descriptor?.verifiedAgainst.version ?? "unknown";
    const owned = readTargetLedger(ledger, tree.target).owned;
    const pending = plan.changes.filter(
      (c) => c.target === tree.target && !c.bookkeeping && (c.action === "create" || c.action === "update" || c.action === "delete"),
    ).length;
    return {
      target: tree.target,
      displayName: descriptor?.displayName ?? tree.target,
      client: { binary, installed, verified, newer: installed !== null && isNewer(installed, verified) },
      ownedFiles: owned.length,
      pending,
      runtime: runtimeHealth(owned.map((o) => o.path)),
      hookScopes: registrations[tree.target]?.scopes ?? [],
      inForce: scopeInForce(tree.target, registrations[tree.target] ?? { scopes: [], agentihooksHomes: {}, wrappers: {} }).message,
    };
  });
  const recorded = choice.recorded ?? null;
  const result = {
    source: recorded ? { ...recorded, shown: showSource(recorded, env.home) } : null,
    here: { ...here, shown: showSource(here, env.home), differs: switched !== undefined },
    version: { running: version, applied: recorded?.version ?? null },
    targets,
  };
  const lines: string[] = [];
  lines.push(
    recorded
      ? `Source:   ${showSource(recorded, env.home)}, applied by agentihooks ${recorded.version}${recorded.version !== version ? ` (this is ${version}: run 'agentihooks apply' to bring the homes up to it)` : ""}`
      : "Source:   none recorded (nothing applied yet, or applied before agentihooks recorded its source)",
  );
  if (recorded?.bundle) lines.push(`Bundle:   ${recorded.bundle}`);
  if (switched || !recorded)
    lines.push(`Here:     ${showSource(here, env.home)}${switched ? " (differs: 'agentihooks apply --switch' makes it the source)" : ""}`);
  lines.push(`Version:  agentihooks ${version}`);
  for (const t of targets) {
    const client = t.client.installed
      ? `${t.client.installed}${t.client.newer ? ` (newer than ${t.client.verified}, the version agentihooks verified: a new settings key needs allowUnknownKeys, see docs/profiles.md)` : ` (verified with ${t.client.verified})`}`
      : `not found on PATH (verified with ${t.client.verified})`;
    lines.push(`${t.target}:`.padEnd(10) + `${t.displayName} ${client}`);
    lines.push(`          hooks registered in: ${t.hookScopes.length === 0 ? "none" : t.hookScopes.join(" and ")}`);
    lines.push(`          ${t.inForce}`);
    lines.push(
      `          ${t.ownedFiles} owned file(s); ${t.pending === 0 ? "in sync" : `${t.pending} change(s) pending (agentihooks plan)`}; runtime ${t.runtime.path === null ? "not installed" : t.runtime.ok ? "ok" : `missing (${t.runtime.path}): run 'agentihooks apply'`}`,
    );
  }
  out.say(`${lines.join("\n")}\n`);
  const drift = targets.some((t) => t.pending > 0) || switched !== undefined;
  return out.finish(drift ? EXIT.pending : EXIT.ok, result);
}

/**
 * The installed runtime this target owns (`runtime.cjs`: under `<agentihooks home>/runtime/`, the
 * repo scope's `.agentihooks/`, or the machine scope's system path): present and a regular file,
 * or missing (removed by hand: every pre-tool call is then denied). `path` is null when the
 * target owns none (never applied).
 */
function runtimeHealth(owned: readonly string[]): { path: string | null; ok: boolean } {
  const runtime = owned.find((p) => p.endsWith("/runtime.cjs"));
  if (runtime === undefined) return { path: null, ok: false };
  const file = (p: string): boolean => existsSync(p) && statSync(p).isFile();
  return { path: runtime, ok: file(runtime) && file(join(dirname(runtime), RUNTIME_CORE_FILE)) };
}

/**
 * `agentihooks uninstall [--target T] [--yes]`: removes exactly what the ownership record says
 * agentihooks owns, restores what it displaced, and puts shared files back byte for byte while
 * nobody edited them since (otherwise strips our keys and entries one by one). Works from the record
 * alone: the profiles need not load. Idempotent: on a clean home it changes nothing.
 */
import { commonHelp, EXIT, parseCommand } from "./contract";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks uninstall [options]

Removes what agentihooks installed in the targets' homes (per its ownership record) and restores
the files it displaced. Operator content is kept. ~/.agentihooks (logs, .env) is kept.

Options:
  --target T       only this target (${TARGET_IDS.join(", ")}); repeatable; default: every target
  --yes, -y        do not ask for confirmation (required when not on a terminal)
  --dry-run        show what would be removed and write nothing
  --config FILE    use this config file (for its home overrides)
  --scope S        home (default), repo (this git repository's files) or machine (docs/scopes.md)
${commonHelp}

Exit codes: 0 done (or nothing to do), 1 error or refused (a declined prompt too), 2 (with
--dry-run) changes pending.
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand({ name: "uninstall", help, options }, argv);
  if ("exit" in parsed) return parsed.exit;
  const { values, out } = parsed;
  const dryRun = values["dry-run"] === true;
  if (!dryRun && !values.yes && process.stdin.isTTY !== true) {
    out.report([(await import("../../compiler/messages")).diagnostic("AH5122", { file: "command line" }, { action: "removing what agentihooks installed" })]);
    return out.finish(EXIT.error);
  }
  const [
    { checkTargets, useColor },
    { realFileSystem },
    { dryRunFileSystem },
    { planUninstall },
    { applySavedPlan },
    { renderPlanText, summaryLine, summarizePlan, planJson, displayPath },
    { hasPendingChanges },
    { targetIds },
    { confirm },
    { planResult },
    env,
  ] = await Promise.all([
    import("../../compiler/apply/session"),
    import("../../compiler/fs/real"),
    import("../../compiler/fs/dry-run"),
    import("../../compiler/uninstall/uninstall"),
    import("../../compiler/apply/run"),
    import("../../compiler/plan/plan-view"),
    import("../../compiler/plan/change"),
    import("../../compiler/targets/registry"),
    import("../cli-support"),
    import("./plan"),
    import("../../compiler/uninstall/uninstall").then(async (m) =>
      m.uninstallEnvironment(
        process.cwd(),
        (await import("./source")).chooseRunSource({ config: values.config, ...(values.scope !== undefined ? { scope: values.scope } : {}) }).session
          .configFile,
        values.scope,
      ),
    ),
  ]);
  out.report(env.diagnostics);
  if (env.diagnostics.some((d) => d.severity === "error")) return out.finish(EXIT.error);
  if (!dryRun && env.scope.name === "machine") {
    const refused = (await import("../../compiler/scopes/machine-environment")).machineWriteDiagnostics(process.getuid?.(), "uninstall");
    out.report(refused);
    if (refused.length > 0) return out.finish(EXIT.error);
  }
  const checked = checkTargets(values.target);
  if (checked.error) {
    out.report([checked.error]);
    return out.finish(EXIT.error);
  }
  const targets = checked.ids ?? [...targetIds];
  const real = realFileSystem();
  const fs = dryRun ? dryRunFileSystem(real) : real;
  const plan = planUninstall(targets, { fs, env, now: new Date() }, env.trees);
  // The JSON view only under --json (Output.finish calls a function result only then), made once.
  let view: unknown;
  const planned = (): unknown => (view ??= planResult(planJson(plan, env.home)));
  if (!hasPendingChanges(plan)) {
    out.report(plan.diagnostics);
    out.say("Nothing to uninstall: agentihooks owns nothing in these homes.\n");
    return out.finish(EXIT.ok, () => ({ plan: planned(), written: [] }));
  }
  out.say(renderPlanText(plan, { home: env.home, color: useColor(process.stdout) }));
  if (dryRun) {
    out.report(plan.diagnostics);
    return out.finish(EXIT.pending, () => ({ plan: planned(), written: [] }));
  }
  if (!values.yes && !(await confirm("Remove these? [y/N] "))) {
    process.stderr.write("Aborted: nothing was removed.\n");
    return out.finish(EXIT.error, () => ({ plan: planned(), written: [] }));
  }
  const outcome = applySavedPlan(plan, { fs, env, now: new Date() });
  out.report(outcome.diagnostics);
  const written = (outcome.result?.touched ?? []).map((p) => displayPath(p, env.home));
  if (!outcome.result?.ok) return out.finish(EXIT.error, () => ({ plan: planned(), written }));
  if (env.scope.name !== "home") {
    out.say(`Uninstall complete: ${summaryLine(summarizePlan(plan)).replace(/^Plan: /, "")}\n`);
    return out.finish(EXIT.ok, () => ({ plan: planned(), written }));
  }
  // The homes no longer hold what the recorded source applied: forget it (or the targets removed).
  const [{ readEnvironment }, { readSourceRecord, writeSourceRecord, sourceRecordPath }] = await Promise.all([
    import("../../compiler/environment"),
    import("../../compiler/state/source-record"),
  ]);
  const stateHome = readEnvironment().agentihooksHome;
  const recorded = readSourceRecord(real, stateHome);
  if (recorded) {
    const left = recorded.targets.filter((t) => !targets.includes(t as (typeof targets)[number]));
    if (left.length === 0) real.remove(sourceRecordPath(stateHome));
    else writeSourceRecord(real, stateHome, { ...recorded, targets: left });
  }
  out.say(`Uninstall complete: ${summaryLine(summarizePlan(plan)).replace(/^Plan: /, "")} ~/.agentihooks was kept.\n`);
  return out.finish(EXIT.ok, () => ({ plan: planned(), written }));
}

/** The command's options (exported for shell completion). */
export const options = {
  target: { type: "string", multiple: true },
  yes: { type: "boolean", short: "y", default: false },
  "dry-run": { type: "boolean", default: false },
  config: { type: "string" },
  scope: { type: "string" },
} as const;

/**
 * `agentihooks uninstall [--target T] [--yes]`: removes exactly what the ownership record says
 * agentihooks owns, restores what it displaced, and puts shared files back byte for byte while
 * nobody edited them since (otherwise strips our keys and entries one by one). Works from the record
 * alone: the profiles need not load. Idempotent: on a clean home it changes nothing.
 */
import { parseArgs } from "node:util";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks uninstall [options]

Removes what agentihooks installed in the targets' homes (per its ownership record) and restores
the files it displaced. Operator content is kept. ~/.agentihooks (logs, .env) is kept.

Options:
  --target T       only this target (${TARGET_IDS.join(", ")}); repeatable; default: every target
  --yes, -y        do not ask for confirmation (required when not on a terminal)
  --dry-run        show what would be removed and write nothing
  --config FILE    use this config file (for its home overrides)
  -h, --help       show this help

Exit codes: 0 done (or nothing to do), 1 error, 2 (with --dry-run) changes pending.
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const { parseCommandArgs, printDiagnostics, confirm } = await import("../cli-support");
  const parsed = await parseCommandArgs("uninstall", help, argv, (args) =>
    parseArgs({
      args,
      options: {
        target: { type: "string", multiple: true },
        yes: { type: "boolean", short: "y", default: false },
        "dry-run": { type: "boolean", default: false },
        config: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }),
  );
  if (!parsed) return 1;
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(help);
    return 0;
  }
  const [{ checkTargets, useColor }, { realFileSystem }, { dryRunFileSystem }, { planUninstall }, { applySavedPlan }, { renderPlanText, summaryLine, summarizePlan }, { hasPendingChanges }, { targetIds }, env] = await Promise.all([
    import("../../compiler/apply/session"),
    import("../../compiler/fs/real"),
    import("../../compiler/fs/dry-run"),
    import("../../compiler/uninstall/uninstall"),
    import("../../compiler/apply/run"),
    import("../../compiler/plan/plan-view"),
    import("../../compiler/plan/change"),
    import("../../compiler/targets/registry"),
    import("../../compiler/uninstall/uninstall").then((m) => m.uninstallEnvironment(process.cwd(), values.config)),
  ]);
  const checked = checkTargets(values.target);
  if (checked.error) {
    printDiagnostics([checked.error]);
    return 1;
  }
  const targets = checked.ids ?? [...targetIds];
  const real = realFileSystem();
  const fs = values["dry-run"] ? dryRunFileSystem(real) : real;
  const plan = planUninstall(targets, { fs, env, now: new Date() }, env.trees);
  if (!hasPendingChanges(plan)) {
    printDiagnostics(plan.diagnostics);
    process.stdout.write("Nothing to uninstall: agentihooks owns nothing in these homes.\n");
    return 0;
  }
  process.stdout.write(renderPlanText(plan, { home: env.home, color: useColor(process.stdout) }));
  if (values["dry-run"]) {
    printDiagnostics(plan.diagnostics);
    return 2;
  }
  if (!values.yes) {
    if (!process.stdin.isTTY) {
      process.stderr.write("agentihooks uninstall: not on a terminal; pass --yes to confirm. Nothing was removed.\n");
      return 1;
    }
    if (!(await confirm("Remove these? [y/N] "))) {
      process.stdout.write("Aborted: nothing was removed.\n");
      return 0;
    }
  }
  const outcome = applySavedPlan(plan, { fs, env, now: new Date() });
  printDiagnostics(outcome.diagnostics);
  if (!outcome.result?.ok) return 1;
  process.stdout.write(`Uninstall complete: ${summaryLine(summarizePlan(plan)).replace(/^Plan: /, "")} ~/.agentihooks was kept.\n`);
  return 0;
}

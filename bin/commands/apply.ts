/**
 * `agentihooks apply` (alias `init`): plan, show the plan, then write the targets' homes. A bare
 * apply covers every target in the config's `targets` (H-10). `--plan FILE` applies a saved plan
 * and refuses it when anything it read has changed since. Exit 0 success, 1 error.
 */
import { parseArgs } from "node:util";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks apply [options]      (alias: agentihooks init)

Compiles the profiles, shows the plan, and writes the targets' homes. Hand edits to managed values,
operator hooks, MCP servers, skills and agents are kept and reported. Every write is atomic; a
second apply with unchanged profiles writes nothing.

Options:
  --target T                only this target (${TARGET_IDS.join(", ")}); repeatable
  --yes, -y                 do not ask for confirmation on a terminal
  --plan FILE               apply a plan saved with 'agentihooks plan --out FILE' (refused if stale)
  --adopt                   take the profile's value for keys you set before agentihooks managed
                            them (uninstall puts yours back); without it yours stay
  --dry-run                 show the plan and write nothing (same as 'agentihooks plan')
  --quiet, -q               print only the summary and the diagnostics, not the diff
  --profile CHAIN           profile chain instead of the config's
  --settings-profile NAME   settings profile instead of the config's
  --config FILE             use this config file
  -h, --help                show this help

Exit codes: 0 applied (or nothing to do), 1 error (nothing written when found before writing).
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const { parseCommandArgs, printDiagnostics, confirm } = await import("../cli-support");
  const parsed = await parseCommandArgs("apply", help, argv, (args) =>
    parseArgs({
      args,
      options: {
        target: { type: "string", multiple: true },
        yes: { type: "boolean", short: "y", default: false },
        plan: { type: "string" },
        adopt: { type: "boolean", default: false },
        "dry-run": { type: "boolean", default: false },
        quiet: { type: "boolean", short: "q", default: false },
        profile: { type: "string" },
        "settings-profile": { type: "string" },
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
  if (values["dry-run"]) {
    const plan = await import("./plan");
    const code = await plan.run(argv.filter((a) => a !== "--dry-run" && a !== "--yes" && a !== "-y" && a !== "--quiet" && a !== "-q"));
    return code === 2 ? 0 : code;
  }
  const [{ loadSession, useColor, checkTargets }, { realFileSystem }, { planChanges }, { applySavedPlan }, { renderPlanText, summaryLine, summarizePlan }, { hasPendingChanges, hasContentChanges }, { parsePlanFile }, { readFileSync }, { diagnostic }, { readEnvironment }] =
    await Promise.all([
      import("../../compiler/apply/session"),
      import("../../compiler/fs/real"),
      import("../../compiler/plan/plan-changes"),
      import("../../compiler/apply/run"),
      import("../../compiler/plan/plan-view"),
      import("../../compiler/plan/change"),
      import("../../compiler/plan/plan-file"),
      import("node:fs"),
      import("../../compiler/messages"),
      import("../../compiler/environment"),
    ]);
  const fs = realFileSystem();
  let plan;
  let env: { home: string; agentihooksHome: string };
  if (values.plan) {
    let text: string;
    try {
      text = readFileSync(values.plan, "utf8");
    } catch (error) {
      printDiagnostics([diagnostic("AH5101", { file: values.plan }, { file: values.plan, reason: (error as Error).message })]);
      return 1;
    }
    const read = parsePlanFile(text);
    if ("error" in read) {
      printDiagnostics([diagnostic("AH5101", { file: values.plan }, { file: values.plan, reason: read.error })]);
      return 1;
    }
    plan = read.plan;
    const requested = checkTargets(values.target);
    if (requested.error) {
      printDiagnostics([requested.error]);
      return 1;
    }
    if (requested.ids && requested.ids.join(",") !== plan.targets.join(",")) {
      printDiagnostics([diagnostic("AH5102", { file: values.plan }, { planned: plan.targets.join(", "), requested: requested.ids.join(", ") })]);
      return 1;
    }
    // The plan's paths are absolute; the home is only needed for display and the lock's place.
    const machine = readEnvironment();
    env = { home: machine.home, agentihooksHome: machine.agentihooksHome };
  } else {
    const loaded = loadSession({ cwd: process.cwd(), configFile: values.config, profile: values.profile, settingsProfile: values["settings-profile"], targets: values.target });
    printDiagnostics(loaded.diagnostics);
    if (!loaded.project) return 1;
    env = loaded.project.env;
    plan = planChanges(loaded.trees, { fs, env, now: new Date() }, { adopt: values.adopt });
    const errors = plan.diagnostics.filter((d) => d.severity === "error");
    if (errors.length > 0) {
      printDiagnostics(plan.diagnostics);
      return 1;
    }
  }
  if (!hasPendingChanges(plan)) {
    if (!values.plan) printDiagnostics(plan.diagnostics);
    process.stdout.write(`${summaryLine(summarizePlan(plan))}\n`);
    return 0;
  }
  // Only our own records change (e.g. a record migrated or a hand edit noticed): written without asking.
  const recordsOnly = !hasContentChanges(plan);
  if (values.quiet || recordsOnly) process.stdout.write(`${summaryLine(summarizePlan(plan))}\n`);
  else process.stdout.write(renderPlanText(plan, { home: env.home, color: useColor(process.stdout) }));
  if (!recordsOnly && !values.yes && process.stdin.isTTY && !(await confirm("Apply these changes? [y/N] "))) {
    process.stdout.write("Aborted: nothing was written.\n");
    return 0;
  }
  const outcome = applySavedPlan(plan, { fs, env, now: new Date() });
  printDiagnostics(values.plan ? outcome.diagnostics : outcome.diagnostics);
  if (!outcome.result?.ok) {
    process.stderr.write(outcome.result && outcome.result.touched.length > 0 ? "agentihooks apply: stopped part way; run it again.\n" : "agentihooks apply: nothing was written.\n");
    return 1;
  }
  const preserved = plan.diagnostics.filter((d) => ["AH5001", "AH5003", "AH5004", "AH5005", "AH5039"].includes(d.code)).length;
  process.stdout.write(`Applied: ${outcome.result.touched.length} path(s) written or removed${preserved > 0 ? `; ${preserved} hand edit(s) and operator item(s) kept (see the warnings above)` : ""}.\n`);
  return 0;
}

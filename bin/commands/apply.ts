/**
 * `agentihooks apply`: plan, show the plan, then write the targets' homes. A bare apply covers every
 * target in the config's `targets`. `--plan FILE` applies a saved plan and refuses it when anything
 * it read has changed since. Without a terminal it needs `--yes`. Exit 0 success, 1 error or
 * refused (a declined prompt too), 2 changes pending (`--dry-run`).
 */
import { commonHelp, EXIT, parseCommand, projectOptions, scopeHelp } from "./contract";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks apply [options]

Compiles the profiles, shows the plan, and writes the targets' homes. Hand edits to managed values,
operator hooks, MCP servers, skills and agents are kept and reported. Every write is atomic; a
second apply with unchanged profiles writes nothing.

Options:
  --target T                only this target (${TARGET_IDS.join(", ")}); repeatable
${scopeHelp}
  --yes, -y                 do not ask for confirmation (required when not on a terminal)
  --plan FILE               apply a plan saved with 'agentihooks plan --out FILE' (refused if stale)
  --adopt                   take the profile's value for keys you set before agentihooks managed
                            them (uninstall puts yours back); without it yours stay
  --dry-run                 show the plan and write nothing (same as 'agentihooks plan'; with
                            --adopt, what adoption would do)
  --switch                  make this run's config and chain the homes' source when they differ
                            from the recorded one (see 'agentihooks status')
  --profile CHAIN           profile chain instead of the config's
  --settings-profile NAME   settings profile instead of the config's
  --config FILE             use this config file
${commonHelp} (and the diff: only the summary is printed)

Exit codes: 0 applied (or nothing to do), 1 error or refused (nothing written when found before
writing; a declined prompt too), 2 changes pending (--dry-run).
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand(
    {
      name: "apply",
      help,
      options,
      conflicts: [
        ["plan", "dry-run"],
        ["plan", "profile"],
        ["plan", "settings-profile"],
        ["plan", "config"],
        ["plan", "switch"],
        ["plan", "adopt"],
      ],
    },
    argv,
  );
  if ("exit" in parsed) return parsed.exit;
  const { values, out } = parsed;
  if (values["dry-run"]) {
    const plan = await import("./plan");
    return plan.run(
      argv.filter((a) => a !== "--dry-run" && a !== "--yes" && a !== "-y" && a !== "--switch"),
      "apply",
    );
  }
  const { confirm } = await import("../cli-support");
  const onTerminal = process.stdin.isTTY === true;
  if (!values.yes && !onTerminal) {
    out.report([(await import("../../compiler/messages")).diagnostic("AH5122", { file: "command line" }, { action: "writing the homes" })]);
    return out.finish(EXIT.error);
  }
  const [
    { loadSession, useColor, checkTargets },
    { realFileSystem },
    { planChanges },
    { applySavedPlan },
    { renderPlanText, summaryLine, summarizePlan, planJson },
    { hasPendingChanges, hasContentChanges },
    { parsePlanFile },
    { readFileSync },
    { diagnostic },
    { readEnvironment },
    { planResult },
  ] = await Promise.all([
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
    import("./plan"),
  ]);
  const fs = realFileSystem();
  let plan;
  let env: { home: string; agentihooksHome: string; scope?: import("../../compiler/scopes/scope").ScopeContext };
  let record: { stateHome: string; source: import("../../compiler/state/source-record").SourceRecord } | undefined;
  if (values.plan) {
    let text: string;
    try {
      text = readFileSync(values.plan, "utf8");
    } catch (error) {
      out.report([diagnostic("AH5101", { file: values.plan }, { file: values.plan, reason: (error as Error).message })]);
      return out.finish(EXIT.error);
    }
    const read = parsePlanFile(text);
    if ("error" in read) {
      out.report([diagnostic("AH5101", { file: values.plan }, { file: values.plan, reason: read.error })]);
      return out.finish(EXIT.error);
    }
    plan = read.plan;
    const requested = checkTargets(values.target);
    if (requested.error) {
      out.report([requested.error]);
      return out.finish(EXIT.error);
    }
    if (requested.ids && requested.ids.join(",") !== plan.targets.join(",")) {
      out.report([diagnostic("AH5102", { file: values.plan }, { planned: plan.targets.join(", "), requested: requested.ids.join(", ") })]);
      return out.finish(EXIT.error);
    }
    // The plan's paths are absolute; the home is only needed for display and the lock's place.
    const machine = readEnvironment();
    env = { home: machine.home, agentihooksHome: machine.agentihooksHome };
    // A machine wrapper in the plan runs its Node and bash for every user, whoever made the plan.
    const refused = (await import("../../compiler/scopes/machine-node")).savedPlanProgramDiagnostics(plan.changes, machine.home);
    out.report(refused);
    if (refused.length > 0) return out.finish(EXIT.error);
  } else {
    const { chooseRunSource, sourceOf, switchDiagnostic } = await import("./source");
    const chosen = chooseRunSource(values);
    out.report(chosen.diagnostics);
    const loaded = loadSession(chosen.session);
    out.report(loaded.diagnostics);
    if (!loaded.project) return out.finish(EXIT.error);
    env = loaded.project.env;
    if (env.scope?.name === "machine") {
      const refused = [
        ...(await import("../../compiler/scopes/machine-environment")).machineWriteDiagnostics(process.getuid?.(), "apply"),
        // Every user's machine hook runs this Node and this bash: no user may be able to replace them.
        ...(await import("../../compiler/scopes/machine-node")).machineProgramDiagnostics({
          node: loaded.project.env.nodePath,
          bash: loaded.project.env.bashPath,
        }),
      ];
      out.report(refused);
      if (refused.length > 0) return out.finish(EXIT.error);
    }
    // One source per home: another config or chain than the recorded one needs --switch.
    const current = sourceOf(
      chosen.choice,
      loaded.project,
      loaded.trees.map((t) => t.target),
    );
    const switched =
      loaded.project.env.scope.name === "home" ? switchDiagnostic(chosen.choice, current, env.home, values.switch ? "warning" : "error") : undefined;
    if (switched) out.report([switched]);
    if (switched?.severity === "error") return out.finish(EXIT.error);
    // The source record is the homes' (one source per home); a repository's source is its own config.
    if (loaded.project.env.scope.name === "home") record = { stateHome: chosen.stateHome, source: current };
    plan = planChanges(loaded.trees, { fs, env, now: new Date() }, { adopt: values.adopt });
    if (plan.diagnostics.some((d) => d.severity === "error")) {
      out.report(plan.diagnostics);
      return out.finish(EXIT.error);
    }
  }
  // The JSON view only under --json (Output.finish calls a function result only then), made once.
  let view: unknown;
  const planned = (): unknown => (view ??= planResult(planJson(plan, env.home)));
  const { writeSourceRecord } = await import("../../compiler/state/source-record");
  if (!hasPendingChanges(plan)) {
    if (!values.plan) out.report(plan.diagnostics);
    if (record) writeSourceRecord(fs, record.stateHome, record.source);
    out.say(`${summaryLine(summarizePlan(plan))}\n`);
    return out.finish(EXIT.ok, () => ({ plan: planned(), written: [] }));
  }
  // Only our own records change (e.g. a record migrated or a hand edit noticed): written without asking.
  const recordsOnly = !hasContentChanges(plan);
  if (values.quiet || recordsOnly) out.say(`${summaryLine(summarizePlan(plan))}\n`);
  else out.say(renderPlanText(plan, { home: env.home, color: useColor(process.stdout) }));
  if (!recordsOnly && !values.yes && !(await confirm("Apply these changes? [y/N] "))) {
    process.stderr.write("Aborted: nothing was written.\n");
    return out.finish(EXIT.error, () => ({ plan: planned(), written: [] }));
  }
  const outcome = applySavedPlan(plan, { fs, env, now: new Date() });
  out.report(outcome.diagnostics);
  const { displayPath } = await import("../../compiler/plan/plan-view");
  const written = (outcome.result?.touched ?? []).map((p) => displayPath(p, env.home));
  if (!outcome.result?.ok) {
    process.stderr.write(written.length > 0 ? "agentihooks apply: stopped part way; run it again.\n" : "agentihooks apply: nothing was written.\n");
    return out.finish(EXIT.error, () => ({ plan: planned(), written }));
  }
  if (record) writeSourceRecord(fs, record.stateHome, record.source);
  const preserved = plan.diagnostics.filter((d) => ["AH5001", "AH5003", "AH5004", "AH5005", "AH5039"].includes(d.code)).length;
  out.say(
    `Applied: ${written.length} path(s) written or removed${preserved > 0 ? `; ${preserved} hand edit(s) and operator item(s) kept (see the warnings above)` : ""}.\n`,
  );
  return out.finish(EXIT.ok, () => ({ plan: planned(), written }));
}

/** The command's options (exported for shell completion). */
export const options = {
  ...projectOptions,
  yes: { type: "boolean", short: "y", default: false },
  plan: { type: "string" },
  adopt: { type: "boolean", default: false },
  "dry-run": { type: "boolean", default: false },
  switch: { type: "boolean", default: false },
} as const;

/**
 * `agentihooks plan` / `agentihooks diff`: what apply would change, as a unified diff. It is apply
 * run through the dry-run filesystem wrapper, so it cannot disagree with apply.
 * `diff --base GIT_REF` instead compares the bundle at that ref with the working tree (portable
 * render of every target). Exit 0 in sync, 2 changes pending, 1 error.
 */
import { parseArgs } from "node:util";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks plan [options]
       agentihooks diff [options] [--base GIT_REF]

Shows what 'agentihooks apply' would change in the targets' homes, as a unified diff, with the hand
edits it would leave alone. Nothing is written.

Options:
  --target T                only this target (${TARGET_IDS.join(", ")}); repeatable
  --json                    print the plan as JSON
  --markdown                print a summary fit for a pull-request comment
  --out FILE                also save the plan to FILE for 'agentihooks apply --plan FILE'
  --base GIT_REF            compare the bundle at GIT_REF with the working tree (portable render)
  --verbose                 also show agentihooks' own records (sidecars, manifests, state.json)
  --profile CHAIN           profile chain instead of the config's
  --settings-profile NAME   settings profile instead of the config's
  --config FILE             use this config file
  -h, --help                show this help

Exit codes: 0 nothing to change, 2 changes pending, 1 error.
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const { parseCommandArgs, printDiagnostics } = await import("../cli-support");
  const parsed = await parseCommandArgs("plan", help, argv, (args) =>
    parseArgs({
      args,
      options: {
        target: { type: "string", multiple: true },
        json: { type: "boolean", default: false },
        markdown: { type: "boolean", default: false },
        out: { type: "string" },
        base: { type: "string" },
        verbose: { type: "boolean", default: false },
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
  const session = { cwd: process.cwd(), configFile: values.config, profile: values.profile, settingsProfile: values["settings-profile"], targets: values.target };
  if (values.base !== undefined) {
    const { diffAgainstRef } = await import("../../compiler/apply/diff-base");
    const outcome = diffAgainstRef(values.base, session);
    printDiagnostics(outcome.diagnostics);
    if (!outcome.plan) return 1;
    return show(outcome.plan, outcome.home, { ...values, portable: true });
  }
  const [{ loadSession }, { dryRunFileSystem }, { realFileSystem }, { planAndApply }, { serializePlanFile }, { writeFileSync }] = await Promise.all([
    import("../../compiler/apply/session"),
    import("../../compiler/fs/dry-run"),
    import("../../compiler/fs/real"),
    import("../../compiler/apply/run"),
    import("../../compiler/plan/plan-file"),
    import("node:fs"),
  ]);
  const loaded = loadSession(session);
  if (!loaded.project) {
    printDiagnostics(loaded.diagnostics);
    return 1;
  }
  const env = loaded.project.env;
  const outcome = planAndApply(loaded.trees, { fs: dryRunFileSystem(realFileSystem()), env, now: new Date() });
  printDiagnostics([...loaded.diagnostics, ...outcome.diagnostics]);
  if (!outcome.plan || !outcome.result?.ok) return 1;
  // The plan holds the exact bytes to write, resolved secrets included: private to its owner.
  if (values.out) writeFileSync(values.out, serializePlanFile(outcome.plan), { mode: 0o600 });
  return show(outcome.plan, env.home, values);
}

async function show(plan: import("../../compiler/plan/change").Plan, home: string, values: { json?: boolean; markdown?: boolean; verbose?: boolean; portable?: boolean }): Promise<number> {
  const [{ renderPlanText, renderPlanMarkdown, planJson }, { hasContentChanges }, { serializeJson }, { useColor }] = await Promise.all([
    import("../../compiler/plan/plan-view"),
    import("../../compiler/plan/change"),
    import("../../compiler/serialize/json"),
    import("../../compiler/apply/session"),
  ]);
  if (values.json) process.stdout.write(serializeJson(planJson(plan, home)));
  else if (values.markdown) process.stdout.write(renderPlanMarkdown(plan, home, values.portable ? "agentihooks diff" : "agentihooks plan", !values.portable));
  else process.stdout.write(renderPlanText(plan, { home, color: useColor(process.stdout), verbose: values.verbose }));
  return hasContentChanges(plan) ? 2 : 0;
}

/**
 * `agentihooks plan` / `agentihooks diff`: what apply would change, as a unified diff. It is apply
 * run through the dry-run filesystem wrapper, so it cannot disagree with apply.
 * `diff --base GIT_REF` instead compares the bundle at that ref with the working tree (portable
 * render of every target). Exit 0 in sync, 2 changes pending, 1 error.
 */
import { commonHelp, EXIT, parseCommand, projectOptions, scopeHelp, type Output } from "./contract";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks plan [options]
       agentihooks diff [options] [--base GIT_REF]

Shows what 'agentihooks apply' would change in the targets' homes, as a unified diff, with the hand
edits it would leave alone. Nothing is written.

Options:
  --target T                only this target (${TARGET_IDS.join(", ")}); repeatable
${scopeHelp}
  --markdown                print a summary fit for a pull-request comment
  --out FILE                also save the plan to FILE for 'agentihooks apply --plan FILE'
  --adopt                   plan 'agentihooks apply --adopt': keys you set before agentihooks
                            managed them take the profile's value (each listed with both values)
  --base GIT_REF            compare the bundle at GIT_REF with the working tree (portable render)
  --verbose                 also show agentihooks' own records (sidecars, manifests, state.json)
  --profile CHAIN           profile chain instead of the config's
  --settings-profile NAME   settings profile instead of the config's
  --config FILE             use this config file
${commonHelp}

Exit codes: 0 nothing to change, 2 changes pending, 1 error.
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[], invoked = "plan"): Promise<number> {
  const parsed = parseCommand(
    {
      name: invoked,
      help,
      options,
      conflicts: [
        ["json", "markdown"],
        ["base", "out"],
        ["base", "adopt"],
      ],
    },
    argv,
  );
  if ("exit" in parsed) return parsed.exit;
  const { values, out } = parsed;
  const { chooseRunSource, sourceOf, switchDiagnostic } = await import("./source");
  const chosen = chooseRunSource(values);
  const session = chosen.session;
  out.report(chosen.diagnostics);
  if (values.base !== undefined) {
    const { diffAgainstRef } = await import("../../compiler/apply/diff-base");
    const outcome = diffAgainstRef(values.base, session);
    out.report(outcome.diagnostics);
    if (!outcome.plan) return out.finish(EXIT.error);
    return show(out, outcome.plan, outcome.home, { ...values, portable: true });
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
    out.report(loaded.diagnostics);
    return out.finish(EXIT.error);
  }
  const env = loaded.project.env;
  // Another source than the recorded one: said here; apply refuses it without --switch.
  const switched = env.scope.name === "home" ? switchDiagnostic(chosen.choice, sourceOf(chosen.choice, loaded.project, []), env.home, "warning") : undefined;
  if (switched) out.report([switched]);
  const outcome = planAndApply(loaded.trees, { fs: dryRunFileSystem(realFileSystem()), env, now: new Date() }, { adopt: values.adopt });
  out.report([...loaded.diagnostics, ...outcome.diagnostics]);
  if (!outcome.plan || !outcome.result?.ok) return out.finish(EXIT.error);
  // The plan holds the exact bytes to write, resolved secrets included: private to its owner.
  if (values.out) writeFileSync(values.out, serializePlanFile(outcome.plan), { mode: 0o600 });
  return show(out, outcome.plan, env.home, { ...values, switching: switched !== undefined });
}

/** The plan's options (exported for shell completion). */
export const options = {
  ...projectOptions,
  markdown: { type: "boolean", default: false },
  out: { type: "string" },
  base: { type: "string" },
  verbose: { type: "boolean", default: false },
  adopt: { type: "boolean", default: false },
} as const;

/** Shows a plan as text, Markdown or the envelope's result; exit 2 when it changes content or the source (`switching`), else 0. */
export async function show(
  out: Output,
  plan: import("../../compiler/plan/change").Plan,
  home: string,
  values: { markdown?: boolean; verbose?: boolean; portable?: boolean; switching?: boolean },
): Promise<number> {
  const [{ renderPlanText, renderPlanMarkdown, planJson }, { hasContentChanges }, { useColor }] = await Promise.all([
    import("../../compiler/plan/plan-view"),
    import("../../compiler/plan/change"),
    import("../../compiler/apply/session"),
  ]);
  const code = hasContentChanges(plan) || values.switching ? EXIT.pending : EXIT.ok;
  if (out.json) return out.finish(code, planResult(planJson(plan, home)));
  if (values.markdown) out.say(renderPlanMarkdown(plan, home, values.portable ? "agentihooks diff" : "agentihooks plan", !values.portable));
  else out.say(renderPlanText(plan, { home, color: useColor(process.stdout), verbose: values.verbose }));
  return out.finish(code);
}

/** planJson without its diagnostics (the envelope carries them once). */
export function planResult(view: unknown): unknown {
  const { diagnostics: _omitted, ...rest } = view as Record<string, unknown>;
  return rest;
}

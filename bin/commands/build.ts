/**
 * `agentihooks build [--target T] [--out DIR] [--dry-run] [--check] [--json]`: compiles the profiles.
 * `--out DIR` writes the portable render per target (no machine paths); `--dry-run` prints the plan
 * against the real homes without writing; `--check` exits 2 when DIR (with --out) or the homes are
 * out of date. Exit 0 success / in sync, 1 error, 2 out of date.
 */
import { commonHelp, EXIT, parseCommand, projectOptions, scopeHelp } from "./contract";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks build [options]

Compiles the profiles for each target and reports problems.

Options:
  --target T                only this target (${TARGET_IDS.join(", ")}); repeatable
${scopeHelp}
  --out DIR                 write each target's portable render under DIR/<target>/ (paths relative to
                            the placeholder home /home/agent; no machine paths, no secrets)
  --dry-run                 print the plan against the real homes; write nothing
  --check                   write nothing; exit 2 when DIR (with --out) or the homes are out of date
  --profile CHAIN           profile chain instead of the config's
  --settings-profile NAME   settings profile instead of the config's
  --config FILE             use this config file
${commonHelp}

Exit codes: 0 success or in sync, 1 error, 2 out of date (--check) or changes pending (--dry-run).
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand(
    {
      name: "build",
      help,
      options,
      conflicts: [
        ["dry-run", "out"],
        ["dry-run", "check"],
      ],
    },
    argv,
  );
  if ("exit" in parsed) return parsed.exit;
  const { values, out } = parsed;
  if (values["dry-run"] || (values.check && values.out === undefined)) {
    // The plan against the real homes: apply through the dry-run wrapper.
    const plan = await import("./plan");
    return plan.run(
      argv.filter((a) => a !== "--dry-run" && a !== "--check"),
      "build",
    );
  }
  const [
    { loadSession, useColor },
    { portableEnvironment },
    { outTreeWriter },
    { planOut, writeOut },
    { renderPlanText, planJson },
    { hasContentChanges },
    { renderFresh },
    { planResult },
    { portableScopeEnvironment },
  ] = await Promise.all([
    import("../../compiler/apply/session"),
    import("../../compiler/environment"),
    import("../../compiler/fs/out-tree"),
    import("../../compiler/apply/build-out"),
    import("../../compiler/plan/plan-view"),
    import("../../compiler/plan/change"),
    import("../../compiler/render-fresh"),
    import("./plan"),
    import("../../compiler/scopes/scope-environment"),
  ]);
  const portable = values.out !== undefined;
  const loaded = loadSession({
    cwd: process.cwd(),
    configFile: values.config,
    profile: values.profile,
    settingsProfile: values["settings-profile"],
    targets: values.target,
    ...(values.scope !== undefined ? { scope: values.scope } : {}),
    ...(portable ? { env: portableScopeEnvironment(values.scope, portableEnvironment()) } : {}),
  });
  out.report(loaded.diagnostics);
  if (!loaded.project) return out.finish(EXIT.error);
  if (values.out === undefined) {
    // Plain build: compile and report what each target would write.
    const summary = loaded.trees.map((t) => ({ target: t.target, files: renderFresh(t).length, diagnostics: t.diagnostics.length }));
    for (const s of summary) out.say(`${s.target}: ${s.files} file(s)${s.diagnostics > 0 ? `, ${s.diagnostics} diagnostic(s)` : ""}\n`);
    return out.finish(EXIT.ok, { targets: summary });
  }
  const outDir = values.out;
  // The output tree is regenerated at will: its own writer, in place and not atomic (out-tree.ts).
  const fs = outTreeWriter();
  // Paths are shown relative to the placeholder home, or to the placeholder repository root.
  const scope = loaded.project.env.scope;
  const home = scope.name === "repo" ? scope.root : loaded.project.env.home;
  const { isInstalledRuntime } = await import("../../compiler/lower/runtime-files");
  const agentihooksHome = loaded.project.env.agentihooksHome;
  const plan = planOut(loaded.trees, values.out, home, fs, (file) => isInstalledRuntime(agentihooksHome, file));
  const pending = hasContentChanges(plan);
  if (values.check) {
    if (pending) out.say(renderPlanText(plan, { home: values.out, color: useColor(process.stdout) }));
    else out.say(`${values.out} is up to date.\n`);
    return out.finish(pending ? EXIT.pending : EXIT.ok, () => ({ out: outDir, plan: planResult(planJson(plan, outDir)) }));
  }
  const written = writeOut(plan, fs);
  out.say(written === 0 ? `${values.out} is up to date.\n` : `Wrote ${values.out}: ${written} file(s) changed.\n`);
  return out.finish(EXIT.ok, () => ({ out: outDir, plan: planResult(planJson(plan, outDir)) }));
}

/** The command's options (exported for shell completion). */
export const options = {
  ...projectOptions,
  out: { type: "string" },
  "dry-run": { type: "boolean", default: false },
  check: { type: "boolean", default: false },
} as const;

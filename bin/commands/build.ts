/**
 * `agentihooks build [--target T] [--out DIR] [--dry-run] [--check] [--json]`: compiles the profiles.
 * `--out DIR` writes the portable render per target (no machine paths); `--dry-run` prints the plan
 * against the real homes without writing; `--check` exits 2 when DIR (with --out) or the homes are
 * out of date. Exit 0 success / in sync, 1 error, 2 out of date.
 */
import { parseArgs } from "node:util";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks build [options]

Compiles the profiles for each target and reports problems.

Options:
  --target T                only this target (${TARGET_IDS.join(", ")}); repeatable
  --out DIR                 write each target's portable render under DIR/<target>/ (paths relative to
                            the placeholder home /home/agent; no machine paths, no secrets)
  --dry-run                 print the plan against the real homes; write nothing
  --check                   write nothing; exit 2 when DIR (with --out) or the homes are out of date
  --json                    print the result as JSON
  --profile CHAIN           profile chain instead of the config's
  --settings-profile NAME   settings profile instead of the config's
  --config FILE             use this config file
  -h, --help                show this help

Exit codes: 0 success or in sync, 1 error, 2 out of date (--check) or changes pending (--dry-run).
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const { parseCommandArgs, printDiagnostics } = await import("../cli-support");
  const parsed = await parseCommandArgs("build", help, argv, (args) =>
    parseArgs({
      args,
      options: {
        target: { type: "string", multiple: true },
        out: { type: "string" },
        "dry-run": { type: "boolean", default: false },
        check: { type: "boolean", default: false },
        json: { type: "boolean", default: false },
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
  const passThrough = (): string[] => [
    ...(values.target ?? []).flatMap((t) => ["--target", t]),
    ...(values.profile !== undefined ? ["--profile", values.profile] : []),
    ...(values["settings-profile"] !== undefined ? ["--settings-profile", values["settings-profile"]] : []),
    ...(values.config !== undefined ? ["--config", values.config] : []),
    ...(values.json ? ["--json"] : []),
  ];
  if (values["dry-run"] || (values.check && values.out === undefined)) {
    // The plan against the real homes: apply through the dry-run wrapper.
    const plan = await import("./plan");
    return plan.run(passThrough());
  }
  const [{ loadSession, useColor }, { portableEnvironment }, { realFileSystem }, { planOut }, { renderPlanText, planJson }, { hasContentChanges }, { serializeJson }, { renderFresh }] = await Promise.all([
    import("../../compiler/apply/session"),
    import("../../compiler/environment"),
    import("../../compiler/fs/real"),
    import("../../compiler/apply/build-out"),
    import("../../compiler/plan/plan-view"),
    import("../../compiler/plan/change"),
    import("../../compiler/serialize/json"),
    import("../../compiler/render-fresh"),
  ]);
  const portable = values.out !== undefined;
  const loaded = loadSession({
    cwd: process.cwd(),
    configFile: values.config,
    profile: values.profile,
    settingsProfile: values["settings-profile"],
    targets: values.target,
    ...(portable ? { env: portableEnvironment() } : {}),
  });
  printDiagnostics(loaded.diagnostics);
  if (!loaded.project) return 1;
  if (values.out === undefined) {
    // Plain build: compile and report what each target would write.
    const summary = loaded.trees.map((t) => ({ target: t.target, files: renderFresh(t).length, diagnostics: t.diagnostics.length }));
    if (values.json) process.stdout.write(serializeJson({ targets: summary, diagnostics: loaded.diagnostics }));
    else for (const s of summary) process.stdout.write(`${s.target}: ${s.files} file(s)${s.diagnostics > 0 ? `, ${s.diagnostics} diagnostic(s)` : ""}\n`);
    return 0;
  }
  // The output tree is regenerated at will: no fsync per file (it was a third of the build's time).
  const fs = realFileSystem({ durable: false });
  const home = loaded.project.env.home;
  const plan = planOut(loaded.trees, values.out, home, fs);
  const pending = hasContentChanges(plan);
  if (values.check) {
    if (values.json) process.stdout.write(serializeJson(planJson(plan, values.out)));
    else if (pending) process.stdout.write(renderPlanText(plan, { home: values.out, color: useColor(process.stdout) }));
    else process.stdout.write(`${values.out} is up to date.\n`);
    return pending ? 2 : 0;
  }
  let written = 0;
  for (const change of plan.changes) {
    if (change.action === "keep") continue;
    if (change.after === undefined) fs.remove(change.path);
    else fs.write(change.path, change.after, change.mode);
    written++;
  }
  if (values.json) process.stdout.write(serializeJson(planJson(plan, values.out)));
  else process.stdout.write(written === 0 ? `${values.out} is up to date.\n` : `Wrote ${values.out}: ${written} file(s) changed.\n`);
  return 0;
}

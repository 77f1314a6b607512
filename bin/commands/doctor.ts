/**
 * `agentihooks doctor [--target T] [--live] [--json]`: static checks of the installed homes per
 * target; `--live` also asks the installed client binary and reports drift. Exit 1 when any check
 * fails, else 0.
 */
import { parseArgs } from "node:util";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks doctor [options]

Checks the installed homes of each target: shared files parse, managed values are in place, hooks
are wired, MCP servers registered, owned files intact, the persona markers present, and apply has
nothing left to do.

Options:
  --target T                only this target (${TARGET_IDS.join(", ")}); repeatable
  --live                    also ask the installed client (copilot mcp list and its hook-loader
                            canary, claude doctor, codex mcp list / doctor) and report each
                            disagreement as drift
  --json                    print the report as JSON
  --profile CHAIN           profile chain instead of the config's
  --settings-profile NAME   settings profile instead of the config's
  --config FILE             use this config file
  -h, --help                show this help

Exit codes: 0 every check passed, 1 a check failed (or an error).
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const { parseCommandArgs, printDiagnostics } = await import("../cli-support");
  const parsed = await parseCommandArgs("doctor", help, argv, (args) =>
    parseArgs({
      args,
      options: {
        target: { type: "string", multiple: true },
        live: { type: "boolean", default: false },
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
  const [{ loadSession, useColor }, { realFileSystem }, { checkTarget }, { liveChecks }, { findTarget }, { serializeJson }] = await Promise.all([
    import("../../compiler/apply/session"),
    import("../../compiler/fs/real"),
    import("../../compiler/doctor/check-target"),
    import("../../compiler/doctor/live-probes"),
    import("../../compiler/targets/registry"),
    import("../../compiler/serialize/json"),
  ]);
  const loaded = loadSession({ cwd: process.cwd(), configFile: values.config, profile: values.profile, settingsProfile: values["settings-profile"], targets: values.target });
  if (!loaded.project) {
    printDiagnostics(loaded.diagnostics);
    return 1;
  }
  const env = loaded.project.env;
  const fs = realFileSystem();
  const reports = loaded.trees.map((tree) => {
    const binary = env.resolveExecutable(tree.target);
    const descriptor = findTarget(tree.target)?.descriptor;
    const report = checkTarget(tree, descriptor?.displayName ?? tree.target, { fs, env, binary });
    for (const message of descriptor?.doctorNotes ?? []) report.checks.push({ status: "note", message });
    if (values.live && binary) {
      report.checks.push(...liveChecks(tree, binary, env));
      report.ok = !report.checks.some((c) => c.status === "fail");
    }
    return report;
  });
  if (values.json) process.stdout.write(serializeJson({ ok: reports.every((r) => r.ok), targets: reports }));
  else {
    const color = useColor(process.stdout);
    const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
    const tag = { ok: paint("32", "[OK]"), fail: paint("31", "[!!]"), note: paint("2", "[--]") };
    for (const report of reports) {
      process.stdout.write(`agentihooks doctor — ${report.target} target (${report.displayName})\n`);
      for (const check of report.checks) process.stdout.write(`  ${tag[check.status]} ${check.message}\n`);
    }
  }
  return reports.every((r) => r.ok) ? 0 : 1;
}

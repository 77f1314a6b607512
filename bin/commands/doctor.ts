/**
 * `agentihooks doctor [--target T] [--live] [--json]`: static checks of the installed homes per
 * target; `--live` also asks the installed client binary and reports drift. Exit 0 when every check
 * passes, 2 when every failed check is one `apply` repairs, 1 otherwise.
 */
import { commonHelp, EXIT, parseCommand, projectOptions, scopeHelp } from "./contract";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks doctor [options]

Checks the installed homes of each target: shared files parse, managed values are in place, hooks
are wired, MCP servers registered, owned files intact, the persona markers present, and apply has
nothing left to do.

Options:
  --target T                only this target (${TARGET_IDS.join(", ")}); repeatable
${scopeHelp}
  --live                    also ask the installed client (copilot mcp list and its hook-loader
                            canary, claude doctor, codex mcp list / doctor) and report each
                            disagreement as drift
  --profile CHAIN           profile chain instead of the config's
  --settings-profile NAME   settings profile instead of the config's
  --config FILE             use this config file
${commonHelp}

Exit codes: 0 every check passed, 2 changes pending (every failed check is one 'agentihooks apply'
repairs), 1 a check apply cannot repair failed (or an error).
`;

/** The checks `agentihooks apply` repairs: a home failing only these has changes pending (exit 2). */
export const repairedByApply: ReadonlySet<string> = new Set([
  "record.present",
  "files.owned",
  "file.executable",
  "persona.present",
  "persona.header",
  "persona.footer",
  "block.present",
  "shared.present",
  "keys.managed",
  "entries.registered",
  "hooks.wired",
  "plan.pending",
  "runtime.installed",
  "mcp.installed",
]);

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand({ name: "doctor", help, options }, argv);
  if ("exit" in parsed) return parsed.exit;
  const { values, out } = parsed;
  const [{ loadSession, useColor }, { realFileSystem }, { checkTarget }, { runtimeChecks }, { mcpServerChecks }, { liveChecks }, { findTarget }] =
    await Promise.all([
      import("../../compiler/apply/session"),
      import("../../compiler/fs/real"),
      import("../../compiler/doctor/check-target"),
      import("../../compiler/doctor/runtime-check"),
      import("../../compiler/doctor/mcp-server-check"),
      import("../../compiler/doctor/live-probes"),
      import("../../compiler/targets/registry"),
    ]);
  const { chooseRunSource, sourceOf, switchDiagnostic } = await import("./source");
  const { clientVersion, isNewer } = await import("./client-version");
  const chosen = chooseRunSource(values);
  out.report(chosen.diagnostics);
  const loaded = loadSession(chosen.session);
  out.report(loaded.diagnostics);
  if (!loaded.project) return out.finish(EXIT.error);
  const env = loaded.project.env;
  const switched = env.scope.name === "home" ? switchDiagnostic(chosen.choice, sourceOf(chosen.choice, loaded.project, []), env.home, "warning") : undefined;
  if (switched) out.report([switched]);
  const fs = realFileSystem();
  const [{ hookRegistrations }, { readEnvironment }, { scopeInForce }, { machineNodeCheck }] = await Promise.all([
    import("../../compiler/scopes/registered-scopes"),
    import("../../compiler/environment"),
    import("../../compiler/scopes/scope-in-force"),
    import("../../compiler/doctor/machine-node-check"),
  ]);
  const registrations = hookRegistrations(
    loaded.project.ir,
    loaded.trees.map((t) => t.target),
    env.scope.name === "home" ? env : readEnvironment(),
    process.cwd(),
  );
  // Every target's probes (its wrapper's canary, its MCP server's handshake) run side by side.
  const reports = await Promise.all(
    loaded.trees.map(async (tree) => {
      const runtime = runtimeChecks(tree, { fs, env });
      const mcp = mcpServerChecks(tree, { fs, env });
      const binary = env.resolveExecutable(tree.target);
      const descriptor = findTarget(tree.target)?.descriptor;
      const report = checkTarget(tree, descriptor?.displayName ?? tree.target, { fs, env, binary });
      for (const message of descriptor?.doctorNotes ?? []) report.checks.push({ id: "target.note", status: "note", message });
      // A client newer than the one this target was verified with may know settings keys the schema does not.
      const installed = binary && descriptor ? clientVersion(binary) : null;
      if (installed && descriptor && isNewer(installed, descriptor.verifiedAgainst.version)) {
        report.checks.push({
          id: "client.version",
          status: "note",
          message: `\`${tree.target}\` ${installed} is newer than ${descriptor.verifiedAgainst.version}, the version agentihooks verified this target with: a settings key it added is an error until named in the config's allowUnknownKeys.${tree.target}`,
        });
      } else if (installed && descriptor)
        report.checks.push({
          id: "client.version",
          status: "ok",
          message: `\`${tree.target}\` ${installed} (verified with ${descriptor.verifiedAgainst.version})`,
        });
      report.checks.push(...(await runtime));
      // Which scopes register our hooks, and whose guardrails are in force (docs/scopes.md, "Home and repo together").
      const registered = registrations[tree.target] ?? { scopes: [], agentihooksHomes: {}, wrappers: {} };
      const scopes = registered.scopes;
      report.checks.push({ id: "hooks.scopes", status: "note", message: `hooks registered in: ${scopes.length === 0 ? "no scope" : scopes.join(" and ")}` });
      report.checks.push({ id: "scopes.in-force", status: "note", message: scopeInForce(tree.target, registered).message });
      // A machine wrapper runs its Node for every user: no user may be able to replace it.
      if (registered.wrappers.machine) report.checks.push(machineNodeCheck(registered.wrappers.machine));
      report.checks.push(...(await mcp));
      if (values.live && binary) report.checks.push(...liveChecks(tree, binary, env));
      report.ok = !report.checks.some((c) => c.status === "fail");
      return report;
    }),
  );
  const failed = reports.flatMap((r) => r.checks.filter((c) => c.status === "fail"));
  const code = failed.length === 0 ? EXIT.ok : failed.every((c) => repairedByApply.has(c.id)) ? EXIT.pending : EXIT.error;
  const color = useColor(process.stdout);
  const paint = (sgr: string, text: string) => (color ? `\u001b[${sgr}m${text}\u001b[0m` : text);
  const tag = { ok: paint("32", "[OK]"), fail: paint("31", "[!!]"), note: paint("2", "[--]") };
  for (const report of reports) {
    out.say(`agentihooks doctor — ${report.target} target (${report.displayName})\n`);
    for (const check of report.checks) out.say(`  ${tag[check.status]} ${check.message}\n`);
  }
  return out.finish(code, { ok: failed.length === 0, targets: reports });
}

/** The command's options (exported for shell completion). */
export const options = {
  ...projectOptions,
  live: { type: "boolean", default: false },
} as const;

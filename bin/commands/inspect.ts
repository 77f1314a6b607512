/**
 * `agentihooks inspect [--profile CHAIN] [--settings-profile NAME] [--target T] [--config FILE] [--json]`:
 * shows what the compiler resolved (chain, layers, merged settings with the layer that set each
 * value, features, MCP servers, directives). Exit 1 with every diagnostic on any error.
 */
import { parseArgs } from "node:util";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks inspect [options]

Shows the resolved profile chain with each profile's source, the layers in merge order, the merged
native settings of each target with the layer that set each value, the features (rules, commands,
agents, skills) with their origin, the MCP servers and the directives.

Options:
  --profile CHAIN           profile chain to resolve instead of the config's (e.g. coding,anton)
  --settings-profile NAME   settings profile instead of the config's
  --target T                show only this target (${TARGET_IDS.join(", ")}); repeatable
  --config FILE             use this config file instead of searching for one
  --json                    print the view as JSON
  -h, --help                show this help
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        profile: { type: "string" },
        "settings-profile": { type: "string" },
        target: { type: "string", multiple: true },
        config: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    process.stderr.write(`agentihooks inspect: ${(error as Error).message}\n${help}`);
    return 1;
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(help);
    return 0;
  }
  const [{ loadProject }, { formatDiagnostics, hasErrors }, { readEnvironment }, { inspectData, renderInspect }, { findTarget }, { serializeJson }] =
    await Promise.all([
      import("../../compiler/front-end"),
      import("../../compiler/diagnostics"),
      import("../../compiler/environment"),
      import("../../compiler/inspect-view"),
      import("../../compiler/targets/registry"),
      import("../../compiler/serialize/json"),
    ]);
  const requested = values.target ?? [];
  const unknown = requested.filter((t) => !findTarget(t));
  if (unknown.length > 0) {
    process.stderr.write(`agentihooks inspect: unknown target '${unknown[0]}'. Choose from ${TARGET_IDS.join(", ")}.\n`);
    return 1;
  }
  const result = loadProject({
    cwd: process.cwd(),
    env: readEnvironment(),
    configFile: values.config,
    profile: values.profile,
    settingsProfile: values["settings-profile"],
    // --target names the targets to show, whatever the config's `targets` says.
    ...(requested.length > 0 ? { targets: requested as Parameters<typeof inspectData>[1] } : {}),
  });
  if (result.diagnostics.length > 0) process.stderr.write(formatDiagnostics(result.diagnostics));
  if (!result.value || hasErrors(result.diagnostics)) return 1;
  const data = inspectData(result.value, requested as Parameters<typeof inspectData>[1]);
  process.stdout.write(values.json ? serializeJson(data) : renderInspect(data));
  return 0;
}

/**
 * `agentihooks inspect [--profile CHAIN] [--settings-profile NAME] [--target T] [--config FILE] [--json]`:
 * shows what the compiler resolved (chain, layers, merged settings with the layer that set each
 * value, features, MCP servers, directives). Exit 1 with every diagnostic on any error.
 */
import { commonHelp, EXIT, parseCommand, projectOptions } from "./contract";
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
${commonHelp}
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand({ name: "inspect", help, options }, argv);
  if ("exit" in parsed) return parsed.exit;
  const { values, out } = parsed;
  const [{ loadProject }, { hasErrors }, { readEnvironment }, { inspectData, renderInspect }, { checkTargets }] = await Promise.all([
    import("../../compiler/front-end"),
    import("../../compiler/diagnostics"),
    import("../../compiler/environment"),
    import("../../compiler/inspect-view"),
    import("../../compiler/apply/session"),
  ]);
  const checked = checkTargets(values.target);
  if (checked.error) {
    out.report([checked.error]);
    return out.finish(EXIT.error);
  }
  const requested = checked.ids ?? [];
  const { chooseRunSource } = await import("./source");
  const chosen = chooseRunSource({ config: values.config, profile: values.profile, "settings-profile": values["settings-profile"] });
  out.report(chosen.diagnostics);
  const result = loadProject({
    cwd: process.cwd(),
    env: readEnvironment(),
    ...(chosen.session.configFile !== undefined ? { configFile: chosen.session.configFile } : {}),
    ...(chosen.session.profile !== undefined ? { profile: chosen.session.profile } : {}),
    ...(chosen.session.settingsProfile !== undefined ? { settingsProfile: chosen.session.settingsProfile } : {}),
    // --target names the targets to show, whatever the config's `targets` says.
    ...(requested.length > 0 ? { targets: requested } : {}),
  });
  out.report(result.diagnostics);
  if (!result.value || hasErrors(result.diagnostics)) return out.finish(EXIT.error);
  const data = inspectData(result.value, requested);
  out.say(renderInspect(data));
  return out.finish(EXIT.ok, data);
}

/** The command's options (exported for shell completion). */
export const options = projectOptions;

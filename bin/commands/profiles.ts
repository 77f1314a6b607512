/**
 * `agentihooks profiles [--config FILE] [--json]`: every selectable profile with its source
 * (built-in, bundle, linked), and whether it has a persona (CLAUDE.md).
 */
import { commonHelp, EXIT, parseCommand } from "./contract";

const help = `Usage: agentihooks profiles [--config FILE] [--json]

Lists the profiles a chain can name, with where each comes from (built-in, bundle or linked).

Options:
  --config FILE             use this config file
${commonHelp}
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand({ name: "profiles", help, options }, argv);
  if ("exit" in parsed) return parsed.exit;
  const { values, out } = parsed;
  const [{ loadProfileList }, { hasErrors }, { readEnvironment }] = await Promise.all([
    import("../../compiler/front-end"),
    import("../../compiler/diagnostics"),
    import("../../compiler/environment"),
  ]);
  const result = loadProfileList({ cwd: process.cwd(), env: readEnvironment(), configFile: values.config });
  out.report(result.diagnostics);
  if (!result.value || hasErrors(result.diagnostics)) return out.finish(EXIT.error);
  const list = result.value.map(({ name, source, display, hasPersona }) => ({ name, source, root: display, hasPersona }));
  out.say(renderProfileList(list));
  return out.finish(EXIT.ok, { profiles: list });
}

/** The command's options (exported for shell completion). */
export const options = { config: { type: "string" } } as const;

/** The text listing (docs/cli.md, "agentihooks inspect, agentihooks profiles"): a heading, then `  name (source)` per profile. */
export function renderProfileList(list: ReadonlyArray<{ name: string; source: string; hasPersona: boolean }>): string {
  if (list.length === 0) return "No profiles found.\n";
  const lines = list.map((p) => `  ${p.name} (${p.source})${p.hasPersona ? "" : "  [no CLAUDE.md]"}`);
  return `Available profiles:\n\n${lines.join("\n")}\n`;
}

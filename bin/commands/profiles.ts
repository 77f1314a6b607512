/**
 * `agentihooks profiles [--config FILE] [--json]`: every selectable profile with its source
 * (built-in, bundle, linked), and whether it has a persona (CLAUDE.md).
 */
import { parseArgs } from "node:util";

const help = `Usage: agentihooks profiles [--config FILE] [--json]

Lists the profiles a chain can name, with where each comes from (built-in, bundle or linked).
`;

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { config: { type: "string" }, json: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    process.stderr.write(`agentihooks profiles: ${(error as Error).message}\n${help}`);
    return 1;
  }
  if (parsed.values.help) {
    process.stdout.write(help);
    return 0;
  }
  const [{ loadProfileList }, { formatDiagnostics, hasErrors }, { readEnvironment }, { serializeJson }] = await Promise.all([
    import("../../compiler/front-end"),
    import("../../compiler/diagnostics"),
    import("../../compiler/environment"),
    import("../../compiler/serialize/json"),
  ]);
  const result = loadProfileList({ cwd: process.cwd(), env: readEnvironment(), configFile: parsed.values.config });
  if (result.diagnostics.length > 0) process.stderr.write(formatDiagnostics(result.diagnostics));
  if (!result.value || hasErrors(result.diagnostics)) return 1;
  const list = result.value.map(({ name, source, display, hasPersona }) => ({ name, source, root: display, hasPersona }));
  if (parsed.values.json) {
    process.stdout.write(serializeJson(list));
    return 0;
  }
  process.stdout.write(renderProfileList(list));
  return 0;
}

/** The text listing (docs/cli.md, "agentihooks inspect, agentihooks profiles"): a heading, then `  name (source)` per profile. */
export function renderProfileList(list: ReadonlyArray<{ name: string; source: string; hasPersona: boolean }>): string {
  if (list.length === 0) return "No profiles found.\n";
  const lines = list.map((p) => `  ${p.name} (${p.source})${p.hasPersona ? "" : "  [no CLAUDE.md]"}`);
  return `Available profiles:\n\n${lines.join("\n")}\n`;
}

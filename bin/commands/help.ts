/**
 * `agentihooks --help` (also `help` and no command at all): the command table's summaries and the
 * clients the registry compiles for, so the help never lags behind the targets. Loaded only when
 * asked for, so the registry costs nothing on any other command's start.
 */
import { version } from "../../package.json";
import { targets } from "../../compiler/targets/registry";
import type { CommandTable } from "./contract";

/** The help text for `table`, naming every registered target. */
export function usage(table: CommandTable): string {
  const names = targets.map((t) => t.descriptor.displayName);
  const clients = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : (names[0] ?? "no client");
  const width = Math.max(...Object.keys(table).map((name) => name.length));
  const lines = Object.entries(table).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return [
    `agentihooks ${version}: one declarative config for ${clients}`,
    "",
    "Usage: agentihooks <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "Options:",
    "  -h, --help     show this help (or a command's help: agentihooks <command> --help)",
    "  -v, --version  print the version",
    "  --json, --quiet are taken by every command (see docs/cli.md)",
    "",
    "Exit codes (every command): 0 success or nothing to do, 1 error or refused, 2 changes pending.",
    "",
  ].join("\n");
}

/** Prints the help; always succeeds. */
export async function run(_argv: string[], _invoked: string, table: CommandTable): Promise<number> {
  process.stdout.write(usage(table));
  return 0;
}

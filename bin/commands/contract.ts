/**
 * The command-line contract every command follows (docs/cli.md "The contract"): one argument
 * parser (strict, with `--help`, `--json`, `--quiet` and conflicting flags handled the same way
 * everywhere), one exit-code vocabulary, and one JSON envelope on stdout under `--json`
 * (schemas/cli/envelope.schema.json).
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { version } from "../../package.json";
import { formatDiagnostics, sortDiagnostics, type Diagnostic } from "../../compiler/diagnostics";
import { diagnostic } from "../../compiler/messages";
import { redactForDisplay } from "../../compiler/lower/redact";

/** Exit codes: 0 success or nothing to do, 1 error or refused, 2 changes pending. */
export const EXIT = { ok: 0, error: 1, pending: 2 } as const;

/** The envelope's format version; bumped only when a field changes meaning or goes away. */
export const ENVELOPE_SCHEMA_VERSION = 1;

/** What `--json` prints: exactly one of these, on stdout, whatever happened. */
export interface Envelope {
  schemaVersion: number;
  command: string;
  version: string;
  exitCode: number;
  result: unknown;
  diagnostics: Diagnostic[];
}

/** A command's options as node:util parseArgs takes them. */
export type Options = NonNullable<ParseArgsConfig["options"]>;

/** The options every command takes. */
export const commonOptions = {
  json: { type: "boolean", default: false },
  quiet: { type: "boolean", short: "q", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const satisfies Options;

/** How one command declares its command line. */
export interface CommandSpec<O extends Options> {
  name: string;
  help: string;
  options: O;
  /** Pairs of flags that exclude each other (`["json", "markdown"]`). */
  conflicts?: ReadonlyArray<readonly [string, string]>;
  positionals?: boolean;
}

/** Where a command writes: text views, diagnostics, and (under `--json`) the envelope at the end. */
export class Output {
  private readonly collected: Diagnostic[] = [];

  constructor(
    readonly command: string,
    readonly json: boolean,
    readonly quiet: boolean,
  ) {}

  /** Reports diagnostics: on stderr (info ones hidden by `--quiet`), or into the envelope under `--json`. */
  report(list: readonly Diagnostic[]): void {
    const shown = this.quiet ? list.filter((d) => d.severity !== "info") : list;
    if (this.json) this.collected.push(...shown);
    else if (shown.length > 0) process.stderr.write(formatDiagnostics(shown));
  }

  /** Writes a text view to stdout (nothing under `--json`: the envelope carries the result). */
  say(text: string): void {
    if (!this.json) process.stdout.write(text);
  }

  /**
   * Ends the command: under `--json` prints the envelope with `result`; returns `exitCode`. A
   * function `result` is called only then: a plan's JSON view redacts every diff for secrets,
   * which cost a `build --out` of the 1x bench bundle ~50 ms it printed nothing of.
   */
  finish(exitCode: number, result: unknown = null): number {
    if (this.json) {
      const value = typeof result === "function" ? (result as () => unknown)() : result;
      process.stdout.write(`${JSON.stringify(envelope(this.command, exitCode, value, this.collected), null, 2)}\n`);
    }
    return exitCode;
  }
}

/** The envelope for a command's outcome (diagnostics sorted as on stderr). */
export function envelope(command: string, exitCode: number, result: unknown, diagnostics: readonly Diagnostic[]): Envelope {
  // Messages may quote values from the homes: redacted as on stderr (compiler/lower/redact.ts).
  const shown = sortDiagnostics(diagnostics).map((d) => ({ ...d, message: redactForDisplay(d.message) }));
  return { schemaVersion: ENVELOPE_SCHEMA_VERSION, command, version, exitCode, result, diagnostics: shown };
}

type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ options: O & typeof commonOptions; strict: true; allowPositionals: boolean }>>;

/**
 * Parses a command line. Returns the values and an Output, or the exit code when the command is
 * already done: `--help` printed (0), or a bad or conflicting option reported (1; as an envelope
 * when `--json` is on the line, so a script always gets JSON back).
 */
export function parseCommand<O extends Options>(
  spec: CommandSpec<O>,
  argv: string[],
): { values: Parsed<O>["values"]; positionals: string[]; out: Output } | { exit: number } {
  const wantsJson = argv.includes("--json");
  const fail = (d: Diagnostic) => {
    const out = new Output(spec.name, wantsJson, false);
    out.report([d]);
    if (!wantsJson) process.stderr.write(`\n${spec.help}`);
    return { exit: out.finish(EXIT.error) };
  };
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: argv, options: { ...spec.options, ...commonOptions }, strict: true, allowPositionals: spec.positionals ?? false }) as Parsed<O>;
  } catch (error) {
    return fail(diagnostic("AH5120", { file: "command line" }, { command: spec.name, reason: (error as Error).message.replace(/\.$/, "") }));
  }
  const values = parsed.values as Record<string, unknown>;
  if (values.help) {
    process.stdout.write(spec.help);
    return { exit: EXIT.ok };
  }
  for (const [a, b] of spec.conflicts ?? []) {
    if (isSet(values[a]) && isSet(values[b])) return fail(diagnostic("AH5121", { file: "command line" }, { first: `--${a}`, second: `--${b}` }));
  }
  return { values: parsed.values, positionals: parsed.positionals, out: new Output(spec.name, values.json === true, values.quiet === true) };
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0);
}

/** The options of every command that loads the project (config, profiles, targets). */
export const projectOptions = {
  target: { type: "string", multiple: true },
  scope: { type: "string" },
  profile: { type: "string" },
  "settings-profile": { type: "string" },
  config: { type: "string" },
} as const satisfies Options;

/** The help line of `--scope` (docs/scopes.md), shared by every command that takes it. */
export const scopeHelp = `  --scope S                 where to write: home (default: the client homes), repo (files committed in
                            this git repository) or machine (administrator policy); a config's
                            'scopes' sets the default and the allowed ones`;

/** The help lines of the options every command takes. */
export const commonHelp = `  --json                    print one JSON envelope on stdout (docs/cli.md)
  --quiet, -q               hide info diagnostics
  -h, --help                show this help`;

/**
 * A command module: runs with the arguments after its name (and the name it was invoked as, and
 * the command table, for aliases and shell completion) and returns the exit code. `options` is its
 * node:util parseArgs option table, from which shell completion is generated.
 */
export interface CommandModule {
  run(argv: string[], invoked: string, table: CommandTable): Promise<number>;
  options?: Readonly<Record<string, { type: "string" | "boolean"; short?: string }>>;
}

/** One row of the command table. */
export interface CommandEntry {
  summary: string;
  load: () => Promise<CommandModule>;
}

/** Every command by name. */
export type CommandTable = Readonly<Record<string, CommandEntry>>;

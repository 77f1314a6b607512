/** `agentihooks transcript PATH [--json]`: turns, tool calls, failures and tokens of a session log. */
import { formatSummary, readTranscript } from "../../runtime/transcript";
import { diagnostic } from "../../compiler/messages";
import { commonHelp, EXIT, parseCommand } from "./contract";

const help = `Usage: agentihooks transcript PATH [options]

Reads a Copilot events.jsonl, a Codex rollout or a Claude transcript and reports its turns, tool
calls, failed tool calls and token usage.

Options:
${commonHelp}

Exit codes: 0 read, 1 no PATH or it cannot be read.
`;

/** The command's options (exported for shell completion). */
export const options = {} as const;

/** Prints the summary of the log at PATH; exit 1 when it cannot be read. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand({ name: "transcript", help, options, positionals: true }, argv);
  if ("exit" in parsed) return parsed.exit;
  const { positionals, out } = parsed;
  if (positionals.length !== 1) {
    const reason =
      positionals.length === 0
        ? "no session log was given; pass its path, e.g. ~/.copilot/session-state/<session id>/events.jsonl"
        : `one session log is expected, but ${positionals.length} were given`;
    out.report([diagnostic("AH5120", { file: "command line" }, { command: "transcript", reason })]);
    return out.finish(EXIT.error);
  }
  const path = positionals[0] as string;
  let result;
  try {
    result = readTranscript(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    out.report([diagnostic("AH1106", { file: path }, { code: code ?? (error as Error).message })]);
    return out.finish(EXIT.error);
  }
  out.say(formatSummary(path, result.summary));
  return out.finish(EXIT.ok, result.summary);
}

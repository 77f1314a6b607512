/** `agentihooks statusline`: Copilot's statusLine command (session JSON on stdin, one line out). */
import { readStdin, stdinDeadlineMs } from "../../runtime/stdio";
import { renderStatusLine } from "../../runtime/statusline";
import { commonHelp, EXIT, parseCommand } from "./contract";

const help = `Usage: agentihooks statusline < session.json

Prints the Copilot status line for the session JSON on stdin (Copilot runs this as its statusLine
command). The generated settings call dist/runtime.cjs statusline directly, which starts faster.

Options:
${commonHelp}

Exit codes: 0 always when the options are valid (a status line must never break the client's UI).
With --json the envelope's result is {line}.
`;

/** The command's options (exported for shell completion). */
export const options = {} as const;

/** Prints the status line; exits 0 (a status line must never break the client's UI), 1 only for bad options. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand({ name: "statusline", help, options }, argv);
  if ("exit" in parsed) return parsed.exit;
  const line = renderStatusLine(readStdin(stdinDeadlineMs(process.env)).text, process.env, process.cwd());
  parsed.out.say(line);
  return parsed.out.finish(EXIT.ok, { line });
}

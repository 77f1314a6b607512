/** `agentihooks transcript PATH [--json]`: turns, tool calls, failures and tokens of a session log. */
import { formatSummary, readTranscript } from "../../runtime/transcript";

/** Prints the summary of the log at PATH; exit 1 when it cannot be read. */
export async function run(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  const path = argv.find((a) => !a.startsWith("-"));
  if (!path || argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write("Usage: agentihooks transcript PATH [--json]\n\nReads a Copilot events.jsonl, a Codex rollout or a Claude transcript and reports its turns,\ntool calls, failed tool calls and token usage.\n");
    return path ? 0 : 1;
  }
  let result;
  try {
    result = readTranscript(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(`agentihooks transcript: cannot read ${path}${code ? ` (${code})` : ""}. Pass the path of a session log, e.g. ~/.copilot/session-state/<session id>/events.jsonl.\n`);
    return 1;
  }
  process.stdout.write(json ? `${JSON.stringify(result.summary, null, 2)}\n` : formatSummary(path, result.summary));
  return 0;
}

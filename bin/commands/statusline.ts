/** `agentihooks statusline`: Copilot's statusLine command (session JSON on stdin, one line out). */
import { readStdin } from "../../runtime/stdio";
import { renderStatusLine } from "../../runtime/statusline";

/** Prints the status line; always exits 0 (a status line must never break the client's UI). */
export async function run(_argv: string[]): Promise<number> {
  process.stdout.write(renderStatusLine(readStdin(), process.env, process.cwd()));
  return 0;
}

/** `agentihooks statusline`: Copilot's statusLine command (session JSON on stdin, one line out). */
import { readFileSync } from "node:fs";
import { renderStatusLine } from "../../runtime/statusline";

/** Prints the status line; always exits 0 (a status line must never break the client's UI). */
export async function run(_argv: string[]): Promise<number> {
  let stdin = "";
  if (!process.stdin.isTTY) {
    try {
      stdin = readFileSync(0, "utf8");
    } catch {
      stdin = "";
    }
  }
  process.stdout.write(renderStatusLine(stdin, process.env, process.cwd()));
  return 0;
}

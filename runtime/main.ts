/**
 * The hook runtime's entry, bundled to dist/runtime.cjs and run by every wrapper the compiler
 * writes (see docs/runtime.md for the invocation contract). It reads stdin, runs one hook, prints
 * the reply and sets the exit code. `runtime.cjs statusline` prints Copilot's status line instead.
 * Node builtins and this directory's modules only: this file starts before and after every tool call.
 */
import { dispatchEventFor, garbledNamesToolEvent, isToolPermissionEvent } from "./events";
import { notifyArgument, runHook } from "./run-hook";
import { EXIT_LINE_TAG, readStdin, stdinDeadlineMs, writeFd } from "./stdio";
import { renderStatusLine } from "./statusline";

function main(): void {
  const argv = process.argv.slice(2);
  if (argv[0] === "statusline") {
    writeFd(1, renderStatusLine(readStdin(stdinDeadlineMs(process.env)).text, process.env, process.cwd()));
    return;
  }
  // Codex's notify passes its JSON as an argument and leaves stdin alone: do not wait on it.
  const input = notifyArgument(argv) === undefined ? readStdin(stdinDeadlineMs(process.env)) : { text: "", complete: true };
  const stdin = input.text;
  // stdin still open at the deadline: what came is decided as is. A whole JSON object is the whole
  // payload; anything less does not parse, and runHook denies it when it may be a tool call.
  if (!input.complete)
    writeFd(2, `agentihooks: stdin did not close within ${stdinDeadlineMs(process.env) / 1000} s; deciding on the ${input.text.length} characters received.\n`);
  let reply;
  try {
    reply = runHook({ stdin, argv, env: process.env, cwd: process.cwd() });
  } catch (error) {
    // runHook does not throw; if it ever does, deny a call that may be a tool call (deny on doubt)
    // and let everything else through. Never exit 1: Copilot reads it as a deny with no reason.
    const envEvent = dispatchEventFor((process.env.AGENTIHOOKS_COPILOT_EVENT ?? "").trim());
    const tool = garbledNamesToolEvent(stdin) || isToolPermissionEvent(envEvent);
    writeFd(2, `${tool ? "BLOCKED: " : ""}agentihooks: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    exitWith(tool ? 2 : 0);
    return;
  }
  writeFd(1, reply.stdout);
  writeFd(2, reply.stderr);
  exitWith(reply.exitCode === 0 ? allowExitCode(process.env) : reply.exitCode);
}

/** Sets the exit code and, under the wrapper, reports it as stdout's last line (EXIT_LINE_TAG). */
function exitWith(code: number): void {
  process.exitCode = code;
  if (allowExitCode(process.env) !== 0) writeFd(1, `\n${EXIT_LINE_TAG}${code}\n`);
}

/**
 * The exit code that says "checked and allowed". The wrapper asks for a distinct one on pre-tool
 * events (`AGENTIHOOKS_ALLOW_EXIT`, 3-125) and reports it to the client as 0, so a runtime that
 * ends with 0 without deciding (an empty or truncated runtime file) is told apart and denied.
 */
function allowExitCode(env: NodeJS.ProcessEnv): number {
  const raw = env.AGENTIHOOKS_ALLOW_EXIT ?? "";
  const code = /^[0-9]{1,3}$/.test(raw) ? Number(raw) : 0;
  return code >= 3 && code <= 125 ? code : 0;
}

main();

/**
 * `agentihooks hook EVENT`: runs the hook runtime in-process for EVENT, reading the payload on
 * stdin, exactly as the bundled dist/runtime.cjs does (the generated wrappers call that file
 * directly because it starts faster). The target comes from AGENTIHOOKS_TARGET (default claude).
 * A missing or unknown EVENT is an error (exit 1): run by hand, a typo must not look like "allowed".
 */
import { diagnostic } from "../../compiler/messages";
import { readStdin, stdinDeadlineMs } from "../../runtime/stdio";
import { runHook } from "../../runtime/run-hook";
import { dispatchEventFor, DISPATCH_EVENTS } from "../../runtime/events";
import { commonHelp, EXIT, parseCommand } from "./contract";
import { TARGET_IDS } from "../../compiler/targets/ids";

const help = `Usage: agentihooks hook EVENT < payload.json

Runs the hook runtime for EVENT (any client spelling: preToolUse, PreToolUse, …).
The target comes from AGENTIHOOKS_TARGET (${TARGET_IDS.join(", ")}; default claude; any other value is refused).

Options:
${commonHelp}

Exit codes: 0 allowed (stdout: nothing or one JSON object), 2 blocked (reason on stderr), 1 no or
an unknown EVENT. With --json the envelope's result is {event, exitCode, stdout, stderr}.
`;

/** The command's options (exported for shell completion). */
export const options = {} as const;

/** Runs one hook; returns the runtime's exit code (0, or 2 for a block), or 1 for a bad EVENT. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand({ name: "hook", help, options, positionals: true }, argv);
  if ("exit" in parsed) return parsed.exit;
  const { positionals, out } = parsed;
  const event = positionals[0];
  const known = DISPATCH_EVENTS.join(", ");
  if (event === undefined || dispatchEventFor(event) === undefined) {
    const problem = event === undefined ? "No hook event was given" : `'${event}' is not a hook event`;
    out.report([diagnostic("AH5123", { file: "command line" }, { problem, known })]);
    return out.finish(EXIT.error);
  }
  const env = { ...process.env };
  // The CLI's argument plays the wrapper's role: for Copilot it is the only event identity.
  if (!env.AGENTIHOOKS_COPILOT_EVENT) env.AGENTIHOOKS_COPILOT_EVENT = event;
  const reply = runHook({ stdin: readStdin(stdinDeadlineMs(process.env)).text, argv: positionals, env, cwd: process.cwd() });
  if (out.json) return out.finish(reply.exitCode, { event, exitCode: reply.exitCode, stdout: reply.stdout ?? "", stderr: reply.stderr ?? "" });
  if (reply.stdout) process.stdout.write(reply.stdout);
  if (reply.stderr) process.stderr.write(reply.stderr);
  return reply.exitCode;
}

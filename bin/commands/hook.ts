/**
 * `agentihooks hook EVENT`: runs the hook runtime in-process for EVENT, reading the payload on
 * stdin, exactly as the bundled dist/runtime.cjs does (the generated wrappers call that file
 * directly because it starts faster). The target comes from AGENTIHOOKS_TARGET (default claude; an id naming no client is refused).
 */
import { TARGET_IDS } from "../../compiler/targets/ids";
import { readStdin } from "../../runtime/stdio";
import { runHook } from "../../runtime/run-hook";

/** Runs one hook; returns the runtime's exit code (0, or 2 for a block). */
export async function run(argv: string[]): Promise<number> {
  if (argv[0] === "--help" || argv[0] === "-h") {
    process.stdout.write(`Usage: agentihooks hook EVENT < payload.json\n\nRuns the hook runtime for EVENT (any client spelling: preToolUse, PreToolUse, …).\nThe target comes from AGENTIHOOKS_TARGET (${TARGET_IDS.join(", ")}; default claude; any other value is refused).\nExit 0: allowed (stdout: nothing or one JSON object); exit 2: blocked (reason on stderr).\n`);
    return 0;
  }
  const event = argv[0] ?? "";
  const env = { ...process.env };
  // The CLI's argument plays the wrapper's role: for Copilot it is the only event identity.
  if (event && !env.AGENTIHOOKS_COPILOT_EVENT) env.AGENTIHOOKS_COPILOT_EVENT = event;
  const reply = runHook({ stdin: readStdin(), argv, env, cwd: process.cwd() });
  if (reply.stdout) process.stdout.write(reply.stdout);
  if (reply.stderr) process.stderr.write(reply.stderr);
  return reply.exitCode;
}

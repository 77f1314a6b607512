/** Small helpers the plan/apply/uninstall/doctor/build commands share: printing and asking. */
import { createInterface } from "node:readline";
import { formatDiagnostics, type Diagnostic } from "../compiler/diagnostics";

/** Prints diagnostics (sorted) to stderr. */
export function printDiagnostics(list: readonly Diagnostic[]): void {
  if (list.length > 0) process.stderr.write(formatDiagnostics(list));
}

/** Asks a yes/no question on the terminal; anything but `y`/`yes` is no. */
export async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
    return /^(y|yes)$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** Parses argv with node:util parseArgs; prints the problem and usage on error. */
export async function parseCommandArgs<T>(command: string, help: string, argv: string[], parse: (argv: string[]) => T): Promise<T | undefined> {
  try {
    return parse(argv);
  } catch (error) {
    process.stderr.write(`agentihooks ${command}: ${(error as Error).message}\n\n${help}`);
    return undefined;
  }
}

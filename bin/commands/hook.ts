/** `agentihooks hook`: being built (see the open issues). */
export async function run(_argv: string[]): Promise<number> {
  process.stderr.write("agentihooks hook: not implemented yet.\n");
  return 1;
}

/** `agentihooks profiles`: being built (see the open issues). */
export async function run(_argv: string[]): Promise<number> {
  process.stderr.write("agentihooks profiles: not implemented yet.\n");
  return 1;
}

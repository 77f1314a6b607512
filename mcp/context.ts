/**
 * What every tool of the agentihooks MCP server reads: the client it serves, the agentihooks home
 * (policy files, audit log, recorded source) and the clock. Built once at start-up (mcp/main.ts) or
 * by a test, so every tool reads the same home.
 */
import type { TargetId } from "../compiler/targets/ids";

/** The server's view of the machine. */
export interface ServerContext {
  /** The client this server was registered for (`--target`): its policy file is the one read. */
  target: TargetId;
  /** The agentihooks home: `AGENTIHOOKS_HOME`, else `~/.agentihooks`. */
  home: string;
  /** The agentihooks release that built this server. */
  version: string;
  /** Environment variables (broadcast channels are read from them). */
  env: Readonly<Record<string, string | undefined>>;
  /** The current time (a seam for tests). */
  now(): Date;
}

/**
 * Compiler-only facts about Claude Code 2.1.332's configuration files. What the client does on the
 * hook wire (events, timeouts, replies) is in ./contract.ts.
 */
/** MCP `type` spellings of the canonical shape → what `~/.claude.json` takes. */
export const MCP_TYPES: Readonly<Record<string, "stdio" | "http" | "sse">> = {
  stdio: "stdio",
  local: "stdio",
  http: "http",
  "streamable-http": "http",
  sse: "sse",
};

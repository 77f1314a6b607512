import type { TargetDescriptor } from "../target";
import { contract } from "./contract";

/** Claude Code: `~/.claude` settings, `~/.claude.json` user-scope MCP servers. */
export const descriptor = {
  id: contract.id,
  displayName: contract.displayName,
  verifiedAgainst: contract.verifiedAgainst,
  layers: {
    subdir: ".claude",
    base: "settings.base.json",
    settings: "settings.overrides.json",
    mcp: ".mcp.json",
    format: "jsonc",
    settingsSchema: "https://agentihooks.dev/schemas/claude-settings.schema.json",
    mcpContainer: "mcpServers",
    mcpSchema: "https://agentihooks.dev/schemas/claude-mcp.schema.json",
  },
  contract,
  scopes: { repo: true, machine: true },
} as const satisfies TargetDescriptor;

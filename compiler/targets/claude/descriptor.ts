import type { TargetDescriptor } from "../target";
import { claudeCapabilities } from "./capabilities";

/** Claude Code: `~/.claude` settings, `~/.claude.json` user-scope MCP servers. */
export const descriptor = {
  id: "claude",
  displayName: "Claude Code",
  verifiedAgainst: { package: "@anthropic-ai/claude-code", version: "2.1.332" },
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
  capabilities: claudeCapabilities,
} as const satisfies TargetDescriptor;

import type { TargetDescriptor } from "../target";
import { codexCapabilities } from "./capabilities";

/** OpenAI Codex CLI: `~/.codex/config.toml` (shared with the operator), `hooks.json`, AGENTS.md. */
export const descriptor = {
  id: "codex",
  displayName: "OpenAI Codex CLI",
  verifiedAgainst: { package: "@openai/codex", version: "0.171.0" },
  layers: {
    subdir: ".codex",
    base: "config.base.toml",
    settings: "config.overrides.toml",
    mcp: "mcp.overrides.toml",
    format: "toml",
    settingsSchema: "https://agentihooks.dev/schemas/codex-config.schema.json",
    mcpContainer: "mcp_servers",
    mcpSchema: "https://agentihooks.dev/schemas/codex-mcp.schema.json",
  },
  capabilities: codexCapabilities,
} as const satisfies TargetDescriptor;

import type { TargetDescriptor } from "../target";
import { contract } from "./contract";

/** OpenAI Codex CLI: `~/.codex/config.toml` (shared with the operator), `hooks.json`, AGENTS.md. */
export const descriptor = {
  id: contract.id,
  displayName: contract.displayName,
  verifiedAgainst: contract.verifiedAgainst,
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
  contract,
  scopes: { repo: true, machine: true },
} as const satisfies TargetDescriptor;

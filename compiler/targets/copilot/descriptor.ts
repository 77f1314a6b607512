import type { TargetDescriptor } from "../target";
import { contract } from "./contract";

/** GitHub Copilot CLI: `~/.copilot`, native JSON (JSONC accepted) settings with the `_agentihooks` block. */
export const descriptor = {
  id: contract.id,
  displayName: contract.displayName,
  verifiedAgainst: contract.verifiedAgainst,
  layers: {
    subdir: ".copilot",
    base: "settings.base.copilot.json",
    settings: "settings.overrides.json",
    mcp: "mcp-config.overrides.json",
    format: "jsonc",
    settingsSchema: "https://agentihooks.dev/schemas/copilot-settings.schema.json",
    mcpContainer: "mcpServers",
    mcpSchema: "https://agentihooks.dev/schemas/copilot-mcp.schema.json",
  },
  contract,
  scopes: { repo: true, machine: true },
} as const satisfies TargetDescriptor;

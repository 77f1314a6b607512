import type { TargetDescriptor } from "../target";
import { copilotCapabilities } from "./capabilities";

/** GitHub Copilot CLI: `~/.copilot`, native JSON (JSONC accepted) settings with the `_agentihooks` block. */
export const descriptor = {
  id: "copilot",
  displayName: "GitHub Copilot CLI",
  verifiedAgainst: { package: "@github/copilot", version: "1.0.102" },
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
  capabilities: copilotCapabilities,
} as const satisfies TargetDescriptor;

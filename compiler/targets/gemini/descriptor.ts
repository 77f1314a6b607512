import type { TargetDescriptor } from "../target";
import { contract } from "./contract";

/** Gemini CLI: `~/.gemini/settings.json` (shared with the operator), GEMINI.md, commands, agents. */
export const descriptor = {
  id: contract.id,
  displayName: contract.displayName,
  verifiedAgainst: contract.verifiedAgainst,
  layers: {
    subdir: ".gemini",
    base: "settings.base.gemini.json",
    settings: "settings.overrides.json",
    mcp: "mcp.overrides.json",
    format: "jsonc",
    settingsSchema: "https://agentihooks.dev/schemas/gemini-settings.schema.json",
    mcpContainer: "mcpServers",
    mcpSchema: "https://agentihooks.dev/schemas/gemini-mcp.schema.json",
    // `settings.overrides.json` at a profile's root is the Claude and Copilot layer.
    subdirOnly: true,
  },
  contract,
  doctorNotes: [
    "Gemini CLI runs no hook in a folder it does not trust (user-level hooks included), and `gemini -p` refuses to start there: the guardrails hold only in trusted folders. Trust a folder through Gemini's prompt, --skip-trust, GEMINI_CLI_TRUST_WORKSPACE=true or ~/.gemini/trustedFolders.json; agentihooks never writes trust for you.",
  ],
  scopes: { repo: true, machine: true },
} as const satisfies TargetDescriptor;

/** Where every Copilot artifact lives, from the Environment (placeholders in a portable build). */
import path from "node:path";
import { type Environment, targetHome } from "../../environment";
import { contract } from "./contract";

/** Absolute paths of everything the Copilot target writes. */
export interface CopilotPaths {
  settings: string;
  /** Managed-key record for settings.json (kept beside the file, never inside it: the client owns its file). */
  sidecar: string;
  hooksFile: string;
  wrapper: string;
  persona: string;
  mcpConfig: string;
  agentsDir: string;
  agentsManifest: string;
  /** The open-standard skills directory shared with Codex (`~/.agents/skills`). */
  skillsDir: string;
  /** Manifest of command-translated skills (not `.agentihooks-manifest.json`, which Codex uses). */
  commandsManifest: string;
  envFile: string;
}

/** Builds the Copilot paths for `env`. `config.json` is deliberately absent: it is Copilot's, never ours. */
export function copilotPaths(env: Environment): CopilotPaths {
  const home = targetHome(env, contract);
  const join = path.posix.join;
  return {
    settings: join(home, "settings.json"),
    sidecar: join(home, ".agentihooks-managed.json"),
    hooksFile: join(home, "hooks", "agentihooks.json"),
    wrapper: join(home, "agentihooks-hook.sh"),
    persona: join(home, "copilot-instructions.md"),
    mcpConfig: join(home, "mcp-config.json"),
    agentsDir: join(home, "agents"),
    agentsManifest: ".agentihooks-manifest.json",
    skillsDir: env.agentsSkills,
    commandsManifest: ".agentihooks-copilot-commands.json",
    envFile: join(env.agentihooksHome, "copilot.env"),
  };
}

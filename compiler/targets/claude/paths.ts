/** Where every Claude Code artifact lives, from the Environment (placeholders in a portable build). */
import path from "node:path";
import { clientStateFile, type Environment, targetHome } from "../../environment";
import { contract } from "./contract";

/** Absolute paths of everything the Claude target writes. */
export interface ClaudePaths {
  settings: string;
  /** Managed-key record for settings.json (kept beside the file, never inside it: the client owns its file). */
  sidecar: string;
  /** Hook groups written from profile layers, recorded so the next apply knows them as ours. */
  hooksSidecar: string;
  wrapper: string;
  persona: string;
  /** Claude's own state file; user-scope MCP servers live under its `mcpServers`. */
  claudeJson: string;
  rulesDir: string;
  agentsDir: string;
  commandsDir: string;
  skillsDir: string;
  /** Manifest file name inside rules/, agents/ and commands/: the items we wrote. */
  manifest: string;
}

/** Builds the Claude paths for `env`. */
export function claudePaths(env: Environment): ClaudePaths {
  const home = targetHome(env, contract);
  const join = path.posix.join;
  return {
    settings: join(home, "settings.json"),
    sidecar: join(home, ".agentihooks-managed.json"),
    hooksSidecar: join(home, ".agentihooks-hooks.json"),
    wrapper: join(home, "agentihooks-hook.sh"),
    persona: join(home, "CLAUDE.md"),
    // Beside the config directory, or inside it once moved (the contract's `home.stateFile`).
    claudeJson: clientStateFile(env, contract) as string,
    rulesDir: join(home, "rules"),
    agentsDir: join(home, "agents"),
    commandsDir: join(home, "commands"),
    skillsDir: join(home, "skills"),
    manifest: ".agentihooks-manifest.json",
  };
}

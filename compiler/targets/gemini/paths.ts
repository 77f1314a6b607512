/** Where every Gemini CLI artifact lives, from the Environment (placeholders in a portable build). */
import path from "node:path";
import { type Environment, targetHome } from "../../environment";
import { contract } from "./contract";

/** Absolute paths of everything the Gemini target writes. */
export interface GeminiPaths {
  /** settings.json, shared with the operator: managed keys, our hook groups and MCP servers. */
  settings: string;
  /** Managed-key record for settings.json (never inside the client's file). */
  sidecar: string;
  wrapper: string;
  persona: string;
  commandsDir: string;
  agentsDir: string;
  /** Manifest file name inside commands/ and agents/: the items we wrote. */
  manifest: string;
  /** The open-standard skills directory (`~/.agents/skills`), which Gemini reads next to its own. */
  skillsDir: string;
}

/** Builds the Gemini paths for `env`. */
export function geminiPaths(env: Environment): GeminiPaths {
  const home = targetHome(env, contract);
  const join = path.posix.join;
  return {
    settings: join(home, "settings.json"),
    sidecar: join(home, ".agentihooks-managed.json"),
    wrapper: join(home, "agentihooks-hook.sh"),
    persona: join(home, "GEMINI.md"),
    commandsDir: join(home, "commands"),
    agentsDir: join(home, "agents"),
    manifest: ".agentihooks-manifest.json",
    skillsDir: env.agentsSkills,
  };
}

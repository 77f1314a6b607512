/** Where every Codex artifact lives, from the Environment (placeholders in a portable build). */
import path from "node:path";
import { type Environment, targetHome } from "../../environment";
import { contract } from "./contract";

/** Absolute paths of everything the Codex target writes. */
export interface CodexPaths {
  /** config.toml, shared with the operator: edited key by key. */
  config: string;
  /** Managed-key record for config.toml (kept beside the file, never inside it: the client owns its file). */
  sidecar: string;
  /** hooks.json: the only place our hooks are registered (an inline `[hooks]` too would fire everything twice). */
  hooksFile: string;
  wrapper: string;
  persona: string;
  /** The open-standard skills directory shared with Copilot (`~/.agents/skills`). */
  skillsDir: string;
}

/** Builds the Codex paths for `env`. `~/.codex/prompts` is deliberately absent: 0.171 loads none. */
export function codexPaths(env: Environment): CodexPaths {
  const home = targetHome(env, contract);
  const join = path.posix.join;
  return {
    config: join(home, "config.toml"),
    sidecar: join(home, ".agentihooks-managed.json"),
    hooksFile: join(home, "hooks.json"),
    wrapper: join(home, "agentihooks-hook.sh"),
    persona: join(home, "AGENTS.md"),
    skillsDir: env.agentsSkills,
  };
}

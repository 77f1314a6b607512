/** Where every Gemini CLI artifact lives, from the Environment (placeholders in a portable build). */
import path from "node:path";
import { type Environment, targetHome } from "../../environment";
import { shellQuote } from "../../lower/shell-quote";
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
  /** The command prefix every hook entry runs (the event follows): what marks an entry as ours. */
  hookCommand: string;
}

/** Builds the Gemini paths for `env`. */
export function geminiPaths(env: Environment): GeminiPaths {
  if (env.scope.name === "repo") return geminiRepoPaths(env.scope.root, env);
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
    hookCommand: shellQuote(join(home, "agentihooks-hook.sh")),
  };
}

/**
 * Repo scope (docs/scopes.md; verified with Gemini CLI 0.61.0): the workspace settings
 * `.gemini/settings.json` (read only in a trusted folder, like every hook), `GEMINI.md` at the
 * root, `.gemini/commands`, skills in `.agents/skills`. Gemini replaces `$GEMINI_PROJECT_DIR` in the
 * command text with the project root, so the committed wrapper is found from any subfolder.
 */
function geminiRepoPaths(root: string, env: Environment): GeminiPaths {
  const join = path.posix.join;
  const dir = join(root, ".gemini");
  const wrapper = join(env.agentihooksHome, "gemini-hook.sh");
  return {
    settings: join(dir, "settings.json"),
    sidecar: join(dir, ".agentihooks-managed.json"),
    wrapper,
    persona: join(root, "GEMINI.md"),
    commandsDir: join(dir, "commands"),
    agentsDir: join(dir, "agents"),
    manifest: ".agentihooks-manifest.json",
    skillsDir: env.agentsSkills,
    hookCommand: `"$GEMINI_PROJECT_DIR"/${path.posix.relative(root, wrapper)}`,
  };
}

/** Where every Codex artifact lives, from the Environment (placeholders in a portable build). */
import path from "node:path";
import { type Environment, targetHome } from "../../environment";
import { shellQuote } from "../../lower/shell-quote";
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
  /** The command prefix every hook entry runs (the event follows): what marks an entry as ours. */
  hookCommand: string;
}

/** Builds the Codex paths for `env`. `~/.codex/prompts` is deliberately absent: 0.171 loads none. */
export function codexPaths(env: Environment): CodexPaths {
  if (env.scope.name === "repo") return codexRepoPaths(env.scope.root, env);
  const home = targetHome(env, contract);
  const join = path.posix.join;
  return {
    config: join(home, "config.toml"),
    sidecar: join(home, ".agentihooks-managed.json"),
    hooksFile: join(home, "hooks.json"),
    wrapper: join(home, "agentihooks-hook.sh"),
    persona: join(home, "AGENTS.md"),
    skillsDir: env.agentsSkills,
    hookCommand: shellQuote(join(home, "agentihooks-hook.sh")),
  };
}

/**
 * Repo scope (docs/scopes.md; verified with Codex CLI 0.171.0): the project layer `.codex/config.toml`
 * and `.codex/hooks.json`, which Codex reads only once the user trusts the project (and runs hooks
 * only once approved), `AGENTS.md` at the root, skills in `.agents/skills` (read even untrusted).
 * Codex gives a hook no project variable and runs it in the session's folder, so the command finds
 * the committed wrapper through git; when it cannot, a pre-tool call is denied (exit 2 with a
 * reason, the form Codex honours) and other events go on.
 */
function codexRepoPaths(root: string, env: Environment): CodexPaths {
  const join = path.posix.join;
  const dir = join(root, ".codex");
  const wrapper = join(env.agentihooksHome, "codex-hook.sh");
  const rel = path.posix.relative(root, wrapper);
  return {
    config: join(dir, "config.toml"),
    sidecar: join(dir, ".agentihooks-managed.json"),
    hooksFile: join(dir, "hooks.json"),
    wrapper,
    persona: join(root, "AGENTS.md"),
    skillsDir: env.agentsSkills,
    hookCommand: `sh -c 'r=$(git rev-parse --show-toplevel) && exec "$r/${rel}" "$0"; case "$0" in PreToolUse|PermissionRequest) echo "agentihooks: the repository hook runtime (${rel}) cannot run here; the call is denied unchecked" >&2; exit 2;; esac'`,
  };
}

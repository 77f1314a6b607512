/** Where every Claude Code artifact lives, from the Environment (placeholders in a portable build). */
import path from "node:path";
import { clientStateFile, type Environment, targetHome } from "../../environment";
import { shellQuote } from "../../lower/shell-quote";
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
  /** The command prefix every hook entry runs (the wrapper, quoted; the event follows): what marks an entry as ours. */
  hookCommand: string;
}

/** Builds the Claude paths for `env`. */
export function claudePaths(env: Environment): ClaudePaths {
  if (env.scope.name === "repo") return claudeRepoPaths(env.scope.root, env.agentihooksHome);
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
    hookCommand: shellQuote(join(home, "agentihooks-hook.sh")),
  };
}

/**
 * Repo scope (docs/scopes.md; verified with Claude Code 2.1.332): `.claude/settings.json` (the
 * team's shared settings; `settings.local.json` stays the developer's), `.mcp.json` at the root
 * (project MCP servers, same `mcpServers` shape as `~/.claude.json`), `CLAUDE.md` at the root,
 * `.claude/{rules,agents,commands,skills}`. Hooks run the committed wrapper through
 * `$CLAUDE_PROJECT_DIR`, which Claude sets to the project root for every hook, so a session started
 * in a subfolder still finds it.
 */
function claudeRepoPaths(root: string, state: string): ClaudePaths {
  const join = path.posix.join;
  const dir = join(root, ".claude");
  return {
    settings: join(dir, "settings.json"),
    sidecar: join(dir, ".agentihooks-managed.json"),
    hooksSidecar: join(dir, ".agentihooks-hooks.json"),
    wrapper: join(state, "claude-hook.sh"),
    persona: join(root, "CLAUDE.md"),
    claudeJson: join(root, ".mcp.json"),
    rulesDir: join(dir, "rules"),
    agentsDir: join(dir, "agents"),
    commandsDir: join(dir, "commands"),
    skillsDir: join(dir, "skills"),
    manifest: ".agentihooks-manifest.json",
    hookCommand: `"$CLAUDE_PROJECT_DIR"/${path.posix.relative(root, join(state, "claude-hook.sh"))}`,
  };
}

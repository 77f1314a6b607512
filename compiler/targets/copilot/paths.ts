/** Where every Copilot artifact lives, from the Environment (placeholders in a portable build). */
import path from "node:path";
import { type Environment, targetHome } from "../../environment";
import { shellQuote } from "../../lower/shell-quote";
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
  /** The command prefix every hook entry runs (the event follows): what marks an entry as ours. */
  hookCommand: string;
  /**
   * How a hook entry names its command: `command` (home: Copilot CLI's cross-platform key) or
   * `bash` with `cwd: "."` (repo: the only kind the Copilot cloud agent runs, from the repo root).
   */
  hookKey: "command" | "bash";
}

/** Builds the Copilot paths for `env`. `config.json` is deliberately absent: it is Copilot's, never ours. */
export function copilotPaths(env: Environment): CopilotPaths {
  if (env.scope.name === "repo") return copilotRepoPaths(env.scope.root, env);
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
    hookCommand: shellQuote(join(home, "agentihooks-hook.sh")),
    hookKey: "command",
  };
}

/**
 * Repo scope (docs/scopes.md; verified with Copilot CLI 1.0.102): hooks in
 * `.github/hooks/agentihooks.json` (also read by the cloud agent), instructions in
 * `.github/copilot-instructions.md`, agents in `.github/agents`, MCP servers in `.github/mcp.json`,
 * skills in the open-standard `.agents/skills` (listed by `copilot skill list` as project skills).
 * Repository settings and the env file have no place here (`settings`, `sidecar` and `envFile` are
 * never written in this scope).
 */
function copilotRepoPaths(root: string, env: Environment): CopilotPaths {
  const join = path.posix.join;
  const github = join(root, ".github");
  const wrapper = join(env.agentihooksHome, "copilot-hook.sh");
  return {
    settings: join(github, "copilot", "settings.json"),
    sidecar: join(github, "copilot", ".agentihooks-managed.json"),
    hooksFile: join(github, "hooks", "agentihooks.json"),
    wrapper,
    persona: join(github, "copilot-instructions.md"),
    mcpConfig: join(github, "mcp.json"),
    agentsDir: join(github, "agents"),
    agentsManifest: ".agentihooks-manifest.json",
    skillsDir: env.agentsSkills,
    commandsManifest: ".agentihooks-copilot-commands.json",
    envFile: join(env.agentihooksHome, "copilot.env"),
    // Relative to the repository root, which `cwd: "."` makes the hook's working directory.
    hookCommand: `./${path.posix.relative(root, wrapper)}`,
    hookKey: "bash",
  };
}

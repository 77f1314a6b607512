/**
 * The facts about the machine that the compiler needs, read once at the edge (`readEnvironment`)
 * and passed in as data, so `compile` stays pure and golden tests can inject fixed values.
 */
import { accessSync, constants, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { findPackageRoot } from "./load/package-root";

/** Every machine fact the compiler reads. Paths are absolute (or placeholders in a portable build). */
export interface Environment {
  /** The operator's home directory. */
  home: string;
  /** `~/.copilot`, or the first entry of `COPILOT_HOME`. */
  copilotHome: string;
  /** `~/.claude`, or `CLAUDE_CONFIG_DIR` when set. */
  claudeHome: string;
  /** Claude's own state file holding user-scope MCP servers: `~/.claude.json` (inside `CLAUDE_CONFIG_DIR` when set). */
  claudeJson: string;
  /** `~/.codex`, or the first entry of `CODEX_HOME`. */
  codexHome: string;
  /** The open-standard skills directory shared by Codex and Copilot: `~/.agents/skills`. */
  agentsSkills: string;
  /** agentihooks' own state directory: `$AGENTIHOOKS_HOME` or `~/.agentihooks`. */
  agentihooksHome: string;
  /** Absolute path of the Node binary that ran the compiler; hook wrappers exec it. */
  nodePath: string;
  /** Root of the installed agentihooks package. */
  packageRoot: string;
  /** The bundled hook runtime every wrapper runs (`<packageRoot>/dist/runtime.cjs`). */
  runtimePath: string;
  /** The CLI entry (`<packageRoot>/bin/agentihooks.js`), used by the status-line command. */
  cliPath: string;
  /** Running under Windows Subsystem for Linux. */
  wsl: boolean;
  /** Environment variables, for the explicit opt-ins that resolve `${VAR}` at apply time. */
  vars: Readonly<Record<string, string>>;
  /** Resolves an executable name or path to an absolute path, or null when it does not exist here. */
  resolveExecutable(command: string): string | null;
}

/** Placeholder environment for portable output (`build --out`) and golden tests: no machine paths. */
export function portableEnvironment(overrides: Partial<Environment> = {}): Environment {
  const home = "/home/agent";
  return {
    home,
    copilotHome: `${home}/.copilot`,
    claudeHome: `${home}/.claude`,
    claudeJson: `${home}/.claude.json`,
    codexHome: `${home}/.codex`,
    agentsSkills: `${home}/.agents/skills`,
    agentihooksHome: `${home}/.agentihooks`,
    nodePath: "/usr/local/bin/node",
    packageRoot: "/opt/agentihooks",
    runtimePath: "/opt/agentihooks/dist/runtime.cjs",
    cliPath: "/opt/agentihooks/bin/agentihooks.js",
    wsl: false,
    vars: {},
    resolveExecutable: () => null,
    ...overrides,
  };
}

/** Reads the real machine's facts. The only function here that touches process state. */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const home = env.HOME && env.HOME.length > 0 ? env.HOME : homedir();
  const firstEntry = (value: string | undefined): string | undefined => {
    const first = value?.split(",")[0]?.trim();
    return first ? expandHome(first, home) : undefined;
  };
  const claudeConfigDir = firstEntry(env.CLAUDE_CONFIG_DIR);
  // Found by walking up from this module: once bundled it sits in dist/ or dist/chunks/, so a
  // fixed "../" would name dist/ and every wrapper would run a missing dist/dist/runtime.cjs.
  const root = findPackageRoot();
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) vars[key] = value;
  return {
    home,
    copilotHome: firstEntry(env.COPILOT_HOME) ?? path.join(home, ".copilot"),
    claudeHome: claudeConfigDir ?? path.join(home, ".claude"),
    claudeJson: claudeConfigDir ? path.join(claudeConfigDir, ".claude.json") : path.join(home, ".claude.json"),
    codexHome: firstEntry(env.CODEX_HOME) ?? path.join(home, ".codex"),
    agentsSkills: path.join(home, ".agents", "skills"),
    agentihooksHome: firstEntry(env.AGENTIHOOKS_HOME) ?? path.join(home, ".agentihooks"),
    nodePath: process.execPath,
    packageRoot: root,
    runtimePath: path.join(root, "dist", "runtime.cjs"),
    cliPath: path.join(root, "bin", "agentihooks.js"),
    wsl: Boolean(env.WSL_DISTRO_NAME || env.WSL_INTEROP) || procVersionSaysMicrosoft(),
    vars,
    resolveExecutable: (command) => resolveOnPath(command, env.PATH ?? ""),
  };
}

function expandHome(p: string, home: string): string {
  return p === "~" ? home : p.startsWith("~/") ? path.join(home, p.slice(2)) : p;
}

function procVersionSaysMicrosoft(): boolean {
  try {
    return /microsoft/i.test(readFileSync("/proc/version", "utf8"));
  } catch {
    return false;
  }
}

function resolveOnPath(command: string, searchPath: string): string | null {
  const executable = (p: string): boolean => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (command.includes("/")) return executable(command) ? command : null;
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    if (executable(candidate)) return candidate;
  }
  return null;
}

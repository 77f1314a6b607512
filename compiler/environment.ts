/**
 * The facts about the machine that the compiler needs, read once at the edge (`readEnvironment`)
 * and passed in as data, so `compile` stays pure and golden tests can inject fixed values.
 */
import { createHash } from "node:crypto";
import { accessSync, constants, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { findPackageRoot } from "./load/package-root";
import { RUNTIME_CORE_FILE, RUNTIME_FILE } from "../runtime/installed-files";
import { HOME_SCOPE, type ScopeContext } from "./scopes/scope";
import type { ClientContract } from "./targets/contract";

/** Every machine fact the compiler reads. Paths are absolute (or placeholders in a portable build). */
export interface Environment {
  /** The operator's home directory. */
  home: string;
  /**
   * Client homes set explicitly, by target id (the config's `homes`); a target not listed here has
   * the home its contract names (`targetHome`).
   */
  homes: Readonly<Record<string, string>>;
  /** The open-standard skills directory shared by Codex and Copilot: `~/.agents/skills`. */
  agentsSkills: string;
  /** agentihooks' own state directory: `$AGENTIHOOKS_HOME` or `~/.agentihooks`. */
  agentihooksHome: string;
  /** Absolute path of the Node binary that ran the compiler (`AGENTIHOOKS_NODE` when set); hook wrappers exec it. */
  nodePath: string;
  /** Absolute path of the bash on PATH when the compiler ran (`/bin/bash` when none): hook wrappers' `#!` line. */
  bashPath: string;
  /** Root of the installed agentihooks package. */
  packageRoot: string;
  /** The bundled hook runtime apply installs (read from `<packageRoot>/dist/runtime.cjs`). */
  runtime: RuntimeBundle;
  /**
   * Where apply installs it, and what every wrapper, Codex `notify` entry and Copilot status line
   * runs: `<agentihooksHome>/runtime/<version>-<digest prefix>/runtime.cjs` (installedRuntimePath).
   */
  runtimePath: string;
  /**
   * The agentihooks MCP server's bundle (read from `<packageRoot>/dist/mcp-server.cjs`), which
   * apply installs beside the runtime (`installedMcpServerPath`) and every client registers.
   */
  mcpServer: Uint8Array;
  /** The CLI entry (`<packageRoot>/bin/agentihooks.js`), used by the status-line command. */
  cliPath: string;
  /** Running under Windows Subsystem for Linux. */
  wsl: boolean;
  /** Environment variables, for the explicit opt-ins that resolve `${VAR}` at apply time. */
  vars: Readonly<Record<string, string>>;
  /** Resolves an executable name or path to an absolute path, or null when it does not exist here. */
  resolveExecutable(command: string): string | null;
  /** The scope this compile writes (compiler/scopes/scope.ts); `home` unless `--scope` or the config says otherwise. */
  scope: ScopeContext;
}

/**
 * The hook runtime as a fact: its loader's bytes (`runtime.cjs`, what the wrappers run), the
 * runtime proper's (`runtime-core.js`, beside it), the package version they ship in, and their
 * sha256 (hex, `runtimeDigest`).
 */
export interface RuntimeBundle {
  version: string;
  digest: string;
  bytes: Uint8Array;
  core: Uint8Array;
}

/** A bundle from its two files' bytes and version (the digest computed). */
export function runtimeBundle(version: string, bytes: Uint8Array, core: Uint8Array): RuntimeBundle {
  return { version, digest: runtimeDigest(bytes, core), bytes, core };
}

/** The sha256 (hex) of a runtime's loader and core: both, with a NUL between (neither holds one). */
export function runtimeDigest(loader: Uint8Array, core: Uint8Array): string {
  return createHash("sha256")
    .update(loader)
    .update(new Uint8Array([0]))
    .update(core)
    .digest("hex");
}

/** The runtime proper, `runtime-core.js` beside the runtime's loader at `runtimePath`. */
export function installedRuntimeCorePath(runtimePath: string): string {
  return path.posix.join(path.posix.dirname(runtimePath), RUNTIME_CORE_FILE);
}

/**
 * The installed runtime's path: versioned and content-addressed, so an upgrade installs beside the
 * old copy (the plan then removes the old one) and a changed bundle never hides under an old name.
 */
export function installedRuntimePath(agentihooksHome: string, runtime: Pick<RuntimeBundle, "version" | "digest">): string {
  return path.posix.join(agentihooksHome, "runtime", `${runtime.version}-${runtime.digest.slice(0, 16)}`, RUNTIME_FILE);
}

// Portable output pins this text, not the real bundle, so goldens do not change with runtime code.
const PORTABLE_RUNTIME = runtimeBundle(
  "0.0.0-portable",
  new TextEncoder().encode("// agentihooks hook runtime: portable output holds this placeholder, apply installs the real bundle.\n"),
  new TextEncoder().encode("// agentihooks hook runtime core: portable output holds this placeholder, apply installs the real bundle.\n"),
);

/** The installed MCP server: `mcp-server.cjs` in the installed runtime's directory. */
export function installedMcpServerPath(runtimePath: string): string {
  return path.posix.join(path.posix.dirname(runtimePath), "mcp-server.cjs");
}

// Like the runtime, the MCP server's bytes are a placeholder in portable output.
const PORTABLE_MCP_SERVER = new TextEncoder().encode("// agentihooks MCP server: portable output holds this placeholder, apply installs the real bundle.\n");

/** Placeholder environment for portable output (`build --out`) and golden tests: no machine paths. */
export function portableEnvironment(overrides: Partial<Environment> = {}): Environment {
  const home = "/home/agent";
  const merged: Environment = {
    home,
    homes: {},
    agentsSkills: `${home}/.agents/skills`,
    agentihooksHome: `${home}/.agentihooks`,
    nodePath: "/usr/local/bin/node",
    bashPath: "/bin/bash",
    packageRoot: "/opt/agentihooks",
    runtime: PORTABLE_RUNTIME,
    runtimePath: "",
    mcpServer: PORTABLE_MCP_SERVER,
    cliPath: "/opt/agentihooks/bin/agentihooks.js",
    wsl: false,
    vars: {},
    resolveExecutable: () => null,
    scope: HOME_SCOPE,
    ...overrides,
  };
  return overrides.runtimePath ? merged : { ...merged, runtimePath: installedRuntimePath(merged.agentihooksHome, merged.runtime) };
}

/** Reads the real machine's facts. The only function here that touches process state. */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const home = env.HOME && env.HOME.length > 0 ? env.HOME : homedir();
  const firstEntry = (value: string | undefined): string | undefined => firstPathEntry(value, home);
  // Found by walking up from this module: once bundled it sits in dist/ or dist/chunks/, so a
  // fixed "../" would name dist/ and every wrapper would run a missing dist/dist/runtime.cjs.
  const root = findPackageRoot();
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) vars[key] = value;
  const agentihooksHome = firstEntry(env.AGENTIHOOKS_HOME) ?? path.join(home, ".agentihooks");
  const runtime = readRuntimeBundle(root);
  return {
    home,
    homes: {},
    agentsSkills: path.join(home, ".agents", "skills"),
    agentihooksHome,
    nodePath: hookNode(env.AGENTIHOOKS_NODE) ?? process.execPath,
    bashPath: resolveOnPath("bash", env.PATH ?? "") ?? "/bin/bash",
    packageRoot: root,
    runtime,
    runtimePath: installedRuntimePath(agentihooksHome, runtime),
    mcpServer: readBundleFile(root, "mcp-server.cjs"),
    cliPath: path.join(root, "bin", "agentihooks.js"),
    wsl: Boolean(env.WSL_DISTRO_NAME || env.WSL_INTEROP) || procVersionSaysMicrosoft(),
    vars,
    resolveExecutable: (command) => resolveOnPath(command, env.PATH ?? ""),
    scope: HOME_SCOPE,
  };
}

/**
 * The home of the client whose contract is `contract`: the config's `homes` entry when set, else the
 * first comma-separated entry of the contract's variable (`COPILOT_HOME`, `CLAUDE_CONFIG_DIR`, …;
 * `~` expanded), else `~/<dir>`.
 */
export function targetHome(env: Pick<Environment, "home" | "homes" | "vars">, contract: Pick<ClientContract, "id" | "home">): string {
  return env.homes[contract.id] ?? clientHomeOverride(env, contract) ?? path.join(env.home, contract.home.dir);
}

/**
 * The client's state file (`contract.home.stateFile`): in the user's home while the client's home
 * is the default one, inside the client's home once that is moved. Undefined when it keeps none.
 */
export function clientStateFile(env: Pick<Environment, "home" | "homes" | "vars">, contract: Pick<ClientContract, "id" | "home">): string | undefined {
  const name = contract.home.stateFile;
  if (name === undefined) return undefined;
  const moved = env.homes[contract.id] !== undefined || clientHomeOverride(env, contract) !== undefined;
  return path.join(moved ? targetHome(env, contract) : env.home, name);
}

/**
 * The home the contract's variable sets (first comma-separated entry, `~` expanded), or undefined
 * when it is unset or empty. A variable that holds a home directory (`variableHolds: "home"`,
 * Gemini's GEMINI_CLI_HOME) gives `<value>/<dir>`.
 */
export function clientHomeOverride(env: Pick<Environment, "home" | "vars">, contract: Pick<ClientContract, "home">): string | undefined {
  const value = firstPathEntry(env.vars[contract.home.variable], env.home);
  return value !== undefined && contract.home.variableHolds === "home" ? path.join(value, contract.home.dir) : value;
}

/** A machine fact set wrongly by the operator (an environment variable): reported as such, not as a bug. */
export class EnvironmentError extends Error {
  override name = "EnvironmentError";
}

/**
 * `AGENTIHOOKS_NODE`: the Node the hooks run instead of the one running the compiler (a Node a
 * version manager may remove, a wrapper script around one). It must be an absolute path to an
 * executable; anything else is refused.
 */
function hookNode(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  if (!path.isAbsolute(value) || resolveOnPath(value, "") === null)
    throw new EnvironmentError(
      `AGENTIHOOKS_NODE=${value} is not an absolute path to an executable. Point it at a Node binary (or a script that runs one), or unset it.`,
    );
  return value;
}

function firstPathEntry(value: string | undefined, home: string): string | undefined {
  const first = value?.split(",")[0]?.trim();
  return first ? expandHome(first, home) : undefined;
}

/**
 * The package's bundled runtime and version. A package without its bundle (a source checkout
 * before `npm run build`) yields an empty bundle: the wrappers then fail closed and doctor says why.
 */
function readRuntimeBundle(root: string): RuntimeBundle {
  let version = "0.0.0";
  try {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version?: unknown };
    if (typeof manifest.version === "string" && /^[0-9A-Za-z.+-]+$/.test(manifest.version)) version = manifest.version;
  } catch {
    // No readable manifest: the version part of the path says 0.0.0; the digest still tells copies apart.
  }
  return runtimeBundle(version, readBundleFile(root, RUNTIME_FILE), readBundleFile(root, RUNTIME_CORE_FILE));
}

/** `<root>/dist/<name>`, or no bytes when the package was not built (doctor then says the server is missing). */
function readBundleFile(root: string, name: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(path.join(root, "dist", name)));
  } catch {
    return new Uint8Array();
  }
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

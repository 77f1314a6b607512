/**
 * The machine scope's Environment: the administrator's policy files (docs/scopes.md, "Machine
 * scope"). Everything agentihooks writes there is owned by root and sits in system folders, so a
 * user (or an agent running as the user) can neither edit it nor point the runtime elsewhere:
 *
 *  - `<root>/etc/agentihooks/`: the ownership record and the runtime's policy files (the machine
 *    wrappers export `AGENTIHOOKS_HOME` to this folder, whatever the user's environment says);
 *  - `<root>/usr/local/lib/agentihooks/runtime/<version>-<digest16>/runtime.cjs`: the installed
 *    runtime, versioned and content-addressed like the home install.
 *
 * `root` is `/` on a real machine; tests pass a throwaway folder (`AGENTIHOOKS_MACHINE_ROOT`), and
 * the real-client suite runs the clients in a mount namespace with a private `/etc` instead.
 */
import path from "node:path";
import { RUNTIME_FILE } from "../../runtime/installed-files";
import type { Diagnostic } from "../diagnostics";
import type { Environment, RuntimeBundle } from "../environment";
import { diagnostic } from "../messages";

/** The variable that moves the machine root (tests only; the clients always read `/etc`). */
export const MACHINE_ROOT_VARIABLE = "AGENTIHOOKS_MACHINE_ROOT";

/** The machine folders agentihooks writes, relative to the machine root. */
export const MACHINE_DIRS = {
  /** Ownership record and runtime policies. */
  state: "etc/agentihooks",
  /** Installed runtimes. */
  lib: "usr/local/lib/agentihooks",
} as const;

/** The machine root: `AGENTIHOOKS_MACHINE_ROOT` when set to an absolute path, else `/`. */
export function machineRoot(vars: Readonly<Record<string, string | undefined>>): string {
  const value = vars[MACHINE_ROOT_VARIABLE]?.trim();
  return value && path.posix.isAbsolute(value) ? path.posix.normalize(value) : "/";
}

/** A system path under the machine root: `machinePath("/", "etc/codex")` is `/etc/codex`. */
export function machinePath(root: string, relative: string): string {
  return path.posix.join(root, relative);
}

/**
 * The installed runtime under the system library folder: versioned and content-addressed, so an
 * upgrade installs beside the old copy (the plan then removes the old one).
 */
export function machineRuntimePath(root: string, runtime: Pick<RuntimeBundle, "version" | "digest">): string {
  return path.posix.join(machinePath(root, MACHINE_DIRS.lib), "runtime", `${runtime.version}-${runtime.digest.slice(0, 16)}`, RUNTIME_FILE);
}

/** The machine root whose state folder is `agentihooksHome`, or undefined when it is not one. */
export function machineRootOf(agentihooksHome: string): string | undefined {
  const suffix = `/${MACHINE_DIRS.state}`;
  const home = path.posix.normalize(agentihooksHome);
  return home.endsWith(suffix) ? home.slice(0, -suffix.length) || "/" : undefined;
}

/**
 * `base` (the home-scope facts) moved to the machine at `root`: state and policies in
 * `<root>/etc/agentihooks`, the runtime under `<root>/usr/local/lib/agentihooks`. The config's
 * client homes do not apply (each target takes its system paths from the root). Node stays the one
 * that ran the compiler: doctor checks that no user can replace it.
 */
export function machineEnvironment(base: Environment, root: string): Environment {
  return {
    ...base,
    homes: {},
    agentihooksHome: machinePath(root, MACHINE_DIRS.state),
    runtimePath: machineRuntimePath(root, base.runtime),
    scope: { name: "machine", root },
  };
}

/**
 * Writing the machine scope needs root: the clients skip policy files a user could have written
 * (Copilot refuses any not owned by root). `uid` is the caller's (`process.getuid()`; undefined on
 * a platform without uids, which has no machine scope here either). Empty when the write may go on.
 */
export function machineWriteDiagnostics(uid: number | undefined, command: string): Diagnostic[] {
  if (uid === 0) return [];
  return [diagnostic("AH5160", { file: "command line" }, { command, uid: uid === undefined ? "unknown" : String(uid) })];
}

/**
 * The Environment of each scope: which scope a run writes (`--scope`, else the config's first
 * declared scope, else `home`), and the machine facts that scope's targets compile against. Only
 * the locating facts change between scopes; the IR and the targets' lowering are the same.
 */
import path from "node:path";
import { RUNTIME_CORE_FILE, RUNTIME_FILE } from "../../runtime/installed-files";
import type { Diagnostic } from "../diagnostics";
import type { Environment } from "../environment";
import { diagnostic } from "../messages";
import { machineEnvironment, machineRoot } from "./machine-environment";
import { isScope, SCOPES, type Scope } from "./scope";

/** The folder, at the repository root, holding agentihooks' repo-scope files (runtime, policies, record). */
export const REPO_STATE_DIR = ".agentihooks";

/** The vendored hook runtime's file name inside `REPO_STATE_DIR`; its sha256 sits beside it in `<name>.sha256`. */
export const REPO_RUNTIME_FILE = RUNTIME_FILE;
/** The vendored runtime's core beside it. */
export const REPO_RUNTIME_CORE_FILE = RUNTIME_CORE_FILE;

/**
 * The scope a run writes: the requested one (`--scope`), else the first the config declares, else
 * `home`. A requested scope the config does not declare is refused, so a bundle made for the
 * repository is not applied to a home by accident (and the reverse).
 */
export function chooseScope(requested: string | undefined, declared: readonly string[] | undefined): { scope?: Scope; diagnostics: Diagnostic[] } {
  const where = { file: "command line" };
  if (requested !== undefined && !isScope(requested)) return { diagnostics: [diagnostic("AH5152", where, { scope: requested, known: SCOPES.join(", ") })] };
  const scope = (requested ?? declared?.[0] ?? "home") as Scope;
  if (declared && declared.length > 0 && !declared.includes(scope)) {
    return { diagnostics: [diagnostic("AH5153", where, { scope, declared: declared.join(", ") })] };
  }
  return { scope, diagnostics: [] };
}

/**
 * The repository holding `start`: the nearest folder at or above it with a `.git` entry (a folder,
 * or the file a worktree or submodule has). Undefined when there is none.
 */
export function findRepoRoot(start: string, exists: (file: string) => boolean): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    if (exists(path.join(dir, ".git"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * `base` (the home-scope facts) moved to the repository at `root`: agentihooks' record, policies and
 * the vendored runtime live in `<root>/.agentihooks/`, the open-standard skills in
 * `<root>/.agents/skills`, and hooks run the `node` on the PATH of whoever clones the repository, so
 * nothing written names this machine. The config's client homes do not apply.
 */
export function repoEnvironment(base: Environment, root: string): Environment {
  const state = path.posix.join(root, REPO_STATE_DIR);
  return {
    ...base,
    homes: {},
    // No `${VAR}` of this machine is resolved into a committed file (a secret would be committed).
    vars: {},
    agentsSkills: path.posix.join(root, ".agents", "skills"),
    agentihooksHome: state,
    nodePath: "node",
    runtimePath: path.posix.join(state, REPO_RUNTIME_FILE),
    scope: { name: "repo", root },
  };
}

/** The placeholder repository root of portable repo-scope output (`build --out`, golden cases). */
export const PORTABLE_REPO_ROOT = "/home/agent/repo";

/**
 * The portable environment for `build --out` in the scope named on the command line: repo scope
 * is rooted at `PORTABLE_REPO_ROOT`, so the render names no machine path. Other scopes keep `base`
 * (the front end still checks the scope against the config's).
 */
export function portableScopeEnvironment(scope: string | undefined, base: Environment): Environment {
  return scope === "repo" ? repoEnvironment(base, PORTABLE_REPO_ROOT) : base;
}

/**
 * The Environment of `scope`, from the home-scope facts and where the run started. A `base` already
 * in that scope (a caller that located it, e.g. a portable build) is used as it is. `repo` needs a
 * git repository at or above `start`; `machine` is rooted at `/` (compiler/scopes/machine-environment.ts).
 */
export function scopeEnvironment(
  scope: Scope,
  base: Environment,
  start: string,
  exists: (file: string) => boolean,
): { env?: Environment; diagnostics: Diagnostic[] } {
  if (base.scope.name === scope) return { env: base, diagnostics: [] };
  if (scope === "home") return { env: { ...base, scope: { name: "home" } }, diagnostics: [] };
  if (scope === "repo") {
    const root = findRepoRoot(start, exists);
    if (root === undefined) return { diagnostics: [diagnostic("AH5151", { file: "command line" }, { dir: start })] };
    return { env: repoEnvironment(base, root), diagnostics: [] };
  }
  return { env: machineEnvironment(base, machineRoot(base.vars)), diagnostics: [] };
}

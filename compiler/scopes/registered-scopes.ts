/**
 * Which scopes register agentihooks' hooks for each client right now (docs/scopes.md, "Home and repo
 * together"): a scope counts when the file its hook registration lives in holds one of our entries.
 * `status` and `doctor` show it, so a client whose hooks sit in both the home and the repository
 * (each call checked twice) is visible.
 */
import { existsSync, readFileSync } from "node:fs";
import { parse } from "jsonc-parser";
import type { Environment } from "../environment";
import { compileTargets } from "../front-end";
import type { Ir } from "../ir";
import { isObject } from "../plan/json-value";
import { isOurItem } from "../plan/plan-changes";
import type { TargetId } from "../targets/ids";
import { HOME_SCOPE, type Scope } from "./scope";
import { findRepoRoot, repoEnvironment } from "./scope-environment";

/** Per target, the scopes (home, repo) whose hook registration holds our entries. `base` is the home-scope Environment. */
export function registeredScopes(ir: Ir, ids: readonly TargetId[], base: Environment, cwd: string): Record<string, Scope[]> {
  const home = { ...base, scope: HOME_SCOPE };
  const root = findRepoRoot(cwd, existsSync);
  const scoped: Array<[Scope, Environment]> = [["home", home], ...(root ? ([["repo", repoEnvironment(home, root)]] as Array<[Scope, Environment]>) : [])];
  const out: Record<string, Scope[]> = Object.fromEntries(ids.map((id) => [id, [] as Scope[]]));
  for (const [scope, env] of scoped) {
    for (const tree of compileTargets(ir, env, ids)) {
      const registered = tree.entries.some((entry) => entry.kind === "json-lists" && holdsOurItem(entry.path, entry.container, entry.ownerCommand));
      if (registered) out[tree.target]?.push(scope);
    }
  }
  return out;
}

function holdsOurItem(file: string, container: readonly string[], owner: string): boolean {
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, "utf8"));
  } catch {
    return false;
  }
  for (const key of container) doc = isObject(doc) ? doc[key] : undefined;
  if (!isObject(doc)) return false;
  return Object.values(doc).some((list) => Array.isArray(list) && list.some((item) => isOurItem(item, owner)));
}

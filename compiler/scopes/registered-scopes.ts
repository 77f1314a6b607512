/**
 * Which scopes register agentihooks' hooks for each client right now (docs/scopes.md, "Home and repo
 * together"): a scope counts when the file its hook registration lives in holds one of our entries.
 * `status` and `doctor` show it, with which scope's guardrails are in force (compiler/scopes/scope-in-force.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";
import type { Environment } from "../environment";
import { compileTargets } from "../front-end";
import type { Ir } from "../ir";
import { isObject } from "../plan/json-value";
import { isOurItem } from "../plan/plan-changes";
import type { TargetId } from "../targets/ids";
import { machineEnvironment, machineRoot } from "./machine-environment";
import { HOME_SCOPE, type Scope } from "./scope";
import { findRepoRoot, repoEnvironment } from "./scope-environment";

/** One client's registrations: the scopes holding our hook entries, and where each scope keeps its policy and wrapper. */
export interface HookRegistrations {
  scopes: Scope[];
  /** Per registered scope: its agentihooks folder (the runtime's `AGENTIHOOKS_HOME` there). */
  agentihooksHomes: Partial<Record<Scope, string>>;
  /** Per registered scope: the hook wrapper the registration runs. */
  wrappers: Partial<Record<Scope, string>>;
}

/** Per target, the scopes (home, repo, machine) whose hook registration holds our entries. `base` is the home-scope Environment. */
export function hookRegistrations(ir: Ir, ids: readonly TargetId[], base: Environment, cwd: string): Record<string, HookRegistrations> {
  const home = { ...base, scope: HOME_SCOPE };
  const root = findRepoRoot(cwd, existsSync);
  const scoped: Array<[Scope, Environment]> = [
    ["home", home],
    ...(root ? ([["repo", repoEnvironment(home, root)]] as Array<[Scope, Environment]>) : []),
    ["machine", machineEnvironment(home, machineRoot(base.vars))],
  ];
  const out: Record<string, HookRegistrations> = Object.fromEntries(ids.map((id) => [id, { scopes: [], agentihooksHomes: {}, wrappers: {} }]));
  for (const [scope, env] of scoped) {
    for (const tree of compileTargets(ir, env, ids)) {
      const registered = tree.entries.some((entry) => entry.kind === "json-lists" && holdsOurItem(entry.path, entry.container, entry.ownerCommand));
      const record = out[tree.target];
      if (!registered || !record) continue;
      record.scopes.push(scope);
      record.agentihooksHomes[scope] = env.agentihooksHome;
      const wrapper = tree.entries.find((e) => e.kind === "file" && e.mode & 0o100 && /(?:^|-)hook\.sh$/.test(path.basename(e.path)));
      if (wrapper) record.wrappers[scope] = wrapper.path;
    }
  }
  return out;
}

/** Per target, the scopes whose hook registration holds our entries (`hookRegistrations`' scopes). */
export function registeredScopes(ir: Ir, ids: readonly TargetId[], base: Environment, cwd: string): Record<string, Scope[]> {
  return Object.fromEntries(Object.entries(hookRegistrations(ir, ids, base, cwd)).map(([id, r]) => [id, r.scopes]));
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

/**
 * Uninstall: the plan that removes exactly what the ownership record says we own (every desired
 * tree empty), restores displaced files and saved originals, and drops the targets' records.
 * It needs no profiles, only the record, so it works after the bundle is gone.
 */
import { existsSync } from "node:fs";
import type { DesiredTree } from "../desired-tree";
import { readEnvironment } from "../environment";
import { compileTargets, loadProject } from "../front-end";
import { targetIds } from "../targets/registry";
import type { Plan } from "../plan/change";
import { ledgerPath, legacyRecordsFor, planChanges, type PlanContext } from "../plan/plan-changes";
import { readTargetLedger, type OwnedRecord } from "../state/ledger";
import { parseScopedLedger } from "../scopes/ledger-paths";
import type { ScopeContext } from "../scopes/scope";
import { scopeEnvironment } from "../scopes/scope-environment";
import type { Diagnostic } from "../diagnostics";

/**
 * The uninstall plan for `targets`. `desired` (the profiles' trees, when they load) lets uninstall
 * find what the Python original installed in a home our ledger has no record of.
 */
export function planUninstall(targets: readonly string[], ctx: PlanContext, desired: readonly DesiredTree[] = []): Plan {
  const trees = targets.map((target) => ({ target, entries: [], diagnostics: [] }) as unknown as DesiredTree);
  const legacyRecords: Record<string, OwnedRecord[]> = {};
  if (desired.length > 0) {
    const bytes = ctx.fs.read(ledgerPath(ctx.env));
    const ledger = parseScopedLedger(bytes === undefined ? undefined : new TextDecoder().decode(bytes), ctx.env.scope);
    for (const tree of desired) {
      if (!targets.includes(tree.target)) continue;
      const own = readTargetLedger(ledger, tree.target);
      if (own.owned.length === 0) legacyRecords[tree.target] = legacyRecordsFor(tree, own.legacyMcp);
    }
  }
  return planChanges(trees, ctx, { uninstall: true, legacyRecords });
}

/**
 * The homes to uninstall from: the machine's, with the project config's home overrides when a
 * project loads (a project that does not load is no reason to refuse an uninstall).
 */
export function uninstallEnvironment(
  cwd: string,
  configFile?: string,
  scope?: string,
): { home: string; agentihooksHome: string; scope: ScopeContext; trees: DesiredTree[]; diagnostics: Diagnostic[] } {
  const machine = readEnvironment();
  // Without a project that loads, the scope still locates the record (a repository's is in its root).
  const located = scopeEnvironment(scope === "repo" || scope === "machine" ? scope : "home", machine, cwd, existsSync);
  const fallback = located.env ?? machine;
  const bare = { home: fallback.home, agentihooksHome: fallback.agentihooksHome, scope: fallback.scope, trees: [], diagnostics: located.diagnostics };
  try {
    const loaded = loadProject({ cwd, env: machine, configFile, ...(scope !== undefined ? { scope } : {}) });
    const project = loaded.value;
    if (!project) return bare;
    const trees = compileTargets(project.ir, project.env, targetIds);
    return { home: project.env.home, agentihooksHome: project.env.agentihooksHome, scope: project.env.scope, trees, diagnostics: [] };
  } catch {
    return bare;
  }
}

/**
 * Uninstall: the plan that removes exactly what the ownership record says we own (every desired
 * tree empty), restores displaced files and saved originals, and drops the targets' records.
 * It needs no profiles, only the record, so it works after the bundle is gone.
 */
import type { DesiredTree } from "../desired-tree";
import { readEnvironment } from "../environment";
import { compileTargets, loadProject } from "../front-end";
import { targetIds } from "../targets/registry";
import type { Plan } from "../plan/change";
import { ledgerPath, legacyRecordsFor, planChanges, type PlanContext } from "../plan/plan-changes";
import { parseLedger, readTargetLedger, type OwnedRecord } from "../state/ledger";

/**
 * The uninstall plan for `targets`. `desired` (the profiles' trees, when they load) lets uninstall
 * find what the Python original installed in a home our ledger has no record of.
 */
export function planUninstall(targets: readonly string[], ctx: PlanContext, desired: readonly DesiredTree[] = []): Plan {
  const trees = targets.map((target) => ({ target, entries: [], diagnostics: [] }) as unknown as DesiredTree);
  const legacyRecords: Record<string, OwnedRecord[]> = {};
  if (desired.length > 0) {
    const bytes = ctx.fs.read(ledgerPath(ctx.env));
    const ledger = parseLedger(bytes === undefined ? undefined : new TextDecoder().decode(bytes));
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
export function uninstallEnvironment(cwd: string, configFile?: string): { home: string; agentihooksHome: string; trees: DesiredTree[] } {
  const machine = readEnvironment();
  try {
    const loaded = loadProject({ cwd, env: machine, configFile });
    const project = loaded.value;
    if (!project) return { home: machine.home, agentihooksHome: machine.agentihooksHome, trees: [] };
    const trees = compileTargets(project.ir, project.env, targetIds);
    return { home: project.env.home, agentihooksHome: project.env.agentihooksHome, trees };
  } catch {
    return { home: machine.home, agentihooksHome: machine.agentihooksHome, trees: [] };
  }
}

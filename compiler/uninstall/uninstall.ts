/**
 * Uninstall: the plan that removes exactly what the ownership record says we own (every desired
 * tree empty), restores displaced files and saved originals, and drops the targets' records.
 * It needs no profiles, only the record, so it works after the bundle is gone.
 */
import type { DesiredTree } from "../desired-tree";
import { readEnvironment } from "../environment";
import { loadProject } from "../front-end";
import type { Plan } from "../plan/change";
import { planChanges, type PlanContext } from "../plan/plan-changes";

/** The uninstall plan for `targets`. */
export function planUninstall(targets: readonly string[], ctx: PlanContext): Plan {
  const trees = targets.map((target) => ({ target, entries: [], diagnostics: [] }) as unknown as DesiredTree);
  return planChanges(trees, ctx, { uninstall: true });
}

/**
 * The homes to uninstall from: the machine's, with the project config's home overrides when a
 * project loads (a project that does not load is no reason to refuse an uninstall).
 */
export function uninstallEnvironment(cwd: string, configFile?: string): { home: string; agentihooksHome: string } {
  const machine = readEnvironment();
  try {
    const loaded = loadProject({ cwd, env: machine, configFile });
    const env = loaded.value?.env ?? machine;
    return { home: env.home, agentihooksHome: env.agentihooksHome };
  } catch {
    return { home: machine.home, agentihooksHome: machine.agentihooksHome };
  }
}

/**
 * The library entry points the CLI commands call: plan and apply (or uninstall) under the lock,
 * through whatever filesystem port the caller passes (real, dry-run, recording).
 */
import type { Diagnostic } from "../diagnostics";
import type { DesiredTree } from "../desired-tree";
import type { Environment } from "../environment";
import type { FileSystem } from "../fs/file-system";
import type { Plan } from "../plan/change";
import { planChanges } from "../plan/plan-changes";
import { planUninstall } from "../uninstall/uninstall";
import { applyPlan, withApplyLock, type ApplyResult } from "./apply-plan";

/** Inputs of a run. */
export interface RunContext {
  fs: FileSystem;
  env: Pick<Environment, "home" | "agentihooksHome">;
  now: Date;
}

/** Outcome: the plan, and what applying it did (absent when the lock was held). */
export interface RunOutcome {
  plan?: Plan;
  result?: ApplyResult;
  diagnostics: Diagnostic[];
}

/** Plans the trees and applies the plan, holding the apply lock for both (`adopt`: see `PlanOptions.adopt`). */
export function planAndApply(trees: readonly DesiredTree[], ctx: RunContext, options: { adopt?: boolean } = {}): RunOutcome {
  return locked(ctx, () => planChanges(trees, ctx, { adopt: options.adopt }), true);
}

/** Uninstalls the targets: strips everything the ledger says they own and restores displaced files. */
export function uninstallTargets(targets: readonly string[], ctx: RunContext): RunOutcome {
  return locked(ctx, () => planUninstall(targets, ctx), true);
}

/** Applies a plan made earlier (`apply --plan FILE`): refused when anything it read has changed. */
export function applySavedPlan(plan: Plan, ctx: RunContext): RunOutcome {
  return locked(ctx, () => plan, false);
}

/** `fresh`: `makePlan` plans now (rather than returning a saved plan). */
function locked(ctx: RunContext, makePlan: () => Plan, fresh: boolean): RunOutcome {
  const outcome = withApplyLock(ctx.fs, ctx.env, () => {
    const plan = makePlan();
    if (plan.diagnostics.some((d) => d.severity === "error")) return { plan, result: { ok: false, touched: [], diagnostics: [] } };
    return { plan, result: applyPlan(plan, ctx.fs, ctx.env, { fresh }) };
  });
  if ("diagnostic" in outcome) return { diagnostics: [outcome.diagnostic] };
  const { plan, result } = outcome.value;
  return { plan, result, diagnostics: [...plan.diagnostics, ...result.diagnostics] };
}

/**
 * `doctor --live`: ask the installed client what it actually loaded and report every disagreement
 * with the desired tree as drift. Each target brings its own probe (`liveChecks` on the target,
 * compiler/targets/<id>/live-probe.ts); a target without one gets no live checks. A probe that
 * cannot run is a note, not a failure: the static checks stand on their own.
 */
import type { DesiredTree } from "../desired-tree";
import type { Environment } from "../environment";
import { findTarget } from "../targets/registry";
import type { DoctorCheck } from "./probe";

/** The live checks for one target. */
export function liveChecks(tree: DesiredTree, binary: string, env: Environment): DoctorCheck[] {
  return findTarget(tree.target)?.liveChecks?.(tree, binary, env) ?? [];
}

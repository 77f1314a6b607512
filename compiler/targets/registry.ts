/**
 * The targets agentihooks compiles for. Adding one is its folder plus its id in ./ids.ts: the table
 * of modules is generated from the ids (./registry.generated.ts, `npm run schemas:types`), so this
 * file never changes for a target (docs/architecture.md, "Add a target").
 */
import { TARGET_IDS, type TargetId } from "./ids";
import { BUILT_IN } from "./registry.generated";
import type { Target } from "./target";

export type { TargetId } from "./ids";

/** Every target, in the order a bare `apply` processes them (the order of ./ids.ts). */
export const targets: readonly Target<TargetId>[] = TARGET_IDS.map((id) => BUILT_IN[id]);

/** The ids, in registry order. */
export const targetIds: readonly TargetId[] = [...TARGET_IDS];

/** Looks a target up by id; undefined for an unknown id. */
export function findTarget(id: string): Target<TargetId> | undefined {
  return targets.find((t) => t.descriptor.id === id);
}

/**
 * The targets agentihooks compiles for. Adding one is a new folder plus one line here (and its id in
 * ./ids.ts, its runtime client in runtime/clients/registry.ts): docs/architecture.md, "Add a target".
 */
import { target as claude } from "./claude/index";
import { target as codex } from "./codex/index";
import { target as copilot } from "./copilot/index";
import { target as gemini } from "./gemini/index";
import { TARGET_IDS, type TargetId } from "./ids";
import type { Target } from "./target";

export type { TargetId } from "./ids";

const BUILT_IN: { readonly [Id in TargetId]: Target<Id> } = { copilot, claude, codex, gemini };

/** Every target, in the order a bare `apply` processes them (the order of ./ids.ts, then any registered). */
export const targets: Target<TargetId>[] = TARGET_IDS.map((id) => BUILT_IN[id]);

/** The ids, in registry order. */
export const targetIds: TargetId[] = [...TARGET_IDS];

/** Looks a target up by id; undefined for an unknown id. */
export function findTarget(id: string): Target<TargetId> | undefined {
  return targets.find((t) => t.descriptor.id === id);
}

/**
 * Adds a target to the registry at run time, after the built-in ones: how a test exercises the "add
 * a target" steps with a fixture target (tests/targets/add-a-target.test.ts). Throws on a duplicate id.
 */
export function registerTarget(target: Target): void {
  if (findTarget(target.descriptor.id)) throw new Error(`target '${target.descriptor.id}' is already registered`);
  targets.push(target as Target<TargetId>);
  targetIds.push(target.descriptor.id as TargetId);
}

/** Removes a target `registerTarget` added (tests clean up after themselves). */
export function unregisterTarget(id: string): void {
  if ((TARGET_IDS as readonly string[]).includes(id)) throw new Error(`target '${id}' is built in`);
  const index = targets.findIndex((t) => t.descriptor.id === id);
  if (index >= 0) targets.splice(index, 1);
  const idIndex = targetIds.indexOf(id as TargetId);
  if (idIndex >= 0) targetIds.splice(idIndex, 1);
}

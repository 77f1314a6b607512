/**
 * The targets agentihooks compiles for. Adding one is a new folder plus one line here; the
 * `TargetId` type is derived from this array.
 */
import { target as claude } from "./claude/index";
import { target as codex } from "./codex/index";
import { target as copilot } from "./copilot/index";

/** Every target, in the order a bare `apply` processes them. */
export const targets = [copilot, claude, codex] as const;

export type TargetId = (typeof targets)[number]["descriptor"]["id"];

/** The ids, in registry order. */
export const targetIds: readonly TargetId[] = targets.map((t) => t.descriptor.id);

/** Looks a target up by id; undefined for an unknown id. */
export function findTarget(id: string): (typeof targets)[number] | undefined {
  return targets.find((t) => t.descriptor.id === id);
}

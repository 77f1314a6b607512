/**
 * The ids of the built-in targets, in the order a bare `apply` processes them. A leaf: it imports
 * nothing, so the IR, the desired tree and the runtime can name a target without pulling in the
 * targets themselves. Adding a target is its own files plus its id here (docs/architecture.md, "Add
 * a target"): `npm run schemas:types` writes both registries' tables of modules from this list.
 */
export const TARGET_IDS = ["copilot", "claude", "codex", "gemini"] as const;

/** A built-in target's id. */
export type TargetId = (typeof TARGET_IDS)[number];

/** True when `value` is a built-in target's id. */
export function isTargetId(value: string): value is TargetId {
  return (TARGET_IDS as readonly string[]).includes(value);
}

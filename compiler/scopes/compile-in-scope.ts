/**
 * Runs a target's compile in the Environment's scope, or says why it writes nothing there: a target
 * without a place in a scope (its descriptor's `scopes`) yields AH5150 and an empty tree, so a
 * client is never given a file it ignores.
 */
import type { DesiredTree } from "../desired-tree";
import type { Environment } from "../environment";
import type { Ir } from "../ir";
import { diagnostic } from "../messages";
import type { Target } from "../targets/target";
import type { TargetId } from "../targets/ids";
import type { Scope } from "./scope";

/** True when `target` writes `scope`. */
export function writesScope(target: Target<TargetId>, scope: Scope): boolean {
  return scope === "home" || target.descriptor.scopes?.[scope] === true;
}

/** `target.compile(ir, env)` when the target writes `env.scope`, else an empty tree carrying AH5150. */
export function compileInScope(target: Target<TargetId>, ir: Ir, env: Environment): DesiredTree {
  const scope = env.scope.name;
  if (writesScope(target, scope)) return target.compile(ir, env);
  const place = scope === "home" ? undefined : target.descriptor.scopes?.[scope];
  const reason = typeof place === "string" ? place : "agentihooks does not write this scope for it yet";
  return {
    target: target.descriptor.id,
    entries: [],
    diagnostics: [diagnostic("AH5150", { file: `target:${target.descriptor.id}` }, { client: target.descriptor.displayName, scope, reason })],
  };
}

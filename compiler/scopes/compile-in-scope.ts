/**
 * Runs a target's compile in the Environment's scope, or says why it writes nothing there: a target
 * without a place in a scope (its descriptor's `scopes`) yields AH5150 and an empty tree, so a
 * client is never given a file it ignores.
 */
import type { Diagnostic } from "../diagnostics";
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
  if (writesScope(target, scope)) {
    const tree = target.compile(ir, env);
    if (scope === "machine") return { ...tree, diagnostics: [...tree.diagnostics, ...machineLeavesOut(ir, target)] };
    return scope === "repo" ? { ...tree, entries: tree.entries.map(gitMode) } : tree;
  }
  const place = scope === "home" ? undefined : target.descriptor.scopes?.[scope];
  const reason = typeof place === "string" ? place : "agentihooks does not write this scope for it yet";
  return {
    target: target.descriptor.id,
    entries: [],
    diagnostics: [diagnostic("AH5150", { file: `target:${target.descriptor.id}` }, { client: target.descriptor.displayName, scope, reason })],
  };
}

/**
 * What the bundle gives a target that the machine scope does not write (docs/scopes.md, "What
 * `apply --scope machine` writes": only what keeps the guardrails on), said once per target (AH5161)
 * so nothing is dropped silently.
 */
function machineLeavesOut(ir: Ir, target: Target<TargetId>): Diagnostic[] {
  const input = ir.targets[target.descriptor.id];
  const persona = ir.persona.bundleShared !== undefined || ir.persona.profiles.length > 0 || ir.persona.manifesto !== undefined;
  const items = [
    ...(input && input.settings.layers.length > 0 ? ["settings layers"] : []),
    ...(input && Object.keys(input.mcpServers).length > 0 ? ["MCP servers"] : []),
    ...(persona ? ["persona"] : []),
    ...(ir.rules.length > 0 ? ["rules"] : []),
    ...(ir.commands.length > 0 ? ["commands"] : []),
    ...(ir.agents.length > 0 ? ["agents"] : []),
    ...(ir.skills.length > 0 ? ["skills"] : []),
  ];
  if (items.length === 0) return [];
  const list = items.length === 1 ? (items[0] as string) : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
  return [diagnostic("AH5161", { file: `target:${target.descriptor.id}` }, { client: target.descriptor.displayName, items: list })];
}

/**
 * Git keeps only the executable bit, so a committed file is 0644 or 0755: a home file's 0600 (kept
 * private there) would come back 0644 in every clone and show as drift. Repo-scope files hold no
 * resolved secret (the repo environment resolves no `${VAR}`, and credential-shaped literals are
 * dropped as in every scope).
 */
function gitMode<E extends { mode: number }>(entry: E): E {
  const mode = entry.mode & 0o100 ? 0o755 : 0o644;
  return mode === entry.mode ? entry : { ...entry, mode };
}

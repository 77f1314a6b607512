/**
 * Codex hook registration `~/.codex/hooks.json` (docs/targets/codex.md, "hooks.json"): one group per
 * event, running the wrapper `~/.codex/agentihooks-hook.sh <event>` (Codex sends the event name on
 * stdin too; the wrapper needs it first, to fail closed on a pre-tool event: docs/runtime.md),
 * first in each event so its trust key is stable, then the groups the profile layers declare, then
 * the operator's. No `$schema` key (Codex 0.171 rejects the whole file) and no `version`.
 */
import type { JsonListsEntry } from "../../desired-tree";
import { defaultJsonStyle } from "../../desired-tree";
import type { HookGroup } from "../../lower/hook-groups";
import { contract } from "./contract";
import { type CodexCommandHandler, codexHookHash, codexHookStateKey } from "./hook-trust";
import type { CodexPaths } from "./paths";

const SHORT_TIMEOUTS: Readonly<Record<string, number>> = contract.hookTimeout.short;

/** The handler timeout (seconds) for `event`: the loader's clamp where it has one. */
function timeoutFor(event: string): number {
  return SHORT_TIMEOUTS[event] ?? contract.hookTimeout.seconds;
}

/** A hook group as Codex reads it. */
export type CodexHookGroup = HookGroup;

/** The command every agentihooks group runs: the wrapper path, shell-quoted (Codex runs it through a shell). */
export function wrapperCommand(paths: CodexPaths): string {
  return paths.hookCommand;
}

/** Our handler for `event`: `timeout` (3 s on SessionEnd), and `additionalContextLimit: 0` where the runtime injects context. */
export function agentihooksHandler(paths: CodexPaths, event: string): CodexCommandHandler {
  const handler: CodexCommandHandler = { type: "command", command: `${wrapperCommand(paths)} ${event}`, timeout: timeoutFor(event) };
  if (contract.contextEvents.has(event)) handler.additionalContextLimit = 0;
  return handler;
}

/** Per event, the groups we write, in order: ours, then the layers'. */
export function desiredHookGroups(paths: CodexPaths, layerHooks: Readonly<Record<string, CodexHookGroup[]>>): Record<string, CodexHookGroup[]> {
  const lists: Record<string, CodexHookGroup[]> = {};
  for (const event of contract.hookEvents) lists[event] = [{ hooks: [{ ...agentihooksHandler(paths, event) }] }];
  for (const [event, groups] of Object.entries(layerHooks)) lists[event] = [...(lists[event] ?? []), ...groups];
  return lists;
}

/** The hooks.json edit. */
export function lowerHooks(paths: CodexPaths, lists: Readonly<Record<string, CodexHookGroup[]>>): JsonListsEntry {
  return {
    kind: "json-lists",
    path: paths.hooksFile,
    container: ["hooks"],
    lists: { ...lists },
    ownerCommand: wrapperCommand(paths),
    position: "first",
    style: defaultJsonStyle,
    mode: 0o644,
    // Always: a group the profiles stop declaring is still recognised (from the record) and removed.
    recordItems: true,
  };
}

/**
 * The `[hooks.state]` trust values for every handler we write: key
 * `<hooks.json>:<snake_case event>:<group>:<handler>` (our groups come first, so their indices do
 * not depend on the operator's groups) → `sha256:` hash of the handler's identity. Sorted by key.
 */
export function trustEntries(paths: CodexPaths, lists: Readonly<Record<string, CodexHookGroup[]>>): Array<{ key: string; hash: string }> {
  const out: Array<{ key: string; hash: string }> = [];
  for (const [event, groups] of Object.entries(lists)) {
    groups.forEach((group, groupIndex) => {
      group.hooks.forEach((handler, handlerIndex) => {
        if (handler.type !== "command" || typeof handler.command !== "string") return;
        out.push({
          key: codexHookStateKey(paths.hooksFile, event, groupIndex, handlerIndex),
          hash: codexHookHash(event, group.matcher, handler as unknown as CodexCommandHandler),
        });
      });
    });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Claude hook registration inside `~/.claude/settings.json` (docs/targets/claude.md, "Hooks"): one group
 * per event the runtime handles, each running the wrapper `~/.claude/agentihooks-hook.sh` with
 * Claude's own handler keys. Claude sends the event name on stdin too; the command passes it as
 * the wrapper's argument, which needs it before the runtime has read anything: a pre-tool event
 * fails closed (docs/runtime.md, "Failing closed"). Our groups go first; the operator's groups stay after them.
 */
import type { JsonListsEntry } from "../../desired-tree";
import { defaultJsonStyle } from "../../desired-tree";
import { contract } from "./contract";
import type { ClaudePaths } from "./paths";
import type { ClaudeHookGroup } from "./settings";

/** The command every agentihooks group runs: the wrapper path, shell-quoted (Claude runs it through a shell). */
export function wrapperCommand(paths: ClaudePaths): string {
  return paths.hookCommand;
}

/** Our group for `event`: `{"hooks": [{"type": "command", "command": "<wrapper> <event>", "timeout": 30}]}`. */
export function agentihooksGroup(paths: ClaudePaths, event: string): ClaudeHookGroup {
  return { hooks: [{ type: "command", command: `${wrapperCommand(paths)} ${event}`, [contract.hookTimeout.key]: contract.hookTimeout.seconds }] };
}

/**
 * The hooks edit of settings.json: per event, our group first, then the groups the profile layers
 * declare (recorded as ours too, so a re-apply does not stack them), then the operator's.
 */
export function lowerHooks(paths: ClaudePaths, layerHooks: Readonly<Record<string, ClaudeHookGroup[]>>): JsonListsEntry {
  const lists: Record<string, unknown[]> = {};
  for (const event of contract.hookEvents) lists[event] = [agentihooksGroup(paths, event)];
  // Events only the layers use come after ours, sorted (readLayerHooks sorted them).
  for (const [event, groups] of Object.entries(layerHooks)) lists[event] = [...(lists[event] ?? []), ...groups];
  return {
    kind: "json-lists",
    path: paths.settings,
    container: ["hooks"],
    lists,
    ownerCommand: wrapperCommand(paths),
    position: "first",
    style: defaultJsonStyle,
    mode: 0o644,
    // Always: a group the profiles stop declaring is still recognised (from the record) and removed.
    recordItems: true,
    // The Python original listed the hook commands it registered here under this ledger key.
    legacyCommands: "claude_hook_commands",
  };
}

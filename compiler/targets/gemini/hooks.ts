/**
 * Gemini hook registration inside `~/.gemini/settings.json`: one group per event, each running the
 * wrapper `~/.gemini/agentihooks-hook.sh <event>`. Gemini runs the command with `bash -c` and sends
 * the event name on stdin too; the wrapper needs it first, to fail closed on BeforeTool
 * (docs/runtime.md, "Failing closed"). On other events the wrapper execs Node, so Gemini's timeout
 * signal reaches the runtime itself; on BeforeTool the wrapper's watchdog ends the runtime first.
 * No matcher: every tool and every source matches.
 */
import type { JsonListsEntry } from "../../desired-tree";
import { defaultJsonStyle } from "../../desired-tree";
import type { HookGroup } from "../../lower/hook-groups";
import { HOOK_NAME } from "./capabilities";
import { contract } from "./contract";
import type { GeminiPaths } from "./paths";

/** The command every agentihooks group runs: the wrapper path, shell-quoted. */
export function wrapperCommand(paths: GeminiPaths): string {
  return paths.hookCommand;
}

/** Our group for `event`: `{"hooks": [{"name": "agentihooks", "type": "command", "command": "<wrapper> <event>", "timeout": 30000}]}` (milliseconds). */
export function agentihooksGroup(paths: GeminiPaths, event: string): HookGroup {
  return {
    hooks: [
      { name: HOOK_NAME, type: "command", command: `${wrapperCommand(paths)} ${event}`, [contract.hookTimeout.key]: contract.hookTimeout.seconds * 1000 },
    ],
  };
}

/**
 * The hooks edit of settings.json: per event, our group first, then the groups the profile layers
 * declare (recorded as ours, so a re-apply does not stack them), then the operator's.
 */
export function lowerHooks(paths: GeminiPaths, layerHooks: Readonly<Record<string, HookGroup[]>>): JsonListsEntry {
  const lists: Record<string, unknown[]> = {};
  for (const event of contract.hookEvents) lists[event] = [agentihooksGroup(paths, event)];
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
    recordItems: true,
  };
}

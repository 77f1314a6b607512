/**
 * Hook registration `hooks/agentihooks.json` (docs/targets/copilot.md, "Hooks"): the 12 events
 * under their camelCase names, each running the wrapper with the event as its argument (Copilot
 * sends no event name on stdin), our entry last in each list, foreign entries kept.
 */
import type { JsonListsEntry } from "../../desired-tree";
import { defaultJsonStyle } from "../../desired-tree";
import { contract } from "./contract";
import type { CopilotPaths } from "./paths";

/** One hook entry as Copilot 1.0.102 reads it. */
export interface CopilotHookEntry {
  type: "command";
  /** Home scope. */
  command?: string;
  /** Repo scope: the key the cloud agent runs, from `cwd`. */
  bash?: string;
  cwd?: string;
  timeoutSec: number;
}

/**
 * The command prefix that marks an entry as ours: the wrapper path, shell-quoted because Copilot
 * runs the command through /bin/sh (a bare path is its own quoting).
 */
export function wrapperCommand(paths: CopilotPaths): string {
  return paths.hookCommand;
}

/**
 * True when `command` is ours: it equals the wrapper command or starts with it followed by
 * whitespace. `<wrapper>.disabled-by-operator` is therefore foreign.
 */
export function isOurHookCommand(command: unknown, owner: string): boolean {
  if (typeof command !== "string") return false;
  return command === owner || (command.startsWith(owner) && /^\s/.test(command.slice(owner.length)));
}

/** The desired hooks file: our one entry per event, appended after the operator's. */
export function lowerHooks(paths: CopilotPaths): JsonListsEntry {
  const owner = wrapperCommand(paths);
  const lists: Record<string, CopilotHookEntry[]> = {};
  for (const event of contract.hookEvents) {
    lists[event] = [
      (paths.hookKey === "bash"
        ? { type: "command", bash: `${owner} ${event}`, cwd: ".", [contract.hookTimeout.key]: contract.hookTimeout.seconds }
        : { type: "command", command: `${owner} ${event}`, [contract.hookTimeout.key]: contract.hookTimeout.seconds }) as CopilotHookEntry,
    ];
  }
  return {
    kind: "json-lists",
    path: paths.hooksFile,
    container: ["hooks"],
    lists,
    ownerCommand: owner,
    position: "last",
    style: defaultJsonStyle,
    mode: 0o644,
    skeleton: { version: 1 },
  };
}

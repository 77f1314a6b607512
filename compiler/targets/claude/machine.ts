/**
 * Claude Code's machine scope (docs/scopes.md, "Machine scope"): our hook groups in the managed
 * settings drop-in `/etc/claude-code/managed-settings.d/agentihooks.json`, which Claude Code reads
 * beside `managed-settings.json` and whose hooks run whatever `disableAllHooks` the user's or the
 * project's settings say; plus the wrapper beside it, the runtime policy and the installed runtime.
 * An administrator's own `managed-settings.json` is never touched.
 */
import path from "node:path";
import type { DesiredEntry, DesiredTree } from "../../desired-tree";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";
import { hookWrapperEntry, policyFileEntry, runtimeCopyEntries } from "../../lower/runtime-files";
import { shellQuote } from "../../lower/shell-quote";
import { machinePath } from "../../scopes/machine-environment";
import { contract } from "./contract";
import { descriptor } from "./descriptor";
import { lowerHooks } from "./hooks";
import { claudePaths } from "./paths";

/** Claude Code's system folder, relative to the machine root. */
export const CLAUDE_MACHINE_DIR: string = contract.machineDir;

/** The managed-settings drop-in and the wrapper it runs, under `root`. */
export function claudeMachinePaths(root: string): { settings: string; wrapper: string } {
  const dir = machinePath(root, CLAUDE_MACHINE_DIR);
  return { settings: path.posix.join(dir, "managed-settings.d", "agentihooks.json"), wrapper: path.posix.join(dir, "agentihooks-hook.sh") };
}

/** The machine-scope tree: managed hooks, wrapper, runtime policy and runtime (settings, persona and MCP stay the user's). */
export function compileMachine(ir: Ir, env: Environment): DesiredTree {
  const root = env.scope.name === "machine" ? env.scope.root : "/";
  const machine = claudeMachinePaths(root);
  const paths = { ...claudePaths(env), ...machine, hookCommand: shellQuote(machine.wrapper) };
  const entries: DesiredEntry[] = [
    lowerHooks(paths, {}),
    hookWrapperEntry(descriptor, env, paths.wrapper),
    ...runtimeCopyEntries(env),
    policyFileEntry(ir, env, descriptor.id),
  ];
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { target: descriptor.id, entries, diagnostics: [] };
}

/**
 * Gemini CLI's machine scope (docs/scopes.md, "Machine scope"): our hook groups and
 * `hooksConfig.enabled: true` in the system settings `/etc/gemini-cli/settings.json`, which wins
 * over the user's and the workspace's settings (so a user's `hooksConfig.enabled: false` does not
 * switch them off), plus the wrapper beside it, the runtime policy and the installed runtime.
 * Gemini still lets a user list a hook by name in `hooksConfig.disabled` (a union of every layer)
 * or move the system file with GEMINI_CLI_SYSTEM_SETTINGS_PATH: doctor says so.
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
import { geminiPaths } from "./paths";
import { settingsEntry } from "./settings";

/** Gemini CLI's system folder, relative to the machine root. */
export const GEMINI_MACHINE_DIR: string = contract.machineDir;

/** The system settings file, its managed-key record and the wrapper, under `root`. */
export function geminiMachinePaths(root: string): { settings: string; sidecar: string; wrapper: string } {
  const dir = machinePath(root, GEMINI_MACHINE_DIR);
  return {
    settings: path.posix.join(dir, "settings.json"),
    sidecar: path.posix.join(dir, ".agentihooks-managed.json"),
    wrapper: path.posix.join(dir, "agentihooks-hook.sh"),
  };
}

/** The machine-scope tree: system hooks with hooks enabled, wrapper, runtime policy and runtime. */
export function compileMachine(ir: Ir, env: Environment): DesiredTree {
  const root = env.scope.name === "machine" ? env.scope.root : "/";
  const machine = geminiMachinePaths(root);
  const paths = { ...geminiPaths(env), ...machine, hookCommand: shellQuote(machine.wrapper) };
  const entries: DesiredEntry[] = [
    settingsEntry(paths, [{ key: ["hooksConfig", "enabled"], value: true, enforced: true }], []),
    lowerHooks(paths, {}),
    hookWrapperEntry(descriptor, env, paths.wrapper),
    ...runtimeCopyEntries(env),
    policyFileEntry(ir, env, descriptor.id),
  ];
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  return { target: descriptor.id, entries, diagnostics: [] };
}

/**
 * Copilot's machine scope (docs/scopes.md, "Machine scope"): the administrator's policy hooks in
 * `/etc/github-copilot/policy.d/agentihooks.json`, which Copilot loads whatever `disableAllHooks`
 * says anywhere and without folder trust, plus the wrapper beside them, the runtime policy and the
 * installed runtime. Copilot skips a policy file that is not owned by root or is group- or
 * world-writable, so every file here is mode 0644 (0755 for the wrapper) and written by root.
 */
import path from "node:path";
import type { DesiredEntry, DesiredTree } from "../../desired-tree";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";
import { policyFileEntry, runtimeCopyEntries, hookWrapperEntry } from "../../lower/runtime-files";
import { shellQuote } from "../../lower/shell-quote";
import { machinePath } from "../../scopes/machine-environment";
import { contract } from "./contract";
import { descriptor } from "./descriptor";
import { lowerHooks } from "./hooks";
import { copilotPaths } from "./paths";

/** Copilot's system folder, relative to the machine root. */
export const COPILOT_MACHINE_DIR: string = contract.machineDir;

/** The policy hooks file and the wrapper it runs, under `root`. */
export function copilotMachinePaths(root: string): { hooksFile: string; wrapper: string } {
  const dir = machinePath(root, COPILOT_MACHINE_DIR);
  return { hooksFile: path.posix.join(dir, "policy.d", "agentihooks.json"), wrapper: path.posix.join(dir, "agentihooks-hook.sh") };
}

/** The machine-scope tree: policy hooks, wrapper, runtime policy and runtime (no settings, persona or MCP: those stay the user's). */
export function compileMachine(ir: Ir, env: Environment): DesiredTree {
  const root = env.scope.name === "machine" ? env.scope.root : "/";
  const machine = copilotMachinePaths(root);
  const paths = { ...copilotPaths(env), ...machine, hookCommand: shellQuote(machine.wrapper), hookKey: "command" as const };
  const entries: DesiredEntry[] = [
    lowerHooks(paths),
    hookWrapperEntry(descriptor, env, paths.wrapper),
    ...runtimeCopyEntries(env),
    policyFileEntry(ir, env, descriptor.id),
  ];
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { target: descriptor.id, entries, diagnostics: [] };
}

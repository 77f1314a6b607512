/**
 * Codex's machine scope (docs/scopes.md, "Machine scope"): our hooks in `/etc/codex/hooks.json`,
 * which Codex loads with its system configuration layer and runs with no trust approval, and
 * `[features] hooks = true` in `/etc/codex/requirements.toml`, without which a user's
 * `[features] hooks = false` (or `--disable codex_hooks`) would switch every hook off, system ones
 * included. The wrapper sits beside them; the runtime policy and the runtime are the machine's.
 */
import path from "node:path";
import type { DesiredEntry, DesiredTree, TomlKeysEntry } from "../../desired-tree";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";
import { hookWrapperEntry, policyFileEntry, runtimeCopyEntries } from "../../lower/runtime-files";
import { shellQuote } from "../../lower/shell-quote";
import { machinePath } from "../../scopes/machine-environment";
import { contract } from "./contract";
import { descriptor } from "./descriptor";
import { desiredHookGroups, lowerHooks } from "./hooks";
import { codexPaths } from "./paths";

/** Codex's system folder, relative to the machine root. */
export const CODEX_MACHINE_DIR: string = contract.machineDir;

/** The system hooks file, the wrapper, the requirements file and its managed-key record, under `root`. */
export function codexMachinePaths(root: string): { hooksFile: string; wrapper: string; requirements: string; requirementsSidecar: string } {
  const dir = machinePath(root, CODEX_MACHINE_DIR);
  return {
    hooksFile: path.posix.join(dir, "hooks.json"),
    wrapper: path.posix.join(dir, "agentihooks-hook.sh"),
    requirements: path.posix.join(dir, "requirements.toml"),
    requirementsSidecar: path.posix.join(dir, ".agentihooks-managed.json"),
  };
}

/** The machine-scope tree: system hooks, the hooks feature pinned on, wrapper, runtime policy and runtime. */
export function compileMachine(ir: Ir, env: Environment): DesiredTree {
  const root = env.scope.name === "machine" ? env.scope.root : "/";
  const machine = codexMachinePaths(root);
  const paths = { ...codexPaths(env), hooksFile: machine.hooksFile, wrapper: machine.wrapper, hookCommand: shellQuote(machine.wrapper) };
  // Codex reads requirements.toml as the user who runs it: readable by all, writable by root only.
  const requirements: TomlKeysEntry = {
    kind: "toml-keys",
    path: machine.requirements,
    keys: [{ key: ["features", "hooks"], value: true }],
    sidecar: machine.requirementsSidecar,
    mode: 0o644,
  };
  const entries: DesiredEntry[] = [
    lowerHooks(paths, desiredHookGroups(paths, {})),
    requirements,
    hookWrapperEntry(descriptor, env, paths.wrapper),
    ...runtimeCopyEntries(env),
    policyFileEntry(ir, env, descriptor.id),
  ];
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { target: descriptor.id, entries, diagnostics: [] };
}

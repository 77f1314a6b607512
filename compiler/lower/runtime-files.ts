/**
 * The files every target writes for the hook runtime, built one way for all of them: the installed
 * runtime itself (a copy of the package's bundle, shared by every target) and the agentihooks MCP
 * server beside it, the hook wrapper script
 * (from the shared template) and the runtime's policy file (rendered by the runtime's own
 * serializer, so compiler and runtime agree on its format).
 */
import path from "node:path";
import type { FileEntry } from "../desired-tree";
import { installedMcpServerPath, installedRuntimeCorePath, type Environment } from "../environment";
import type { Ir } from "../ir";
import type { TargetDescriptor } from "../targets/target";
import { policyPath, type PolicyOptions, renderPolicy, type PolicyTarget } from "../../runtime/policy";
import { parseChain } from "../resolve/resolve-chain";
import { renderHookWrapper } from "./hook-wrapper";
import { repoRuntimeBytes } from "../scopes/repo-files";
import { machineRootOf, machineRuntimePath } from "../scopes/machine-environment";
import { REPO_RUNTIME_FILE } from "../scopes/scope-environment";

/**
 * The installed runtime: its loader at `env.runtimePath` and its core beside it
 * (`installedRuntimeCorePath`), mode 0644 (Node reads them; nothing executes them directly). Every
 * target lists the same entries, so the copy has one owner per target and uninstall removes it with
 * the last target that uses it; an upgrade's new digest is a new path, and the old copy goes like
 * any owned file no longer wanted.
 */
export function runtimeCopyEntries(env: Environment): FileEntry[] {
  // Repo scope vendors them as generated files (compiler/scopes/repo-files.ts).
  const repo = env.scope.name === "repo";
  return [
    { kind: "file", path: env.runtimePath, content: repo ? repoRuntimeBytes(env).loader : env.runtime.bytes, mode: 0o644 },
    { kind: "file", path: installedRuntimeCorePath(env.runtimePath), content: repo ? repoRuntimeBytes(env).core : env.runtime.core, mode: 0o644 },
  ];
}

/**
 * The installed agentihooks MCP server, beside the runtime (`installedMcpServerPath`), mode 0644.
 * Listed by every target like the runtime copy; the clients start it with the Node that ran the
 * compiler (compiler/lower/agentihooks-server.ts).
 */
export function mcpServerCopyEntry(env: Pick<Environment, "runtimePath" | "mcpServer">): FileEntry {
  return { kind: "file", path: installedMcpServerPath(env.runtimePath), content: env.mcpServer, mode: 0o644 };
}

/**
 * True for an installed runtime: inside `<agentihooksHome>/runtime/`, the repo scope's vendored
 * copy, or, when `agentihooksHome` is the machine scope's (`<root>/etc/agentihooks`), inside
 * `<root>/usr/local/lib/agentihooks/runtime/`. Our own code, shown by digest, never scanned or
 * diffed byte by byte.
 */
export function isInstalledRuntime(agentihooksHome: string, file: string): boolean {
  // The repo scope vendors it as `<repo>/.agentihooks/runtime.cjs` (compiler/scopes/repo-files.ts).
  if (file === path.join(agentihooksHome, REPO_RUNTIME_FILE) || file === installedRuntimeCorePath(path.join(agentihooksHome, REPO_RUNTIME_FILE))) return true;
  const inside = (dir: string): boolean => {
    const rel = path.relative(dir, file);
    return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
  };
  const root = machineRootOf(agentihooksHome);
  return (
    inside(path.join(agentihooksHome, "runtime")) ||
    (root !== undefined && inside(path.dirname(path.dirname(machineRuntimePath(root, { version: "", digest: "" })))))
  );
}

/**
 * The wrapper at `wrapperPath`, mode 0755: exports `AGENTIHOOKS_TARGET=<id>` (and the event from
 * `$1` into the contract's `eventVariable`, when it has one; outside the repo scope, the
 * `AGENTIHOOKS_HOME` it was installed in) and runs the installed runtime with the Node that ran the compiler.
 */
export function hookWrapperEntry(descriptor: Pick<TargetDescriptor, "id" | "displayName" | "contract">, env: Environment, wrapperPath: string): FileEntry {
  return {
    kind: "file",
    path: wrapperPath,
    content: renderHookWrapper({
      target: descriptor.id,
      displayName: descriptor.displayName,
      eventVariable: descriptor.contract.eventVariable,
      nodePath: env.nodePath,
      runtimePath: env.runtimePath,
      repo: env.scope.name === "repo",
      machine: env.scope.name === "machine",
      agentihooksHome: env.agentihooksHome,
      bashPath: env.bashPath,
    }),
    mode: 0o755,
  };
}

/**
 * `<agentihooksHome>/policy.<target>.json`: the guardrail switches the runtime reads on every hook of
 * `target`; the profile chain as the operator wrote it (`coding,anton`, spaces dropped) and the
 * settings profile, which the status line shows; the broadcast channels (`channels`, default the
 * chain's) and the project config's shared broadcast store (docs/broadcasts.md). An empty chain is
 * left out, and so are channels nobody set.
 */
export function policyFileEntry(
  ir: Pick<Ir, "guardrails" | "requestedChain" | "settingsProfile" | "channels" | "options">,
  env: Environment,
  target: PolicyTarget,
  channels: readonly string[] | undefined = ir.channels?.value,
): FileEntry {
  const chain = parseChain(ir.requestedChain).join(",");
  // The runtime tells a home policy from a repo one by it (runtime/scope-handover.ts).
  const options: PolicyOptions = { scope: env.scope.name };
  if (chain) options.chain = chain;
  if (ir.settingsProfile) options.settingsProfile = ir.settingsProfile.name;
  if (channels) options.channels = channels;
  if (ir.options?.broadcastDir) options.broadcastDir = ir.options.broadcastDir;
  return {
    kind: "file",
    path: policyPath(env.agentihooksHome, target),
    content:
      env.scope.name === "repo"
        ? withoutAuditPath(renderPolicy(ir.guardrails as Record<string, unknown>, target, env.agentihooksHome, options))
        : renderPolicy(ir.guardrails as Record<string, unknown>, target, env.agentihooksHome, options),
    mode: 0o644,
  };
}

// A committed policy names no machine path: without `auditLog` the runtime logs under the folder
// the repo-scope wrapper exports as AGENTIHOOKS_HOME (runtime/policy.ts `readPolicy`).
function withoutAuditPath(text: string): string {
  const { auditLog: _machinePath, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return `${JSON.stringify(rest, null, 2)}\n`;
}

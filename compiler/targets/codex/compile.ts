/**
 * The OpenAI Codex CLI target: IR + Environment → DesiredTree. Pure: no fs, no process state;
 * every machine fact comes from `env`. Each artifact is lowered by the file named after it.
 */
import type { DesiredEntry, DesiredTree } from "../../desired-tree";
import { type Diagnostic, sortDiagnostics } from "../../diagnostics";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";
import { withAgentihooksServer } from "../../lower/agentihooks-server";
import { hookWrapperEntry, mcpServerCopyEntry, policyFileEntry, runtimeCopyEntries } from "../../lower/runtime-files";
import { agentihooksEnvEntry } from "../../lower/agentihooks-env";
import { diagnostic } from "../../messages";
import { configEntry, lowerConfig, projectDocMaxBytes } from "./config";
import { descriptor } from "./descriptor";
import { lowerFeatures } from "./features";
import { desiredHookGroups, lowerHooks, trustEntries } from "./hooks";
import { repoSupportEntries } from "../../scopes/repo-files";
import { lowerMcp } from "./mcp";
import { codexPaths } from "./paths";
import { lowerPersona } from "./persona";

/** Lowers the IR to Codex's desired tree: entries sorted by path then kind, diagnostics sorted. */
export function compileTarget(ir: Ir, env: Environment): DesiredTree {
  const paths = codexPaths(env);
  const input = ir.targets.codex;
  const diagnostics: Diagnostic[] = [];
  const config = lowerConfig(input.settings);
  diagnostics.push(...config.diagnostics);
  // agentihooks' own MCP server is installed per machine (docs/mcp-server.md): a home-scope entry only.
  const servers = env.scope.name === "repo" ? { servers: input.mcpServers, diagnostics: [] } : withAgentihooksServer(input.mcpServers, env, descriptor.id);
  diagnostics.push(...servers.diagnostics);
  const mcp = lowerMcp(servers.servers);
  diagnostics.push(...mcp.diagnostics);
  const features = lowerFeatures(ir, paths);
  diagnostics.push(...features.diagnostics);

  const persona = lowerPersona(ir, paths);
  const lists = desiredHookGroups(paths, config.layerHooks);
  const repo = env.scope.name === "repo";
  // Trust is the user's (keyed by this machine's absolute hooks.json path, in their home): a
  // repository's hooks are approved by each user in Codex. `notify` runs an absolute runtime path.
  const trustHooks = !repo && ir.options?.codexHookTrust !== false;
  if (!repo && !trustHooks) diagnostics.push(diagnostic("AH4211", { file: "config", pointer: "/codexHookTrust" }));

  const entries: DesiredEntry[] = [
    configEntry(paths, env, {
      layerKeys: config.keys,
      mcp: mcp.tables,
      trust: trustHooks ? trustEntries(paths, lists) : [],
      projectDocMaxBytes: projectDocMaxBytes(Buffer.byteLength(persona.content, "utf8"), config.projectDocMaxBytes),
      notify: !repo && !config.notifySet,
    }),
    lowerHooks(paths, lists),
    hookWrapperEntry(descriptor, env, paths.wrapper),
    ...runtimeCopyEntries(env),
    ...(env.scope.name === "repo" ? [] : [mcpServerCopyEntry(env), agentihooksEnvEntry(env)]),
    policyFileEntry(ir, env, descriptor.id),
    persona,
    ...features.entries,
    ...(repo ? repoSupportEntries(env) : []),
  ];

  entries.sort((a, b) => compare(a.path, b.path) || compare(a.kind, b.kind));
  return { target: descriptor.id, entries, diagnostics: sortDiagnostics(diagnostics) };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The Claude Code target: IR + Environment → DesiredTree. Pure: no fs, no process state; every
 * machine fact comes from `env`. Each artifact is lowered by the file named after it.
 */
import type { DesiredEntry, DesiredTree } from "../../desired-tree";
import { type Diagnostic, sortDiagnostics } from "../../diagnostics";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";
import { withAgentihooksServer } from "../../lower/agentihooks-server";
import { hookWrapperEntry, mcpServerCopyEntry, policyFileEntry, runtimeCopyEntries } from "../../lower/runtime-files";
import { repoSupportEntries } from "../../scopes/repo-files";
import { agentihooksEnvEntry } from "../../lower/agentihooks-env";
import { descriptor } from "./descriptor";
import { lowerFeatures } from "./features";
import { lowerHooks } from "./hooks";
import { lowerMcp } from "./mcp";
import { claudePaths } from "./paths";
import { lowerPersona } from "./persona";
import { lowerSettings } from "./settings";

/** Lowers the IR to Claude Code's desired tree: entries sorted by path then kind, diagnostics sorted. */
export function compileTarget(ir: Ir, env: Environment): DesiredTree {
  const paths = claudePaths(env);
  const input = ir.targets.claude;
  const diagnostics: Diagnostic[] = [];
  const settings = lowerSettings(input.settings, paths);
  diagnostics.push(...settings.diagnostics);
  // agentihooks' own MCP server is installed per machine (docs/mcp-server.md): a home-scope entry only.
  const repo = env.scope.name === "repo";
  const servers = repo ? { servers: input.mcpServers, diagnostics: [] } : withAgentihooksServer(input.mcpServers, env, descriptor.id);
  diagnostics.push(...servers.diagnostics);
  const mcp = lowerMcp(servers.servers, paths);
  diagnostics.push(...mcp.diagnostics);

  const features = lowerFeatures(ir, paths);
  diagnostics.push(...features.diagnostics);
  const entries: DesiredEntry[] = [
    settings.entry,
    lowerHooks(paths, settings.layerHooks),
    hookWrapperEntry(descriptor, env, paths.wrapper),
    ...runtimeCopyEntries(env),
    ...(repo ? repoSupportEntries(env) : [mcpServerCopyEntry(env), agentihooksEnvEntry(env)]),
    policyFileEntry(ir, env, descriptor.id),
    lowerPersona(ir, paths),
    ...features.entries,
  ];
  if (mcp.entry) entries.push(mcp.entry);

  entries.sort((a, b) => compare(a.path, b.path) || compare(a.kind, b.kind));
  return { target: descriptor.id, entries, diagnostics: sortDiagnostics(diagnostics) };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The Gemini CLI target: IR + Environment → DesiredTree. Pure: no fs, no process state; every
 * machine fact comes from `env`. Each artifact is lowered by the file named after it.
 */
import type { DesiredEntry, DesiredTree } from "../../desired-tree";
import { type Diagnostic, sortDiagnostics } from "../../diagnostics";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";
import { withAgentihooksServer } from "../../lower/agentihooks-server";
import { hookWrapperEntry, mcpServerCopyEntry, policyFileEntry, runtimeCopyEntries } from "../../lower/runtime-files";
import { agentihooksEnvEntry } from "../../lower/agentihooks-env";
import { agentSkillEntries } from "../../lower/skills";
import { lowerAgents } from "./agents";
import { lowerCommands } from "./commands";
import { descriptor } from "./descriptor";
import { lowerHooks } from "./hooks";
import { diagnostic } from "../../messages";
import { repoSupportEntries } from "../../scopes/repo-files";
import { lowerMcp } from "./mcp";
import { geminiPaths } from "./paths";
import { lowerPersona } from "./persona";
import { lowerSettings, settingsEntry } from "./settings";

/** Lowers the IR to Gemini's desired tree: entries sorted by path then kind, diagnostics sorted. */
export function compileTarget(ir: Ir, env: Environment): DesiredTree {
  const paths = geminiPaths(env);
  const input = ir.targets.gemini;
  const diagnostics: Diagnostic[] = [];
  const settings = lowerSettings(input.settings);
  diagnostics.push(...settings.diagnostics);
  // agentihooks' own MCP server is installed per machine (docs/mcp-server.md): a home-scope entry only.
  const servers = env.scope.name === "repo" ? { servers: input.mcpServers, diagnostics: [] } : withAgentihooksServer(input.mcpServers, env, descriptor.id);
  diagnostics.push(...servers.diagnostics);
  const mcp = lowerMcp(servers.servers);
  diagnostics.push(...mcp.diagnostics);
  const commands = lowerCommands(ir.commands, paths);
  diagnostics.push(...commands.diagnostics);
  const repo = env.scope.name === "repo";
  // Gemini registers a project's agents only once each user acknowledges them (a hash in their home):
  // a committed agent would be a file the client ignores.
  const agents = repo ? { entries: [], diagnostics: [] } : lowerAgents(ir.agents, paths);
  diagnostics.push(...agents.diagnostics);
  if (repo && ir.agents.length > 0)
    diagnostics.push(
      diagnostic(
        "AH5155",
        { file: "target:gemini" },
        {
          client: descriptor.displayName,
          what: "agents",
          reason: "project agents load only after each user acknowledges them",
          items: ir.agents
            .map((a) => `'${a.name}'`)
            .sort()
            .join(", "),
        },
      ),
    );

  // Gemini 0.61.0 skips a SKILL.md without both a name and a description, without a word.
  const skills = agentSkillEntries(ir.skills, paths.skillsDir);
  diagnostics.push(...skills.diagnostics);

  const entries: DesiredEntry[] = [
    settingsEntry(paths, settings.keys, mcp.servers),
    lowerHooks(paths, settings.layerHooks),
    hookWrapperEntry(descriptor, env, paths.wrapper),
    ...runtimeCopyEntries(env),
    ...(env.scope.name === "repo" ? [] : [mcpServerCopyEntry(env), agentihooksEnvEntry(env)]),
    policyFileEntry(ir, env, descriptor.id),
    lowerPersona(ir, paths),
    ...commands.entries,
    ...agents.entries,
    // The open-standard directory Gemini reads next to ~/.gemini/skills, shared with Copilot and Codex.
    ...skills.entries,
    ...(repo ? repoSupportEntries(env) : []),
  ];

  entries.sort((a, b) => compare(a.path, b.path) || compare(a.kind, b.kind));
  return { target: descriptor.id, entries, diagnostics: sortDiagnostics(diagnostics) };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

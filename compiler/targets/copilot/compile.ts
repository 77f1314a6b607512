/**
 * The Copilot CLI target: IR + Environment → DesiredTree. Pure: no fs, no process state; every
 * machine fact comes from `env`. Each artifact is lowered by the file named after it.
 */
import type { DesiredEntry, DesiredTree } from "../../desired-tree";
import { type Diagnostic, sortDiagnostics } from "../../diagnostics";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";
import { lowerAgents } from "./agents";
import { lowerCommands } from "./commands";
import { readDirectives, type ResolvedDirectives } from "./directives";
import { lowerEnvFile } from "./env-file";
import { lowerHooks } from "./hooks";
import { lowerMcp } from "./mcp";
import { copilotPaths } from "./paths";
import { lowerPersona } from "./persona";
import { copilotChannels, lowerPolicy } from "./policy";
import { lowerDisabledServers, lowerSettings } from "./settings";
import { lowerShellIntegration } from "./shell-integration";
import { lowerSkills } from "./skills";
import { lowerWrapper } from "./wrapper";
import { withAgentihooksServer } from "../../lower/agentihooks-server";
import { mcpServerCopyEntry, runtimeCopyEntries } from "../../lower/runtime-files";
import { diagnostic } from "../../messages";
import { repoSupportEntries } from "../../scopes/repo-files";
import { descriptor } from "./descriptor";
import { agentihooksEnvEntry } from "../../lower/agentihooks-env";

/** Lowers the IR to Copilot's desired tree: entries sorted by path then kind, diagnostics sorted. */
export function compileTarget(ir: Ir, env: Environment): DesiredTree {
  const paths = copilotPaths(env);
  const input = ir.targets.copilot;
  const entries: DesiredEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const take = <T>(result: { diagnostics: Diagnostic[] } & T): T => {
    diagnostics.push(...result.diagnostics);
    return result;
  };

  const directives = readDirectives(input.settings);
  // The env file exports the channels the policy names, so the two never disagree.
  const channels = copilotChannels(ir, directives);
  if (env.scope.name === "repo") {
    // The repository has hooks, instructions, agents, skills and MCP, but no place for user settings or the env file.
    const keys = Object.keys(input.settings.value).filter((k) => k !== "$schema");
    if (keys.length > 0)
      diagnostics.push(
        diagnostic(
          "AH5155",
          { file: "target:copilot" },
          {
            client: descriptor.displayName,
            what: "user settings",
            reason: "settings.json and the env file are the user's",
            items: keys.map((k) => `'${k}'`).join(", "),
          },
        ),
      );
    entries.push(...repoSupportEntries(env));
  } else {
    entries.push(take(lowerSettings(input.settings, env, paths, directives)).entry);
    const disabled = lowerDisabledServers(directives, input.settings, paths);
    if (disabled) entries.push(disabled);
    const envDirectives: ResolvedDirectives = { ...directives };
    delete envDirectives.channels;
    if (channels && channels.length > 0) envDirectives.channels = channels.join(",");
    const envFile = take(lowerEnvFile(envDirectives, env, paths)).entry;
    // The env file reaches Copilot only through the shell that starts it.
    if (envFile) entries.push(envFile, ...lowerShellIntegration(env));
  }
  entries.push(lowerHooks(paths), lowerWrapper(env, paths), ...runtimeCopyEntries(env), lowerPersona(ir, paths), lowerPolicy(ir, env, channels));
  // agentihooks' own MCP server is installed per machine (docs/mcp-server.md): a home-scope entry only.
  if (env.scope.name !== "repo") entries.push(mcpServerCopyEntry(env), agentihooksEnvEntry(env));
  const servers = env.scope.name === "repo" ? input.mcpServers : take(withAgentihooksServer(input.mcpServers, env, "copilot")).servers;
  const mcp = take(lowerMcp(servers, directives, env, paths)).entry;
  if (mcp) entries.push(mcp);
  entries.push(...take(lowerAgents(ir.agents, paths)).entries);
  entries.push(...take(lowerSkills(ir.skills, paths)).entries);
  entries.push(...take(lowerCommands(ir.commands, ir.skills, paths)).entries);

  entries.sort((a, b) => compare(a.path, b.path) || compare(a.kind, b.kind));
  return { target: "copilot", entries, diagnostics: sortDiagnostics(diagnostics) };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

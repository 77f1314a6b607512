/**
 * agentihooks' own MCP server (docs/mcp-server.md), registered in every client through the normal
 * MCP lowering: a server entry named `agentihooks` that runs the installed copy
 * (`installedMcpServerPath`) with the Node that ran the compiler, for one client (`--target`).
 * It sits under the profiles' servers: a layer that defines its own `agentihooks` replaces it,
 * like any later definition of a name. The Python original registered its server as `hooks-utils`
 * (renamed `agentihooks` in its 2.14) running `python -m hooks.mcp`; such an entry in a layer is
 * not carried over, this server takes its place.
 */
import type { Diagnostic } from "../diagnostics";
import { installedMcpServerPath, type Environment } from "../environment";
import type { McpServerEntry } from "../ir";
import { diagnostic } from "../messages";
import type { TargetId } from "../targets/ids";

/** The name every client registers the server under. */
export const AGENTIHOOKS_SERVER = "agentihooks";

/** The Python original's name for its server before its 2.14. */
export const LEGACY_SERVER = "hooks-utils";

/** The Python original's old server name → the name it has now, for the lists that name servers (`LegacyRenames`). */
export const SERVER_RENAMES: Readonly<Record<string, string>> = { [LEGACY_SERVER]: AGENTIHOOKS_SERVER };

/** The names the Python original registered its server under, which apply migrates in a home it installed (`LegacyEntryNames`). */
export const LEGACY_SERVER_NAMES: readonly string[] = [AGENTIHOOKS_SERVER, LEGACY_SERVER];

/** True when a server entry (any client's spelling) runs the Python original's server: it names the module `hooks.mcp`. */
export function declaresLegacyServer(entry: unknown): boolean {
  return JSON.stringify(entry ?? null).includes("hooks.mcp");
}

/** The entry that runs the installed server for `target`. */
export function agentihooksServerEntry(env: Pick<Environment, "nodePath" | "runtimePath">, target: TargetId): McpServerEntry {
  return {
    server: { command: env.nodePath, args: [installedMcpServerPath(env.runtimePath), "--target", target] },
    origin: { file: "built-in:agentihooks MCP server", layer: "package" },
  };
}

/**
 * `servers` with the agentihooks server added for `target`: the Python original's `hooks-utils`
 * or `agentihooks` entry (one that runs `hooks.mcp`) is replaced by it with an info diagnostic; an
 * `agentihooks` entry of the operator's own (anything else) is kept as authored.
 */
export function withAgentihooksServer(
  servers: Readonly<Record<string, McpServerEntry>>,
  env: Pick<Environment, "nodePath" | "runtimePath">,
  target: TargetId,
): { servers: Record<string, McpServerEntry>; diagnostics: Diagnostic[] } {
  const out: Record<string, McpServerEntry> = {};
  const diagnostics: Diagnostic[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    if ((name === LEGACY_SERVER || name === AGENTIHOOKS_SERVER) && declaresLegacyServer(entry.server)) {
      diagnostics.push(diagnostic("AH4308", entry.origin, { server: name }));
      continue;
    }
    Object.defineProperty(out, name, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  if (!Object.hasOwn(out, AGENTIHOOKS_SERVER)) out[AGENTIHOOKS_SERVER] = agentihooksServerEntry(env, target);
  return { servers: out, diagnostics };
}

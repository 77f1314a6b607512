/**
 * MCP layers (docs/profiles.md, "MCP servers"): for each root in merge order (bundle → chain → settings
 * profile) the target's native MCP layer if present, else the root's Claude-shaped `.mcp.json`.
 * A later layer replaces a same-named server whole. The canonical McpServer shape is the union of
 * the native spellings (schemas/mcp-server.schema.json), so a validated entry is taken as written.
 */
import type { Diagnostic, Result } from "../diagnostics";
import type { McpServerEntry } from "../ir";
import type { LayerDocument } from "../load/source-tree";
import { diagnostic } from "../messages";
import type { TargetDescriptor } from "../targets/target";
import { isUsableServer } from "../load/check-mcp-layer";
import { escapePointer, isPlainObject } from "./merge-documents";

/** The container key every MCP layer may use (Claude, Copilot, and Codex's older spelling). */
const commonContainer = "mcpServers";

/** Merges the MCP layers of one target; servers sorted by name. */
export function mergeMcpServers(descriptor: TargetDescriptor, layers: readonly LayerDocument[]): Result<Record<string, McpServerEntry>> {
  const diagnostics: Diagnostic[] = [];
  const byName = new Map<string, McpServerEntry>();
  for (const layer of layers) {
    const doc = layer.doc.value;
    if (!isPlainObject(doc)) continue;
    // The common spelling first, so the target's own spelling wins when a file holds both.
    const containers = [...new Set([commonContainer, descriptor.layers.mcpContainer])];
    for (const container of containers) {
      const servers = doc[container];
      if (servers === undefined) continue;
      if (!isPlainObject(servers)) {
        diagnostics.push(diagnostic("AH3102", at(layer, `/${escapePointer(container)}`), { container }));
        continue;
      }
      for (const name of Object.keys(servers)) {
        const pointer = `/${escapePointer(container)}/${escapePointer(name)}`;
        const server = servers[name];
        // Not an object, or neither command nor url: already reported by checkMcpLayer (load/check-mcp-layer.ts) when the file was read.
        if (!isPlainObject(server) || !isUsableServer(server)) continue;
        // Spelled out, not spread from at(): once per server and target, the spread was most of this loop.
        const pos = layer.doc.locate(pointer);
        const origin = pos
          ? { file: layer.file, pointer, line: pos.line, column: pos.column, layer: layer.root.layer }
          : { file: layer.file, pointer, layer: layer.root.layer };
        const entry: McpServerEntry = { server: server as McpServerEntry["server"], origin };
        const previous = byName.get(name);
        if (previous) entry.replaces = [...(previous.replaces ?? []), previous.origin];
        byName.set(name, entry);
      }
    }
  }
  const out: Record<string, McpServerEntry> = {};
  // Sorted by name: layer file order carries no meaning for the result.
  for (const name of [...byName.keys()].sort()) out[name] = byName.get(name)!;
  return { value: out, diagnostics };
}

function at(layer: LayerDocument, pointer: string) {
  const pos = layer.doc.locate(pointer);
  return pos ? { file: layer.file, pointer, line: pos.line, column: pos.column } : { file: layer.file, pointer };
}

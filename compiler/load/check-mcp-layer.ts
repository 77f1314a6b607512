/**
 * The check of an MCP layer file beyond its schema, run once per file as it is read (the merge
 * phase then skips what it reported).
 */
import type { Diagnostic } from "../diagnostics";
import { escapePointer, isPlainObject } from "../json-object";
import { diagnostic } from "../messages";
import type { LayerDocument } from "./source-tree";

/** A server is usable when it says how to reach it: a command to run or a url. */
export function isUsableServer(server: Record<string, unknown>): boolean {
  return typeof server.command === "string" || typeof server.url === "string";
}

/**
 * Checks an MCP layer document beyond its schema, once per file: every server needs a `command`
 * or a `url`. `containers` are the keys that may hold servers in this file.
 */
export function checkMcpLayer(layer: LayerDocument, containers: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const doc = layer.doc.value;
  if (!isPlainObject(doc)) return diagnostics;
  for (const container of new Set(containers)) {
    const servers = doc[container];
    if (!isPlainObject(servers)) continue;
    for (const [name, server] of Object.entries(servers)) {
      if (isPlainObject(server) && !isUsableServer(server)) {
        diagnostics.push(diagnostic("AH3101", at(layer, `/${escapePointer(container)}/${escapePointer(name)}`), { name }));
      }
    }
  }
  return diagnostics;
}

function at(layer: LayerDocument, pointer: string) {
  const pos = layer.doc.locate(pointer);
  return pos ? { file: layer.file, pointer, line: pos.line, column: pos.column } : { file: layer.file, pointer };
}

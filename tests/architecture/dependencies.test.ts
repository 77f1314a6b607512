/**
 * The dependency rules of docs/architecture.md ("Dependency rules"), checked over the import graph
 * of the sources (type-only imports included). A failure names the importing module and what it
 * may not import.
 */
import { describe, expect, it } from "vitest";
import { cycles, importGraph } from "./import-graph";

const graph = importGraph();
const CONTRACT = /^compiler\/targets\/(ids|contract|[a-z0-9-]+\/contract)\.ts$/;

/** Every `importer -> imported` edge whose importer matches `from` and imported matches `to`. */
function edges(from: RegExp, to: (imported: string) => boolean): string[] {
  const out: string[] = [];
  for (const [module, imports] of graph) if (from.test(module)) for (const imported of imports) if (to(imported)) out.push(`${module} -> ${imported}`);
  return out;
}

describe("dependency rules", () => {
  it("reads a graph of the whole source tree", () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get("runtime/run-hook.ts")).toContain("runtime/clients/registry.ts");
  });

  it("ids, contracts and the shared JSON and document leaves import nothing but the contract type", () => {
    expect(edges(/^compiler\/targets\/(ids|contract)\.ts$|^compiler\/json-object\.ts$|^compiler\/parse\/parsed-document\.ts$/, () => true)).toEqual([]);
    expect(edges(/^compiler\/targets\/[a-z0-9-]+\/contract\.ts$/, (imported) => imported !== "compiler/targets/contract.ts")).toEqual([]);
  });

  it("the runtime imports only its own modules and the client contracts (its bundle holds no compiler code)", () => {
    expect(edges(/^runtime\//, (imported) => !imported.startsWith("runtime/") && !CONTRACT.test(imported))).toEqual([]);
  });

  it("the compiler and the runtime never import the CLI", () => {
    expect(edges(/^(compiler|runtime)\//, (imported) => imported.startsWith("bin/"))).toEqual([]);
  });

  it("the MCP server imports its own modules, the runtime's, the contracts, the recorded source's reader and two data files; nothing imports it", () => {
    const leaves = new Set(["compiler/state/source-record.ts", "compiler/fs/file-system.ts", "package.json", "schemas/profile.schema.json"]);
    const allowed = (imported: string) => imported.startsWith("mcp/") || imported.startsWith("runtime/") || CONTRACT.test(imported) || leaves.has(imported);
    expect(edges(/^mcp\//, (imported) => !allowed(imported))).toEqual([]);
    expect(edges(/^(bin|compiler|runtime|schemas)\//, (imported) => imported.startsWith("mcp/"))).toEqual([]);
    expect(graph.get("mcp/main.ts")).toContain("mcp/server.ts");
  });

  it("plan never imports apply; load never imports merge", () => {
    expect(edges(/^compiler\/plan\//, (imported) => imported.startsWith("compiler/apply/"))).toEqual([]);
    expect(edges(/^compiler\/load\//, (imported) => imported.startsWith("compiler/merge/"))).toEqual([]);
  });

  it("has no import cycles", () => {
    expect(cycles(graph)).toEqual([]);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../../compiler/load/file-system";
import { findProfile, isValidProfileName, listProfiles } from "../../compiler/resolve/profile-sources";
import { type ChainLookup, expandChain, parseChain } from "../../compiler/resolve/resolve-chain";

/** A lookup over an in-memory `name → extends` table. */
function lookup(table: Record<string, string[]>): ChainLookup {
  return {
    exists: (name) => name in table,
    parents: (name) =>
      (table[name] ?? []).map((parent, i) => ({ name: parent, at: { file: `${name}/profile.yml`, pointer: `/extends/${i}`, line: i + 2, column: 5 } })),
    available: () => Object.keys(table).sort(),
  };
}
const at = { file: "config:agentihooks.config.json", pointer: "/profile" };
const expand = (chain: string, table: Record<string, string[]>) => expandChain(parseChain(chain), lookup(table), at, chain);

describe("parseChain", () => {
  it("splits on commas, trims and drops empties", () => {
    expect(parseChain(" coding , anton,,brain ")).toEqual(["coding", "anton", "brain"]);
    expect(parseChain(" , ")).toEqual([]);
  });
});

describe("expandChain", () => {
  it("walks extends depth-first, parents first, each profile once", () => {
    const { members, diagnostics } = expand("anton,reviewer", { base: [], coding: ["base"], anton: ["coding"], reviewer: ["base"] });
    expect(diagnostics).toEqual([]);
    expect(members).toEqual([{ name: "base", extendedBy: "coding" }, { name: "coding", extendedBy: "anton" }, { name: "anton" }, { name: "reviewer" }]);
  });

  it("keeps parents in declaration order", () => {
    const { members } = expand("child", { child: ["b", "a"], a: [], b: [] });
    expect(members.map((m) => m.name)).toEqual(["b", "a", "child"]);
  });

  it("reports a cycle with the whole path, at the extends entry that closes it", () => {
    const { diagnostics } = expand("a", { a: ["b"], b: ["c"], c: ["a"] });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: "AH3003", file: "c/profile.yml", line: 2, severity: "error" });
    expect(diagnostics[0]!.message).toContain("a -> b -> c -> a");
  });

  it("reports a profile extending itself", () => {
    const { diagnostics } = expand("a", { a: ["a"] });
    expect(diagnostics[0]!.message).toContain("a -> a");
  });

  it("reports an unknown parent with the path that reached it", () => {
    const { diagnostics } = expand("a", { a: ["b"], b: ["ghost"] });
    expect(diagnostics[0]).toMatchObject({ code: "AH3004", file: "b/profile.yml" });
    expect(diagnostics[0]!.message).toContain("Profile 'ghost' not found in inheritance chain: a -> b -> ghost");
  });

  it("reports an unknown chain member with the available names", () => {
    const { diagnostics, members } = expand("a,ghost", { a: [], b: [] });
    expect(members.map((m) => m.name)).toEqual(["a"]);
    expect(diagnostics[0]).toMatchObject({ code: "AH3002", file: at.file, pointer: "/profile" });
    expect(diagnostics[0]!.message).toContain("available: a, b");
  });

  it("reports an empty chain", () => {
    expect(expand(" , ", { a: [] }).diagnostics.map((d) => d.code)).toEqual(["AH3001"]);
  });

  it("warns about a repeated member and applies it once", () => {
    const { diagnostics, members } = expand("a,a", { a: [] });
    expect(members).toEqual([{ name: "a" }]);
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([["AH3011", "warning"]]);
  });

  it("rejects names that could escape the profiles directory", () => {
    expect(expand("../etc", { "../etc": [] }).diagnostics.map((d) => d.code)).toEqual(["AH3010"]);
    expect(isValidProfileName("_base")).toBe(false);
    expect(isValidProfileName("package")).toBe(false);
    expect(isValidProfileName(".hidden")).toBe(false);
    expect(isValidProfileName("coding-2.1_x")).toBe(true);
  });
});

describe("findProfile", () => {
  const root = mkdtempSync(path.join(tmpdir(), "ah-resolve-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const dir = (...parts: string[]) => {
    const p = path.join(root, ...parts);
    mkdirSync(p, { recursive: true });
    return p;
  };
  const builtinProfiles = dir("pkg", "profiles");
  dir("pkg", "profiles", "default");
  dir("pkg", "profiles", "_base");
  dir("pkg", "profiles", "package");
  dir("bundle", "profiles", "default");
  dir("bundle", "profiles", "anton");
  const brain = dir("brain");
  writeFileSync(path.join(builtinProfiles, "not-a-dir"), "x");
  const sources = { builtinProfiles, bundle: path.join(root, "bundle"), linked: [{ name: "brain", dir: brain }] };

  it("prefers built-in, then bundle, then linked", () => {
    expect(findProfile(nodeFileSystem, sources, "default")).toMatchObject({ source: "built-in", display: "built-in:profiles/default" });
    expect(findProfile(nodeFileSystem, sources, "anton")).toMatchObject({ source: "bundle", display: "bundle:profiles/anton" });
    expect(findProfile(nodeFileSystem, sources, "brain")).toMatchObject({ source: "linked", display: "linked(brain):" });
    expect(findProfile(nodeFileSystem, sources, "ghost")).toBeUndefined();
  });

  it("never resolves reserved names or plain files", () => {
    expect(findProfile(nodeFileSystem, sources, "_base")).toBeUndefined();
    expect(findProfile(nodeFileSystem, sources, "package")).toBeUndefined();
    expect(findProfile(nodeFileSystem, sources, "not-a-dir")).toBeUndefined();
  });

  it("lists each selectable profile once, sorted, from the source that wins", () => {
    expect(listProfiles(nodeFileSystem, sources).map((p) => `${p.name}:${p.source}`)).toEqual(["anton:bundle", "brain:linked", "default:built-in"]);
  });
});

import { describe, expect, it } from "vitest";
import type { MarkdownFeature, Origin } from "../../compiler/ir";
import { mergeDocuments, type MergeLayer } from "../../compiler/merge/merge-documents";
import { mergeByName, mergeKeepingFirstPosition } from "../../compiler/merge/merge-features";

const layer = (name: string, value: Record<string, unknown>): MergeLayer => ({ value, origin: { file: `${name}.json`, layer: name } });

describe("mergeDocuments (docs/profiles.md, 'Settings: the deep merge')", () => {
  it("merges objects key by key, later layers winning per key", () => {
    const merged = mergeDocuments([layer("base", { a: 1, nested: { x: 1, y: 2 } }), layer("top", { nested: { y: 3, z: 4 }, b: true })]);
    expect(merged.value).toEqual({ a: 1, nested: { x: 1, y: 3, z: 4 }, b: true });
    expect(merged.provenance["/nested/x"]?.layer).toBe("base");
    expect(merged.provenance["/nested/y"]?.layer).toBe("top");
    expect(merged.provenance["/nested/z"]?.layer).toBe("top");
    expect(merged.provenance["/a"]?.layer).toBe("base");
  });

  it("appends arrays under hooks.<Event>, base entries first", () => {
    const merged = mergeDocuments([
      layer("base", { hooks: { PreToolUse: [{ matcher: "Bash" }] } }),
      layer("top", { hooks: { PreToolUse: [{ matcher: "Edit" }], Stop: [{ matcher: "" }] } }),
    ]);
    expect(merged.value).toEqual({ hooks: { PreToolUse: [{ matcher: "Bash" }, { matcher: "Edit" }], Stop: [{ matcher: "" }] } });
    expect(merged.provenance["/hooks/PreToolUse/0"]?.layer).toBe("base");
    expect(merged.provenance["/hooks/PreToolUse/1"]?.layer).toBe("top");
    expect(merged.provenance["/hooks/Stop/0"]?.layer).toBe("top");
  });

  it("replaces every other array, e.g. permissions.allow", () => {
    const merged = mergeDocuments([layer("base", { permissions: { allow: ["Read", "Grep"] } }), layer("top", { permissions: { allow: ["Edit"] } })]);
    expect(merged.value).toEqual({ permissions: { allow: ["Edit"] } });
    expect(merged.provenance).toEqual({ "/permissions/allow": { file: "top.json", layer: "top", pointer: "/permissions/allow" } });
  });

  it("replaces on a type mismatch and forgets what the earlier layer set below it", () => {
    const merged = mergeDocuments([layer("base", { model: { name: "x", size: 2 } }), layer("top", { model: "gpt-5" })]);
    expect(merged.value).toEqual({ model: "gpt-5" });
    expect(Object.keys(merged.provenance)).toEqual(["/model"]);
  });

  it("does not modify its inputs and shares no arrays with them", () => {
    const base = { list: [1], hooks: { E: [1] } };
    const top = { list: [2], hooks: { E: [2] } };
    const merged = mergeDocuments([layer("base", base), layer("top", top)]);
    (merged.value.list as number[]).push(9);
    expect(base).toEqual({ list: [1], hooks: { E: [1] } });
    expect(top).toEqual({ list: [2], hooks: { E: [2] } });
  });

  it("records the position of the value in the layer that set it", () => {
    const located: MergeLayer = { ...layer("top", { a: 1 }), locate: (p) => (p === "/a" ? { line: 3, column: 8 } : undefined) };
    const merged = mergeDocuments([layer("base", { a: 0 }), located]);
    expect(merged.provenance["/a"]).toEqual({ file: "top.json", layer: "top", pointer: "/a", line: 3, column: 8 });
    expect(merged.layers.map((l) => l.layer)).toEqual(["base", "top"]);
  });

  it("remembers the earlier layers a value overrode, in merge order", () => {
    const merged = mergeDocuments([layer("base", { model: "a", keep: 1 }), layer("bundle", { model: "b" }), layer("admin", { model: "c" })]);
    expect(merged.provenance["/model"]?.layer).toBe("admin");
    expect(merged.overridden).toEqual({
      "/model": [
        { file: "base.json", layer: "base", pointer: "/model" },
        { file: "bundle.json", layer: "bundle", pointer: "/model" },
      ],
    });
  });

  it("escapes pointer tokens (RFC 6901)", () => {
    const merged = mergeDocuments([layer("base", { "a/b": { "c~d": 1 } })]);
    expect(Object.keys(merged.provenance)).toEqual(["/a~1b/c~0d"]);
  });

  it("has a provenance entry for every leaf of the merged value", () => {
    const merged = mergeDocuments([
      layer("one", { a: { b: [1, 2], c: null }, hooks: { X: [{ k: 1 }] }, s: "x" }),
      layer("two", { a: { d: { e: false } }, hooks: { X: [{ k: 2 }] } }),
      layer("three", { a: { b: [3] }, s: { now: "object" } }),
    ]);
    const leaves: string[] = [];
    const walk = (v: unknown, p: string) => {
      if (p in merged.provenance) return leaves.push(p);
      if (v && typeof v === "object" && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) walk(x, `${p}/${k}`);
      else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${p}/${i}`));
      else throw new Error(`no provenance for ${p}`);
    };
    walk(merged.value, "");
    expect(leaves.sort()).toEqual(Object.keys(merged.provenance).sort());
    expect(merged.provenance["/s/now"]?.layer).toBe("three");
    expect(merged.provenance["/a/b"]?.layer).toBe("three");
    expect(merged.provenance["/hooks/X/1"]?.layer).toBe("two");
  });
});

describe("feature merge", () => {
  const origin = (layer: string): Origin => ({ file: `${layer}/x.md`, layer });
  const rule = (fileName: string, layer: string): MarkdownFeature => ({
    name: fileName.replace(/\.md$/, ""),
    fileName,
    origin: origin(layer),
    frontmatter: {},
    body: layer,
    raw: layer,
  });

  it("keeps a rule at its first position while a later layer replaces its text", () => {
    const merged = mergeKeepingFirstPosition(
      [
        [rule("a.md", "package"), rule("b.md", "package")],
        [rule("c.md", "bundle"), rule("a.md", "bundle")],
      ],
      (r) => r.fileName,
    );
    expect(merged.map((r) => `${r.fileName}:${r.body}`)).toEqual(["a.md:bundle", "b.md:package", "c.md:bundle"]);
  });

  it("lets later layers win by name and sorts by name", () => {
    const merged = mergeByName([[rule("zeta.md", "one"), rule("alpha.md", "one")], [rule("zeta.md", "two")]]);
    expect(merged.map((r) => `${r.name}:${r.origin.layer}`)).toEqual(["alpha:one", "zeta:two"]);
  });
});

/**
 * The flat-YAML renderer must be invisible: wherever it renders a mapping, the text equals what the
 * `yaml` package makes of it with the frontmatter options; everything else it hands back.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderFlatYaml } from "../../compiler/parse/flat-yaml";
import { renderMarkdownDocument, renderYaml, renderYamlFully } from "../../compiler/lower/frontmatter";

describe("renderFlatYaml", () => {
  it("writes typical frontmatter exactly as yaml does", () => {
    const typical: Array<Record<string, unknown>> = [
      { name: "agent-001", description: "Specialist for naming; use it when a change touches naming (agent 1).", tools: ["Grep", "Read"] },
      { name: "ship", description: "Ship it, with [brackets], {braces}, 'quotes' and \"double quotes\" inside" },
      { name: "x", "disable-model-invocation": true, "user-invocable": false },
      { description: "Text in ünïcödé → 😀 and a very long line ".repeat(20).trim() },
    ];
    for (const data of typical) {
      expect(renderFlatYaml(data), JSON.stringify(data)).toBe(renderYamlFully(data));
    }
  });

  it("hands everything outside its subset to yaml", () => {
    const other: Array<Record<string, unknown>> = [
      {},
      { a: "" },
      { a: "true" },
      { a: "Null" },
      { a: "1" },
      { a: "a: b" },
      { a: "a #b" },
      { a: "trailing " },
      { a: "two\nlines" },
      { a: " lead" },
      { a: "-x" },
      { a: 1 },
      { a: null },
      { a: [] },
      { a: ["ok", 2] },
      { a: { b: "c" } },
      { "a b": "c" },
      { true: "c" },
      Object.assign(Object.create(null) as Record<string, unknown>, { a: "b" }),
    ];
    for (const data of other) expect(renderFlatYaml(data), JSON.stringify(data)).toBeUndefined();
    for (const data of other.slice(1, -1)) expect(renderYaml(data)).toBe(renderYamlFully(data));
  });

  it("agrees with yaml on generated mappings", () => {
    const safe = fc.constantFrom(
      "word",
      "two words",
      "Word",
      " ",
      "é",
      "😀",
      "(x)",
      "[y]",
      "{z}",
      ", ",
      "; ",
      ".",
      "-",
      "a'b",
      'a"b',
      "x\\y",
      "1",
      "*",
      "&",
      "!",
      "|",
      ">",
      "%",
      "@",
      "`",
      "?",
      "~",
    );
    const risky = fc.constantFrom(
      ":",
      ": ",
      "#",
      " #",
      "\n",
      "\t",
      "\r",
      "\u0085",
      "\u2028",
      "\ufeff",
      "true",
      "False",
      "NULL",
      "null",
      "---",
      "...",
      "  ",
      "'",
      '"',
      "-",
      "- ",
      "1.5",
      ".inf",
      "0x1F",
      "e5",
    );
    const text = fc.array(fc.oneof({ weight: 5, arbitrary: safe }, { weight: 1, arbitrary: risky }), { maxLength: 6 }).map((parts) => parts.join(""));
    const word = fc.oneof({ weight: 4, arbitrary: text.map((t) => `A${t}`) }, { weight: 1, arbitrary: text });
    const value = fc.oneof(
      { weight: 6, arbitrary: word },
      { weight: 1, arbitrary: fc.boolean() },
      { weight: 2, arbitrary: fc.array(word, { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.integer() },
    );
    const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom("name", "description", "tools", "model", "a-b", "_x", "A1") }, { weight: 1, arbitrary: word });
    let taken = 0;
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 }), (data) => {
        const flat = renderFlatYaml(data);
        if (flat === undefined) return;
        taken += 1;
        expect(flat, JSON.stringify(data)).toBe(renderYamlFully(data));
      }),
      { numRuns: 4000, seed: 20261130 },
    );
    expect(taken).toBeGreaterThan(300);
  });

  it("is what renderMarkdownDocument writes", () => {
    expect(renderMarkdownDocument({ name: "a", tools: ["Read"] }, "Body")).toBe("---\nname: a\ntools:\n  - Read\n---\n\nBody\n");
  });
});

/**
 * The flat-YAML fast path must be invisible: wherever it accepts a text, the value and every
 * position it reports equal what the full `yaml` parser makes of the same text; everything else it
 * must hand back (undefined). Checked on hand-picked edge cases and on generated frontmatter.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFlatYaml } from "../../compiler/parse/flat-yaml";
import { parseMarkdown } from "../../compiler/parse/parse-markdown";
import { parseYaml, parseYamlFully } from "../../compiler/parse/parse-yaml";

/** Asserts the fast path agrees with the full parser on `text`; returns whether it took the text. */
function agrees(text: string): boolean {
  const flat = parseFlatYaml(text, 1);
  if (flat === undefined) return false;
  const full = parseYamlFully(text, "f.md", 1);
  expect(full.diagnostics, JSON.stringify(text)).toEqual([]);
  expect(flat.value, JSON.stringify(text)).toStrictEqual(full.value!.value);
  expect(Object.keys(flat.value as object)).toEqual(Object.keys(full.value!.value as object));
  const keys = Object.keys(flat.value as object);
  const pointers = ["", "/missing", "/missing/0", ...keys.flatMap((k) => [`/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, `/${k}/0`, `/${k}/x/y`])];
  for (const pointer of pointers) {
    expect(flat.locate(pointer), `locate ${pointer} in ${JSON.stringify(text)}`).toEqual(full.value!.locate(pointer));
    expect(flat.locateKey!(pointer), `locateKey ${pointer} in ${JSON.stringify(text)}`).toEqual(full.value!.locateKey!(pointer));
  }
  return true;
}

describe("parseFlatYaml", () => {
  it("reads typical frontmatter exactly as the full parser does", () => {
    const typical = [
      'name: "agent-001"\ndescription: "Specialist for naming; use it (agent 1)."\ntools: "Grep, Read"\n',
      "description: Review the current change for naming (command 1)\n",
      "name: x\ndisable-model-invocation: true\nuser-invocable: False\n",
      "description: 'It''s quoted'\nmodel: sonnet   \n",
      'description: "tab\\tand \\"quotes\\" and \\\\ and \\/"\n',
      "description: a \"quoted\" word and an 'apostrophe' inside\n",
      "argument-hint: file [opt] {x} - y, z\n",
      "description: Text in ünïcödé → 😀\n",
    ];
    for (const text of typical) expect(agrees(text), JSON.stringify(text)).toBe(true);
  });

  it("leaves everything outside its subset to the full parser", () => {
    const other = [
      "",
      "\n",
      "a: 1\n",
      "a: ~\n",
      "a: null\n",
      "a:\n",
      "a: b: c\n",
      "a: b # comment\n",
      "# comment\na: b\n",
      "a: b\n\nc: d\n",
      "a: b\n  c\n",
      "a: b\na: c\n",
      "true: x\n",
      "__proto__: x\n",
      "a: [x, y]\n",
      "a: {x: y}\n",
      "a: 'x\n",
      'a: "\\x41"\n',
      'a: "\\u0041"\n',
      'a: "x" y\n',
      "a: https://example.com\n",
      "a:\tb\n",
      "a: b\r\n",
      "a: b",
      "tools:\n  - Read\n",
      "- a\n",
      "a : b\n",
      "a:b\n",
      "<<: x\n",
      "a: .inf\n",
    ];
    for (const text of other) expect(parseFlatYaml(text), JSON.stringify(text)).toBeUndefined();
  });

  it("agrees with the full parser on generated frontmatter", () => {
    const keys = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom("name", "description", "tools", "model", "a", "_x", "a-b", "A1", "on", "yes") },
      { weight: 1, arbitrary: fc.constantFrom("true", "null", "constructor", "toString", "__proto__", "x y", "1") },
    );
    // Mostly ordinary text, so a fair share of the inputs is inside the subset, plus every character
    // and spelling YAML treats specially.
    const safe = fc.constantFrom("word", "two words", "Word", " ", "é", "😀", "(x)", "[y]", "{z}", ", ", "; ", ".", "-", "a'b", 'a"b', "x\\y", "1");
    const risky = fc.constantFrom(
      ":",
      ": ",
      "#",
      " #",
      "'",
      "''",
      '"',
      "\\",
      "\\n",
      "\\t",
      '\\"',
      "\\\\",
      "\\/",
      "\\x41",
      "\\u00e9",
      "\\e",
      "\\0",
      "\t",
      "true",
      "True",
      "FALSE",
      "null",
      "Null",
      "~",
      "yes",
      "No",
      "1.5",
      "0x1F",
      ".inf",
      "- ",
      "?",
      "&a",
      "*a",
      "!tag",
      "|",
      ">",
      "%",
      "@",
      "`",
      "\u0085",
      "\u2028",
      "\ufeff",
      "---",
      "...",
      "e5",
      "Infinity",
      "NaN",
      "  ",
    );
    const scalar = fc
      .array(fc.oneof({ weight: 5, arbitrary: safe }, { weight: 1, arbitrary: risky }), { minLength: 0, maxLength: 6 })
      .map((parts) => parts.join(""));
    const value = fc.oneof(
      scalar,
      scalar.map((s) => `"${s}"`),
      scalar.map((s) => `'${s}'`),
      scalar.map((s) => `"${s.replace(/["\\]/g, "")}"`),
      scalar.map((s) => `'${s.replace(/'/g, "''")}'`),
      scalar.map((s) => `Word${s.replace(/[:#]/g, "")}`),
    );
    const separator = fc.oneof({ weight: 8, arbitrary: fc.constant(": ") }, { weight: 1, arbitrary: fc.constantFrom(":  ", ":", " : ", ":\t") });
    const tail = fc.oneof({ weight: 8, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom(" ", "  ", "\t") });
    const line = fc.tuple(keys, separator, value, tail).map(([k, sep, v, t]) => `${k}${sep}${v}${t}`);
    const text = fc.array(line, { minLength: 1, maxLength: 5 }).map((lines) => `${lines.join("\n")}\n`);
    let taken = 0;
    fc.assert(
      fc.property(text, (t) => {
        if (agrees(t)) taken += 1;
      }),
      { numRuns: 3000, seed: 20261130 },
    );
    // The comparison means something only when the fast path takes a fair share of the inputs.
    expect(taken).toBeGreaterThan(600);
  });

  it("is what parseYaml and parseMarkdown use (positions in the markdown file's lines)", () => {
    const parsed = parseMarkdown('---\nname: "x"\ndescription: Does a thing\n---\nBody\n', "a.md");
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.value!.document.frontmatter).toEqual({ name: "x", description: "Does a thing" });
    expect(parsed.value!.frontmatter.locate("/description")).toEqual({ line: 3, column: 14 });
    expect(parsed.value!.frontmatter.locateKey!("/description")).toEqual({ line: 3, column: 1 });
    expect(parseYaml("a: b\n", "p.yml").value!.locate("/a")).toEqual({ line: 1, column: 4 });
  });
});

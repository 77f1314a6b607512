/**
 * The plain-JSON fast path must be invisible: wherever it accepts a text, the value and every
 * position it reports equal what the jsonc-parser path makes of the same text; anything the full
 * path would report (syntax, comments, trailing commas, duplicate keys) it must hand back.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJson, parseJsonFully } from "../../compiler/parse/parse-json";
import { parsePlainJson } from "../../compiler/parse/plain-json";
import { joinPointer } from "../../compiler/parse/positions";

/** Every pointer into `value`, plus a few that miss, at every depth. */
function pointersOf(value: unknown, prefix: Array<string | number> = []): string[] {
  const here = joinPointer(prefix);
  const out = [here, `${here}/missing`, `${here}/0`, `${here}/01`];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...pointersOf(item, [...prefix, i])));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) out.push(...pointersOf(v, [...prefix, k]));
  return out;
}

/** Asserts the fast path agrees with the full parser on `text`; returns whether it took the text. */
function agrees(text: string, jsonc = false): boolean {
  const plain = parsePlainJson(text, jsonc);
  if (plain === undefined) return false;
  for (const comments of jsonc ? [true] : [false, true]) {
    const full = parseJsonFully(text, "f.json", comments);
    expect(full.diagnostics, JSON.stringify(text)).toEqual([]);
    expect(plain.value, JSON.stringify(text)).toStrictEqual(full.value!.value);
    expect(JSON.stringify(plain.value)).toBe(JSON.stringify(full.value!.value));
    for (const pointer of pointersOf(plain.value)) {
      expect(plain.locate(pointer), `locate ${pointer} in ${JSON.stringify(text)}`).toEqual(full.value!.locate(pointer));
      expect(plain.locateKey!(pointer), `locateKey ${pointer} in ${JSON.stringify(text)}`).toEqual(full.value!.locateKey!(pointer));
    }
  }
  return true;
}

describe("parsePlainJson", () => {
  it("reads plain JSON exactly as the jsonc-parser path does", () => {
    const cases = [
      '{\n  "mcpServers": {\n    "gh": { "command": "gh", "args": ["mcp", "serve"] }\n  }\n}\n',
      "{}",
      " [ ] ",
      '\r\n\t{"a" : [ 1 , -2.5e3 , true , false , null , "x" ] ,"b":{ }}\r\n',
      '{"esc\\"aped": {"k\\\\": "v\\\\"}, "u": "\\u00e9\\ud83d\\ude00", "slash": "a\\/b"}',
      '{"__proto__": {"polluted": true}, "2": "int-like", "1": "first"}',
      '"just a string"',
      "42",
      '{"a": {"b": {"c": [[], [{}], [{"d": [1, 2, {"e": "deep"}]}]]}}}',
      '{"x:y": "colon in key", "q": "a \\"quoted\\": value"}',
      '{"uni": "Text in \u00fcn\u00efc\u00f6d\u00e9 \u2192 \ud83d\ude00", "line": "a\u2028b"}',
    ];
    for (const text of cases) expect(agrees(text), text).toBe(true);
  });

  it("hands back everything the full path diagnoses or reads differently", () => {
    const refused = [
      '{\n  "a": 1 // why\n}\n',
      '{\n  "a": [1, 2,],\n  "b": 1\n}\n',
      '{\n  "a": 1\n  "b": 2\n}\n',
      '{\n  "model": "a",\n  "model": "b"\n}\n',
      '{"outer": {"k": 1, "k": 2}}',
      '[{"k": 1}, {"k": 1, "j": 2, "k": 3}]',
      "",
      "{\u00a0}",
      "{\f}",
    ];
    for (const text of refused) expect(parsePlainJson(text), text).toBeUndefined();
    // parseJson still reports them through the full path.
    expect(parseJson('{\n  "model": "a",\n  "model": "b"\n}\n', "s.json", false).diagnostics.map((d) => d.code)).toEqual(["AH1005"]);
  });

  it("reads JSONC comments and trailing commas as the jsonc-parser path does, positions included", () => {
    const cases = [
      '// user settings\n{\n  /* theme */ "theme": "dim",\n  "beep": true,\n}\n',
      '{\r\n  "a": [1, 2, ], // end\r\n  "b": {"c": "// not a comment", "d": "/* nor this */"},\r\n}',
      '/* multi\n line\n comment */ [ /* x */ 1 /* y */ , "two" // z\n ,\n]',
      '{"url": "https://example.com/a//b", "x": 1 /* "quoted" */}',
      '// Claude Code base layer\n// second line\n{\n  "$schema": "https://agentihooks.dev/schemas/claude-settings.schema.json"\n}\n',
    ];
    for (const text of cases) expect(agrees(text, true), text).toBe(true);
    // Nothing JSONC refuses gets through: stray commas, open comments, a comment in plain JSON.
    for (const text of ["[,]", "{,}", "[1,,]", '{"a": 1,,}', "[1] /* open", "[1 /* open ]", "// only a comment\n"]) {
      expect(parsePlainJson(text, true), text).toBeUndefined();
    }
    expect(parsePlainJson("[1] // c", false)).toBeUndefined();
  });

  it("agrees with the full path on generated JSONC (comments and trailing commas at random places)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.array(fc.nat(5), { minLength: 64, maxLength: 64 }), (value, choices) => {
        const lines = JSON.stringify(value, null, 2).split("\n");
        const out: string[] = [];
        lines.forEach((line, i) => {
          const choice = choices[i % choices.length]!;
          const next = lines[i + 1]?.trim() ?? "";
          const opens = line.endsWith("{") || line.endsWith("[");
          let text = line;
          // A trailing comma before a closing bracket, when a value ends this line.
          if (choice % 2 === 0 && !opens && (next.startsWith("}") || next.startsWith("]"))) text += ",";
          if (choice === 1) text += ' // a "comment", with /* marks */';
          if (choice === 3) text = `/* before\n "x": 1 */ ${text}`;
          out.push(text);
        });
        const text = out.join("\n");
        expect(agrees(text, true), text).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("agrees with the full path on generated documents in every layout", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 0, 1, 2, "\t", " \r\n"), (value, indent) => {
        // JSON.stringify gives -0 as 0; the text is what both parsers read.
        const text = JSON.stringify(value, null, indent as string | number | undefined);
        expect(agrees(text)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

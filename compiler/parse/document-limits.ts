/**
 * The limits every structured document a bundle holds is checked against after parsing: its
 * nesting depth and NUL characters in its strings.
 *
 * The nesting limit:  Parsers, the schema validator,
 * the merge and the serializers all recurse, so a 10 000-deep `[[[[…` would end in a stack
 * overflow somewhere down the line; a profile file never needs more than a handful of levels.
 * Checked twice: on the text before a parser recurses (brackets outside strings, which is what a
 * deep JSON, flow YAML or inline TOML document is made of), and on the parsed value (indented
 * YAML and TOML tables), each with the position of the first value too deep.
 *
 * NUL: no file, shell word or process argument can carry one, so a string holding `\u0000` (an
 * escape in JSON, YAML or TOML) is refused where it is written rather than cut short later.
 */
import type { Diagnostic } from "../diagnostics";
import { diagnostic } from "../messages";
import { LineIndex } from "./positions";

/** The deepest nesting of objects and arrays a document may have. */
export const maxNesting = 64;

/**
 * The offset of the first `[` or `{` that opens level `maxNesting + 1`, outside string literals
 * and comments (`"…"` with escapes, `'…'`, and `#` / `//` comments to the end of the line); -1 when
 * the text stays within the limit. One pass, no recursion.
 */
export function tooDeepOffset(text: string, limit = maxNesting): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
      // Skip the string; an unterminated one ends the scan (the parser reports it).
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== c && text.charCodeAt(j) !== 0x0a) j += c === 0x22 && text.charCodeAt(j) === 0x5c ? 2 : 1;
      i = j;
    } else if (c === 0x23 /* # */ || (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2f)) {
      const end = text.indexOf("\n", i);
      if (end === -1) break;
      i = end;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > limit) return i;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (depth > 0) depth--;
    }
  }
  return -1;
}

/**
 * The first problem in a parsed value, in document order: a container nested deeper than `limit`
 * (`depth`), or a string or key holding a NUL (`nul`), with its JSON pointer. Iterative.
 */
export function valueProblem(value: unknown, limit = maxNesting): { kind: "depth" | "nul"; pointer: string } | undefined {
  const stack: Array<{ node: unknown; depth: number; pointer: string }> = [{ node: value, depth: 0, pointer: "" }];
  while (stack.length > 0) {
    const { node, depth, pointer } = stack.pop()!;
    if (typeof node === "string") {
      if (node.includes("\0")) return { kind: "nul", pointer };
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    if (depth + 1 > limit) return { kind: "depth", pointer };
    const entries = Array.isArray(node) ? node.map((item, i) => [String(i), item] as const) : Object.entries(node);
    for (let k = entries.length - 1; k >= 0; k--) {
      const [key, item] = entries[k]!;
      if (key.includes("\0")) return { kind: "nul", pointer };
      stack.push({ node: item, depth: depth + 1, pointer: `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}` });
    }
  }
  return undefined;
}

/** The AH1013 error for a document whose text nests too deeply, at the opening bracket. */
export function textTooDeep(text: string, file: string, lineOffset = 0): Diagnostic | undefined {
  const offset = tooDeepOffset(text);
  if (offset === -1) return undefined;
  const { line, column } = new LineIndex(text).position(offset);
  return diagnostic("AH1013", { file, line: line + lineOffset, column }, { limit: maxNesting });
}

/** The AH1013 (too deep) or AH1014 (NUL) error for a parsed value, at the first value concerned. */
export function valueLimitError(
  value: unknown,
  file: string,
  locate: (pointer: string) => { line: number; column: number } | undefined,
): Diagnostic | undefined {
  const problem = valueProblem(value);
  if (problem === undefined) return undefined;
  const at = { file, pointer: problem.pointer, ...locate(problem.pointer) };
  return problem.kind === "depth" ? diagnostic("AH1013", at, { limit: maxNesting }) : diagnostic("AH1014", at);
}

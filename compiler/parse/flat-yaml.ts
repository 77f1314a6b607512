/**
 * The flat YAML subset, read and written: one `key: value` per line, every value a single-line
 * string or a boolean (and, when writing, a list of plain strings). Most frontmatter is this; the
 * full `yaml` document API, kept for every other input, was a quarter of the front end's time at
 * scale when reading, and a tenth of compiling when writing.
 *
 * Reading (`parseFlatYaml`):
 * The subset is chosen so the result is exactly what parse-yaml.ts makes of the same text: the same
 * value, and the same positions from `locate` and `locateKey`. Anything outside it, or anything the
 * full parser would report (a duplicate key, an escape JSON does not share), returns undefined and
 * the caller uses the full parser. tests/parse/flat-yaml-parse.test.ts compares the two on
 * generated input.
 *
 * Writing (`renderFlatYaml`): the text is byte-for-byte what lower/frontmatter.ts's `yaml` options
 * produce: only strings YAML can hold unquoted, with nothing that reads as another type. Anything
 * else returns undefined and the caller renders with `yaml`. tests/parse/flat-yaml-render.test.ts
 * compares the two on generated mappings.
 */
import type { ParsedDocument } from "./parsed-document";
import { splitPointer, type Position } from "./positions";

const key = "[A-Za-z_][A-Za-z0-9_-]*";
/** Characters left to the full parser wherever they appear: C0/C1 controls (tab included), U+2028/9, BOM. */
const controls = "\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\ufeff";
/** `key: "…"`: no raw control characters; escapes are checked by JSON.parse below. */
const doubleQuoted = new RegExp(`^(${key}):( +)("(?:[^"\\\\${controls}]|\\\\[^${controls}])*")[ ]*$`);
/** `key: '…'`: a quote inside is written twice. */
const singleQuoted = new RegExp(`^(${key}):( +)('(?:[^'${controls}]|'')*')[ ]*$`);
/**
 * `key: text`: starting with a letter (so never a number, and never an indicator), without `:` or
 * `#` (so never a mapping or a comment) and without control characters.
 */
const plain = new RegExp(`^(${key}):( +)([A-Za-z][^:#${controls}]*?)[ ]*$`);
/** Plain scalars the YAML 1.2 core schema reads as something other than a string. */
const booleans = new Map([
  ["true", true],
  ["True", true],
  ["TRUE", true],
  ["false", false],
  ["False", false],
  ["FALSE", false],
]);
const nulls = new Set(["null", "Null", "NULL"]);

/**
 * Parses `text` when it is a flat mapping of single-line scalars; undefined when it is anything
 * else. `lineOffset` shifts reported lines, as in parseYaml.
 */
export function parseFlatYaml(text: string, lineOffset = 0): ParsedDocument | undefined {
  if (text.length === 0 || !text.endsWith("\n")) return undefined;
  const value: Record<string, unknown> = {};
  const keyOffsets = new Map<string, number>();
  const valueOffsets = new Map<string, number>();
  const lineStarts: number[] = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end);
    const parsed = parseLine(line);
    if (parsed === undefined || keyOffsets.has(parsed.key) || parsed.key === "__proto__") return undefined;
    lineStarts.push(start);
    keyOffsets.set(parsed.key, start);
    valueOffsets.set(parsed.key, start + parsed.valueColumn);
    value[parsed.key] = parsed.value;
    start = end + 1;
  }

  const at = (offset: number): Position => {
    let line = 0;
    while (line + 1 < lineStarts.length && (lineStarts[line + 1] as number) <= offset) line += 1;
    return { line: line + 1 + lineOffset, column: offset - (lineStarts[line] as number) + 1 };
  };
  // Mirrors parse-yaml.ts: the first segment finds a key (or stops at the document); a deeper
  // segment stops at that key's scalar value.
  const locateNode = (pointer: string, wantKey: boolean): Position => {
    const segments = splitPointer(pointer);
    const first = segments[0];
    if (first === undefined || !keyOffsets.has(first)) return at(0);
    const valueOffset = valueOffsets.get(first) as number;
    if (segments.length > 1) return at(valueOffset);
    return at(wantKey ? (keyOffsets.get(first) as number) : valueOffset);
  };
  return { value, locate: (pointer) => locateNode(pointer, false), locateKey: (pointer) => locateNode(pointer, true) };
}

/** One `key: value` line: the key, the value, and the column (0-based) where the value starts. */
function parseLine(line: string): { key: string; value: unknown; valueColumn: number } | undefined {
  const colon = line.indexOf(":");
  if (colon <= 0) return undefined;
  // A key the core schema reads as a boolean or null becomes the string "true"/"null" in the full
  // parser too, but those rare spellings are left to it.
  const name = line.slice(0, colon);
  if (booleans.has(name) || nulls.has(name)) return undefined;
  let valueStart = colon + 1;
  while (line.charCodeAt(valueStart) === 0x20) valueStart += 1;
  const first = line.charCodeAt(valueStart);
  let match: RegExpExecArray | null;
  if (first === 0x22 /* " */) {
    match = doubleQuoted.exec(line);
    if (match === null) return undefined;
    // JSON's escapes are a subset of YAML's with the same meaning; YAML-only ones (\x, \e, \0, …)
    // and \u (surrogate handling) go to the full parser.
    const raw = match[3] as string;
    let text: string;
    if (!raw.includes("\\")) {
      // Nothing escaped: the text between the quotes is the value.
      text = raw.slice(1, -1);
    } else {
      if (raw.replace(/\\["\\/bfnrt]/g, "").includes("\\")) return undefined;
      try {
        text = JSON.parse(raw) as string;
      } catch {
        return undefined;
      }
    }
    return { key: match[1] as string, value: text, valueColumn: (match[1] as string).length + 1 + (match[2] as string).length };
  }
  if (first === 0x27 /* ' */) {
    match = singleQuoted.exec(line);
    if (match === null) return undefined;
    const raw = match[3] as string;
    return { key: match[1] as string, value: raw.slice(1, -1).replace(/''/g, "'"), valueColumn: (match[1] as string).length + 1 + (match[2] as string).length };
  }
  match = plain.exec(line);
  if (match === null) return undefined;
  const text = match[3] as string;
  if (nulls.has(text)) return undefined;
  const valueColumn = name.length + 1 + (match[2] as string).length;
  return { key: name, value: booleans.get(text) ?? text, valueColumn };
}

/** Strings written unquoted: a letter first, no `:` or `#`, no control characters, no trailing space. */
const plainSafe = new RegExp(`^[A-Za-z](?:[^:#${controls}]*[^:#\\s${controls}])?$`);
/** Keys written as they are: the identifiers frontmatter uses. */
const plainKey = new RegExp(`^${key}$`);

/** True for a plain scalar the YAML 1.2 core schema reads as a boolean or null (`yaml` quotes these). */
function readsAsOtherType(text: string): boolean {
  return booleans.has(text) || nulls.has(text);
}

/** The block-style YAML of `data` (ending with a newline), or undefined when it is outside the flat subset. */
export function renderFlatYaml(data: Record<string, unknown>): string | undefined {
  if (Object.getPrototypeOf(data) !== Object.prototype) return undefined;
  let out = "";
  let keys = 0;
  for (const [name, value] of Object.entries(data)) {
    if (!plainKey.test(name) || readsAsOtherType(name)) return undefined;
    keys += 1;
    if (typeof value === "boolean") {
      out += `${name}: ${value}\n`;
    } else if (typeof value === "string") {
      if (!isPlain(value)) return undefined;
      out += `${name}: ${value}\n`;
    } else if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string" && isPlain(item))) {
      out += `${name}:\n${value.map((item) => `  - ${item as string}\n`).join("")}`;
    } else {
      return undefined;
    }
  }
  return keys === 0 ? undefined : out;
}

function isPlain(text: string): boolean {
  return plainSafe.test(text) && !readsAsOtherType(text);
}

/**
 * The fast path for plain JSON: JSON.parse for the value, and the positions jsonc-parser's tree
 * would give, indexed from the text only when `locate` is first called. For JSONC, comments and
 * trailing commas are first blanked out (replaced by spaces, line breaks kept, so offsets do not
 * move). Used only when the result is exactly what parse-json.ts's full path makes of the same
 * text: JSON.parse accepts a subset of what jsonc-parser accepts (no other whitespace, no stray
 * commas), and a text with a duplicate key (which JSON.parse silently collapses) is left to the
 * full path, which reports it.
 * tests/parse.test.ts compares the two paths on the same inputs.
 */
import type { ParsedDocument } from "./parse-document";
import { LineIndex, splitPointer, type Position } from "./positions";

/** Where a value starts, and for a container where its members or items do. */
interface IndexedNode {
  offset: number;
  /** An object's members by key: the offset of the key's opening quote and the value. */
  members?: Map<string, { key: number; node: IndexedNode }>;
  /** An array's items. */
  items?: IndexedNode[];
}

/** Every string token, a key when followed by `:`; in valid JSON no quote occurs between strings. */
const stringToken = /"[^"\\]*(?:\\.[^"\\]*)*"\s*:?/g;

/**
 * Parses `text` when JSON.parse accepts it and no object repeats a key; undefined otherwise (the
 * caller then uses the full parser, for its diagnostics).
 */
export function parsePlainJson(text: string, allowComments = false): ParsedDocument | undefined {
  // JSONC's comments and trailing commas become spaces: every offset, and so every position, stays.
  if (allowComments) text = blankTrailingCommas(blankComments(text));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // A repeated key leaves fewer members in the value than keys in the text.
  if (keysInText(text) !== membersIn(value)) return undefined;

  let root: IndexedNode | undefined;
  let lines: LineIndex | undefined;
  const locateNode = (pointer: string, wantKey: boolean): Position => {
    root ??= indexJson(text);
    lines ??= new LineIndex(text);
    let node = root;
    let keyOffset: number | undefined;
    // Mirrors parse-json.ts's walk over jsonc-parser's tree, so both paths give the same positions.
    for (const segment of splitPointer(pointer)) {
      keyOffset = undefined;
      let next: IndexedNode | undefined;
      if (node.members !== undefined) {
        const member = node.members.get(segment);
        keyOffset = member?.key;
        next = member?.node;
      } else if (node.items !== undefined && /^\d+$/.test(segment)) {
        next = node.items[Number(segment)];
      }
      if (next === undefined) {
        keyOffset = undefined;
        break;
      }
      node = next;
    }
    return lines.position(wantKey && keyOffset !== undefined ? keyOffset : node.offset);
  };
  return { value, locate: (p) => locateNode(p, false), locateKey: (p) => locateNode(p, true) };
}

/** Strings (kept) and comments (matched to be blanked); an unterminated comment is left for JSON.parse to refuse. */
const stringOrComment = /"(?:[^"\\]|\\.)*"|\/\/[^\r\n]*|\/\*[\s\S]*?\*\//g;
/** Strings (kept) and a comma that follows a value and precedes a closing bracket (blanked). */
const stringOrTrailingComma = /"(?:[^"\\]|\\.)*"|(?<=["\]}\w]\s*),(?=\s*[}\]])/g;

function blankComments(text: string): string {
  if (!text.includes("/")) return text;
  // Line breaks inside a block comment stay, so line numbers do too.
  return text.replace(stringOrComment, (token) => (token.charCodeAt(0) === 0x22 ? token : token.replace(/[^\r\n]/g, " ")));
}

function blankTrailingCommas(text: string): string {
  return text.replace(stringOrTrailingComma, (token) => (token === "," ? " " : token));
}

function keysInText(text: string): number {
  let keys = 0;
  for (const token of text.match(stringToken) ?? []) if (token.charCodeAt(token.length - 1) === 0x3a /* : */) keys += 1;
  return keys;
}

function membersIn(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += membersIn(item);
    return count;
  }
  for (const key in value) count += 1 + membersIn((value as Record<string, unknown>)[key]);
  return count;
}

/** Indexes the positions of every value in `text`, which JSON.parse has accepted. */
function indexJson(text: string): IndexedNode {
  let i = 0;
  const skipSpace = (): void => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      i += 1;
    }
  };
  /** The offset just after the string whose opening quote is at `start`. */
  const stringEnd = (start: number): number => {
    let from = start + 1;
    for (;;) {
      const quote = text.indexOf('"', from);
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
      if (backslashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  };
  const readValue = (): IndexedNode => {
    skipSpace();
    const offset = i;
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      i += 1;
      const members = new Map<string, { key: number; node: IndexedNode }>();
      skipSpace();
      if (text.charCodeAt(i) === 0x7d /* } */) {
        i += 1;
        return { offset, members };
      }
      for (;;) {
        skipSpace();
        const keyStart = i;
        i = stringEnd(i);
        const raw = text.slice(keyStart + 1, i - 1);
        const key = raw.includes("\\") ? (JSON.parse(text.slice(keyStart, i)) as string) : raw;
        skipSpace();
        i += 1; // the ':'
        members.set(key, { key: keyStart, node: readValue() });
        skipSpace();
        i += 1; // ',' or '}'
        if (text.charCodeAt(i - 1) === 0x7d) return { offset, members };
      }
    }
    if (c === 0x5b /* [ */) {
      i += 1;
      const items: IndexedNode[] = [];
      skipSpace();
      if (text.charCodeAt(i) === 0x5d /* ] */) {
        i += 1;
        return { offset, items };
      }
      for (;;) {
        items.push(readValue());
        skipSpace();
        i += 1; // ',' or ']'
        if (text.charCodeAt(i - 1) === 0x5d) return { offset, items };
      }
    }
    if (c === 0x22 /* " */) {
      i = stringEnd(i);
      return { offset };
    }
    // A number, true, false or null: up to the next delimiter.
    for (;;) {
      const d = text.charCodeAt(i);
      if (Number.isNaN(d) || d === 0x2c || d === 0x7d || d === 0x5d || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) return { offset };
      i += 1;
    }
  };
  return readValue();
}

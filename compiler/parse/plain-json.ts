/**
 * The fast path for plain JSON: JSON.parse for the value, and the positions jsonc-parser's tree
 * would give, indexed from the text only when `locate` is first called. For JSONC, comments and
 * trailing commas are first blanked out (replaced by spaces, line breaks kept, so offsets do not
 * move). Used only when the result is exactly what parse-json.ts's full path makes of the same
 * text: JSON.parse accepts a subset of what jsonc-parser accepts (no other whitespace, no stray
 * commas), and a text with a duplicate key (which JSON.parse silently collapses) is left to the
 * full path, which reports it.
 * tests/parse/parse.test.ts compares the two paths on the same inputs.
 */
import type { ParsedDocument } from "./parsed-document";
import { LineIndex, splitPointer, type Position } from "./positions";

/**
 * Where a value starts. A container's members or items are found only when a pointer first goes
 * through it: locating 200 servers never indexes their arguments.
 */
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

  const index = new JsonIndex(text);
  let lines: LineIndex | undefined;
  const locateNode = (pointer: string, wantKey: boolean): Position => {
    lines ??= new LineIndex(text);
    let node = index.root;
    let keyOffset: number | undefined;
    // Mirrors parse-json.ts's walk over jsonc-parser's tree, so both paths give the same positions.
    for (const segment of splitPointer(pointer)) {
      keyOffset = undefined;
      let next: IndexedNode | undefined;
      const c = text.charCodeAt(node.offset);
      if (c === 0x7b /* { */) {
        const member = index.membersOf(node).get(segment);
        keyOffset = member?.key;
        next = member?.node;
      } else if (c === 0x5b /* [ */ && /^\d+$/.test(segment)) {
        next = index.itemsOf(node)[Number(segment)];
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

/** Positions in a text JSON.parse has accepted, found container by container as pointers need them. */
class JsonIndex {
  readonly root: IndexedNode;
  private i = 0;

  constructor(private readonly text: string) {
    this.skipSpace();
    this.root = { offset: this.i };
  }

  membersOf(node: IndexedNode): Map<string, { key: number; node: IndexedNode }> {
    if (node.members !== undefined) return node.members;
    const text = this.text;
    const members = new Map<string, { key: number; node: IndexedNode }>();
    node.members = members;
    this.i = node.offset + 1;
    this.skipSpace();
    if (text.charCodeAt(this.i) === 0x7d /* } */) return members;
    for (;;) {
      this.skipSpace();
      const keyStart = this.i;
      this.i = this.stringEnd(keyStart);
      const raw = text.slice(keyStart + 1, this.i - 1);
      const key = raw.includes("\\") ? (JSON.parse(text.slice(keyStart, this.i)) as string) : raw;
      this.skipSpace();
      this.i += 1; // the ':'
      this.skipSpace();
      members.set(key, { key: keyStart, node: { offset: this.i } });
      this.skipValue();
      this.skipSpace();
      this.i += 1; // ',' or '}'
      if (text.charCodeAt(this.i - 1) === 0x7d) return members;
    }
  }

  itemsOf(node: IndexedNode): IndexedNode[] {
    if (node.items !== undefined) return node.items;
    const text = this.text;
    const items: IndexedNode[] = [];
    node.items = items;
    this.i = node.offset + 1;
    this.skipSpace();
    if (text.charCodeAt(this.i) === 0x5d /* ] */) return items;
    for (;;) {
      this.skipSpace();
      items.push({ offset: this.i });
      this.skipValue();
      this.skipSpace();
      this.i += 1; // ',' or ']'
      if (text.charCodeAt(this.i - 1) === 0x5d) return items;
    }
  }

  private skipSpace(): void {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(this.i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      this.i += 1;
    }
  }

  /** Moves past the value at the current offset without indexing what is inside it. */
  private skipValue(): void {
    const text = this.text;
    const c = text.charCodeAt(this.i);
    if (c === 0x22 /* " */) {
      this.i = this.stringEnd(this.i);
      return;
    }
    if (c !== 0x7b && c !== 0x5b) {
      // A number, true, false or null: up to the next delimiter.
      scalarRest.lastIndex = this.i;
      scalarRest.test(text);
      this.i = scalarRest.lastIndex;
      return;
    }
    let depth = 0;
    for (;;) {
      // Jump over everything that neither opens a string nor opens or closes a container.
      structural.lastIndex = this.i;
      structural.test(text);
      this.i = structural.lastIndex;
      const d = text.charCodeAt(this.i);
      if (d === 0x22) {
        this.i = this.stringEnd(this.i);
        continue;
      }
      this.i += 1;
      if (d === 0x7b || d === 0x5b) depth += 1;
      else if (--depth === 0) return;
    }
  }

  /** The offset just after the string whose opening quote is at `start`. */
  private stringEnd(start: number): number {
    const text = this.text;
    let from = start + 1;
    for (;;) {
      const quote = text.indexOf('"', from);
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
      if (backslashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }
}

const scalarRest = /[^,}\]\s]*/y;
const structural = /[^"{}[\]]*/y;

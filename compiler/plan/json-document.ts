/**
 * A JSON (or JSONC) document edited key by key. An existing file is edited in its own text with
 * jsonc-parser (modify + applyEdits), so comments, key order, formatting and unrelated keys survive;
 * a new file is built as a value and written whole by the one JSON serializer.
 */
import { applyEdits, format, modify, parse, printParseErrorCode, type Edit, type FormattingOptions, type ParseError } from "jsonc-parser";
import type { JsonStyle } from "../desired-tree";
import { parsePlainJson } from "../parse/plain-json";
import { serializeJson } from "../serialize/json";
import { cloneJson, getPath, isObject } from "./json-value";

/** Parse outcome of a JSON/JSONC text: the value, or the first error with its line. */
export type JsonParse = { ok: true; value: unknown } | { ok: false; error: string };

/** Parses JSON (`comments: false`) or JSONC (comments and trailing commas allowed). */
export function parseJsonText(text: string, comments: boolean): JsonParse {
  // Most files hold plain JSON, which the native parser reads several times faster than jsonc-parser
  // (the MCP server lists of a home were a tenth of planning it): the one fast path,
  // parse/plain-json.ts. jsonc-parser's `parse` assigns a `__proto__` member (setting the prototype)
  // where JSON.parse keeps it as data, so such a text is left to jsonc-parser as before.
  const plain = parsePlainJson(text, comments);
  if (plain !== undefined && !(/__proto__|\\u/.test(text) && hasProtoMember(plain.value))) return { ok: true, value: plain.value };
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: comments, disallowComments: !comments, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const line = text.slice(0, first.offset).split("\n").length;
    return { ok: false, error: `${printParseErrorCode(first.error)} at line ${line}` };
  }
  return { ok: true, value };
}

function hasProtoMember(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasProtoMember);
  if (!isObject(value)) return false;
  return Object.keys(value).some((key) => key === "__proto__" || hasProtoMember(value[key]));
}

/** An editable JSON object document. */
export class JsonDocument {
  private text: string | undefined;
  private value: Record<string, unknown>;

  /** `text` undefined = a new file built from `initial`. `text` must parse to an object (checked by the caller). */
  constructor(
    text: string | undefined,
    private readonly style: JsonStyle,
    parsed: Record<string, unknown> = {},
  ) {
    this.text = text;
    this.value = cloneJson(parsed);
  }

  /** The current value (do not mutate). */
  get root(): Record<string, unknown> {
    return this.value;
  }

  /** Value at a key path, or undefined. */
  get(path: readonly string[]): unknown {
    return getPath(this.value, path);
  }

  /** Sets the value at `path`, creating intermediate objects (an intermediate non-object is replaced). */
  set(path: readonly string[], value: unknown): void {
    if (path.length === 0) throw new Error("JsonDocument.set: empty path");
    if (this.text !== undefined) {
      const edits = modify(this.text, [...path], value, {});
      this.text = this.applyFormatted(this.style.asciiOnly ? edits.map((e) => ({ ...e, content: escapeNonAscii(e.content) })) : edits);
    }
    let node: Record<string, unknown> = this.value;
    for (const step of path.slice(0, -1)) {
      const next = node[step];
      if (!isObject(next)) node[step] = {};
      node = node[step] as Record<string, unknown>;
    }
    node[path[path.length - 1] as string] = cloneJson(value);
  }

  /** Removes the value at `path` if present; with `pruneEmpty`, also removes parents left empty. */
  remove(path: readonly string[], pruneEmpty = false): void {
    if (this.get(path) === undefined) return;
    if (this.text !== undefined) this.text = this.applyFormatted(modify(this.text, [...path], undefined, {}));
    const parent = getPath(this.value, path.slice(0, -1));
    if (isObject(parent)) delete parent[path[path.length - 1] as string];
    if (pruneEmpty && path.length > 1) {
      const up = path.slice(0, -1);
      const container = this.get(up);
      if (isObject(container) && Object.keys(container).length === 0) this.remove(up, true);
    }
  }

  /**
   * Applies unformatted edits from `modify`, then formats only what they wrote. jsonc-parser's own
   * formatting of an insertion or removal widens to whole lines, so an operator's entry on the same
   * line as ours (`"theirs": { "command": "x" },`) was rewritten over several lines. Here an insertion
   * or removal formats its own text, the whitespace on either side of it and the closing brackets
   * that follow it on the same line; a replacement formats exactly the new value (as jsonc-parser does).
   */
  private applyFormatted(edits: Edit[]): string {
    let text = this.text as string;
    const options: FormattingOptions = { insertSpaces: true, tabSize: this.style.indent, eol: "\n", keepLines: false };
    for (const edit of [...edits].sort((a, b) => b.offset - a.offset)) {
      text = applyEdits(text, [edit]);
      const end = edit.offset + edit.content.length;
      if (edit.length > 0 && edit.content.length > 0) {
        text = applyEdits(text, format(text, { offset: edit.offset, length: edit.content.length }, options));
        continue;
      }
      // Closing brackets right after the edit on the same line are laid out too (`}}` of a one-line file).
      let closed = end + 1;
      for (let i = end; i < text.length && " \t}]".includes(text.charAt(i)); i++) if (text.charAt(i) !== " " && text.charAt(i) !== "\t") closed = i + 1;
      const start = Math.max(0, edit.offset - 1);
      text = applyEdits(text, format(text, { offset: start, length: closed - start }, options));
    }
    return text;
  }

  /** The document's text: the edited original, or the serialised new value. */
  toText(): string {
    return this.text ?? serializeJson(this.value, this.style);
  }
}

function escapeNonAscii(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

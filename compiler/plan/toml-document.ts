/**
 * A TOML document edited key by key. An existing file is patched with @decimalturn/toml-patch, which
 * keeps comments, order and formatting of everything we do not touch; a new file is serialised whole.
 */
import { serializeToml, type TomlValue } from "../serialize/toml";
import { requireVendored } from "../vendored-library";
import { clonePlain, getPath, isObject } from "./json-value";

type TomlPatch = typeof import("@decimalturn/toml-patch");

let loaded: TomlPatch | undefined;

/** toml-patch (~250 KB) is needed only to read or edit an existing config.toml: load it on first use (dist/vendor/toml-patch.cjs when bundled). */
function tomlPatch(): TomlPatch {
  loaded ??= requireVendored<TomlPatch>("@decimalturn/toml-patch", "toml-patch.cjs");
  return loaded;
}

/** Parse outcome of a TOML text. */
export type TomlParse = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Parses TOML text into plain values. */
export function parseTomlText(text: string): TomlParse {
  try {
    const value = tomlPatch().parse(text) as unknown;
    return isObject(value) ? { ok: true, value } : { ok: false, error: "not a table" };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? (error.message.split("\n")[0] ?? "parse error") : String(error) };
  }
}

/** Serialises a new TOML file with the project's one TOML serializer. */
export function serializeTomlDocument(value: Record<string, unknown>): string {
  return serializeToml(value as Record<string, TomlValue>);
}

/** An editable TOML document. */
export class TomlDocument {
  private readonly value: Record<string, unknown>;
  private changed = false;

  constructor(
    private readonly original: string | undefined,
    parsed: Record<string, unknown> = {},
  ) {
    this.value = clonePlain(parsed);
  }

  get(path: readonly string[]): unknown {
    return getPath(this.value, path);
  }

  set(path: readonly string[], value: unknown): void {
    let node = this.value;
    for (const step of path.slice(0, -1)) {
      if (!isObject(node[step])) node[step] = {};
      node = node[step] as Record<string, unknown>;
    }
    node[path[path.length - 1] as string] = clonePlain(value);
    this.changed = true;
  }

  remove(path: readonly string[], pruneEmpty = false): void {
    const parent = getPath(this.value, path.slice(0, -1));
    if (!isObject(parent) || !Object.hasOwn(parent, path[path.length - 1] as string)) return;
    delete parent[path[path.length - 1] as string];
    this.changed = true;
    if (pruneEmpty && path.length > 1 && Object.keys(parent).length === 0) this.remove(path.slice(0, -1), true);
  }

  /**
   * The edited text. Changes inside tables the file already has are patched in place; whole new
   * tables are appended at the end as `[a.b]` sections by the canonical serializer (toml-patch would
   * write them as dotted inline tables). The result is parsed back and must equal the intended
   * value; if it does not, the plain toml-patch rendering is used instead.
   */
  toText(): string {
    if (this.original === undefined) return serializeTomlDocument(this.value);
    if (!this.changed) return this.original;
    const parsedOriginal = parseTomlText(this.original);
    if (parsedOriginal.ok) {
      const inPlace = clonePlain(this.value);
      const appendix: Record<string, unknown> = {};
      moveNewTables(inPlace, parsedOriginal.value, appendix);
      let text = sameValue(inPlace, parsedOriginal.value) ? this.original : tomlPatch().patch(this.original, inPlace, { bracketSpacing: false });
      if (Object.keys(appendix).length > 0) {
        if (!text.endsWith("\n")) text += "\n";
        text += `${text.trim() === "" ? "" : "\n"}${serializeTomlDocument(appendix)}`;
      }
      const check = parseTomlText(text);
      if (check.ok && sameValue(check.value, this.value)) return this.withComments(text);
    }
    return this.withComments(tomlPatch().patch(this.original, this.value, { bracketSpacing: false }));
  }

  /**
   * `text` with every whole-line comment of the original that the edit dropped put back: toml-patch
   * counts the comments below a table's last key as part of that table, so removing our table took
   * the operator's comment above the next one with it (agentihooks writes no comments, so every
   * comment is the operator's). Kept only when the values stay exactly the intended ones.
   */
  private withComments(text: string): string {
    const restored = restoreComments(this.original as string, text);
    if (restored === text) return text;
    const check = parseTomlText(restored);
    return check.ok && sameValue(check.value, this.value) ? restored : text;
  }
}

/**
 * Puts the whole-line comments of `original` that `edited` lacks back into it: each run of them
 * goes before the line that followed it in the original (when that line survived), else after the
 * line before it, else at the end; a blank line separates it from a preceding non-blank line.
 */
export function restoreComments(original: string, edited: string): string {
  const before = original.split("\n");
  const after = edited.split("\n");
  const isComment = (line: string) => /^\s*#/.test(line);
  // Greedy in-order matching of the original's lines in the edited text.
  const matchAt: Array<number | undefined> = [];
  let cursor = 0;
  for (const line of before) {
    let found: number | undefined;
    for (let j = cursor; j < after.length; j++) {
      if (after[j] === line) {
        found = j;
        break;
      }
    }
    matchAt.push(found);
    if (found !== undefined) cursor = found + 1;
  }
  // Lost comment runs, keyed by where they go in `after` (an index to insert before).
  const inserts = new Map<number, string[]>();
  for (let i = 0; i < before.length; i++) {
    if (!isComment(before[i] as string) || matchAt[i] !== undefined) continue;
    const run: string[] = [];
    let k = i;
    for (; k < before.length && isComment(before[k] as string) && matchAt[k] === undefined; k++) run.push(before[k] as string);
    let at: number | undefined;
    for (let n = k; n < before.length && at === undefined; n++) if (before[n]?.trim() !== "" && matchAt[n] !== undefined) at = matchAt[n];
    if (at === undefined) {
      for (let p = i - 1; p >= 0 && at === undefined; p--) if (before[p]?.trim() !== "" && matchAt[p] !== undefined) at = (matchAt[p] as number) + 1;
    }
    at ??= after.length > 0 && after[after.length - 1] === "" ? after.length - 1 : after.length;
    inserts.set(at, [...(inserts.get(at) ?? []), ...run]);
    i = k - 1;
  }
  if (inserts.size === 0) return edited;
  const out: string[] = [];
  for (let j = 0; j <= after.length; j++) {
    const run = inserts.get(j);
    if (run) {
      if (out.length > 0 && (out[out.length - 1] as string).trim() !== "") out.push("");
      out.push(...run);
    }
    if (j < after.length) out.push(after[j] as string);
  }
  return out.join("\n");
}

/** Moves tables of `value` that `original` lacks entirely into `appendix` (same paths). */
function moveNewTables(value: Record<string, unknown>, original: Record<string, unknown>, appendix: Record<string, unknown>): void {
  for (const [key, node] of Object.entries(value)) {
    if (!isObject(node) || node instanceof Date) continue;
    const before = original[key];
    if (before === undefined) {
      appendix[key] = node;
      delete value[key];
    } else if (isObject(before) && !(before instanceof Date)) {
      const sub: Record<string, unknown> = {};
      moveNewTables(node, before, sub);
      if (Object.keys(sub).length > 0) appendix[key] = sub;
    }
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

function normalize(value: unknown): unknown {
  if (typeof value === "bigint") return `${value}n`;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normalize);
  if (isObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, normalize(value[k])]),
    );
  return value;
}

/**
 * A TOML document edited key by key. An existing file is patched with @decimalturn/toml-patch, which
 * keeps comments, order and formatting of everything we do not touch; a new file is serialised whole.
 */
import { parse as parsePatched, patch } from "@decimalturn/toml-patch";
import { stringify } from "smol-toml";
import { getPath, isObject } from "./json-value";

/** Parse outcome of a TOML text. */
export type TomlParse = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Parses TOML text into plain values. */
export function parseTomlText(text: string): TomlParse {
  try {
    const value = parsePatched(text) as unknown;
    return isObject(value) ? { ok: true, value } : { ok: false, error: "not a table" };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.split("\n")[0] ?? "parse error" : String(error) };
  }
}

/**
 * Serialises a new TOML file. The one place that calls smol-toml's stringify, until the project's
 * canonical TOML serializer (compiler/serialize/toml.ts) is wired in here.
 */
export function serializeTomlValue(value: Record<string, unknown>): string {
  const text = stringify(value);
  return text.endsWith("\n") ? text : `${text}\n`;
}

/** An editable TOML document. */
export class TomlDocument {
  private readonly value: Record<string, unknown>;
  private changed = false;

  constructor(
    private readonly original: string | undefined,
    parsed: Record<string, unknown> = {},
  ) {
    this.value = structuredClone(parsed);
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
    node[path[path.length - 1] as string] = structuredClone(value);
    this.changed = true;
  }

  remove(path: readonly string[], pruneEmpty = false): void {
    const parent = getPath(this.value, path.slice(0, -1));
    if (!isObject(parent) || !Object.hasOwn(parent, path[path.length - 1] as string)) return;
    delete parent[path[path.length - 1] as string];
    this.changed = true;
    if (pruneEmpty && path.length > 1 && Object.keys(parent).length === 0) this.remove(path.slice(0, -1), true);
  }

  toText(): string {
    if (this.original === undefined) return serializeTomlValue(this.value);
    if (!this.changed) return this.original;
    return patch(this.original, this.value, { bracketSpacing: false });
  }
}

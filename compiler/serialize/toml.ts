/**
 * The one TOML serializer for everything agentihooks writes or shows as TOML (Codex's
 * config.toml when we create it, the `build --out` view, the values the plan inserts into an
 * existing file). Output is canonical: the caller's key order (callers sort where order is not
 * meaningful), LF, one final newline, the same bytes for the same value on every machine.
 *
 * Layout of a document: a table's plain values first (`key = value`, in order), then its
 * sub-tables as `[a.b]` sections and its arrays of tables as `[[a.b]]`, depth first. A table that
 * holds only sub-tables gets no header of its own (`[mcp_servers]` is implied by
 * `[mcp_servers.github]`), as hand-written Codex configs do.
 *
 * Numbers: a JS number that is an integer is written as a TOML integer, any other as a float
 * (`1.5`, `inf`, `nan`); a bigint is an integer. A float that happens to be integral (TOML `1.0`)
 * therefore comes back as `1`: the IR holds plain JSON-compatible numbers, so this cannot be told
 * apart; Codex reads integer-valued settings as integers anyway.
 */

/** A value the serializer accepts: JSON-compatible data, bigints and Dates (TOML datetimes). */
export type TomlValue = string | number | bigint | boolean | Date | TomlValue[] | { [key: string]: TomlValue };

// What a basic string must escape: the quote, the backslash, the control characters and DEL.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f]/;

// A bare key may hold only these characters (TOML 1.0 §Keys); anything else is quoted.
const BARE_KEY = /^[A-Za-z0-9_-]+$/;

/** One key segment: bare when TOML allows it, otherwise a basic (double-quoted) string. */
export function formatTomlKeySegment(segment: string): string {
  return BARE_KEY.test(segment) ? segment : formatTomlString(segment);
}

/** A dotted key path (`hooks.state."/x/hooks.json:pre_tool_use:0:0"`). */
export function formatTomlKey(path: readonly string[]): string {
  if (path.length === 0) throw new TypeError("formatTomlKey: empty key path");
  return path.map(formatTomlKeySegment).join(".");
}

/**
 * A TOML basic string: `"` and `\` escaped, the control characters escaped (the short forms where
 * TOML has one, `\uXXXX` otherwise, DEL included), everything else written as UTF-8.
 */
export function formatTomlString(value: string): string {
  // Most strings need no escape: one regex test instead of a loop over every character (the loop
  // was the largest self cost of rendering config.toml).
  if (!NEEDS_ESCAPE.test(value)) return `"${value}"`;
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\f") out += "\\f";
    else if (ch === "\r") out += "\\r";
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

/**
 * One value in inline form, as it appears right of `=`: strings, numbers, booleans, datetimes,
 * arrays as `["a", "b"]` (one line, comma and space) and tables as inline tables `{ k = v }`.
 */
export function serializeTomlValue(value: TomlValue): string {
  if (typeof value === "string") return formatTomlString(value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return formatNumber(value);
  if (value instanceof Date) return formatDate(value);
  if (Array.isArray(value)) return `[${value.map((item) => serializeTomlValue(item)).join(", ")}]`;
  if (isTable(value)) {
    const members = Object.entries(value).filter(([, v]) => v !== undefined);
    if (members.length === 0) return "{}";
    return `{ ${members.map(([k, v]) => `${formatTomlKeySegment(k)} = ${serializeTomlValue(v)}`).join(", ")} }`;
  }
  throw new TypeError(`serializeTomlValue: ${describe(value)} cannot be written as TOML`);
}

/**
 * A whole TOML document for a root table. `undefined` members are omitted; `null` is an error
 * (TOML has no null). Empty input gives the empty string; otherwise the text ends with one newline.
 */
export function serializeToml(document: Readonly<Record<string, TomlValue | undefined>>): string {
  const sections: string[] = [];
  writeTable(document as Record<string, TomlValue | undefined>, [], sections, false);
  const text = sections.filter((s) => s.length > 0).join("\n");
  return text.length === 0 ? "" : `${text.replace(/\n+$/, "")}\n`;
}

/** Appends the sections of `table` (at `path`) to `out`: its own `key = value` lines, then its sub-tables. */
function writeTable(table: Record<string, TomlValue | undefined>, path: string[], out: string[], arrayItem: boolean): void {
  const plain: string[] = [];
  const tables: Array<[string, Record<string, TomlValue>]> = [];
  const tableArrays: Array<[string, Array<Record<string, TomlValue>>]> = [];
  for (const [key, value] of Object.entries(table)) {
    if (value === undefined) continue;
    if (value === null) throw new TypeError(`serializeToml: ${formatTomlKey([...path, key])} is null; TOML has no null`);
    if (isTable(value)) tables.push([key, value]);
    else if (isArrayOfTables(value)) tableArrays.push([key, value]);
    else plain.push(`${formatTomlKeySegment(key)} = ${serializeTomlValue(value)}`);
  }
  // A table gets a header when it has plain values, is empty (so it still exists), or is an item of
  // an array of tables (`[[x]]` must be written even when the item has only sub-tables).
  const needsHeader = path.length > 0 && (arrayItem || plain.length > 0 || (tables.length === 0 && tableArrays.length === 0));
  if (needsHeader) {
    const header = arrayItem ? `[[${formatTomlKey(path)}]]` : `[${formatTomlKey(path)}]`;
    out.push([header, ...plain].join("\n") + "\n");
  } else if (plain.length > 0) {
    out.push(plain.join("\n") + "\n");
  }
  for (const [key, sub] of tables) writeTable(sub, [...path, key], out, false);
  for (const [key, items] of tableArrays) for (const item of items) writeTable(item, [...path, key], out, true);
}

function isTable(value: unknown): value is Record<string, TomlValue> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);
}

function isArrayOfTables(value: unknown): value is Array<Record<string, TomlValue>> {
  return Array.isArray(value) && value.length > 0 && value.every((item) => isTable(item));
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  if (Number.isInteger(value)) {
    if (!Number.isSafeInteger(value)) throw new TypeError(`serializeToml: ${value} is outside the exact integer range`);
    return Object.is(value, -0) ? "0" : String(value);
  }
  // JS prints 1e-7 and 1e21 in exponent form, which TOML accepts (`1e-7`); add `.0` nowhere else.
  return String(value);
}

/** A datetime: smol-toml's TomlDate overrides `toISOString` to keep its original form (local date or time); a plain Date is written in UTC. */
function formatDate(value: Date): string {
  return value.toISOString();
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "object") return (value as object).constructor?.name ?? "object";
  return typeof value;
}

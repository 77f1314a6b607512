/**
 * TOML (smol-toml). smol-toml reports syntax errors with line and column but keeps no positions for
 * values, so a line scanner finds where each table and key is written: exact for headers and
 * `key = value` lines, the enclosing line for values inside inline tables and arrays.
 */
import { parse, TomlError } from "smol-toml";
import type { Diagnostic, Result } from "../diagnostics";
import { diagnostic } from "../messages";
import type { ParsedDocument } from "./parsed-document";
import { splitPointer, type Position } from "./positions";

/** Parses TOML text; a syntax error becomes one AH1004 diagnostic. */
export function parseToml(text: string, file: string): Result<ParsedDocument | undefined> {
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const reason = (error.message.split("\n")[0] ?? "").replace(/^Invalid TOML document: /, "");
    const d: Diagnostic = diagnostic("AH1004", { file, line: error.line, column: error.column }, { reason, hint: hintFor(reason) });
    return { value: undefined, diagnostics: [d] };
  }
  // toml's dates become Date objects; keep them as the text TOML wrote so every value is JSON data.
  value = plainData(value);

  let index: Map<string, { key: Position; value: Position }> | undefined;
  const lookup = (pointer: string, wantKey: boolean): Position => {
    index ??= indexPositions(text);
    const segments = splitPointer(pointer);
    for (let n = segments.length; n > 0; n--) {
      const hit = index.get(JSON.stringify(segments.slice(0, n)));
      if (hit) return wantKey && n === segments.length ? hit.key : hit.value;
    }
    return { line: 1, column: 1 };
  };
  return { value: { value, locate: (p) => lookup(p, false), locateKey: (p) => lookup(p, true) }, diagnostics: [] };
}

function plainData(value: unknown): unknown {
  if (value instanceof Date) return (value as Date & { toISOString(): string }).toISOString();
  if (Array.isArray(value)) return value.map(plainData);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, { value: plainData(v), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** A fix hint for each kind of smol-toml error message. */
function hintFor(reason: string): string {
  if (/redefine/.test(reason)) return "Each key and table may be defined only once; merge the two definitions.";
  if (/invalid value/.test(reason)) return "Write a value after '=': quote strings with double quotes, close arrays with ']' and inline tables with '}'.";
  if (/character in key|empty bare key|end of key/.test(reason))
    return "Bare keys may hold only letters, digits, '_' and '-'; put any other key in double quotes, and write '=' after it.";
  if (/end-of-line/.test(reason)) return "Put each `key = value` on its own line.";
  if (/comma or end of structure|unfinished (array|table)/.test(reason))
    return "Separate entries with ',' and close arrays with ']' and inline tables with '}'.";
  if (/table array declaration|unfinished table/.test(reason)) return "Close the table header with ']' (or ']]' for an array of tables).";
  if (/escape/.test(reason)) return "Escape backslashes as \\\\ in double-quoted strings, or use single quotes for literal text.";
  if (/string/.test(reason)) return "Close the string with the same quote that opened it.";
  if (/numeric|leading zero|underscore|losslessly/.test(reason))
    return "Write numbers without leading zeros, with '_' only between digits, and quote values that are not numbers.";
  if (/date/.test(reason)) return "Write dates as YYYY-MM-DD (times as HH:MM:SS), or quote the value.";
  if (/unsafe property/.test(reason)) return "Rename the key (keys such as __proto__ are not allowed).";
  return "Fix the syntax at this position.";
}

const bareOrQuoted = /\s*(?:([A-Za-z0-9_-]+)|"((?:[^"\\]|\\.)*)"|'([^']*)')\s*/y;

/** Parses a dotted key at `start`; returns its parts and the offset just after it, or undefined. */
function readKey(line: string, start: number): { parts: string[]; end: number } | undefined {
  const parts: string[] = [];
  let offset = start;
  for (;;) {
    bareOrQuoted.lastIndex = offset;
    const match = bareOrQuoted.exec(line);
    if (!match) return undefined;
    parts.push(match[1] ?? (match[2] !== undefined ? JSON.parse(`"${match[2]}"`) : match[3]) ?? "");
    offset = bareOrQuoted.lastIndex;
    if (line[offset] !== ".") return { parts, end: offset };
    offset++;
  }
}

/** Maps every table header and `key = value` line to its position, keyed by JSON-encoded path. */
function indexPositions(text: string): Map<string, { key: Position; value: Position }> {
  const index = new Map<string, { key: Position; value: Position }>();
  const arrayCounts = new Map<string, number>();
  let table: string[] = [];
  let multiline: string | undefined;
  let openBrackets = 0;
  const lines = text.split("\n");

  // Arrays of tables put an index after their path: [[servers]] twice → servers/0, servers/1.
  const withArrayIndexes = (parts: string[], isNewArrayEntry: boolean): string[] => {
    const out: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      out.push(parts[i] as string);
      const key = JSON.stringify(out);
      if (isNewArrayEntry && i === parts.length - 1) {
        const next = (arrayCounts.get(key) ?? 0) + 1;
        arrayCounts.set(key, next);
        out.push(String(next - 1));
      } else if (arrayCounts.has(key)) {
        out.push(String((arrayCounts.get(key) as number) - 1));
      }
    }
    return out;
  };

  lines.forEach((line, i) => {
    const lineNo = i + 1;
    if (multiline !== undefined) {
      if (line.includes(multiline)) multiline = undefined;
      return;
    }
    if (openBrackets > 0) {
      // Inside a value that spans lines (an array or inline table): no headers or keys here.
      openBrackets += bracketBalance(line);
      return;
    }
    const header = /^(\s*)(\[\[?)/.exec(line);
    if (header) {
      const isArray = header[2] === "[[";
      const key = readKey(line, header[0].length);
      if (!key) return;
      table = withArrayIndexes(key.parts, isArray);
      const position = { line: lineNo, column: (header[1]?.length ?? 0) + 1 };
      index.set(JSON.stringify(table), { key: position, value: position });
      return;
    }
    const indent = /^\s*/.exec(line)?.[0].length ?? 0;
    if (line[indent] === "#" || indent === line.length) return;
    const key = readKey(line, indent);
    if (!key || line[key.end] !== "=") return;
    const valueStart = key.end + 1 + (/^\s*/.exec(line.slice(key.end + 1))?.[0].length ?? 0);
    const path = [...table, ...key.parts];
    index.set(JSON.stringify(path), { key: { line: lineNo, column: indent + 1 }, value: { line: lineNo, column: valueStart + 1 } });
    const rest = line.slice(valueStart);
    for (const quote of ['"""', "'''"]) {
      if (rest.startsWith(quote) && !rest.slice(3).includes(quote)) multiline = quote;
    }
    if (multiline === undefined) openBrackets = Math.max(0, bracketBalance(rest));
  });
  return index;
}

/** Opening minus closing brackets and braces on a line, ignoring those in strings and comments. */
function bracketBalance(line: string): number {
  let balance = 0;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== undefined) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#") break;
    else if (c === "[" || c === "{") balance++;
    else if (c === "]" || c === "}") balance--;
  }
  return balance;
}

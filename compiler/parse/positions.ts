/**
 * Offsets, lines and JSON pointers: the small shared vocabulary of the parsers.
 */

/** A 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/** Maps string offsets (UTF-16 code units) to 1-based line/column pairs. */
export class LineIndex {
  private readonly starts: number[];

  constructor(text: string) {
    const starts = [0];
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    this.starts = starts;
  }

  /** The line/column of `offset` (clamped to the text). */
  position(offset: number): Position {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (starts[low] as number) + 1 };
  }
}

/** Splits a JSON pointer (RFC 6901) into unescaped segments; `""` is the root (no segments). */
export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  const segments = pointer.slice(pointer.startsWith("/") ? 1 : 0).split("/");
  // Most pointers escape nothing: skip the two replacements per segment.
  if (!pointer.includes("~")) return segments;
  return segments.map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Joins segments into a JSON pointer, escaping `~` and `/`. */
export function joinPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** Renders a pointer for people: `/mcpServers/gh/args/0` → `mcpServers.gh.args[0]`; root → `(document root)`. */
export function displayPath(pointer: string): string {
  const segments = splitPointer(pointer);
  if (segments.length === 0) return "(document root)";
  let out = "";
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

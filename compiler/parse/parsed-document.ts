/**
 * What every parser returns: a leaf, so the parsers and `parseDocument`, which picks one by format,
 * do not import each other.
 */

/** The document formats agentihooks reads. */
export type DocumentFormat = "yaml" | "json" | "jsonc" | "toml";

/** A parsed document: its plain value plus a way back to source positions. */
export interface ParsedDocument {
  value: unknown;
  /** 1-based line/column of the value at a JSON pointer ("" = document root); falls back to the nearest ancestor; undefined if unknown. */
  locate(pointer: string): { line: number; column: number } | undefined;
  /** Like `locate`, but for an object member returns the position of its key (where an unknown key is best reported). Optional: hand-built documents may omit it. */
  locateKey?(pointer: string): { line: number; column: number } | undefined;
}

/**
 * One entry point for every structured file a profile holds: YAML, JSON, JSONC and TOML, each
 * parsed with source positions so later stages can point at the line that caused a problem.
 */
import type { Result } from "../diagnostics";
import { parseJson } from "./parse-json";
import { parseToml } from "./parse-toml";
import type { DocumentFormat, ParsedDocument } from "./parsed-document";
import { parseYaml } from "./parse-yaml";

export type { DocumentFormat, ParsedDocument };

/** Parses text; syntax errors become AH1xxx diagnostics with file, line, column and a fix hint (value undefined then). `file` is the display path used in diagnostics. */
export function parseDocument(text: string, format: DocumentFormat, file: string): Result<ParsedDocument | undefined> {
  switch (format) {
    case "yaml":
      return parseYaml(text, file);
    case "json":
      return parseJson(text, file, false);
    case "jsonc":
      return parseJson(text, file, true);
    case "toml":
      return parseToml(text, file);
  }
}

/** Format from a file name: .yml/.yaml → yaml, .json → json (Copilot/Claude settings & MCP layer files are parsed as jsonc: callers pass jsonc explicitly), .toml → toml. */
export function formatOf(fileName: string): DocumentFormat | undefined {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".yml") || lower.endsWith(".yaml")) return "yaml";
  if (lower.endsWith(".jsonc")) return "jsonc";
  if (lower.endsWith(".json")) return "json";
  if (lower.endsWith(".toml")) return "toml";
  return undefined;
}

/** A document with no position information, for values that did not come from text (a `.js` config, a default). */
export function documentWithoutPositions(value: unknown): ParsedDocument {
  return { value, locate: () => undefined };
}

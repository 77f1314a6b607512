/**
 * One entry point for every structured file a profile holds: YAML, JSON, JSONC and TOML, each
 * parsed with source positions so later stages can point at the line that caused a problem.
 */
import type { Result } from "../diagnostics";
import { diagnostic } from "../messages";
import { maxNesting, textTooDeep, valueLimitError } from "./document-limits";
import { parseJson } from "./parse-json";
import { parseToml } from "./parse-toml";
import type { DocumentFormat, ParsedDocument } from "./parsed-document";
import { parseYaml } from "./parse-yaml";

export type { DocumentFormat, ParsedDocument };

/**
 * Parses text; syntax errors become AH1xxx diagnostics with file, line, column and a fix hint (value
 * undefined then). `file` is the display path used in diagnostics. A document nested deeper than
 * the limit or holding a NUL is refused with its position (compiler/parse/document-limits.ts): no
 * input ends in a stack overflow.
 */
export function parseDocument(text: string, format: DocumentFormat, file: string): Result<ParsedDocument | undefined> {
  const deepText = textTooDeep(text, file);
  if (deepText) return { value: undefined, diagnostics: [deepText] };
  let parsed: Result<ParsedDocument | undefined>;
  try {
    parsed = parseByFormat(text, format, file);
  } catch (error) {
    // Indentation nesting the bracket scan cannot see can still exhaust a parser's stack.
    if (error instanceof RangeError) return { value: undefined, diagnostics: [diagnostic("AH1013", { file, line: 1, column: 1 }, { limit: maxNesting })] };
    throw error;
  }
  if (parsed.value === undefined) return parsed;
  const limit = valueLimitError(parsed.value.value, file, (pointer) => parsed.value?.locate(pointer));
  return limit ? { value: undefined, diagnostics: [...parsed.diagnostics, limit] } : parsed;
}

function parseByFormat(text: string, format: DocumentFormat, file: string): Result<ParsedDocument | undefined> {
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

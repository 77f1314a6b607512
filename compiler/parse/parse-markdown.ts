/**
 * Markdown with optional YAML frontmatter (commands, agents, rules, SKILL.md).
 */
import type { Result } from "../diagnostics";
import type { MarkdownDocument } from "../ir";
import { diagnostic } from "../messages";
import { maxNesting, textTooDeep, valueLimitError } from "./document-limits";
import { documentWithoutPositions, type ParsedDocument } from "./parse-document";
import { parseYaml } from "./parse-yaml";

const opening = /^---[ \t]*\r?\n/;
const closing = /^(?:---|\.\.\.)[ \t]*\r?$/m;

/** Splits optional YAML frontmatter (`---` fenced at the very top) from the body; frontmatter positions are reported in the markdown file's own line numbers. Returns a MarkdownDocument (see compiler/ir.ts) plus the ParsedDocument of the frontmatter (for validation/locations). Frontmatter that is not a mapping, or invalid YAML, is a diagnostic. */
export function parseMarkdown(text: string, file: string): Result<{ document: MarkdownDocument; frontmatter: ParsedDocument } | undefined> {
  const open = opening.exec(text);
  if (!open) {
    return {
      value: { document: { frontmatter: {}, body: stripLeadingNewlines(text), raw: text }, frontmatter: documentWithoutPositions({}) },
      diagnostics: [],
    };
  }
  const rest = text.slice(open[0].length);
  // An empty frontmatter block closes on the very next line.
  const close = closing.exec(rest);
  if (!close) return { value: undefined, diagnostics: [diagnostic("AH1008", { file, line: 1, column: 1 })] };

  const yamlText = rest.slice(0, close.index);
  const afterClose = rest.slice(close.index + close[0].length);
  const body = stripLeadingNewlines(afterClose.replace(/^\n/, ""));

  // The YAML starts on line 2 of the markdown file; its nesting is limited as every document's is.
  const deep = textTooDeep(yamlText, file, 1);
  if (deep) return { value: undefined, diagnostics: [deep] };
  let parsed;
  try {
    parsed = parseYaml(yamlText, file, 1);
  } catch (error) {
    if (error instanceof RangeError) return { value: undefined, diagnostics: [diagnostic("AH1013", { file, line: 2, column: 1 }, { limit: maxNesting })] };
    throw error;
  }
  if (parsed.value === undefined) return { value: undefined, diagnostics: parsed.diagnostics };
  const limit = valueLimitError(parsed.value.value, file, (pointer) => parsed.value?.locate(pointer));
  if (limit) return { value: undefined, diagnostics: [...parsed.diagnostics, limit] };
  const value = parsed.value.value ?? {};
  if (typeof value !== "object" || Array.isArray(value)) {
    const type = Array.isArray(value) ? "a list" : `a ${typeof value} value`;
    return { value: undefined, diagnostics: [...parsed.diagnostics, diagnostic("AH1009", { file, line: 2, column: 1 }, { type })] };
  }
  const frontmatter: ParsedDocument = { ...parsed.value, value };
  return {
    value: { document: { frontmatter: value as Record<string, unknown>, body, raw: text }, frontmatter },
    diagnostics: parsed.diagnostics,
  };
}

function stripLeadingNewlines(text: string): string {
  return text.replace(/^(?:\r?\n)+/, "");
}

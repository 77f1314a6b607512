/**
 * YAML with source positions (the `yaml` package's document API). Used for profile.yml, YAML
 * configs and markdown frontmatter.
 */
import type { Node } from "yaml";
import type { Diagnostic, Result } from "../diagnostics";
import { diagnostic } from "../messages";
import type { ParsedDocument } from "./parsed-document";
import { parseFlatYaml } from "./flat-yaml";
import { splitPointer, type Position } from "./positions";
import { yamlLibrary } from "./yaml-library";

/**
 * Parses YAML text. `lineOffset` shifts every reported line (frontmatter starts below the fence of
 * its markdown file, and its positions must be the markdown file's own).
 */
export function parseYaml(text: string, file: string, lineOffset = 0): Result<ParsedDocument | undefined> {
  // Most frontmatter is a flat list of single-line strings: read that directly (same result).
  const flat = parseFlatYaml(text, lineOffset);
  if (flat !== undefined) return { value: flat, diagnostics: [] };
  return parseYamlFully(text, file, lineOffset);
}

/** parseYaml without the flat fast path: every input goes through the `yaml` document API. */
export function parseYamlFully(text: string, file: string, lineOffset = 0): Result<ParsedDocument | undefined> {
  const { isMap, isPair, isSeq, LineCounter, parseDocument: parseYamlDocument } = yamlLibrary();
  const lineCounter = new LineCounter();
  const doc = parseYamlDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, strict: true, merge: true });
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
  };

  const diagnostics: Diagnostic[] = [];
  for (const error of doc.errors) {
    const where = { file, ...at(error.pos[0]) };
    if (error.code === "MULTIPLE_DOCS") diagnostics.push(diagnostic("AH1011", where));
    else diagnostics.push(diagnostic("AH1002", where, { reason: reasonOf(error.message), hint: hintFor(error.code) }));
  }
  if (diagnostics.length > 0) return { value: undefined, diagnostics };
  for (const warning of doc.warnings) {
    diagnostics.push(
      diagnostic("AH1010", { file, ...at(warning.pos[0]) }, { reason: reasonOf(warning.message), hint: "Quote the value if it is meant as plain text" }),
    );
  }

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // toJS throws for alias bombs and unresolvable aliases: report them as syntax errors.
    const where = { file, ...at(0) };
    diagnostics.push(diagnostic("AH1002", where, { reason: reasonOf((error as Error).message), hint: "Remove or fix the alias." }));
    return { value: undefined, diagnostics };
  }

  const rootOffset = doc.contents?.range[0] ?? 0;
  const locateNode = (pointer: string, wantKey: boolean): Position | undefined => {
    let node: unknown = doc.contents;
    let best: number = rootOffset;
    let keyOffset: number | undefined;
    for (const segment of splitPointer(pointer)) {
      keyOffset = undefined;
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && keyText(item.key) === segment);
        if (!pair) break;
        const keyNode = pair.key as Node | null;
        keyOffset = keyNode?.range?.[0];
        node = pair.value;
        const valueOffset = (node as Node | null)?.range?.[0];
        best = valueOffset ?? keyOffset ?? best;
        if (valueOffset === undefined) node = undefined;
      } else if (isSeq(node)) {
        const item = /^\d+$/.test(segment) ? node.items[Number(segment)] : undefined;
        if (item === undefined) break;
        node = item;
        best = (item as Node).range?.[0] ?? best;
      } else {
        break;
      }
    }
    return at(wantKey && keyOffset !== undefined ? keyOffset : best);
  };

  return {
    value: { value, locate: (pointer) => locateNode(pointer, false), locateKey: (pointer) => locateNode(pointer, true) },
    diagnostics,
  };
}

function keyText(key: unknown): string | undefined {
  if (yamlLibrary().isScalar(key)) return String(key.value);
  return undefined;
}

/** The yaml package's message without its trailing position (we report that separately). */
function reasonOf(message: string): string {
  const first = message.split("\n")[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, "").replace(/[.:]$/, "");
}

/** A fix hint per yaml error code. */
function hintFor(code: string): string {
  switch (code) {
    case "BAD_INDENT":
    case "MISSING_CHAR":
      return "Check the indentation: nested keys must be indented more than their parent, with spaces only.";
    case "TAB_AS_INDENT":
      return "Indent with spaces; YAML does not allow tabs for indentation.";
    case "DUPLICATE_KEY":
      return "Remove or rename one of the two keys.";
    case "MULTILINE_IMPLICIT_KEY":
    case "BLOCK_AS_IMPLICIT_KEY":
      return "Put each key and its ':' on one line, and quote values that contain ': '.";
    case "UNEXPECTED_TOKEN":
    case "BAD_SCALAR_START":
      return "Quote the value if it starts with a special character such as @, `, %, | or >.";
    case "MISSING_CHAR_QUOTE":
    case "UNTERMINATED_QUOTE":
      return "Close the quoted string.";
    default:
      return "Fix the syntax at this position.";
  }
}

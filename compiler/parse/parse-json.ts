/**
 * JSON and JSONC with source positions (jsonc-parser's syntax tree). Plain `.json` is strict: no
 * comments, no trailing commas. JSONC accepts both, like Copilot and Claude do for their settings.
 *
 * Most layer files are plain JSON without duplicate keys. Those are read with JSON.parse and their
 * positions indexed only when first asked for (plain-json-index.ts): jsonc-parser's tree of a
 * 200-server .mcp.json cost ~30 ms of a build at scale. Everything else (comments, trailing commas,
 * syntax errors, duplicate keys) takes the jsonc-parser path, which says what is wrong and where.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import type { Diagnostic, Result } from "../diagnostics";
import { diagnostic } from "../messages";
import type { ParsedDocument } from "./parsed-document";
import { parsePlainJson } from "./plain-json";
import { LineIndex, splitPointer, type Position } from "./positions";

/** Parses JSON (`allowComments` false: strict) or JSONC (`allowComments` true). */
export function parseJson(text: string, file: string, allowComments: boolean): Result<ParsedDocument | undefined> {
  const plain = parsePlainJson(text, allowComments);
  if (plain !== undefined) return { value: plain, diagnostics: [] };
  return parseJsonFully(text, file, allowComments);
}

/** parseJson without the plain-JSON fast path: every input goes through jsonc-parser's tree. */
export function parseJsonFully(text: string, file: string, allowComments: boolean): Result<ParsedDocument | undefined> {
  const lines = new LineIndex(text);
  const at = (offset: number): Position => lines.position(offset);
  const diagnostics: Diagnostic[] = [];

  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: allowComments, disallowComments: !allowComments, allowEmptyContent: false });
  for (const error of errors) {
    const name = printParseErrorCode(error.error);
    // In plain JSON, comments and trailing commas get their own, precise message.
    if (name === "InvalidCommentToken") diagnostics.push(diagnostic("AH1006", { file, ...at(error.offset) }));
    else if (!allowComments && isTrailingComma(text, error)) diagnostics.push(diagnostic("AH1007", { file, ...at(trailingCommaOffset(text, error.offset)) }));
    else diagnostics.push(syntaxError(file, at(error.offset), name, text, error.offset));
  }
  if (diagnostics.length > 0 || root === undefined) {
    if (diagnostics.length === 0) diagnostics.push(syntaxError(file, at(0), "ValueExpected", text, 0));
    return { value: undefined, diagnostics: firstOnly(diagnostics) };
  }

  collectDuplicateKeys(root, file, at, diagnostics);
  if (diagnostics.length > 0) return { value: undefined, diagnostics };

  const locateNode = (pointer: string, wantKey: boolean): Position => {
    let node: Node = root;
    let keyOffset: number | undefined;
    for (const segment of splitPointer(pointer)) {
      keyOffset = undefined;
      let next: Node | undefined;
      if (node.type === "object") {
        const property = node.children?.find((p) => p.children?.[0]?.value === segment);
        keyOffset = property?.children?.[0]?.offset;
        next = property?.children?.[1];
      } else if (node.type === "array" && /^\d+$/.test(segment)) {
        next = node.children?.[Number(segment)];
      }
      if (next === undefined) {
        keyOffset = undefined;
        break;
      }
      node = next;
    }
    return at(wantKey && keyOffset !== undefined ? keyOffset : node.offset);
  };

  return {
    value: { value: nodeValue(root), locate: (p) => locateNode(p, false), locateKey: (p) => locateNode(p, true) },
    diagnostics,
  };
}

/** Builds the plain value from the tree (the tree already holds every scalar). */
function nodeValue(node: Node): unknown {
  switch (node.type) {
    case "object": {
      // Own data properties only: a key named "__proto__" stays a plain key.
      const out: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) Object.defineProperty(out, String(key.value), { value: nodeValue(value), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case "array":
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

function collectDuplicateKeys(node: Node, file: string, at: (offset: number) => Position, out: Diagnostic[]): void {
  if (node.type === "object") {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const key = property.children?.[0];
      if (key === undefined) continue;
      const name = String(key.value);
      if (seen.has(name)) out.push(diagnostic("AH1005", { file, ...at(key.offset) }, { key: name }));
      seen.add(name);
    }
  }
  for (const child of node.children ?? []) collectDuplicateKeys(child, file, at, out);
}

/** jsonc-parser reports a trailing comma as "property name / value expected" right before `}` or `]`. */
function isTrailingComma(text: string, error: ParseError): boolean {
  const name = printParseErrorCode(error.error);
  if (name !== "PropertyNameExpected" && name !== "ValueExpected") return false;
  const close = text[error.offset];
  return (close === "}" || close === "]") && text.slice(0, error.offset).trimEnd().endsWith(",");
}

function trailingCommaOffset(text: string, closeOffset: number): number {
  return text.slice(0, closeOffset).trimEnd().length - 1;
}

const reasons: Record<string, string> = {
  InvalidSymbol: "an unexpected character",
  InvalidNumberFormat: "a malformed number",
  PropertyNameExpected: "a property name (in double quotes) was expected",
  ValueExpected: "a value was expected",
  ColonExpected: "a ':' was expected after the property name",
  CommaExpected: "a ',' was expected between entries",
  CloseBraceExpected: "a closing '}' was expected",
  CloseBracketExpected: "a closing ']' was expected",
  EndOfFileExpected: "unexpected content after the end of the document",
  InvalidCommentToken: "a comment is not allowed here",
  UnexpectedEndOfComment: "a comment is never closed",
  UnexpectedEndOfString: "a string is never closed",
  UnexpectedEndOfNumber: "a number ends unexpectedly",
  InvalidUnicode: "an invalid \\u escape",
  InvalidEscapeCharacter: "an invalid escape sequence",
  InvalidCharacter: "a control character inside a string",
};

const hints: Record<string, string> = {
  PropertyNameExpected: "Put property names in double quotes.",
  ColonExpected: "Separate each name from its value with ':'.",
  CommaExpected: "Add a ',' between entries (and quote strings with double quotes).",
  CloseBraceExpected: "Close every '{' with a matching '}'.",
  CloseBracketExpected: "Close every '[' with a matching ']'.",
  EndOfFileExpected: "Keep exactly one top-level value in the file.",
  UnexpectedEndOfString: "Close the string with a double quote.",
  InvalidCharacter: "Escape control characters (for example write a newline as \\n).",
};

function syntaxError(file: string, position: Position, name: string, text: string, offset: number): Diagnostic {
  const reason = offset >= text.length ? `${reasons[name] ?? name}, but the file ends here` : (reasons[name] ?? name);
  return diagnostic("AH1003", { file, ...position }, { reason, hint: hints[name] ?? "Fix the syntax at this position." });
}

/** jsonc-parser recovers and reports cascades of follow-on errors; only the first one is real. */
function firstOnly(list: Diagnostic[]): Diagnostic[] {
  return list.slice(0, 1);
}

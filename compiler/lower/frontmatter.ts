/**
 * Markdown with YAML frontmatter, rendered deterministically (agents, command-skills, Codex
 * skills): keys in the order the caller gives, block style, no line folding, LF, final newline.
 */
import { yamlLibrary } from "../parse/yaml-library";
import { renderFlatYaml } from "../parse/flat-yaml";
import type { MarkdownDocument } from "../ir";
import { toLf, withFinalNewline } from "./text";

/**
 * The YAML text of a frontmatter mapping (without the `---` fences), ending with a newline. Keys
 * keep the caller's order; long strings are never folded (a folded description would render
 * differently on another YAML library), and strings are quoted only when YAML needs it.
 */
export function renderYaml(data: Record<string, unknown>): string {
  // Typical frontmatter (plain strings, booleans, lists of names) is written directly: same bytes.
  return renderFlatYaml(data) ?? renderYamlFully(data);
}

/** renderYaml without the flat fast path: always through the `yaml` package. */
export function renderYamlFully(data: Record<string, unknown>): string {
  return yamlLibrary().stringify(data, { lineWidth: 0, minContentWidth: 0, indentSeq: true, aliasDuplicateObjects: false });
}

/**
 * A markdown document: `---\n<yaml>---\n` then, when `body` has text, a blank line and the body
 * with LF line endings and one final newline.
 */
export function renderMarkdownDocument(frontmatter: Record<string, unknown>, body: string): string {
  const head = `---\n${renderYaml(frontmatter)}---\n`;
  const text = withFinalNewline(toLf(body).replace(/^\n+/, ""));
  return text.length === 0 ? head : `${head}\n${text}`;
}

/** `raw` split after its frontmatter block (both fences included; `head` is empty without one). */
export function splitFrontmatter(raw: string): { head: string; rest: string } {
  const open = /^---[ \t]*\r?\n/.exec(raw);
  if (!open) return { head: "", rest: raw };
  const close = /^(?:---|\.\.\.)[ \t]*\r?$/m.exec(raw.slice(open[0].length));
  if (!close) return { head: "", rest: raw };
  let end = open[0].length + close.index + close[0].length;
  if (raw[end] === "\n") end += 1;
  return { head: raw.slice(0, end), rest: raw.slice(end) };
}

/**
 * The text to write for an authored Markdown file that is copied rather than translated: its raw
 * bytes when they need no change; else its frontmatter rendered again, without `$schema`
 * (docs/schemas.md), with `overrides` set (a key the author did not write goes first), followed by
 * the authored body byte for byte.
 */
export function authoredMarkdown(doc: Pick<MarkdownDocument, "raw" | "frontmatter">, overrides: Readonly<Record<string, unknown>> = {}): string {
  const { head, rest } = splitFrontmatter(doc.raw);
  const added = Object.keys(overrides);
  if (added.length === 0 && !/^["']?\$schema["']?[ \t]*:/m.test(head)) return doc.raw;
  const front: Record<string, unknown> = {};
  for (const key of added) if (!(key in doc.frontmatter)) front[key] = overrides[key];
  for (const [key, value] of Object.entries(doc.frontmatter)) front[key] = key in overrides ? overrides[key] : value;
  return `---\n${renderYaml(front)}---\n${head === "" ? "\n" : ""}${rest}`;
}

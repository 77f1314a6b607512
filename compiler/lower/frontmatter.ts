/**
 * Markdown with YAML frontmatter, rendered deterministically (agents, command-skills, Codex
 * skills): keys in the order the caller gives, block style, no line folding, LF, final newline.
 */
import { yamlLibrary } from "../parse/yaml-library";
import { renderFlatYaml } from "../parse/flat-yaml";
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

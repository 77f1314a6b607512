/**
 * The credential policy for authored text: personas, rules, commands, agents, skills (SKILL.md and
 * every text file beside it), and then every text file a target emits. The same scanner as every
 * other written value (runtime/secrets.ts, strict mode) decides; a credential-shaped literal is
 * replaced by `[REDACTED:<pattern>]` (never copied) with a warning naming the file and the line.
 * Placeholders, templates and references (`<YOUR_TOKEN>`, `${TOKEN}`, `sk-xxxx…`, AWS's published
 * `…EXAMPLE` keys) and lines marked `# nosecret` are not secrets and stay as written.
 */
import type { Diagnostic } from "../diagnostics";
import type { DesiredTree } from "../desired-tree";
import type { Ir, MarkdownFeature, Origin, Skill, SkillFile, TextSource } from "../ir";
import { diagnostic } from "../messages";
import { secretSpans } from "../../runtime/secrets";
import { credentialFindings } from "./credentials";
import { renderYaml, splitFrontmatter } from "./frontmatter";
import { isInstalledRuntime } from "./runtime-files";

/** What a credential-shaped literal of pattern `kind` is written as. */
export function credentialMarker(kind: string): string {
  return `[REDACTED:${kind}]`;
}

/** One redacted literal: its 1-based line in the original text and the pattern that found it. */
export interface TextFinding {
  line: number;
  kind: string;
}

/** `text` with every credential-shaped literal replaced by its marker, and where each one was. Returns `text` itself when clean. */
export function scrubText(text: string): { text: string; findings: TextFinding[] } {
  const spans = secretSpans(text, "strict");
  if (spans.length === 0) return { text, findings: [] };
  const findings: TextFinding[] = [];
  let out = "";
  let from = 0;
  let line = 1;
  let counted = 0;
  for (const span of spans) {
    line += countNewlines(text, counted, span.start);
    counted = span.start;
    findings.push({ line, kind: span.name });
    out += text.slice(from, span.start) + credentialMarker(span.name);
    from = span.end;
  }
  return { text: out + text.slice(from), findings };
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** Warnings for `findings` in `file`, one per line (the patterns of a line listed together). */
function located(code: "AH4310" | "AH4311", file: string, findings: readonly TextFinding[], extra: Partial<Origin> = {}): Diagnostic[] {
  const byLine = new Map<number, Set<string>>();
  for (const f of findings) byLine.set(f.line, (byLine.get(f.line) ?? new Set()).add(f.kind));
  return [...byLine].map(([line, kinds]) => {
    const hits = [...kinds].sort().join(", ");
    return diagnostic(code, { ...extra, file, line }, { hits, marker: credentialMarker([...kinds].sort()[0] as string) });
  });
}

const decoder = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();

/** The bytes as text when they are UTF-8 without NUL (a text file); undefined for binary content. */
function asText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Collects findings per source file, so a file read into several IR fields is reported once per line. */
class Report {
  private readonly seen = new Set<string>();
  readonly diagnostics: Diagnostic[] = [];

  add(file: string, findings: readonly TextFinding[], extra: Partial<Origin> = {}): void {
    const fresh = findings.filter((f) => {
      const key = `${file}\n${f.line}\n${f.kind}`;
      if (this.seen.has(key)) return false;
      this.seen.add(key);
      return true;
    });
    if (fresh.length > 0) this.diagnostics.push(...located("AH4310", file, fresh, extra));
  }
}

function scrubSource<T extends TextSource>(source: T, report: Report): T {
  const { text, findings } = scrubText(source.text);
  if (findings.length === 0) return source;
  report.add(source.origin.file, findings);
  return { ...source, text };
}

/**
 * A markdown document's raw text, body and frontmatter without credentials. Each frontmatter value
 * is checked on its own, under its key (`api_key: …`, as settings values are): a secret shape is
 * replaced in place, a literal under a credential name whole. When the frontmatter block held a
 * finding, the raw text's block is rendered again from the scrubbed values (a marker at the start
 * of a YAML value would otherwise read as a list); the rest of the raw text keeps its bytes.
 */
function scrubMarkdown<T extends MarkdownFeature | Skill>(doc: T, report: Report): T {
  const { head, rest } = splitFrontmatter(doc.raw);
  const headScan = scrubText(head);
  const leafFindings: TextFinding[] = [];
  const frontmatter = scrubLeaves(doc.frontmatter, undefined, (leaf, kind) => {
    const at = head.indexOf(leaf.split("\n")[0] as string);
    leafFindings.push({ line: at === -1 ? 1 : countNewlines(head, 0, at) + 1, kind });
  }) as Record<string, unknown>;
  const restScan = scrubText(rest);
  const bodyText = restScan.findings.length === 0 ? doc.body : scrubText(doc.body).text;
  const headLines = countNewlines(head, 0, head.length);
  const findings = [...headScan.findings, ...leafFindings, ...restScan.findings.map((f) => ({ ...f, line: f.line + headLines }))];
  if (findings.length === 0) return doc;
  report.add(doc.origin.file, findings);
  const newHead = headScan.findings.length === 0 && leafFindings.length === 0 ? head : `---\n${renderYaml(frontmatter)}---\n`;
  return { ...doc, raw: newHead + restScan.text, body: bodyText, frontmatter };
}

/**
 * `value` with each string leaf the credential policy refuses scrubbed: secret shapes replaced by
 * their markers, a literal under a credential name replaced whole; `found` hears of each. The
 * same object when nothing changed.
 */
function scrubLeaves(value: unknown, name: string | undefined, found: (leaf: string, kind: string) => void): unknown {
  if (typeof value === "string") {
    const shapes = scrubText(value);
    if (shapes.findings.length > 0) {
      for (const f of shapes.findings) found(value, f.kind);
      return shapes.text;
    }
    const hits = credentialFindings(name, value);
    if (hits.length === 0) return value;
    found(value, hits[0] as string);
    return credentialMarker(hits[0] as string);
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => scrubLeaves(item, name, found));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (value !== null && typeof value === "object") {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const kept = scrubLeaves(item, key, found);
      changed ||= kept !== item;
      Object.defineProperty(out, key, { value: kept, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : value;
  }
  return value;
}

function scrubSkill(skill: Skill, report: Report, clean: WeakSet<Uint8Array>): Skill {
  const doc = scrubMarkdown(skill, report);
  const dir = skill.origin.file.replace(/\/SKILL\.md$/, "");
  let changed = doc !== skill;
  const files = skill.files.map((file): SkillFile => {
    // SKILL.md is the document scrubbed above (its frontmatter values under their names too).
    if (file.path === "SKILL.md" && doc !== skill) {
      const content = encoder.encode(doc.raw);
      clean.add(content);
      return { ...file, content };
    }
    const text = asText(file.content);
    if (text === undefined) return file;
    const scrubbed = scrubText(text);
    if (scrubbed.findings.length === 0) {
      clean.add(file.content);
      return file;
    }
    report.add(`${dir}/${file.path}`, scrubbed.findings);
    changed = true;
    const content = encoder.encode(scrubbed.text);
    clean.add(content);
    return { ...file, content };
  });
  return changed ? { ...doc, files } : skill;
}

/** The IR with every authored text scrubbed, the located warnings, and the skill file contents now known clean. */
export interface ScrubbedIr {
  ir: Ir;
  diagnostics: Diagnostic[];
  /** Skill file bytes already scanned (the emitted-tree check skips them). */
  clean: WeakSet<Uint8Array>;
}

/**
 * The IR with a marker in place of every credential-shaped literal of its authored text: the
 * personas (bundle, each profile, the CI manifesto), rules, commands, agents (raw text, body and
 * frontmatter) and every text file of every skill. One AH4310 warning per source file and line.
 * Pure; returns `ir` itself when nothing was found.
 */
export function scrubIrText(ir: Ir): ScrubbedIr {
  const report = new Report();
  const clean = new WeakSet<Uint8Array>();
  const persona = {
    ...ir.persona,
    profiles: ir.persona.profiles.map((p) => scrubSource(p, report)),
    ...(ir.persona.bundleShared ? { bundleShared: scrubSource(ir.persona.bundleShared, report) } : {}),
    ...(ir.persona.manifesto ? { manifesto: scrubSource(ir.persona.manifesto, report) } : {}),
  };
  const rules = ir.rules.map((d) => scrubMarkdown(d, report));
  const commands = ir.commands.map((d) => scrubMarkdown(d, report));
  const agents = ir.agents.map((d) => scrubMarkdown(d, report));
  const skills = ir.skills.map((s) => scrubSkill(s, report, clean));
  if (report.diagnostics.length === 0) return { ir, diagnostics: [], clean };
  return { ir: { ...ir, persona, rules, commands, agents, skills }, diagnostics: report.diagnostics, clean };
}

/**
 * The last check before anything is written: every whole text file and managed region of `tree`
 * scanned again, so no generated text (a template, a translation) carries a credential the IR
 * check did not see. A hit is replaced by its marker with an AH4311 warning naming the written file
 * and line. Skipped: the installed runtime (our own code) and skill bytes `clean` already holds.
 */
export function scrubTreeText(tree: DesiredTree, agentihooksHome: string, clean: WeakSet<Uint8Array>): DesiredTree {
  const diagnostics: Diagnostic[] = [];
  let changed = false;
  const entries = tree.entries.map((entry) => {
    if (entry.kind !== "file" && entry.kind !== "managed-region") return entry;
    if (entry.kind === "file" && isInstalledRuntime(agentihooksHome, entry.path)) return entry;
    const bytes = typeof entry.content === "string" ? undefined : entry.content;
    if (bytes !== undefined && clean.has(bytes)) return entry;
    const text = bytes === undefined ? (entry.content as string) : asText(bytes);
    if (text === undefined) return entry;
    const scrubbed = scrubText(text);
    if (scrubbed.findings.length === 0) return entry;
    changed = true;
    diagnostics.push(...located("AH4311", entry.path, scrubbed.findings));
    const content = bytes === undefined ? scrubbed.text : encoder.encode(scrubbed.text);
    if (entry.kind === "managed-region") return { ...entry, content: scrubbed.text };
    return { ...entry, content };
  });
  return changed ? { ...tree, entries, diagnostics: [...tree.diagnostics, ...diagnostics] } : tree;
}

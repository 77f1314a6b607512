/**
 * Diagnostics are values: every stage returns what it made plus the problems it found, and the CLI
 * prints them together, sorted. Exceptions are for bugs only.
 *
 * Codes are grouped by stage (see compiler/messages.ts): AH1xxx parse, AH2xxx schema,
 * AH3xxx resolve/merge, AH4xxx lower/emit, AH5xxx plan/apply.
 */
import { redactForDisplay } from "./lower/redact";

export type Severity = "error" | "warning" | "info";

/** Where a problem (or an IR node) came from. `file` is a display path, never a machine path. */
export interface SourceLocation {
  /** Display path: `built-in:profiles/default/CLAUDE.md`, `bundle:profiles/anton/profile.yml`, `linked(brain):CLAUDE.md`, `config:agentihooks.config.json`. */
  file: string;
  /** JSON pointer inside the document, when the problem is about one value. */
  pointer?: string;
  /** 1-based line and column, when known. */
  line?: number;
  column?: number;
}

/** One problem found by a stage. */
export interface Diagnostic extends SourceLocation {
  severity: Severity;
  /** Stable code such as `AH2001`. */
  code: string;
  /** A full sentence: what is wrong, where, and how to fix it. */
  message: string;
}

/** A stage's value together with the diagnostics it produced. */
export interface Result<T> {
  value: T;
  diagnostics: Diagnostic[];
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Sorts diagnostics by file, line, column, code, then message, so output is stable. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      cmp(a.file, b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      severityRank[a.severity] - severityRank[b.severity] ||
      cmp(a.code, b.code) ||
      cmp(a.message, b.message),
  );
}

/** True when any diagnostic is an error. */
export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === "error");
}

/** Renders one diagnostic as `file:line:col: severity CODE: message` (pointer appended when set). */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line === undefined ? d.file : `${d.file}:${d.line}${d.column === undefined ? "" : `:${d.column}`}`;
  const pointer = d.pointer ? ` (at ${d.pointer})` : "";
  // Messages may quote values from the homes (a hand-edited key's value): shown redacted.
  return `${where}: ${d.severity} ${d.code}: ${redactForDisplay(d.message)}${pointer}`;
}

/** Renders a list of diagnostics, sorted, one per line, with a final newline (empty string for none). */
export function formatDiagnostics(list: readonly Diagnostic[]): string {
  return sortDiagnostics(list)
    .map((d) => `${formatDiagnostic(d)}\n`)
    .join("");
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Views of a plan: a unified diff for the terminal (coloured only when asked), JSON for tools, and
 * Markdown for a pull-request comment. Paths are shown with `~` for the home directory.
 */
import { createTwoFilesPatch, formatPatch, type StructuredPatch } from "diff";
import type { Diagnostic } from "../diagnostics";
import { redactForDisplay, redactValue } from "../lower/redact";
import type { Change, Plan } from "./change";

const decoder = new TextDecoder("utf-8", { fatal: false });

/** Counts of a plan's changes (content only; records counted apart). */
export interface PlanSummary {
  create: number;
  update: number;
  delete: number;
  conflict: number;
  keep: number;
  records: number;
}

/** Counts the plan's changes. */
export function summarizePlan(plan: Plan): PlanSummary {
  const s: PlanSummary = { create: 0, update: 0, delete: 0, conflict: 0, keep: 0, records: 0 };
  for (const c of plan.changes) {
    if (c.bookkeeping) {
      if (c.action !== "keep" && c.action !== "conflict") s.records++;
      continue;
    }
    s[c.action]++;
    if (c.action !== "conflict" && c.conflicts > 0) s.conflict++;
  }
  return s;
}

/** Shows `file` with `~` for `home`. */
export function displayPath(file: string, home: string): string {
  return file === home ? "~" : file.startsWith(`${home}/`) ? `~/${file.slice(home.length + 1)}` : file;
}

/**
 * The unified diff of one change (empty for keep), as it may be shown: secrets redacted
 * (compiler/lower/redact.ts). Binary content is named, not shown.
 */
export function changeDiff(change: Change, home: string): string {
  return redactForDisplay(rawDiff(change, home));
}

function rawDiff(change: Change, home: string): string {
  if (change.action === "keep" || change.action === "conflict") return "";
  const name = displayPath(change.path, home);
  if (change.summary) return `${change.action === "delete" ? "removes" : change.action === "create" ? "installs" : "replaces"} ${name}: ${change.summary}\n`;
  const before = change.before === undefined ? "" : asText(change.before);
  const after = change.after === undefined ? "" : asText(change.after);
  if (before === undefined || after === undefined) return `Binary file ${name} ${change.action === "delete" ? "removed" : "changed"}\n`;
  if (before === after) return `mode of ${name} becomes ${change.mode.toString(8)}\n`;
  const oldName = change.before === undefined ? "/dev/null" : `a/${name}`;
  const newName = change.after === undefined ? "/dev/null" : `b/${name}`;
  const patch =
    before === "" || after === ""
      ? wholeFilePatch(oldName, newName, before === "" ? after : before, before === "")
      : createTwoFilesPatch(oldName, newName, before, after, undefined, undefined, { context: 3 });
  // Drop the "Index:"/"===" preamble: a plain unified diff, as git prints it.
  return patch.replace(/^(Index: .*\n)?=+\n/, "").replace(/\t\n/g, "\n");
}

/**
 * The patch createTwoFilesPatch makes of a text against an empty one: one hunk with every line added
 * (or removed), built directly. Its line diff against nothing was most of the time of showing a first
 * apply (2 MB of new files at 10x); formatting still goes through jsdiff, so the bytes are its own.
 */
function wholeFilePatch(oldName: string, newName: string, text: string, added: boolean): string {
  const sign = added ? "+" : "-";
  const pieces = text.split("\n");
  // As jsdiff: a final line without a newline is marked, and a final newline ends the last line.
  const endsWithNewline = pieces[pieces.length - 1] === "";
  if (endsWithNewline) pieces.pop();
  const lines: string[] = [];
  for (const piece of pieces) lines.push(sign + piece);
  if (!endsWithNewline) lines.push("\\ No newline at end of file");
  const count = pieces.length;
  const patch: StructuredPatch = {
    oldFileName: oldName,
    newFileName: newName,
    oldHeader: undefined,
    newHeader: undefined,
    hunks: [{ oldStart: 1, oldLines: added ? 0 : count, newStart: 1, newLines: added ? count : 0, lines }],
  };
  return formatPatch(patch);
}

function asText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  return decoder.decode(bytes);
}

const verbs: Record<Change["action"], string> = { create: "create", update: "update", delete: "delete", keep: "keep", conflict: "left alone" };

/** Options of the text view. */
export interface TextViewOptions {
  home: string;
  color: boolean;
  /** Also show our own records (sidecars, manifests, ledger). */
  verbose?: boolean;
}

/** The terminal view: per changed path a header and its diff, then a summary line. */
export function renderPlanText(plan: Plan, options: TextViewOptions): string {
  const paint = (code: string, text: string): string => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const out: string[] = [];
  for (const change of plan.changes) {
    if (change.action === "keep" || (change.bookkeeping && !options.verbose)) continue;
    const sign = change.action === "create" ? "+" : change.action === "delete" ? "-" : change.action === "conflict" ? "!" : "~";
    const colour = change.action === "create" ? "32" : change.action === "delete" ? "31" : change.action === "conflict" ? "33" : "36";
    const notes = [
      change.conflicts > 0 ? `${change.conflicts} hand edit(s) kept` : "",
      change.backup ? `backup ${displayPath(change.backup, options.home)}` : "",
    ]
      .filter(Boolean)
      .join(", ");
    out.push(paint(colour, `${sign} ${verbs[change.action]} ${displayPath(change.path, options.home)} (${change.target})${notes ? ` [${notes}]` : ""}`));
    const diff = changeDiff(change, options.home);
    if (!options.color && !diff.startsWith("\n") && !diff.includes("\n\n")) {
      // Uncoloured, a diff without empty lines is shown as it is: splitting the 2 MB of a first
      // apply's new files into lines and joining them again was a third of showing it.
      const body = diff.endsWith("\n") ? diff.slice(0, -1) : diff;
      if (body !== "") out.push(body);
      continue;
    }
    for (const line of diff.split("\n")) {
      if (line === "") continue;
      const c =
        line.startsWith("+++") || line.startsWith("---") ? "1" : line.startsWith("+") ? "32" : line.startsWith("-") ? "31" : line.startsWith("@@") ? "36" : "";
      out.push(c ? paint(c, line) : line);
    }
  }
  const s = summarizePlan(plan);
  out.push(summaryLine(s));
  return `${out.join("\n")}\n`;
}

/** One line: `Plan: 2 to create, 1 to update, 0 to delete; 1 left alone.` or `No changes: the homes match the profiles.` */
export function summaryLine(s: PlanSummary): string {
  if (s.create + s.update + s.delete === 0 && s.records === 0)
    return s.conflict > 0 ? `No changes; ${s.conflict} path(s) with hand edits left alone.` : "No changes: the homes match the profiles.";
  return `Plan: ${s.create} to create, ${s.update} to update, ${s.delete} to delete${s.conflict > 0 ? `; ${s.conflict} with hand edits left alone` : ""}${s.records > 0 ? `; ${s.records} record file(s) updated` : ""}.`;
}

/** The JSON view (stable field order). */
export function planJson(plan: Plan, home: string): unknown {
  return {
    targets: plan.targets,
    summary: summarizePlan(plan),
    changes: plan.changes
      .filter((c) => c.action !== "keep")
      .map((c) => ({
        target: c.target,
        path: displayPath(c.path, home),
        action: c.action,
        record: c.bookkeeping,
        mode: `0${c.mode.toString(8)}`,
        conflicts: c.conflicts,
        ...(c.backup ? { backup: displayPath(c.backup, home) } : {}),
        diff: changeDiff(c, home),
      })),
    diagnostics: redactValue(plan.diagnostics),
  };
}

/**
 * The Markdown view: a summary table per target and each diff folded, fit for a PR comment. With
 * `hidePrivate` (the default), files written 0600 (they may hold resolved secrets) are listed without
 * their contents, so a comment never publishes a secret; `diff --base` renders portable trees, which
 * hold none, and shows everything.
 */
export function renderPlanMarkdown(plan: Plan, home: string, title = "agentihooks plan", hidePrivate = true): string {
  const out: string[] = [`### ${title}`, ""];
  const content = plan.changes.filter((c) => !c.bookkeeping);
  const byTarget = new Map<string, Change[]>();
  for (const c of content) byTarget.set(c.target, [...(byTarget.get(c.target) ?? []), c]);
  out.push("| target | create | update | delete | left alone |", "|---|---:|---:|---:|---:|");
  for (const target of plan.targets) {
    const list = byTarget.get(target) ?? [];
    const n = (a: Change["action"]) => list.filter((c) => c.action === a).length;
    out.push(`| ${target} | ${n("create")} | ${n("update")} | ${n("delete")} | ${list.filter((c) => c.conflicts > 0).length} |`);
  }
  out.push("", summaryLine(summarizePlan(plan)), "");
  for (const c of content) {
    if (c.action === "keep") continue;
    const hidden = hidePrivate && (c.mode & 0o077) === 0;
    const diff = hidden ? "" : changeDiff(c, home);
    out.push(`<details><summary><code>${verbs[c.action]} ${displayPath(c.path, home)}</code> (${c.target})</summary>`, "");
    if (hidden) out.push("Private file (mode 0600): contents not shown.");
    if (diff) out.push("```diff", diff.trimEnd(), "```");
    out.push("", "</details>");
  }
  const notes = plan.diagnostics;
  if (notes.length > 0) {
    out.push("", "#### Notes", "");
    for (const d of notes) out.push(`- **${d.code}** \`${d.file}\`: ${redactForDisplay(d.message)}`);
  }
  return `${out.join("\n")}\n`;
}

/** Diagnostics of a plan that are errors. */
export function planErrors(plan: Plan): Diagnostic[] {
  return plan.diagnostics.filter((d) => d.severity === "error");
}

/**
 * A block of ours at the end of an operator's text file (a shell start-up file), between two marker
 * lines: any block with the same markers is taken out, trailing blank lines collapse to one, and
 * the new block is appended after a blank line, so a second apply is byte-identical. A file listed
 * with `onlyIfExists` that does not exist is left absent. A `keepAssignments` block (a dotenv file)
 * keeps every `NAME=value` line the operator activated inside the old block, moved under
 * `# User overrides`. Stripping takes the block out and keeps every other byte, unless a target
 * outside this run still owns the block (the shared `~/.agentihooks/.env`).
 */
import type { TextBlockEntry } from "../../desired-tree";
import type { OwnedBlock } from "../../state/ledger";
import { decoder, encoder, tightenMode } from "../plan-run";
import type { EntryKind } from "./entry-kind";

export const textBlock: EntryKind<TextBlockEntry, OwnedBlock> = {
  plan(run, target, entry, _prev, next) {
    if (!run.works.has(entry.path) && entry.onlyIfExists && run.read(entry.path) === undefined) return;
    const w = run.work(target, entry.path, entry.mode);
    w.entries.push(entry);
    next.owned.push({ kind: "text-block", path: entry.path, begin: entry.begin, end: entry.end });
    if (w.doc) return; // the same block from another target
    tightenMode(w, entry.mode);
    const text = w.before === undefined ? "" : decoder.decode(w.before);
    let rest = withoutBlock(text, entry.begin, entry.end);
    if (entry.keepAssignments) rest = withUserOverrides(rest, assignmentsInBlock(text, entry.begin, entry.end));
    const head = rest.trim() === "" ? "" : `${rest.replace(/\n*$/, "")}\n\n`;
    w.doc = { kind: "whole", bytes: encoder.encode(`${head}${entry.begin}\n${entry.content}${entry.end}\n`) };
  },

  strip(run, target, record) {
    const w = run.work(target, record.path, 0o644);
    if (w.doc || w.before === undefined) return;
    if (run.otherTargets().some((other) => other !== target && run.recordsOf(run.otherLedger(other), "text-block", record.path).length > 0)) {
      w.doc = { kind: "whole", bytes: w.before };
      return;
    }
    const text = decoder.decode(w.before);
    const rest = withoutBlock(text, record.begin, record.end);
    w.doc = { kind: "whole", bytes: rest === text ? w.before : encoder.encode(rest.trim() === "" ? "" : rest.replace(/\n*$/, "\n")) };
  },

  legacy(entry) {
    return { kind: "text-block", path: entry.path, begin: entry.begin, end: entry.end };
  },
};

/** The active `NAME=value` lines (no comments) inside the block between `begin` and `end`. */
export function assignmentsInBlock(text: string, begin: string, end: string): string[] {
  const lines = text.split("\n");
  const start = lines.indexOf(begin);
  const close = start >= 0 ? lines.indexOf(end, start + 1) : -1;
  if (close < 0) return [];
  return lines.slice(start + 1, close).filter((line) => /^\s*(export\s+)?[A-Za-z_][A-Za-z0-9_]*=/.test(line));
}

/**
 * `rest` with `lines` appended under a `# User overrides` line (added once, when missing); a line
 * `rest` already holds is not added again.
 */
export function withUserOverrides(rest: string, lines: readonly string[]): string {
  const present = new Set(rest.split("\n"));
  const add = lines.filter((line, i) => !present.has(line) && lines.indexOf(line) === i);
  if (add.length === 0) return rest;
  const body = rest.replace(/\n*$/, "");
  const header = present.has("# User overrides") ? "" : `${body ? "\n\n" : ""}# User overrides`;
  return `${body}${header}\n${add.join("\n")}\n`;
}

/**
 * `text` without the lines from a line equal to `begin` through the next line equal to `end`
 * (every such block, with the one blank line before it). A `begin` with no `end` after it is left
 * alone: what follows may be the operator's.
 */
export function withoutBlock(text: string, begin: string, end: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === begin) {
      const close = lines.indexOf(end, i + 1);
      if (close >= 0) {
        // The blank line apply put before the block goes with it.
        if (out.length > 0 && out[out.length - 1] === "") out.pop();
        i = close;
        continue;
      }
    }
    out.push(lines[i] as string);
  }
  return out.join("\n");
}

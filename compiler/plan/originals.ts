/**
 * Saved originals of shared files: before our first edit of a file we share with the operator, its
 * bytes are saved under `<agentihooks home>/originals/<target>/` (or "absent" recorded), so that when
 * nothing of ours is wanted there any more and the file is exactly as we left it, it comes back
 * byte for byte. An edit by someone else since our last write makes the saved copy stale: it goes.
 */
import path from "node:path";
import type { TargetLedger } from "../state/ledger";
import { digestOf } from "./digest";
import { parseJsonText } from "./json-document";
import { decoder, sameBytesOrBoth, type PlanRun, type Work } from "./plan-run";

/** The parsed content of a shared file before our first edit (`{}` when it did not exist), if recorded. */
export function originalJson(run: PlanRun, prev: TargetLedger, file: string): unknown {
  const original = prev.originals[file];
  if (!original) return undefined;
  if (original.before === "absent") return {};
  const bytes = run.read(original.before);
  if (bytes === undefined) return undefined;
  const parsed = parseJsonText(decoder.decode(bytes), true);
  return parsed.ok ? parsed.value : undefined;
}

/**
 * Settles the saved original of `w` in its target's next `ledger` and returns the bytes the path
 * ends with: the original put back when nothing of ours is wanted there and the file is as we left
 * it; otherwise `after`, with the original saved on a first edit and dropped when stale.
 */
export function settleOriginal(run: PlanRun, w: Work, after: Uint8Array | undefined, ledger: TargetLedger | undefined): Uint8Array | undefined {
  const sharedKinds = w.entries.some((e) => e.kind !== "file" && e.kind !== "managed-region");
  const stillWanted = w.entries.length > 0;
  const original = ledger?.originals[w.path];
  if (original && ledger && !stillWanted) {
    // Nothing of ours is wanted here any more: while the file is exactly as we left it, put the original back.
    if (w.before !== undefined && digestOf(w.before) === original.written) {
      if (original.before === "absent") after = undefined;
      else {
        const saved = run.read(original.before);
        if (saved !== undefined) {
          after = saved;
          if (original.mode !== undefined) w.mode = original.mode;
        }
      }
    } else if (after !== undefined && isEmptyDocument(after) && original.before === "absent") after = undefined;
    dropSaved(run, original.before);
    delete ledger.originals[w.path];
  } else if (sharedKinds && ledger && run.keepsLedger) {
    if (after !== undefined && !sameBytesOrBoth(after, w.before)) {
      if (!original) {
        // First edit of a shared file: remember what was there, so uninstall can restore it exactly.
        // (An unparseable file is not restored byte for byte: its documented backup holds it.)
        if (w.before === undefined) ledger.originals[w.path] = { before: "absent", written: "" };
        else if (!w.reset) {
          // A repository's copy is named by its repo-relative path: the name is committed too.
          const scope = run.ctx.env.scope;
          const named = scope?.name === "repo" ? path.relative(scope.root, w.path) : w.path;
          const saved = path.join(run.ctx.env.agentihooksHome, "originals", w.target, named.replace(/^\/+/, "").replace(/\//g, "%"));
          run.addExtra({
            target: "agentihooks",
            path: saved,
            action: "create",
            before: run.read(saved),
            after: w.before,
            mode: 0o600,
            bookkeeping: true,
            conflicts: 0,
            save: true,
          });
          ledger.originals[w.path] = { before: saved, mode: w.beforeMode ?? 0o644, written: "" };
        }
      } else if (w.before !== undefined && digestOf(w.before) !== original.written) {
        // Someone edited the file since our last write: the saved original no longer describes it.
        dropSaved(run, original.before);
        delete ledger.originals[w.path];
      }
      const rec = ledger.originals[w.path];
      if (rec) rec.written = digestOf(after);
    } else if (original && w.before !== undefined && digestOf(w.before) !== original.written) {
      dropSaved(run, original.before);
      delete ledger.originals[w.path];
    }
  }
  return after;
}

/** Plans the removal of a saved copy ("absent" has none). */
function dropSaved(run: PlanRun, before: string): void {
  if (before !== "absent")
    run.addExtra({
      target: "agentihooks",
      path: before,
      action: "delete",
      before: run.read(before),
      after: undefined,
      mode: 0o600,
      bookkeeping: true,
      conflicts: 0,
    });
}

function isEmptyDocument(bytes: Uint8Array): boolean {
  const text = decoder.decode(bytes).trim();
  return text === "" || text === "{}";
}

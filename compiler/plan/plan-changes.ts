/**
 * planChanges: desired tree × actual tree (read through the filesystem port) × ownership record →
 * the exact bytes every path should hold after apply, with the reason for each difference.
 *
 * The same function serves apply (desired trees from the profiles), uninstall (empty desired trees:
 * everything owned is stripped and displaced files come back) and renderFresh (empty homes).
 *
 * Ownership rules (docs/cli.md, "What agentihooks owns, and what it never touches"), one module per
 * entry kind in entries/ (each with its `plan`, `strip` and `legacy`): whole files (file.ts),
 * persona files (managed-region.ts), managed keys in JSON and TOML (keyed-values.ts), named entries
 * (named-entries.ts), hook lists (hook-lists.ts), list members (members.ts) and text blocks
 * (text-block.ts). Around them: collisions.ts (checked before anything is planned), manifests.ts,
 * originals.ts, legacy.ts (the Python original's records) and plan-result.ts (the changes, the
 * sidecars and the ledger). A shared file that does not parse (or holds comments its client does
 * not accept) is never backed up and replaced: the plan stops with an error naming it, and nothing
 * is written.
 */
import type { DesiredTree, JsonMembersEntry } from "../desired-tree";
import { readTargetLedger, type OwnedRecord, type TargetLedger } from "../state/ledger";
import { parseScopedLedger } from "../scopes/ledger-paths";
import { recoveredView } from "../state/intent";
import type { Plan } from "./change";
import { checkCollisions } from "./collisions";
import { jsonEqual } from "./json-value";
import { planEntry, stripRecord } from "./entries";
import { legacyOf } from "./legacy";
import { manifestsOf } from "./manifests";
import { decoder, indexRecords, PlanRun, type PlanContext, type PlanOptions } from "./plan-run";
import { abortedPlan, finishPlan, ledgerPath } from "./plan-result";

export type { PlanContext, PlanOptions } from "./plan-run";
export { ledgerPath } from "./plan-result";
export { writeBlockDiagnostic } from "./collisions";
export { legacyRecordsFor } from "./entries";
export { isOurItem } from "./entries/hook-lists";
export { withoutBlock } from "./entries/text-block";

/** Computes the plan for the given trees (one per target to process). */
export function planChanges(trees: readonly DesiredTree[], ctx: PlanContext, options: PlanOptions = {}): Plan {
  // A run that stopped part way is planned from the homes as they are once it is rolled back (apply rolls it back first).
  const fs = options.ledger === false ? ctx.fs : recoveredView(ctx.fs, ctx.env);
  return planRun(new PlanRun(fs === ctx.fs ? ctx : { ...ctx, fs }, options), trees);
}

function planRun(run: PlanRun, trees: readonly DesiredTree[]): Plan {
  const ledgerFile = ledgerPath(run.ctx.env);
  const ledgerBytes = run.read(ledgerFile);
  run.ledger = parseScopedLedger(ledgerBytes === undefined ? undefined : decoder.decode(ledgerBytes), run.ctx.env.scope);
  const ledgerInfo = run.stat(ledgerFile);
  if (ledgerInfo && ledgerInfo.kind !== "file") {
    // A linked record would be read and replaced somewhere else (or replaced by a file, the link lost).
    run.note("AH5037", ledgerFile, { kind: ledgerInfo.kind === "symlink" ? "symbolic link" : ledgerInfo.kind === "directory" ? "directory" : "special file" });
    return abortedPlan(run, trees);
  }
  if (run.ledger.unparseable) {
    const backup = run.backupName(ledgerFile);
    run.note("AH5018", ledgerFile, { file: run.display(ledgerFile), backup: run.display(backup) });
    run.addExtra({
      target: "agentihooks",
      path: backup,
      action: "create",
      before: undefined,
      after: ledgerBytes,
      mode: 0o600,
      bookkeeping: true,
      conflicts: 0,
      save: true,
    });
  }
  for (const tree of trees) run.runTargets.add(tree.target);
  // A file some entry says its client reads as plain JSON is read so by every entry.
  for (const tree of trees) for (const entry of tree.entries) if (entry.kind === "json-keys" && entry.format === "json") run.strictJson.add(entry.path);
  const before = run.before;
  const after = new Map<string, TargetLedger>();
  for (const tree of trees) {
    const prev = readTargetLedger(run.ledger, tree.target);
    // No record of ours yet (a home installed by the Python original): ownership inferred from the profiles.
    const legacy = run.options.legacyRecords?.[tree.target];
    if (prev.owned.length === 0 && legacy) prev.owned = legacy;
    before.set(tree.target, prev);
    after.set(tree.target, { owned: [], originals: { ...prev.originals }, legacyMcp: [] });
  }

  if (!checkCollisions(run, trees)) return abortedPlan(run, trees);

  // Pass 1: every entry except list members, which may read the result of other files.
  const deferred: Array<{ target: string; entry: JsonMembersEntry }> = [];
  for (const tree of trees) {
    const prev = before.get(tree.target) as TargetLedger;
    const next = after.get(tree.target) as TargetLedger;
    for (const entry of tree.entries) {
      if (entry.kind === "json-members") deferred.push({ target: tree.target, entry });
      else planEntry(run, tree.target, entry, prev, next);
    }
  }
  // The lists naming an entry the Python original's migration renamed, before the list members that read them.
  legacyOf(run).renameMembers();
  for (const { target, entry } of deferred) planEntry(run, target, entry, before.get(target) as TargetLedger, after.get(target) as TargetLedger);

  // Pass 2: what we owned before and no longer want is stripped (uninstall strips everything).
  for (const tree of trees) {
    const prev = before.get(tree.target) as TargetLedger;
    const next = after.get(tree.target) as TargetLedger;
    const kept = indexRecords(next.owned);
    for (const record of prev.owned) {
      if (kept.get(record.path)?.some((r) => r.kind === record.kind && sameKey(r, record))) continue;
      stripRecord(run, tree.target, record);
    }
  }
  manifestsOf(run).reconcile(trees, before, after);
  if (run.options.uninstall && run.otherTargets().length === 0) legacyOf(run).sweepLinks();
  return finishPlan(run, trees, after);
}

/** True when two records of one kind and path describe the same thing (the same container, list owner or key). */
function sameKey(a: OwnedRecord, b: OwnedRecord): boolean {
  if (a.kind === "json-entries" && b.kind === "json-entries") return jsonEqual(a.container, b.container);
  if (a.kind === "json-lists" && b.kind === "json-lists") return jsonEqual(a.container, b.container) && a.ownerCommand === b.ownerCommand;
  if (a.kind === "json-members" && b.kind === "json-members") return jsonEqual(a.key, b.key);
  return true;
}

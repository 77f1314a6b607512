/**
 * Whole files we own (wrappers, translated items, policy and env files). Ours when the ledger (or a
 * manifest) says so, and an identical existing file is claimed; a different unowned file is moved
 * to a backup (AH5007) and put back by uninstall, except a translated item under a manifest, where
 * the operator's file wins (AH5003); an owned file edited since we wrote it is backed up, then
 * refreshed (AH5006). Identical entries of two targets (the shared `~/.agents/skills`) are one file
 * with two owners.
 */
import path from "node:path";
import type { FileEntry } from "../../desired-tree";
import type { OwnedFile } from "../../state/ledger";
import { CODE_CACHE_SUFFIX } from "../../load-chunk";
import { digestOf } from "../digest";
import { legacyOf } from "../legacy";
import { manifestKey, manifestsOf } from "../manifests";
import { decoder, encoder, sameBytes, type PlanRun, type Work } from "../plan-run";
import type { EntryKind } from "./entry-kind";

export const wholeFile: EntryKind<FileEntry, OwnedFile> = {
  plan(run, target, entry, prev, next) {
    const manifests = manifestsOf(run);
    const legacyLinks = legacyOf(run).links();
    const w = run.work(target, entry.path, entry.mode);
    w.entries.push(entry);
    if (
      !w.doc &&
      entry.manifest &&
      legacyLinks.size > 0 &&
      legacyLinks.has(path.join(entry.manifest.dir, entry.manifest.item)) &&
      run.stat(path.join(entry.manifest.dir, entry.manifest.item))?.kind === "symlink"
    ) {
      // Read through the Python original's link: that link goes, so this path starts empty.
      w.before = undefined;
      w.beforeMode = undefined;
    }
    const desired = contentBytes(entry);
    const recorded = run.recordsOf(prev, "file", entry.path)[0] as OwnedFile | undefined;
    const record: OwnedFile = {
      kind: "file",
      path: entry.path,
      digest: run.recordDigest(desired),
      mode: entry.mode,
      ...(entry.manifest ? { manifest: entry.manifest } : {}),
    };
    if (recorded?.displaced) record.displaced = recorded.displaced;
    if (w.doc) {
      // A second, identical entry for the same path from another target (the shared ~/.agents/skills):
      // it shares the first one's outcome, and each target records its own ownership.
      if (w.claim === "owned") next.owned.push(w.displacedBy ? { ...record, displaced: w.displacedBy } : record);
      else if (w.claim === "pending") manifests.pendingClaims.push({ target, entry, record });
      return;
    }
    w.mode = entry.mode;
    if (entry.manifest && manifests.linkedItem(entry.manifest)) {
      w.doc = { kind: "whole", bytes: w.before };
      w.conflicts++;
      manifests.operatorItems.add(manifestKey(entry.manifest));
      return;
    }
    if (w.before === undefined || sameBytes(w.before, desired)) {
      w.doc = { kind: "whole", bytes: desired };
      if (w.before !== undefined && !recorded && entry.manifest && !manifests.itemOwned(entry.manifest, prev)) {
        // An identical operator copy of a translated item: claimed only if the whole item matches (see Manifests.reconcile).
        manifests.pendingClaims.push({ target, entry, record });
        w.claim = "pending";
        return;
      }
      next.owned.push(record);
      w.claim = "owned";
      return;
    }
    if (recorded || (entry.manifest && manifests.itemOwned(entry.manifest, prev) && !manifests.linkedItem(entry.manifest))) {
      if (recorded && digestOf(w.before) !== recorded.digest) {
        w.backup = run.backupName(entry.path);
        run.note("AH5006", entry.path, { backup: run.display(w.backup) });
      }
      w.doc = { kind: "whole", bytes: desired };
      next.owned.push(record);
      w.claim = "owned";
      return;
    }
    if (entry.manifest) {
      // An operator's same-named item wins: we leave it and do not own it.
      w.doc = { kind: "whole", bytes: w.before };
      w.mode = w.beforeMode ?? entry.mode;
      w.conflicts++;
      w.claim = "operator";
      manifests.operatorItems.add(manifestKey(entry.manifest));
      return;
    }
    const backup = run.backupName(entry.path);
    run.note("AH5007", entry.path, { backup: run.display(backup) });
    w.backup = backup;
    record.displaced = backup;
    w.doc = { kind: "whole", bytes: desired };
    next.owned.push(record);
    w.claim = "owned";
    w.displacedBy = backup;
  },

  strip(run, target, record) {
    const w = run.work(target, record.path, record.mode);
    if (w.doc) return; // another target now produces this path
    if (ownedElsewhere(run, target, record.path)) {
      w.doc = { kind: "whole", bytes: w.before }; // a target outside this run (shared ~/.agents/skills) still owns it
      return;
    }
    if (w.before === undefined) {
      w.doc = { kind: "whole", bytes: run.restoreDisplaced(target, record) };
      dropCodeCache(run, target, w);
      return;
    }
    if (record.digest === "") {
      // Inferred (legacy) ownership: only what the Python original marked as its own goes.
      const listed = record.manifest ? manifestsOf(run).names(record.manifest.dir, record.manifest.file).includes(record.manifest.item) : false;
      const marked = decoder.decode(w.before).includes("managed-by: agentihooks");
      // Not the original's: left as it is, unclaimed, so a target that does record it (the installed
      // runtime, shared by every target) still removes it in the same run.
      if (listed || marked) w.doc = { kind: "whole", bytes: undefined };
      return;
    }
    if (digestOf(w.before) !== record.digest) {
      run.note("AH5015", record.path);
      w.doc = { kind: "whole", bytes: w.before };
      return;
    }
    w.doc = { kind: "whole", bytes: run.restoreDisplaced(target, record) };
    dropCodeCache(run, target, w);
  },

  legacy(entry) {
    return { kind: "file", path: entry.path, digest: "", mode: entry.mode, ...(entry.manifest ? { manifest: entry.manifest } : {}) };
  },
};

/** The entry's bytes. */
export function contentBytes(entry: { content: string | Uint8Array }): Uint8Array {
  return typeof entry.content === "string" ? encoder.encode(entry.content) : entry.content;
}

/** True when a target not covered by this run records the same whole file. */
function ownedElsewhere(run: PlanRun, target: string, file: string): boolean {
  return run.otherTargets().some((other) => other !== target && run.recordsOf(run.otherLedger(other), "file", file).length > 0);
}

/**
 * A program we install may keep V8's code cache beside itself (`<file>.v8-cache`: the installed
 * hook runtime writes one after its first allowed pre-tool call, runtime/load-with-code-cache.ts). It is derived
 * from our file and worthless without it, so it goes when the file does; otherwise the runtime's
 * folder would outlive uninstall. Only a regular file is removed.
 */
function dropCodeCache(run: PlanRun, target: string, removed: Work): void {
  if (removed.doc?.kind !== "whole" || removed.doc.bytes !== undefined) return;
  const cache = `${removed.path}${CODE_CACHE_SUFFIX}`;
  if (run.stat(cache)?.kind !== "file") return;
  const w = run.work(target, cache, 0o644);
  if (!w.doc) w.doc = { kind: "whole", bytes: undefined };
}

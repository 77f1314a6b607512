/**
 * Translated items (agents, command-skills, rules) live in directories shared with the operator,
 * and the names we wrote are listed in a manifest file there. An operator's item of the same name
 * wins (AH5003); an identical operator copy is claimed only when every file of the item matches; an
 * item whose directory is a symbolic link (an installed skill) is never written through. Once every
 * entry is planned, each manifest is rewritten to list exactly the items we own, and items only the
 * Python original's manifest lists are removed.
 */
import path from "node:path";
import type { DesiredTree, FileEntry } from "../desired-tree";
import { defaultJsonStyle } from "../desired-tree";
import type { OwnedFile, OwnedRecord, TargetLedger } from "../state/ledger";
import { serializeJson } from "../serialize/json";
import { legacyOf } from "./legacy";
import { decoder, encoder, type PlanRun, type Work } from "./plan-run";

/** A manifest item: its directory, the manifest's file name, and the item's name. */
export type ManifestItem = NonNullable<FileEntry["manifest"]>;

/** One run's manifest state. */
export class Manifests {
  /** Identical operator copies, claimed only if the whole item matches (see `reconcile`). */
  readonly pendingClaims: Array<{ target: string; entry: FileEntry; record: OwnedFile }> = [];
  /** Items where an operator's file wins. */
  readonly operatorItems = new Set<string>();
  private readonly listed = new Map<string, string[] | undefined>();
  private readonly listedSets = new Map<string, Set<string>>();
  private readonly linkedItems = new Map<string, boolean>();
  private readonly ownedItems = new WeakMap<readonly OwnedRecord[], Set<string>>();

  constructor(private readonly run: PlanRun) {}

  /** Names listed in a manifest on disk (the Python original's format: a JSON list of names). */
  names(dir: string, file: string): string[] {
    const key = path.join(dir, file);
    if (!this.listed.has(key)) {
      const bytes = this.run.read(key);
      let names: string[] | undefined;
      if (bytes !== undefined) {
        try {
          const value = JSON.parse(decoder.decode(bytes)) as unknown;
          if (Array.isArray(value)) names = value.filter((n): n is string => typeof n === "string");
        } catch {
          names = undefined;
        }
      }
      this.listed.set(key, names);
    }
    return this.listed.get(key) ?? [];
  }

  /** True when the item's directory (or file) is a symbolic link: an installed skill, never ours to write through. */
  linkedItem(manifest: { dir: string; item: string }): boolean {
    // Nothing in a missing directory is a link (a fresh home: one lookup per directory, not per item).
    if (isPlainName(manifest.item) && this.run.stat(manifest.dir) === undefined) return false;
    // Asked for every file of an item, twice: answered once per item.
    const key = `${manifest.dir}\u0000${manifest.item}`;
    let linked = this.linkedItems.get(key);
    if (linked === undefined) {
      linked = this.findLinkedItem(path.join(manifest.dir, manifest.item));
      this.linkedItems.set(key, linked);
    }
    return linked;
  }

  private findLinkedItem(link: string): boolean {
    if (this.run.stat(link)?.kind !== "symlink") return false;
    // A link the Python original made (its `managed_links`) is ours to replace: it is removed first.
    if (legacyOf(this.run).links().has(link)) {
      this.run.addExtra({
        target: "agentihooks",
        path: link,
        action: "delete",
        before: undefined,
        after: undefined,
        mode: 0o644,
        bookkeeping: false,
        conflicts: 0,
      });
      return false;
    }
    return true;
  }

  /** True when the manifest on disk lists the item, or `prev` records a file of it. */
  itemOwned(manifest: ManifestItem, prev: TargetLedger): boolean {
    const key = path.join(manifest.dir, manifest.file);
    let listed = this.listedSets.get(key);
    if (!listed) {
      listed = new Set(this.names(manifest.dir, manifest.file));
      this.listedSets.set(key, listed);
    }
    if (listed.has(manifest.item)) return true;
    let items = this.ownedItems.get(prev.owned);
    if (!items) {
      items = new Set<string>();
      for (const r of prev.owned) if (r.kind === "file" && r.manifest) items.add(manifestKey(r.manifest));
      this.ownedItems.set(prev.owned, items);
    }
    return items.has(manifestKey(manifest));
  }

  /** Settles pending claims and rewrites every manifest we know of (from desired entries and previous records). */
  reconcile(trees: readonly DesiredTree[], before: Map<string, TargetLedger>, after: Map<string, TargetLedger>): void {
    const run = this.run;
    // Claims of identical operator copies: an item is claimed only if every one of its files matched.
    const byItem = new Map<string, typeof this.pendingClaims>();
    for (const claim of this.pendingClaims) {
      const key = manifestKey(claim.entry.manifest as ManifestItem);
      byItem.set(key, [...(byItem.get(key) ?? []), claim]);
    }
    for (const [key, claims] of byItem) {
      if (this.operatorItems.has(key)) {
        for (const claim of claims) (run.works.get(claim.entry.path) as Work).conflicts++;
        continue;
      }
      for (const claim of claims) (after.get(claim.target) as TargetLedger).owned.push(claim.record);
    }
    for (const key of this.operatorItems) {
      const [dir, , item] = key.split("\u0000") as [string, string, string];
      run.note("AH5003", path.join(dir, item), { item });
    }
    // Entries of one directory share a manifest: its path is joined once.
    const manifests = new Map<string, { dir: string; file: string; target: string }>();
    const joined = new Map<string, Map<string, string>>();
    const noteManifest = (m: { dir: string; file: string }, target: string): void => {
      let inDir = joined.get(m.dir);
      if (!inDir) {
        inDir = new Map<string, string>();
        joined.set(m.dir, inDir);
      }
      let manifestPath = inDir.get(m.file);
      if (manifestPath === undefined) {
        manifestPath = path.join(m.dir, m.file);
        inDir.set(m.file, manifestPath);
      }
      const known = manifests.get(manifestPath);
      if (!known || known.target !== target || known.dir !== m.dir || known.file !== m.file) manifests.set(manifestPath, { dir: m.dir, file: m.file, target });
    };
    for (const tree of trees) {
      for (const entry of tree.entries) if (entry.kind === "file" && entry.manifest) noteManifest(entry.manifest, tree.target);
      for (const record of (before.get(tree.target) as TargetLedger).owned)
        if (record.kind === "file" && record.manifest) noteManifest(record.manifest, tree.target);
    }
    // The items of each manifest, indexed once (a scan of every record per manifest was quadratic).
    const itemsAfter = manifestItems([...after.values(), ...run.otherTargets().map((other) => run.otherLedger(other))]);
    const itemsBefore = manifestItems([...before.values()]);
    for (const [manifestPath, { dir, file, target }] of manifests) {
      // Targets outside this run keep their items in a manifest they share with us.
      const items = itemsAfter.get(dir)?.get(file) ?? new Set<string>();
      // Legacy manifest names with no ledger record and no desired entry: the Python original's items, removed.
      const recordedItems = itemsBefore.get(dir)?.get(file) ?? new Set<string>();
      for (const name of this.names(dir, file)) {
        if (items.has(name) || recordedItems.has(name)) continue;
        const itemPath = path.join(dir, name);
        const info = run.stat(itemPath);
        if (info?.kind === "file") run.work(target, itemPath, info.mode).doc ??= { kind: "whole", bytes: undefined };
        else if (info?.kind === "directory") this.removeTree(target, itemPath);
      }
      const sorted = [...items].sort();
      const bytes = sorted.length === 0 ? undefined : encoder.encode(serializeJson(sorted, defaultJsonStyle));
      const w = run.work(target, manifestPath, 0o644);
      w.doc = { kind: "whole", bytes };
      w.entries.push({ kind: "file", path: manifestPath, content: "", mode: 0o644 });
      run.bookkeepingPaths.add(manifestPath);
    }
  }

  private removeTree(target: string, dir: string): void {
    for (const name of this.run.ctx.fs.list(dir) ?? []) {
      const child = path.join(dir, name);
      const info = this.run.stat(child);
      if (info?.kind === "directory") this.removeTree(target, child);
      else if (info) this.run.work(target, child, info.mode).doc ??= { kind: "whole", bytes: undefined };
    }
  }
}

const states = new WeakMap<PlanRun, Manifests>();

/** The run's manifest state. */
export function manifestsOf(run: PlanRun): Manifests {
  let state = states.get(run);
  if (!state) {
    state = new Manifests(run);
    states.set(run, state);
  }
  return state;
}

/** The key of an item (directory, manifest file name, item name). */
export function manifestKey(m: ManifestItem): string {
  return `${m.dir}\u0000${m.file}\u0000${m.item}`;
}

/** Items recorded under each manifest (by directory, then manifest file name) in these ledgers' records. */
function manifestItems(ledgers: readonly TargetLedger[]): Map<string, Map<string, Set<string>>> {
  const index = new Map<string, Map<string, Set<string>>>();
  for (const ledger of ledgers) {
    for (const r of ledger.owned) {
      if (r.kind !== "file" || !r.manifest) continue;
      let inDir = index.get(r.manifest.dir);
      if (!inDir) {
        inDir = new Map<string, Set<string>>();
        index.set(r.manifest.dir, inDir);
      }
      let items = inDir.get(r.manifest.file);
      if (!items) {
        items = new Set<string>();
        inDir.set(r.manifest.file, items);
      }
      items.add(r.manifest.item);
    }
  }
  return index;
}

/** True for a name that path.join appends as one step (no separator, not `.` or `..`, not empty). */
function isPlainName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && !name.includes("/");
}

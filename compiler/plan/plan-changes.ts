/**
 * planChanges: desired tree × actual tree (read through the filesystem port) × ownership record →
 * the exact bytes every path should hold after apply, with the reason for each difference.
 *
 * The same function serves apply (desired trees from the profiles), uninstall (empty desired trees:
 * everything owned is stripped and displaced files come back) and renderFresh (empty homes).
 *
 * Ownership rules (docs/cli.md, "What agentihooks owns, and what it never touches"):
 *  - whole files: ours when the ledger (or a legacy manifest) says so; an identical existing file is
 *    claimed; a different unowned file is displaced to a backup (translated items under a manifest:
 *    the operator's file wins instead); an owned file edited since we wrote it is backed up, then
 *    refreshed (drift is reported);
 *  - managed keys: written when absent, equal to the recorded value, or already equal to the
 *    desired value; otherwise the operator's value stays (a conflict);
 *  - named entries: ours when recorded; an operator's same-named entry wins; an owned entry edited
 *    since we wrote it is left alone;
 *  - hook lists: items whose command starts with our wrapper are ours, everything else is kept in
 *    order; ours go first or last as the entry says;
 *  - a shared file that does not parse (or holds comments its client does not accept) is never
 *    backed up and replaced: the plan stops with an error naming it, and nothing is written.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import type {
  DesiredEntry,
  DesiredTree,
  FileEntry,
  JsonEntriesEntry,
  JsonKeysEntry,
  JsonListsEntry,
  JsonMembersEntry,
  JsonStyle,
  ManagedRegionEntry,
  TextBlockEntry,
  TomlKeysEntry,
} from "../desired-tree";
import { defaultJsonStyle } from "../desired-tree";
import { isInstalledRuntime } from "../lower/runtime-files";
import type { Environment } from "../environment";
import type { FileInfo, FileSystem, WriteBlock } from "../fs/file-system";
import { diagnostic, type MessageCode } from "../messages";
import {
  emptyFileRecord,
  parseSidecar,
  recordFor,
  serializeSidecar,
  type FileRecord,
  type Sidecar,
} from "../state/sidecar";
import {
  readTargetLedger,
  serializeLedger,
  writeTargetLedger,
  type Ledger,
  type OwnedBlock,
  type OwnedEntries,
  type OwnedFile,
  type OwnedLists,
  type OwnedRecord,
  type TargetLedger,
} from "../state/ledger";
import { recoveredView } from "../state/intent";
import { parseScopedLedger, relativizeLedger } from "../scopes/ledger-paths";
import type { ScopeContext } from "../scopes/scope";
import { serializeJson } from "../serialize/json";
import type { Change, Plan } from "./change";
import { digestOf } from "./digest";
import { JsonDocument, parseJsonText } from "./json-document";
import { canonicalJson, cloneJson, equalWith, isObject, jsonEqual, showValue, toPointer } from "./json-value";
import { parseTomlText, TomlDocument } from "./toml-document";

/** Inputs besides the desired trees. */
export interface PlanContext {
  fs: FileSystem;
  /** `scope`: a repo-scope record is stored with repo-relative paths (compiler/scopes/ledger-paths.ts). */
  env: Pick<Environment, "home" | "agentihooksHome"> & { scope?: ScopeContext };
  /** Clock for backup names (injected so tests and golden cases are reproducible). */
  now: Date;
}

/** Options of one planning run. */
export interface PlanOptions {
  /** Uninstall: the listed targets' records are dropped entirely (the trees are empty). */
  uninstall?: boolean;
  /**
   * Records to assume for a target whose ledger holds none of ours (see `legacyRecordsFor`): how
   * uninstall finds what the Python original installed. A file record with an empty digest is
   * removed only when a manifest lists it or it carries the managed-by marker.
   */
  legacyRecords?: Record<string, OwnedRecord[]>;
  /**
   * False when nobody keeps the ledger (renderFresh): no ledger change is planned, and the digests
   * only the ledger holds (of whole files, MCP entries, originals) are not computed, nor the
   * directories it records. Default true.
   */
  ledger?: boolean;
  /**
   * `apply --adopt`: a managed key the operator set before agentihooks managed it (no record of
   * ours) takes the profile's value; the operator's value is kept in the ledger (`adopted`) and put
   * back when the key is no longer managed (uninstall). Without it such a key keeps the operator's
   * value and is reported once (AH5039) with both values.
   */
  adopt?: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false });

/** The ledger file inside agentihooks' home. */
export function ledgerPath(env: Pick<Environment, "agentihooksHome">): string {
  return path.join(env.agentihooksHome, "state.json");
}

type Doc = { kind: "json"; doc: JsonDocument } | { kind: "toml"; doc: TomlDocument } | { kind: "whole"; bytes: Uint8Array | undefined };

/** One path being worked on. */
interface Work {
  path: string;
  target: string;
  before: Uint8Array | undefined;
  beforeMode: number | undefined;
  doc: Doc | undefined;
  mode: number;
  backup?: string;
  conflicts: number;
  /** Entries of the desired trees that touch this path. */
  entries: DesiredEntry[];
  /** The file did not parse: it is left exactly as it is (and the plan carries an error). */
  reset: boolean;
  /** `before` as text, once decoded for a document (an unedited document gives back this very string). */
  beforeText?: string;
  /** Whole files: whether we took ownership (shared by identical entries of other targets). */
  claim?: "owned" | "pending" | "operator";
  displacedBy?: string;
}

/** Computes the plan for the given trees (one per target to process). */
export function planChanges(trees: readonly DesiredTree[], ctx: PlanContext, options: PlanOptions = {}): Plan {
  // A run that stopped part way is planned from the homes as they are once it is rolled back (apply rolls it back first).
  const fs = options.ledger === false ? ctx.fs : recoveredView(ctx.fs, ctx.env);
  return new Planner(fs === ctx.fs ? ctx : { ...ctx, fs }, options).run(trees);
}

class Planner {
  private readonly diagnostics: Diagnostic[] = [];
  /** Every path read → the bytes seen (undefined: absent); `Plan.observed` digests them. */
  private readonly seen = new Map<string, Uint8Array | undefined>();
  private readonly works = new Map<string, Work>();
  private readonly sidecars = new Map<string, { sidecar: Sidecar; files: Record<string, FileRecord>; touched: boolean; target: string }>();
  private readonly extraChanges = new Map<string, Change>();
  private ledger!: Ledger;
  private readonly usedBackups = new Set<string>();
  /** Shared JSON files whose client accepts no comments or trailing commas. */
  private readonly strictJson = new Set<string>();
  /** Each target's ledger as this run found it. */
  private beforeLedgers = new Map<string, TargetLedger>();

  constructor(
    private readonly ctx: PlanContext,
    private readonly options: PlanOptions,
  ) {}

  run(trees: readonly DesiredTree[]): Plan {
    const ledgerFile = ledgerPath(this.ctx.env);
    const ledgerBytes = this.read(ledgerFile);
    this.ledger = parseScopedLedger(ledgerBytes === undefined ? undefined : decoder.decode(ledgerBytes), this.ctx.env.scope);
    const ledgerInfo = this.stat(ledgerFile);
    if (ledgerInfo && ledgerInfo.kind !== "file") {
      // A linked record would be read and replaced somewhere else (or replaced by a file, the link lost).
      this.note("AH5037", ledgerFile, { kind: ledgerInfo.kind === "symlink" ? "symbolic link" : ledgerInfo.kind === "directory" ? "directory" : "special file" });
      return this.finish(trees, new Map(), new Map(), true);
    }
    if (this.ledger.unparseable) {
      const backup = this.backupName(ledgerFile);
      this.note("AH5018", ledgerFile, { file: this.display(ledgerFile), backup: this.display(backup) });
      this.addExtra({ target: "agentihooks", path: backup, action: "create", before: undefined, after: ledgerBytes, mode: 0o600, bookkeeping: true, conflicts: 0, save: true });
    }
    this.runTargets = new Set(trees.map((t) => t.target));
    for (const tree of trees) for (const entry of tree.entries) if (entry.kind === "json-keys" && entry.format === "json") this.strictJson.add(entry.path);
    const before = new Map<string, TargetLedger>();
    const after = new Map<string, TargetLedger>();
    this.beforeLedgers = before;
    for (const tree of trees) {
      const prev = readTargetLedger(this.ledger, tree.target);
      // No record of ours yet (a home installed by the Python original): ownership inferred from the profiles.
      const legacy = this.options.legacyRecords?.[tree.target];
      if (prev.owned.length === 0 && legacy) prev.owned = legacy;
      before.set(tree.target, prev);
      after.set(tree.target, { owned: [], originals: { ...prev.originals }, legacyMcp: [] });
    }

    if (!this.checkCollisions(trees)) return this.finish(trees, before, after, true);

    // Pass 1: every entry except list members, which may read the result of other files.
    const deferred: Array<{ target: string; entry: JsonMembersEntry }> = [];
    for (const tree of trees) {
      const prev = before.get(tree.target) as TargetLedger;
      const next = after.get(tree.target) as TargetLedger;
      for (const entry of tree.entries) {
        if (entry.kind === "json-members") deferred.push({ target: tree.target, entry });
        else this.applyEntry(tree.target, entry, prev, next);
      }
    }
    for (const { target, entry } of deferred) this.applyMembers(target, entry, before.get(target) as TargetLedger, after.get(target) as TargetLedger);

    // Pass 2: what we owned before and no longer want is stripped (uninstall strips everything).
    for (const tree of trees) {
      const prev = before.get(tree.target) as TargetLedger;
      const next = after.get(tree.target) as TargetLedger;
      const kept = indexRecords(next.owned);
      for (const record of prev.owned) {
        if (kept.get(record.path)?.some((r) => r.kind === record.kind && sameKey(r, record))) continue;
        this.strip(tree.target, record);
      }
    }
    this.reconcileManifests(trees, before, after);
    if (this.options.uninstall && this.otherTargets().length === 0) this.sweepLegacyLinks();
    return this.finish(trees, before, after, false);
  }

  // ---- reading -------------------------------------------------------------------------------

  private read(file: string): Uint8Array | undefined {
    const bytes = this.ctx.fs.read(file);
    this.seen.set(file, bytes);
    return bytes;
  }

  private display(file: string): string {
    const home = this.ctx.env.home;
    return file === home ? "~" : file.startsWith(`${home}/`) ? `~/${file.slice(home.length + 1)}` : file;
  }

  private note(code: MessageCode, file: string, args: Record<string, string | number> = {}): void {
    this.diagnostics.push(diagnostic(code, { file: this.display(file) }, args));
  }

  /** `<file>.bak.<UTC YYYYmmddHHMMSS>`, with `-1`, `-2`… when taken. */
  private backupName(file: string): string {
    const stamp = this.ctx.now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
    let candidate = `${file}.bak.${stamp}`;
    for (let n = 1; this.usedBackups.has(candidate) || this.stat(candidate) !== undefined; n++) candidate = `${file}.bak.${stamp}-${n}`;
    this.usedBackups.add(candidate);
    return candidate;
  }

  // What the port reports, once per path: planning never changes the disk, and on the real disk every
  // call is a system call (entries share directories, and every path's parents are looked up for
  // the ledger's directory record).
  private readonly stats = new Map<string, FileInfo | undefined>();
  private readonly writableDirs = new Map<string, WriteBlock | undefined>();

  private stat(file: string): FileInfo | undefined {
    if (this.stats.has(file)) return this.stats.get(file);
    const info = this.ctx.fs.stat(file);
    this.stats.set(file, info);
    return info;
  }

  private writeBlock(dir: string): WriteBlock | undefined {
    if (this.writableDirs.has(dir)) return this.writableDirs.get(dir);
    const block = this.ctx.fs.checkWritable(dir);
    this.writableDirs.set(dir, block);
    return block;
  }

  /** The digest a ledger record holds; empty when no ledger is kept (see `PlanOptions.ledger`). */
  private recordDigest(content: Uint8Array | string): string {
    return this.options.ledger === false ? "" : digestOf(content);
  }

  private addExtra(change: Change): void {
    this.extraChanges.set(change.path, change);
  }

  /** The work item for a path, reading the file once. */
  private work(target: string, file: string, mode: number): Work {
    let w = this.works.get(file);
    if (!w) {
      const before = this.read(file);
      const info = this.stat(file);
      w = { path: file, target, before, beforeMode: info?.kind === "file" ? info.mode : undefined, doc: undefined, mode: info?.kind === "file" ? info.mode : mode, conflicts: 0, entries: [], reset: false };
      this.works.set(file, w);
    }
    return w;
  }

  private jsonDoc(w: Work, style: JsonStyle, comments: boolean, skeleton?: Record<string, unknown>): JsonDocument {
    if (w.doc?.kind === "json") return w.doc.doc;
    if (w.before === undefined) {
      const doc = new JsonDocument(undefined, style, skeleton ?? {});
      w.doc = { kind: "json", doc };
      return doc;
    }
    const text = decoder.decode(w.before);
    w.beforeText = text;
    // A file some entry says its client reads as plain JSON (Claude Code's settings.json) is read so by all.
    const strict = !comments || this.strictJson.has(w.path);
    const parsed = parseJsonText(text, !strict);
    if (parsed.ok && isObject(parsed.value)) {
      const doc = new JsonDocument(text, style, parsed.value);
      w.doc = { kind: "json", doc };
      return doc;
    }
    // Never backed up and replaced whole: the operator's text stays exactly as it is, and the plan stops.
    w.reset = true;
    if (!parsed.ok && strict && parseJsonText(text, true).ok) this.note("AH5041", w.path, { reason: parsed.error });
    else this.note("AH5002", w.path, { reason: parsed.ok ? "the top level is not an object" : parsed.error });
    const doc = new JsonDocument(undefined, style, skeleton ?? {});
    w.doc = { kind: "json", doc };
    return doc;
  }

  private tomlDoc(w: Work): TomlDocument {
    if (w.doc?.kind === "toml") return w.doc.doc;
    if (w.before === undefined) {
      const doc = new TomlDocument(undefined);
      w.doc = { kind: "toml", doc };
      return doc;
    }
    const text = decoder.decode(w.before);
    w.beforeText = text;
    const parsed = parseTomlText(text);
    if (parsed.ok) {
      const doc = new TomlDocument(text, parsed.value);
      w.doc = { kind: "toml", doc };
      return doc;
    }
    w.reset = true;
    this.note("AH5002", w.path, { reason: parsed.error });
    const doc = new TomlDocument(undefined);
    w.doc = { kind: "toml", doc };
    return doc;
  }

  /**
   * A record is never easier to read than the files it describes: 0644 narrowed by each described
   * file's permission bits as this plan leaves them (a 0600 config.toml gives a 0600 record). The
   * owner keeps write access so the next apply can update it.
   */
  private sidecarMode(sidecarPath: string, names: readonly string[], changes: readonly Change[]): number {
    let mode = 0o644;
    const dir = path.dirname(sidecarPath);
    for (const name of names) {
      const file = path.join(dir, name);
      const planned = changes.find((c) => c.path === file && c.after !== undefined);
      const fileMode = planned ? planned.mode : this.stat(file)?.mode;
      if (fileMode !== undefined) mode &= fileMode | 0o200;
    }
    return mode;
  }

  private sidecarRecord(sidecarPath: string, file: string, target: string): { record: FileRecord; commit: (r: FileRecord) => void } {
    let entry = this.sidecars.get(sidecarPath);
    if (!entry) {
      const bytes = this.read(sidecarPath);
      const sidecar = parseSidecar(bytes === undefined ? undefined : decoder.decode(bytes));
      entry = { sidecar, files: { ...sidecar.files }, touched: false, target };
      this.sidecars.set(sidecarPath, entry);
    }
    const name = path.basename(file);
    const existing = recordFor(entry.sidecar, name);
    const current = entry.files[name] ?? (existing ? cloneJson(existing) : emptyFileRecord());
    const holder = entry;
    return {
      record: current,
      commit: (r) => {
        holder.files[name] = r;
        holder.touched = true;
      },
    };
  }

  // ---- collisions ----------------------------------------------------------------------------

  private checkCollisions(trees: readonly DesiredTree[]): boolean {
    const whole = new Map<string, { target: string; entry: FileEntry | ManagedRegionEntry }>();
    const shared = new Map<string, string>();
    let ok = true;
    for (const tree of trees) {
      for (const entry of tree.entries) {
        // An item whose directory is a symlink is the operator's (it wins, nothing is written there).
        if (entry.kind === "file" && entry.manifest && this.linkedItem(entry.manifest)) continue;
        const info = this.stat(entry.path);
        // A symlink is never written through or replaced; under a manifest it is the operator's item (it wins).
        if (info && info.kind !== "file" && !(info.kind === "symlink" && entry.kind === "file" && entry.manifest)) {
          this.note("AH5011", entry.path, { kind: info.kind === "directory" ? "directory" : info.kind === "symlink" ? "symbolic link" : "special file" });
          ok = false;
          continue;
        }
        // Below a link of the Python original's that apply removes first, the directory to write in is its parent.
        // (Past linkedItem, only such a link can be a symlink: none without the original's links.)
        const linkDir = entry.kind === "file" && entry.manifest && this.legacyLinks().size > 0 ? path.join(entry.manifest.dir, entry.manifest.item) : undefined;
        const writeDir = linkDir && entry.kind === "file" && entry.manifest && this.stat(linkDir)?.kind === "symlink" ? entry.manifest.dir : path.dirname(entry.path);
        const block = this.writeBlock(writeDir);
        if (block) {
          this.diagnostics.push(writeBlockDiagnostic(block, entry.path, this.ctx.env.home));
          ok = false;
        }
        if (entry.kind === "file" || entry.kind === "managed-region") {
          const prior = whole.get(entry.path);
          if (prior && (prior.entry.kind !== entry.kind || !sameBytes(contentBytes(prior.entry), contentBytes(entry)) || prior.entry.mode !== entry.mode)) {
            this.note("AH5010", entry.path, { first: prior.target, second: tree.target });
            ok = false;
          }
          if (shared.has(entry.path)) {
            this.note("AH5019", entry.path, { first: shared.get(entry.path) as string, second: entry.kind });
            ok = false;
          }
          whole.set(entry.path, { target: tree.target, entry });
        } else {
          if (whole.has(entry.path)) {
            this.note("AH5019", entry.path, { first: (whole.get(entry.path) as { entry: DesiredEntry }).entry.kind, second: entry.kind });
            ok = false;
          }
          shared.set(entry.path, entry.kind);
        }
      }
    }
    return ok;
  }

  // ---- applying entries ----------------------------------------------------------------------

  private applyEntry(target: string, entry: DesiredEntry, prev: TargetLedger, next: TargetLedger): void {
    switch (entry.kind) {
      case "file":
        return this.applyFile(target, entry, prev, next);
      case "managed-region":
        return this.applyRegion(target, entry, prev, next);
      case "json-keys":
        return this.applyJsonKeys(target, entry, prev, next);
      case "toml-keys":
        return this.applyTomlKeys(target, entry, prev, next);
      case "json-entries":
        return this.applyJsonEntries(target, entry, prev, next);
      case "json-lists":
        return this.applyJsonLists(target, entry, prev, next);
      case "json-members":
        return; // deferred
      case "text-block":
        return this.applyTextBlock(target, entry, next);
    }
  }

  /**
   * A block of ours at the end of an operator's text file (a shell start-up file): any block with
   * the same markers is taken out, trailing blank lines collapse to one, and the new block is
   * appended after a blank line, so a second apply is byte-identical. A file listed with
   * `onlyIfExists` that does not exist is left absent.
   */
  private applyTextBlock(target: string, entry: TextBlockEntry, next: TargetLedger): void {
    if (!this.works.has(entry.path) && entry.onlyIfExists && this.read(entry.path) === undefined) return;
    const w = this.work(target, entry.path, entry.mode);
    w.entries.push(entry);
    next.owned.push({ kind: "text-block", path: entry.path, begin: entry.begin, end: entry.end });
    if (w.doc) return; // the same block from another target
    const rest = w.before === undefined ? "" : withoutBlock(decoder.decode(w.before), entry.begin, entry.end);
    const head = rest.trim() === "" ? "" : `${rest.replace(/\n*$/, "")}\n\n`;
    w.doc = { kind: "whole", bytes: encoder.encode(`${head}${entry.begin}\n${entry.content}${entry.end}\n`) };
  }

  private applyFile(target: string, entry: FileEntry, prev: TargetLedger, next: TargetLedger): void {
    const w = this.work(target, entry.path, entry.mode);
    w.entries.push(entry);
    if (!w.doc && entry.manifest && this.legacyLinks().size > 0 && this.legacyLinks().has(path.join(entry.manifest.dir, entry.manifest.item)) && this.stat(path.join(entry.manifest.dir, entry.manifest.item))?.kind === "symlink") {
      // Read through the Python original's link: that link goes, so this path starts empty.
      w.before = undefined;
      w.beforeMode = undefined;
    }
    const desired = contentBytes(entry);
    const recorded = this.recordsOf(prev, "file", entry.path)[0] as OwnedFile | undefined;
    const record: OwnedFile = { kind: "file", path: entry.path, digest: this.recordDigest(desired), mode: entry.mode, ...(entry.manifest ? { manifest: entry.manifest } : {}) };
    if (recorded?.displaced) record.displaced = recorded.displaced;
    if (w.doc) {
      // A second, identical entry for the same path from another target (the shared ~/.agents/skills):
      // it shares the first one's outcome, and each target records its own ownership.
      if (w.claim === "owned") next.owned.push(w.displacedBy ? { ...record, displaced: w.displacedBy } : record);
      else if (w.claim === "pending") this.pendingClaims.push({ target, entry, record });
      return;
    }
    w.mode = entry.mode;
    if (entry.manifest && this.linkedItem(entry.manifest)) {
      w.doc = { kind: "whole", bytes: w.before };
      w.conflicts++;
      this.operatorItems.add(manifestKey(entry.manifest));
      return;
    }
    if (w.before === undefined || sameBytes(w.before, desired)) {
      w.doc = { kind: "whole", bytes: desired };
      if (w.before !== undefined && !recorded && entry.manifest && !this.itemOwned(entry.manifest, prev)) {
        // An identical operator copy of a translated item: claimed only if the whole item matches (see reconcileManifests).
        this.pendingClaims.push({ target, entry, record });
        w.claim = "pending";
        return;
      }
      next.owned.push(record);
      w.claim = "owned";
      return;
    }
    if (recorded || (entry.manifest && this.itemOwned(entry.manifest, prev) && !this.linkedItem(entry.manifest))) {
      if (recorded && digestOf(w.before) !== recorded.digest) {
        w.backup = this.backupName(entry.path);
        this.note("AH5006", entry.path, { backup: this.display(w.backup) });
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
      this.operatorItems.add(manifestKey(entry.manifest));
      return;
    }
    const backup = this.backupName(entry.path);
    this.note("AH5007", entry.path, { backup: this.display(backup) });
    w.backup = backup;
    record.displaced = backup;
    w.doc = { kind: "whole", bytes: desired };
    next.owned.push(record);
    w.claim = "owned";
    w.displacedBy = backup;
  }

  private readonly pendingClaims: Array<{ target: string; entry: FileEntry; record: OwnedFile }> = [];
  private readonly operatorItems = new Set<string>();
  private readonly manifestCache = new Map<string, string[] | undefined>();
  private readonly manifestNameSets = new Map<string, Set<string>>();

  /** Names listed in a manifest on disk (the Python original's format: a JSON list of names). */
  private manifestNames(dir: string, file: string): string[] {
    const key = path.join(dir, file);
    if (!this.manifestCache.has(key)) {
      const bytes = this.read(key);
      let names: string[] | undefined;
      if (bytes !== undefined) {
        try {
          const value = JSON.parse(decoder.decode(bytes)) as unknown;
          if (Array.isArray(value)) names = value.filter((n): n is string => typeof n === "string");
        } catch {
          names = undefined;
        }
      }
      this.manifestCache.set(key, names);
    }
    return this.manifestCache.get(key) ?? [];
  }

  private readonly linkedItems = new Map<string, boolean>();

  /** True when the item's directory (or file) is a symbolic link: an installed skill, never ours to write through. */
  private linkedItem(manifest: { dir: string; item: string }): boolean {
    // Nothing in a missing directory is a link (a fresh home: one lookup per directory, not per item).
    if (isPlainName(manifest.item) && this.stat(manifest.dir) === undefined) return false;
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
    if (this.stat(link)?.kind !== "symlink") return false;
    // A link the Python original made (its `managed_links`) is ours to replace: it is removed first.
    if (this.legacyLinks().has(link)) {
      this.addExtra({ target: "agentihooks", path: link, action: "delete", before: undefined, after: undefined, mode: 0o644, bookkeeping: false, conflicts: 0 });
      return false;
    }
    return true;
  }

  private legacyLinkSet: Set<string> | undefined;

  /**
   * Uninstall of every target: the symlinks the Python original recorded (`managed_links`) go, when
   * they are still symlinks (ledger only: a link we did not record is never touched), and so does
   * the list.
   */
  private sweepLegacyLinks(): void {
    for (const link of this.legacyLinks()) {
      if (this.stat(link)?.kind === "symlink") this.addExtra({ target: "agentihooks", path: link, action: "delete", before: undefined, after: undefined, mode: 0o644, bookkeeping: false, conflicts: 0 });
    }
    if ("managed_links" in this.ledger.raw) {
      const { managed_links: _swept, ...rest } = this.ledger.raw;
      this.ledger.raw = rest;
    }
  }

  /** Symlinks the Python original recorded as its own (`managed_links[].link`). */
  private legacyLinks(): Set<string> {
    if (!this.legacyLinkSet) {
      const links = this.ledger.raw.managed_links;
      this.legacyLinkSet = new Set(Array.isArray(links) ? links.filter(isObject).map((l) => l.link).filter((l): l is string => typeof l === "string") : []);
    }
    return this.legacyLinkSet;
  }

  /** Hook commands the Python original registered in Claude settings (`claude_hook_commands`): its items, not the operator's. */
  private legacyHookCommands(): Set<string> {
    const list = this.ledger.raw.claude_hook_commands;
    return new Set(Array.isArray(list) ? list.filter((c): c is string => typeof c === "string") : []);
  }

  private itemOwned(manifest: { dir: string; file: string; item: string }, prev: TargetLedger): boolean {
    const key = path.join(manifest.dir, manifest.file);
    let listed = this.manifestNameSets.get(key);
    if (!listed) {
      listed = new Set(this.manifestNames(manifest.dir, manifest.file));
      this.manifestNameSets.set(key, listed);
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

  // Indexes of a record list, made on first use: looking records up by scanning the list inside
  // per-entry loops made planning quadratic in the number of files. The lists read here (previous
  // records) are not changed while planning.
  private readonly recordIndexes = new WeakMap<readonly OwnedRecord[], Map<string, OwnedRecord[]>>();
  private readonly ownedItems = new WeakMap<readonly OwnedRecord[], Set<string>>();

  /** The records of this kind and path, in their order in the ledger. */
  private recordsOf(ledger: TargetLedger, kind: OwnedRecord["kind"], file: string): OwnedRecord[] {
    let index = this.recordIndexes.get(ledger.owned);
    if (!index) {
      index = indexRecords(ledger.owned);
      this.recordIndexes.set(ledger.owned, index);
    }
    return index.get(file)?.filter((r) => r.kind === kind) ?? [];
  }

  private applyRegion(target: string, entry: ManagedRegionEntry, prev: TargetLedger, next: TargetLedger): void {
    const w = this.work(target, entry.path, entry.mode);
    w.entries.push(entry);
    if (w.doc) return;
    w.mode = entry.mode;
    const recorded = this.recordsOf(prev, "managed-region", entry.path)[0] as OwnedFile | undefined;
    const record: OwnedFile = { kind: "managed-region", path: entry.path, digest: "", mode: entry.mode, header: entry.header, footer: entry.footer };
    if (recorded?.displaced) record.displaced = recorded.displaced;
    let tail = "";
    if (w.before !== undefined) {
      const text = decoder.decode(w.before);
      const footerAt = text.indexOf(entry.footer);
      if (text.includes(entry.header) && footerAt >= 0) {
        tail = text.slice(footerAt + entry.footer.length);
        if (tail.startsWith("\n")) tail = tail.slice(1);
      } else if (text.includes(entry.header)) {
        w.backup = this.backupName(entry.path);
        this.note("AH5008", entry.path, { footer: entry.footer, backup: this.display(w.backup) });
      } else {
        w.backup = this.backupName(entry.path);
        this.note("AH5009", entry.path, { footer: entry.footer, backup: this.display(w.backup) });
        record.displaced = w.backup;
      }
    }
    const bytes = encoder.encode(entry.content + tail);
    record.digest = this.recordDigest(bytes);
    w.doc = { kind: "whole", bytes };
    next.owned.push(record);
  }

  private applyJsonKeys(target: string, entry: JsonKeysEntry, prev: TargetLedger, next: TargetLedger): void {
    const w = this.work(target, entry.path, entry.mode);
    tightenMode(w, entry.mode);
    w.entries.push(entry);
    const doc = this.jsonDoc(w, entry.style, entry.format === "jsonc");
    const side = this.sidecarRecord(entry.sidecar, entry.path, target);
    const record: FileRecord = cloneJson(side.record);
    // The Python original kept its record in the file (`agentihooks.managed`): it counts when the sidecar has none.
    const legacy = doc.get(["agentihooks", "managed"]);
    if (Object.keys(record.keys).length === 0 && isObject(legacy)) for (const [k, v] of Object.entries(legacy)) record.keys[toPointer([k])] = v;
    const wanted = new Set<string>();
    for (const { key, value, enforced } of entry.keys) {
      const pointer = toPointer(key);
      wanted.add(pointer);
      const current = doc.get(key);
      const adopted = prev.adopted?.[entry.path]?.[pointer];
      if (adopted !== undefined) keepAdopted(next, entry.path, pointer, adopted);
      if (current === undefined || current === null || jsonEqual(current, record.keys[pointer]) || jsonEqual(current, value)) {
        if (!jsonEqual(current, value)) doc.set(key, value);
        record.keys[pointer] = cloneJson(value);
      } else if (enforced) {
        // A value that keeps the guardrails on is not the operator's to keep by editing the file
        // (an agent can edit it too): it is set back, and the warning says where to switch off instead.
        this.note("AH5043", entry.path, { key: key.join("."), current: showValue(current), desired: showValue(value) });
        doc.set(key, value);
        record.keys[pointer] = cloneJson(value);
      } else if (this.adoptKey(w, entry.path, key, current, value, record.keys[pointer], next)) {
        doc.set(key, value);
        record.keys[pointer] = cloneJson(value);
      }
    }
    // Keys we managed before and no longer want go (or get the operator's adopted value back), when they still hold what we wrote.
    for (const [pointer, value] of Object.entries(record.keys)) {
      if (wanted.has(pointer)) continue;
      const key = pointerPath(pointer);
      if (jsonEqual(doc.get(key), value)) {
        const adopted = prev.adopted?.[entry.path]?.[pointer];
        if (adopted !== undefined) doc.set(key, adopted);
        else doc.remove(key, key.length > 1);
      }
      delete record.keys[pointer];
    }
    // The legacy in-file record is removed once read into the sidecar; `remove` lists other keys to drop.
    for (const key of entry.remove ?? []) doc.remove(key);
    if (isObject(legacy)) doc.remove(["agentihooks"]);
    side.commit(record);
    next.owned.push({ kind: "json-keys", path: entry.path, sidecar: entry.sidecar, format: entry.format });
  }

  /**
   * A managed key whose value differs from the profile's and from what we recorded. With a record
   * it is a hand edit (AH5001, kept). Without one the operator set it before we managed it: kept
   * and reported with both values (AH5039), or with `adopt` taken over (true), the operator's value
   * saved in the ledger for uninstall (AH5040).
   */
  private adoptKey(w: Work, file: string, key: string[], current: unknown, desired: unknown, recorded: unknown, next: TargetLedger): boolean {
    const args = { key: key.join("."), current: showValue(current), desired: showValue(desired) };
    if (recorded !== undefined) {
      w.conflicts++;
      this.note("AH5001", file, { ...args, recorded: showValue(recorded) });
      return false;
    }
    if (!this.options.adopt) {
      w.conflicts++;
      this.note("AH5039", file, args);
      return false;
    }
    keepAdopted(next, file, toPointer(key), cloneJson(current));
    this.note("AH5040", file, args);
    return true;
  }

  private applyTomlKeys(target: string, entry: TomlKeysEntry, prev: TargetLedger, next: TargetLedger): void {
    const w = this.work(target, entry.path, entry.mode);
    tightenMode(w, entry.mode);
    w.entries.push(entry);
    const doc = this.tomlDoc(w);
    const side = this.sidecarRecord(entry.sidecar, entry.path, target);
    const record: FileRecord = cloneJson(side.record);
    // The Python original kept its record in the file: [agentihooks.managed], tables per sub-key.
    const legacy = doc.get(["agentihooks", "managed"]);
    if (Object.keys(record.keys).length === 0 && isObject(legacy)) {
      for (const [k, v] of Object.entries(legacy)) {
        if (isObject(v)) for (const [sub, sv] of Object.entries(v)) record.keys[toPointer([k, sub])] = sv;
        else record.keys[toPointer([k])] = v;
      }
    }
    const wanted = new Set<string>();
    for (const { key, value } of entry.keys) {
      const pointer = toPointer(key);
      wanted.add(pointer);
      const current = doc.get(key);
      const adopted = prev.adopted?.[entry.path]?.[pointer];
      if (adopted !== undefined) keepAdopted(next, entry.path, pointer, adopted);
      if (current === undefined || tomlEqual(current, record.keys[pointer]) || tomlEqual(current, value)) {
        if (!tomlEqual(current, value)) doc.set(key, value);
        record.keys[pointer] = cloneJson(value);
      } else if (this.adoptKey(w, entry.path, key, toJsonish(current), value, record.keys[pointer], next)) {
        doc.set(key, value);
        record.keys[pointer] = cloneJson(value);
      }
    }
    for (const [pointer, value] of Object.entries(record.keys)) {
      if (wanted.has(pointer)) continue;
      const key = pointerPath(pointer);
      if (tomlEqual(doc.get(key), value)) {
        const adopted = prev.adopted?.[entry.path]?.[pointer];
        if (adopted !== undefined) doc.set(key, adopted);
        else doc.remove(key, key.length > 1);
      }
      delete record.keys[pointer];
    }
    const wantedDefaults = new Set<string>();
    for (const { key, value } of entry.defaults ?? []) {
      const pointer = toPointer(key);
      wantedDefaults.add(pointer);
      const current = doc.get(key);
      if (current === undefined || tomlEqual(current, value)) {
        // Absent, or already exactly ours (e.g. written by an apply that was interrupted before its record).
        if (current === undefined) doc.set(key, value);
        record.defaults[pointer] = cloneJson(value);
      } else if (pointer in record.defaults && tomlEqual(current, record.defaults[pointer]) && !tomlEqual(current, value)) {
        doc.set(key, value); // a default we filled in follows the profile
        record.defaults[pointer] = cloneJson(value);
      }
    }
    for (const [pointer, value] of Object.entries(record.defaults)) {
      if (wantedDefaults.has(pointer)) continue;
      const key = pointerPath(pointer);
      if (tomlEqual(doc.get(key), value)) doc.remove(key, key.length > 1);
      delete record.defaults[pointer];
    }
    for (const key of entry.remove ?? []) doc.remove(key);
    if (isObject(legacy)) doc.remove(["agentihooks"]);
    side.commit(record);
    next.owned.push({ kind: "toml-keys", path: entry.path, sidecar: entry.sidecar, format: "toml" });
  }

  private applyJsonEntries(target: string, entry: JsonEntriesEntry, prev: TargetLedger, next: TargetLedger): void {
    const w = this.work(target, entry.path, entry.mode);
    tightenMode(w, entry.mode);
    w.entries.push(entry);
    const doc = this.jsonDoc(w, entry.style, true, entry.skeleton);
    const recorded = this.recordsOf(prev, "json-entries", entry.path).find((r): r is OwnedEntries => r.kind === "json-entries" && jsonEqual(r.container, entry.container));
    const owned: Record<string, string> = recorded ? { ...recorded.names } : Object.fromEntries(prev.legacyMcp.map((n) => [n, ""]));
    const names: Record<string, string> = {};
    const containerName = entry.container.join(".");
    for (const [name, value] of Object.entries(entry.entries)) {
      const key = [...entry.container, name];
      const current = doc.get(key);
      const digest = this.options.ledger === false ? "" : itemDigest(value);
      if (current === undefined || jsonEqual(current, value)) {
        if (current === undefined) doc.set(key, value);
        names[name] = digest;
      } else if (name in owned) {
        const recordedDigest = owned[name] as string;
        if (recordedDigest === "" || recordedDigest === itemDigest(current)) {
          doc.set(key, value);
          names[name] = digest;
        } else {
          w.conflicts++;
          names[name] = recordedDigest; // still ours; the operator's edit stays until they remove it
          this.note("AH5005", entry.path, { name, container: containerName });
        }
      } else {
        w.conflicts++;
        this.note("AH5004", entry.path, { name, container: containerName });
      }
    }
    // Entries we owned and no longer want.
    for (const [name, recordedDigest] of Object.entries(owned)) {
      if (name in entry.entries) continue;
      const key = [...entry.container, name];
      const current = doc.get(key);
      if (current === undefined) continue;
      if (recordedDigest === "" || recordedDigest === itemDigest(current)) doc.remove(key);
      else this.note("AH5005", entry.path, { name, container: containerName });
    }
    next.owned.push({ kind: "json-entries", path: entry.path, container: [...entry.container], names });
  }

  private applyJsonLists(target: string, entry: JsonListsEntry, prev: TargetLedger, next: TargetLedger): void {
    const w = this.work(target, entry.path, entry.mode);
    tightenMode(w, entry.mode);
    w.entries.push(entry);
    const doc = this.jsonDoc(w, entry.style, true, entry.skeleton);
    const existing = doc.get(entry.container);
    const container = isObject(existing) ? existing : {};
    // With `recordItems`, an item equal to one we wrote before (or to one we want now) is ours too.
    // The digests are made on the first existing item that needs them (a new file has none).
    let recorded: Set<string> | undefined;
    const recordedDigests = (): Set<string> => {
      if (recorded) return recorded;
      recorded = new Set<string>();
      if (entry.recordItems) {
        const old = this.recordsOf(prev, "json-lists", entry.path).find((r): r is OwnedLists => r.kind === "json-lists" && jsonEqual(r.container, entry.container));
        for (const d of old?.items ?? []) recorded.add(d);
        for (const list of Object.values(entry.lists)) for (const item of list) recorded.add(itemDigest(item));
      }
      return recorded;
    };
    const legacy = this.legacyHookCommands();
    const ours = (item: unknown): boolean => isOurItem(item, entry.ownerCommand) || (entry.recordItems === true && recordedDigests().size > 0 && recordedDigests().has(itemDigest(item))) || runsAny(item, legacy);
    const events = new Set([...Object.keys(container), ...Object.keys(entry.lists)]);
    let rebuilt = false;
    for (const event of events) {
      const current = Array.isArray(container[event]) ? (container[event] as unknown[]) : container[event] === undefined ? [] : undefined;
      if (current === undefined) continue; // not a list: not ours to touch
      const foreign = current.filter((item) => !ours(item));
      const mine = entry.lists[event] ?? [];
      const wanted = entry.position === "first" ? [...mine, ...foreign] : [...foreign, ...mine];
      if (jsonEqual(wanted, current) && container[event] !== undefined) continue;
      if (wanted.length === 0) {
        if (container[event] !== undefined) doc.remove([...entry.container, event]);
      } else if (!isObject(existing)) {
        rebuilt = true;
      } else {
        doc.set([...entry.container, event], wanted);
      }
    }
    if (rebuilt || (!isObject(existing) && Object.keys(entry.lists).length > 0)) {
      const value: Record<string, unknown> = {};
      for (const [event, list] of Object.entries(entry.lists)) if (list.length > 0) value[event] = list;
      doc.set(entry.container, value);
    }
    const record: OwnedLists = { kind: "json-lists", path: entry.path, container: [...entry.container], ownerCommand: entry.ownerCommand };
    if (entry.recordItems && this.options.ledger !== false) {
      const digests = new Set<string>();
      for (const list of Object.values(entry.lists)) for (const item of list) if (!isOurItem(item, entry.ownerCommand)) digests.add(itemDigest(item));
      if (digests.size > 0) record.items = [...digests].sort();
    }
    next.owned.push(record);
  }

  private applyMembers(target: string, entry: JsonMembersEntry, prev: TargetLedger, next: TargetLedger): void {
    const w = this.work(target, entry.path, entry.mode);
    tightenMode(w, entry.mode);
    w.entries.push(entry);
    const doc = this.jsonDoc(w, entry.style, true);
    const side = this.sidecarRecord(entry.sidecar, entry.path, target);
    const record: FileRecord = cloneJson(side.record);
    const pointer = toPointer(entry.key);
    const added = new Set(record.members[pointer] ?? []);
    const currentValue = doc.get(entry.key);
    const current = Array.isArray(currentValue) ? currentValue.filter((m): m is string => typeof m === "string") : [];
    const wanted = new Set(entry.add);
    if (entry.addKeysOf) {
      const source = this.resultObjectAt(entry.addKeysOf.path, entry.addKeysOf.key);
      for (const name of Object.keys(source)) wanted.add(name);
    }
    for (const name of entry.exclude) wanted.delete(name);
    if (entry.unlessListedAt) {
      const enabled = doc.get(entry.unlessListedAt);
      if (Array.isArray(enabled)) for (const name of enabled) if (typeof name === "string") wanted.delete(name);
    }
    // A wanted member that is present but unrecorded is ours when the file as it was before our first
    // edit did not list it (an apply interrupted before its record was written); otherwise the operator's.
    const original = this.originalJson(prev, entry.path);
    if (original !== undefined) {
      const before = getIn(original, entry.key);
      const listed = Array.isArray(before) ? before : [];
      for (const m of current) if (wanted.has(m) && !added.has(m) && !listed.includes(m)) added.add(m);
    }
    const result = new Set(current.filter((m) => !entry.exclude.includes(m) && (!added.has(m) || wanted.has(m))));
    const nowAdded = new Set<string>();
    for (const name of wanted) {
      if (!result.has(name)) {
        result.add(name);
        nowAdded.add(name);
      } else if (added.has(name)) nowAdded.add(name);
    }
    const list = [...result].sort();
    if (list.length === 0 && currentValue === undefined) {
      // nothing to say: no key is created
    } else if (!jsonEqual(list, currentValue)) {
      if (list.length === 0 && nowAdded.size === 0 && added.size > 0 && current.every((m) => added.has(m) || entry.exclude.includes(m))) doc.remove(entry.key);
      else doc.set(entry.key, list);
    }
    if (nowAdded.size > 0) record.members[pointer] = [...nowAdded].sort();
    else delete record.members[pointer];
    side.commit(record);
    next.owned.push({ kind: "json-members", path: entry.path, sidecar: entry.sidecar, key: [...entry.key] });
  }

  /** The parsed content of a shared file before our first edit (`{}` when it did not exist), if recorded. */
  private originalJson(prev: TargetLedger, file: string): unknown {
    const original = prev.originals[file];
    if (!original) return undefined;
    if (original.before === "absent") return {};
    const bytes = this.read(original.before);
    if (bytes === undefined) return undefined;
    const parsed = parseJsonText(decoder.decode(bytes), true);
    return parsed.ok ? parsed.value : undefined;
  }

  /** The object at `key` in the file at `file` as this plan will leave it (or as it is on disk). */
  private resultObjectAt(file: string, key: string[]): Record<string, unknown> {
    const w = this.works.get(file);
    if (w?.doc?.kind === "json") {
      const value = w.doc.doc.get(key);
      return isObject(value) ? value : {};
    }
    const bytes = w ? w.before : this.read(file);
    if (bytes === undefined) return {};
    const parsed = parseJsonText(decoder.decode(bytes), true);
    const value = parsed.ok ? getIn(parsed.value, key) : undefined;
    return isObject(value) ? value : {};
  }

  // ---- stripping what we no longer want ------------------------------------------------------

  private strip(target: string, record: OwnedRecord): void {
    switch (record.kind) {
      case "file":
        return this.stripFile(target, record);
      case "managed-region":
        return this.stripRegion(target, record);
      case "json-keys":
      case "toml-keys":
        return this.stripKeys(target, record.kind, record.path, record.sidecar, record.legacyKeys);
      case "json-members":
        return this.stripMembers(target, record.path, record.sidecar, record.key ?? []);
      case "json-entries":
        return this.stripEntries(target, record);
      case "json-lists":
        return this.stripLists(target, record.path, record.container, record.ownerCommand, new Set(record.items ?? []), record.skeleton);
      case "text-block":
        return this.stripTextBlock(target, record);
    }
  }

  /** Takes our block out of the file; every other byte stays (the original comes back when untouched since). */
  private stripTextBlock(target: string, record: OwnedBlock): void {
    const w = this.work(target, record.path, 0o644);
    if (w.doc || w.before === undefined) return;
    const text = decoder.decode(w.before);
    const rest = withoutBlock(text, record.begin, record.end);
    w.doc = { kind: "whole", bytes: rest === text ? w.before : encoder.encode(rest.trim() === "" ? "" : rest.replace(/\n*$/, "\n")) };
  }

  private stripFile(target: string, record: OwnedFile): void {
    const w = this.work(target, record.path, record.mode);
    if (w.doc) return; // another target now produces this path
    if (this.ownedElsewhere(target, record.path)) {
      w.doc = { kind: "whole", bytes: w.before }; // a target outside this run (shared ~/.agents/skills) still owns it
      return;
    }
    if (w.before === undefined) {
      w.doc = { kind: "whole", bytes: this.restoreDisplaced(target, record) };
      return;
    }
    if (record.digest === "") {
      // Inferred (legacy) ownership: only what the Python original marked as its own goes.
      const listed = record.manifest ? this.manifestNames(record.manifest.dir, record.manifest.file).includes(record.manifest.item) : false;
      const marked = decoder.decode(w.before).includes("managed-by: agentihooks");
      // Not the original's: left as it is, unclaimed, so a target that does record it (the installed
      // runtime, shared by every target) still removes it in the same run.
      if (listed || marked) w.doc = { kind: "whole", bytes: undefined };
      return;
    }
    if (digestOf(w.before) !== record.digest) {
      this.note("AH5015", record.path);
      w.doc = { kind: "whole", bytes: w.before };
      return;
    }
    w.doc = { kind: "whole", bytes: this.restoreDisplaced(target, record) };
  }

  /** True when a target not covered by this run records the same whole file. */
  private ownedElsewhere(target: string, file: string): boolean {
    return this.otherTargets().some((other) => other !== target && this.recordsOf(this.otherLedger(other), "file", file).length > 0);
  }

  private readonly otherLedgers = new Map<string, TargetLedger>();

  /** The ledger record of a target outside this run, read once (the ledger changes only in `finish`). */
  private otherLedger(target: string): TargetLedger {
    let ledger = this.otherLedgers.get(target);
    if (!ledger) {
      ledger = readTargetLedger(this.ledger, target);
      this.otherLedgers.set(target, ledger);
    }
    return ledger;
  }

  /** Targets with a ledger record that this run does not cover. */
  private otherTargets(): string[] {
    const targets = this.ledger.raw.targets;
    const global = isObject(targets) && isObject(targets.global) ? targets.global : {};
    return Object.keys(global).filter((t) => !this.runTargets.has(t));
  }

  private runTargets = new Set<string>();

  /** The displaced operator file's bytes (its backup is removed), or undefined. */
  private restoreDisplaced(target: string, record: OwnedFile): Uint8Array | undefined {
    if (!record.displaced) return undefined;
    const bytes = this.read(record.displaced);
    if (bytes === undefined) return undefined;
    const info = this.stat(record.displaced);
    const w = this.works.get(record.path);
    if (w && info) w.mode = info.mode;
    this.addExtra({ target, path: record.displaced, action: "delete", before: bytes, after: undefined, mode: info?.mode ?? 0o644, bookkeeping: true, conflicts: 0 });
    return bytes;
  }

  private stripRegion(target: string, record: OwnedFile): void {
    const w = this.work(target, record.path, record.mode);
    if (w.doc) return;
    if (w.before === undefined) {
      w.doc = { kind: "whole", bytes: this.restoreDisplaced(target, record) };
      return;
    }
    const text = decoder.decode(w.before);
    const header = record.header ?? "";
    const footer = record.footer ?? "";
    if (!header || !text.includes(header)) {
      w.doc = { kind: "whole", bytes: w.before };
      return;
    }
    const footerAt = text.indexOf(footer);
    if (!footer || footerAt < 0) {
      const backup = this.backupName(record.path);
      this.note("AH5017", record.path, { footer: footer || "managed-end", backup: this.display(backup) });
      this.addExtra({ target, path: backup, action: "create", before: undefined, after: w.before, mode: w.beforeMode ?? 0o644, bookkeeping: false, conflicts: 0, save: true });
      w.doc = { kind: "whole", bytes: undefined };
      return;
    }
    const tail = text.slice(footerAt + footer.length).replace(/^\n+/, "");
    if (tail.trim() === "") {
      w.doc = { kind: "whole", bytes: this.restoreDisplaced(target, record) };
      return;
    }
    w.doc = { kind: "whole", bytes: encoder.encode(tail) };
  }

  private stripKeys(target: string, kind: "json-keys" | "toml-keys", file: string, sidecarPath: string, legacyKeys: readonly string[] = []): void {
    const w = this.work(target, file, 0o644);
    if (w.before === undefined) return this.dropRecord(target, sidecarPath, file);
    const side = this.sidecarRecord(sidecarPath, file, target);
    const record = side.record;
    if (kind === "json-keys") {
      if (w.doc && w.doc.kind !== "json") return;
      const doc = this.jsonDoc(w, detectStyle(w.before), true);
      if (w.reset) return;
      const legacy = doc.get(["agentihooks", "managed"]);
      const keys = Object.keys(record.keys).length > 0 ? record.keys : isObject(legacy) ? Object.fromEntries(Object.entries(legacy).map(([k, v]) => [toPointer([k]), v])) : {};
      // No record at all (a home the Python original installed): a key the profiles manage goes only
      // when its value runs the original's runtime (`python -m hooks.…`), as its own teardown did.
      if (Object.keys(keys).length === 0) {
        for (const pointer of legacyKeys) {
          const value = doc.get(pointerPath(pointer));
          if (value !== undefined && runsLegacyRuntime(value)) keys[pointer] = value;
        }
      }
      for (const [pointer, value] of Object.entries(keys)) {
        const key = pointerPath(pointer);
        if (!jsonEqual(doc.get(key), value)) continue;
        const adopted = this.adoptedBefore(target, file, pointer);
        if (adopted !== undefined) doc.set(key, adopted);
        else doc.remove(key, key.length > 1);
      }
      doc.remove(["agentihooks"]);
    } else {
      if (w.doc && w.doc.kind !== "toml") return;
      const doc = this.tomlDoc(w);
      if (w.reset) return;
      const legacy = doc.get(["agentihooks", "managed"]);
      const keys: Record<string, unknown> = { ...record.keys, ...record.defaults };
      if (Object.keys(record.keys).length === 0 && isObject(legacy)) {
        for (const [k, v] of Object.entries(legacy)) {
          if (isObject(v)) for (const [sub, sv] of Object.entries(v)) keys[toPointer([k, sub])] = sv;
          else keys[toPointer([k])] = v;
        }
      }
      for (const [pointer, value] of Object.entries(keys)) {
        const key = pointerPath(pointer);
        if (!tomlEqual(doc.get(key), value)) continue;
        const adopted = pointer in record.keys ? this.adoptedBefore(target, file, pointer) : undefined;
        if (adopted !== undefined) doc.set(key, adopted);
        else doc.remove(key, key.length > 1);
      }
      doc.remove(["agentihooks"]);
    }
    const left = cloneJson(record);
    left.keys = {};
    left.defaults = {};
    side.commit(left);
  }

  /** True when every record of ours for `file` (in the ledgers this run started with) is a hook list. */
  private onlyHookLists(file: string): boolean {
    const records = [...this.beforeLedgers.values()].flatMap((ledger) => this.recordsOf(ledger, "json-lists", file).length > 0 ? ledger.owned.filter((r) => r.path === file) : []);
    return records.length > 0 && records.every((r) => r.kind === "json-lists");
  }

  /** The operator's value of a key adopted by an earlier `apply --adopt` (from the ledger this run started with). */
  private adoptedBefore(target: string, file: string, pointer: string): unknown {
    return this.beforeLedgers.get(target)?.adopted?.[file]?.[pointer];
  }

  private dropRecord(target: string, sidecarPath: string, file: string): void {
    const side = this.sidecarRecord(sidecarPath, file, target);
    side.commit(emptyFileRecord());
  }

  private stripMembers(target: string, file: string, sidecarPath: string, key: string[]): void {
    const w = this.work(target, file, 0o644);
    const side = this.sidecarRecord(sidecarPath, file, target);
    const record = cloneJson(side.record);
    const pointer = toPointer(key);
    const added = new Set(record.members[pointer] ?? []);
    delete record.members[pointer];
    side.commit(record);
    if (w.before === undefined || added.size === 0 || (w.doc && w.doc.kind !== "json")) return;
    const doc = this.jsonDoc(w, detectStyle(w.before), true);
    if (w.reset) return;
    const current = doc.get(key);
    if (!Array.isArray(current)) return;
    const kept = current.filter((m) => !(typeof m === "string" && added.has(m)));
    if (kept.length === current.length) return;
    if (kept.length === 0) doc.remove(key);
    else doc.set(key, kept);
  }

  private stripEntries(target: string, record: OwnedEntries): void {
    const w = this.work(target, record.path, 0o644);
    if (w.before === undefined || (w.doc && w.doc.kind !== "json")) return;
    const doc = this.jsonDoc(w, detectStyle(w.before), true);
    if (w.reset) return;
    for (const [name, digest] of Object.entries(record.names)) {
      const key = [...record.container, name];
      const current = doc.get(key);
      if (current === undefined) continue;
      if (digest === "" || digest === itemDigest(current)) doc.remove(key);
      else this.note("AH5005", record.path, { name, container: record.container.join(".") });
    }
  }

  private stripLists(target: string, file: string, container: string[], ownerCommand: string, items: Set<string>, skeleton?: Record<string, unknown>): void {
    const w = this.work(target, file, 0o644);
    if (w.before === undefined || (w.doc && w.doc.kind !== "json")) return;
    if (!w.doc && this.options.uninstall && this.onlyHookLists(file) && !parseJsonText(decoder.decode(w.before), true).ok) {
      // A hooks file holding nothing but hook lists that no longer parses: uninstall cannot take our
      // entries out, so the file is moved whole to a backup (nothing of the operator's is lost, and
      // the client stops loading our hooks from it). A settings file is never moved (see jsonDoc).
      w.backup = this.backupName(file);
      this.note("AH5042", file, { backup: this.display(w.backup) });
      w.doc = { kind: "whole", bytes: undefined };
      return;
    }
    const doc = this.jsonDoc(w, detectStyle(w.before), true);
    if (w.reset) return;
    const lists = doc.get(container);
    if (!isObject(lists)) return;
    let removed = false;
    for (const [event, list] of Object.entries(lists)) {
      if (!Array.isArray(list)) continue;
      const legacy = this.legacyHookCommands();
      const kept = list.filter((item) => !isOurItem(item, ownerCommand) && !items.has(itemDigest(item)) && !runsAny(item, legacy));
      if (kept.length === list.length) continue;
      removed = true;
      if (kept.length === 0) doc.remove([...container, event]);
      else doc.set([...container, event], kept);
    }
    // A hooks file left holding nothing but its skeleton (`{"version":1,"hooks":{}}`) held only ours: it goes.
    if (removed && skeleton && container.length === 1) {
      const rest = doc.get([]);
      if (jsonEqual(rest, skeleton) || jsonEqual(rest, { ...skeleton, [container[0] as string]: {} })) w.doc = { kind: "whole", bytes: undefined };
    }
  }

  // ---- manifests -----------------------------------------------------------------------------

  private reconcileManifests(trees: readonly DesiredTree[], before: Map<string, TargetLedger>, after: Map<string, TargetLedger>): void {
    // Claims of identical operator copies: an item is claimed only if every one of its files matched.
    const byItem = new Map<string, typeof this.pendingClaims>();
    for (const claim of this.pendingClaims) {
      const key = manifestKey(claim.entry.manifest as NonNullable<FileEntry["manifest"]>);
      byItem.set(key, [...(byItem.get(key) ?? []), claim]);
    }
    for (const [key, claims] of byItem) {
      if (this.operatorItems.has(key)) {
        for (const claim of claims) (this.works.get(claim.entry.path) as Work).conflicts++;
        continue;
      }
      for (const claim of claims) (after.get(claim.target) as TargetLedger).owned.push(claim.record);
    }
    for (const key of this.operatorItems) {
      const [dir, , item] = key.split("\u0000") as [string, string, string];
      this.note("AH5003", path.join(dir, item), { item });
    }
    // Every manifest we know of: from desired entries and from previous records. (Entries of one
    // directory share a manifest: its path is joined once.)
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
      for (const record of (before.get(tree.target) as TargetLedger).owned) if (record.kind === "file" && record.manifest) noteManifest(record.manifest, tree.target);
    }
    // The items of each manifest, indexed once (a scan of every record per manifest was quadratic).
    const itemsAfter = manifestItems([...after.values(), ...this.otherTargets().map((other) => this.otherLedger(other))]);
    const itemsBefore = manifestItems([...before.values()]);
    for (const [manifestPath, { dir, file, target }] of manifests) {
      // Targets outside this run keep their items in a manifest they share with us.
      const items = itemsAfter.get(dir)?.get(file) ?? new Set<string>();
      // Legacy manifest names with no ledger record and no desired entry: the Python original's items, removed.
      const recordedItems = itemsBefore.get(dir)?.get(file) ?? new Set<string>();
      for (const name of this.manifestNames(dir, file)) {
        if (items.has(name) || recordedItems.has(name)) continue;
        const itemPath = path.join(dir, name);
        const info = this.stat(itemPath);
        if (info?.kind === "file") this.work(target, itemPath, info.mode).doc ??= { kind: "whole", bytes: undefined };
        else if (info?.kind === "directory") this.removeTree(target, itemPath);
      }
      const sorted = [...items].sort();
      const bytes = sorted.length === 0 ? undefined : encoder.encode(serializeJson(sorted, defaultJsonStyle));
      const w = this.work(target, manifestPath, 0o644);
      w.doc = { kind: "whole", bytes };
      w.entries.push({ kind: "file", path: manifestPath, content: "", mode: 0o644 });
      this.bookkeepingPaths.add(manifestPath);
    }
  }

  private readonly bookkeepingPaths = new Set<string>();

  private removeTree(target: string, dir: string): void {
    for (const name of this.ctx.fs.list(dir) ?? []) {
      const child = path.join(dir, name);
      const info = this.stat(child);
      if (info?.kind === "directory") this.removeTree(target, child);
      else if (info) this.work(target, child, info.mode).doc ??= { kind: "whole", bytes: undefined };
    }
  }

  // ---- result --------------------------------------------------------------------------------

  private finish(trees: readonly DesiredTree[], before: Map<string, TargetLedger>, afterLedgers: Map<string, TargetLedger>, aborted: boolean): Plan {
    const changes: Change[] = [];
    const targets = trees.map((t) => t.target);
    if (aborted) return planOf(targets, changes, this.diagnostics, this.seen, []);
    const originalsDir = path.join(this.ctx.env.agentihooksHome, "originals");
    const keepLedger = this.options.ledger !== false;
    for (const w of [...this.works.values()].sort((a, b) => cmp(a.path, b.path))) {
      let after = this.resultBytes(w);
      const sharedKinds = w.entries.some((e) => e.kind !== "file" && e.kind !== "managed-region");
      const stillWanted = w.entries.length > 0;
      const ledger = afterLedgers.get(w.target);
      const original = ledger?.originals[w.path];
      if (original && !stillWanted) {
        // Nothing of ours is wanted here any more: while the file is exactly as we left it, put the original back.
        if (w.before !== undefined && digestOf(w.before) === original.written) {
          if (original.before === "absent") after = undefined;
          else {
            const saved = this.read(original.before);
            if (saved !== undefined) {
              after = saved;
              if (original.mode !== undefined) w.mode = original.mode;
            }
          }
        } else if (after !== undefined && isEmptyDocument(after) && original.before === "absent") after = undefined;
        if (original.before !== "absent") this.addExtra({ target: "agentihooks", path: original.before, action: "delete", before: this.read(original.before), after: undefined, mode: 0o600, bookkeeping: true, conflicts: 0 });
        delete ledger.originals[w.path];
      } else if (sharedKinds && ledger && keepLedger) {
        if (after !== undefined && !sameBytesOrBoth(after, w.before)) {
          if (!original) {
            // First edit of a shared file: remember what was there, so uninstall can restore it exactly.
            // (An unparseable file is not restored byte for byte: its documented backup holds it.)
            if (w.before === undefined) ledger.originals[w.path] = { before: "absent", written: "" };
            else if (!w.reset) {
              const saved = path.join(originalsDir, w.target, w.path.replace(/^\/+/, "").replace(/\//g, "%"));
              this.addExtra({ target: "agentihooks", path: saved, action: "create", before: this.read(saved), after: w.before, mode: 0o600, bookkeeping: true, conflicts: 0, save: true });
              ledger.originals[w.path] = { before: saved, mode: w.beforeMode ?? 0o644, written: "" };
            }
          } else if (w.before !== undefined && digestOf(w.before) !== original.written) {
            // Someone edited the file since our last write: the saved original no longer describes it.
            if (original.before !== "absent") this.addExtra({ target: "agentihooks", path: original.before, action: "delete", before: this.read(original.before), after: undefined, mode: 0o600, bookkeeping: true, conflicts: 0 });
            delete ledger.originals[w.path];
          }
          const rec = ledger.originals[w.path];
          if (rec) rec.written = digestOf(after);
        } else if (original && w.before !== undefined && digestOf(w.before) !== original.written) {
          if (original.before !== "absent") this.addExtra({ target: "agentihooks", path: original.before, action: "delete", before: this.read(original.before), after: undefined, mode: 0o600, bookkeeping: true, conflicts: 0 });
          delete ledger.originals[w.path];
        }
      }
      const change = this.change(w, after);
      // A read-only file is the operator saying "leave it": refused, never replaced (the mode bits
      // decide, not a failed open: root may write anything).
      if ((change.action === "update" || change.action === "delete") && w.beforeMode !== undefined && (w.beforeMode & 0o200) === 0) {
        this.note("AH5036", w.path, { mode: `0${w.beforeMode.toString(8)}`, action: change.action === "delete" ? "remove" : "change" });
      }
      changes.push(change);
    }
    // Sidecars.
    for (const [sidecarPath, side] of [...this.sidecars.entries()].sort((a, b) => cmp(a[0], b[0]))) {
      if (!side.touched && side.sidecar.legacy === undefined) continue;
      const text = serializeSidecar(side.files);
      const beforeBytes = this.ctx.fs.read(sidecarPath);
      const afterBytes = text === undefined ? undefined : encoder.encode(text);
      const w: Work = { path: sidecarPath, target: side.target, before: beforeBytes, beforeMode: undefined, doc: undefined, mode: this.sidecarMode(sidecarPath, Object.keys(side.files), changes), conflicts: 0, entries: [], reset: false };
      this.bookkeepingPaths.add(sidecarPath);
      changes.push(this.change(w, semanticallySameJson(beforeBytes, afterBytes) ? beforeBytes : afterBytes));
    }
    if (!keepLedger) {
      changes.push(...this.extraChanges.values());
      for (const c of changes) if (this.bookkeepingPaths.has(c.path)) c.bookkeeping = true;
      const ordered = [...changes.filter((c) => !c.bookkeeping).sort((a, b) => cmp(a.path, b.path)), ...changes.filter((c) => c.bookkeeping).sort((a, b) => cmp(a.path, b.path))];
      return planOf(targets, ordered, this.diagnostics, this.seen, []);
    }
    // Ledger last (its bytes are filled in below, once the created directories are known).
    const ledgerFile = ledgerPath(this.ctx.env);
    const ledgerBefore = this.ctx.fs.read(ledgerFile);
    const ledgerWork: Work = { path: ledgerFile, target: "agentihooks", before: ledgerBefore, beforeMode: undefined, doc: undefined, mode: 0o600, conflicts: 0, entries: [], reset: false };
    this.bookkeepingPaths.add(ledgerFile);
    changes.push(...this.extraChanges.values());
    changes.push(this.change(ledgerWork, ledgerBefore));
    for (const c of changes) if (this.bookkeepingPaths.has(c.path)) c.bookkeeping = true;
    const ordered = [...changes.filter((c) => !c.bookkeeping).sort((a, b) => cmp(a.path, b.path)), ...changes.filter((c) => c.bookkeeping && c.path !== ledgerFile).sort((a, b) => cmp(a.path, b.path)), ...changes.filter((c) => c.path === ledgerFile)];
    // Directories we create are recorded, so that uninstall (or a later apply) can remove them once empty.
    const pruneDirs = new Set<string>();
    for (const tree of trees) {
      const next = afterLedgers.get(tree.target) as TargetLedger;
      const prevDirs = (before.get(tree.target) as TargetLedger).dirs ?? [];
      const dirs = new Set(prevDirs);
      const paths = tree.entries.map((e) => e.path);
      for (const c of ordered) if (c.target === tree.target && c.action === "create") paths.push(c.path);
      for (const p of paths) {
        for (let dir = path.dirname(p); dir !== path.dirname(dir) && this.stat(dir) === undefined; dir = path.dirname(dir)) dirs.add(dir);
      }
      for (const dir of dirs) pruneDirs.add(dir);
      // Saved originals live in agentihooks' own directory; their folders go once empty.
      pruneDirs.add(path.join(this.ctx.env.agentihooksHome, "originals", tree.target));
      pruneDirs.add(path.join(this.ctx.env.agentihooksHome, "originals"));
      next.dirs = this.options.uninstall ? [] : [...dirs].sort();
    }
    if (!this.options.uninstall) for (const tree of trees) this.recordLinks(tree, before.get(tree.target) as TargetLedger, afterLedgers.get(tree.target) as TargetLedger);
    for (const tree of trees) writeTargetLedger(this.ledger, tree.target, afterLedgers.get(tree.target) as TargetLedger, this.options.uninstall === true);
    // The Python original's hook commands are migrated once its Claude items are gone from the file.
    if (this.runTargets.has("claude") && "claude_hook_commands" in this.ledger.raw) {
      const { claude_hook_commands: _migrated, ...rest } = this.ledger.raw;
      this.ledger.raw = rest;
    }
    const scope = this.ctx.env.scope;
    const ledgerText = serializeLedger(scope?.name === "repo" ? { ...this.ledger, raw: relativizeLedger(this.ledger.raw, scope.root) } : this.ledger);
    const ledgerAfter = ledgerText === undefined ? undefined : encoder.encode(ledgerText);
    const last = ordered[ordered.length - 1] as Change;
    const finalLedger = semanticallySameJson(ledgerBefore, ledgerAfter) ? ledgerBefore : ledgerAfter;
    const ledgerAction = sameBytesOrBoth(ledgerBefore, finalLedger) ? "keep" : finalLedger === undefined ? "delete" : ledgerBefore === undefined ? "create" : "update";
    ordered[ordered.length - 1] = { ...last, after: finalLedger, action: ledgerAction };
    // One generation of the record is kept beside it: each rewrite copies the previous one to
    // `state.json.bak` first; when the record goes (nothing is owned any more), so does the copy.
    const bakPath = `${ledgerFile}.bak`;
    const bakBefore = this.ctx.fs.read(bakPath);
    const bakAfter = ledgerAction === "update" && !this.ledger.unparseable ? ledgerBefore : ledgerAction === "delete" ? undefined : bakBefore;
    if (!sameBytesOrBoth(bakBefore, bakAfter)) {
      ordered.splice(ordered.length - 1, 0, { target: "agentihooks", path: bakPath, action: bakAfter === undefined ? "delete" : bakBefore === undefined ? "create" : "update", before: bakBefore, after: bakAfter, mode: 0o600, bookkeeping: true, conflicts: 0, ...(bakAfter !== undefined ? { save: true } : {}) });
    }
    return planOf(targets, ordered, this.diagnostics, this.seen, [...pruneDirs].sort((a, b) => b.length - a.length || cmp(a, b)));
  }

  /**
   * Folders on the way to the tree's paths that are symbolic links to folders (`~/.claude ->
   * dotfiles/claude`): written through, and recorded with their target so the record says where
   * the files went. The home and the folders above it are not recorded (every path shares them).
   */
  private recordLinks(tree: DesiredTree, prev: TargetLedger, next: TargetLedger): void {
    const home = this.ctx.env.home;
    const links: Record<string, string> = {};
    const visited = new Set<string>();
    for (const entry of tree.entries) {
      for (let dir = path.dirname(entry.path); dir !== path.dirname(dir) && !visited.has(dir); dir = path.dirname(dir)) {
        visited.add(dir);
        if (dir === home || home.startsWith(`${dir}/`)) continue;
        if (this.stat(dir)?.kind !== "symlink") continue;
        const target = this.ctx.fs.realPath(dir);
        if (target === undefined || this.ctx.fs.stat(target)?.kind !== "directory") continue;
        links[dir] = target;
        if (prev.links?.[dir] !== target) this.note("AH5038", dir, { target: this.display(target) });
      }
    }
    if (Object.keys(links).length > 0) next.links = links;
  }

  private resultBytes(w: Work): Uint8Array | undefined {
    const doc = w.doc;
    if (!doc || w.reset) return w.before;
    if (doc.kind === "whole") return doc.bytes;
    const text = doc.doc.toText();
    if (w.before !== undefined && !w.reset && (w.beforeText ?? decoder.decode(w.before)) === text) return w.before;
    return encoder.encode(text);
  }

  private change(w: Work, after: Uint8Array | undefined): Change {
    const same = sameBytesOrBoth(w.before, after);
    const modeChanged = after !== undefined && w.before !== undefined && w.beforeMode !== undefined && w.beforeMode !== w.mode;
    const action = same && !modeChanged ? (w.conflicts > 0 ? "conflict" : "keep") : after === undefined ? "delete" : w.before === undefined ? "create" : "update";
    const change: Change = { target: w.target, path: w.path, action, before: w.before, after: same && !modeChanged ? w.before : after, mode: w.mode, bookkeeping: false, conflicts: w.conflicts };
    if (w.backup && action !== "keep" && action !== "conflict") change.backup = w.backup;
    if (isInstalledRuntime(this.ctx.env.agentihooksHome, w.path)) change.summary = runtimeSummary(w.path, change.after ?? change.before);
    return change;
  }
}

// ---- helpers -----------------------------------------------------------------------------------

/**
 * The error for a file that cannot be written because of `block`: no permission in a directory
 * (AH5012, at the file), or a file, link or special file standing where a folder must be (AH5035,
 * at that path, which is what the operator has to move).
 */
export function writeBlockDiagnostic(block: WriteBlock, file: string, home: string): Diagnostic {
  const show = (p: string): string => (p.startsWith(`${home}/`) ? `~/${p.slice(home.length + 1)}` : p);
  if (block.reason === "permission") return diagnostic("AH5012", { file: show(file) }, { dir: show(block.path) });
  const kind = block.reason === "file" ? "file" : block.reason === "symlink" ? "symbolic link to a file" : "special file";
  return diagnostic("AH5035", { file: show(block.path) }, { kind, file: show(file) });
}

/** True when a value (a command, or an object holding one) runs the Python original's runtime: `-m hooks` or `-m hooks.<module>`. */
function runsLegacyRuntime(value: unknown): boolean {
  return /(^|\s)-m\s+hooks(\.[A-Za-z_][\w.]*)?(\s|"|$)/.test(typeof value === "string" ? value : JSON.stringify(value));
}

/** Keeps an adopted operator value in the next ledger. */
function keepAdopted(next: TargetLedger, file: string, pointer: string, value: unknown): void {
  next.adopted ??= {};
  (next.adopted[file] ??= {})[pointer] = value;
}

/**
 * A shared file keeps the operator's mode, except that a desired private mode (0600: the file holds a
 * resolved secret) is enforced on a file others could read.
 */
function tightenMode(w: Work, desired: number): void {
  if ((desired & 0o077) === 0 && (w.mode & 0o077) !== 0) w.mode = desired;
}

/** An installed bundle (the hook runtime, or the MCP server beside it) in one line: its sha256 and size. */
function runtimeSummary(file: string, bytes: Uint8Array | undefined): string {
  const what = path.basename(file) === "mcp-server.cjs" ? "the agentihooks MCP server" : "the hook runtime";
  return bytes === undefined ? what : `${what}, sha256 ${createHash("sha256").update(bytes).digest("hex")} (${bytes.length} bytes)`;
}

function contentBytes(entry: FileEntry | ManagedRegionEntry): Uint8Array {
  return typeof entry.content === "string" ? encoder.encode(entry.content) : entry.content;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

function sameBytesOrBoth(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return a === undefined || b === undefined ? a === b : sameBytes(a, b);
}

/**
 * The plan, with `observed` made from what was read on first access: only apply (verifying the plan
 * before it writes) and a saved plan file read it, and hashing every file read was a tenth of a plan
 * that changes nothing.
 */
function planOf(targets: string[], changes: Change[], diagnostics: Diagnostic[], seen: ReadonlyMap<string, Uint8Array | undefined>, pruneDirs: string[]): Plan {
  let observed: Record<string, string> | undefined;
  return {
    targets,
    changes,
    diagnostics,
    get observed(): Record<string, string> {
      if (!observed) {
        observed = {};
        for (const [file, bytes] of seen) observed[file] = bytes === undefined ? "absent" : digestOf(bytes);
      }
      return observed;
    },
    set observed(value: Record<string, string>) {
      observed = value;
    },
    pruneDirs,
  };
}

function semanticallySameJson(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  // The same bytes are the same document (the usual case: our own record, unchanged).
  if (sameBytes(a, b)) return true;
  try {
    return jsonEqual(JSON.parse(decoder.decode(a)), JSON.parse(decoder.decode(b)));
  } catch {
    return false;
  }
}

function isEmptyDocument(bytes: Uint8Array): boolean {
  const text = decoder.decode(bytes).trim();
  return text === "" || text === "{}";
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

function manifestKey(m: { dir: string; file: string; item: string }): string {
  return `${m.dir}\u0000${m.file}\u0000${m.item}`;
}

/** Records grouped by path (a path has a record or two), each group in list order. */
function indexRecords(records: readonly OwnedRecord[]): Map<string, OwnedRecord[]> {
  const index = new Map<string, OwnedRecord[]>();
  for (const r of records) {
    const group = index.get(r.path);
    if (group) group.push(r);
    else index.set(r.path, [r]);
  }
  return index;
}

function sameKey(a: OwnedRecord, b: OwnedRecord): boolean {
  if (a.kind === "json-entries" && b.kind === "json-entries") return jsonEqual(a.container, b.container);
  if (a.kind === "json-lists" && b.kind === "json-lists") return jsonEqual(a.container, b.container) && a.ownerCommand === b.ownerCommand;
  if (a.kind === "json-members" && b.kind === "json-members") return jsonEqual(a.key, b.key);
  return true;
}

function pointerPath(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function getIn(value: unknown, key: string[]): unknown {
  let node = value;
  for (const step of key) {
    if (!isObject(node)) return undefined;
    node = node[step];
  }
  return node;
}

/** True when an item (or a group holding handlers) runs our wrapper: its command is `ownerCommand` alone or followed by whitespace. */
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

export function isOurItem(item: unknown, ownerCommand: string): boolean {
  if (!isObject(item)) return false;
  const command = item.command;
  if (typeof command === "string" && (command === ownerCommand || (command.startsWith(ownerCommand) && /\s/.test(command.charAt(ownerCommand.length))))) return true;
  if (Array.isArray(item.hooks)) return item.hooks.some((h) => isOurItem(h, ownerCommand));
  return false;
}

/** True when the item (or a handler of the group) runs exactly one of `commands`. */
function runsAny(item: unknown, commands: ReadonlySet<string>): boolean {
  if (commands.size === 0 || !isObject(item)) return false;
  if (typeof item.command === "string" && commands.has(item.command)) return true;
  return Array.isArray(item.hooks) && item.hooks.some((h) => runsAny(h, commands));
}

/** Digest of an item's canonical JSON (key order ignored). */
function itemDigest(item: unknown): string {
  return digestOf(canonicalJson(item));
}

function toJsonish(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJsonish);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonish(v)]));
  return value;
}

/** jsonEqual of the two values' JSON forms (see toJsonish), without making them. */
function tomlEqual(a: unknown, b: unknown): boolean {
  return equalWith(a, b, tomlLeaf);
}

function tomlLeaf(value: unknown): unknown {
  return typeof value === "bigint" ? Number(value) : value instanceof Date ? value.toISOString() : value;
}

/** Guesses the indentation of an existing JSON text (for edits made while stripping). */
function detectStyle(bytes: Uint8Array): JsonStyle {
  const text = decoder.decode(bytes);
  const match = /\n( +)\S/.exec(text);
  return { indent: match ? (match[1] as string).length : 2, asciiOnly: false, finalNewline: text.endsWith("\n") };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}


/**
 * The records a Python-original install implies, from the desired tree: the same paths, keys,
 * lists and markers (the original used the same wrapper paths, persona markers, sidecars and
 * manifests), MCP names from its `managed_mcp` lists. Used only when our ledger has no record.
 */
export function legacyRecordsFor(tree: DesiredTree, legacyMcp: readonly string[]): OwnedRecord[] {
  const records: OwnedRecord[] = [];
  for (const entry of tree.entries) {
    switch (entry.kind) {
      case "file":
        records.push({ kind: "file", path: entry.path, digest: "", mode: entry.mode, ...(entry.manifest ? { manifest: entry.manifest } : {}) });
        break;
      case "managed-region":
        records.push({ kind: "managed-region", path: entry.path, digest: "", mode: entry.mode, header: entry.header, footer: entry.footer });
        break;
      case "json-keys":
        records.push({ kind: "json-keys", path: entry.path, sidecar: entry.sidecar, format: entry.format, legacyKeys: entry.keys.map((k) => toPointer(k.key)) });
        break;
      case "toml-keys":
        records.push({ kind: "toml-keys", path: entry.path, sidecar: entry.sidecar, format: "toml" });
        break;
      case "json-members":
        records.push({ kind: "json-members", path: entry.path, sidecar: entry.sidecar, key: [...entry.key] });
        break;
      case "json-entries": {
        const names = Object.fromEntries(legacyMcp.filter((n) => n in entry.entries).map((n) => [n, ""]));
        records.push({ kind: "json-entries", path: entry.path, container: [...entry.container], names });
        break;
      }
      case "json-lists":
        records.push({ kind: "json-lists", path: entry.path, container: [...entry.container], ownerCommand: entry.ownerCommand, ...(entry.skeleton ? { skeleton: cloneJson(entry.skeleton) } : {}) });
        break;
      case "text-block":
        records.push({ kind: "text-block", path: entry.path, begin: entry.begin, end: entry.end });
        break;
    }
  }
  return records;
}

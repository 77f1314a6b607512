/**
 * One planning run's shared state: what was read (once per path), the work item of every path the
 * plan touches, the sidecars, the extra changes (backups, saved originals, removed links), the
 * diagnostics, and the ledger as the run found it. The entry kinds (entries/*.ts), collisions,
 * manifests, originals and legacy migration all plan through it; planning never changes the disk.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import type { DesiredEntry, JsonStyle } from "../desired-tree";
import type { Environment } from "../environment";
import type { FileInfo, FileSystem, WriteBlock } from "../fs/file-system";
import { diagnostic, type MessageCode } from "../messages";
import { emptyFileRecord, parseSidecar, recordFor, type FileRecord, type Sidecar } from "../state/sidecar";
import { readTargetLedger, type Ledger, type OwnedFile, type OwnedRecord, type TargetLedger } from "../state/ledger";
import type { Change } from "./change";
import { digestOf } from "./digest";
import { JsonDocument, parseJsonText } from "./json-document";
import { cloneJson, isObject } from "./json-value";
import { parseTomlText, TomlDocument } from "./toml-document";
import type { ScopeContext } from "../scopes/scope";

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

/** What a path will hold: a parsed shared document, or whole bytes (undefined: absent). */
export type Doc = { kind: "json"; doc: JsonDocument } | { kind: "toml"; doc: TomlDocument } | { kind: "whole"; bytes: Uint8Array | undefined };

/** One path being worked on. */
export interface Work {
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

/** A sidecar being edited: the parsed file, the file records as this run leaves them, and whether any changed. */
export interface SidecarWork {
  sidecar: Sidecar;
  files: Record<string, FileRecord>;
  touched: boolean;
  target: string;
}

export const encoder = new TextEncoder();
export const decoder = new TextDecoder("utf-8", { fatal: false });

/** The run's state and the reads every part of the planner shares. */
export class PlanRun {
  readonly diagnostics: Diagnostic[] = [];
  /** Every path read → the bytes seen (undefined: absent); `Plan.observed` digests them. */
  readonly seen = new Map<string, Uint8Array | undefined>();
  readonly works = new Map<string, Work>();
  readonly sidecars = new Map<string, SidecarWork>();
  /** Changes to paths no entry describes (backups, saved originals, removed links), by path. */
  readonly extraChanges = new Map<string, Change>();
  /** Paths of our own records (sidecars, manifests, the ledger): shown after the content. */
  readonly bookkeepingPaths = new Set<string>();
  /** Shared JSON files whose client accepts no comments or trailing commas. */
  readonly strictJson = new Set<string>();
  /** Each target's ledger as this run found it (legacy records filled in). */
  readonly before = new Map<string, TargetLedger>();
  /** The targets this run covers. */
  readonly runTargets = new Set<string>();
  ledger!: Ledger;

  private readonly usedBackups = new Set<string>();
  // What the port reports, once per path: planning never changes the disk, and on the real disk every
  // call is a system call (entries share directories, and every path's parents are looked up for
  // the ledger's directory record).
  private readonly stats = new Map<string, FileInfo | undefined>();
  private readonly writableDirs = new Map<string, WriteBlock | undefined>();
  // Indexes of a record list, made on first use: looking records up by scanning the list inside
  // per-entry loops made planning quadratic in the number of files. The lists read here (previous
  // records) are not changed while planning.
  private readonly recordIndexes = new WeakMap<readonly OwnedRecord[], Map<string, OwnedRecord[]>>();
  private readonly otherLedgers = new Map<string, TargetLedger>();

  constructor(
    readonly ctx: PlanContext,
    readonly options: PlanOptions,
  ) {}

  /** Reads a file through the port, remembering what was seen. */
  read(file: string): Uint8Array | undefined {
    const bytes = this.ctx.fs.read(file);
    this.seen.set(file, bytes);
    return bytes;
  }

  stat(file: string): FileInfo | undefined {
    if (this.stats.has(file)) return this.stats.get(file);
    const info = this.ctx.fs.stat(file);
    this.stats.set(file, info);
    return info;
  }

  writeBlock(dir: string): WriteBlock | undefined {
    if (this.writableDirs.has(dir)) return this.writableDirs.get(dir);
    const block = this.ctx.fs.checkWritable(dir);
    this.writableDirs.set(dir, block);
    return block;
  }

  /** `~/…` for a path in the home. */
  display(file: string): string {
    const home = this.ctx.env.home;
    return file === home ? "~" : file.startsWith(`${home}/`) ? `~/${file.slice(home.length + 1)}` : file;
  }

  note(code: MessageCode, file: string, args: Record<string, string | number> = {}): void {
    this.diagnostics.push(diagnostic(code, { file: this.display(file) }, args));
  }

  /** `<file>.bak.<UTC YYYYmmddHHMMSS>`, with `-1`, `-2`… when taken. */
  backupName(file: string): string {
    const stamp = this.ctx.now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
    let candidate = `${file}.bak.${stamp}`;
    for (let n = 1; this.usedBackups.has(candidate) || this.stat(candidate) !== undefined; n++) candidate = `${file}.bak.${stamp}-${n}`;
    this.usedBackups.add(candidate);
    return candidate;
  }

  /** True when the run keeps a ledger (see `PlanOptions.ledger`). */
  get keepsLedger(): boolean {
    return this.options.ledger !== false;
  }

  /** The digest a ledger record holds; empty when no ledger is kept (see `PlanOptions.ledger`). */
  recordDigest(content: Uint8Array | string): string {
    return this.keepsLedger ? digestOf(content) : "";
  }

  addExtra(change: Change): void {
    this.extraChanges.set(change.path, change);
  }

  /** The work item for a path, reading the file once. */
  work(target: string, file: string, mode: number): Work {
    let w = this.works.get(file);
    if (!w) {
      const before = this.read(file);
      const info = this.stat(file);
      w = {
        path: file,
        target,
        before,
        beforeMode: info?.kind === "file" ? info.mode : undefined,
        doc: undefined,
        mode: info?.kind === "file" ? info.mode : mode,
        conflicts: 0,
        entries: [],
        reset: false,
      };
      this.works.set(file, w);
    }
    return w;
  }

  /**
   * The path's JSON document. A file that does not parse (or holds comments its client does not
   * accept) is never backed up and replaced whole: the operator's text stays exactly as it is, the
   * work is `reset`, and the plan stops with an error naming it.
   */
  jsonDoc(w: Work, style: JsonStyle, comments: boolean, skeleton?: Record<string, unknown>): JsonDocument {
    if (w.doc?.kind === "json") return w.doc.doc;
    if (w.before === undefined) return this.setDoc(w, new JsonDocument(undefined, style, skeleton ?? {}));
    const text = decoder.decode(w.before);
    w.beforeText = text;
    // A file some entry says its client reads as plain JSON is read so by all.
    const strict = !comments || this.strictJson.has(w.path);
    const parsed = parseJsonText(text, !strict);
    if (parsed.ok && isObject(parsed.value)) return this.setDoc(w, new JsonDocument(text, style, parsed.value));
    w.reset = true;
    if (!parsed.ok && strict && parseJsonText(text, true).ok) this.note("AH5041", w.path, { reason: parsed.error });
    else this.note("AH5002", w.path, { reason: parsed.ok ? "the top level is not an object" : parsed.error });
    return this.setDoc(w, new JsonDocument(undefined, style, skeleton ?? {}));
  }

  /** The path's TOML document (a file that does not parse: as for `jsonDoc`). */
  tomlDoc(w: Work): TomlDocument {
    if (w.doc?.kind === "toml") return w.doc.doc;
    if (w.before === undefined) return this.setDoc(w, new TomlDocument(undefined));
    const text = decoder.decode(w.before);
    w.beforeText = text;
    const parsed = parseTomlText(text);
    if (parsed.ok) return this.setDoc(w, new TomlDocument(text, parsed.value));
    w.reset = true;
    this.note("AH5002", w.path, { reason: parsed.error });
    return this.setDoc(w, new TomlDocument(undefined));
  }

  private setDoc<D extends JsonDocument | TomlDocument>(w: Work, doc: D): D {
    w.doc = doc instanceof JsonDocument ? { kind: "json", doc } : { kind: "toml", doc: doc as TomlDocument };
    return doc;
  }

  /** The sidecar record of `file` as this run leaves it so far, and how to change it. */
  sidecarRecord(sidecarPath: string, file: string, target: string): { record: FileRecord; commit: (r: FileRecord) => void } {
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

  /** The records of this kind and path, in their order in the ledger. */
  recordsOf(ledger: TargetLedger, kind: OwnedRecord["kind"], file: string): OwnedRecord[] {
    let index = this.recordIndexes.get(ledger.owned);
    if (!index) {
      index = indexRecords(ledger.owned);
      this.recordIndexes.set(ledger.owned, index);
    }
    return index.get(file)?.filter((r) => r.kind === kind) ?? [];
  }

  /** Targets with a ledger record that this run does not cover. */
  otherTargets(): string[] {
    const targets = this.ledger.raw.targets;
    const global = isObject(targets) && isObject(targets.global) ? targets.global : {};
    return Object.keys(global).filter((t) => !this.runTargets.has(t));
  }

  /** The ledger record of a target outside this run, read once (the ledger changes only at the end). */
  otherLedger(target: string): TargetLedger {
    let ledger = this.otherLedgers.get(target);
    if (!ledger) {
      ledger = readTargetLedger(this.ledger, target);
      this.otherLedgers.set(target, ledger);
    }
    return ledger;
  }

  /** The operator's value of a key adopted by an earlier `apply --adopt` (from the ledger this run started with). */
  adoptedBefore(target: string, file: string, pointer: string): unknown {
    return this.before.get(target)?.adopted?.[file]?.[pointer];
  }

  /** The displaced operator file's bytes (its backup is removed: a bookkeeping change), or undefined. */
  restoreDisplaced(target: string, record: OwnedFile): Uint8Array | undefined {
    if (!record.displaced) return undefined;
    const bytes = this.read(record.displaced);
    if (bytes === undefined) return undefined;
    const info = this.stat(record.displaced);
    const w = this.works.get(record.path);
    if (w && info) w.mode = info.mode;
    this.addExtra({
      target,
      path: record.displaced,
      action: "delete",
      before: bytes,
      after: undefined,
      mode: info?.mode ?? 0o644,
      bookkeeping: true,
      conflicts: 0,
    });
    return bytes;
  }

  /** Empties the sidecar record of `file` (the file is gone). */
  dropRecord(target: string, sidecarPath: string, file: string): void {
    this.sidecarRecord(sidecarPath, file, target).commit(emptyFileRecord());
  }
}

/** Records grouped by path (a path has a record or two), each group in list order. */
export function indexRecords(records: readonly OwnedRecord[]): Map<string, OwnedRecord[]> {
  const index = new Map<string, OwnedRecord[]>();
  for (const r of records) {
    const group = index.get(r.path);
    if (group) group.push(r);
    else index.set(r.path, [r]);
  }
  return index;
}

/**
 * A shared file keeps the operator's mode, except that a desired private mode (0600: the file holds a
 * resolved secret) is enforced on a file others could read.
 */
export function tightenMode(w: Work, desired: number): void {
  if ((desired & 0o077) === 0 && (w.mode & 0o077) !== 0) w.mode = desired;
}

/** Guesses the indentation of an existing JSON text (for edits made while stripping). */
export function detectStyle(bytes: Uint8Array): JsonStyle {
  const text = decoder.decode(bytes);
  const match = /\n( +)\S/.exec(text);
  return { indent: match ? (match[1] as string).length : 2, asciiOnly: false, finalNewline: text.endsWith("\n") };
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

export function sameBytesOrBoth(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return a === undefined || b === undefined ? a === b : sameBytes(a, b);
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The ledger: `<agentihooksHome>/state.json`, the record of what agentihooks owns in each target's
 * homes. It keeps the Python original's shape so a user can switch without a reinstall: unknown
 * fields are preserved, the legacy flat `targets.global` is split, and the legacy MCP name lists
 * (`managed_mcp`, `managed_mcp_servers`) count as ownership.
 *
 * Our additions live under `targets.global.<target>`:
 *  - `owned`: one record per desired entry we applied (see `OwnedRecord`), sorted by path then kind;
 *  - `originals`: for each shared file, its bytes before our first edit (`before`: "absent" or a
 *    copy under `<agentihooksHome>/originals/`) and the digest we last left it with (`written`), so
 *    uninstall can restore it byte for byte while nobody else has touched it;
 *  - `managed_mcp`: sorted names of the MCP entries we own (kept for the Python original's readers);
 *  - `adopted`: values of the operator's that `apply --adopt` replaced with the profile's, per file
 *    and key, put back when the key is no longer managed;
 *  - `links`: folders on the way to our files that are symbolic links, with the folder each resolved
 *    to (a client home kept in a dotfiles repository); the files are written in the link's target.
 * No timestamps: an apply that changes nothing leaves the ledger byte-identical.
 */
import { isObject } from "../plan/json-value";
import { serializeJson } from "../serialize/json";
import { defaultJsonStyle } from "../desired-tree";

/** A file we own whole (or a persona file with an operator tail). */
export interface OwnedFile {
  kind: "file" | "managed-region";
  path: string;
  /** Digest of the bytes we last wrote (`sha256:…`). */
  digest: string;
  mode: number;
  /** Ownership group of a translated item (agents, command-skills). */
  manifest?: { dir: string; file: string; item: string };
  /** Where the operator's file that stood here went (restored by uninstall). */
  displaced?: string;
  header?: string;
  footer?: string;
}

/** Managed keys or members in a shared file; the values live in the sidecar. */
export interface OwnedKeys {
  kind: "json-keys" | "toml-keys" | "json-members";
  path: string;
  sidecar: string;
  format?: "json" | "jsonc" | "toml";
  key?: string[];
  /** Inferred records of a home the Python original installed (never stored): the keys the profiles manage. */
  legacyKeys?: string[];
  /** Inferred records (never stored): the entry's `legacyTables`, the tables the original may hold under its names. */
  legacyTables?: { container: string[]; names: string[] };
}

/** Named entries we own in a shared JSON file (MCP servers). */
export interface OwnedEntries {
  kind: "json-entries";
  path: string;
  container: string[];
  /** Entry name → digest of the value we wrote ("" for an entry inherited from a legacy record). */
  names: Record<string, string>;
  /** Members we renamed in a list naming these entries (`LegacyRenames`): uninstall takes them out. */
  renamed?: RenamedMember[];
  /** Inferred records of a home the Python original installed (never stored): the entry's `legacyNames`. */
  legacyNames?: string[];
}

/** A name plan wrote into a list of a JSON file in place of the Python original's old name. */
export interface RenamedMember {
  path: string;
  key: string[];
  name: string;
}

/** Our items in a shared hook-list file. */
export interface OwnedLists {
  kind: "json-lists";
  path: string;
  container: string[];
  ownerCommand: string;
  /** Digests of items we wrote that do not run `ownerCommand` (entries with `recordItems`). */
  items?: string[];
  /**
   * Inferred records of a home the Python original installed (never stored): the file's skeleton
   * (`{"version": 1}`); a file left holding only it and an empty container is removed.
   */
  skeleton?: Record<string, unknown>;
  /** Inferred records (never stored): the entry's `legacyCommands`. */
  legacyCommands?: string;
}

/** A block of lines we own between two marker lines of an operator's text file (a shell start-up file). */
export interface OwnedBlock {
  kind: "text-block";
  path: string;
  begin: string;
  end: string;
}

export type OwnedRecord = OwnedFile | OwnedKeys | OwnedEntries | OwnedLists | OwnedBlock;

/** A shared file's state before our first edit. */
export interface OriginalRecord {
  /** "absent", or the path of the saved copy. */
  before: string;
  mode?: number;
  /** Digest of the bytes we last left in the file. */
  written: string;
}

/** One target's part of the ledger. */
export interface TargetLedger {
  owned: OwnedRecord[];
  originals: Record<string, OriginalRecord>;
  /** Legacy MCP names (Python original) not yet migrated into `owned`. */
  legacyMcp: string[];
  /** Directories we created (removed when left empty). */
  dirs?: string[];
  /** Folders on the way to our files that are symbolic links (path → the folder it resolved to when applied). */
  links?: Record<string, string>;
  /** `apply --adopt`: file → JSON pointer of a managed key → the operator's value it replaced (put back by uninstall). */
  adopted?: Record<string, Record<string, unknown>>;
}

/** The whole state file: the raw document (everything we do not manage is preserved) plus parsed parts. */
export interface Ledger {
  raw: Record<string, unknown>;
  /** The text it was read from (undefined when absent), to skip writing when nothing changed. */
  text: string | undefined;
  /** True when the file existed but could not be parsed (it is then backed up: AH5018). */
  unparseable: boolean;
}

/** Parses state.json text (absent or unparseable ⇒ empty) and migrates legacy shapes. */
export function parseLedger(text: string | undefined): Ledger {
  if (text === undefined) return { raw: {}, text, unparseable: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { raw: {}, text, unparseable: true };
  }
  if (!isObject(value)) return { raw: {}, text, unparseable: true };
  return { raw: migrateGlobal(value), text, unparseable: false };
}

/**
 * The Python original's `split_global`: a legacy flat `targets.global` (string fields directly under it) becomes per
 * target records; non-object fields are merged over the `claude` record. Pure.
 */
export function migrateGlobal(doc: Record<string, unknown>): Record<string, unknown> {
  const targets = isObject(doc.targets) ? doc.targets : undefined;
  const global = targets && isObject(targets.global) ? targets.global : undefined;
  if (!targets || !global) return doc;
  const flat = Object.entries(global).filter(([, v]) => !isObject(v));
  if (flat.length === 0) return doc;
  const split: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(global)) if (isObject(v)) split[k] = v;
  split.claude = { ...(isObject(split.claude) ? split.claude : {}), ...Object.fromEntries(flat) };
  return { ...doc, targets: { ...targets, global: split } };
}

function targetRaw(ledger: Ledger, target: string): Record<string, unknown> | undefined {
  const targets = ledger.raw.targets;
  const global = isObject(targets) && isObject(targets.global) ? targets.global : undefined;
  const record = global?.[target];
  return isObject(record) ? record : undefined;
}

/** Reads one target's records. */
export function readTargetLedger(ledger: Ledger, target: string): TargetLedger {
  const raw = targetRaw(ledger, target);
  const owned = Array.isArray(raw?.owned) ? (raw.owned as unknown[]).filter(isOwnedRecord) : [];
  const originals: Record<string, OriginalRecord> = {};
  if (isObject(raw?.originals)) {
    for (const [file, rec] of Object.entries(raw.originals)) {
      if (isObject(rec) && typeof rec.before === "string" && typeof rec.written === "string") {
        originals[file] = { before: rec.before, written: rec.written, ...(typeof rec.mode === "number" ? { mode: rec.mode } : {}) };
      }
    }
  }
  const legacyMcp = new Set<string>();
  // The Python original kept MCP ownership as name lists: per target, and Claude's at top level.
  if (!Array.isArray(raw?.owned)) {
    if (Array.isArray(raw?.managed_mcp)) for (const n of raw.managed_mcp) if (typeof n === "string") legacyMcp.add(n);
    if (target === "claude" && Array.isArray(ledger.raw.managed_mcp_servers))
      for (const n of ledger.raw.managed_mcp_servers) if (typeof n === "string") legacyMcp.add(n);
  }
  const dirs = Array.isArray(raw?.dirs) ? (raw.dirs as unknown[]).filter((d): d is string => typeof d === "string") : [];
  const links: Record<string, string> = {};
  if (isObject(raw?.links)) for (const [link, target] of Object.entries(raw.links)) if (typeof target === "string") links[link] = target;
  const adopted: Record<string, Record<string, unknown>> = {};
  if (isObject(raw?.adopted)) for (const [file, keys] of Object.entries(raw.adopted)) if (isObject(keys)) adopted[file] = { ...keys };
  return {
    owned,
    originals,
    legacyMcp: [...legacyMcp].sort(),
    dirs,
    ...(Object.keys(links).length > 0 ? { links } : {}),
    ...(Object.keys(adopted).length > 0 ? { adopted } : {}),
  };
}

function isOwnedRecord(value: unknown): value is OwnedRecord {
  return isObject(value) && typeof value.kind === "string" && typeof value.path === "string";
}

/**
 * Stores one target's records into the raw document (a target with nothing owned loses its
 * `owned`/`originals`/`managed_mcp` fields; other fields of its record stay).
 */
export function writeTargetLedger(ledger: Ledger, target: string, value: TargetLedger, removeTarget = false): void {
  const targets = isObject(ledger.raw.targets) ? { ...ledger.raw.targets } : {};
  const global = isObject(targets.global) ? { ...targets.global } : {};
  const record = { ...(targetRaw(ledger, target) ?? {}) };
  delete record.owned;
  delete record.originals;
  delete record.managed_mcp;
  delete record.dirs;
  delete record.links;
  delete record.adopted;
  const owned = [...value.owned].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  if (owned.length > 0) record.owned = owned;
  const originalPaths = Object.keys(value.originals).sort();
  if (originalPaths.length > 0) record.originals = Object.fromEntries(originalPaths.map((p) => [p, value.originals[p]]));
  const mcp = new Set<string>(value.legacyMcp);
  for (const rec of owned) if (rec.kind === "json-entries") for (const name of Object.keys(rec.names)) mcp.add(name);
  if (mcp.size > 0) record.managed_mcp = [...mcp].sort();
  if (value.dirs && value.dirs.length > 0) record.dirs = [...value.dirs].sort();
  const links = Object.keys(value.links ?? {}).sort();
  if (links.length > 0) record.links = Object.fromEntries(links.map((l) => [l, (value.links as Record<string, string>)[l]]));
  const adopted = Object.keys(value.adopted ?? {})
    .filter((f) => Object.keys(value.adopted?.[f] ?? {}).length > 0)
    .sort();
  if (adopted.length > 0)
    record.adopted = Object.fromEntries(
      adopted.map((f) => [
        f,
        Object.fromEntries(
          Object.entries((value.adopted as Record<string, Record<string, unknown>>)[f] as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        ),
      ]),
    );
  if (removeTarget || Object.keys(record).length === 0) delete global[target];
  else global[target] = record;
  targets.global = global;
  ledger.raw = { ...ledger.raw, targets };
  // Nothing recorded for any target, and nothing else under `targets`: the key goes too.
  if (Object.keys(global).length === 0 && Object.keys(targets).length === 1) {
    const { targets: _empty, ...rest } = ledger.raw;
    ledger.raw = rest;
  }
  // Claude's legacy top-level list is superseded by the per-target record once migrated.
  if (target === "claude" && "managed_mcp_servers" in ledger.raw && owned.length + value.legacyMcp.length >= 0) {
    const { managed_mcp_servers: _dropped, ...rest } = ledger.raw;
    ledger.raw = rest;
  }
}

/** The ledger's text; undefined when it records nothing at all (the file is then removed). */
export function serializeLedger(ledger: Ledger): string | undefined {
  const targets = ledger.raw.targets;
  const emptyTargets = isObject(targets) && Object.keys(targets).every((k) => isObject(targets[k]) && Object.keys(targets[k] as object).length === 0);
  if (Object.keys(ledger.raw).length === 0 || (Object.keys(ledger.raw).length === 1 && emptyTargets)) return undefined;
  return serializeJson(ledger.raw, defaultJsonStyle);
}

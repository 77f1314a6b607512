/**
 * Managed values in a file shared with the operator or the client, JSON (`json-keys`) or TOML
 * (`toml-keys`), one algorithm behind an equality parameter (TOML values compare by their JSON
 * form). A key is written when absent, equal to the recorded value, or already equal to the
 * desired value; otherwise the operator's value stays (AH5001 after we wrote it; AH5039 when set
 * before we managed it, or adopted with `--adopt`), except an `enforced` value, which is set back
 * (AH5043). Values are recorded in the sidecar; keys no longer wanted go while they hold what we
 * wrote (or get the operator's adopted value back). TOML `defaults` are filled in only when absent.
 */
import path from "node:path";
import type { JsonKeysEntry, JsonStyle, TomlKeysEntry } from "../../desired-tree";
import { legacyRoots, withdrawRoots } from "../../uninstall/trusted-folders";
import type { OwnedKeys, TargetLedger } from "../../state/ledger";
import type { FileRecord } from "../../state/sidecar";
import { cloneJson, equalWith, fromPointer, isObject, jsonEqual, showValue, toPointer } from "../json-value";
import { inFileRecord, runsLegacyRuntime, runsLegacyServer } from "../legacy";
import { decoder, detectStyle, tightenMode, type PlanRun, type Work } from "../plan-run";
import type { EntryKind } from "./entry-kind";

/** The document operations the algorithm needs (JsonDocument and TomlDocument both have them). */
interface KeyedDocument {
  get(path: readonly string[]): unknown;
  set(path: readonly string[], value: unknown): void;
  remove(path: readonly string[], pruneEmpty?: boolean): void;
}

/** What differs between the formats. */
interface KeyedFormat {
  kind: "json-keys" | "toml-keys";
  /** Whether two values are the same setting. */
  equal(a: unknown, b: unknown): boolean;
  /** The path's document; undefined when another kind of entry already holds the path. */
  open(run: PlanRun, w: Work, style: JsonStyle, comments: boolean): KeyedDocument | undefined;
  /** The Python original's in-file record keeps a table per top-level key (TOML). */
  tablesPerSubKey: boolean;
}

const JSON_FORMAT: KeyedFormat = {
  kind: "json-keys",
  equal: jsonEqual,
  open: (run, w, style, comments) => (w.doc && w.doc.kind !== "json" ? undefined : run.jsonDoc(w, style, comments)),
  tablesPerSubKey: false,
};

const TOML_FORMAT: KeyedFormat = {
  kind: "toml-keys",
  equal: (a, b) => equalWith(a, b, tomlLeaf),
  open: (run, w) => (w.doc && w.doc.kind !== "toml" ? undefined : run.tomlDoc(w)),
  tablesPerSubKey: true,
};

export const jsonKeys: EntryKind<JsonKeysEntry, OwnedKeys> = {
  plan: (run, target, entry, prev, next) => planKeys(run, target, entry, prev, next, JSON_FORMAT, entry.style, entry.format === "jsonc"),
  strip: (run, target, record) => stripKeys(run, target, record, JSON_FORMAT),
  legacy: (entry) => ({
    kind: "json-keys",
    path: entry.path,
    sidecar: entry.sidecar,
    format: entry.format,
    legacyKeys: entry.keys.map((k) => toPointer(k.key)),
  }),
};

export const tomlKeys: EntryKind<TomlKeysEntry, OwnedKeys> = {
  plan: (run, target, entry, prev, next) => planKeys(run, target, entry, prev, next, TOML_FORMAT, undefined, false),
  strip: (run, target, record) => stripKeys(run, target, record, TOML_FORMAT),
  legacy: (entry) => ({
    kind: "toml-keys",
    path: entry.path,
    sidecar: entry.sidecar,
    format: "toml",
    ...(entry.legacyTables ? { legacyTables: { container: [...entry.legacyTables.container], names: [...entry.legacyTables.names] } } : {}),
  }),
};

function planKeys(
  run: PlanRun,
  target: string,
  entry: JsonKeysEntry | TomlKeysEntry,
  prev: TargetLedger,
  next: TargetLedger,
  format: KeyedFormat,
  style: JsonStyle | undefined,
  comments: boolean,
): void {
  const w = run.work(target, entry.path, entry.mode);
  tightenMode(w, entry.mode);
  w.entries.push(entry);
  const doc = format.open(run, w, style as JsonStyle, comments) as KeyedDocument;
  const side = run.sidecarRecord(entry.sidecar, entry.path, target);
  const record: FileRecord = cloneJson(side.record);
  // The Python original's in-file record counts when the sidecar has none.
  const legacy = inFileRecord(doc, format.tablesPerSubKey);
  if (Object.keys(record.keys).length === 0 && legacy) Object.assign(record.keys, legacy);
  const { equal } = format;
  const wanted = new Set<string>();
  for (const item of entry.keys) {
    const { key, value } = item;
    const pointer = toPointer(key);
    wanted.add(pointer);
    const current = doc.get(key);
    const adopted = prev.adopted?.[entry.path]?.[pointer];
    if (adopted !== undefined) keepAdopted(next, entry.path, pointer, adopted);
    if (current === undefined || current === null || equal(current, record.keys[pointer]) || equal(current, value)) {
      if (!equal(current, value)) doc.set(key, value);
      record.keys[pointer] = cloneJson(value);
    } else if (isLegacyTable(entry, key) && runsLegacyServer(toJsonish(current))) {
      // The Python original's table under a name it used for its own server: ours to replace.
      run.note("AH5044", entry.path, { name: key[key.length - 1] as string, container: key.slice(0, -1).join(".") });
      doc.set(key, value);
      record.keys[pointer] = cloneJson(value);
    } else if ("enforced" in item && item.enforced) {
      // A value that keeps the guardrails on is not the operator's to keep by editing the file
      // (an agent can edit it too): it is set back, and the warning says where to switch off instead.
      run.note("AH5043", entry.path, { key: key.join("."), current: showValue(current), desired: showValue(value) });
      doc.set(key, value);
      record.keys[pointer] = cloneJson(value);
    } else if (adoptKey(run, w, entry.path, key, toJsonish(current), value, record.keys[pointer], next)) {
      doc.set(key, value);
      record.keys[pointer] = cloneJson(value);
    }
  }
  // Keys we managed before and no longer want go (or get the operator's adopted value back), when they still hold what we wrote.
  for (const [pointer, value] of Object.entries(record.keys)) {
    if (wanted.has(pointer)) continue;
    const key = fromPointer(pointer);
    if (equal(doc.get(key), value)) {
      const adopted = prev.adopted?.[entry.path]?.[pointer];
      if (adopted !== undefined) doc.set(key, adopted);
      else doc.remove(key, key.length > 1);
    }
    delete record.keys[pointer];
  }
  const wantedDefaults = new Set<string>();
  for (const { key, value } of "defaults" in entry ? (entry.defaults ?? []) : []) {
    const pointer = toPointer(key);
    wantedDefaults.add(pointer);
    const current = doc.get(key);
    if (current === undefined || equal(current, value)) {
      // Absent, or already exactly ours (e.g. written by an apply that was interrupted before its record).
      if (current === undefined) doc.set(key, value);
      record.defaults[pointer] = cloneJson(value);
    } else if (pointer in record.defaults && equal(current, record.defaults[pointer]) && !equal(current, value)) {
      doc.set(key, value); // a default we filled in follows the profile
      record.defaults[pointer] = cloneJson(value);
    }
  }
  for (const [pointer, value] of Object.entries(record.defaults)) {
    if (wantedDefaults.has(pointer)) continue;
    const key = fromPointer(pointer);
    if (equal(doc.get(key), value)) doc.remove(key, key.length > 1);
    delete record.defaults[pointer];
  }
  // The Python original's tables under names we no longer write (no record of ours holds them).
  const legacyTables = "legacyTables" in entry ? entry.legacyTables : undefined;
  for (const name of legacyTables?.names ?? []) {
    const key = [...legacyTables!.container, name];
    if (wanted.has(toPointer(key)) || toPointer(key) in record.keys) continue;
    const current = doc.get(key);
    if (current === undefined) continue;
    const args = { name, container: legacyTables!.container.join(".") };
    if (runsLegacyServer(toJsonish(current))) {
      doc.remove(key, true);
      run.note("AH5044", entry.path, args);
    } else run.note("AH5045", entry.path, args);
  }
  // The in-file record goes once read into the sidecar; `remove` lists other keys to drop.
  for (const key of entry.remove ?? []) doc.remove(key);
  if (legacy) doc.remove(["agentihooks"]);
  side.commit(record);
  next.owned.push({ kind: format.kind, path: entry.path, sidecar: entry.sidecar, format: entry.kind === "json-keys" ? entry.format : "toml" });
}

function stripKeys(run: PlanRun, target: string, owned: OwnedKeys, format: KeyedFormat): void {
  const file = owned.path;
  const w = run.work(target, file, 0o644);
  if (w.before === undefined) return run.dropRecord(target, owned.sidecar, file);
  const side = run.sidecarRecord(owned.sidecar, file, target);
  const record = side.record;
  const doc = format.open(run, w, detectStyle(w.before), true);
  if (!doc || w.reset) return;
  const keys: Record<string, unknown> = { ...record.keys, ...record.defaults };
  if (Object.keys(record.keys).length === 0) Object.assign(keys, inFileRecord(doc, format.tablesPerSubKey));
  // No record at all (a home the Python original installed): a key the profiles manage goes only
  // when its value runs the original's runtime (`python -m hooks.…`), as its own teardown did.
  if (Object.keys(keys).length === 0) {
    for (const pointer of owned.legacyKeys ?? []) {
      const value = doc.get(fromPointer(pointer));
      if (value !== undefined && runsLegacyRuntime(value)) keys[pointer] = value;
    }
    // A table under a name the original gave its server goes only when it runs that server (AH5047); yours stays (AH5045).
    for (const name of owned.legacyTables?.names ?? []) {
      const key = [...owned.legacyTables!.container, name];
      const current = doc.get(key);
      if (current === undefined) continue;
      const args = { name, container: owned.legacyTables!.container.join(".") };
      if (runsLegacyServer(toJsonish(current))) {
        doc.remove(key, true);
        run.note("AH5047", file, args);
      } else run.note("AH5045", file, args);
    }
  }
  const trusted = run.options.uninstall && format.kind === "json-keys" ? doc.get(["trustedFolders"]) : undefined;
  // Read before the legacy statusLine goes: its `cd DIR` names a root to withdraw.
  const roots = Array.isArray(trusted) ? agentihooksRoots(run, file, doc.get(["statusLine"])) : [];
  for (const [pointer, value] of Object.entries(keys)) {
    const key = fromPointer(pointer);
    if (!format.equal(doc.get(key), value)) continue;
    const adopted = pointer in record.defaults ? undefined : run.adoptedBefore(target, file, pointer);
    if (adopted !== undefined) doc.set(key, adopted);
    else doc.remove(key, key.length > 1);
  }
  doc.remove(["agentihooks"]);
  const withdrawn = Array.isArray(trusted) ? withdrawRoots(trusted, roots) : undefined;
  if (withdrawn && withdrawn.length > 0) doc.set(["trustedFolders"], withdrawn);
  else if (withdrawn) doc.remove(["trustedFolders"]);
  const left = cloneJson(record);
  left.keys = {};
  left.defaults = {};
  side.commit(left);
}

/**
 * Copilot's `trustedFolders` roots uninstall withdraws (compiler/uninstall/trusted-folders.ts): the
 * agentihooks home, and the roots the Python original ran from, read from its status line and from
 * its hook wrapper beside `file`.
 */
function agentihooksRoots(run: PlanRun, file: string, statusLine: unknown): string[] {
  const texts = [isObject(statusLine) && typeof statusLine.command === "string" ? statusLine.command : ""];
  const wrapper = run.read(path.join(path.dirname(file), "agentihooks-hook.sh"));
  if (wrapper) texts.push(decoder.decode(wrapper));
  return [run.ctx.env.agentihooksHome, ...legacyRoots(texts)];
}

/**
 * A managed key whose value differs from the profile's and from what we recorded. With a record
 * it is a hand edit (AH5001, kept). Without one the operator set it before we managed it: kept
 * and reported with both values (AH5039), or with `adopt` taken over (true), the operator's value
 * saved in the ledger for uninstall (AH5040).
 */
function adoptKey(run: PlanRun, w: Work, file: string, key: string[], current: unknown, desired: unknown, recorded: unknown, next: TargetLedger): boolean {
  const args = { key: key.join("."), current: showValue(current), desired: showValue(desired) };
  if (recorded !== undefined) {
    w.conflicts++;
    run.note("AH5001", file, { ...args, recorded: showValue(recorded) });
    return false;
  }
  if (!run.options.adopt) {
    w.conflicts++;
    run.note("AH5039", file, args);
    return false;
  }
  keepAdopted(next, file, toPointer(key), cloneJson(current));
  run.note("AH5040", file, args);
  return true;
}

/** True when `key` is one of the entry's `legacyTables` (a whole table under its container). */
function isLegacyTable(entry: JsonKeysEntry | TomlKeysEntry, key: readonly string[]): boolean {
  const legacy = "legacyTables" in entry ? entry.legacyTables : undefined;
  return (
    legacy !== undefined &&
    key.length === legacy.container.length + 1 &&
    legacy.container.every((part, i) => key[i] === part) &&
    legacy.names.includes(key[key.length - 1] as string)
  );
}

/** Keeps an adopted operator value in the next ledger. */
function keepAdopted(next: TargetLedger, file: string, pointer: string, value: unknown): void {
  next.adopted ??= {};
  (next.adopted[file] ??= {})[pointer] = value;
}

/** A TOML value as JSON has it (integers are bigints, dates Date objects in the parsed document). */
function toJsonish(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJsonish);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonish(v)]));
  return value;
}

function tomlLeaf(value: unknown): unknown {
  return typeof value === "bigint" ? Number(value) : value instanceof Date ? value.toISOString() : value;
}

/**
 * Sidecars: `.agentihooks-managed.json` beside a shared file, recording the value we last wrote for
 * each managed key (and the members we added to lists, and the defaults we filled in). That record
 * is how "the operator edited it" is told apart from "the profile changed".
 *
 * Format (version 2), one section per file of the directory, keys as JSON pointers:
 *   {"version": 2, "files": {"settings.json": {"keys": {"/statusLine": …}, "members": {"/disabledMcpServers": ["x"]}, "defaults": {}}}}
 * The Python original wrote a flat `{key: value}` object; it is read as a legacy record of top-level
 * keys and migrated on the next write.
 */
import { isObject, toPointer } from "../plan/json-value";
import { serializeJson } from "../serialize/json";
import { defaultJsonStyle } from "../desired-tree";

/** What we recorded for one shared file. */
export interface FileRecord {
  /** Managed key (pointer) → value last written. */
  keys: Record<string, unknown>;
  /** List key (pointer) → members we added. */
  members: Record<string, string[]>;
  /** Default key (pointer) → value we filled in because the operator had none. */
  defaults: Record<string, unknown>;
}

/** A parsed sidecar: sections per file name, plus a legacy flat record if the file was the Python original's. */
export interface Sidecar {
  files: Record<string, FileRecord>;
  legacy?: FileRecord;
}

/** An empty record. */
export function emptyFileRecord(): FileRecord {
  return { keys: {}, members: {}, defaults: {} };
}

/** True when a record holds nothing. */
export function isEmptyRecord(record: FileRecord): boolean {
  return Object.keys(record.keys).length === 0 && Object.keys(record.members).length === 0 && Object.keys(record.defaults).length === 0;
}

/** Parses sidecar text; anything unreadable is an empty sidecar (the record is then rebuilt from the file: a value equal to the profile's is ours again, docs/cli.md "What agentihooks owns"). */
export function parseSidecar(text: string | undefined): Sidecar {
  if (text === undefined) return { files: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { files: {} };
  }
  if (!isObject(value)) return { files: {} };
  if (value.version === 2 && isObject(value.files)) {
    const files: Record<string, FileRecord> = {};
    for (const [name, section] of Object.entries(value.files)) {
      if (!isObject(section)) continue;
      files[name] = {
        keys: isObject(section.keys) ? { ...section.keys } : {},
        members: isObject(section.members)
          ? Object.fromEntries(
              Object.entries(section.members)
                .filter(([, v]) => Array.isArray(v))
                .map(([k, v]) => [k, (v as unknown[]).map(String)]),
            )
          : {},
        defaults: isObject(section.defaults) ? { ...section.defaults } : {},
      };
    }
    return { files };
  }
  return { files: {}, legacy: legacyFlatRecord(value) };
}

/** The Python original's flat record `{key: value}` (top-level keys, objects compared whole). */
export function legacyFlatRecord(value: Record<string, unknown>): FileRecord {
  const record = emptyFileRecord();
  for (const [key, v] of Object.entries(value)) record.keys[toPointer([key])] = v;
  return record;
}

/** The record for `fileName` in a sidecar: its own section, else the legacy flat record. */
export function recordFor(sidecar: Sidecar, fileName: string): FileRecord | undefined {
  return sidecar.files[fileName] ?? sidecar.legacy;
}

/** Serialises a sidecar (sections and keys sorted, so it is stable); undefined when it holds nothing. */
export function serializeSidecar(files: Record<string, FileRecord>): string | undefined {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(files).sort()) {
    const record = files[name] as FileRecord;
    if (isEmptyRecord(record)) continue;
    const section: Record<string, unknown> = {};
    if (Object.keys(record.keys).length > 0) section.keys = sortObject(record.keys);
    if (Object.keys(record.members).length > 0) section.members = sortObject(record.members);
    if (Object.keys(record.defaults).length > 0) section.defaults = sortObject(record.defaults);
    out[name] = section;
  }
  if (Object.keys(out).length === 0) return undefined;
  return serializeJson({ version: 2, files: out }, defaultJsonStyle);
}

function sortObject<T>(value: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, value[k] as T]),
  );
}

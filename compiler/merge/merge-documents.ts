/**
 * The settings merge (docs/profiles.md, "Settings: the deep merge"), with provenance: objects merge key by key, arrays under
 * a `hooks` key (`hooks.<Event>`) append, every other value (scalars, other arrays, type
 * mismatches) is replaced by the later layer. The value is merged by deepmerge-ts; the provenance
 * walk below follows the same three rules and records, for each JSON pointer, the layer that set it
 * last, so `inspect` can answer "why is this value set?".
 */
import { deepmergeCustom } from "deepmerge-ts";
import type { MergedDocument, Origin } from "../ir";
import { escapePointer, isPlainObject } from "../json-object";

export { escapePointer, isPlainObject };

/** One layer to merge: its value and where it came from. */
export interface MergeLayer {
  value: Record<string, unknown>;
  origin: Origin;
  /** Line and column of a pointer inside this layer's file, when known. */
  locate?: (pointer: string) => { line: number; column: number } | undefined;
}

/** Merge metadata: the key path from the document root to the value being merged. */
interface PathMeta {
  path: readonly string[];
}

/** True when an array at `path` appends across layers: its parent key is `hooks`. */
export function isAppendArray(path: readonly string[]): boolean {
  return path.length >= 2 && path[path.length - 2] === "hooks";
}

const mergeValues = deepmergeCustom<unknown, {}, PathMeta>(
  {
    metaDataUpdater: (previous, info) => ({ path: [...(previous?.path ?? []), String(info.key)] }),
    mergeArrays: (values, _utils, meta) => (isAppendArray(meta?.path ?? []) ? values.flat() : values[values.length - 1]),
  },
  { path: [] },
);

/** Merges layers in order (later wins) and records provenance. Inputs are not modified. */
export function mergeDocuments(layers: readonly MergeLayer[]): MergedDocument {
  const value = cloneTree(layers.length === 0 ? {} : mergeValues(...layers.map((l) => l.value))) as Record<string, unknown>;
  const record: ProvenanceRecord = { provenance: {}, overridden: {} };
  let sofar: unknown = {};
  for (const layer of layers) {
    recordLayer(layer, layer.value, sofar, "", [], record);
    sofar = mergeValues(sofar, layer.value);
  }
  const merged: MergedDocument = { value, provenance: sortedRecord(record.provenance), layers: layers.map((l) => l.origin) };
  if (Object.keys(record.overridden).length > 0) merged.overridden = sortedRecord(record.overridden);
  return merged;
}

/** Who set each pointer last, and whom they replaced. */
interface ProvenanceRecord {
  provenance: Record<string, Origin>;
  overridden: Record<string, Origin[]>;
}

/** Records which pointers `incoming` sets over `existing`, following the merge rules. */
function recordLayer(layer: MergeLayer, incoming: unknown, existing: unknown, pointer: string, path: readonly string[], record: ProvenanceRecord): void {
  if (isPlainObject(incoming) && isPlainObject(existing)) {
    const keys = Object.keys(incoming);
    for (const key of keys) {
      if (incoming[key] === undefined) continue;
      recordLayer(layer, incoming[key], existing[key], `${pointer}/${escapePointer(key)}`, [...path, key], record);
    }
    if (keys.length === 0 && pointer !== "" && !(pointer in record.provenance)) set(layer, pointer, record);
    return;
  }
  if (Array.isArray(incoming) && Array.isArray(existing) && isAppendArray(path)) {
    incoming.forEach((_item, index) => set(layer, `${pointer}/${existing.length + index}`, record));
    return;
  }
  // Replacement: whatever an earlier layer set below this pointer is gone.
  clearBelow(pointer, record);
  if (isPlainObject(incoming) && Object.keys(incoming).length > 0) {
    // A value replaced by an object: provenance moves to the object's members.
    delete record.provenance[pointer];
    delete record.overridden[pointer];
    for (const key of Object.keys(incoming)) {
      if (incoming[key] === undefined) continue;
      recordLayer(layer, incoming[key], undefined, `${pointer}/${escapePointer(key)}`, [...path, key], record);
    }
    return;
  }
  if (Array.isArray(incoming) && isAppendArray(path)) {
    incoming.forEach((_item, index) => set(layer, `${pointer}/${index}`, record));
    if (incoming.length > 0) return;
  }
  set(layer, pointer, record);
}

function set(layer: MergeLayer, pointer: string, record: ProvenanceRecord): void {
  const at = layer.locate?.(pointer);
  const previous = record.provenance[pointer];
  if (previous) (record.overridden[pointer] ??= []).push(previous);
  record.provenance[pointer] = at ? { ...layer.origin, pointer, line: at.line, column: at.column } : { ...layer.origin, pointer };
}

/** Forgets what earlier layers set strictly below `pointer` (the pointer itself is replaced by `set`). */
function clearBelow(pointer: string, record: ProvenanceRecord): void {
  const prefix = `${pointer}/`;
  for (const key of Object.keys(record.provenance)) {
    if (!key.startsWith(prefix)) continue;
    delete record.provenance[key];
    delete record.overridden[key];
  }
}

/** Copies plain objects and arrays so the merged value shares nothing with the parsed layers; other values (TOML dates) are kept as they are. */
function cloneTree(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneTree);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = cloneTree(item);
    return out;
  }
  return value;
}

/** Pointer order in output is document order within a layer; sort for a stable record. */
function sortedRecord<T>(record: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) out[key] = record[key] as T;
  return out;
}

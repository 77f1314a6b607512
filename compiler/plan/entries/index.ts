/** Every entry kind the planner knows, by the `kind` a desired entry and its ownership record share. */
import type { DesiredEntry, DesiredTree } from "../../desired-tree";
import type { OwnedRecord, TargetLedger } from "../../state/ledger";
import type { PlanRun } from "../plan-run";
import type { EntryKind } from "./entry-kind";
import { wholeFile } from "./file";
import { hookLists } from "./hook-lists";
import { jsonKeys, tomlKeys } from "./keyed-values";
import { managedRegion } from "./managed-region";
import { members } from "./members";
import { namedEntries } from "./named-entries";
import { textBlock } from "./text-block";

type Kind = DesiredEntry["kind"];
type EntryOf<K extends Kind> = Extract<DesiredEntry, { kind: K }>;
/** The record type whose `kind` may be K (OwnedFile serves both whole files and persona files). */
type RecordOf<K extends Kind> = OwnedRecord extends infer R ? (R extends { kind: infer RK } ? (K extends RK ? R : never) : never) : never;

const KINDS: { readonly [K in Kind]: EntryKind<EntryOf<K>, RecordOf<K>> } = {
  file: wholeFile,
  "managed-region": managedRegion,
  "json-keys": jsonKeys,
  "toml-keys": tomlKeys,
  "json-entries": namedEntries,
  "json-lists": hookLists,
  "json-members": members,
  "text-block": textBlock,
};

function kindOf(kind: Kind): EntryKind<DesiredEntry, OwnedRecord> {
  return KINDS[kind] as unknown as EntryKind<DesiredEntry, OwnedRecord>;
}

/** Plans one entry of `target` (see `EntryKind.plan`). */
export function planEntry(run: PlanRun, target: string, entry: DesiredEntry, prev: TargetLedger, next: TargetLedger): void {
  kindOf(entry.kind).plan(run, target, entry, prev, next);
}

/** Takes out what a record of ours holds (see `EntryKind.strip`). */
export function stripRecord(run: PlanRun, target: string, record: OwnedRecord): void {
  kindOf(record.kind).strip(run, target, record);
}

/**
 * The records a Python-original install implies, from the desired tree: the same paths, keys,
 * lists and markers (the original used the same wrapper paths, persona markers, sidecars and
 * manifests), MCP names from its `managed_mcp` lists. Used only when our ledger has no record.
 */
export function legacyRecordsFor(tree: DesiredTree, legacyMcp: readonly string[]): OwnedRecord[] {
  return tree.entries.map((entry) => kindOf(entry.kind).legacy(entry, legacyMcp));
}

/**
 * Named entries in an object of a shared JSON file (MCP servers in `mcp-config.json` or the Claude
 * state file): ours when recorded (with the digest of what we wrote); an operator's same-named
 * entry wins (AH5004); an owned entry edited since we wrote it is left alone (AH5005). Under the
 * entry's `legacyNames`, one that runs the Python original's runtime is ours too (AH5044), and
 * without any record uninstall removes it (AH5047). Where the original's name has a new one
 * (`legacyRenames`), the lists naming it are renamed after every entry is planned (legacy.ts).
 */
import type { JsonEntriesEntry } from "../../desired-tree";
import type { OwnedEntries } from "../../state/ledger";
import { digestOf } from "../digest";
import { canonicalJson, jsonEqual } from "../json-value";
import { legacyOf, runsLegacyServer } from "../legacy";
import { detectStyle, tightenMode, type PlanRun } from "../plan-run";
import type { EntryKind } from "./entry-kind";
import { withdrawRenamed } from "./members";

export const namedEntries: EntryKind<JsonEntriesEntry, OwnedEntries> = {
  plan(run, target, entry, prev, next) {
    const w = run.work(target, entry.path, entry.mode);
    tightenMode(w, entry.mode);
    w.entries.push(entry);
    const doc = run.jsonDoc(w, entry.style, true, entry.skeleton);
    const recorded = run
      .recordsOf(prev, "json-entries", entry.path)
      .find((r): r is OwnedEntries => r.kind === "json-entries" && jsonEqual(r.container, entry.container));
    // Without a record of ours, the names the Python original listed (`managed_mcp`) are ours.
    const owned: Record<string, string> = recorded ? { ...recorded.names } : Object.fromEntries(prev.legacyMcp.map((n) => [n, ""]));
    const names: Record<string, string> = {};
    const record: OwnedEntries = { kind: "json-entries", path: entry.path, container: [...entry.container], names };
    if (recorded?.renamed && recorded.renamed.length > 0) record.renamed = recorded.renamed.map((m) => ({ ...m, key: [...m.key] }));
    const containerName = entry.container.join(".");
    for (const [name, value] of Object.entries(entry.entries)) {
      const key = [...entry.container, name];
      const current = doc.get(key);
      const digest = run.keepsLedger ? itemDigest(value) : "";
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
          run.note("AH5005", entry.path, { name, container: containerName });
        }
      } else if (entry.legacyNames?.includes(name) && runsLegacyServer(current)) {
        doc.set(key, value);
        names[name] = digest;
        run.note("AH5044", entry.path, { name, container: containerName });
      } else {
        w.conflicts++;
        run.note("AH5004", entry.path, { name, container: containerName });
      }
    }
    // The Python original's entries under names we no longer write (no record of ours holds them).
    for (const name of entry.legacyNames ?? []) {
      if (name in entry.entries || name in owned) continue;
      const key = [...entry.container, name];
      const current = doc.get(key);
      if (current === undefined) continue;
      if (runsLegacyServer(current)) {
        doc.remove(key);
        run.note("AH5044", entry.path, { name, container: containerName });
        migrated(run, target, entry, record, name);
      } else run.note("AH5045", entry.path, { name, container: containerName });
    }
    // Entries we owned and no longer want.
    for (const [name, recordedDigest] of Object.entries(owned)) {
      if (name in entry.entries) continue;
      const key = [...entry.container, name];
      const current = doc.get(key);
      if (current === undefined) continue;
      if (recordedDigest === "" || recordedDigest === itemDigest(current)) {
        doc.remove(key);
        migrated(run, target, entry, record, name);
      } else run.note("AH5005", entry.path, { name, container: containerName });
    }
    next.owned.push(record);
  },

  strip(run, target, record) {
    for (const member of record.renamed ?? []) withdrawRenamed(run, target, member);
    const w = run.work(target, record.path, 0o644);
    if (w.before === undefined || (w.doc && w.doc.kind !== "json")) return;
    const doc = run.jsonDoc(w, detectStyle(w.before), true);
    if (w.reset) return;
    for (const [name, digest] of Object.entries(record.names)) {
      const key = [...record.container, name];
      const current = doc.get(key);
      if (current === undefined) continue;
      if (digest === "" || digest === itemDigest(current)) doc.remove(key);
      else run.note("AH5005", record.path, { name, container: record.container.join(".") });
    }
    // No record at all (a home the Python original installed): under the names it used, an entry
    // that runs its server goes, as its own teardown did; anything else is the operator's (AH5045).
    for (const name of record.legacyNames ?? []) {
      if (name in record.names) continue;
      const key = [...record.container, name];
      const current = doc.get(key);
      if (current === undefined) continue;
      const args = { name, container: record.container.join(".") };
      if (runsLegacyServer(current)) {
        doc.remove(key);
        run.note("AH5047", record.path, args);
      } else run.note("AH5045", record.path, args);
    }
  },

  legacy(entry, legacyMcp) {
    const names = Object.fromEntries(legacyMcp.filter((n) => n in entry.entries).map((n) => [n, ""]));
    return {
      kind: "json-entries",
      path: entry.path,
      container: [...entry.container],
      names,
      ...(entry.legacyNames ? { legacyNames: [...entry.legacyNames] } : {}),
    };
  },
};

/** The Python original's entry `name` is gone from the file: where it has a new name this plan writes, the lists naming it follow (`LegacyRenames`). */
function migrated(run: PlanRun, target: string, entry: JsonEntriesEntry, record: OwnedEntries, name: string): void {
  const renames = entry.legacyRenames;
  const to = renames && Object.hasOwn(renames.names, name) ? renames.names[name] : undefined;
  if (to !== undefined && Object.hasOwn(record.names, to)) legacyOf(run).queueRename(target, record, name, to, renames!.lists);
}

/** Digest of an item's canonical JSON (key order ignored). */
export function itemDigest(item: unknown): string {
  return digestOf(canonicalJson(item));
}

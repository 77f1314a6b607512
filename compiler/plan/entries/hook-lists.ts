/**
 * Hook registrations in a shared JSON file: per event, a list holding our items and the
 * operator's. An item whose command starts with our wrapper is ours (and, with `recordItems`, one
 * equal to an item we wrote or want); so is one running a command the Python original listed
 * (`legacyCommands`). Everything else keeps its order; ours go first or last as the entry says.
 */
import type { JsonListsEntry } from "../../desired-tree";
import type { OwnedLists } from "../../state/ledger";
import { parseJsonText } from "../json-document";
import { cloneJson, isObject, jsonEqual } from "../json-value";
import { legacyOf } from "../legacy";
import { decoder, detectStyle, tightenMode, type PlanRun } from "../plan-run";
import type { EntryKind } from "./entry-kind";
import { itemDigest } from "./named-entries";

export const hookLists: EntryKind<JsonListsEntry, OwnedLists> = {
  plan(run, target, entry, prev, next) {
    const w = run.work(target, entry.path, entry.mode);
    tightenMode(w, entry.mode);
    w.entries.push(entry);
    const doc = run.jsonDoc(w, entry.style, true, entry.skeleton);
    const existing = doc.get(entry.container);
    const container = isObject(existing) ? existing : {};
    // With `recordItems`, an item equal to one we wrote before (or to one we want now) is ours too.
    // The digests are made on the first existing item that needs them (a new file has none).
    let recorded: Set<string> | undefined;
    const recordedDigests = (): Set<string> => {
      if (recorded) return recorded;
      recorded = new Set<string>();
      if (entry.recordItems) {
        const old = run
          .recordsOf(prev, "json-lists", entry.path)
          .find((r): r is OwnedLists => r.kind === "json-lists" && jsonEqual(r.container, entry.container));
        for (const d of old?.items ?? []) recorded.add(d);
        for (const list of Object.values(entry.lists)) for (const item of list) recorded.add(itemDigest(item));
      }
      return recorded;
    };
    const legacy = legacyOf(run).hookCommands(entry.legacyCommands);
    const ours = (item: unknown): boolean =>
      isOurItem(item, entry.ownerCommand) ||
      (entry.recordItems === true && recordedDigests().size > 0 && recordedDigests().has(itemDigest(item))) ||
      runsAny(item, legacy);
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
    if (entry.recordItems && run.keepsLedger) {
      const digests = new Set<string>();
      for (const list of Object.values(entry.lists)) for (const item of list) if (!isOurItem(item, entry.ownerCommand)) digests.add(itemDigest(item));
      if (digests.size > 0) record.items = [...digests].sort();
    }
    next.owned.push(record);
  },

  strip(run, target, record) {
    const file = record.path;
    const w = run.work(target, file, 0o644);
    if (w.before === undefined || (w.doc && w.doc.kind !== "json")) return;
    if (!w.doc && run.options.uninstall && onlyHookLists(run, file) && !parseJsonText(decoder.decode(w.before), true).ok) {
      // A hooks file holding nothing but hook lists that no longer parses: uninstall cannot take our
      // entries out, so the file is moved whole to a backup (nothing of the operator's is lost, and
      // the client stops loading our hooks from it). A settings file is never moved (see jsonDoc).
      w.backup = run.backupName(file);
      run.note("AH5042", file, { backup: run.display(w.backup) });
      w.doc = { kind: "whole", bytes: undefined };
      return;
    }
    const doc = run.jsonDoc(w, detectStyle(w.before), true);
    if (w.reset) return;
    const lists = doc.get(record.container);
    if (!isObject(lists)) return;
    const items = new Set(record.items ?? []);
    const legacy = legacyOf(run).hookCommands(record.legacyCommands);
    let removed = false;
    for (const [event, list] of Object.entries(lists)) {
      if (!Array.isArray(list)) continue;
      const kept = list.filter((item) => !isOurItem(item, record.ownerCommand) && !items.has(itemDigest(item)) && !runsAny(item, legacy));
      if (kept.length === list.length) continue;
      removed = true;
      if (kept.length === 0) doc.remove([...record.container, event]);
      else doc.set([...record.container, event], kept);
    }
    // A hooks file left holding nothing but its skeleton (`{"version":1,"hooks":{}}`) held only ours: it goes.
    const skeleton = record.skeleton;
    if (removed && skeleton && record.container.length === 1) {
      const rest = doc.get([]);
      if (jsonEqual(rest, skeleton) || jsonEqual(rest, { ...skeleton, [record.container[0] as string]: {} })) w.doc = { kind: "whole", bytes: undefined };
    }
  },

  legacy(entry) {
    return {
      kind: "json-lists",
      path: entry.path,
      container: [...entry.container],
      ownerCommand: entry.ownerCommand,
      ...(entry.skeleton ? { skeleton: cloneJson(entry.skeleton) } : {}),
      ...(entry.legacyCommands ? { legacyCommands: entry.legacyCommands } : {}),
    };
  },
};

/** True when an item (or a group holding handlers) runs our wrapper: its command is `ownerCommand` alone or followed by whitespace. */
export function isOurItem(item: unknown, ownerCommand: string): boolean {
  if (!isObject(item)) return false;
  // Copilot's repo-scope entries name their command under `bash`.
  const command = typeof item.command === "string" ? item.command : item.bash;
  if (typeof command === "string" && (command === ownerCommand || (command.startsWith(ownerCommand) && /\s/.test(command.charAt(ownerCommand.length)))))
    return true;
  if (Array.isArray(item.hooks)) return item.hooks.some((h) => isOurItem(h, ownerCommand));
  return false;
}

/** True when the item (or a handler of the group) runs exactly one of `commands`. */
function runsAny(item: unknown, commands: ReadonlySet<string>): boolean {
  if (commands.size === 0 || !isObject(item)) return false;
  if (typeof item.command === "string" && commands.has(item.command)) return true;
  return Array.isArray(item.hooks) && item.hooks.some((h) => runsAny(h, commands));
}

/** True when every record of ours for `file` (in the ledgers this run started with) is a hook list. */
function onlyHookLists(run: PlanRun, file: string): boolean {
  const records = [...run.before.values()].flatMap((ledger) =>
    run.recordsOf(ledger, "json-lists", file).length > 0 ? ledger.owned.filter((r) => r.path === file) : [],
  );
  return records.length > 0 && records.every((r) => r.kind === "json-lists");
}

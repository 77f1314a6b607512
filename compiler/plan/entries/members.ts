/**
 * Members we add to (or keep out of) a string array of a shared JSON file (Copilot's
 * `disabledMcpServers`): the members we added are recorded in the sidecar and taken out again when
 * no longer wanted. Planned after every other entry, since `addKeysOf` reads another entry's result.
 */
import type { JsonMembersEntry } from "../../desired-tree";
import type { OwnedKeys, RenamedMember } from "../../state/ledger";
import type { FileRecord } from "../../state/sidecar";
import { parseJsonText } from "../json-document";
import { cloneJson, getPath, isObject, jsonEqual, toPointer } from "../json-value";
import { originalJson } from "../originals";
import { decoder, detectStyle, tightenMode, type PlanRun } from "../plan-run";
import type { EntryKind } from "./entry-kind";

export const members: EntryKind<JsonMembersEntry, OwnedKeys> = {
  plan(run, target, entry, prev, next) {
    const w = run.work(target, entry.path, entry.mode);
    tightenMode(w, entry.mode);
    w.entries.push(entry);
    const doc = run.jsonDoc(w, entry.style, true);
    const side = run.sidecarRecord(entry.sidecar, entry.path, target);
    const record: FileRecord = cloneJson(side.record);
    const pointer = toPointer(entry.key);
    const added = new Set(record.members[pointer] ?? []);
    const currentValue = doc.get(entry.key);
    const current = Array.isArray(currentValue) ? currentValue.filter((m): m is string => typeof m === "string") : [];
    const wanted = new Set(entry.add);
    if (entry.addKeysOf) {
      const source = resultObjectAt(run, entry.addKeysOf.path, entry.addKeysOf.key);
      for (const name of Object.keys(source)) wanted.add(name);
    }
    for (const name of entry.exclude) wanted.delete(name);
    if (entry.unlessListedAt) {
      const enabled = doc.get(entry.unlessListedAt);
      if (Array.isArray(enabled)) for (const name of enabled) if (typeof name === "string") wanted.delete(name);
    }
    // A wanted member that is present but unrecorded is ours when the file as it was before our first
    // edit did not list it (an apply interrupted before its record was written); otherwise the operator's.
    const original = originalJson(run, prev, entry.path);
    if (original !== undefined) {
      const before = getPath(original, entry.key);
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
  },

  strip(run, target, owned) {
    const file = owned.path;
    const key = owned.key ?? [];
    const w = run.work(target, file, 0o644);
    const side = run.sidecarRecord(owned.sidecar, file, target);
    const record = cloneJson(side.record);
    const pointer = toPointer(key);
    const added = new Set(record.members[pointer] ?? []);
    delete record.members[pointer];
    side.commit(record);
    if (w.before === undefined || added.size === 0 || (w.doc && w.doc.kind !== "json")) return;
    const doc = run.jsonDoc(w, detectStyle(w.before), true);
    if (w.reset) return;
    const current = doc.get(key);
    if (!Array.isArray(current)) return;
    const kept = current.filter((m) => !(typeof m === "string" && added.has(m)));
    if (kept.length === current.length) return;
    if (kept.length === 0) doc.remove(key);
    else doc.set(key, kept);
  },

  legacy(entry) {
    return { kind: "json-members", path: entry.path, sidecar: entry.sidecar, key: [...entry.key] };
  },
};

/** The object at `key` in the file at `file` as this plan will leave it (or as it is on disk). */
function resultObjectAt(run: PlanRun, file: string, key: string[]): Record<string, unknown> {
  const w = run.works.get(file);
  if (w?.doc?.kind === "json") {
    const value = w.doc.doc.get(key);
    return isObject(value) ? value : {};
  }
  const bytes = w ? w.before : run.read(file);
  if (bytes === undefined) return {};
  const parsed = parseJsonText(decoder.decode(bytes), true);
  const value = parsed.ok ? getPath(parsed.value, key) : undefined;
  return isObject(value) ? value : {};
}

/**
 * `list` with the member `from` renamed `to` where it stands (dropped instead when `to` is listed
 * already), or undefined when `list` does not hold `from`. The other members and their order stay.
 */
export function renameMember(list: readonly unknown[], from: string, to: string): unknown[] | undefined {
  if (!list.includes(from)) return undefined;
  let placed = list.includes(to);
  const out: unknown[] = [];
  for (const member of list) {
    if (member !== from) out.push(member);
    else if (!placed) {
      out.push(to);
      placed = true;
    }
  }
  return out;
}

/**
 * Takes a member a rename put into a list out again (uninstall, `RenamedMember`): the server it
 * names goes with agentihooks. The operator's other members stay, and so does the list, if only empty.
 */
export function withdrawRenamed(run: PlanRun, target: string, member: RenamedMember): void {
  const w = run.work(target, member.path, 0o644);
  if (w.before === undefined || (w.doc && w.doc.kind !== "json")) return;
  const doc = run.jsonDoc(w, detectStyle(w.before), true);
  if (w.reset) return;
  const current = doc.get(member.key);
  if (!Array.isArray(current) || !current.includes(member.name)) return;
  doc.set(
    member.key,
    current.filter((m) => m !== member.name),
  );
}

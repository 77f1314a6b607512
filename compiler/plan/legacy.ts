/**
 * What the Python original left in a home, read and migrated in one place (docs/cli.md, "What
 * agentihooks owns"): its in-file key record (`agentihooks.managed`), the skill links it made
 * (`managed_links`), and the hook commands it registered, listed under a ledger key the target's
 * hook-list entry names. A switch needs no reinstall: its items are taken over or removed, and its
 * records go from the ledger once migrated.
 */
import type { MemberList } from "../desired-tree";
import type { OwnedEntries } from "../state/ledger";
import { renameMember } from "./entries/members";
import type { JsonDocument } from "./json-document";
import { isObject, toPointer } from "./json-value";
import { detectStyle, type PlanRun } from "./plan-run";

/** The Python original's in-file record of the keys it wrote: key pointer → value; undefined when the file has none. */
export function inFileRecord(doc: { get(path: readonly string[]): unknown }, tablesPerSubKey: boolean): Record<string, unknown> | undefined {
  const legacy = doc.get(["agentihooks", "managed"]);
  if (!isObject(legacy)) return undefined;
  const keys: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(legacy)) {
    // In TOML it kept one table per top-level key (`[agentihooks.managed.tui]`), its sub-keys the managed ones.
    if (tablesPerSubKey && isObject(v)) for (const [sub, sv] of Object.entries(v)) keys[toPointer([k, sub])] = sv;
    else keys[toPointer([k])] = v;
  }
  return keys;
}

/** True when a value (a command, or an object holding one) runs the Python original's runtime: `-m hooks` or `-m hooks.<module>`. */
export function runsLegacyRuntime(value: unknown): boolean {
  return /(^|\s)-m\s+hooks(\.[A-Za-z_][\w.]*)?(\s|"|$)/.test(typeof value === "string" ? value : JSON.stringify(value));
}

/** True when an MCP server entry (`command` and `args`, in any client's file) runs the Python original's runtime (`python -m hooks.mcp`). */
export function runsLegacyServer(value: unknown): boolean {
  if (!isObject(value) || typeof value.command !== "string") return false;
  const args = Array.isArray(value.args) ? value.args.filter((a): a is string => typeof a === "string") : [];
  return runsLegacyRuntime([value.command, ...args].join(" "));
}

/** An entry of the Python original's migrated to its new name: the lists naming it follow once every entry is planned. */
interface PendingRename {
  target: string;
  /** The entries' record as the run leaves it, which notes the members renamed. */
  record: OwnedEntries;
  from: string;
  to: string;
  lists: readonly MemberList[];
}

/** The Python original's top-level ledger records as one run reads them, and which of them it migrates. */
export class LegacyLedger {
  private linkSet: Set<string> | undefined;
  private readonly renames: PendingRename[] = [];
  /** Top-level ledger keys whose records this run has migrated (removed from the ledger at the end). */
  readonly migrated = new Set<string>();

  constructor(private readonly run: PlanRun) {}

  /** Symlinks the Python original recorded as its own (`managed_links[].link`). */
  links(): Set<string> {
    if (!this.linkSet) {
      const links = this.run.ledger.raw.managed_links;
      this.linkSet = new Set(
        Array.isArray(links)
          ? links
              .filter(isObject)
              .map((l) => l.link)
              .filter((l): l is string => typeof l === "string")
          : [],
      );
    }
    return this.linkSet;
  }

  /**
   * The hook commands the Python original listed under `key` (a hook-list entry's `legacyCommands`):
   * its items, not the operator's. Reading them for a hook list this run rewrites migrates them.
   */
  hookCommands(key: string | undefined): Set<string> {
    if (key === undefined) return new Set();
    this.migrated.add(key);
    const list = this.run.ledger.raw[key];
    return new Set(Array.isArray(list) ? list.filter((c): c is string => typeof c === "string") : []);
  }

  /**
   * Uninstall of every target: the symlinks the Python original recorded go, when they are still
   * symlinks (ledger only: a link we did not record is never touched), and so does the list.
   */
  sweepLinks(): void {
    for (const link of this.links()) {
      if (this.run.stat(link)?.kind === "symlink")
        this.run.addExtra({
          target: "agentihooks",
          path: link,
          action: "delete",
          before: undefined,
          after: undefined,
          mode: 0o644,
          bookkeeping: false,
          conflicts: 0,
        });
    }
    this.migrated.add("managed_links");
  }

  /** Notes that plan migrated the Python original's entry `from` to `to` (`LegacyRenames`): see `renameMembers`. */
  queueRename(target: string, record: OwnedEntries, from: string, to: string, lists: readonly MemberList[]): void {
    this.renames.push({ target, record, from, to, lists });
  }

  /**
   * Renames each migrated entry's old name in the lists that name it (AH5046), once every entry
   * but list members is planned (a member entry of the same list then sees the new name). A name
   * the list did not hold yet is recorded, for uninstall to take out with the server.
   */
  renameMembers(): void {
    for (const r of this.renames) {
      for (const list of r.lists) {
        const w = this.run.work(r.target, list.path, 0o644);
        if (w.before === undefined || (w.doc && w.doc.kind !== "json")) continue;
        const doc = this.run.jsonDoc(w, detectStyle(w.before), true);
        if (w.reset) continue;
        for (const key of listKeys(doc, list)) {
          const current = doc.get(key);
          const renamed = Array.isArray(current) ? renameMember(current, r.from, r.to) : undefined;
          if (!renamed) continue;
          doc.set(key, renamed);
          if (!(current as unknown[]).includes(r.to)) (r.record.renamed ??= []).push({ path: list.path, key, name: r.to });
          this.run.note("AH5046", list.path, { from: r.from, to: r.to, list: key.join(".") });
        }
      }
    }
  }

  /** Removes the migrated records from the ledger document. */
  dropMigrated(): void {
    const raw = this.run.ledger.raw;
    if (![...this.migrated].some((key) => key in raw)) return;
    this.run.ledger.raw = Object.fromEntries(Object.entries(raw).filter(([key]) => !this.migrated.has(key)));
  }
}

const ledgers = new WeakMap<PlanRun, LegacyLedger>();

/** The run's view of the Python original's ledger records. */
export function legacyOf(run: PlanRun): LegacyLedger {
  let legacy = ledgers.get(run);
  if (!legacy) {
    legacy = new LegacyLedger(run);
    ledgers.set(run, legacy);
  }
  return legacy;
}

/** The keys of the lists `list` describes in `doc`: its `key`, or that key under every object member of `each`. */
function listKeys(doc: JsonDocument, list: MemberList): string[][] {
  if (!list.each) return [list.key];
  const parent = doc.get(list.each);
  if (!isObject(parent)) return [];
  return Object.keys(parent)
    .filter((name) => isObject(parent[name]))
    .map((name) => [...(list.each as string[]), name, ...list.key]);
}

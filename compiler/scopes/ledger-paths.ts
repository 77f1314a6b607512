/**
 * The repo-scope ownership record is committed with the files it describes, so every clone knows
 * which files and keys are agentihooks' (a teammate's apply refreshes them instead of backing them
 * up as someone else's). Its paths are therefore stored relative to the repository root, and made
 * absolute again when read: the committed record names no machine path.
 */
import path from "node:path";
import { isObject } from "../plan/json-value";
import { parseLedger, type Ledger } from "../state/ledger";
import type { ScopeContext } from "./scope";

/** The ledger document with every recorded path made relative to `root` (paths outside it stay absolute). */
export function relativizeLedger(raw: Record<string, unknown>, root: string): Record<string, unknown> {
  return mapLedgerPaths(raw, (p) => {
    const rel = path.posix.relative(root, p);
    return rel === "" ? "." : rel.startsWith("..") || path.posix.isAbsolute(rel) ? p : rel;
  });
}

/** The ledger document with every relative recorded path resolved against `root`. */
export function absolutizeLedger(raw: Record<string, unknown>, root: string): Record<string, unknown> {
  return mapLedgerPaths(raw, (p) => (path.posix.isAbsolute(p) ? p : path.posix.join(root, p)));
}

// Every field of compiler/state/ledger.ts that holds a path; `before: "absent"` is not one.
function mapLedgerPaths(raw: Record<string, unknown>, map: (p: string) => string): Record<string, unknown> {
  const targets = raw.targets;
  if (!isObject(targets) || !isObject(targets.global)) return raw;
  const global: Record<string, unknown> = {};
  for (const [target, record] of Object.entries(targets.global)) global[target] = isObject(record) ? mapTarget(record, map) : record;
  return { ...raw, targets: { ...targets, global } };
}

function mapTarget(record: Record<string, unknown>, map: (p: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  const str = (v: unknown): unknown => (typeof v === "string" ? map(v) : v);
  if (Array.isArray(record.owned)) {
    out.owned = record.owned.map((o) => {
      if (!isObject(o)) return o;
      const r: Record<string, unknown> = { ...o, path: str(o.path) };
      if ("sidecar" in o) r.sidecar = str(o.sidecar);
      if ("displaced" in o) r.displaced = str(o.displaced);
      if (isObject(o.manifest)) r.manifest = { ...o.manifest, dir: str(o.manifest.dir) };
      if (Array.isArray(o.renamed)) r.renamed = o.renamed.map((m) => (isObject(m) ? { ...m, path: str(m.path) } : m));
      return r;
    });
  }
  if (isObject(record.originals)) {
    out.originals = Object.fromEntries(
      Object.entries(record.originals).map(([file, rec]) => [
        map(file),
        isObject(rec) && typeof rec.before === "string" && rec.before !== "absent" ? { ...rec, before: map(rec.before) } : rec,
      ]),
    );
  }
  if (Array.isArray(record.dirs)) out.dirs = record.dirs.map(str);
  if (isObject(record.links)) out.links = Object.fromEntries(Object.entries(record.links).map(([link, to]) => [map(link), str(to)]));
  if (isObject(record.adopted)) out.adopted = Object.fromEntries(Object.entries(record.adopted).map(([file, keys]) => [map(file), keys]));
  return out;
}

/** Parses the record of `scope` (repo-scope paths resolved against the root): what every reader of state.json uses. */
export function parseScopedLedger(text: string | undefined, scope: ScopeContext | undefined): Ledger {
  const ledger = parseLedger(text);
  return scope?.name === "repo" ? { ...ledger, raw: absolutizeLedger(ledger.raw, scope.root) } : ledger;
}

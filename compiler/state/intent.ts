/**
 * The intent record: `<agentihooksHome>/apply-intent.json`, written (durably) before an apply or
 * uninstall changes the first path and removed after the ownership record is written. It lists
 * every path the run is about to create, replace or remove, with the bytes and mode each held
 * before (or "absent") and the digest of what the run writes there.
 *
 * A run that never finished (killed, power lost, a full disk, an I/O error) leaves the record
 * behind. The next plan, apply or uninstall then sees the homes as they were before that run:
 * every path that holds what the run wrote gets its old bytes and mode back (a path created by the
 * run is removed, and so are the directories it created once empty). A path that holds anything
 * else was changed by someone after the crash and is left alone with a warning. When every path
 * already holds what the run wrote, the run had finished its writes and the record is just dropped.
 * Because the ownership record (state.json) is written last, it always describes the homes this
 * leaves, so `uninstall` after a crash restores them byte for byte.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import type { Environment } from "../environment";
import type { FileSystem } from "../fs/file-system";
import { memoryOverlay } from "../fs/overlay";
import { diagnostic } from "../messages";
import { digestOf } from "../plan/digest";
import { isObject } from "../plan/json-value";

const FORMAT = "agentihooks-intent/1";

/** One path the run writes or removes. */
export interface IntentPath {
  path: string;
  /** The bytes before the run (base64), or null when the path was absent. */
  before: string | null;
  /** Mode before the run (absent paths: none). */
  mode?: number;
  /** Digest of the bytes the run leaves, or null when it removes the path. */
  after: string | null;
}

/** The whole record. */
export interface Intent {
  format: typeof FORMAT;
  /** The writer's process id: its leftover temp files (`.<name>.tmp-<pid>`) are removed with the rest. */
  pid: number;
  paths: IntentPath[];
  /** Directories the run creates (removed on roll-back once empty), deepest first. */
  dirs: string[];
  /** Directories the run removes once empty after its writes (finished by the next run when it was stopped there). */
  prune: string[];
}

/** Where the intent record lives. */
export function intentPath(env: Pick<Environment, "agentihooksHome">): string {
  return path.join(env.agentihooksHome, "apply-intent.json");
}

/** One write the run is about to make: `after` undefined removes the path. */
export interface IntendedWrite {
  path: string;
  after: Uint8Array | undefined;
}

/**
 * The intent record for `writes` as the disk holds them now (`fs` is read for each path's current
 * bytes and mode, and for the directories that do not exist yet).
 */
export function makeIntent(writes: readonly IntendedWrite[], prune: readonly string[], fs: FileSystem, pid: number): Intent {
  const seen = new Set<string>();
  const paths: IntentPath[] = [];
  const dirs = new Set<string>();
  for (const w of writes) {
    if (seen.has(w.path)) continue;
    seen.add(w.path);
    const bytes = fs.read(w.path);
    const info = bytes === undefined ? undefined : fs.stat(w.path);
    paths.push({
      path: w.path,
      before: bytes === undefined ? null : Buffer.from(bytes).toString("base64"),
      ...(info ? { mode: info.mode } : {}),
      after: w.after === undefined ? null : digestOf(w.after),
    });
    if (w.after === undefined) continue;
    for (let dir = path.dirname(w.path); dir !== path.dirname(dir) && !dirs.has(dir) && fs.stat(dir) === undefined; dir = path.dirname(dir)) dirs.add(dir);
  }
  return { format: FORMAT, pid, paths, dirs: [...dirs].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)), prune: [...prune] };
}

/** The record's text (0600: it holds copies of the files it protects). */
export function serializeIntent(intent: Intent): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(intent)}\n`);
}

/** Parses the record; undefined when it is not one. */
export function parseIntent(bytes: Uint8Array): Intent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  if (!isObject(value) || value.format !== FORMAT || !Array.isArray(value.paths)) return undefined;
  const paths = (value.paths as unknown[]).filter(
    (p): p is IntentPath =>
      isObject(p) && typeof p.path === "string" && (p.before === null || typeof p.before === "string") && (p.after === null || typeof p.after === "string"),
  );
  const strings = (list: unknown): string[] => (Array.isArray(list) ? list.filter((d): d is string => typeof d === "string") : []);
  return { format: FORMAT, pid: typeof value.pid === "number" ? value.pid : 0, paths, dirs: strings(value.dirs), prune: strings(value.prune) };
}

/** The outcome of finishing an interrupted run. */
export interface Recovery {
  /** True when a record was found (and dealt with). */
  found: boolean;
  /** True when the run had made all its writes (nothing was put back; its tidying up was finished). */
  finished: boolean;
  diagnostics: Diagnostic[];
}

/**
 * Finishes a run that left its intent record: puts back every path that holds what the run wrote,
 * removes the directories it created once empty and its leftover temp files, then the record.
 * Writes go through `fs` (the real port, or an overlay for a view). The caller holds the apply lock.
 * Throws what the port throws.
 */
export function recoverInterrupted(fs: FileSystem, env: Pick<Environment, "agentihooksHome" | "home">): Recovery {
  const file = intentPath(env);
  // A writer killed while writing the record itself leaves only its temp file: under the apply lock
  // (which every writer of the record holds) any such file is stale.
  const tempPrefix = `.${path.basename(file)}.tmp-`;
  for (const name of fs.list(path.dirname(file)) ?? []) if (name.startsWith(tempPrefix)) fs.remove(path.join(path.dirname(file), name));
  const bytes = fs.read(file);
  if (bytes === undefined) return { found: false, finished: false, diagnostics: [] };
  const intent = parseIntent(bytes);
  const diagnostics: Diagnostic[] = [];
  if (!intent) {
    diagnostics.push(diagnostic("AH5031", { file: display(file, env.home) }));
    fs.remove(file);
    return { found: true, finished: false, diagnostics };
  }
  const state = intent.paths.map((p) => {
    const now = fs.read(p.path);
    const digest = now === undefined ? null : digestOf(now);
    return { p, at: digest === p.after ? "after" : digest === (p.before === null ? null : digestOf(Buffer.from(p.before, "base64"))) ? "before" : "other" };
  });
  const finished = state.every((s) => s.at === "after");
  if (!finished) {
    // Newest first: a saved copy is put back after the file it protects.
    for (const { p, at } of [...state].reverse()) {
      if (at === "before") continue;
      if (at === "other") {
        diagnostics.push(diagnostic("AH5032", { file: display(p.path, env.home) }));
        continue;
      }
      if (p.before === null) fs.remove(p.path);
      else fs.write(p.path, new Uint8Array(Buffer.from(p.before, "base64")), p.mode ?? 0o644);
    }
    diagnostics.unshift(diagnostic("AH5030", { file: display(file, env.home) }, { count: state.filter((s) => s.at === "after").length }));
  }
  // Temp files the killed writer left next to the paths it was writing, before the folders go.
  for (const dir of new Set(intent.paths.map((p) => path.dirname(p.path)))) {
    for (const name of fs.list(dir) ?? []) if (name.startsWith(".") && name.endsWith(`.tmp-${intent.pid}`)) fs.remove(path.join(dir, name));
  }
  for (const dir of finished ? intent.prune : intent.dirs) {
    const names = fs.list(dir);
    if (names !== undefined && names.length === 0 && fs.stat(dir)?.kind === "directory") fs.remove(dir);
  }
  fs.remove(file);
  return { found: true, finished, diagnostics };
}

/**
 * `fs` as a run that left an intent record would see it once recovered: reads show the rolled-back
 * homes, nothing is written to `fs`. Returns `fs` itself when there is no record (the usual case).
 */
export function recoveredView(fs: FileSystem, env: Pick<Environment, "agentihooksHome" | "home">): FileSystem {
  if (fs.stat(intentPath(env)) === undefined) return fs;
  const overlay = memoryOverlay(fs);
  const view: FileSystem = { ...fs, ...overlay };
  try {
    recoverInterrupted(view, env);
  } catch {
    return fs;
  }
  return view;
}

function display(file: string, home: string): string {
  return file.startsWith(`${home}/`) ? `~/${file.slice(home.length + 1)}` : file;
}

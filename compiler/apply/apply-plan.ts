/**
 * applyPlan: verify everything, then write. Every problem (a stale plan, a path we cannot write) is
 * collected before the first write and reported together; if any remains, nothing is written.
 * Writes are atomic (the port writes a temp file and renames it in the same directory) and ordered
 * so that a crash at any point leaves each file either old or new: saved copies first, then the
 * content, then our own records (sidecars, manifests, and the ledger last). Before the first of
 * them the intent record (compiler/state/intent.ts) lists every path with its old bytes, so a run
 * that stops part way is rolled back: at once when a write fails, or by the next run after a crash.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import type { Environment } from "../environment";
import type { FileSystem } from "../fs/file-system";
import { diagnostic } from "../messages";
import type { Change, Plan } from "../plan/change";
import { digestOf } from "../plan/digest";
import { writeBlockDiagnostic } from "../plan/plan-changes";
import { intentPath, makeIntent, recoverInterrupted, serializeIntent } from "../state/intent";

/** What apply did. */
export interface ApplyResult {
  /** False when verification failed or a write failed; nothing was written in the first case. */
  ok: boolean;
  /** Paths written or removed, in order. Empty for a plan with nothing to do. */
  touched: string[];
  diagnostics: Diagnostic[];
}

/** The lock file that keeps two applies (or an apply and an uninstall) from interleaving. */
export function lockPath(env: Pick<Environment, "agentihooksHome">): string {
  return path.join(env.agentihooksHome, "apply.lock");
}

/**
 * Runs `fn` holding the apply lock; returns a diagnostic instead when another process holds it.
 */
export function withApplyLock<T>(fs: FileSystem, env: Pick<Environment, "agentihooksHome" | "home">, fn: () => T): { value: T } | { diagnostic: Diagnostic } {
  const file = lockPath(env);
  const lock = fs.lock(file);
  if ("heldBy" in lock) return { diagnostic: diagnostic("AH5014", { file: display(file, env.home) }, { lock: display(file, env.home), pid: lock.heldBy }) };
  try {
    return { value: fn() };
  } finally {
    lock.release();
  }
}

/** Checks that the plan still describes the disk and that every path can be written. */
export function verifyPlan(plan: Plan, fs: FileSystem, env: Pick<Environment, "home">): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const [file, seen] of Object.entries(plan.observed)) {
    const bytes = fs.read(file);
    const now = bytes === undefined ? "absent" : digestOf(bytes);
    if (now !== seen) problems.push(diagnostic("AH5013", { file: display(file, env.home) }));
  }
  const removed = new Set(plan.changes.filter((c) => c.action === "delete").map((c) => c.path));
  for (const change of plan.changes) {
    if (!writes(change)) continue;
    const info = fs.stat(change.path);
    if (info && info.kind === "directory" && change.after !== undefined)
      problems.push(diagnostic("AH5011", { file: display(change.path, env.home) }, { kind: "directory" }));
    // A directory (or link) the plan removes first does not count: the write lands in a fresh one.
    let dir = path.dirname(change.path);
    while (removed.has(dir)) dir = path.dirname(dir);
    const block = fs.checkWritable(dir);
    if (block) problems.push(writeBlockDiagnostic(block, change.path, env.home));
    const backupBlock = change.backup ? fs.checkWritable(path.dirname(change.backup)) : undefined;
    if (change.backup && backupBlock) problems.push(writeBlockDiagnostic(backupBlock, change.backup, env.home));
  }
  return dedupe(problems);
}

/**
 * Verifies, then writes. The caller holds the apply lock (see `withApplyLock`). `fresh`: the plan was
 * made in this process under the same lock hold.
 */
export function applyPlan(plan: Plan, fs: FileSystem, env: Pick<Environment, "home" | "agentihooksHome">, options: { fresh?: boolean } = {}): ApplyResult {
  const pending = plan.changes.filter(writes);
  // A run that was interrupted is rolled back first: the plan was made from the homes as they are
  // once it is (plan-changes.ts reads through `recoveredView`).
  let recovered: Diagnostic[];
  try {
    recovered = recoverInterrupted(fs, env).diagnostics;
  } catch (error) {
    return { ok: false, touched: [], diagnostics: [failed(error)] };
  }
  // A plan made just now under the lock that writes nothing (a no-op apply) has nothing to guard:
  // re-reading and re-hashing every file it read was a second full pass over the homes. A saved
  // plan (`apply --plan`) is always verified: it must be refused once its files changed.
  const problems = options.fresh && pending.length === 0 ? [] : verifyPlan(plan, fs, env);
  if (problems.length > 0) return { ok: false, touched: [], diagnostics: [...recovered, ...problems] };
  const touched: string[] = [];
  const phases: Change[][] = [
    pending.filter((c) => c.save),
    pending.filter((c) => !c.save && !c.bookkeeping && c.after === undefined),
    pending.filter((c) => !c.save && !c.bookkeeping && c.after !== undefined),
    pending.filter((c) => !c.save && c.bookkeeping),
  ];
  const intended = phases
    .flat()
    .flatMap((c) => [...(c.backup && c.before !== undefined ? [{ path: c.backup, after: c.before }] : []), { path: c.path, after: c.after }]);
  const intent = intentPath(env);
  if (pending.length > 0) {
    try {
      fs.write(intent, serializeIntent(makeIntent(intended, plan.pruneDirs, fs, process.pid)), 0o600);
    } catch (error) {
      return { ok: false, touched: [], diagnostics: [...recovered, failed(error)] };
    }
  }
  try {
    for (const phase of phases) {
      for (const change of phase) {
        if (change.backup && change.before !== undefined) {
          fs.write(change.backup, change.before, fs.stat(change.path)?.mode ?? change.mode);
          touched.push(change.backup);
        }
        if (change.after === undefined) fs.remove(change.path);
        else fs.write(change.path, change.after, change.mode);
        touched.push(change.path);
      }
    }
    for (const dir of plan.pruneDirs) {
      const names = fs.list(dir);
      // Only a real folder goes: a symlinked one (a home in a dotfiles repository) stays, empty or not.
      if (names !== undefined && names.length === 0 && fs.stat(dir)?.kind === "directory") {
        fs.remove(dir);
        touched.push(dir);
      }
    }
    if (pending.length > 0) fs.remove(intent);
  } catch (error) {
    // Put back what this run wrote (removing a file we created also frees the space a full disk
    // lacked); if that fails too, the intent record stays and the next run finishes the job.
    try {
      const rollback = recoverInterrupted(fs, env);
      // Every write had landed (only tidying up failed, and is now done): the run is complete.
      if (rollback.finished)
        return { ok: true, touched, diagnostics: [...recovered, diagnostic("AH5034", { file: "agentihooks" }, { reason: reason(error) })] };
      return { ok: false, touched: [], diagnostics: [...recovered, failed(error), ...rollback.diagnostics] };
    } catch (again) {
      return {
        ok: false,
        touched,
        diagnostics: [...recovered, failed(error), diagnostic("AH5033", { file: display(intent, env.home) }, { reason: reason(again) })],
      };
    }
  }
  return { ok: true, touched, diagnostics: recovered };
}

function failed(error: unknown): Diagnostic {
  return diagnostic("AH5103", { file: "agentihooks" }, { reason: reason(error) });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** True when the change writes or removes something. */
function writes(change: Change): boolean {
  return change.action === "create" || change.action === "update" || change.action === "delete";
}

function display(file: string, home: string): string {
  return file.startsWith(`${home}/`) ? `~/${file.slice(home.length + 1)}` : file;
}

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.file}\u0000${d.code}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

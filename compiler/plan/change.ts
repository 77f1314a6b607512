/** The plan as data: what apply will do to each path, and why. */
import type { Diagnostic } from "../diagnostics";

/** What happens to one path. `conflict`: we wanted a change but left the operator's content alone. */
export type ChangeAction = "create" | "update" | "delete" | "keep" | "conflict";

/** One path's change. Bytes are exact; `before` is what plan saw on disk. */
export interface Change {
  /** Target id, or `agentihooks` for the ledger and saved originals. */
  target: string;
  path: string;
  action: ChangeAction;
  before: Uint8Array | undefined;
  /** The bytes apply leaves (undefined = the path is removed). For keep/conflict, equal to `before`. */
  after: Uint8Array | undefined;
  mode: number;
  /** Copy `before` here first (timestamped backup of something we replace). */
  backup?: string;
  /** Our own records (sidecars, manifests, ledger, saved originals): applied last, summarised in views. */
  bookkeeping: boolean;
  /** Hand edits and operator items left alone in this path. */
  conflicts: number;
  /** A copy of existing content (a saved original or a backup): written before anything it protects. */
  save?: boolean;
  /** Shown instead of a diff: the installed hook runtime is named by its digest, never by its bytes. */
  summary?: string;
}

/** The result of `planChanges`. */
export interface Plan {
  /** Targets the plan covers, in registry order. */
  targets: string[];
  /** Sorted: content first (by path), then bookkeeping (by path). */
  changes: Change[];
  diagnostics: Diagnostic[];
  /**
   * Every path plan read → digest of what it saw (`absent` when nothing), for stale-plan checks.
   * planChanges makes the digests on first access (a plan nobody verifies or saves hashes nothing).
   */
  observed: Record<string, string>;
  /** Directories agentihooks created (from the ledger), removed by apply when left empty, deepest first. */
  pruneDirs: string[];
}

/** True when applying the plan would write something (our own records included). */
export function hasPendingChanges(plan: Plan): boolean {
  return plan.changes.some((c) => c.action === "create" || c.action === "update" || c.action === "delete");
}

/**
 * True when the plan changes the homes' content, not only our own records: this is what `plan`,
 * `diff` and `--check` report with exit 2.
 */
export function hasContentChanges(plan: Plan): boolean {
  return plan.changes.some((c) => !c.bookkeeping && (c.action === "create" || c.action === "update" || c.action === "delete"));
}

/**
 * What the planner knows of one kind of desired entry, in one place: how to plan it, how to take out
 * what a record of it says we own, and which record a home installed by the Python original implies.
 */
import type { DesiredEntry } from "../../desired-tree";
import type { OwnedRecord, TargetLedger } from "../../state/ledger";
import type { PlanRun } from "../plan-run";

/** The planner's three operations on entries of kind `E`, recorded as `R`. */
export interface EntryKind<E extends DesiredEntry, R extends OwnedRecord> {
  /**
   * Plans `entry` of `target`: the path's work item gets the bytes or edits, `next` the record of
   * what we own now. `prev` is the target's ledger as the run found it.
   */
  plan(run: PlanRun, target: string, entry: E, prev: TargetLedger, next: TargetLedger): void;
  /** Takes out what `record` says we own, where it still holds what we wrote (no longer wanted, or uninstall). */
  strip(run: PlanRun, target: string, record: R): void;
  /**
   * The record a Python-original install implies for `entry` (same paths, keys and markers; MCP
   * names from its `managed_mcp` lists). Never stored: used when our ledger has no record.
   */
  legacy(entry: E, legacyMcp: readonly string[]): R;
}

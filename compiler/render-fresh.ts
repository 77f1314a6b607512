/**
 * renderFresh: a desired tree applied to empty homes, as bytes. Golden tests and `build --out` use
 * it; it runs the same planner as `apply` (against an empty in-memory filesystem), so the files it
 * shows are exactly what a first apply writes: whole files, shared files built from their managed
 * keys/entries/lists, sidecars (`.agentihooks-managed.json`) and manifests. The ledger
 * (`state.json`) is left out: it records the install, it is not configuration.
 */
import type { DesiredTree } from "./desired-tree";
import { memoryFileSystem } from "./fs/memory";
import { planChanges } from "./plan/plan-changes";

/** One file of a fresh render. */
export interface RenderedFile {
  path: string;
  content: Uint8Array;
  mode: number;
}

// A ledger location no desired path can share, so the ledger is easy to leave out.
const ledgerHome = "\u0000agentihooks-render-fresh";

/** Deterministic: sorted by path; the same tree always gives the same bytes. */
export function renderFresh(tree: DesiredTree): RenderedFile[] {
  // No ledger: it is left out of the render, and its digests were a tenth of the planning time.
  const plan = planChanges([tree], { fs: memoryFileSystem(), env: { home: "\u0000home", agentihooksHome: ledgerHome }, now: new Date(0) }, { ledger: false });
  const files: RenderedFile[] = [];
  for (const change of plan.changes) {
    if (change.after === undefined || change.path.startsWith(ledgerHome)) continue;
    files.push({ path: change.path, content: change.after, mode: change.mode });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

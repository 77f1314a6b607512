/**
 * Checks made before anything is planned, over every target's entries: a path that is a directory,
 * a link or a special file where we must write a file (AH5011); a directory we may not write in, or
 * a file standing where a folder must be (AH5012, AH5035); two targets wanting different whole files
 * at one path (AH5010); a whole file and shared edits at one path (AH5019).
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import type { DesiredEntry, DesiredTree, FileEntry, ManagedRegionEntry } from "../desired-tree";
import type { WriteBlock } from "../fs/file-system";
import { diagnostic } from "../messages";
import { contentBytes } from "./entries/file";
import { legacyOf } from "./legacy";
import { manifestsOf } from "./manifests";
import { sameBytes, type PlanRun } from "./plan-run";

/** True when nothing stands in the way; otherwise the diagnostics are in the run. */
export function checkCollisions(run: PlanRun, trees: readonly DesiredTree[]): boolean {
  const manifests = manifestsOf(run);
  const legacyLinks = legacyOf(run).links();
  const whole = new Map<string, { target: string; entry: FileEntry | ManagedRegionEntry }>();
  const shared = new Map<string, string>();
  let ok = true;
  for (const tree of trees) {
    for (const entry of tree.entries) {
      // An item whose directory is a symlink is the operator's (it wins, nothing is written there).
      if (entry.kind === "file" && entry.manifest && manifests.linkedItem(entry.manifest)) continue;
      const info = run.stat(entry.path);
      // A symlink is never written through or replaced; under a manifest it is the operator's item (it wins).
      if (info && info.kind !== "file" && !(info.kind === "symlink" && entry.kind === "file" && entry.manifest)) {
        run.note("AH5011", entry.path, { kind: info.kind === "directory" ? "directory" : info.kind === "symlink" ? "symbolic link" : "special file" });
        ok = false;
        continue;
      }
      // Below a link of the Python original's that apply removes first, the directory to write in is its parent.
      // (Past linkedItem, only such a link can be a symlink: none without the original's links.)
      const linkDir = entry.kind === "file" && entry.manifest && legacyLinks.size > 0 ? path.join(entry.manifest.dir, entry.manifest.item) : undefined;
      const writeDir =
        linkDir && entry.kind === "file" && entry.manifest && run.stat(linkDir)?.kind === "symlink" ? entry.manifest.dir : path.dirname(entry.path);
      const block = run.writeBlock(writeDir);
      if (block) {
        run.diagnostics.push(writeBlockDiagnostic(block, entry.path, run.ctx.env.home));
        ok = false;
      }
      if (entry.kind === "file" || entry.kind === "managed-region") {
        const prior = whole.get(entry.path);
        if (prior && (prior.entry.kind !== entry.kind || !sameBytes(contentBytes(prior.entry), contentBytes(entry)) || prior.entry.mode !== entry.mode)) {
          run.note("AH5010", entry.path, { first: prior.target, second: tree.target });
          ok = false;
        }
        if (shared.has(entry.path)) {
          run.note("AH5019", entry.path, { first: shared.get(entry.path) as string, second: entry.kind });
          ok = false;
        }
        whole.set(entry.path, { target: tree.target, entry });
      } else {
        if (whole.has(entry.path)) {
          run.note("AH5019", entry.path, { first: (whole.get(entry.path) as { entry: DesiredEntry }).entry.kind, second: entry.kind });
          ok = false;
        }
        shared.set(entry.path, entry.kind);
      }
    }
  }
  return ok;
}

/**
 * The error for a file that cannot be written because of `block`: no permission in a directory
 * (AH5012, at the file), or a file, link or special file standing where a folder must be (AH5035,
 * at that path, which is what the operator has to move).
 */
export function writeBlockDiagnostic(block: WriteBlock, file: string, home: string): Diagnostic {
  const show = (p: string): string => (p.startsWith(`${home}/`) ? `~/${p.slice(home.length + 1)}` : p);
  if (block.reason === "permission") return diagnostic("AH5012", { file: show(file) }, { dir: show(block.path) });
  const kind = block.reason === "file" ? "file" : block.reason === "symlink" ? "symbolic link to a file" : "special file";
  return diagnostic("AH5035", { file: show(block.path) }, { kind, file: show(file) });
}

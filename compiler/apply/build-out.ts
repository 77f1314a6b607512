/**
 * `build --out DIR`: the portable render of each target (renderFresh in the portable environment)
 * written under `DIR/<target>/`, with paths relative to the placeholder home, so a bundle repository
 * can commit it and pull requests show the generated diff. Stale files are removed; unchanged files
 * are not rewritten.
 */
import path from "node:path";
import type { DesiredTree } from "../desired-tree";
import type { FileSystem } from "../fs/file-system";
import type { Change, Plan } from "../plan/change";
import { renderFresh } from "../render-fresh";

/** Where a rendered path goes under the output directory. */
export function outPath(dir: string, target: string, file: string, home: string): string {
  const rel = file.startsWith(`${home}/`) ? file.slice(home.length + 1) : path.join("_root", file);
  return path.join(dir, target, rel);
}

/** The changes that make `dir` hold exactly the portable render of `trees` (as a plan, for the views). */
export function planOut(trees: readonly DesiredTree[], dir: string, home: string, fs: FileSystem): Plan {
  const changes: Change[] = [];
  for (const tree of trees) {
    const base = path.join(dir, tree.target);
    const homeSlash = `${home}/`;
    // A rendered path below the home is already normal, so it is appended as it is: path.join on
    // every file was a tenth of planning the output tree. Anything else takes outPath's join.
    const place = (file: string): string => (file.startsWith(homeSlash) && isNormal(file) ? `${base}/${file.slice(homeSlash.length)}` : outPath(dir, tree.target, file, home));
    const wanted = new Map(renderFresh(tree).map((f) => [place(f.path), f]));
    const present = new Set(listFiles(fs, path.join(dir, tree.target)));
    for (const file of [...new Set([...wanted.keys(), ...present])].sort()) {
      const want = wanted.get(file);
      // The listing is complete, so a path it does not hold is absent: no read (a fresh --out reads nothing).
      const before = present.has(file) ? fs.read(file) : undefined;
      const same = want && before && Buffer.from(before).equals(Buffer.from(want.content)) && fs.stat(file)?.mode === want.mode;
      changes.push({ target: tree.target, path: file, action: same ? "keep" : !before ? "create" : !want ? "delete" : "update", before, after: want?.content, mode: want?.mode ?? 0o644, bookkeeping: false, conflicts: 0 });
    }
  }
  return { targets: trees.map((t) => t.target), changes, diagnostics: [], observed: {}, pruneDirs: [] };
}

/** True for an absolute path path.normalize leaves as it is (no `.`/`..` step, no empty step, no trailing slash). */
function isNormal(file: string): boolean {
  return !/\/\.{0,2}(\/|$)/.test(file);
}

function listFiles(fs: FileSystem, dir: string): string[] {
  const out: string[] = [];
  for (const name of fs.list(dir) ?? []) {
    const full = path.join(dir, name);
    const info = fs.stat(full);
    if (info?.kind === "directory") out.push(...listFiles(fs, full));
    else if (info) out.push(full);
  }
  return out;
}

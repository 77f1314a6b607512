/**
 * `build --out DIR`: the portable render of each target (renderFresh in the portable environment)
 * written under `DIR/<target>/`, with paths relative to the placeholder home, so a bundle repository
 * can commit it and pull requests show the generated diff. Stale files are removed; unchanged files
 * are not rewritten.
 */
import path from "node:path";
import type { DesiredTree } from "../desired-tree";
import type { FileInfo, FileSystem } from "../fs/file-system";
import type { OutTreeWriter } from "../fs/out-tree";
import type { Change, Plan } from "../plan/change";
import { runtimeSummary } from "../plan/plan-result";
import { renderFresh } from "../render-fresh";

/** Where a rendered path goes under the output directory. */
export function outPath(dir: string, target: string, file: string, home: string): string {
  const rel = file.startsWith(`${home}/`) ? file.slice(home.length + 1) : path.join("_root", file);
  return path.join(dir, target, rel);
}

/**
 * The changes that make `dir` hold exactly the portable render of `trees` (as a plan, for the views).
 * A file `installed` says is one of our bundles (the hook runtime, the MCP server) is shown by its
 * digest, as in a home's plan, not diffed line by line (~0.9 MB of bundled code per target).
 */
export function planOut(
  trees: readonly DesiredTree[],
  dir: string,
  home: string,
  fs: Pick<FileSystem, "read" | "stat" | "list">,
  installed: (file: string) => boolean = () => false,
): Plan {
  const changes: Change[] = [];
  for (const tree of trees) {
    const base = path.join(dir, tree.target);
    const homeSlash = `${home}/`;
    // A rendered path below the home is already normal, so it is appended as it is: path.join on
    // every file was a tenth of planning the output tree. Anything else takes outPath's join.
    const place = (file: string): string =>
      file.startsWith(homeSlash) && isNormal(file) ? `${base}/${file.slice(homeSlash.length)}` : outPath(dir, tree.target, file, home);
    const wanted = new Map(renderFresh(tree).map((f) => [place(f.path), f]));
    const present = new Map<string, FileInfo>();
    listFiles(fs, base, present);
    for (const file of [...new Set([...wanted.keys(), ...present.keys()])].sort()) {
      const want = wanted.get(file);
      // The listing is complete, so a path it does not hold is absent: no read (a fresh --out reads nothing).
      const info = present.get(file);
      const before = info ? fs.read(file) : undefined;
      // The mode is the listing's (no second stat); bytes are compared in place (Buffer.from copied both).
      const same = want && before && before.length === want.content.length && Buffer.compare(before, want.content) === 0 && info?.mode === want.mode;
      const change: Change = {
        target: tree.target,
        path: file,
        action: same ? "keep" : !before ? "create" : !want ? "delete" : "update",
        before,
        after: want?.content,
        mode: want?.mode ?? 0o644,
        bookkeeping: false,
        conflicts: 0,
      };
      if (want && installed(want.path)) change.summary = runtimeSummary(want.path, want.content);
      changes.push(change);
    }
  }
  return { targets: trees.map((t) => t.target), changes, diagnostics: [], observed: {}, pruneDirs: [] };
}

/** True for an absolute path path.normalize leaves as it is (no `.`/`..` step, no empty step, no trailing slash). */
function isNormal(file: string): boolean {
  return !/\/\.{0,2}(\/|$)/.test(file);
}

/** Everything below `dir` that is not a directory, with what stat says of it, into `out`. */
function listFiles(fs: Pick<FileSystem, "stat" | "list">, dir: string, out: Map<string, FileInfo>): void {
  for (const name of fs.list(dir) ?? []) {
    const full = path.join(dir, name);
    const info = fs.stat(full);
    if (info?.kind === "directory") listFiles(fs, full, out);
    else if (info) out.set(full, info);
  }
}

/** Carries out a `planOut` plan through the output tree's writer; returns how many paths changed. */
export function writeOut(plan: Plan, writer: OutTreeWriter): number {
  let written = 0;
  for (const change of plan.changes) {
    if (change.action === "keep") continue;
    if (change.after === undefined) writer.remove(change.path);
    else writer.write(change.path, change.after, change.mode);
    written++;
  }
  return written;
}

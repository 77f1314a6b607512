/**
 * Which paths a repository's index tracks, read from `.git/index` itself (no git process: a hook
 * has no time for one). The format is git's own (Documentation/gitformat-index.txt): a "DIRC"
 * header with the version and the entry count, then one entry per path, each 62 bytes of stat data,
 * hash and flags, then its path; versions 2 and 3 store every path whole and pad the entry with NULs
 * to a multiple of 8 bytes, version 4 stores each path as the number of bytes to drop from the end
 * of the previous one and the rest, NUL-terminated.
 */
import { dirname, join } from "node:path";
import { fs } from "./node-builtins";
import { readRegularFile } from "./read-regular-file";

/** A larger index is not read: its paths are then unknown. */
const MAX_INDEX_BYTES = 32 * 1024 * 1024;

/**
 * The paths (relative to the work tree, `/`-separated, as git writes them, each byte one character)
 * the index at `indexFile` tracks, or undefined when it cannot be read with certainty (missing,
 * too large, another format or version, cut short).
 */
export function trackedPaths(indexFile: string): Set<string> | undefined {
  const data = readRegularFile(indexFile, MAX_INDEX_BYTES + 1, { bytes: true });
  if (data === undefined || data.length > MAX_INDEX_BYTES || data.length < 12 || !data.startsWith("DIRC")) return undefined;
  const u32 = (at: number): number =>
    ((data.charCodeAt(at) << 24) | (data.charCodeAt(at + 1) << 16) | (data.charCodeAt(at + 2) << 8) | data.charCodeAt(at + 3)) >>> 0;
  const version = u32(4);
  if (version < 2 || version > 4) return undefined;
  const count = u32(8);
  const paths = new Set<string>();
  let at = 12;
  let previous = "";
  for (let n = 0; n < count; n += 1) {
    const start = at;
    if (start + 62 > data.length) return undefined;
    const flags = (data.charCodeAt(start + 60) << 8) | data.charCodeAt(start + 61);
    at = start + 62 + (version >= 3 && (flags & 0x4000) !== 0 ? 2 : 0);
    let path: string;
    if (version === 4) {
      // The number of bytes to drop: git's offset varint (7 bits a byte, high bit: more follow).
      let c = data.charCodeAt(at++);
      let drop = c & 0x7f;
      while (c & 0x80) {
        if (at >= data.length) return undefined;
        c = data.charCodeAt(at++);
        drop = ((drop + 1) << 7) | (c & 0x7f);
      }
      const end = data.indexOf("\0", at);
      if (end < 0 || drop > previous.length) return undefined;
      path = previous.slice(0, previous.length - drop) + data.slice(at, end);
      at = end + 1;
    } else {
      const end = data.indexOf("\0", at);
      if (end < 0) return undefined;
      path = data.slice(at, end);
      // Padded with 1 to 8 NULs to a multiple of 8 from the entry's start.
      at = start + ((end - start + 8) & ~7);
    }
    paths.add(path);
    previous = path;
  }
  return paths;
}

/**
 * The work tree holding `dir` and its index file: the nearest directory up from `dir` with a `.git`
 * directory. `index` is undefined when `.git` there is a file (a worktree or submodule, whose index
 * lives elsewhere); the result is undefined outside any repository.
 */
export function workTreeOf(dir: string): { top: string; index: string | undefined } | undefined {
  let current = dir;
  for (let depth = 0; depth < 64; depth += 1) {
    try {
      const stat = fs.statSync(join(current, ".git"));
      return { top: current, index: stat.isDirectory() ? join(current, ".git", "index") : undefined };
    } catch {
      // Not here: one level up.
    }
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

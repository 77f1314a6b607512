/**
 * The `build --out` writer: a second, separate port for a tree that is regenerated at will (the
 * portable render a bundle repository commits). Its writes are NOT atomic and not flushed: a file is
 * truncated and rewritten in place, so a crash mid-write can leave it short, and the fix is to run
 * `build --out` again. Homes are never written through it: they take the durable atomic port
 * (real.ts), whose temp file, fsync and rename cost a third of writing a 10x tree.
 */
import { closeSync, constants, fchmodSync, fstatSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import type { FileSystem } from "./file-system";
import { realFileSystem } from "./real";

/** What `build --out` needs: the real port's reads, and in-place writes. */
export interface OutTreeWriter extends Pick<FileSystem, "read" | "stat" | "list"> {
  /**
   * Writes `content` with exactly `mode`, in place (not atomic, not flushed); parents created. A
   * symlink standing at `path` is replaced by the file, never written through.
   */
  write(path: string, content: Uint8Array, mode: number): void;
  /** Removes a file, symlink or directory tree; absent is fine. */
  remove(path: string): void;
}

/** Creates the writer for a regenerable output tree. */
export function outTreeWriter(): OutTreeWriter {
  const reads = realFileSystem();
  // Directories this writer created, each with what is learned of the mode filter of files created
  // below the existing directory they were made under (the umask, or its default ACL, which new
  // directories inherit). What is below a directory made here cannot exist yet.
  const made = new Map<string, UmaskBits>();
  // Directories known to exist (made here, or found by a mkdir), so each is created at most once.
  const present = new Set<string>();
  /** Creates `dir` (and missing parents) unless it is known to exist; what it creates is `made`. */
  const ensureDir = (dir: string): void => {
    if (present.has(dir)) return;
    if (made.has(path.dirname(dir))) {
      // The parent is new, so this cannot exist yet: one mkdir, no walk up the path.
      try {
        mkdirSync(dir);
        made.set(dir, made.get(path.dirname(dir)) as UmaskBits);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    } else {
      const first = mkdirSync(dir, { recursive: true });
      const origin: UmaskBits = (first !== undefined && made.get(path.dirname(first))) || { kept: 0, stripped: 0 };
      if (first !== undefined) {
        for (let d = dir; ; d = path.dirname(d)) {
          made.set(d, origin);
          present.add(d);
          if (d === first || d === path.dirname(d)) break;
        }
      }
    }
    present.add(dir);
  };
  /** Drops what is remembered about `file` and below (it was removed). */
  const forget = (file: string): void => {
    for (const dir of made.keys()) if (dir === file || dir.startsWith(`${file}/`)) made.delete(dir);
    for (const dir of present) if (dir === file || dir.startsWith(`${file}/`)) present.delete(dir);
  };
  return {
    read: reads.read,
    stat: reads.stat,
    list: reads.list,
    write(file, content, mode) {
      const dir = path.dirname(file);
      // A directory whose parent this writer made cannot exist yet: it is created first. Any other
      // is created only when the open finds it missing (an existing tree costs no directory call).
      if (!present.has(dir) && made.has(path.dirname(dir))) ensureDir(dir);
      // In a directory made by this run the file cannot exist yet either: it is created exclusively,
      // which also tells whether its mode needs fixing (see createExclusive).
      const origin = made.get(dir);
      if (origin && createExclusive(file, content, mode, origin)) return;
      if (writeInPlace(file, content, mode, () => ensureDir(dir))) return;
      // A symlink stands there (O_NOFOLLOW refused it): the link goes, the file takes its place.
      rmSync(file, { force: true });
      if (!writeInPlace(file, content, mode, () => ensureDir(dir))) throw new Error(`${file}: a symbolic link came back while it was being replaced`);
    },
    remove(file) {
      rmSync(file, { recursive: true, force: true });
      forget(file);
    },
  };
}

/** Permission bits the mode filter of new files is known to keep or to strip. */
interface UmaskBits {
  kept: number;
  stripped: number;
}

/**
 * Creates `file` (O_EXCL: never an existing file or symlink) with `content` and exactly `mode`;
 * false when something is already there. The open's mode is filtered by the umask: a file created
 * with only bits the umask is known to keep needs no fchmod, which was one system call in four of
 * writing a fresh tree. The first file with a bit not known yet is checked with an fstat instead,
 * and what it shows is remembered in `umask` (per origin directory, see ensureDir).
 */
function createExclusive(file: string, content: Uint8Array, mode: number, umask: UmaskBits): boolean {
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, content);
    if ((mode & ~umask.kept) !== 0) {
      if ((mode & umask.stripped) === 0) {
        const actual = fstatSync(fd).mode & 0o7777;
        umask.kept |= mode & actual;
        umask.stripped |= mode & ~actual;
      }
      if ((mode & umask.stripped) !== 0) fchmodSync(fd, mode);
    }
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Writes `file` directly with an exact mode; false when it is a symlink (O_NOFOLLOW: never written
 * through). `ensureDir` creates the directory when the open finds it missing.
 */
function writeInPlace(file: string, content: Uint8Array, mode: number, ensureDir: () => void): boolean {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
  let fd: number;
  try {
    try {
      fd = openSync(file, flags, mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      ensureDir();
      fd = openSync(file, flags, mode);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") return false;
    throw error;
  }
  try {
    writeSync(fd, content);
    fchmodSync(fd, mode); // the open's mode is filtered by the umask; the desired mode is exact.
  } finally {
    closeSync(fd);
  }
  return true;
}

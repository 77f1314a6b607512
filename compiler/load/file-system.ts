/**
 * The read-only filesystem port the loader uses. The front end is the only code that reads the
 * machine, and it reads through this interface, so tests can change what a listing looks like
 * (for instance reverse it, to prove output does not depend on directory order).
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, readSync, realpathSync, statSync } from "node:fs";

/** What kind of thing a path is, after following symlinks (`stat`) or not (`lstat`). */
export type EntryKind = "file" | "directory" | "symlink" | "other";

/** Facts about one path. */
export interface EntryStat {
  kind: EntryKind;
  size: number;
  /** Any execute bit set (skill scripts keep it). */
  executable: boolean;
}

/** Failure of a filesystem call, reduced to the error code (`ENOENT`, `ELOOP`, `EACCES`, ...). */
export class FileSystemError extends Error {
  constructor(
    readonly code: string,
    readonly path: string,
  ) {
    super(`${code}: ${path}`);
  }
}

/** What `openFile` found at a path: its facts, and its bytes when it is a regular file within the limit. */
export interface OpenedFile {
  stat: EntryStat;
  /** The whole content; absent for anything but a regular file of at most `limit` bytes. */
  bytes?: Uint8Array;
}

/** The reads the loader needs. Every method throws FileSystemError on failure. */
export interface SourceFileSystem {
  /** Names in a directory, in whatever order the system returns them (callers sort). */
  readdir(path: string): string[];
  /** Follows symlinks. */
  stat(path: string): EntryStat;
  /** Does not follow symlinks. */
  lstat(path: string): EntryStat;
  readFile(path: string): Uint8Array;
  realpath(path: string): string;
  /**
   * Opens `path` (following symlinks), tells what it is, and reads it when it is a regular file of at
   * most `limit` bytes: one open instead of a stat before the read. With `transient`, the bytes may
   * live in a buffer the next call reuses (for text decoded at once). Optional: without it the loader
   * uses stat and readFile.
   */
  openFile?(path: string, limit: number, transient: boolean): OpenedFile;
}

/** The real filesystem. */
export const nodeFileSystem: SourceFileSystem = {
  readdir: (p) => wrap(p, () => readdirSync(p)),
  // A missing path is the common failure (every lookup probes candidates): reported without Node's
  // formatted system error, which cost more than the call.
  stat: (p) => wrap(p, () => toStat(statSync(p, { throwIfNoEntry: false }) ?? missing(p))),
  lstat: (p) => wrap(p, () => toStat(lstatSync(p, { throwIfNoEntry: false }) ?? missing(p))),
  readFile: (p) => wrap(p, () => new Uint8Array(readFileSync(p))),
  // The native call: one realpath(3) instead of Node's JS walk that lstats every path component.
  realpath: (p) => wrap(p, () => realpathSync.native(p)),
  openFile: (p, limit, transient) => wrap(p, () => openAndRead(p, limit, transient)),
};

// O_NONBLOCK: opening a FIFO must not wait for a writer (it is then reported as not a file).
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
let scratch: Uint8Array | undefined;

function openAndRead(p: string, limit: number, transient: boolean): OpenedFile {
  const fd = openSync(p, openFlags);
  try {
    const stat = toStat(fstatSync(fd));
    if (stat.kind !== "file" || stat.size > limit) return { stat };
    // Text is decoded at once, so one buffer serves every such read: no allocation or copy per file.
    let target: Uint8Array;
    if (transient) {
      if (scratch === undefined || scratch.length < stat.size) scratch = new Uint8Array(Math.max(stat.size, 64 * 1024));
      target = scratch;
    } else {
      target = new Uint8Array(stat.size);
    }
    let length = 0;
    while (length < stat.size) {
      const read = readSync(fd, target, length, stat.size - length, null);
      if (read === 0) break;
      length += read;
    }
    return { stat, bytes: transient || length < stat.size ? target.subarray(0, length) : target };
  } finally {
    closeSync(fd);
  }
}

/** Wraps a filesystem so every directory listing comes back in reverse order (determinism tests). */
export function withReversedListings(fs: SourceFileSystem): SourceFileSystem {
  return { ...fs, readdir: (p) => [...fs.readdir(p)].reverse() };
}

/** True when `path` exists (following symlinks) and is a directory. */
export function isDirectory(fs: SourceFileSystem, path: string): boolean {
  try {
    return fs.stat(path).kind === "directory";
  } catch {
    return false;
  }
}

/** True when something (even a dangling or looping symlink) is at `path`. */
export function exists(fs: SourceFileSystem, path: string): boolean {
  try {
    fs.lstat(path);
    return true;
  } catch {
    return false;
  }
}

function toStat(s: import("node:fs").Stats): EntryStat {
  const kind: EntryKind = s.isFile() ? "file" : s.isDirectory() ? "directory" : s.isSymbolicLink() ? "symlink" : "other";
  return { kind, size: s.size, executable: (s.mode & 0o111) !== 0 };
}

function wrap<T>(p: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof FileSystemError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? "EIO";
    throw new FileSystemError(code, p);
  }
}

function missing(p: string): never {
  throw new FileSystemError("ENOENT", p);
}

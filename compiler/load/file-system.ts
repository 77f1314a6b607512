/**
 * The read-only filesystem port the loader uses. The front end is the only code that reads the
 * machine, and it reads through this interface, so tests can change what a listing looks like
 * (for instance reverse it, to prove output does not depend on directory order).
 */
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";

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
}

/** The real filesystem. */
export const nodeFileSystem: SourceFileSystem = {
  readdir: (p) => wrap(p, () => readdirSync(p)),
  stat: (p) => wrap(p, () => toStat(statSync(p))),
  lstat: (p) => wrap(p, () => toStat(lstatSync(p))),
  readFile: (p) => wrap(p, () => new Uint8Array(readFileSync(p))),
  realpath: (p) => wrap(p, () => realpathSync(p)),
};

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
    const code = (error as NodeJS.ErrnoException).code ?? "EIO";
    throw new FileSystemError(code, p);
  }
}

/**
 * The one filesystem port. Plan reads the actual tree through it and apply writes through it; the
 * dry-run and recording wrappers (dry-run.ts, recording.ts) wrap any port, so `--dry-run`, `plan`
 * and `diff` run exactly the code `apply` runs.
 */

/** What `stat` reports (it never follows a final symlink). */
export interface FileInfo {
  kind: "file" | "directory" | "symlink" | "other";
  /** Permission bits (0o777 mask). */
  mode: number;
  mtimeMs: number;
}

/** Why files cannot be written in a directory (see `FileSystem.checkWritable`). */
export interface WriteBlock {
  /** `permission`: the directory may not be written; otherwise `path` (the directory or an ancestor) is not a directory. */
  reason: "permission" | "file" | "symlink" | "other";
  /** The path that stands in the way. */
  path: string;
}

/** One write-side operation, as recorded by the wrappers. */
export type FsOperation =
  { op: "write"; path: string; content: Uint8Array; mode: number } | { op: "remove"; path: string } | { op: "rename"; from: string; to: string };

/** The filesystem as apply sees it. Paths are absolute. */
export interface FileSystem {
  /** File bytes, or undefined when nothing (or not a regular file) is there. */
  read(path: string): Uint8Array | undefined;
  /** Metadata without following a final symlink, or undefined when absent. */
  stat(path: string): FileInfo | undefined;
  /** Names in a directory, sorted (so listings reach output in a stable order), or undefined. */
  list(dir: string): string[] | undefined;
  /**
   * Undefined when a file could be created or replaced in `dir`, else what stands in the way: the
   * nearest existing ancestor (`dir` itself included) must be a directory we may write in. A
   * symlink to a directory counts as that directory (a home kept in a dotfiles repository); a
   * dangling one as missing.
   */
  checkWritable(dir: string): WriteBlock | undefined;
  /** The path with every symlink resolved, or undefined when it does not exist. */
  realPath(path: string): string | undefined;
  /**
   * Durable atomic write: temp file in the same directory, flushed, then renamed over `path`, so a
   * crash leaves the old bytes or the new, never a mix; parents created; exactly `mode` applied. (A
   * regenerable `build --out` tree is written by a separate port without these promises: out-tree.ts.)
   */
  write(path: string, content: Uint8Array, mode: number): void;
  /** Removes a file, symlink or directory tree; absent is fine. Empty parents are left alone. */
  remove(path: string): void;
  /** Renames (moves) a file within one filesystem. */
  rename(from: string, to: string): void;
  /**
   * Takes an exclusive lock file; returns a release function, or the holder's pid text when the
   * lock is held by someone else.
   */
  lock(path: string): { release(): void } | { heldBy: string };
}

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

/** One write-side operation, as recorded by the wrappers. */
export type FsOperation =
  | { op: "write"; path: string; content: Uint8Array; mode: number }
  | { op: "remove"; path: string }
  | { op: "rename"; from: string; to: string };

/** The filesystem as apply sees it. Paths are absolute. */
export interface FileSystem {
  /** File bytes, or undefined when nothing (or not a regular file) is there. */
  read(path: string): Uint8Array | undefined;
  /** Metadata without following a final symlink, or undefined when absent. */
  stat(path: string): FileInfo | undefined;
  /** Names in a directory, sorted (so listings reach output in a stable order), or undefined. */
  list(dir: string): string[] | undefined;
  /** True when a file could be created or replaced in `dir` (or in its nearest existing ancestor). */
  writable(dir: string): boolean;
  /** Atomic write: temp file in the same directory, then rename; parents created; `mode` applied. */
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

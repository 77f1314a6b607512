/**
 * The recording wrapper: passes every operation through to `inner` and remembers what each write
 * replaced, so a run can be shown afterwards as a unified diff (chezmoi's GitDiffSystem idea).
 */
import type { FileSystem } from "./file-system";

/** One recorded change with the bytes before and after (undefined = absent). */
export interface RecordedChange {
  path: string;
  before: Uint8Array | undefined;
  after: Uint8Array | undefined;
  mode?: number;
}

/** Wraps `inner`, recording each write, removal and rename as before/after pairs. */
export function recordingFileSystem(inner: FileSystem): FileSystem & { changes: RecordedChange[] } {
  const changes: RecordedChange[] = [];
  return {
    changes,
    read: (file) => inner.read(file),
    stat: (file) => inner.stat(file),
    list: (dir) => inner.list(dir),
    checkWritable: (dir) => inner.checkWritable(dir),
    realPath: (file) => inner.realPath(file),
    write(file, content, mode) {
      changes.push({ path: file, before: inner.read(file), after: content, mode });
      inner.write(file, content, mode);
    },
    remove(file) {
      changes.push({ path: file, before: inner.read(file), after: undefined });
      inner.remove(file);
    },
    rename(from, to) {
      const content = inner.read(from);
      changes.push({ path: to, before: inner.read(to), after: content });
      changes.push({ path: from, before: content, after: undefined });
      inner.rename(from, to);
    },
    lock: (file) => inner.lock(file),
  };
}

/**
 * The dry-run wrapper: reads pass through (and see the writes made so far, so a run behaves as it
 * would for real), writes are recorded and never reach the wrapped port.
 */
import type { FileSystem, FsOperation } from "./file-system";
import { memoryOverlay } from "./overlay";

/** Wraps `inner`; every write-side operation lands in `operations` instead of on disk. */
export function dryRunFileSystem(inner: FileSystem): FileSystem & { operations: FsOperation[] } {
  const operations: FsOperation[] = [];
  const overlay = memoryOverlay(inner);
  return {
    operations,
    read: overlay.read,
    stat: overlay.stat,
    list: overlay.list,
    checkWritable: (dir) => inner.checkWritable(dir),
    realPath: (file) => inner.realPath(file),
    write(file, content, mode) {
      operations.push({ op: "write", path: file, content, mode });
      overlay.write(file, content, mode);
    },
    remove(file) {
      operations.push({ op: "remove", path: file });
      overlay.remove(file);
    },
    rename(from, to) {
      operations.push({ op: "rename", from, to });
      overlay.rename(from, to);
    },
    // A dry run never blocks a real apply and is never blocked: it writes nothing.
    lock: () => ({ release() {} }),
  };
}

/** A copy-on-write view over a port: reads fall through to `inner` unless the overlay changed the path. */
import path from "node:path";
import type { FileInfo, FileSystem } from "./file-system";

/** Read/write view whose writes stay in memory. */
export function memoryOverlay(inner: FileSystem): Pick<FileSystem, "read" | "stat" | "list" | "write" | "remove" | "rename"> {
  // path → file, or null for removed. Removal of a directory hides everything below it.
  const changes = new Map<string, { content: Uint8Array; mode: number } | null>();
  const removedDirs: string[] = [];
  const hidden = (file: string): boolean => removedDirs.some((dir) => file.startsWith(`${dir}/`));
  const read = (file: string): Uint8Array | undefined => {
    const change = changes.get(file);
    if (change !== undefined) return change?.content;
    return hidden(file) ? undefined : inner.read(file);
  };
  return {
    read,
    stat(file): FileInfo | undefined {
      const change = changes.get(file);
      if (change) return { kind: "file", mode: change.mode, mtimeMs: Date.now() };
      if (change === null || hidden(file)) return undefined;
      return inner.stat(file);
    },
    list(dir) {
      const names = new Set(hidden(dir) || removedDirs.includes(dir) ? [] : (inner.list(dir) ?? []));
      for (const [file, change] of changes) {
        if (path.dirname(file) !== dir) continue;
        if (change) names.add(path.basename(file));
        else names.delete(path.basename(file));
      }
      return names.size === 0 && !inner.list(dir) ? undefined : [...names].sort();
    },
    write(file, content, mode) {
      changes.set(file, { content, mode });
    },
    remove(file) {
      changes.set(file, null);
      if (inner.stat(file)?.kind === "directory") removedDirs.push(file);
      for (const key of changes.keys()) if (key.startsWith(`${file}/`)) changes.set(key, null);
    },
    rename(from, to) {
      const content = read(from);
      const mode = inner.stat(from)?.mode ?? 0o644;
      if (content !== undefined) changes.set(to, { content, mode });
      changes.set(from, null);
    },
  };
}

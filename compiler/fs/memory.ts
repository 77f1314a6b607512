/** An in-memory filesystem port: empty homes for `renderFresh`, and a fast double in tests. */
import path from "node:path";
import type { FileSystem } from "./file-system";

/** Creates an in-memory port, optionally seeded with files (path → bytes or text). */
export function memoryFileSystem(seed: Record<string, string | Uint8Array> = {}): FileSystem & { files: Map<string, { content: Uint8Array; mode: number }> } {
  const files = new Map<string, { content: Uint8Array; mode: number }>();
  for (const [file, content] of Object.entries(seed))
    files.set(file, { content: typeof content === "string" ? new TextEncoder().encode(content) : content, mode: 0o644 });
  const isDir = (dir: string): boolean => {
    const prefix = dir.endsWith("/") ? dir : `${dir}/`;
    for (const file of files.keys()) if (file.startsWith(prefix)) return true;
    return false;
  };
  const locks = new Set<string>();
  return {
    files,
    read: (file) => files.get(file)?.content,
    stat: (file) => {
      const entry = files.get(file);
      if (entry) return { kind: "file", mode: entry.mode, mtimeMs: 0 };
      return isDir(file) ? { kind: "directory", mode: 0o755, mtimeMs: 0 } : undefined;
    },
    list: (dir) => {
      const prefix = dir.endsWith("/") ? dir : `${dir}/`;
      const names = new Set<string>();
      for (const file of files.keys()) if (file.startsWith(prefix)) names.add(file.slice(prefix.length).split("/")[0] as string);
      return names.size === 0 ? undefined : [...names].sort();
    },
    checkWritable: () => undefined,
    realPath: (file) => (files.has(file) || isDir(file) ? file : undefined),
    write: (file, content, mode) => {
      files.set(file, { content: new Uint8Array(content), mode });
    },
    remove: (file) => {
      files.delete(file);
      const prefix = `${file}/`;
      for (const key of [...files.keys()]) if (key.startsWith(prefix)) files.delete(key);
    },
    rename: (from, to) => {
      const prefix = `${from}/`;
      for (const [key, value] of [...files.entries()]) {
        if (key === from) {
          files.delete(key);
          files.set(to, value);
        } else if (key.startsWith(prefix)) {
          files.delete(key);
          files.set(path.join(to, key.slice(prefix.length)), value);
        }
      }
    },
    lock: (file) => {
      if (locks.has(file)) return { heldBy: "this process" };
      locks.add(file);
      return { release: () => locks.delete(file) };
    },
  };
}

/** The real filesystem port (node:fs, synchronous: apply is one short sequential pass). */
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import type { FileInfo, FileSystem } from "./file-system";

/**
 * Creates the real port. Every write is durable and atomic (see `FileSystem.write`): the bytes go to
 * a temp file in the same directory, are flushed to the disk, and the temp file is renamed over the
 * path, so a crash or power loss leaves the old or the new file, never a short one. A tree that is
 * regenerated at will (`build --out`) has its own, faster writer that promises none of this
 * (out-tree.ts).
 */
export function realFileSystem(): FileSystem {
  // Leftover temp names per directory, listed on the first write there: listing the directory on
  // every write made writing N files into one directory cost N².
  const temps = new Map<string, string[]>();
  // Directories this port created: what is below them cannot exist yet, so it is not listed first.
  const made = new Set<string>();
  // Directories known to exist (made here, or found by a mkdir), so each is created at most once.
  const present = new Set<string>();
  /** Creates `dir` (and missing parents) unless it is known to exist; what it creates is `made`. */
  const ensureDir = (dir: string): void => {
    if (present.has(dir)) return;
    const first = mkdirSync(dir, { recursive: true });
    if (first !== undefined) {
      for (let d = dir; ; d = path.dirname(d)) {
        made.add(d);
        present.add(d);
        if (d === first || d === path.dirname(d)) break;
      }
    }
    present.add(dir);
  };
  /** The directory's leftover temp names; a missing directory is created (and has none). */
  const prepareDir = (dir: string): string[] => {
    let names = temps.get(dir);
    if (names) return names;
    names = made.has(dir) || made.has(path.dirname(dir)) ? undefined : listTemps(dir);
    if (!names) {
      ensureDir(dir);
      names = [];
    }
    temps.set(dir, names);
    return names;
  };
  /** Drops what is remembered about `file` and below (it was removed or moved away). */
  const forget = (file: string): void => {
    for (const dir of made) if (dir === file || dir.startsWith(`${file}/`)) made.delete(dir);
    for (const dir of present) if (dir === file || dir.startsWith(`${file}/`)) present.delete(dir);
    for (const dir of temps.keys()) if (dir === file || dir.startsWith(`${file}/`)) temps.delete(dir);
  };

  return {
    read(file) {
      // One open with O_NOFOLLOW and an fstat instead of an lstat before the open: one system call
      // fewer per file a plan reads, and nothing is read through a symlink swapped in between.
      // O_NONBLOCK keeps the open of a FIFO from waiting; anything but a regular file reads as absent.
      let fd: number;
      try {
        fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY);
      } catch {
        return undefined;
      }
      try {
        const info = fstatSync(fd);
        return info.isFile() ? readOpen(fd, info.size) : undefined;
      } catch {
        return undefined;
      } finally {
        closeSync(fd);
      }
    },
    stat(file): FileInfo | undefined {
      try {
        // An absent path is the common miss: answered without building an exception.
        const s = lstatSync(file, { throwIfNoEntry: false });
        if (!s) return undefined;
        const kind = s.isFile() ? "file" : s.isDirectory() ? "directory" : s.isSymbolicLink() ? "symlink" : "other";
        return { kind, mode: s.mode & 0o777, mtimeMs: s.mtimeMs };
      } catch {
        return undefined;
      }
    },
    list(dir) {
      try {
        return readdirSync(dir).sort();
      } catch {
        return undefined;
      }
    },
    checkWritable(dir) {
      // lstat first: one call fewer than an existence check, an access check and an lstat for
      // every directory a plan writes in. Only a symlink costs a second (following) stat.
      for (let probe = dir; ;) {
        let info: ReturnType<typeof lstatSync>;
        try {
          info = lstatSync(probe, { throwIfNoEntry: false });
          if (info?.isSymbolicLink()) {
            const target = statSync(probe, { throwIfNoEntry: false });
            if (target?.isDirectory()) info = target;
            else if (target) return { reason: "symlink", path: probe };
            else info = undefined; // dangling: as if missing
          }
        } catch {
          info = undefined;
        }
        if (info?.isDirectory()) {
          try {
            accessSync(probe, constants.W_OK | constants.X_OK);
            return undefined;
          } catch {
            return { reason: "permission", path: probe };
          }
        }
        if (info) return { reason: info.isFile() ? "file" : "other", path: probe };
        const up = path.dirname(probe);
        if (up === probe) return { reason: "permission", path: probe };
        probe = up;
      }
    },
    realPath(file) {
      try {
        return realpathSync(file);
      } catch {
        return undefined;
      }
    },
    write(file, content, mode) {
      const dir = path.dirname(file);
      removeStaleTemps(dir, path.basename(file), prepareDir(dir));
      // Same directory as the target, so the rename is atomic; the pid keeps concurrent writers apart.
      const temp = path.join(dir, `.${path.basename(file)}.tmp-${process.pid}`);
      try {
        const fd = openCreating(temp, mode);
        try {
          writeSync(fd, content);
          // openSync's mode is filtered by the umask; the desired mode is exact. Set through the open
          // file (no second path lookup) before the flush, so the flush covers it too.
          fchmodSync(fd, mode);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        renameSync(temp, file);
      } catch (error) {
        rmSync(temp, { force: true });
        throw error;
      }
    },
    remove(file) {
      rmSync(file, { recursive: true, force: true });
      forget(file);
    },
    rename(from, to) {
      mkdirSync(path.dirname(to), { recursive: true });
      renameSync(from, to);
      forget(from);
    },
    lock(file) {
      mkdirSync(path.dirname(file), { recursive: true });
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const fd = openSync(file, "wx", 0o600);
          writeSync(fd, `${process.pid}\n`);
          closeSync(fd);
          return { release: () => unlinkSync(file) };
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
          const holder = readFileSync(file, "utf8").trim();
          // A lock left by a process that no longer exists (killed mid-apply) is stale: take it over.
          if (attempt === 0 && !processAlive(Number(holder))) {
            rmSync(file, { force: true });
            continue;
          }
          return { heldBy: holder || "unknown" };
        }
      }
      return { heldBy: "unknown" };
    },
  };
}

/**
 * The bytes of the open regular file `fd`, as readFileSync reads them: `size` bytes (fewer if it
 * shrank), or everything up to the end when stat reported no size.
 */
function readOpen(fd: number, size: number): Buffer {
  if (size > 0) {
    const buffer = Buffer.allocUnsafeSlow(size);
    let length = 0;
    while (length < size) {
      const n = readSync(fd, buffer, length, size - length, null);
      if (n === 0) break;
      length += n;
    }
    return length < size ? buffer.subarray(0, length) : buffer;
  }
  const chunks: Buffer[] = [];
  for (;;) {
    const chunk = Buffer.allocUnsafeSlow(8192);
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
  }
  return Buffer.concat(chunks);
}

/**
 * Opens `file` for writing, creating its directory only when it is missing (one failed open instead
 * of a recursive mkdir, a walk up the path, before every write).
 */
function openCreating(file: string, mode: number): number {
  try {
    return openSync(file, "w", mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(path.dirname(file), { recursive: true });
    return openSync(file, "w", mode);
  }
}

/** Names in `dir` shaped like our temp files (`.<name>.tmp-<pid>`); undefined when `dir` is absent. */
function listTemps(dir: string): string[] | undefined {
  try {
    return readdirSync(dir).filter((name) => name.startsWith(".") && name.includes(".tmp-"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return [];
  }
}

/**
 * Temp files of this name left by a writer that was killed mid-write (its pid is gone) are removed;
 * `names` is the directory's temp names as listed once (removed ones are taken out of it).
 */
function removeStaleTemps(dir: string, base: string, names: string[]): void {
  const prefix = `.${base}.tmp-`;
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i] as string;
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (pid !== process.pid && !processAlive(pid)) {
      rmSync(path.join(dir, name), { force: true });
      names.splice(i, 1);
    }
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

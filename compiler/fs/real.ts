/** The real filesystem port (node:fs, synchronous: apply is one short sequential pass). */
import { accessSync, closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, writeSync, fsyncSync } from "node:fs";
import path from "node:path";
import type { FileInfo, FileSystem } from "./file-system";

/** How the real port writes. */
export interface RealFileSystemOptions {
  /**
   * Flush each file's bytes to the disk before renaming it into place (default true), so a power
   * loss leaves the old or the new file, never an empty one. Homes need it; a `build --out` tree is
   * regenerated at will, and an fsync per file was a third of its time.
   */
  durable?: boolean;
}

/** Creates the real port. */
export function realFileSystem(options: RealFileSystemOptions = {}): FileSystem {
  const durable = options.durable ?? true;
  // Leftover temp names per directory, listed on the first write there: listing the directory on
  // every write made writing N files into one directory cost N², the superlinear part of `build --out`.
  const temps = new Map<string, string[]>();
  // Directories this port created, each with the existing directory it was created under (its
  // origin): what is below them cannot exist yet, so it is not listed first.
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
      // Files created below one existing directory get the same mode filter (the umask, or that
      // directory's default ACL, which the new directories inherit): what is learned is shared.
      const origin: UmaskBits = (first !== undefined && made.get(path.dirname(first))) || { kept: 0, stripped: 0 };
      if (first !== undefined) for (let d = dir; ; d = path.dirname(d)) {
        made.set(d, origin);
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
    for (const dir of made.keys()) if (dir === file || dir.startsWith(`${file}/`)) made.delete(dir);
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
      for (let probe = dir; ; ) {
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
      // A tree regenerated at will (`build --out`) is written in place: no temp file and rename,
      // which halved the CPU of writing a 10x tree. O_NOFOLLOW: an existing symlink is never written
      // through; that rare case takes the atomic path below, whose rename replaces the link itself.
      if (!durable) {
        // A directory whose parent this port made cannot exist yet: it is created first. Any other
        // is created only when the open finds it missing (an existing tree costs no directory call).
        if (!present.has(dir) && made.has(path.dirname(dir))) ensureDir(dir);
        // In a directory made by this run the file cannot exist yet either: it is created
        // exclusively, which also tells whether its mode needs fixing (see createExclusive).
        const origin = made.get(dir);
        if (origin && createExclusive(file, content, mode, origin)) return;
        if (writeInPlace(file, content, mode, () => ensureDir(dir))) return;
      }
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
          if (durable) fsyncSync(fd);
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

/** Permission bits the mode filter of new files is known to keep or to strip. */
interface UmaskBits {
  kept: number;
  stripped: number;
}

/**
 * Creates `file` (O_EXCL: never an existing file or symlink) with `content` and exactly `mode`;
 * false when something is already there. The open's mode is filtered by the umask: a file created
 * with only bits the umask is known to keep needs no fchmod, which was one system call in four of
 * writing a fresh `build --out` tree. The first file with a bit not known yet is checked with an
 * fstat instead, and what it shows is remembered in `umask` (per origin directory, see ensureDir).
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
 * Writes `file` directly with an exact mode; false when it is a symlink (left for the atomic path).
 * `ensureDir` creates the directory when the open finds it missing.
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

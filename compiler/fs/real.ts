/** The real filesystem port (node:fs, synchronous: apply is one short sequential pass). */
import { accessSync, chmodSync, closeSync, constants, existsSync, fchmodSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync, fsyncSync } from "node:fs";
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
  // Directories this port created: what is below them cannot exist yet, so it is not listed first.
  const made = new Set<string>();
  /** The directory's leftover temp names; a missing directory is created (and has none). */
  const prepareDir = (dir: string): string[] => {
    let names = temps.get(dir);
    if (names) return names;
    names = made.has(path.dirname(dir)) ? undefined : listTemps(dir);
    if (!names) {
      const first = mkdirSync(dir, { recursive: true });
      if (first !== undefined) for (let d = dir; ; d = path.dirname(d)) {
        made.add(d);
        if (d === first || d === path.dirname(d)) break;
      }
      names = [];
    }
    temps.set(dir, names);
    return names;
  };
  /** Drops what is remembered about `file` and below (it was removed or moved away). */
  const forget = (file: string): void => {
    for (const dir of made) if (dir === file || dir.startsWith(`${file}/`)) made.delete(dir);
    for (const dir of temps.keys()) if (dir === file || dir.startsWith(`${file}/`)) temps.delete(dir);
  };
  return {
    read(file) {
      try {
        if (!lstatSync(file).isFile()) return undefined;
        return readFileSync(file);
      } catch {
        return undefined;
      }
    },
    stat(file): FileInfo | undefined {
      try {
        const s = lstatSync(file);
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
    writable(dir) {
      let probe = dir;
      while (!existsSync(probe)) {
        const up = path.dirname(probe);
        if (up === probe) return false;
        probe = up;
      }
      try {
        accessSync(probe, constants.W_OK | constants.X_OK);
        return lstatSync(probe).isDirectory();
      } catch {
        return false;
      }
    },
    write(file, content, mode) {
      const dir = path.dirname(file);
      // A tree regenerated at will (`build --out`) is written in place: no temp file and rename,
      // which halved the CPU of writing a 10x tree. O_NOFOLLOW: an existing symlink is never written
      // through; that rare case takes the atomic path below, whose rename replaces the link itself.
      if (!durable && writeInPlace(file, content, mode, () => prepareDir(dir))) return;
      removeStaleTemps(dir, path.basename(file), prepareDir(dir));
      // Same directory as the target, so the rename is atomic; the pid keeps concurrent writers apart.
      const temp = path.join(dir, `.${path.basename(file)}.tmp-${process.pid}`);
      try {
        const fd = openCreating(temp, mode);
        try {
          writeSync(fd, content);
          if (durable) fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        chmodSync(temp, mode); // openSync's mode is filtered by the umask; the desired mode is exact.
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

/** Writes `file` directly with an exact mode; false when it is a symlink (left for the atomic path). */
function writeInPlace(file: string, content: Uint8Array, mode: number, prepare: () => void): boolean {
  prepare();
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, mode);
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

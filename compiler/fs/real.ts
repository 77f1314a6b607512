/** The real filesystem port (node:fs, synchronous: apply is one short sequential pass). */
import { accessSync, chmodSync, closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync, fsyncSync } from "node:fs";
import path from "node:path";
import type { FileInfo, FileSystem } from "./file-system";

/** Creates the real port. */
export function realFileSystem(): FileSystem {
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
      mkdirSync(dir, { recursive: true });
      removeStaleTemps(dir, path.basename(file));
      // Same directory as the target, so the rename is atomic; the pid keeps concurrent writers apart.
      const temp = path.join(dir, `.${path.basename(file)}.tmp-${process.pid}`);
      try {
        const fd = openSync(temp, "w", mode);
        try {
          writeSync(fd, content);
          fsyncSync(fd);
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
    },
    rename(from, to) {
      mkdirSync(path.dirname(to), { recursive: true });
      renameSync(from, to);
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

/** Temp files of this name left by a writer that was killed mid-write (its pid is gone) are removed. */
function removeStaleTemps(dir: string, base: string): void {
  const prefix = `.${base}.tmp-`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (pid !== process.pid && !processAlive(pid)) rmSync(path.join(dir, name), { force: true });
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

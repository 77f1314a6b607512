/**
 * The one way the runtime reads a file the agent could have planted (a policy file, `.git/HEAD`, a
 * dotenv whose key names a guard lists, a rule file). A path can name a FIFO (a plain read blocks
 * until the hook's deadline), a device (`/dev/zero` never ends), or a `/proc` pseudo-file
 * (`/proc/self/environ` holds the hook's own environment): none of them is read.
 */
import { fs } from "./node-builtins";

const { closeSync, constants, fstatSync, openSync, readSync, statSync } = fs;

// O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer. O_NOCTTY: a terminal never
// becomes the process's controlling terminal. Both are 0 where the platform lacks them.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * The first `maxBytes` bytes of the regular file at `path` (symlinks followed) as UTF-8, or
 * undefined when it is anything else: missing, unreadable, a directory, FIFO, socket or device, or
 * a file whose size is reported as 0 (`/proc` pseudo-files, whose contents appear only on read).
 * Never blocks and never throws. The type is checked before opening (so no device is opened) and
 * again on the open descriptor (so a swap between the two checks is caught).
 */
export function readRegularFile(path: string, maxBytes: number): string | undefined {
  if (!path || maxBytes <= 0) return undefined;
  try {
    const before = statSync(path);
    if (!before.isFile() || before.size === 0) return undefined;
  } catch {
    return undefined;
  }
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size === 0) return undefined;
    const want = Math.min(stat.size, maxBytes);
    const buffer = Buffer.allocUnsafe(want);
    let got = 0;
    while (got < want) {
      const n = readSync(fd, buffer, got, want - got, got);
      if (n === 0) break;
      got += n;
    }
    return buffer.toString("utf8", 0, got);
  } catch {
    return undefined;
  } finally {
    try {
      closeSync(fd);
    } catch {
      // Already closed or never valid: nothing to release.
    }
  }
}

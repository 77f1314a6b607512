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

/** How `readRegularFile` reads. */
export interface ReadOptions {
  /**
   * Refuse a file with more than one hard link. A hard link is a regular file wherever it sits, so a
   * repository file can be the same file as `~/.ssh/id_rsa` (`ln ~/.ssh/id_rsa .claude/rules/x.md`);
   * a file with a single link is only where it is.
   */
  singleLink?: boolean;
  /** Read the last `maxBytes` bytes instead of the first (a UTF-8 sequence cut at the start reads as U+FFFD). */
  fromEnd?: boolean;
  /** Each byte as one character (Latin-1), for a binary file such as git's index. */
  bytes?: boolean;
}

/**
 * The first `maxBytes` bytes of the regular file at `path` (symlinks followed) as UTF-8, or
 * undefined when it is anything else: missing, unreadable, a directory, FIFO, socket or device, or
 * a file whose size is reported as 0 (`/proc` pseudo-files, whose contents appear only on read).
 * With `singleLink`, a file with other hard links is refused too. Never blocks and never throws. The type is checked before opening (so no device is opened) and
 * again on the open descriptor (so a swap between the two checks is caught).
 */
export function readRegularFile(path: string, maxBytes: number, options: ReadOptions = {}): string | undefined {
  if (!path || maxBytes <= 0) return undefined;
  try {
    const before = statSync(path);
    if (!before.isFile() || before.size === 0 || (options.singleLink && before.nlink !== 1)) return undefined;
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
    if (!stat.isFile() || stat.size === 0 || (options.singleLink && stat.nlink !== 1)) return undefined;
    const want = Math.min(stat.size, maxBytes);
    const start = options.fromEnd ? stat.size - want : 0;
    const buffer = Buffer.allocUnsafe(want);
    let got = 0;
    while (got < want) {
      const n = readSync(fd, buffer, got, want - got, start + got);
      if (n === 0) break;
      got += n;
    }
    return buffer.toString(options.bytes ? "latin1" : "utf8", 0, got);
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

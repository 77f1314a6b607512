/**
 * stdin and stdout for the hook path, through file descriptors rather than `process.stdin` /
 * `process.stdout`: touching those builds a stream (on a pipe, a `net.Socket`), which loads about a
 * dozen internal modules on every hook invocation for two small synchronous transfers.
 *
 * A client that spawns the hook from Node (Copilot, the tests) may hand it a non-blocking pipe; a
 * plain `readFileSync(0)` then fails with EAGAIN as soon as the reader outpaces the writer (observed
 * with a 338 KiB payload), which would turn a large tool call into a garbled one. So both directions
 * loop and wait briefly on EAGAIN.
 */
import { fs } from "./node-builtins";

const { fstatSync, readSync, writeSync } = fs;

const CHUNK = 64 * 1024;
const pause = new Int32Array(new SharedArrayBuffer(4));
// About 30 s of 1 ms waits: the clients' own hook timeout.
const MAX_WAITS = 30_000;

function wait(): void {
  Atomics.wait(pause, 0, 0, 1);
}

/** All of stdin as UTF-8; "" when stdin is a terminal (or another character device), closed or unreadable. */
export function readStdin(): string {
  try {
    if (fstatSync(0).isCharacterDevice()) return "";
  } catch {
    return "";
  }
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(CHUNK);
  let waits = 0;
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buffer, 0, CHUNK, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EAGAIN" && waits < MAX_WAITS) {
        wait();
        waits += 1;
        continue;
      }
      break;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Writes all of `text` to file descriptor `fd` (1 or 2). Never throws: a closed pipe loses the text. */
export function writeFd(fd: number, text: string): void {
  if (!text) return;
  const data = Buffer.from(text, "utf8");
  let offset = 0;
  let waits = 0;
  while (offset < data.length) {
    try {
      offset += writeSync(fd, data, offset, data.length - offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EAGAIN" && waits < MAX_WAITS) {
        wait();
        waits += 1;
        continue;
      }
      return;
    }
  }
}

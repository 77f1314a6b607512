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

const { closeSync, constants, fstatSync, openSync, readSync, writeSync } = fs;

const CHUNK = 64 * 1024;
const pause = new Int32Array(new SharedArrayBuffer(4));
// About 30 s of 1 ms waits: the clients' own hook timeout (only writes use it; reads have a deadline).
const MAX_WAITS = 30_000;

/** The wrapper's watchdog limit when nothing lowers it (docs/runtime.md, "Failing closed"). */
export const DEFAULT_DEADLINE_SECONDS = 20;

/**
 * Under the wrapper, the runtime ends its stdout with this tag and its exit code on a line of their
 * own, and the wrapper decides by that line rather than by `wait`: bash 5.2 sometimes reports -1 for
 * a process substitution's child that it has already reaped (docs/runtime.md, "Failing closed").
 */
export const EXIT_LINE_TAG = "agentihooks-exit:";

function wait(): void {
  Atomics.wait(pause, 0, 0, 1);
}

/**
 * How long the runtime waits for stdin to close, in ms: half the hook deadline, so the runtime
 * answers before the wrapper's watchdog (at the whole deadline) and well before the clients' 30 s
 * timeout. `AGENTIHOOKS_DEADLINE_SECONDS` (a whole number) can only lower the deadline.
 */
export function stdinDeadlineMs(env: NodeJS.ProcessEnv): number {
  const raw = (env.AGENTIHOOKS_DEADLINE_SECONDS ?? "").trim();
  const seconds = /^[0-9]+$/.test(raw) ? Math.min(Number(raw), DEFAULT_DEADLINE_SECONDS) : DEFAULT_DEADLINE_SECONDS;
  return seconds * 500;
}

/** stdin's text, and whether it closed (false: the deadline passed first, `text` is what came). */
export interface StdinText {
  text: string;
  complete: boolean;
}

/**
 * A descriptor for stdin that never blocks where one can be had: a FIFO or pipe is reopened
 * through /proc with O_NONBLOCK (Linux), so a writer that never closes cannot hold the read past
 * the deadline. A socket (what a Node client hands its hooks) cannot be reopened; it is read as it
 * is, and the wrapper's watchdog bounds a socket that never closes.
 */
function openStdin(): number {
  try {
    if (!fstatSync(0).isFIFO()) return 0;
    return openSync("/proc/self/fd/0", constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return 0;
  }
}

/**
 * All of stdin as UTF-8, stopping at `deadlineMs` (see stdinDeadlineMs). A terminal (or another
 * character device) or an unreadable stdin is "" and complete.
 */
export function readStdin(deadlineMs: number): StdinText {
  try {
    if (fstatSync(0).isCharacterDevice()) return { text: "", complete: true };
  } catch {
    return { text: "", complete: true };
  }
  const fd = openStdin();
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(CHUNK);
  const deadline = Date.now() + deadlineMs;
  let complete = true;
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buffer, 0, CHUNK, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
        if (Date.now() < deadline) {
          wait();
          continue;
        }
        complete = false;
      }
      break;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  if (fd !== 0) {
    try {
      closeSync(fd);
    } catch {
      // Nothing to release.
    }
  }
  return { text: Buffer.concat(chunks).toString("utf8"), complete };
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

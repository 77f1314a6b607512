/**
 * Reads all of stdin synchronously. A client that spawns the hook from Node (Copilot, the tests)
 * may hand it a non-blocking pipe: a plain `readFileSync(0)` then fails with EAGAIN as soon as the
 * reader outpaces the writer (observed with a 338 KiB payload), which would turn a large tool call
 * into a garbled one. So read in a loop and wait briefly on EAGAIN until EOF.
 */
import { readSync } from "node:fs";

const CHUNK = 64 * 1024;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** All of stdin as UTF-8; "" when stdin is a terminal, closed or unreadable. */
export function readStdin(): string {
  if (process.stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(CHUNK);
  let waited = 0;
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buffer, 0, CHUNK, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN" && waited < 30_000) {
        // Sleep 1 ms without spinning; give up after ~30 s (the clients' hook timeout).
        Atomics.wait(pause, 0, 0, 1);
        waited += 1;
        continue;
      }
      if (code === "EOF") break;
      break;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString("utf8");
}

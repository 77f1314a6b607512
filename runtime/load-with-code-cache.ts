/**
 * The entry of dist/runtime.cjs: runs the hook runtime (runtime/main.ts, which scripts/build.mjs
 * bundles into `runtime-core.js` beside this file, RUNTIME_CORE_FILE) through V8's code cache. Node 20 has no
 * module compile cache, and parsing the runtime's ~280 KB and compiling the functions a pre-tool call
 * runs was about half of what the hook costs over `node -e 0` (bench/hook.mjs --instructions). The
 * runtime is a file of its own, not part of this one, so Node's loader reads and scans only this
 * small file: a runtime held as comment lines after the loader cost ~5.7 M instructions a call to
 * read twice, scan and uncomment (measured with callgrind on Node 20.20).
 *
 * The cache is `<this file>.v8-cache` beside it, written by the runtime itself after a pre-tool
 * call it allowed through the wrapper (so it holds the functions such a call runs), when it was
 * missing or V8 refused it. It is an optimisation and never decides anything:
 * - V8 refuses a cache made by another V8 version, with other flags or for another source (a new
 *   runtime is a new file beside a new cache): the runtime is then compiled from its text, as
 *   without a cache.
 * - V8 itself does not check the bytes of a code cache unless `--verify-snapshot-checksum` is set,
 *   and a flipped byte crashes it (measured on Node 20). Setting that flag needs `node:v8`, whose
 *   load compiles about twenty stream modules (~9 M instructions, a quarter of the runtime's whole
 *   cost), and passing it to Node verifies Node's own start-up snapshot too (~16 M). So the file
 *   holds the cache twice, the second copy rotated by half its length, and is used only when both
 *   copies agree (two native compares): a flipped, zeroed or truncated stretch, even one at the
 *   same place in both copies, makes them differ.
 * - Only a regular file, not through a symlink, of at most 32 MiB is read; anything else is no cache.
 * - It is written to a temporary file and renamed, so a reader never sees half of one; any error
 *   writing it is ignored.
 */
import type * as FsModule from "node:fs";
import type * as VmModule from "node:vm";
import { RUNTIME_CORE_FILE } from "./installed-files";

/** The suffix of the runtime's code cache beside it. */
const CODE_CACHE_SUFFIX = ".v8-cache";

const MAX_CACHE_BYTES = 32 * 1024 * 1024;

type CommonJsBody = (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;

/**
 * How much of the second copy is read at a time: a buffer small enough to stay in the CPU's cache
 * (see readCache), large enough that the read and compare calls are few (64 KiB: ~1 M instructions
 * fewer than 16 KiB for a ~400 KB cache, measured with callgrind on Node 20.20).
 */
const COMPARE_CHUNK = 64 * 1024;

/** Reads exactly `length` bytes at `position` of `fd` into `into` from `offset`; false when the file ends first. */
function readFully(fs: typeof FsModule, fd: number, into: Buffer, offset: number, length: number, position: number): boolean {
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, into, offset + done, length - done, position + done);
    if (n === 0) return false;
    done += n;
  }
  return true;
}

/**
 * The cache stored in `file` (the cache, then the cache rotated by half its length), or undefined
 * when there is no regular file of a sane size there or the two copies differ anywhere. The second
 * copy is read a chunk at a time into one small buffer and compared as it comes: on the VMs the
 * clients run on, moving memory costs more than the read calls (reading both copies into one buffer
 * was ~1 ms of a hook's ~12 ms over `node -e 0`).
 */
function readCache(fs: typeof FsModule, file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size === 0 || stat.size % 2 !== 0 || stat.size > MAX_CACHE_BYTES) return undefined;
    const size = stat.size / 2;
    const half = size >> 1;
    const cache = Buffer.allocUnsafe(size);
    if (!readFully(fs, fd, cache, 0, size, 0)) return undefined;
    const chunk = Buffer.allocUnsafe(Math.min(COMPARE_CHUNK, size));
    // second copy = cache[half..] + cache[..half]: byte k of it is cache[(k + half) % size].
    for (let k = 0; k < size;) {
      const length = Math.min(chunk.length, size - k);
      if (!readFully(fs, fd, chunk, 0, length, size + k)) return undefined;
      let q = 0;
      while (q < length) {
        const from = (k + q + half) % size;
        const run = Math.min(length - q, size - from);
        if (chunk.compare(cache, from, from + run, q, q + run) !== 0) return undefined;
        q += run;
      }
      k += length;
    }
    return cache;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** What is written for the cache `bytes`: the cache, then the cache rotated by half its length. */
function storedFromCache(bytes: Buffer): Buffer {
  const half = bytes.length >> 1;
  return Buffer.concat([bytes, bytes.subarray(half), bytes.subarray(0, half)]);
}

/** Writes `bytes` to `file` through a temporary file in the same directory and a rename; false on any error. */
function writeCache(fs: typeof FsModule, file: string, bytes: Uint8Array): boolean {
  const slash = file.lastIndexOf("/");
  const temp = `${file.slice(0, slash + 1)}.${file.slice(slash + 1)}.tmp-${process.pid}`;
  try {
    fs.writeFileSync(temp, bytes, { mode: 0o644, flag: "wx" });
    fs.renameSync(temp, file);
    return true;
  } catch {
    try {
      fs.unlinkSync(temp);
    } catch {
      // nothing was written
    }
    return false;
  }
}

/** True when this run was a pre-tool call the runtime allowed through the wrapper (docs/runtime.md). */
function allowedThroughWrapper(): boolean {
  const allow = process.env.AGENTIHOOKS_ALLOW_EXIT ?? "";
  return /^[0-9]{1,3}$/.test(allow) && process.exitCode === Number(allow);
}

/**
 * The runtime's source beside this file (RUNTIME_CORE_FILE): the function text `(function (exports,
 * require, module, __filename, __dirname) {…})` as V8 compiles it, ASCII only (scripts/build.mjs
 * checks), so it is read as Latin-1 with no decoding and handed to V8 as it is.
 */
function coreText(fs: typeof FsModule): string {
  try {
    return fs.readFileSync(`${__dirname}/${RUNTIME_CORE_FILE}`, "latin1");
  } catch (error) {
    throw new Error(
      `${__dirname}/${RUNTIME_CORE_FILE} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); reinstall the runtime (agentihooks apply)`,
    );
  }
}

function run(): void {
  const fs = require("node:fs") as typeof FsModule;
  const vm = require("node:vm") as typeof VmModule;
  const cacheFile = `${__filename}${CODE_CACHE_SUFFIX}`;
  const cachedData = readCache(fs, cacheFile);
  const script = new vm.Script(coreText(fs), { filename: __filename, cachedData });
  const body = script.runInThisContext() as CommonJsBody;
  const core = { exports: {} as unknown };
  body.call(core.exports, core.exports, require, core, __filename, __dirname);
  if ((cachedData === undefined || script.cachedDataRejected === true) && allowedThroughWrapper())
    writeCache(fs, cacheFile, storedFromCache(script.createCachedData()));
}

run();

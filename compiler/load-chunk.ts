/**
 * Loads a bundled CommonJS chunk (dist/chunks/<name>.js, or a precompiled ajv validator in
 * dist/schemas/validators/) with V8's code cache for it (<file>.v8-cache, written by scripts/build.mjs). Node 20 has no module compile
 * cache (module.enableCompileCache is Node 22), and parsing the project commands' ~650 KB file was
 * the largest single start-up cost of every project command; with the cache V8 skips it.
 *
 * V8 checks the cache against its own version, its flags and the source's length, and rejects it
 * on any mismatch (another Node release, `--max-old-space-size`, a missing file): the chunk is then
 * compiled as without a cache. scripts/build.mjs writes chunk and cache into the same staging
 * directory and swaps them in together, so a cache never outlives its source.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Script } from "node:vm";

/** The suffix of a chunk's code cache file. */
export const CODE_CACHE_SUFFIX = ".v8-cache";

/** `source` as Node wraps a CommonJS module, so the chunk sees exports, require, module, __filename, __dirname. */
export function wrapChunk(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
}

function compile(file: string, cachedData: Buffer | undefined): Script {
  return new Script(wrapChunk(readFileSync(file, "utf8")), { filename: file, cachedData });
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(`${file}${CODE_CACHE_SUFFIX}`);
  } catch {
    return undefined;
  }
}

/** Runs the CommonJS file `file` (absolute) once, through its code cache when V8 accepts it; returns its exports. */
export function loadChunk(file: string): unknown {
  return run(compile(file, readCache(file)), file);
}

function run(script: Script, file: string): unknown {
  const module = { exports: {} as unknown };
  const body = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  body.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** Writes `file`'s code cache: the compiled top-level code of the chunk as this Node's V8 makes it. */
export function writeCodeCache(file: string): void {
  writeFileSync(`${file}${CODE_CACHE_SUFFIX}`, compile(file, undefined).createCachedData());
}

/**
 * Writes `file`'s code cache after running the chunk and `exercise(exports)`: V8 compiles a
 * function on its first call, and a cache made after a representative run holds those functions
 * too, so a later run compiles almost nothing.
 */
export async function writeExercisedCodeCache(file: string, exercise: (exports: unknown) => Promise<unknown>): Promise<void> {
  const script = compile(file, undefined);
  await exercise(run(script, file));
  writeFileSync(`${file}${CODE_CACHE_SUFFIX}`, script.createCachedData());
}

/**
 * Loads a large dependency on first use instead of at start-up. Bundled, each such package ships as
 * one CommonJS file in dist/vendor/ (scripts/build.mjs), so the chunks every command parses stay
 * small; from the sources it is the installed package.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CODE_CACHE_SUFFIX, loadChunk } from "./load-chunk";

/**
 * Requires `dist/vendor/<vendorFile>` beside the running bundle (through its V8 code cache, written by
 * scripts/build.mjs, when there is one), else the installed package `name`.
 */
export function requireVendored<T>(name: string, vendorFile: string): T {
  const here = fileURLToPath(import.meta.url);
  // The bundle's chunks live in dist/ or dist/chunks/; dist/vendor/ sits beside dist/'s entry.
  const vendored = [path.join(path.dirname(here), "vendor", vendorFile), path.join(path.dirname(here), "..", "vendor", vendorFile)].find((file) =>
    existsSync(file),
  );
  if (vendored !== undefined && existsSync(`${vendored}${CODE_CACHE_SUFFIX}`)) return loadChunk(vendored) as T;
  return createRequire(here)(vendored ?? name) as T;
}

/**
 * Locates the installed agentihooks package (the directory holding its package.json and the
 * built-in `profiles/`), from wherever this module ended up: `compiler/load/` in the source tree,
 * `dist/` or `dist/chunks/` once bundled.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/** Absolute root of the agentihooks package. Throws (a bug, not a user mistake) when it cannot be found. */
export function findPackageRoot(from: string = fileURLToPath(import.meta.url)): string {
  if (cached !== undefined) return cached;
  let dir = path.dirname(from);
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && existsSync(path.join(dir, "profiles"))) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "agentihooks") {
          cached = dir;
          return dir;
        }
      } catch {
        // not ours; keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`agentihooks: cannot find the package root above ${from}`);
    dir = parent;
  }
}

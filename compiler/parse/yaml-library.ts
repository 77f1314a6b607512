/**
 * The `yaml` package, loaded on first use. Flat frontmatter is read by parse-flat-yaml.ts and
 * written by lower/flat-yaml.ts, so most runs never need the package, and then skip parsing its
 * ~260 KB. Bundled, it ships as dist/vendor/yaml.cjs (scripts/build.mjs); from the sources it is
 * the installed package.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

type YamlLibrary = typeof import("yaml");

let loaded: YamlLibrary | undefined;

/** The `yaml` package's exports (loaded synchronously the first time). */
export function yamlLibrary(): YamlLibrary {
  if (loaded === undefined) {
    const here = fileURLToPath(import.meta.url);
    // The bundle's chunks live in dist/ or dist/chunks/; dist/vendor/yaml.cjs sits beside them.
    const vendored = [path.join(path.dirname(here), "vendor", "yaml.cjs"), path.join(path.dirname(here), "..", "vendor", "yaml.cjs")].find((file) => existsSync(file));
    loaded = createRequire(here)(vendored ?? "yaml") as YamlLibrary;
  }
  return loaded;
}

/**
 * The `yaml` package, loaded on first use. Flat frontmatter is read and written by flat-yaml.ts,
 * so most runs never need the package, and then skip parsing its ~260 KB (dist/vendor/yaml.cjs
 * when bundled).
 */
import { requireVendored } from "../vendored-library";

type YamlLibrary = typeof import("yaml");

let loaded: YamlLibrary | undefined;

/** The `yaml` package's exports (loaded synchronously the first time). */
export function yamlLibrary(): YamlLibrary {
  loaded ??= requireVendored<YamlLibrary>("yaml", "yaml.cjs");
  return loaded;
}

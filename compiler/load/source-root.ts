/**
 * A directory the loader reads from (a profile, the bundle, `profiles/_base`, the package layer),
 * with the display prefix used in diagnostics and origins so no machine path ever reaches output.
 */

/** One directory read as a layer. */
export interface SourceRoot {
  /** Absolute directory on this machine. Never printed. */
  dir: string;
  /** Display prefix: `built-in:profiles/default`, `bundle:profiles/anton`, `bundle:`, `linked(brain):`. */
  display: string;
  /** Layer label for origins: `base`, `package`, `bundle`, `profile anton`, `settings profile admin`. */
  layer: string;
}

/** Joins a display prefix and a POSIX relative path: `bundle:` + `CLAUDE.md` → `bundle:CLAUDE.md`. */
export function displayJoin(prefix: string, relative: string): string {
  if (relative === "") return prefix;
  return prefix.endsWith(":") ? `${prefix}${relative}` : `${prefix}/${relative}`;
}

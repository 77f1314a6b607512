/**
 * Copilot's `trustedFolders` at uninstall (docs/cli.md, "agentihooks uninstall"): some releases of
 * the Python original added their own root (the directory their hooks `cd` into) to that list in
 * `~/.copilot/settings.json`. agentihooks never writes the key, but uninstall withdraws those roots
 * (and the agentihooks home), leaving every other entry, and drops the key when nothing is left.
 */
import path from "node:path";

// `cd <root> && … -m hooks…` as the original's wrapper and status line ran it: a quoted or bare path.
const CD_ROOT = /(?:^|[\n;&|]\s*)cd\s+(?:'([^']+)'|"([^"]+)"|([^\s;&|'"]+))/g;

function normalized(dir: string): string {
  const resolved = path.posix.normalize(dir);
  return resolved.length > 1 ? resolved.replace(/\/+$/, "") : resolved;
}

/**
 * The roots the Python original ran from, read from texts that run its runtime (`-m hooks`): each
 * `cd DIR` before the command (a hook wrapper's body, a `statusLine` command). Texts that do not run
 * the original's runtime name no root.
 */
export function legacyRoots(texts: readonly string[]): string[] {
  const roots = new Set<string>();
  for (const text of texts) {
    if (!/(^|\s)-m\s+hooks(\.[\w.]+)?(\s|"|$)/m.test(text)) continue;
    for (const match of text.matchAll(CD_ROOT)) {
      const dir = match[1] ?? match[2] ?? match[3];
      if (dir && path.posix.isAbsolute(dir)) roots.add(normalized(dir));
    }
  }
  return [...roots];
}

/**
 * `list` without the entries that name one of `roots` (trailing slashes ignored), or undefined when
 * nothing is withdrawn. Entries that are not strings are kept as they are.
 */
export function withdrawRoots(list: readonly unknown[], roots: readonly string[]): unknown[] | undefined {
  const drop = new Set(roots.map(normalized));
  const kept = list.filter((entry) => typeof entry !== "string" || !path.posix.isAbsolute(entry) || !drop.has(normalized(entry)));
  return kept.length === list.length ? undefined : kept;
}

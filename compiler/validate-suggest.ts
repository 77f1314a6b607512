/**
 * "Did you mean …?" for unknown keys: the known key closest to a misspelt one, if any is close.
 */

/**
 * The candidate most likely meant by `name`, or undefined when none is close. Keys that differ only
 * in case or in `_`/`-` separators (timeoutSec vs timeout_sec) always match; otherwise the edit
 * distance (with transpositions) must be at most a third of the name's length, and at most 3.
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const folded = fold(name);
  const sameWhenFolded = candidates.filter((c) => fold(c) === folded).sort();
  if (sameWhenFolded.length > 0) return sameWhenFolded[0];
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of [...candidates].sort()) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined && bestDistance <= limit) return best;
  // A name that adds or drops a suffix ("timeoutSeconds" for "timeout") is still a likely typo.
  const prefixed = candidates
    .filter((c) => c.length >= 4 && (folded.startsWith(fold(c)) || fold(c).startsWith(folded)))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return folded.length >= 4 ? prefixed[0] : undefined;
}

function fold(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, "");
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((d[(i - 1) * cols + j] as number) + 1, (d[i * cols + j - 1] as number) + 1, (d[(i - 1) * cols + j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (d[(i - 2) * cols + j - 2] as number) + 1);
      d[i * cols + j] = value;
    }
  }
  return d[rows * cols - 1] as number;
}

/** Finds which layer set a value of the merged settings, so every warning names a profile file. */
import type { MergedDocument, Origin } from "../ir";
import { escapePointer } from "./mcp-credentials";

/** A JSON pointer from path segments. */
export function pointerOf(segments: readonly string[]): string {
  return segments.map((s) => `/${escapePointer(s)}`).join("");
}

/**
 * The origin of the value at `segments`: the layer that set it; for an object or a list (the
 * merge records leaves), the layer that set its first leaf; else the nearest parent's; else the
 * last layer merged. The pointer always names the value itself.
 */
export function originOf(doc: MergedDocument, segments: readonly string[]): Origin {
  const pointer = pointerOf(segments);
  const exact = doc.provenance[pointer];
  if (exact) return { ...exact, pointer };
  // Provenance keys are sorted, so the first leaf found is stable across runs.
  const leaf = Object.keys(doc.provenance)
    .sort()
    .find((key) => key.startsWith(`${pointer}/`));
  if (leaf) return { ...doc.provenance[leaf]!, pointer };
  for (let n = segments.length - 1; n > 0; n -= 1) {
    const found = doc.provenance[pointerOf(segments.slice(0, n))];
    if (found) return { ...found, pointer };
  }
  const last = doc.layers[doc.layers.length - 1];
  return last ? { ...last, pointer } : { file: "settings", layer: "merged settings", pointer };
}

/** Finds which layer set a value of the merged settings, so every warning names a profile file. */
import type { MergedDocument, Origin } from "../../ir";
import { escapePointer } from "../../lower/mcp-credentials";

/** A JSON pointer from path segments. */
export function pointerOf(segments: readonly string[]): string {
  return segments.map((s) => `/${escapePointer(s)}`).join("");
}

/**
 * The origin of the value at `segments`: the layer that set it, else the nearest parent's, else
 * the last layer merged. The pointer always names the value itself.
 */
export function originOf(doc: MergedDocument, segments: readonly string[]): Origin {
  const pointer = pointerOf(segments);
  for (let n = segments.length; n > 0; n -= 1) {
    const found = doc.provenance[pointerOf(segments.slice(0, n))];
    if (found) return { ...found, pointer };
  }
  const last = doc.layers[doc.layers.length - 1];
  return last ? { ...last, pointer } : { file: "settings", layer: "merged settings", pointer };
}

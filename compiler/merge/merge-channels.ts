/**
 * The broadcast channels of `profile.yml` (docs/broadcasts.md): the last chain member that sets
 * `channels` decides, with nothing merged from earlier members (a list, like any other in a profile,
 * replaces). Names are stored lower-case, each once, in the order written.
 */
import type { Origin } from "../ir";
import type { LayerDocument } from "../load/source-tree";

/** The channels the chain sets and where, or undefined when no member sets them. */
export function mergeChannels(manifests: readonly LayerDocument[]): { value: string[]; origin: Origin } | undefined {
  let found: { value: string[]; origin: Origin } | undefined;
  for (const manifest of manifests) {
    const doc = manifest.doc.value as { channels?: unknown } | null;
    const channels = doc && typeof doc === "object" ? doc.channels : undefined;
    if (!Array.isArray(channels)) continue;
    const pointer = "/channels";
    const value = [...new Set(channels.filter((c): c is string => typeof c === "string").map((c) => c.toLowerCase()))];
    found = { value, origin: { file: manifest.file, layer: manifest.root.layer, pointer, ...(manifest.doc.locate(pointer) ?? {}) } };
  }
  return found;
}

/**
 * Feature layers (docs/profiles.md, "Rules, commands, agents, skills"): package → bundle → chain profiles. Rules are keyed by file
 * name and keep the position where they first appeared while a later layer's text replaces the
 * earlier one (the persona lists them in that order). Commands, agents and skills: a later layer
 * wins by name; the result is sorted by name.
 */
import type { MarkdownFeature, Skill } from "../ir";
import type { SourceFeatures } from "../load/source-tree";

/** The merged features of every layer, in layer order. */
export interface MergedFeatures {
  rules: MarkdownFeature[];
  commands: MarkdownFeature[];
  agents: MarkdownFeature[];
  skills: Skill[];
}

/** Merges feature layers given in order (earliest first). */
export function mergeFeatures(layers: readonly SourceFeatures[]): MergedFeatures {
  return {
    rules: mergeKeepingFirstPosition(
      layers.map((l) => l.rules),
      (r) => r.fileName,
    ),
    commands: mergeByName(layers.map((l) => l.commands)),
    agents: mergeByName(layers.map((l) => l.agents)),
    skills: mergeByName(layers.map((l) => l.skills)),
  };
}

/** Insertion-ordered by first appearance; a later same-keyed item replaces the value in place. */
export function mergeKeepingFirstPosition<T>(layers: readonly (readonly T[])[], keyOf: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const layer of layers) for (const item of layer) byKey.set(keyOf(item), item);
  return [...byKey.values()];
}

/** Later layers replace earlier items of the same name; sorted by name (byte order). */
export function mergeByName<T extends { name: string }>(layers: readonly (readonly T[])[]): T[] {
  const byName = new Map<string, T>();
  for (const layer of layers) for (const item of layer) byName.set(item.name, item);
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

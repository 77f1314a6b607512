/**
 * Chain parsing and `extends` expansion (docs/profiles.md, "The chain"): split on commas, trim,
 * drop empties; then walk `extends` depth-first, parents before children, each profile once. An
 * unknown profile, an unknown parent or a cycle is an error that names the whole path
 * (`a -> b -> a`), because a declarative build must never silently drop a layer.
 */
import type { Diagnostic, SourceLocation } from "../diagnostics";
import { diagnostic } from "../messages";
import { isValidProfileName } from "./profile-sources";

/** The deepest `extends` chain followed: deeper is an error, never a stack overflow. */
export const maxChainDepth = 64;

/** A long path shown by its ends: `a -> b -> c -> … -> y -> z`. */
function shortPath(path: readonly string[]): string {
  const shown = path.length <= 8 ? path : [...path.slice(0, 4), "…", ...path.slice(-3)];
  return shown.join(" -> ");
}

/** Splits a chain string (`coding, anton`) into names, trimmed, empties dropped. */
export function parseChain(text: string): string[] {
  return text
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

/** What the expansion needs to know about a profile. */
export interface ChainLookup {
  /** True when the name resolves to a profile directory. */
  exists(name: string): boolean;
  /** The profile's `extends` list with the location of each entry; empty when it declares none. */
  parents(name: string): ReadonlyArray<{ name: string; at: SourceLocation }>;
  /** Every selectable profile name, for messages. */
  available(): string[];
}

/** One member of the expanded chain. */
export interface ExpandedMember {
  name: string;
  /** The member whose `extends` pulled this one in. */
  extendedBy?: string;
}

/**
 * Expands `names` (where `at` locates the chain's own spelling, e.g. the config's `profile` key)
 * into the merge order. Members that cannot be resolved are reported and left out.
 */
export function expandChain(
  names: readonly string[],
  lookup: ChainLookup,
  at: SourceLocation,
  requested: string,
): { members: ExpandedMember[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const members: ExpandedMember[] = [];
  const emitted = new Set<string>();
  const available = () => lookup.available().join(", ") || "none";
  if (names.length === 0) {
    diagnostics.push(diagnostic("AH3001", at));
    return { members, diagnostics };
  }

  const visit = (name: string, stack: readonly string[]): void => {
    if (emitted.has(name)) return;
    const loopAt = stack.indexOf(name);
    if (loopAt !== -1) return; // reported by the parent loop below, which knows the location
    for (const parent of lookup.parents(name)) {
      const path = [...stack, name, parent.name];
      if (stack.includes(parent.name) || parent.name === name) {
        diagnostics.push(diagnostic("AH3003", parent.at, { path: path.join(" -> ") }));
        continue;
      }
      if (!isValidProfileName(parent.name)) {
        diagnostics.push(diagnostic("AH3010", parent.at, { name: parent.name }));
        continue;
      }
      if (!lookup.exists(parent.name)) {
        diagnostics.push(diagnostic("AH3004", parent.at, { name: parent.name, path: path.join(" -> "), available: available() }));
        continue;
      }
      if (path.length > maxChainDepth) {
        diagnostics.push(diagnostic("AH3013", parent.at, { limit: maxChainDepth, path: shortPath(path) }));
        continue;
      }
      visit(parent.name, [...stack, name]);
    }
    if (emitted.has(name)) return;
    emitted.add(name);
    const extendedBy = stack[stack.length - 1];
    members.push(extendedBy === undefined ? { name } : { name, extendedBy });
  };

  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) {
      diagnostics.push(diagnostic("AH3011", at, { name, path: requested }));
      continue;
    }
    seen.add(name);
    if (!isValidProfileName(name)) {
      diagnostics.push(diagnostic("AH3010", at, { name }));
      continue;
    }
    if (!lookup.exists(name)) {
      diagnostics.push(diagnostic("AH3002", at, { name, available: available() }));
      continue;
    }
    visit(name, []);
  }
  return { members, diagnostics };
}

/**
 * Name → directory (docs/profiles.md, "Where profiles come from"): the first existing directory wins among the built-in
 * profiles (`<package>/profiles/<name>`), the bundle's (`<bundle>/profiles/<name>`) and the linked
 * profiles (alias → directory). Names starting with `_` or `.` are reserved, and `package` is the
 * package feature layer, so none of them is ever a selectable profile.
 */
import path from "node:path";
import type { ProfileSource } from "../ir";
import { isDirectory, type SourceFileSystem } from "../load/file-system";
import type { SourceRoot } from "../load/source-root";

/** Where profiles can come from. Directories are absolute; they never reach output. */
export interface ProfileSources {
  /** The package's `profiles/` directory. */
  builtinProfiles: string;
  /** The bundle directory, when one is configured. */
  bundle?: string;
  /** Linked profiles: alias → directory, in the config's order. */
  linked: ReadonlyArray<{ name: string; dir: string }>;
}

/** A profile found on disk. */
export interface FoundProfile {
  name: string;
  source: ProfileSource;
  /** Display root, e.g. `built-in:profiles/default`, `bundle:profiles/anton`, `linked(brain):`. */
  display: string;
  dir: string;
}

/** The directory name reserved for the package feature layer (`profiles/package`). */
export const packageLayerName = "package";

const namePattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** True when `name` may name a profile: no path separators, not reserved. */
export function isValidProfileName(name: string): boolean {
  return namePattern.test(name) && name !== packageLayerName;
}

/** Resolves a name to its directory, first match wins; undefined when no source has it. */
export function findProfile(fs: SourceFileSystem, sources: ProfileSources, name: string): FoundProfile | undefined {
  if (!isValidProfileName(name)) return undefined;
  const builtin = path.join(sources.builtinProfiles, name);
  if (isDirectory(fs, builtin)) return { name, source: "built-in", display: `built-in:profiles/${name}`, dir: builtin };
  if (sources.bundle !== undefined) {
    const bundled = path.join(sources.bundle, "profiles", name);
    if (isDirectory(fs, bundled)) return { name, source: "bundle", display: `bundle:profiles/${name}`, dir: bundled };
  }
  const linked = sources.linked.find((l) => l.name === name);
  if (linked && isDirectory(fs, linked.dir)) return { name, source: "linked", display: `linked(${name}):`, dir: linked.dir };
  return undefined;
}

/** Every selectable profile, sorted by name; a name shadowed by an earlier source is listed once, from the source that wins. */
export function listProfiles(fs: SourceFileSystem, sources: ProfileSources): FoundProfile[] {
  const names = new Set<string>();
  const addDir = (dir: string) => {
    let entries: string[] = [];
    try {
      entries = fs.readdir(dir);
    } catch {
      return;
    }
    for (const entry of entries) if (isValidProfileName(entry) && isDirectory(fs, path.join(dir, entry))) names.add(entry);
  };
  addDir(sources.builtinProfiles);
  if (sources.bundle !== undefined) addDir(path.join(sources.bundle, "profiles"));
  for (const l of sources.linked) names.add(l.name);
  const found: FoundProfile[] = [];
  // Sorted: directory listing order must not reach output.
  for (const name of [...names].sort()) {
    const profile = findProfile(fs, sources, name);
    if (profile) found.push(profile);
  }
  return found;
}

/** The SourceRoot of a found profile, labelled for origins (`profile anton`, `settings profile admin`). */
export function profileRoot(profile: FoundProfile, role: "chain" | "settings"): SourceRoot {
  return { dir: profile.dir, display: profile.display, layer: role === "chain" ? `profile ${profile.name}` : `settings profile ${profile.name}` };
}

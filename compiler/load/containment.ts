/**
 * Bundle containment: a bundle (or a linked profile) is read as untrusted input, so nothing read
 * from it may resolve outside its own directory. A symlink `CLAUDE.md -> /etc/passwd`, or a skill
 * folder linked to `~/.ssh`, would otherwise be copied into the client homes and the `--out` tree.
 * The rule is on resolved paths, so it covers a link at any depth (the file, a folder above it, the
 * profile directory itself) without listing link shapes.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import { diagnostic } from "../messages";
import type { ProfileSources } from "../resolve/profile-sources";
import type { SourceFileSystem } from "./file-system";

/** One directory whose reads must stay inside it. */
export interface Boundary {
  /** The directory as configured (absolute, not resolved): paths are matched against it lexically. */
  dir: string;
  /** The same directory with every symlink resolved. */
  real: string;
  /** Name for people: `bundle`, `linked profile 'brain'`. */
  label: string;
}

/** The boundaries of one load, longest first (a linked profile inside the bundle is its own boundary). */
export interface Containment {
  boundaries: Boundary[];
  /** Refusals already reported (`display` and target), so one link is named once. */
  reported: Set<string>;
}

/**
 * The containment for a load: one boundary per directory given, each resolved once. Undefined when
 * the config opts out (`allowExternalLinks: true`) or nothing needs guarding.
 */
export function containmentFor(
  fs: SourceFileSystem,
  dirs: ReadonlyArray<{ dir: string; label: string }>,
  allowExternalLinks: boolean,
): Containment | undefined {
  if (allowExternalLinks || dirs.length === 0) return undefined;
  const boundaries: Boundary[] = [];
  for (const { dir, label } of dirs) {
    let real: string;
    try {
      real = fs.realpath(dir);
    } catch {
      continue;
    }
    boundaries.push({ dir: path.resolve(dir), real, label });
  }
  boundaries.sort((a, b) => b.dir.length - a.dir.length);
  return { boundaries, reported: new Set() };
}

/** The containment of a project's sources: the bundle, and each linked profile's own directory. */
export function bundleContainment(fs: SourceFileSystem, sources: ProfileSources, allowExternalLinks: boolean): Containment | undefined {
  const dirs = [
    ...(sources.bundle === undefined ? [] : [{ dir: sources.bundle, label: "bundle" }]),
    ...sources.linked.map((l) => ({ dir: l.dir, label: `linked profile '${l.name}'` })),
  ];
  return containmentFor(fs, dirs, allowExternalLinks);
}

function isWithin(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}

/**
 * True when `abs` may be read: it lies under no boundary, or it resolves inside the boundary it
 * lies under. Otherwise records one error on `display` naming where the path really leads and
 * returns false. A path that does not resolve (missing, a loop) is left to the reader's own checks.
 */
export function withinBounds(fs: SourceFileSystem, containment: Containment | undefined, diagnostics: Diagnostic[], abs: string, display: string): boolean {
  if (containment === undefined) return true;
  const boundary = containment.boundaries.find((b) => isWithin(abs, b.dir));
  if (boundary === undefined) return true;
  let real: string;
  try {
    real = fs.realpath(abs);
  } catch {
    return true;
  }
  if (isWithin(real, boundary.real)) return true;
  // Each refusal once: the same file can be asked about by more than one reader.
  const key = `${display}\u0000${real}`;
  if (!containment.reported.has(key)) {
    containment.reported.add(key);
    diagnostics.push(diagnostic("AH1116", { file: display }, { target: real, boundary: boundary.label }));
  }
  return false;
}

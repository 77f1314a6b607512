/**
 * Golden cases: discovery, loading, and the expected-tree IO the runner needs. A case is a
 * directory `golden/<case>/` with `input/` (a project directory: a config and profile tree),
 * `expected/` (the byte-exact views) and an optional `case.json` with command-line overrides.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TargetId } from "../../compiler/targets/ids";

/** Root of the golden cases. */
export const goldenRoot = fileURLToPath(new URL("../../golden/", import.meta.url));

/** The overrides a case may give, as the command line would (`--profile`, `--settings-profile`, `--target`). */
export interface CaseOptions {
  profile?: string;
  settingsProfile?: string;
  targets?: TargetId[];
  /** Also render each selected target's output tree (the `out/` view: a fresh apply to empty homes). */
  out?: boolean;
  /**
   * `--scope`: `repo` renders into the placeholder repository `/home/agent/repo`, `machine` into the
   * system folders under `/` (docs/scopes.md).
   */
  scope?: "home" | "repo" | "machine";
  /** Machine facts to inject instead of the portable defaults (still no real machine is read). */
  environment?: {
    /** Pretend to run under WSL. */
    wsl?: boolean;
    /** Executables that "exist": names resolve to `/usr/bin/<name>`, paths to themselves. */
    executables?: string[];
  };
}

/** One golden case. */
export interface GoldenCase {
  name: string;
  /** Absolute `golden/<case>/input`. */
  input: string;
  /** Absolute `golden/<case>/expected`. */
  expected: string;
  options: CaseOptions;
}

/** Every case (a directory of golden/ holding `input/`), sorted by name. */
export function discoverCases(root: string = goldenRoot): GoldenCase[] {
  return readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, "input")) && statSync(path.join(root, name, "input")).isDirectory())
    .sort()
    .map((name) => {
      const dir = path.join(root, name);
      const optionsFile = path.join(dir, "case.json");
      const options = existsSync(optionsFile) ? (JSON.parse(readFileSync(optionsFile, "utf8")) as CaseOptions) : {};
      return { name, input: path.join(dir, "input"), expected: path.join(dir, "expected"), options };
    });
}

/** A tree of files: POSIX path relative to the tree root → bytes. */
export type FileTree = Map<string, Uint8Array>;

/** Reads every file under `dir` (missing dir → empty tree). */
export function readTree(dir: string): FileTree {
  const tree: FileTree = new Map();
  const walk = (rel: string) => {
    const abs = path.join(dir, rel);
    for (const name of readdirSync(abs).sort()) {
      const childRel = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, childRel)).isDirectory()) walk(childRel);
      else tree.set(childRel, new Uint8Array(readFileSync(path.join(dir, childRel))));
    }
  };
  if (existsSync(dir)) walk("");
  return tree;
}

/** Makes `dir` hold exactly `tree`: writes new and changed files, deletes stale ones and empty directories. */
export function writeTree(dir: string, tree: FileTree): void {
  const current = readTree(dir);
  for (const rel of current.keys()) if (!tree.has(rel)) rmSync(path.join(dir, rel));
  for (const [rel, bytes] of tree) {
    const abs = path.join(dir, rel);
    const old = current.get(rel);
    if (old && Buffer.compare(Buffer.from(old), Buffer.from(bytes)) === 0) continue;
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, bytes);
  }
  removeEmptyDirs(dir, true);
}

function removeEmptyDirs(dir: string, keep: boolean): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const abs = path.join(dir, name);
    if (statSync(abs).isDirectory()) removeEmptyDirs(abs, false);
  }
  if (!keep && readdirSync(dir).length === 0) rmdirSync(dir);
}

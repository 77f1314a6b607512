/**
 * The Node binary and the bash a machine-scope wrapper runs (docs/scopes.md, "Machine scope"). The
 * wrapper runs both by absolute path for every user on the machine, so each binary and every folder above it must
 * be owned by root and writable by nobody else: a user who can replace the binary, or rename a
 * folder on its path, can swap the machine guard for a program that allows everything (a sticky
 * folder such as `/tmp` is the one writable folder allowed: only an entry's owner may replace it). Symbolic
 * links are followed hop by hop and the folders of each hop are checked too.
 */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import { diagnostic } from "../messages";

/** One path on the way to the Node binary that a user other than root could change. */
export interface NodeOwnershipProblem {
  path: string;
  /** Why, as a phrase: `owned by uid 1000`, `writable by group or others (mode 0775)`, `missing`. */
  problem: string;
}

/** What the check needs of a path (the real `lstatSync` by default; tests pass their own). */
export type LstatLike = (file: string) => { uid: number; mode: number; isSymbolicLink(): boolean; isDirectory(): boolean };

function ancestors(file: string): string[] {
  const out: string[] = [];
  let dir = path.resolve(file);
  for (;;) {
    out.push(dir);
    const parent = path.dirname(dir);
    if (parent === dir) return out;
    dir = parent;
  }
}

/** Every path whose owner and mode decide what `nodePath` runs: each link hop and its folders, and the real file's. */
export function pathsBehind(nodePath: string, readlink: (file: string) => string = readlinkSync, lstat: LstatLike = lstatSync): string[] {
  const seen = new Set<string>();
  let hop = path.resolve(nodePath);
  for (let i = 0; i < 40; i++) {
    for (const p of ancestors(hop)) seen.add(p);
    let link: string;
    try {
      if (!lstat(hop).isSymbolicLink()) break;
      link = readlink(hop);
    } catch {
      break;
    }
    hop = path.resolve(path.dirname(hop), link);
  }
  try {
    for (const p of ancestors(realpathSync(nodePath))) seen.add(p);
  } catch {
    // Missing: reported by the check of the path itself.
  }
  return [...seen].sort();
}

/** The paths behind `nodePath` that are not root-owned, or that group or others may write; [] when it is safe. */
export function nodeOwnershipProblems(
  nodePath: string,
  lstat: LstatLike = lstatSync,
  readlink: (file: string) => string = readlinkSync,
): NodeOwnershipProblem[] {
  const problems: NodeOwnershipProblem[] = [];
  for (const p of pathsBehind(nodePath, readlink, lstat)) {
    let info: ReturnType<LstatLike>;
    try {
      info = lstat(p);
    } catch {
      problems.push({ path: p, problem: "missing" });
      continue;
    }
    // A link's own mode is never used; who may replace it is decided by its folder's.
    if (info.isSymbolicLink()) continue;
    if (info.uid !== 0) problems.push({ path: p, problem: `owned by uid ${info.uid}, not root` });
    // A sticky folder (`/tmp`, mode 1777) lets no one rename or remove an entry they do not own, so
    // a root-owned entry in it cannot be replaced.
    else if (info.mode & 0o022 && !(info.isDirectory() && info.mode & 0o1000))
      problems.push({ path: p, problem: `writable by group or others (mode ${(info.mode & 0o7777).toString(8).padStart(4, "0")})` });
  }
  return problems;
}

/** The programs a machine-scope wrapper runs by absolute path: the Node of the runtime and the bash of its `#!` line. */
export interface WrapperPrograms {
  node?: string;
  bash?: string;
}

/** AH5162 for each unsafe path behind a program the machine-scope wrappers run (the same rule holds for bash as for Node). */
export function machineProgramDiagnostics(programs: WrapperPrograms, lstat: LstatLike = lstatSync): Diagnostic[] {
  return (["node", "bash"] as const).flatMap((name) => {
    const file = programs[name];
    if (file === undefined) return [];
    const program = name === "node" ? "Node" : "bash";
    return nodeOwnershipProblems(file, lstat).map((p) => diagnostic("AH5162", { file: p.path }, { program, node: file, path: p.path, problem: p.problem }));
  });
}

/** The programs the wrapper text runs: its `node=` line and its `#!` interpreter (when absolute, not `env`). */
export function wrapperPrograms(wrapperText: string): WrapperPrograms {
  const bash = /^#!(\/\S+)(?: -p)?\s*$/m.exec(wrapperText.split("\n", 1)[0] ?? "")?.[1];
  return { node: wrapperNodePath(wrapperText), bash: bash === undefined || bash.endsWith("/env") ? undefined : bash };
}

/**
 * AH5162 for the wrappers a saved plan (`apply --plan FILE`) writes outside the user's home, where
 * only machine-scope wrappers go: the check `apply --scope machine` makes, made again on the bytes
 * the plan carries, since the plan may come from another run, another Node, another machine.
 */
export function savedPlanProgramDiagnostics(changes: ReadonlyArray<{ path: string; after: Uint8Array | undefined }>, home: string): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const change of changes) {
    if (change.after === undefined || change.path === home || change.path.startsWith(`${home}/`)) continue;
    const text = Buffer.from(change.after.subarray(0, 64 * 1024)).toString("utf8");
    if (!text.startsWith("#!") || !/^node=/m.test(text)) continue;
    const programs = wrapperPrograms(text);
    const key = `${programs.node}\u0000${programs.bash}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(...machineProgramDiagnostics(programs));
  }
  return out;
}

/** The Node path an installed wrapper runs (its `node=` line, single-quoted or bare), or undefined. */
export function wrapperNodePath(wrapperText: string): string | undefined {
  const line = /^node=(.*)$/m.exec(wrapperText)?.[1]?.trim();
  if (!line || line.startsWith("$")) return undefined;
  // shellQuote's form: 'a'\''b' pieces; a bare word has no quotes.
  return line.startsWith("'") ? line.replace(/'\\''/g, "'").replace(/^'|'$/g, "") : line;
}

/**
 * `diff --base GIT_REF`: compiles the bundle as it is at a git ref and as it is in the working tree,
 * both in the portable environment (no machine paths), and shows the difference per target as a
 * plan: what merging the change would do to every target's fresh render. With `--scope repo` the
 * render is the repo scope's (the committed files), paths shown relative to the repository root.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import { portableEnvironment } from "../environment";
import { diagnostic } from "../messages";
import { renderFresh } from "../render-fresh";
import { PORTABLE_REPO_ROOT, portableScopeEnvironment } from "../scopes/scope-environment";
import { loadSession, type SessionOptions } from "./session";
import type { Change, Plan } from "../plan/change";

/** The difference between the ref and the working tree, as a plan (home = the portable home). */
export function diffAgainstRef(ref: string, options: SessionOptions): { plan?: Plan; home: string; diagnostics: Diagnostic[] } {
  // `--scope repo`: both sides rendered at the portable repository root, shown relative to it (the
  // committed paths), so the diff reads as what a pull request changes in the repository.
  const repo = options.scope === "repo";
  const env = portableScopeEnvironment(options.scope, portableEnvironment());
  const shown = (file: string): string => (repo ? path.posix.relative(PORTABLE_REPO_ROOT, file) : file);
  const git = (args: string[], cwd: string): string => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  let top: string;
  let tree: string;
  try {
    top = git(["rev-parse", "--show-toplevel"], options.cwd).trim();
    tree = git(["rev-parse", "--verify", `${ref}^{tree}`], options.cwd).trim();
  } catch (error) {
    return { home: env.home, diagnostics: [diagnostic("AH5107", { file: "command line" }, { args: `rev-parse ${ref}`, reason: firstLine(error), ref })] };
  }
  const scratch = mkdtempSync(path.join(tmpdir(), "agentihooks-base-"));
  try {
    try {
      // git archive | tar: the ref's files without touching the repository's worktrees or index.
      execFileSync("sh", ["-c", `git archive --format=tar ${tree} | tar -x -C "$1"`, "sh", scratch], { cwd: top, stdio: ["ignore", "ignore", "pipe"] });
    } catch (error) {
      return { home: env.home, diagnostics: [diagnostic("AH5107", { file: "command line" }, { args: `archive ${ref}`, reason: firstLine(error), ref })] };
    }
    const rel = path.relative(top, options.cwd);
    const configFile = options.configFile && !path.isAbsolute(options.configFile) ? options.configFile : undefined;
    const base = loadSession({ ...options, cwd: path.join(scratch, rel), configFile, env });
    const head = loadSession({ ...options, env });
    const diagnostics = [...base.diagnostics.map((d) => ({ ...d, file: `${ref}:${d.file}` })), ...head.diagnostics];
    if (!base.project || !head.project) return { home: env.home, diagnostics };
    const targets = [...new Set([...base.trees.map((t) => t.target), ...head.trees.map((t) => t.target)])];
    const changes: Change[] = [];
    for (const target of targets) {
      const before = new Map(renderFresh(base.trees.find((t) => t.target === target) ?? { target, entries: [], diagnostics: [] }).map((f) => [f.path, f]));
      const after = new Map(renderFresh(head.trees.find((t) => t.target === target) ?? { target, entries: [], diagnostics: [] }).map((f) => [f.path, f]));
      for (const file of [...new Set([...before.keys(), ...after.keys()])].sort()) {
        const b = before.get(file);
        const a = after.get(file);
        const same = b && a && Buffer.compare(b.content, a.content) === 0 && b.mode === a.mode;
        changes.push({
          target,
          path: shown(file),
          action: same ? "keep" : !b ? "create" : !a ? "delete" : "update",
          before: b?.content,
          after: a?.content,
          mode: (a ?? b)?.mode ?? 0o644,
          bookkeeping: file.endsWith(".agentihooks-managed.json") || file.endsWith("-manifest.json") || file.endsWith("-commands.json"),
          conflicts: 0,
        });
      }
    }
    return { plan: { targets, changes, diagnostics: [], observed: {}, pruneDirs: [] }, home: env.home, diagnostics };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function firstLine(error: unknown): string {
  const stderr = (error as { stderr?: Buffer | string }).stderr;
  const text = stderr ? stderr.toString() : error instanceof Error ? error.message : String(error);
  return text.trim().split("\n")[0] ?? "failed";
}

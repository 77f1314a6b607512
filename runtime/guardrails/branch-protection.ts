/**
 * Guardrail: git branch protection (reference-spec E.8.4, the protected list from the policy).
 * Blocks pushing to a protected branch (explicitly, through `HEAD`, or by a bare `git push` while
 * on it), any force push (`--force`, `-f`, `--force-with-lease`, a `+refspec`), `--mirror`/`--all`
 * pushes, deleting a protected branch (locally or on a remote), and moving one (`git reset` while on
 * it, `git branch -f`, `git checkout -B`, `git update-ref`). Commit messages and heredoc bodies are
 * words, not commands, so `git commit -m "push to main"` passes.
 */
import { dirname, isAbsolute, join, resolve } from "node:path";
import { allPipelines, basename, commandWords } from "../shell";
import { type Guard, type GuardVerdict, isShellTool, stringArg } from "./guard";
import { fs } from "../node-builtins";
import { readRegularFile } from "../read-regular-file";

const { existsSync, statSync } = fs;

/** The branch checked out in the repository containing `dir`, or "" (detached, no repo, unreadable). */
export function currentBranch(dir: string): string {
  let current = resolve(dir);
  for (let depth = 0; depth < 40; depth += 1) {
    const dotGit = join(current, ".git");
    try {
      if (existsSync(dotGit)) {
        let gitDir = dotGit;
        if (statSync(dotGit).isFile()) {
          // A worktree or submodule: `.git` is a file naming the real git dir.
          const match = /^gitdir:\s*(.+)$/m.exec(readRegularFile(dotGit, 4096) ?? "");
          if (!match) return "";
          gitDir = isAbsolute(match[1] as string) ? (match[1] as string).trim() : resolve(current, (match[1] as string).trim());
        }
        const head = (readRegularFile(join(gitDir, "HEAD"), 4096) ?? "").trim();
        const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
        return ref ? (ref[1] as string) : "";
      }
    } catch {
      return "";
    }
    const parent = dirname(current);
    if (parent === current) return "";
    current = parent;
  }
  return "";
}

// git's global options that take the next word as their value.
const GIT_GLOBAL_VALUE_OPTIONS = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"]);

/** `git [global options] SUB ARGS…` → the subcommand, its arguments, and the `-C` directory. */
function gitInvocation(args: readonly string[], cwd: string): { sub: string; rest: string[]; dir: string } {
  let dir = cwd;
  let i = 0;
  while (i < args.length) {
    const arg = args[i] as string;
    if (arg === "-C" && args[i + 1] !== undefined) dir = resolve(dir, args[i + 1] as string);
    if (GIT_GLOBAL_VALUE_OPTIONS.has(arg)) {
      i += 2;
      continue;
    }
    if (arg.startsWith("-")) {
      i += 1;
      continue;
    }
    break;
  }
  return { sub: args[i] ?? "", rest: args.slice(i + 1), dir };
}

function shortRef(ref: string): string {
  return ref.replace(/^refs\/heads\//, "");
}

function deleteBlock(branch: string): string {
  return `BLOCKED: Deleting the protected branch ${branch} is not allowed. Delete only branches you created; protected branches are the operator's to remove.`;
}

const PUSH_VALUE_OPTIONS = new Set(["-o", "--push-option", "--repo", "--receive-pack", "--exec"]);

function pushBlock(args: readonly string[], branch: () => string, protectedSet: ReadonlySet<string>): string | undefined {
  let force = false;
  let remove = false;
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const name = arg.split("=")[0] as string;
      if (name === "--force" || name === "--force-with-lease" || name === "--force-if-includes") force = true;
      else if (name === "--delete") remove = true;
      else if (name === "--mirror") return "BLOCKED: git push --mirror overwrites and deletes every ref on the remote, protected branches included. Push the branch you mean.";
      else if (name === "--all" || name === "--branches") {
        const cur = [...protectedSet];
        return `BLOCKED: git push ${name} pushes every local branch, protected ones (${cur.join(", ")}) included. Push the branch you mean: git push origin HEAD:my-feature.`;
      } else if (PUSH_VALUE_OPTIONS.has(name) && !arg.includes("=")) i += 1;
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      if (arg.includes("f")) force = true;
      if (arg.includes("d")) remove = true;
      if (arg.endsWith("o")) i += 1;
      continue;
    }
    positionals.push(arg);
  }
  const refspecs = positionals.slice(1);
  if (force || refspecs.some((r) => r.startsWith("+"))) {
    return "BLOCKED: Force push rewrites published history. Push without --force (rebase or merge onto the remote branch first); if the branch really must be rewritten, ask the operator to do it.";
  }
  const targets: Array<{ name: string; deleting: boolean }> = [];
  if (refspecs.length === 0) {
    if (!remove) targets.push({ name: branch(), deleting: false });
  } else {
    for (const spec of refspecs) {
      const colon = spec.indexOf(":");
      const src = colon < 0 ? spec : spec.slice(0, colon);
      const dst = colon < 0 ? spec : spec.slice(colon + 1);
      let name = shortRef(dst || src);
      if (name === "HEAD" || name === "@") name = branch();
      targets.push({ name, deleting: remove || (colon >= 0 && src === "") });
    }
  }
  for (const target of targets) {
    if (!target.name || !protectedSet.has(target.name)) continue;
    if (target.deleting) return deleteBlock(target.name);
    return `BLOCKED: Pushing to ${target.name} is not allowed: it is a protected branch. Push your work to a feature branch (git push -u origin HEAD:my-feature) and open a pull request.`;
  }
  return undefined;
}

function moveBlock(sub: string, args: readonly string[], branch: () => string, protectedSet: ReadonlySet<string>): string | undefined {
  const positionals = args.filter((a) => !a.startsWith("-"));
  if (sub === "reset") {
    const current = branch();
    if (!protectedSet.has(current)) return undefined;
    const moves = args.some((a) => /^--(hard|soft|mixed|keep|merge)$/.test(a)) || (positionals.length > 0 && !args.includes("--") && /^(HEAD[~^]|@[~^{]|[0-9a-f]{7,40}$|origin\/|upstream\/)/.test(positionals[0] as string));
    return moves ? `BLOCKED: git reset on the protected branch ${current} moves it away from its published history. Create a branch first (git switch -c my-fix) and reset that instead.` : undefined;
  }
  if (sub === "branch") {
    const deleting = args.some((a) => a === "-d" || a === "-D" || a === "--delete" || /^-[a-zA-Z]*[dD][a-zA-Z]*$/.test(a));
    const forcing = args.some((a) => a === "-f" || a === "--force" || a === "-M" || a === "-C" || a === "-m" || a === "--move");
    const hit = positionals.find((p) => protectedSet.has(shortRef(p)));
    if (hit && deleting) return deleteBlock(hit);
    if (hit && forcing) return `BLOCKED: Moving or renaming the protected branch ${hit} is not allowed. Work on a feature branch instead.`;
    return undefined;
  }
  if (sub === "checkout" || sub === "switch") {
    const i = args.findIndex((a) => a === "-B" || a === "-C" || a === "--force-create");
    const name = i >= 0 ? args[i + 1] : undefined;
    return name && protectedSet.has(name) ? `BLOCKED: git ${sub} ${args[i]} ${name} resets the protected branch ${name}. Create a new branch name instead.` : undefined;
  }
  if (sub === "update-ref") {
    const ref = positionals[0];
    return ref && protectedSet.has(shortRef(ref)) ? `BLOCKED: git update-ref would move the protected branch ${shortRef(ref)}. Point a new branch at that commit instead (git branch my-fix <commit>).` : undefined;
  }
  return undefined;
}

/** The branch-protection guard. */
export const branchProtectionGuard: Guard = {
  name: "branches",
  check({ tool_name, tool_input, cwd, policy }): GuardVerdict | undefined {
    if (!isShellTool(tool_name)) return undefined;
    const command = stringArg(tool_input, "command");
    if (!command.includes("git")) return undefined;
    const protectedSet = new Set(policy.guardrails.protectedBranches);
    let dir = cwd;
    for (const pipeline of allPipelines(command)) {
      for (const simple of pipeline) {
        const words = commandWords(simple.words);
        const verb = basename(words[0] ?? "");
        if (verb === "cd" && words[1]) {
          dir = resolve(dir, words[1]);
          continue;
        }
        if (verb !== "git") continue;
        const { sub, rest, dir: gitDir } = gitInvocation(words.slice(1), dir);
        let cached: string | undefined;
        const branch = (): string => (cached ??= currentBranch(gitDir));
        const block = sub === "push" ? pushBlock(rest, branch, protectedSet) : moveBlock(sub, rest, branch, protectedSet);
        if (block) return { block };
      }
    }
    return undefined;
  },
};

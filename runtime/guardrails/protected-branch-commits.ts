/**
 * Guardrail (off by default, `protectedBranchCommits`): no new history is made directly on a
 * protected branch. While a branch of `protectedBranches` (`*` matches any run of characters) is
 * checked out, `git commit`, `merge`, `rebase`, `cherry-pick`, `revert`, `am`, `pull`, a moving
 * `reset` and creating a `tag` at HEAD are denied; `git rebase <upstream> <branch>` is judged on
 * `<branch>`. The branch is followed through the line as the branch-protection guard follows it:
 * `git checkout`/`git switch` change it for the commands after them (after `;` or `||` the switch
 * may have failed, so both branches count), `cd`, `git -C`, `--git-dir` and aliases are read the way
 * git reads them. `--abort` and `--quit` (leaving an operation) and listing or deleting tags pass.
 * A hidden part of the line that may commit while on a protected branch is denied.
 */
import { commandEffects, type OpaqueEffect } from "../command-effects";
import { homeDirectory } from "../node-builtins";
import { checkoutTarget, findRepository, gitInvocation, headWrites, type Invocation, type Repository } from "./branch-protection";
import { hiddenIntentBlock } from "./hidden-intent";
import { type Guard, type GuardVerdict, isShellTool, stringArg } from "./guard";

const HISTORY_VERBS = new Set(["commit", "merge", "rebase", "cherry-pick", "revert", "am", "pull", "reset", "tag"]);

function matches(branch: string, pattern: string): boolean {
  if (!pattern.includes("*")) return pattern === branch;
  return new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`).test(branch);
}

/** The protected branch among `branches`, or undefined. "?" (a switch not followed) counts as one. */
function protectedOf(branches: Iterable<string>, patterns: readonly string[]): string | undefined {
  for (const b of branches) {
    if (b === "?") return "a branch the guardrails cannot follow";
    if (b && patterns.some((p) => matches(b, p))) return b;
  }
  return undefined;
}

/** True when `git <sub> <args>` makes or moves history on the branch it runs on. */
function makesHistory(inv: Invocation): boolean {
  const { sub, args } = inv;
  if (!HISTORY_VERBS.has(sub)) return false;
  if (args.some((a) => a === "--abort" || a === "--quit" || a === "-h" || a === "--help")) return false;
  const positionals = args.filter((a) => !a.startsWith("-"));
  if (sub === "commit") return !args.includes("--dry-run");
  // `git pull --ff-only` only catches up with the remote; any other pull may merge or rebase.
  if (sub === "pull") return !args.includes("--ff-only");
  if (sub === "reset") {
    const dash = args.indexOf("--");
    return (
      args.some((a) => /^--(hard|soft|mixed|keep|merge)$/.test(a)) ||
      (dash < 0 && positionals.length === 1) ||
      (dash > 0 && args.slice(0, dash).some((a) => !a.startsWith("-")))
    );
  }
  if (sub === "tag") {
    // Listing, deleting and verifying tags make no history; `git tag NAME [COMMIT]` does.
    if (
      args.some((a) => (/^-[a-zA-Z]*[ldv]/.test(a) && !a.startsWith("--")) || /^--(list|delete|verify|contains|no-contains|points-at|merged|no-merged)/.test(a))
    )
      return false;
    return positionals.length === 1;
  }
  return true;
}

function message(sub: string, branch: string): string {
  return `BLOCKED: git ${sub} on ${branch} makes history directly on a protected branch (policy protectedBranchCommits). Create a branch first (git switch -c my-change), ${sub} there and open a pull request.`;
}

function opaqueBlock(o: OpaqueEffect, branches: Iterable<string>, patterns: readonly string[]): string | undefined {
  const on = protectedOf(branches, patterns);
  if (on === undefined) return undefined;
  if (o.hidden || o.words.some((w) => HISTORY_VERBS.has(w))) return hiddenIntentBlock(o, `it may make history on the protected branch ${on}`);
  return undefined;
}

/** The protectedBranchCommits guard. */
export const protectedBranchCommitsGuard: Guard = {
  name: "protected-branch-commits",
  check({ tool_name, tool_input, cwd, policy, env }): GuardVerdict | undefined {
    if (!isShellTool(tool_name)) return undefined;
    const patterns = policy.guardrails.protectedBranches;
    if (patterns.length === 0) return undefined;
    const command = stringArg(tool_input, "command");
    const effects = commandEffects(command, cwd, env);
    if (effects.opaque.length === 0 && !effects.commands.some((c) => c.name === "git")) return undefined;
    const home = homeDirectory(env).replace(/\/+$/, "") || "/";
    // The possible branches per repository (its git dir), as the line changes them.
    const state = new Map<string, Set<string>>();
    const repos = new Map<string, Repository | undefined>();
    const branchesAt = (dir: string, gitDir?: string): { key: string; set: Set<string> } => {
      const repo = findRepository(dir, gitDir, repos);
      const key = repo?.gitDir ?? `(none)${dir}`;
      let set = state.get(key);
      if (!set) {
        set = new Set([repo?.branch ?? ""]);
        state.set(key, set);
      }
      return { key, set };
    };
    let pending: { key: string; previous: Set<string>; to: string } | undefined;
    const judged = new Set<OpaqueEffect>();
    for (const c of effects.commands) {
      for (const dir of headWrites(c)) state.set(branchesAt(dir).key, new Set(["?"]));
      if (pending) {
        state.set(pending.key, c.joinedBy === "&&" ? new Set([pending.to]) : new Set([...pending.previous, pending.to]));
        pending = undefined;
      }
      for (const o of c.opaque) {
        judged.add(o);
        const block = opaqueBlock(o, branchesAt(o.cwd).set, patterns);
        if (block) return { block };
      }
      if (c.name !== "git" || c.where !== "local") continue;
      const inv = gitInvocation(c.argv.slice(1), c.cwd, home, repos);
      if (inv.script !== undefined) {
        // A `!` alias runs a shell script: judged as hidden when on a protected branch.
        const on = protectedOf(branchesAt(inv.dir, inv.gitDir).set, patterns);
        if (on !== undefined && /\b(commit|merge|rebase|cherry-pick|revert|am|pull|reset|tag)\b/.test(inv.script)) return { block: message(inv.sub, on) };
        continue;
      }
      const { key, set } = branchesAt(inv.dir, inv.gitDir);
      if (makesHistory(inv)) {
        const positionals = inv.args.filter((a) => !a.startsWith("-"));
        const target = inv.sub === "rebase" && positionals.length >= 2 ? [positionals[1] as string] : set;
        const on = protectedOf(target, patterns);
        if (on !== undefined) return { block: message(inv.sub, on) };
      }
      const to = checkoutTarget([inv.sub, ...inv.args]);
      if (to !== undefined) pending = { key, previous: new Set(set), to };
    }
    for (const o of effects.opaque) {
      if (judged.has(o)) continue;
      const block = opaqueBlock(o, branchesAt(o.cwd).set, patterns);
      if (block) return { block };
    }
    return undefined;
  },
};

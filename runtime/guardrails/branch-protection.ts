/**
 * Guardrail: git branch protection, with the protected list from the policy. Blocks pushing to a
 * protected branch (a refspec whose destination resolves to one: `main`, `HEAD:main`,
 * `HEAD:heads/main`, `HEAD:refs/heads/main`, `refs/heads/*:refs/heads/*`; an implicit push while
 * on one, through `push.default`, the branch's upstream or `remote.<name>.push`), any force push
 * (`--force`, `-f`, `--force-with-lease`, `--force-if-includes`, a `+refspec`), `--mirror`,
 * `--all`/`--branches`, deleting a protected branch (locally or on a remote), and moving one (`git
 * reset` while on it, `git branch -f/-m`, `git checkout -B`, `git switch -C`, `git update-ref`).
 * The branch is followed through the whole line: `git checkout`/`git switch` change it for the
 * commands after them (when the switch may have failed, both branches count), `cd`, `git -C`,
 * `--git-dir` and `env -C` change the repository. Long options are read as git reads them (any
 * unambiguous prefix: `--force-w`, `--mirr`); global options (`-c`, `-C`, …) come before the
 * subcommand, and aliases (from `-c alias.x=…`, the repository's config or `~/.gitconfig`) are
 * expanded. `git push --tags` and `git push --dry-run` move no branch and pass. Commit messages
 * and heredoc bodies are words, not commands.
 */
import { dirname, isAbsolute, join, resolve } from "node:path";
import { commandEffects, type OpaqueEffect } from "../command-effects";
import { parseScript } from "../shell";
import { type Guard, type GuardVerdict, isShellTool, stringArg } from "./guard";
import { hiddenIntentBlock } from "./credential-reads";
import { homeDirectory } from "../node-builtins";
import { readRegularFile } from "../read-regular-file";

const MAX_CONFIG = 256 * 1024;

/** A repository as the runtime finds it: its git directory and its checked-out branch. */
export interface Repository {
  gitDir: string;
  /** The branch HEAD names, "" when detached or unreadable. */
  branch: string;
}

/**
 * The repository containing `dir` (or the one `--git-dir` names). `seen` memoises the answer for the
 * one check it serves: a line's commands mostly run in one directory, and each lookup reads files.
 */
export function findRepository(dir: string, gitDirOverride?: string, seen?: Map<string, Repository | undefined>): Repository | undefined {
  if (seen === undefined) return lookUpRepository(dir, gitDirOverride);
  const key = `${dir}\u0000${gitDirOverride ?? ""}`;
  if (!seen.has(key)) seen.set(key, lookUpRepository(dir, gitDirOverride));
  return seen.get(key);
}

function lookUpRepository(dir: string, gitDirOverride?: string): Repository | undefined {
  if (gitDirOverride) {
    const head = readRegularFile(join(gitDirOverride, "HEAD"), 4096);
    return { gitDir: gitDirOverride, branch: headBranch(head) };
  }
  let current = resolve(dir);
  for (let depth = 0; depth < 64; depth += 1) {
    const dotGit = join(current, ".git");
    const asFile = readRegularFile(dotGit, 4096);
    let gitDir: string | undefined;
    if (asFile !== undefined) {
      // A worktree or submodule: `.git` is a file naming the real git dir.
      const match = /^gitdir:\s*(.+)$/m.exec(asFile);
      if (match) gitDir = isAbsolute((match[1] as string).trim()) ? (match[1] as string).trim() : resolve(current, (match[1] as string).trim());
    } else {
      const head = readRegularFile(join(dotGit, "HEAD"), 4096);
      if (head !== undefined) return { gitDir: dotGit, branch: headBranch(head) };
    }
    if (gitDir) return { gitDir, branch: headBranch(readRegularFile(join(gitDir, "HEAD"), 4096)) };
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

function headBranch(head: string | undefined): string {
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec((head ?? "").trim());
  return ref ? (ref[1] as string) : "";
}

/** The branch checked out in the repository containing `dir`, or "" (detached, no repo, unreadable). */
export function currentBranch(dir: string): string {
  return findRepository(dir)?.branch ?? "";
}

/** `key → values` of a git config file (`section.sub.key`, lower-cased section and key). */
function readGitConfig(path: string): Map<string, string[]> {
  const config = new Map<string, string[]>();
  const text = readRegularFile(path, MAX_CONFIG);
  if (text === undefined) return config;
  let section = "";
  for (const rawLine of text.split("\n")) {
    const line = rawLine.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (header) {
      section = (header[1] as string).toLowerCase() + (header[2] !== undefined ? `.${header[2]}` : "");
      continue;
    }
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!entry || !section) continue;
    let value = (entry[2] ?? "true").replace(/\s+[#;].*$/, "");
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    const key = `${section}.${(entry[1] as string).toLowerCase()}`;
    config.set(key, [...(config.get(key) ?? []), value]);
  }
  return config;
}

const GLOBAL_VALUE_OPTIONS = [
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--config-env",
  "--exec-path",
  "--super-prefix",
  "--list-cmds",
  "--attr-source",
];

const PUSH_LONG = [
  "--all",
  "--branches",
  "--mirror",
  "--delete",
  "--tags",
  "--follow-tags",
  "--no-follow-tags",
  "--dry-run",
  "--porcelain",
  "--force",
  "--no-force",
  "--force-with-lease",
  "--no-force-with-lease",
  "--force-if-includes",
  "--no-force-if-includes",
  "--repo",
  "--set-upstream",
  "--no-set-upstream",
  "--thin",
  "--no-thin",
  "--receive-pack",
  "--exec",
  "--prune",
  "--no-prune",
  "--verbose",
  "--quiet",
  "--progress",
  "--no-progress",
  "--recurse-submodules",
  "--no-recurse-submodules",
  "--atomic",
  "--no-atomic",
  "--push-option",
  "--ipv4",
  "--ipv6",
  "--signed",
  "--no-signed",
  "--verify",
  "--no-verify",
  "--help",
];
const PUSH_LONG_VALUE = new Set(["--repo", "--receive-pack", "--exec", "--push-option", "--recurse-submodules", "--signed"]);

/** The long options `arg` names as git reads it: itself, its unique prefix match, or (ambiguous) every match. */
export function gitLongOption(arg: string, known: readonly string[]): string[] {
  const name = arg.split("=")[0] as string;
  if (known.includes(name)) return [name];
  return known.filter((o) => o.startsWith(name));
}

export interface Invocation {
  sub: string;
  args: string[];
  dir: string;
  gitDir?: string;
  /** The merged config (user, repository, `-c`): read on first use. */
  readonly config: Map<string, string[]>;
  /** A `!` alias: a shell script to run instead. */
  script?: string;
}

function userConfig(home: string): Map<string, string[]> {
  const merged = new Map<string, string[]>();
  for (const path of [join(home, ".gitconfig"), join(home, ".config", "git", "config")]) {
    for (const [k, v] of readGitConfig(path)) merged.set(k, [...(merged.get(k) ?? []), ...v]);
  }
  return merged;
}

function splitAlias(text: string): string[] {
  const words: string[] = [];
  for (const node of parseScript(text)) if (node.kind === "command") words.push(...node.command.words.map((w) => w.text));
  return words;
}

/**
 * Git's own commands, those older than git 2.20 (an older git honours an alias named like a newer
 * command). Git ignores an alias named like one of them (git-config(1), `alias.*`), so
 * such a subcommand needs no alias lookup, and a line of them reads no config file unless a decision
 * asks for a value (push refspecs, `push.default`).
 */
const GIT_COMMANDS = new Set(
  (
    "add am annotate apply archive bisect blame branch bundle cat-file check-attr check-ignore check-mailmap check-ref-format checkout " +
    "checkout-index cherry cherry-pick clean clone column commit commit-graph commit-tree config count-objects credential describe diff " +
    "diff-files diff-index diff-tree difftool fetch fetch-pack for-each-ref format-patch fsck gc grep hash-object help init log ls-files " +
    "ls-remote ls-tree merge merge-base merge-file mv notes pull push range-diff read-tree rebase reflog remote repack replace reset " +
    "rev-list rev-parse revert rm send-pack shortlog show show-branch show-ref stash status submodule symbolic-ref tag " +
    "update-index update-ref version worktree write-tree"
  ).split(" "),
);

/** `git [global options] SUB ARGS…`, aliases expanded. `repos` memoises repository lookups for one check (`findRepository`). */
export function gitInvocation(argv: readonly string[], cwd: string, home: string, repos?: Map<string, Repository | undefined>): Invocation {
  let dir = cwd;
  let gitDir: string | undefined;
  const inline = new Map<string, string[]>();
  let i = 0;
  while (i < argv.length) {
    const arg = argv[i] as string;
    if (!arg.startsWith("-")) break;
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const takesValue = GLOBAL_VALUE_OPTIONS.includes(name);
    const value = takesValue ? (eq > 0 && arg.startsWith("--") ? arg.slice(eq + 1) : argv[i + 1]) : undefined;
    if (name === "-C" && value !== undefined) dir = resolve(dir, value);
    if (name === "--git-dir" && value !== undefined) gitDir = resolve(dir, value);
    if (name === "-c" && value !== undefined) {
      const e = value.indexOf("=");
      const key = (e < 0 ? value : value.slice(0, e)).replace(/^([^.]+)\.(.*)\.([^.]+)$|^([^.]+)\.([^.]+)$/, (_m, a, b, c, d, f) =>
        a !== undefined ? `${a.toLowerCase()}.${b}.${c.toLowerCase()}` : `${d.toLowerCase()}.${f.toLowerCase()}`,
      );
      inline.set(key, [...(inline.get(key) ?? []), e < 0 ? "true" : value.slice(e + 1)]);
    }
    i += takesValue && !(eq > 0 && arg.startsWith("--")) ? 2 : 1;
  }
  let merged: Map<string, string[]> | undefined;
  const config = (): Map<string, string[]> => {
    if (merged) return merged;
    merged = new Map<string, string[]>();
    const repo = findRepository(dir, gitDir, repos);
    for (const source of [userConfig(home), repo ? readGitConfig(join(repo.gitDir, "config")) : new Map<string, string[]>(), inline]) {
      for (const [k, v] of source) merged.set(k, [...(merged.get(k) ?? []), ...v]);
    }
    return merged;
  };
  let sub = argv[i] ?? "";
  let args = argv.slice(i + 1);
  const invocation: Invocation = {
    sub,
    args,
    dir,
    get config() {
      return config();
    },
  };
  if (gitDir) invocation.gitDir = gitDir;
  // Aliases: git expands them (a chain, but never one naming itself).
  const seen = new Set<string>();
  for (let round = 0; round < 10; round += 1) {
    if (GIT_COMMANDS.has(sub)) break;
    const alias = config().get(`alias.${sub}`);
    if (!alias || seen.has(sub)) break;
    seen.add(sub);
    const text = alias[alias.length - 1] as string;
    if (text.startsWith("!")) {
      invocation.script = `${text.slice(1)} ${args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ")}`;
      return invocation;
    }
    const words = splitAlias(text);
    sub = words[0] ?? "";
    args = [...words.slice(1), ...args];
  }
  invocation.sub = sub;
  invocation.args = args;
  return invocation;
}

function branchName(ref: string): string | undefined {
  if (ref.startsWith("refs/heads/")) return ref.slice("refs/heads/".length);
  if (ref.startsWith("heads/")) return ref.slice("heads/".length);
  if (ref.startsWith("refs/")) return undefined;
  return ref;
}

function globMatches(pattern: string, name: string): boolean {
  if (!pattern.includes("*")) return pattern === name;
  const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
  return re.test(name);
}

/**
 * True when a branch the command names can be a protected one: a protected pattern
 * (`release/*`) matches the name, or a glob destination (`refs/heads/*`) matches a protected name.
 */
function reachesProtected(branch: string, protectedPattern: string): boolean {
  return globMatches(protectedPattern, branch) || globMatches(branch, protectedPattern);
}

const FORCE_MESSAGE =
  "BLOCKED: Force push rewrites published history. Push without --force (rebase or merge onto the remote branch first); if the branch really must be rewritten, ask the operator to do it.";

function deleteBlock(branch: string): string {
  return `BLOCKED: Deleting the protected branch ${branch} is not allowed. Delete only branches you created; protected branches are the operator's to remove.`;
}

function pushToBlock(branch: string): string {
  return `BLOCKED: Pushing to ${branch} is not allowed: it is a protected branch. Push your work to a feature branch (git push -u origin HEAD:my-feature) and open a pull request.`;
}

const UNKNOWN = "\u0000unknown";

/** The block for `git push ARGS` given the possible current branches. */
function pushBlock(inv: Invocation, current: ReadonlySet<string>, protectedSet: ReadonlySet<string>): string | undefined {
  const args = inv.args;
  let force = false;
  let remove = false;
  let dryRun = false;
  let tags = false;
  let all: string | undefined;
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const matches = gitLongOption(arg, PUSH_LONG);
      if (matches.length > 1) {
        const risky = matches.filter((m) => /^--(force|mirror|all|branches|delete|force-with-lease|force-if-includes)$/.test(m));
        if (risky.length > 0) return `BLOCKED: git push ${arg.split("=")[0]} is an ambiguous abbreviation (${matches.join(", ")}). Spell the option out.`;
        continue;
      }
      const option = matches[0];
      if (option === undefined) continue;
      if (option === "--force" || option === "--force-with-lease" || option === "--force-if-includes") force = true;
      else if (option === "--delete") remove = true;
      else if (option === "--dry-run") dryRun = true;
      else if (option === "--tags") tags = true;
      else if (option === "--mirror" || option === "--all" || option === "--branches") all = option;
      else if (PUSH_LONG_VALUE.has(option) && !arg.includes("=") && option !== "--recurse-submodules" && option !== "--signed") i += 1;
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      for (let k = 1; k < arg.length; k += 1) {
        const flag = arg[k];
        if (flag === "f") force = true;
        else if (flag === "d") remove = true;
        else if (flag === "n") dryRun = true;
        else if (flag === "o") {
          if (k === arg.length - 1) i += 1;
          break;
        }
      }
      continue;
    }
    positionals.push(arg);
  }
  if (dryRun) return undefined;
  const remote = positionals[0] ?? "origin";
  let refspecs = positionals.slice(1);
  if (refspecs.some((r) => r.startsWith("+"))) force = true;
  if (force) return FORCE_MESSAGE;
  if (
    all === "--mirror" ||
    (all === undefined && refspecs.length === 0 && (inv.config.get(`remote.${remote}.mirror`) ?? []).some((v) => /^(true|yes|on|1)$/i.test(v)))
  ) {
    return "BLOCKED: git push --mirror overwrites and deletes every ref on the remote, protected branches included. Push the branch you mean.";
  }
  if (all !== undefined)
    return `BLOCKED: git push ${all} pushes every local branch, protected ones (${[...protectedSet].join(", ")}) included. Push the branch you mean: git push origin HEAD:my-feature.`;
  // `git push origin tag v1`: a tag, not a branch.
  const explicit: string[] = [];
  for (let k = 0; k < refspecs.length; k += 1) {
    if (refspecs[k] === "tag") {
      k += 1;
      continue;
    }
    explicit.push(refspecs[k] as string);
  }
  const named = refspecs.length > 0;
  refspecs = explicit;
  if (refspecs.length === 0) {
    // Only tags named (`git push origin tag v1`): no branch moves.
    if (named) return undefined;
    if (tags || remove) return undefined;
    // Implicit: the remote's configured push refspecs, else push.default.
    const configured = inv.config.get(`remote.${remote}.push`) ?? [];
    if (configured.length > 0) refspecs = configured;
    else {
      const mode = (inv.config.get("push.default") ?? []).at(-1) ?? "simple";
      if (mode === "nothing") return undefined;
      if (mode === "matching")
        return `BLOCKED: git push with push.default=matching pushes every branch that exists on the remote, protected ones included. Push the branch you mean: git push origin HEAD:my-feature.`;
      for (const branch of current) {
        if (branch === UNKNOWN)
          return "BLOCKED: git push without a branch, after a checkout the guardrails cannot follow, could push a protected branch. Name what you push: git push origin HEAD:my-feature.";
        if (protectedSet.has(branch)) return pushToBlock(branch);
        if (mode === "upstream" || mode === "tracking") {
          const merge = (inv.config.get(`branch.${branch}.merge`) ?? []).at(-1);
          const target = merge ? branchName(merge) : undefined;
          if (target && protectedSet.has(target)) return pushToBlock(target);
        }
      }
      return undefined;
    }
  }
  for (const spec of refspecs) {
    const forced = spec.startsWith("+");
    const body = forced ? spec.slice(1) : spec;
    if (forced) return FORCE_MESSAGE;
    const colon = body.indexOf(":");
    const src = colon < 0 ? body : body.slice(0, colon);
    const dst = colon < 0 ? body : body.slice(colon + 1);
    const deleting = remove || (colon >= 0 && src === "");
    const name = dst || src;
    const targets: string[] = [];
    if (name === "HEAD" || name === "@") targets.push(...current);
    else {
      const branch = branchName(name);
      if (branch !== undefined) targets.push(branch);
    }
    for (const target of targets) {
      if (target === UNKNOWN)
        return "BLOCKED: git push HEAD, after a checkout the guardrails cannot follow, could push a protected branch. Name the branch: git push origin HEAD:my-feature.";
      const hit = [...protectedSet].find((p) => reachesProtected(target, p));
      if (hit === undefined) continue;
      return deleting ? deleteBlock(hit) : pushToBlock(hit);
    }
  }
  return undefined;
}

function moveBlock(inv: Invocation, current: ReadonlySet<string>, protectedSet: ReadonlySet<string>): string | undefined {
  const { sub, args } = inv;
  const positionals = args.filter((a) => !a.startsWith("-"));
  const onProtected = [...current].find((b) => protectedSet.has(b));
  if (sub === "reset") {
    if (onProtected === undefined) return undefined;
    const moves =
      args.some((a) => /^--(hard|soft|mixed|keep|merge)$/.test(a) || /^--(har|ha|so|sof|kee|mer|merg|mix|mixe)$/.test(a)) ||
      (positionals.length > 0 &&
        !args.includes("--") &&
        /^(HEAD[~^]|@[~^{]|[0-9a-f]{7,40}$|origin\/|upstream\/|ORIG_HEAD|FETCH_HEAD)/.test(positionals[0] as string));
    return moves
      ? `BLOCKED: git reset on the protected branch ${onProtected} moves it away from its published history. Create a branch first (git switch -c my-fix) and reset that instead.`
      : undefined;
  }
  if (sub === "branch") {
    const deleting = args.some(
      (a) => (/^-[a-zA-Z]*[dD]/.test(a) && !a.startsWith("--")) || (gitLongOption(a, ["--delete"]).length === 1 && a.startsWith("--d")),
    );
    const forcing = args.some((a) => (/^-[a-zA-Z]*[fMmCc]/.test(a) && !a.startsWith("--")) || /^--(force|move|copy|for|forc|mov|cop)$/.test(a));
    const hit = positionals.map((p) => branchName(p) ?? p).find((p) => protectedSet.has(p));
    if (hit && deleting) return deleteBlock(hit);
    if (hit && forcing) return `BLOCKED: Moving or renaming the protected branch ${hit} is not allowed. Work on a feature branch instead.`;
    if (onProtected && positionals.length === 1 && args.some((a) => (/^-[a-zA-Z]*[mM]/.test(a) && !a.startsWith("--")) || /^--mov/.test(a))) {
      return `BLOCKED: Renaming the protected branch ${onProtected} is not allowed. Work on a feature branch instead.`;
    }
    return undefined;
  }
  if (sub === "checkout" || sub === "switch") {
    const i = args.findIndex((a) => a === "-B" || a === "-C" || /^--force-c/.test(a));
    const name = i >= 0 ? args[i + 1] : undefined;
    return name && protectedSet.has(name)
      ? `BLOCKED: git ${sub} ${args[i]} ${name} resets the protected branch ${name}. Create a new branch name instead.`
      : undefined;
  }
  if (sub === "update-ref") {
    const ref = positionals[0];
    const branch = ref ? branchName(ref) : undefined;
    if (args.includes("--stdin"))
      return `BLOCKED: git update-ref --stdin can move any branch, protected ones included, and its input cannot be checked. Update the refs you mean by name.`;
    return branch && protectedSet.has(branch) && ref?.startsWith("refs/")
      ? `BLOCKED: git update-ref would move the protected branch ${branch}. Point a new branch at that commit instead (git branch my-fix <commit>).`
      : undefined;
  }
  return undefined;
}

/** The branch a `git checkout`/`git switch` leaves checked out: a name, UNKNOWN, or undefined (no switch). */
function switchedTo(inv: Invocation): string | undefined {
  const { sub, args } = inv;
  if (sub !== "checkout" && sub !== "switch" && sub !== "rebase") return undefined;
  if (sub === "rebase") {
    const positionals = args.filter((a) => !a.startsWith("-"));
    return positionals.length >= 2 ? (positionals[1] as string) : undefined;
  }
  const create = args.findIndex((a) => /^-[bBcC]$/.test(a) || a === "--orphan" || /^--(create|force-create)$/.test(a));
  if (create >= 0) return args[create + 1] ?? UNKNOWN;
  if (args.includes("--detach") || (args.includes("-d") && sub === "switch")) return "";
  const dash = args.indexOf("--");
  const before = dash >= 0 ? args.slice(0, dash) : args;
  const positionals = before.filter((a) => !a.startsWith("-") || a === "-");
  if (dash >= 0 && sub === "checkout") return positionals.length > 0 && dash < args.length - 1 ? undefined : positionals[0];
  if (positionals.length === 0) return undefined;
  // `git checkout main file.txt` restores a file; `git checkout -` goes back to a branch not known here.
  if (sub === "checkout" && positionals.length > 1) return undefined;
  if (positionals[0] === "-" || (positionals[0] as string).includes("$")) return UNKNOWN;
  return positionals[0];
}

function opaqueBlock(opaque: OpaqueEffect, branches: ReadonlySet<string>, protectedSet: ReadonlySet<string>): string | undefined {
  if (opaque.hidden) return hiddenIntentBlock(opaque, "what it runs could move a protected branch");
  const words = opaque.words.flatMap((w) => (/\s/.test(w) && w.length < 4096 ? w.split(/\s+/) : [w])).filter((w) => w !== "");
  const named = words.find((w) => {
    const spec = w.replace(/^\+/, "");
    const dst = spec.includes(":") ? spec.slice(spec.indexOf(":") + 1) : spec;
    const branch = branchName(dst);
    return branch !== undefined && [...protectedSet].some((p) => reachesProtected(branch, p));
  });
  const gitVerb = words.find((w) => /^(push|reset|update-ref|branch|checkout|switch)$/.test(w));
  if (named && gitVerb) return hiddenIntentBlock(opaque, `it would ${gitVerb} the protected branch ${named}`);
  const onProtected = [...branches].find((b) => protectedSet.has(b));
  if (onProtected && words.some((w) => w === "push" || w === "reset"))
    return hiddenIntentBlock(opaque, `it may push or reset the protected branch ${onProtected} it runs on`);
  if (words.includes("push") && words.some((w) => /^(-f|--force|--mirror|--all|--force-with-lease)$/.test(w) || w.startsWith("+")))
    return hiddenIntentBlock(opaque, "it may force-push");
  return undefined;
}

/** The block for a git command that pushes, deletes or moves branches (push, send-pack, subtree push, config of push refspecs, local moves). */
function refUpdateBlock(inv: Invocation, current: ReadonlySet<string>, protectedSet: ReadonlySet<string>): string | undefined {
  if (inv.sub === "push" || inv.sub === "send-pack") return pushBlock(inv, current, protectedSet);
  if (inv.sub === "subtree" && inv.args[0] === "push") {
    // `git subtree push --prefix=D REMOTE REF`: REF on the remote is updated.
    const positionals = inv.args.slice(1).filter((a, i, all) => !a.startsWith("-") && !/^(-P|--prefix)$/.test(all[i - 1] ?? ""));
    const ref = positionals[1];
    const branch = ref === undefined ? undefined : branchName(ref.replace(/^\+/, "").split(":").pop() ?? "");
    const hit = branch === undefined ? undefined : [...protectedSet].find((p) => reachesProtected(branch, p));
    return hit ? pushToBlock(hit) : undefined;
  }
  if (inv.sub === "config") {
    // `git config remote.X.push REFSPEC`: every later plain `git push` pushes there.
    const positionals = inv.args.filter((a) => !a.startsWith("-"));
    const words = positionals[0] === "set" || positionals[0] === "add" ? positionals.slice(1) : positionals;
    const key = (words[0] ?? "").toLowerCase();
    if (/^remote\..+\.push$/.test(key) && words[1] !== undefined) {
      const dst = words[1].replace(/^\+/, "").split(":").pop() ?? "";
      const branch = dst === "HEAD" || dst === "@" ? undefined : branchName(dst);
      const hit = branch === undefined ? [...current].find((b) => protectedSet.has(b)) : [...protectedSet].find((p) => reachesProtected(branch, p));
      if (hit)
        return `BLOCKED: git config ${words[0]} ${words[1]} makes every later git push go to the protected branch ${hit}. Push to a feature branch by name instead.`;
    }
    return undefined;
  }
  return moveBlock(inv, current, protectedSet);
}

const GH_API_WRITE = /^(POST|PUT|PATCH|DELETE)$/i;

/**
 * gh commands that move a protected branch on the remote without git: `gh api` writing a
 * `git/refs/heads/<branch>` ref, a `branches/<branch>` resource (rename, protection) or a merge into
 * it (`merges` with `base=<branch>`), `gh repo sync` of a remote repository (it resets the branch
 * there; `--force` hard-resets), and `gh pr merge --admin` (merges past the branch's protection).
 */
function ghBlock(args: readonly string[], protectedSet: ReadonlySet<string>): string | undefined {
  const sub = args[0];
  if (sub === "api") {
    let method: string | undefined;
    let fields = false;
    const positionals: string[] = [];
    const values: string[] = [];
    for (let i = 1; i < args.length; i += 1) {
      const a = args[i] as string;
      const eq = a.indexOf("=");
      if (a === "-X" || a === "--method") method = args[(i += 1)];
      else if (a.startsWith("--method=")) method = a.slice(9);
      else if (/^-X./.test(a)) method = a.slice(2);
      else if (/^(-f|-F|--field|--raw-field|--input)$/.test(a)) {
        fields = true;
        values.push(args[(i += 1)] ?? "");
      } else if (/^--(field|raw-field|input)=/.test(a)) {
        fields = true;
        values.push(a.slice(eq + 1));
      } else if (/^(-H|--header|-q|--jq|-t|--template|--hostname|--cache|-p|--preview)$/.test(a)) i += 1;
      else if (!a.startsWith("-")) positionals.push(a);
    }
    const verb = method ?? (fields ? "POST" : "GET");
    if (!GH_API_WRITE.test(verb)) return undefined;
    const endpoint = (positionals[0] ?? "").replace(/^\/+/, "");
    const ref = /(?:^|\/)git\/refs\/heads\/(.+)$/.exec(endpoint) ?? /(?:^|\/)branches\/([^/]+)(?:\/|$)/.exec(endpoint);
    const named = ref ? decodeURIComponent(ref[1] as string) : undefined;
    const base = /(?:^|\/)merges$/.test(endpoint) ? values.find((v) => v.startsWith("base="))?.slice(5) : undefined;
    const target = named ?? base;
    const hit = target === undefined ? undefined : [...protectedSet].find((p) => reachesProtected(target, p));
    if (hit)
      return `BLOCKED: gh api ${verb.toUpperCase()} ${endpoint} changes the protected branch ${hit} on the remote. Push to a feature branch and open a pull request.`;
    return undefined;
  }
  if (sub === "repo" && args[1] === "sync") {
    const rest = args.slice(2);
    const b = rest.findIndex((a) => a === "-b" || a === "--branch");
    const branch = b >= 0 ? rest[b + 1] : rest.find((a) => a.startsWith("--branch="))?.slice(9);
    const remote = rest.some((a, i) => !a.startsWith("-") && !(i > 0 && /^(-b|--branch|-s|--source)$/.test(rest[i - 1] as string)));
    const hit = branch === undefined ? [...protectedSet][0] : [...protectedSet].find((p) => reachesProtected(branch, p));
    if (hit && (remote || rest.includes("--force")))
      return `BLOCKED: gh repo sync ${remote ? "of a remote repository " : ""}${rest.includes("--force") ? "with --force " : ""}resets ${branch ?? "its default branch"}, which can be the protected branch ${hit}. Sync a feature branch, or ask the operator.`;
    return undefined;
  }
  if (sub === "pr" && args[1] === "merge" && args.some((a) => a === "--admin")) {
    return "BLOCKED: gh pr merge --admin merges past the branch protection rules of the base branch. Merge without --admin once the required checks and reviews pass, or ask the operator.";
  }
  return undefined;
}

function checkLine(command: string, cwd: string, env: NodeJS.ProcessEnv, protectedSet: ReadonlySet<string>, depth: number): string | undefined {
  const effects = commandEffects(command, cwd, env);
  const home = homeDirectory(env).replace(/\/+$/, "") || "/";
  // Possible branches per repository (its git dir), as the line changes them.
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
  let pendingSwitch: { key: string; previous: Set<string>; to: string } | undefined;
  const judged = new Set<OpaqueEffect>();
  for (const c of effects.commands) {
    if (pendingSwitch) {
      // After `git checkout X &&`, X is checked out; after `;` or `||` the switch may have failed.
      const next = c.joinedBy === "&&" ? new Set([pendingSwitch.to]) : new Set([...pendingSwitch.previous, pendingSwitch.to]);
      state.set(pendingSwitch.key, next);
      pendingSwitch = undefined;
    }
    // Opaque items are judged with the branch state where they appear.
    for (const o of c.opaque) {
      judged.add(o);
      const block = opaqueBlock(o, branchesAt(o.cwd).set, protectedSet);
      if (block) return block;
    }
    if (c.name === "gh") {
      const block = ghBlock(c.argv.slice(1), protectedSet);
      if (block) return block;
      continue;
    }
    if (c.name !== "git") continue;
    if (c.argvUnset) {
      // `${B:-main}` with B unset is `main`: the line is judged as it runs with its unknowns unset, too.
      const unset = gitInvocation(c.argvUnset.slice(1), c.cwd, home, repos);
      const { set } = branchesAt(unset.dir, unset.gitDir);
      const block = refUpdateBlock(unset, c.where === "local" ? set : new Set<string>([""]), protectedSet);
      if (block) return block;
    }
    const inv = gitInvocation(c.argv.slice(1), c.cwd, home, repos);
    if (inv.script !== undefined) {
      if (depth < 4) {
        const block = checkLine(inv.script, inv.dir, env, protectedSet, depth + 1);
        if (block) return block;
      }
      continue;
    }
    const { key, set } = branchesAt(inv.dir, inv.gitDir);
    const current = c.where === "local" ? set : new Set<string>([""]);
    const block = refUpdateBlock(inv, current, protectedSet);
    if (block) return block;
    const to = switchedTo(inv);
    if (to !== undefined && c.where === "local") pendingSwitch = { key, previous: new Set(set), to };
  }
  for (const o of effects.opaque) {
    if (judged.has(o)) continue;
    const block = opaqueBlock(o, branchesAt(o.cwd).set, protectedSet);
    if (block) return block;
  }
  return undefined;
}

/** The branch-protection guard. */
export const branchProtectionGuard: Guard = {
  name: "branches",
  check({ tool_name, tool_input, cwd, policy, env }): GuardVerdict | undefined {
    if (!isShellTool(tool_name)) return undefined;
    const command = stringArg(tool_input, "command");
    const protectedSet = new Set(policy.guardrails.protectedBranches);
    if (protectedSet.size === 0) return undefined;
    const effects = commandEffects(command, cwd, env);
    // Nothing git-shaped and nothing hidden: nothing to check (the common case, kept cheap).
    if (effects.opaque.length === 0 && !effects.commands.some((c) => c.name === "git" || c.name === "gh")) return undefined;
    const block = checkLine(command, cwd, env, protectedSet, 0);
    return block ? { block } : undefined;
  },
};

/** Exposed for tests: the branch `git checkout`/`git switch` words switch to. */
export function checkoutTarget(argv: readonly string[]): string | undefined {
  const to = switchedTo({ sub: argv[0] ?? "", args: argv.slice(1), dir: "/", config: new Map() });
  return to === UNKNOWN ? "?" : to;
}

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
import { ANY_VARIABLE, type CommandEnv, commandEffects, type EffectCommand, type OpaqueEffect } from "../command-effects";
import { writtenNames } from "../code-call-arguments";
import { toolNameWords } from "../normalize";
import { basename, parseScript, SHELLS } from "../shell";
import { type Guard, type GuardVerdict, isShellTool, stringArg } from "./guard";
import { hiddenIntentBlock } from "./hidden-intent";
import { fs, homeDirectory } from "../node-builtins";
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
  if (gitDirOverride === UNREAD_GIT_DIR) return { gitDir: gitDirOverride, branch: ANY };
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
  /** An alias whose definition the guard cannot read (`--config-env`, a computed `-c` value). */
  unreadAlias?: string;
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

/**
 * A part of a word the analyser could not resolve (`$X`, `$(cmd)`, `${X:-…}`): it stands for any
 * text, and a decision treats it as `*` (`ma$X` can be `main`; `feature/$X` cannot). A word that
 * starts with one can also be an option (`--force`, `-Bmain`) or a `+refspec`.
 */
export const ANY = "\u0001";
/** Put before a word whose unresolved part is unquoted: the shell may split it into several words. */
export const SPLIT = "\u0002";
/** The git dir of a command whose `GIT_DIR` is computed: its branch and config are unknown. */
const UNREAD_GIT_DIR = "\u0001git-dir";

/** Line-wide state an invocation reads: config written earlier in the line (`git config`, `git remote add`). */
export interface InvocationOptions {
  /** Config set earlier in the line, read after the repository's and before `-c`. */
  overlay?: ReadonlyMap<string, string[]>;
  /** The environment the line gives the command (`EffectCommand.env`). */
  env?: CommandEnv;
  /** Files the line writes (absolute): a config file among them cannot be read before it runs. */
  written?: ReadonlySet<string>;
}

/** Config whose every key may hold values not visible here: each read also gets ANY. */
class UnreadConfig extends Map<string, string[]> {
  override get(key: string): string[] {
    return [...(super.get(key) ?? []), ANY];
  }
}

/**
 * Config git takes from the environment (git-config(1), "ENVIRONMENT"): `GIT_CONFIG_COUNT` with
 * `GIT_CONFIG_KEY_<n>`/`GIT_CONFIG_VALUE_<n>`, `GIT_CONFIG_PARAMETERS` (what `-c` passes to
 * child processes), and the files `GIT_CONFIG_GLOBAL`/`GIT_CONFIG_SYSTEM` name. `unread` when a
 * value is computed, when the line writes the file first, or when the line may set variables the
 * analyser cannot name.
 */
function environmentConfig(env: CommandEnv, cwd: string, written: ReadonlySet<string>): { config: Map<string, string[]>; unread: boolean } {
  const config = new Map<string, string[]>();
  let unread = env.has(ANY_VARIABLE);
  const add = (key: string, value: string): void => {
    const k = configKey(key);
    config.set(k, [...(config.get(k) ?? []), value]);
  };
  if (env.has("GIT_CONFIG_COUNT")) {
    const count = Number(env.get("GIT_CONFIG_COUNT"));
    if (!Number.isInteger(count) || count < 0) unread = true;
    for (let n = 0; n < Math.min(count, 64); n += 1) {
      const key = env.get(`GIT_CONFIG_KEY_${n}`);
      const value = env.get(`GIT_CONFIG_VALUE_${n}`);
      if (key === undefined) unread = true;
      else add(key, value ?? ANY);
    }
  }
  if (env.has("GIT_CONFIG_PARAMETERS")) {
    const text = env.get("GIT_CONFIG_PARAMETERS");
    if (text === undefined) unread = true;
    else {
      // Shell-quoted `'key'='value'` pairs, or `'key=value'`, separated by spaces.
      for (const m of text.matchAll(/'([^']*)'(?:='([^']*)')?/g)) {
        const pair = m[1] as string;
        if (m[2] !== undefined) add(pair, m[2]);
        else if (pair.includes("=")) add(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
        else add(pair, "true");
      }
    }
  }
  for (const name of ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"]) {
    if (!env.has(name)) continue;
    const file = env.get(name);
    if (file === undefined || written.has(resolve(cwd, file))) {
      unread = true;
      continue;
    }
    for (const [k, v] of readGitConfig(resolve(cwd, file))) config.set(k, [...(config.get(k) ?? []), ...v]);
  }
  return { config, unread };
}

/** `section.key` or `section.sub.key` with section and key lower-cased, as git compares them (git-config(1), "Syntax"). */
function configKey(key: string): string {
  return key.replace(/^([^.]+)\.(.*)\.([^.]+)$|^([^.]+)\.([^.]+)$/, (_m, a, b, c, d, f) =>
    a !== undefined ? `${a.toLowerCase()}.${b}.${c.toLowerCase()}` : `${d.toLowerCase()}.${f.toLowerCase()}`,
  );
}

/** `git [global options] SUB ARGS…`, aliases expanded. `repos` memoises repository lookups for one check (`findRepository`). */
export function gitInvocation(
  argv: readonly string[],
  cwd: string,
  home: string,
  repos?: Map<string, Repository | undefined>,
  options: InvocationOptions = {},
): Invocation {
  let dir = cwd;
  let gitDir: string | undefined;
  const fromEnv = options.env ? environmentConfig(options.env, cwd, options.written ?? new Set()) : undefined;
  // `GIT_DIR` names the repository as `--git-dir` does (git(1)).
  if (options.env?.has("GIT_DIR")) {
    const value = options.env.get("GIT_DIR");
    gitDir = value === undefined ? UNREAD_GIT_DIR : resolve(cwd, value);
  }
  const inline = new Map<string, string[]>(fromEnv?.config ?? []);
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
    if ((name === "-c" || name === "--config-env") && value !== undefined) {
      const e = value.indexOf("=");
      const key = configKey(e < 0 ? value : value.slice(0, e));
      // `--config-env=KEY=VAR` takes the value from the environment variable VAR (git(1)): not
      // visible here, so it is any value. A `-c` value the analyser could not resolve is, too.
      const given = e < 0 ? (name === "-c" ? "true" : ANY) : value.slice(e + 1);
      const text = name === "--config-env" || given.includes(ANY) ? ANY : given;
      inline.set(key, [...(inline.get(key) ?? []), text]);
    }
    i += takesValue && !(eq > 0 && arg.startsWith("--")) ? 2 : 1;
  }
  let merged: Map<string, string[]> | undefined;
  const config = (): Map<string, string[]> => {
    if (merged) return merged;
    merged = fromEnv?.unread || gitDir === UNREAD_GIT_DIR ? new UnreadConfig() : new Map<string, string[]>();
    const repo = findRepository(dir, gitDir, repos);
    const sources = [userConfig(home), repo ? readGitConfig(join(repo.gitDir, "config")) : new Map<string, string[]>(), options.overlay ?? new Map(), inline];
    for (const source of sources) {
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
    if (text.includes(ANY)) {
      // An alias whose definition is not visible (`--config-env`, a computed value) runs anything.
      invocation.unreadAlias = sub;
      return invocation;
    }
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
  // `refs/$X` can be `refs/heads/main`.
  if (ref.startsWith("refs/")) return /^refs\/[^/]*\u0001/.test(ref) ? ANY : undefined;
  return ref;
}

/**
 * True when two names with wildcards can be the same name: `*` (a glob in a refspec or a
 * protected pattern, `release/*`) and ANY (an unresolved part of a word) stand for any run of
 * characters. `refs/heads/*` meets `main`, `ma$X` meets `main`, `feature/$X` does not. Names are
 * short; the table is bounded, and a name past the bound is taken to meet anything.
 */
function patternsMeet(a: string, b: string): boolean {
  const x = a.replaceAll(ANY, "*");
  const y = b.replaceAll(ANY, "*");
  if (!x.includes("*") && !y.includes("*")) return x === y;
  if (x.length > 256 || y.length > 256) return true;
  // meet[j] for row i: can x[i..] and y[j..] match the same text. Filled from the ends.
  let next: boolean[] = new Array<boolean>(y.length + 1).fill(false);
  for (let i = x.length; i >= 0; i -= 1) {
    const row: boolean[] = new Array<boolean>(y.length + 1).fill(false);
    for (let j = y.length; j >= 0; j -= 1) {
      if (i === x.length && j === y.length) row[j] = true;
      else if (i < x.length && x[i] === "*") row[j] = (next[j] as boolean) || (j < y.length && (row[j + 1] as boolean));
      else if (j < y.length && y[j] === "*") row[j] = (row[j + 1] as boolean) || (i < x.length && (next[j] as boolean));
      else row[j] = i < x.length && j < y.length && x[i] === y[j] && (next[j + 1] as boolean);
    }
    next = row;
  }
  return next[0] as boolean;
}

/** The protected pattern a branch name (with wildcards) can be, if any. */
function protectedHit(branch: string, protectedSet: ReadonlySet<string>): string | undefined {
  for (const p of protectedSet) if (patternsMeet(branch, p)) return p;
  return undefined;
}

/** The protected pattern one of the possible current branches can be (an unknown branch can be any). */
function onProtected(current: ReadonlySet<string>, protectedSet: ReadonlySet<string>): string | undefined {
  for (const b of current) {
    if (b === "") continue;
    const hit = protectedHit(b, protectedSet);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** A word that may be an option or split into several: the analyser could not read its start. */
function unreadWord(arg: string): boolean {
  return arg.startsWith(ANY) || arg.includes(SPLIT);
}

const FORCE_MESSAGE =
  "BLOCKED: Force push rewrites published history. Push without --force (rebase or merge onto the remote branch first); if the branch really must be rewritten, ask the operator to do it.";

function deleteBlock(branch: string): string {
  return `BLOCKED: Deleting the protected branch ${branch} is not allowed. Delete only branches you created; protected branches are the operator's to remove.`;
}

function pushToBlock(branch: string): string {
  return `BLOCKED: Pushing to ${branch} is not allowed: it is a protected branch. Push your work to a feature branch (git push -u origin HEAD:my-feature) and open a pull request.`;
}

function unreadBlock(sub: string, what: string): string {
  return `BLOCKED: git ${sub} with a word the guardrails cannot read (a variable or a command's output) ${what}. Write the value out.`;
}

/** The branch names a rewrite message uses. */
function rewriteBlock(what: string, branch: string): string {
  return `BLOCKED: ${what} rewrites the history of the protected branch ${branch}. Create a branch first (git switch -c my-fix) and rewrite that instead.`;
}

const UNKNOWN = ANY;

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
    if (unreadWord(arg))
      return `BLOCKED: git push with a word the guardrails cannot read (a variable or a command's output) could name a protected branch, a +refspec or --force. Name what you push: git push origin HEAD:my-feature.`;
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
  if (refspecs.length === 0 && all === undefined && !tags && !remove && inv.config instanceof UnreadConfig)
    return "BLOCKED: git push without a refspec follows config the guardrails cannot read (GIT_CONFIG_* or GIT_DIR computed, a config file the line writes, variables set by a sourced file): it could mirror or push a protected branch. Name what you push: git push origin HEAD:my-feature.";
  if (refspecs.some((r) => r.startsWith("+"))) force = true;
  if (force) return FORCE_MESSAGE;
  if (
    all === "--mirror" ||
    (all === undefined && refspecs.length === 0 && (inv.config.get(`remote.${remote}.mirror`) ?? []).some((v) => v.includes(ANY) || TRUE_VALUE.test(v)))
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
      if (mode === "matching" || mode.includes(ANY))
        return `BLOCKED: git push with push.default=matching pushes every branch that exists on the remote, protected ones included. Push the branch you mean: git push origin HEAD:my-feature.`;
      for (const branch of current) {
        if (branch === UNKNOWN)
          return "BLOCKED: git push without a branch, after a checkout the guardrails cannot follow, could push a protected branch. Name what you push: git push origin HEAD:my-feature.";
        const on = branch === "" ? undefined : protectedHit(branch, protectedSet);
        if (on !== undefined) return pushToBlock(on);
        if (mode === "upstream" || mode === "tracking") {
          const merge = (inv.config.get(`branch.${branch}.merge`) ?? []).at(-1);
          const target = merge ? branchName(merge) : undefined;
          const hit = target ? protectedHit(target, protectedSet) : undefined;
          if (hit !== undefined) return pushToBlock(hit);
        }
      }
      return undefined;
    }
  }
  for (const spec of refspecs) {
    const forced = spec.startsWith("+");
    const body = forced ? spec.slice(1) : spec;
    if (forced) return FORCE_MESSAGE;
    // Git splits a refspec at its last colon (a ref name holds none).
    if (body.startsWith(ANY)) return FORCE_MESSAGE;
    const colon = body.lastIndexOf(":");
    const src = colon < 0 ? body : body.slice(0, colon);
    const dst = colon < 0 ? body : body.slice(colon + 1);
    const deleting = remove || (colon >= 0 && src === "");
    const name = dst || src;
    const viaHead = name === "HEAD" || name === "@";
    const targets: string[] = [];
    if (viaHead) targets.push(...current);
    else {
      const branch = branchName(name);
      if (branch !== undefined) targets.push(branch);
    }
    for (const target of targets) {
      if (target === UNKNOWN && viaHead)
        return "BLOCKED: git push HEAD, after a checkout the guardrails cannot follow, could push a protected branch. Name the branch: git push origin HEAD:my-feature.";
      const hit = target === "" ? undefined : protectedHit(target, protectedSet);
      if (hit === undefined) continue;
      if (target.includes(ANY) && !viaHead)
        return `BLOCKED: git push to ${dst.replaceAll(ANY, "…")}, whose unread part (a variable or a command's output) can make it the protected branch ${hit}. Name the branch: git push origin HEAD:my-feature.`;
      return deleting ? deleteBlock(hit) : pushToBlock(hit);
    }
  }
  return undefined;
}

const RESET_LONG = [
  "--hard",
  "--soft",
  "--mixed",
  "--keep",
  "--merge",
  "--quiet",
  "--no-quiet",
  "--patch",
  "--intent-to-add",
  "--no-intent-to-add",
  "--pathspec-from-file",
  "--pathspec-file-nul",
  "--recurse-submodules",
  "--no-recurse-submodules",
  "--refresh",
  "--no-refresh",
];

/** A word git would read as a path, not a revision: an existing file or folder, or a pathspec pattern. */
function isPathOperand(word: string, dir: string): boolean {
  if (word.includes(ANY)) return false;
  // A revision cannot hold `*`, `?` or `[` (git-check-ref-format(1)) except in `^{/regex}` and `:/regex`.
  if (/[*?[]/.test(word) && !word.includes("^{") && !word.startsWith(":")) return true;
  try {
    return fs.existsSync(resolve(dir, word));
  } catch {
    return false;
  }
}

/**
 * `git reset` on a protected branch. Git reads `git reset [<mode>] [<commit>]` as moving the branch
 * to `<commit>`, and `git reset [<tree-ish>] [--] <pathspec>…` as changing only the index
 * (git-reset(1)): with one operand and no `--`, the operand is a path when it names an existing
 * file (git refuses an operand that is both), else a revision. So the branch moves unless paths are
 * given; an operand that is neither a revision nor a path is read as a revision (git would fail).
 */
function resetBlock(inv: Invocation, branch: string): string | undefined {
  let mode: string | undefined;
  let indexOnly = false;
  const operands: string[] = [];
  let dashdash = -1;
  const args = inv.args;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === "--") {
      dashdash = operands.length;
      operands.push(...args.slice(i + 1));
      break;
    }
    if (unreadWord(arg)) return unreadBlock("reset", `on the protected branch ${branch} could name a commit to move it to`);
    if (arg.startsWith("--")) {
      const matches = gitLongOption(arg, RESET_LONG);
      const option = matches.length === 1 ? matches[0] : undefined;
      if (option === "--patch" || option === "--pathspec-from-file") indexOnly = true;
      else if (option !== undefined && /^--(hard|soft|mixed|keep|merge)$/.test(option)) mode = option;
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      if (arg.includes("p")) indexOnly = true;
      continue;
    }
    operands.push(arg);
  }
  if (indexOnly) return undefined;
  let rev: string | undefined;
  let paths: string[] = [];
  if (dashdash === 0) paths = operands;
  else if (dashdash === 1 || operands.length === 1) {
    rev = operands[0];
    paths = operands.slice(1);
    if (dashdash < 0 && isPathOperand(rev as string, inv.dir)) {
      paths = [rev as string];
      rev = undefined;
    }
  } else if (operands.length >= 2) paths = operands.slice(1);
  if (paths.length > 0) return undefined;
  const same = rev === undefined || /^(HEAD|@)$/.test(rev);
  if (same && mode === undefined) return undefined;
  return `BLOCKED: git reset${mode ? ` ${mode}` : ""}${rev ? ` ${rev}` : ""} on the protected branch ${branch} moves it away from its published history. Create a branch first (git switch -c my-fix) and reset that instead.`;
}

/** True when `rev` is the branch's own upstream (`@{u}`, `origin/main`, the configured remote and merge). */
function isOwnUpstream(rev: string, branch: string, inv: Invocation): boolean {
  const r = rev.toLowerCase();
  // `@{u}`/`@{upstream}` (any case, gitrevisions(7)) name the upstream of the branch it is on.
  if (/^(?:.*)?@\{(u|upstream)\}$/.test(r) && (r.startsWith("@{") || rev.slice(0, rev.indexOf("@{")) === branch)) return true;
  if (branch === UNKNOWN) return false;
  const remote = (inv.config.get(`branch.${branch}.remote`) ?? []).at(-1) ?? "origin";
  const merge = branchName((inv.config.get(`branch.${branch}.merge`) ?? []).at(-1) ?? "") || branch;
  return [`${remote}/${merge}`, `remotes/${remote}/${merge}`, `refs/remotes/${remote}/${merge}`].includes(rev);
}

const REBASE_LONG = (
  "--onto --keep-base --continue --abort --quit --apply --empty --keep-empty --no-keep-empty --reapply-cherry-picks " +
  "--no-reapply-cherry-picks --allow-empty-message --skip --edit-todo --show-current-patch --merge --strategy --strategy-option " +
  "--rerere-autoupdate --no-rerere-autoupdate --gpg-sign --no-gpg-sign --quiet --verbose --stat --no-stat --no-verify --verify " +
  "--force-rebase --no-ff --fork-point --no-fork-point --ignore-whitespace --whitespace --committer-date-is-author-date " +
  "--ignore-date --reset-author-date --signoff --interactive --rebase-merges --no-rebase-merges --root --autosquash " +
  "--no-autosquash --autostash --no-autostash --exec --reschedule-failed-exec --no-reschedule-failed-exec --update-refs " +
  "--no-update-refs --trailer"
).split(" ");
const REBASE_VALUE = new Set(["--onto", "--strategy", "--strategy-option", "--exec", "--trailer"]);

/**
 * `git rebase` of a protected branch: it replays the branch's commits, rewriting them, unless it
 * is onto the branch's own upstream named on the command line (only the commits not yet published
 * are replayed then). Without an upstream, git uses `--fork-point` (git-rebase(1)), which drops
 * commits the upstream's reflog once had: that is a rewrite too. `--update-refs` (or
 * `rebase.updateRefs`) also moves every other branch pointing into the rebased commits, which can
 * be a protected one on any branch. Continuing a rebase in progress (`--continue`, …) starts
 * nothing. `-x`/`--exec` commands are returned in `execs`, to be checked as commands.
 */
function rebaseBlock(inv: Invocation, current: ReadonlySet<string>, protectedSet: ReadonlySet<string>, execs: string[]): string | undefined {
  const positionals: string[] = [];
  let moved = false;
  let updateRefs: boolean | undefined;
  const args = inv.args;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (unreadWord(arg)) {
      const hit = onProtected(current, protectedSet) ?? [...protectedSet][0] ?? "main";
      return unreadBlock("rebase", `could rewrite the protected branch ${hit} (an --onto, --update-refs or --exec)`);
    }
    if (arg.startsWith("--")) {
      const matches = gitLongOption(arg, REBASE_LONG);
      if (matches.length !== 1) continue;
      const option = matches[0] as string;
      if (/^--(continue|abort|skip|quit|edit-todo|show-current-patch)$/.test(option)) return undefined;
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : REBASE_VALUE.has(option) ? args[(i += 1)] : undefined;
      if (/^--(onto|root|fork-point)$/.test(option)) moved = true;
      else if (option === "--update-refs") updateRefs = true;
      else if (option === "--no-update-refs") updateRefs = false;
      else if (option === "--exec" && value !== undefined) execs.push(value);
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      // `-x CMD`, `-s STRATEGY`, `-X OPTION` take a value, attached or next.
      const body = arg.slice(1);
      const at = body.search(/[xsX]/);
      if (at >= 0) {
        const value = at < body.length - 1 ? body.slice(at + 1) : args[(i += 1)];
        if (body[at] === "x" && value !== undefined) execs.push(value);
      }
      continue;
    }
    positionals.push(arg);
  }
  const configured = lastConfig(inv, "rebase.updaterefs");
  if (updateRefs ?? (configured !== undefined && (configured.includes(ANY) || TRUE_VALUE.test(configured))))
    return `BLOCKED: git rebase --update-refs also moves every branch that points into the rebased commits, protected ones (${[...protectedSet].join(", ")}) included. Rebase without --update-refs.`;
  const upstream = positionals[0];
  const rebased = positionals[1] !== undefined ? new Set([positionals[1]]) : current;
  for (const branch of rebased) {
    if (branch === "") continue;
    const hit = protectedHit(branch, protectedSet);
    if (hit === undefined) continue;
    if (!moved && upstream !== undefined && isOwnUpstream(upstream, branch, inv)) continue;
    return rewriteBlock(`git rebase${upstream ? ` ${upstream}` : ""}`, hit);
  }
  return undefined;
}

/** The merged config's last value of `key`. */
function lastConfig(inv: Invocation, key: string): string | undefined {
  return (inv.config.get(key) ?? []).at(-1);
}

const TRUE_VALUE = /^(true|yes|on|1)$/i;

/**
 * `git pull` on a protected branch with a rebase (`--rebase`, `-r`, or `branch.<name>.rebase` /
 * `pull.rebase`, git-pull(1)): pull rebases with `--fork-point`, rewriting commits the upstream
 * no longer has. `--no-rebase` and `--ff-only` (it never rebases) pass.
 */
function pullRebases(inv: Invocation, branch: string): boolean {
  let rebase: boolean | undefined;
  let ffOnly = false;
  for (const arg of inv.args) {
    if (arg === "--") break;
    if (arg.startsWith("--")) {
      const name = arg.split("=")[0] as string;
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : undefined;
      if (name === "--rebase" || (name.length >= 4 && "--rebase".startsWith(name) && !"--recurse-submodules".startsWith(name)))
        rebase = value === undefined || !/^(false|no|off|0)$/i.test(value);
      else if (name === "--no-rebase" || (name.length >= 6 && "--no-rebase".startsWith(name))) rebase = false;
      else if (name === "--ff-only" || (name.length >= 5 && "--ff-only".startsWith(name))) ffOnly = true;
      continue;
    }
    if (/^-[a-zA-Z0-9]+$/.test(arg)) {
      // Short options before one taking a value (`-s`, `-X`, `-j`, `-o`) cluster; `-r` is --rebase.
      const body = arg.slice(1);
      const valueAt = body.search(/[sXjo]/);
      if ((valueAt < 0 ? body : body.slice(0, valueAt)).includes("r")) rebase = true;
    }
  }
  if (rebase !== undefined) return rebase;
  if (ffOnly) return false;
  const configured = lastConfig(inv, `branch.${branch}.rebase`) ?? lastConfig(inv, "pull.rebase");
  return configured !== undefined && (configured.includes(ANY) || !/^(false|no|off|0)$/i.test(configured));
}

const FETCH_VALUE_SHORT = "jo";
const FETCH_LONG_VALUE = new Set([
  "--depth",
  "--deepen",
  "--shallow-since",
  "--shallow-exclude",
  "--refmap",
  "--jobs",
  "--upload-pack",
  "--server-option",
  "--filter",
  "--negotiation-tip",
  "--recurse-submodules-default",
  "--strategy",
  "--strategy-option",
  "--gpg-sign",
  "--cleanup",
  "--log",
]);

/**
 * `git fetch` (and the fetch of `git pull`) into a local protected branch: a forced update
 * (`--force`, `-f`, a `+src:dst` refspec, from the command line, `--refmap` or `remote.<name>.fetch`)
 * overwrites it, and pruning (`--prune`, `-p`, `fetch.prune`, `remote.<name>.prune`) with a
 * destination covering it deletes it when the remote lacks it (git-fetch(1)). A plain `src:dst`
 * only fast-forwards, like a merge.
 */
function fetchBlock(inv: Invocation, protectedSet: ReadonlySet<string>): string | undefined {
  let force = false;
  let prune: boolean | undefined;
  let stdin = false;
  let multiple = false;
  const refmaps: string[] = [];
  const positionals: string[] = [];
  const args = inv.args;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (unreadWord(arg)) return unreadBlock(inv.sub, "could force-update or prune a protected branch");
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const name = arg.split("=")[0] as string;
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : undefined;
      if (name === "--force" || (name.length >= 5 && "--force".startsWith(name))) force = true;
      else if (name === "--prune") prune = true;
      else if (name === "--no-prune") prune = false;
      else if (name === "--stdin") stdin = true;
      else if (name === "--dry-run") return undefined;
      else if (name === "--all" || name === "--multiple") multiple = true;
      else if (FETCH_LONG_VALUE.has(name)) {
        const v = value ?? args[(i += 1)] ?? "";
        if (name === "--refmap") refmaps.push(v);
      }
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      for (let k = 1; k < arg.length; k += 1) {
        const flag = arg[k] as string;
        if (flag === "f") force = true;
        else if (flag === "p") prune = true;
        else if (FETCH_VALUE_SHORT.includes(flag) || (inv.sub === "pull" && "sX".includes(flag))) {
          if (k === arg.length - 1) i += 1;
          break;
        }
      }
      continue;
    }
    positionals.push(arg);
  }
  const remotes = multiple ? (positionals.length > 0 ? positionals : ["origin"]) : [positionals[0] ?? "origin"];
  let refspecs = multiple ? [] : positionals.slice(1).filter((r, k, all) => r !== "tag" && all[k - 1] !== "tag");
  if (stdin && (force || prune !== false))
    return `BLOCKED: git ${inv.sub} --stdin reads refspecs the guardrails cannot check; one can force-update or prune a protected branch. Name the refspecs.`;
  if (refspecs.length > 0) refspecs = [...refspecs, ...refmaps.filter((r) => r !== "")];
  for (const remote of remotes) {
    const configured = refspecs.length > 0 ? refspecs : (inv.config.get(`remote.${remote}.fetch`) ?? []);
    const pruning =
      prune ??
      [lastConfig(inv, `remote.${remote}.prune`), lastConfig(inv, "fetch.prune")].some((v) => v !== undefined && (v.includes(ANY) || TRUE_VALUE.test(v)));
    for (const spec of configured) {
      const forced = force || spec.startsWith("+") || spec.startsWith(ANY);
      const body = spec.replace(/^\+/, "");
      const colon = body.lastIndexOf(":");
      if (colon < 0 && !body.includes(ANY)) continue;
      const dst = colon < 0 ? body : body.slice(colon + 1);
      const branch = branchName(dst);
      const hit = branch === undefined ? undefined : protectedHit(branch, protectedSet);
      if (hit === undefined || (!forced && !pruning)) continue;
      return forced
        ? `BLOCKED: git ${inv.sub} ${spec.startsWith("+") ? spec : `with --force into ${dst}`} force-updates the local protected branch ${hit}. Fetch into a remote-tracking ref (git fetch origin) and merge instead.`
        : `BLOCKED: git ${inv.sub} with pruning and the refspec ${spec} deletes the local protected branch ${hit} when the remote lacks it. Fetch into remote-tracking refs (refs/remotes/…) instead.`;
    }
  }
  return undefined;
}

/** `git filter-branch` and `git filter-repo`: they rewrite the branches they are given (all of them, for filter-repo). */
function filterBlock(inv: Invocation, current: ReadonlySet<string>, protectedSet: ReadonlySet<string>): string | undefined {
  const args = inv.args;
  if (inv.sub === "filter-repo") {
    if (args.some((a) => /^--(analyze|dry-run|help|version)$/.test(a))) return undefined;
    const at = args.indexOf("--refs");
    if (at < 0) return rewriteBlock("git filter-repo (every branch by default)", [...protectedSet][0] ?? "main");
    for (let i = at + 1; i < args.length && !(args[i] as string).startsWith("--"); i += 1) {
      const hit = refRewritten(args[i] as string, current, protectedSet);
      if (hit) return rewriteBlock("git filter-repo", hit);
    }
    return undefined;
  }
  // filter-branch: options (most take a value) then rev-list arguments; none means HEAD.
  const revs: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === "--") {
      revs.push(...args.slice(i + 1));
      break;
    }
    if (/^(-f|--force|--prune-empty)$/.test(arg)) continue;
    if (arg.startsWith("-")) {
      if (!arg.includes("=")) i += 1;
      continue;
    }
    revs.push(arg);
  }
  if (revs.length === 0) revs.push("HEAD");
  for (const rev of revs) {
    if (/^--(all|branches|glob|remotes)/.test(rev) || unreadWord(rev)) return rewriteBlock(`git filter-branch ${rev}`, [...protectedSet][0] ?? "main");
    const hit = refRewritten(rev, current, protectedSet);
    if (hit) return rewriteBlock("git filter-branch", hit);
  }
  return undefined;
}

/** The protected branch a rev-list argument rewrites (`main`, `a..main`, `HEAD` on it; `^main` excludes). */
function refRewritten(rev: string, current: ReadonlySet<string>, protectedSet: ReadonlySet<string>): string | undefined {
  if (rev.startsWith("^")) return undefined;
  const tip = rev.split(/\.\.\.?/).pop() ?? rev;
  if (tip === "HEAD" || tip === "@" || tip === "") return onProtected(current, protectedSet);
  const branch = branchName(tip);
  return branch === undefined ? undefined : protectedHit(branch, protectedSet);
}

/** `git commit --amend` (any unique prefix; `--no-amend` undoes it) on a protected branch rewrites its tip. */
function amends(args: readonly string[]): boolean {
  let amend = false;
  for (const arg of args) {
    if (arg === "--") break;
    if (unreadWord(arg)) return true;
    if (/^--am(e(n(d)?)?)?$/.test(arg)) amend = true;
    else if (/^--no-am(e(n(d)?)?)?$/.test(arg)) amend = false;
  }
  return amend;
}

const CHECKOUT_LONG = (
  "--quiet --progress --no-progress --force --ours --theirs --track --no-track --guess --no-guess --detach --orphan " +
  "--ignore-skip-worktree-bits --merge --conflict --patch --ignore-other-worktrees --overwrite-ignore --no-overwrite-ignore " +
  "--recurse-submodules --no-recurse-submodules --overlay --no-overlay --pathspec-from-file --pathspec-file-nul"
).split(" ");
const SWITCH_LONG = (
  "--create --force-create --guess --no-guess --discard-changes --force --detach --track --no-track --orphan --quiet " +
  "--merge --conflict --progress --no-progress --ignore-other-worktrees --recurse-submodules --no-recurse-submodules"
).split(" ");
const CHECKOUT_VALUE = new Set(["--orphan", "--create", "--force-create", "--pathspec-from-file"]);

/** What a `git checkout`/`git switch` does to branches, its options read as git reads them (clusters, `-Bname`, prefixes). */
interface Checkout {
  /** `-B`/`-C`/`--force-create NAME`: NAME is reset to the start point. */
  forceCreate?: string;
  /** The branch it leaves checked out: a name, UNKNOWN, "" (detached); undefined when it switches nothing. */
  to?: string;
  /** A word the analyser could not read, where an option may be. */
  unread: boolean;
}

function parseCheckout(sub: string, args: readonly string[]): Checkout {
  const result: Checkout = { unread: false };
  const long = sub === "switch" ? SWITCH_LONG : CHECKOUT_LONG;
  let created: string | undefined;
  let track = false;
  let detach = false;
  let patch = false;
  const positionals: string[] = [];
  let dash = -1;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === "--") {
      dash = positionals.length;
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (unreadWord(arg)) {
      result.unread = true;
      continue;
    }
    if (arg.startsWith("--")) {
      const matches = gitLongOption(arg, long);
      if (matches.length !== 1) continue;
      const option = matches[0] as string;
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : CHECKOUT_VALUE.has(option) ? (args[(i += 1)] ?? UNKNOWN) : undefined;
      if (option === "--force-create") result.forceCreate = value;
      else if (option === "--create" || option === "--orphan") created = value;
      else if (option === "--track") track = true;
      else if (option === "--detach") detach = true;
      else if (option === "--patch") patch = true;
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      // A cluster: `-fBmain` is -f, then -B with the value `main`.
      for (let k = 1; k < arg.length; k += 1) {
        const flag = arg[k] as string;
        const creates = sub === "switch" ? "cC" : "bB";
        if (creates.includes(flag)) {
          const value = k < arg.length - 1 ? arg.slice(k + 1) : (args[(i += 1)] ?? UNKNOWN);
          if (flag === "B" || flag === "C") result.forceCreate = value;
          else created = value;
          break;
        }
        if (flag === "t") track = true;
        else if (flag === "d" && sub === "switch") detach = true;
        else if (flag === "p" && sub === "checkout") patch = true;
      }
      continue;
    }
    positionals.push(arg === "-" ? arg : arg);
  }
  if (result.forceCreate !== undefined) created = result.forceCreate;
  if (patch) return result;
  if (created !== undefined) result.to = created;
  else if (detach) result.to = "";
  else {
    const before = dash >= 0 ? positionals.slice(0, dash) : positionals;
    const target = before[0];
    // `git checkout main file.txt` and `git checkout main -- file` restore files.
    const restores = sub === "checkout" && (before.length > 1 || (dash >= 0 && positionals.length > dash));
    if (target !== undefined && !restores) {
      if (target === "-" || /^@\{-\d+\}$/.test(target) || target.includes("$")) result.to = UNKNOWN;
      else if (/^(HEAD|@)$/.test(target)) result.to = undefined;
      // `--track origin/main` makes and checks out `main` (git-checkout(1), `--track`).
      else if (track) result.to = target.replace(/^(refs\/)?(remotes\/)?[^/]+\//, "");
      else result.to = target;
    } else if (result.unread && target === undefined) result.to = UNKNOWN;
  }
  if (result.unread) result.to = UNKNOWN;
  return result;
}

/** `git worktree add`: the branch the new worktree has, and a `-B` reset. */
function parseWorktreeAdd(args: readonly string[], dir: string): { path?: string; branch: string; forceCreate?: string; unread: boolean } {
  let create: string | undefined;
  let forceCreate: string | undefined;
  let detach = false;
  let unread = false;
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (unreadWord(arg)) unread = true;
    else if (arg === "-b" || arg === "-B") {
      const value = args[(i += 1)] ?? UNKNOWN;
      if (arg === "-B") forceCreate = value;
      create = value;
    } else if (/^-[bB]./.test(arg)) {
      if (arg[1] === "B") forceCreate = arg.slice(2);
      create = arg.slice(2);
    } else if (arg === "--detach" || arg === "-d") detach = true;
    else if (arg === "--reason") i += 1;
    else if (!arg.startsWith("-")) positionals.push(arg);
  }
  const path = positionals[0] === undefined ? undefined : resolve(dir, positionals[0]);
  // Without a branch or commit, the worktree gets a branch named after the path's last component (git-worktree(1)).
  const branch = unread ? UNKNOWN : (create ?? (detach ? "" : (positionals[1] ?? (path ? path.split("/").pop() : "") ?? "")));
  const result: { path?: string; branch: string; forceCreate?: string; unread: boolean } = { branch, unread };
  if (path !== undefined) result.path = path;
  if (forceCreate !== undefined) result.forceCreate = forceCreate;
  return result;
}

function moveBlock(inv: Invocation, current: ReadonlySet<string>, protectedSet: ReadonlySet<string>): string | undefined {
  const { sub, args } = inv;
  const positionals = args.filter((a) => !a.startsWith("-"));
  const on = onProtected(current, protectedSet);
  if (sub === "reset") return on === undefined ? undefined : resetBlock(inv, on);
  if (sub === "commit") return on !== undefined && amends(args) ? rewriteBlock("git commit --amend", on) : undefined;
  if (sub === "pull") {
    const block = fetchBlock(inv, protectedSet);
    if (block) return block;
    if (on === undefined) return undefined;
    for (const b of current) {
      if (b !== "" && protectedHit(b, protectedSet) !== undefined && pullRebases(inv, b))
        return `${rewriteBlock("git pull --rebase", on)} To catch up with the remote, use git pull --ff-only.`;
    }
    return undefined;
  }
  if (sub === "fetch") return fetchBlock(inv, protectedSet);
  if (sub === "filter-branch" || sub === "filter-repo") return filterBlock(inv, current, protectedSet);
  if (sub === "branch") {
    const unread = args.some(unreadWord);
    const deleting =
      unread || args.some((a) => (/^-[a-zA-Z]*[dD]/.test(a) && !a.startsWith("--")) || (gitLongOption(a, ["--delete"]).length === 1 && a.startsWith("--d")));
    const forcing = unread || args.some((a) => (/^-[a-zA-Z]*[fMmCc]/.test(a) && !a.startsWith("--")) || /^--(force|move|copy|for|forc|mov|cop)$/.test(a));
    const named = [...positionals, ...args.filter((a) => a.startsWith(ANY))];
    let hit: string | undefined;
    for (const p of named) {
      hit = protectedHit(branchName(p) ?? p, protectedSet);
      if (hit !== undefined) break;
    }
    if (hit && deleting) return unread ? unreadBlock("branch", `could delete or move the protected branch ${hit}`) : deleteBlock(hit);
    if (hit && forcing) return `BLOCKED: Moving or renaming the protected branch ${hit} is not allowed. Work on a feature branch instead.`;
    if (on && positionals.length === 1 && args.some((a) => (/^-[a-zA-Z]*[mM]/.test(a) && !a.startsWith("--")) || /^--mov/.test(a))) {
      return `BLOCKED: Renaming the protected branch ${on} is not allowed. Work on a feature branch instead.`;
    }
    return undefined;
  }
  if (sub === "checkout" || sub === "switch") {
    const parsed = parseCheckout(sub, args);
    if (parsed.unread) return unreadBlock(sub, "could be -B/-C and reset a protected branch");
    const hit = parsed.forceCreate === undefined ? undefined : protectedHit(parsed.forceCreate, protectedSet);
    return hit
      ? `BLOCKED: git ${sub} -${sub === "switch" ? "C" : "B"} ${parsed.forceCreate} resets the protected branch ${hit}. Create a new branch name instead.`
      : undefined;
  }
  if (sub === "worktree" && positionals[0] === "add") {
    const parsed = parseWorktreeAdd(args.slice(args.indexOf("add") + 1), inv.dir);
    const hit = parsed.unread ? [...protectedSet][0] : parsed.forceCreate === undefined ? undefined : protectedHit(parsed.forceCreate, protectedSet);
    return hit ? `BLOCKED: git worktree add -B ${parsed.forceCreate ?? "…"} resets the protected branch ${hit}. Create a new branch name instead.` : undefined;
  }
  if (sub === "update-ref") {
    if (args.includes("--stdin"))
      return `BLOCKED: git update-ref --stdin can move any branch, protected ones included, and its input cannot be checked. Update the refs you mean by name.`;
    if (args.some(unreadWord)) return unreadBlock("update-ref", "could move a protected branch");
    const ref = positionals[0];
    // `HEAD` (without --no-deref) is the branch it points at (git-update-ref(1)).
    const viaHead = ref === "HEAD" && !args.includes("--no-deref");
    const hit = viaHead ? on : ref?.startsWith("refs/") ? protectedHit(branchName(ref) ?? "", protectedSet) : undefined;
    return hit
      ? `BLOCKED: git update-ref ${ref} would move the protected branch ${hit}. Point a new branch at that commit instead (git branch my-fix <commit>).`
      : undefined;
  }
  if (sub === "symbolic-ref") {
    // `git symbolic-ref NAME REF`: NAME becomes a pointer to REF. A protected NAME is replaced; any
    // NAME but HEAD pointing at a protected REF is an alias through which later commands move it.
    if (args.some(unreadWord)) return unreadBlock("symbolic-ref", "could point a ref at a protected branch");
    if (positionals.length < 2 || args.some((a) => /^(-d|--delete)$/.test(a))) return undefined;
    const name = positionals[0] as string;
    const nameHit = name === "HEAD" ? undefined : protectedHit(branchName(name) ?? "", protectedSet);
    const targetHit = name === "HEAD" ? undefined : protectedHit(branchName(positionals[1] as string) ?? "", protectedSet);
    const hit = nameHit ?? targetHit;
    return hit
      ? `BLOCKED: git symbolic-ref ${name} ${positionals[1]} makes a second name for the protected branch ${hit} (or replaces it). Use a plain branch.`
      : undefined;
  }
  return undefined;
}

/** The branch a `git checkout`/`git switch`/`git rebase A B`/`git symbolic-ref HEAD` leaves checked out: a name, UNKNOWN, "" (detached), or undefined (no switch). */
function switchedTo(inv: Invocation): string | undefined {
  const { sub, args } = inv;
  if (sub === "rebase") {
    const positionals = args.filter((a) => !a.startsWith("-"));
    return positionals.length >= 2 ? (positionals[1] as string) : undefined;
  }
  if (sub === "symbolic-ref") {
    const positionals = args.filter((a) => !a.startsWith("-"));
    return positionals[0] === "HEAD" && positionals[1] !== undefined ? (branchName(positionals[1]) ?? "") : undefined;
  }
  if (sub === "update-ref" && args.includes("--no-deref") && args.filter((a) => !a.startsWith("-"))[0] === "HEAD") return "";
  if (sub !== "checkout" && sub !== "switch") return undefined;
  return parseCheckout(sub, args).to;
}

/** The block for a git command that pushes, deletes or moves branches (push, send-pack, subtree push, config of push refspecs, local moves). */
function refUpdateBlock(inv: Invocation, current: ReadonlySet<string>, protectedSet: ReadonlySet<string>, execs: string[]): string | undefined {
  if (inv.unreadAlias !== undefined)
    return `BLOCKED: git ${inv.unreadAlias} runs an alias whose definition the guardrails cannot read (--config-env, GIT_CONFIG_* from the environment, a computed value); it could push or reset a protected branch. Run the git command itself.`;
  if (inv.sub === "push" || inv.sub === "send-pack") return pushBlock(inv, current, protectedSet);
  if (inv.sub === "subtree" && inv.args[0] === "push") {
    // `git subtree push --prefix=D REMOTE REF`: REF on the remote is updated.
    const positionals = inv.args.slice(1).filter((a, i, all) => !a.startsWith("-") && !/^(-P|--prefix)$/.test(all[i - 1] ?? ""));
    const ref = positionals[1];
    const branch = ref === undefined ? undefined : branchName(ref.replace(/^\+/, "").split(":").pop() ?? "");
    const hit = branch === undefined ? undefined : protectedHit(branch, protectedSet);
    return hit ? pushToBlock(hit) : undefined;
  }
  if (inv.sub === "config") {
    const write = configWrite(inv.args);
    if (write === "unread")
      return "BLOCKED: git config with a key the guardrails cannot read could set an alias or a push refspec for the commands after it. Write the key out.";
    // `git config remote.X.push REFSPEC`: every later plain `git push` pushes there.
    if (write && /^remote\..+\.push$/.test(write.key)) {
      const dst = write.value.replace(/^\+/, "").split(":").pop() ?? "";
      const branch = dst === "HEAD" || dst === "@" ? undefined : branchName(dst);
      const hit = branch === undefined ? onProtected(current, protectedSet) : protectedHit(branch, protectedSet);
      if (hit)
        return `BLOCKED: git config ${write.key} ${write.value} makes every later git push go to the protected branch ${hit}. Push to a feature branch by name instead.`;
    }
    return undefined;
  }
  if (inv.sub === "rebase") return rebaseBlock(inv, current, protectedSet, execs);
  return moveBlock(inv, current, protectedSet);
}

const CONFIG_VALUE_OPTIONS = new Set(["-f", "--file", "--blob", "--type", "--default", "--comment", "--value", "--file="]);

/**
 * The key and value a `git config` command sets in the repository's or the user's config (so that
 * later commands of the line read it), "unread" when the key is not visible, undefined when it
 * reads, removes or writes another file (`--file`).
 */
function configWrite(args: readonly string[]): { key: string; value: string } | "unread" | undefined {
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg.startsWith("-") && !arg.startsWith(ANY)) {
      const name = arg.split("=")[0] as string;
      if (name === "-f" || name === "--file" || name === "--blob") return undefined;
      if (
        /^--(get|get-all|get-regexp|get-urlmatch|get-color|get-colorbool|list|unset|unset-all|rename-section|remove-section|edit)$/.test(name) ||
        /^-[le]$/.test(name)
      )
        return undefined;
      if (CONFIG_VALUE_OPTIONS.has(name) && !arg.includes("=")) i += 1;
      continue;
    }
    positionals.push(arg);
  }
  let words = positionals;
  if (words[0] === "set") words = words.slice(1);
  else if (/^(get|list|unset|rename-section|remove-section|edit|get-color)$/.test(words[0] ?? "")) return undefined;
  const key = words[0];
  if (key === undefined || words[1] === undefined) return key !== undefined && unreadWord(key) ? "unread" : undefined;
  if (key.includes(ANY) || key.includes(SPLIT)) return "unread";
  const value = words[1].includes(ANY) || words[1].includes(SPLIT) ? ANY : words[1];
  return { key: configKey(key), value };
}

/** What a command sets in the config that later commands of the line read: `git config K V`, `git remote add --mirror`. */
export function recordConfig(inv: Invocation, overlay: Map<string, string[]>): void {
  const add = (key: string, value: string): void => {
    overlay.set(key, [...(overlay.get(key) ?? []), value]);
  };
  if (inv.sub === "config") {
    const write = configWrite(inv.args);
    if (write && write !== "unread") add(write.key, write.value);
  } else if (inv.sub === "remote" && inv.args[0] === "add") {
    // `git remote add --mirror[=push] NAME URL` sets remote.NAME.mirror (git-remote(1)).
    const rest = inv.args.slice(1);
    const mirror = rest.find((a) => /^--mirror(=push)?$/.test(a));
    const name = rest.filter((a, i) => !a.startsWith("-") && !/^(-t|-m|--track|--master)$/.test(rest[i - 1] ?? ""))[0];
    if (mirror && name) add(`remote.${name}.mirror`, "true");
  }
}

/**
 * The words of a command as the guard decides on them: an unresolved part of a dynamic word
 * becomes ANY, and SPLIT goes before a word whose unresolved part is unquoted. A substitution that
 * prints the checked-out branch (`$(git branch --show-current)`, `$(git rev-parse --abbrev-ref
 * HEAD)`, `$(git symbolic-ref --short HEAD)`) is read as `HEAD`: a branch name has no spaces, so it
 * is one word either way (git-check-ref-format(1)). `${X:-word}` is any text like `$X`: X may
 * be set in the shell the line runs in. Positional parameters (`$1`, `"$@"`) are empty — the
 * tool runs the line without arguments, and a function's body is read again at each call with its
 * arguments — unless the line gives them values the analyser does not follow (`positional`: `set
 * -- …`, `sh -c SCRIPT NAME ARG…`, a shell run by `xargs` or `find`, or a nested reading such as
 * a function called with an argument the analyser could not resolve, whose body keeps `$1`). A word the analyser marked
 * resolved but whose written form expands something and which still shows a `$` is read as
 * unresolved too (a function argument passed on from an unknown variable).
 */
export function markedArgv(c: Pick<EffectCommand, "argv" | "raw" | "dynamic">, positional: boolean): string[] {
  return c.argv.map((word, i) => {
    const raw = c.raw[i] ?? word;
    const expands = c.dynamic[i] || ((word.includes("$") || word.includes("`")) && writtenExpansion(raw, false));
    return expands ? markWord(word, raw, positional) : word;
  });
}

const CURRENT_BRANCH = /^\s*git\s+(branch\s+--show-current|rev-parse\s+--abbrev-ref\s+(HEAD|@)|symbolic-ref\s+(--short\s+(-q\s+)?|-q\s+--short\s+)HEAD)\s*$/;

function markWord(word: string, raw: string, positional: boolean): string {
  let out = "";
  const unknown = (): void => {
    if (!out.endsWith(ANY)) out += ANY;
  };
  for (let i = 0; i < word.length;) {
    const ch = word[i] as string;
    const next = word[i + 1] ?? "";
    let end = -1;
    let inner: string | undefined;
    let braced: string | undefined;
    if (ch === "$" && (next === "(" || next === "{")) {
      const close = next === "(" ? ")" : "}";
      let depth = 0;
      for (let k = i + 1; k < word.length; k += 1) {
        if (word[k] === next) depth += 1;
        else if (word[k] === close && (depth -= 1) === 0) {
          end = k + 1;
          break;
        }
      }
      if (end < 0) end = word.length;
      if (next === "(") inner = word.slice(i + 2, end - 1);
      else braced = word.slice(i + 2, end - 1);
    } else if (ch === "$" && /[A-Za-z_]/.test(next)) {
      end = i + 2;
      while (end < word.length && /[A-Za-z0-9_]/.test(word[end] as string)) end += 1;
    } else if (ch === "$" && /[0-9@*#]/.test(next)) {
      end = i + 2;
      braced = next;
    } else if (ch === "$" && /[?$!-]/.test(next)) end = i + 2;
    else if (ch === "`") {
      const close = word.indexOf("`", i + 1);
      end = close < 0 ? word.length : close + 1;
      inner = word.slice(i + 1, end - 1);
    }
    if (end < 0) {
      out += ch;
      i += 1;
      continue;
    }
    i = end;
    if (inner !== undefined) {
      if (CURRENT_BRANCH.test(inner)) out += "HEAD";
      else unknown();
      continue;
    }
    if (braced !== undefined && /^([0-9]+|[@*#])$/.test(braced)) {
      if (positional) unknown();
      continue;
    }
    // `${X:-word}` of a variable the line does not set: X may come from the shell the line runs in
    // (a client's shell lives on between calls), so it is any text too, not just `word`.
    unknown();
  }
  return out.includes(ANY) && writtenExpansion(raw, true) ? SPLIT + out : out;
}

/** The word as written expands something (`$…`, a backtick) outside single quotes; with `unquoted`, outside double quotes too (the shell splits its value into words). */
function writtenExpansion(raw: string, unquoted: boolean): boolean {
  let double = false;
  for (let i = 0; i < raw.length; i += 1) {
    const ch = raw[i] as string;
    if (ch === "\\") i += 1;
    else if (ch === '"') double = !double;
    else if (ch === "'" && !double) {
      const close = raw.indexOf("'", i + 1);
      i = close < 0 ? raw.length : close;
    } else if (double && unquoted) continue;
    else if (ch === "`") return true;
    else if (ch === "$" && /[A-Za-z_({0-9@*#?$!-]/.test(raw[i + 1] ?? "")) return true;
  }
  return false;
}

const GH_API_WRITE = /^(POST|PUT|PATCH|DELETE)$/i;

/** GraphQL mutations that move, delete or unprotect a branch, or commit onto one (GitHub's GraphQL reference). */
const GRAPHQL_REF_MUTATION =
  /\b(updateRefs?|deleteRef|createCommitOnBranch|mergeBranch|updateBranchProtectionRule|deleteBranchProtectionRule|updateRepositoryRuleset|deleteRepositoryRuleset)\b/;

/** An endpoint as the server reads it: percent-escapes decoded (twice, to cover `%252F`), the query and fragment dropped, `//` and `./` folded. */
function normaliseEndpoint(endpoint: string): string {
  let text = endpoint;
  for (let round = 0; round < 3 && text.includes("%"); round += 1) {
    try {
      text = decodeURIComponent(text);
    } catch {
      break;
    }
  }
  return text
    .replace(/[?#].*$/, "")
    .replace(/^[a-z]+:\/\/[^/]+/i, "")
    .replace(/\/+/g, "/")
    .replace(/(^|\/)\.(?=\/|$)/g, "$1")
    .replace(/^\/+|\/+$/g, "");
}

/** A field's value as gh sends it: `@file` reads the file (`@-` is standard input, not visible). */
function fieldValue(value: string, dir: string): string | undefined {
  if (!value.startsWith("@")) return value;
  if (value === "@-") return undefined;
  return readRegularFile(resolve(dir, value.slice(1)), MAX_CONFIG);
}

/** A field of an API request's body: `key=value`, or the whole body (`\u0000input`, JSON). */
interface ApiField {
  key: string;
  value: string | undefined;
}

/**
 * One request to GitHub's REST or GraphQL API (through `gh api`, or an HTTP client such as curl)
 * that moves, deletes or unprotects a protected branch, or commits onto one: a
 * `git/refs/heads/<branch>` ref, a `branches/<branch>` resource (rename, protection), a merge into
 * it (`merges` with `base=<branch>`), a file through the contents API (`contents/<path>`: it commits
 * to the default branch unless `branch` names another), a ruleset, or a GraphQL mutation of refs,
 * branch protection or rulesets. The endpoint is decoded first (`refs%2Fheads%2Fmain`), and gh's
 * `{branch}` placeholder is the checked-out branch.
 */
function apiRequestBlock(
  tool: string,
  verb: string,
  rawEndpoint: string,
  unread: boolean,
  read: readonly ApiField[],
  protectedSet: ReadonlySet<string>,
  current: ReadonlySet<string>,
): string | undefined {
  const endpoint = normaliseEndpoint(rawEndpoint);
  if (verb.includes(ANY) || unread || endpoint.includes(ANY)) {
    if (!GH_API_WRITE.test(verb) && !verb.includes(ANY) && !unread && !/(refs|branches|contents|rulesets|merges|graphql)/.test(endpoint)) return undefined;
    if (verb.includes(ANY) || unread || /(refs|branches|contents|rulesets|merges|graphql)/.test(endpoint))
      return `BLOCKED: ${tool} with a method, endpoint or option the guardrails cannot read could change a protected branch on the remote. Write them out.`;
  }
  const field = (name: string): string | undefined => {
    for (const r of read) {
      if (r.key === name) return r.value ?? ANY;
      if (r.key === "\u0000input") {
        if (r.value === undefined) return ANY;
        try {
          const body = JSON.parse(r.value) as Record<string, unknown>;
          if (typeof body[name] === "string") return body[name] as string;
        } catch {
          return ANY;
        }
      }
    }
    return undefined;
  };
  const block = (what: string, branch: string): string =>
    `BLOCKED: ${tool} ${verb.toUpperCase()} ${endpoint} ${what} the protected branch ${branch} on the remote. Push to a feature branch and open a pull request.`;
  if (/(^|\/)graphql$/.test(endpoint)) {
    const query = field("query");
    if (query === undefined) return undefined;
    if (query === ANY)
      return `BLOCKED: ${tool} graphql with a query the guardrails cannot read could move or unprotect a protected branch. Give the query inline.`;
    const mutation = GRAPHQL_REF_MUTATION.exec(query);
    return mutation
      ? `BLOCKED: ${tool} graphql ${mutation[1]} can move, delete or unprotect a protected branch on the remote. Push to a feature branch and open a pull request.`
      : undefined;
  }
  if (!GH_API_WRITE.test(verb)) return undefined;
  const currentBranch = [...current].find((b) => b !== "") ?? UNKNOWN;
  const named = (text: string): string => text.replace(/\{branch\}/g, currentBranch);
  const ref = /(?:^|\/)git\/refs\/heads\/(.+)$/.exec(endpoint) ?? /(?:^|\/)branches\/([^/]+)(?:\/|$)/.exec(endpoint);
  if (ref) {
    const hit = protectedHit(named(ref[1] as string), protectedSet);
    return hit ? block("changes", hit) : undefined;
  }
  if (/(?:^|\/)merges$/.test(endpoint)) {
    const base = field("base");
    const hit = base === undefined ? undefined : protectedHit(base, protectedSet);
    return hit ? block("merges into", hit) : undefined;
  }
  if (/(?:^|\/)contents(\/|$)/.test(endpoint) && /^(PUT|DELETE)$/i.test(verb)) {
    // Without `branch`, the contents API commits to the repository's default branch.
    const branch = field("branch");
    const hit = branch === undefined ? [...protectedSet][0] : protectedHit(named(branch), protectedSet);
    return hit ? block(branch === undefined ? "commits to the default branch, which can be" : "commits to", hit) : undefined;
  }
  if (/(?:^|\/)rulesets\/[^/]+$/.test(endpoint) && /^(PUT|PATCH|DELETE)$/i.test(verb))
    return `BLOCKED: ${tool} ${verb.toUpperCase()} ${endpoint} changes or removes a ruleset, which can be what protects ${[...protectedSet].join(", ")}. Ask the operator.`;
  return undefined;
}

/** HTTP clients whose requests reach the API `gh api` does when their URL is GitHub's. */
const HTTP_CLIENTS: ReadonlySet<string> = new Set(["curl", "wget", "http", "https", "xh", "xhs"]);

/** The API path of a URL to GitHub's API (api.github.com, or a GitHub Enterprise server's `/api/v3/…` and `/api/graphql`), or undefined. */
function gitHubApiPath(url: string): string | undefined {
  // A host the line does not show (`$API/repos/…`) may be GitHub's: a path shaped like its API is judged.
  if (url.startsWith(ANY) && url.includes("/")) {
    const path = url.slice(url.indexOf("/")).replace(/[?#].*$/s, "");
    const api = /^\/+(?:api\/+v3\/+)?(repos\/.*|orgs\/.*)$|^\/+(?:api\/+)?(graphql)$/s.exec(path);
    return api ? ((api[1] ?? api[2]) as string) : undefined;
  }
  // HTTPie, xh and curl take a URL without its scheme (`api.github.com/repos/…`).
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?\//i.test(url) ? `https://${url}` : url;
  // No `i` flag on a negated class: V8 would compute its case closure over all of Unicode (~2 M instructions).
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)([^?#]*)/s.exec(withScheme);
  if (!m) return undefined;
  const host = (m[1] as string).replace(/^.*@/, "").replace(/:\d*$/, "").toLowerCase();
  const path = m[2] as string;
  if (host === "api.github.com") return path;
  const enterprise = /^\/+api\/+(v3(?=\/|$)|graphql$)(.*)$/s.exec(path);
  if (!enterprise) return undefined;
  return enterprise[1] === "graphql" ? "graphql" : (enterprise[2] as string);
}

/** A request body as API fields: JSON whole, else `a=b&c=d` pairs (form-encoded). */
function bodyFields(body: string | undefined): ApiField[] {
  if (body === undefined) return [{ key: "\u0000input", value: undefined }];
  if (body.trim().startsWith("{")) return [{ key: "\u0000input", value: body }];
  return body.split("&").map((pair) => {
    const e = pair.indexOf("=");
    const decode = (t: string): string => {
      try {
        return decodeURIComponent(t.replace(/\+/g, " "));
      } catch {
        return t;
      }
    };
    return e < 0 ? { key: decode(pair), value: "" } : { key: decode(pair.slice(0, e)), value: decode(pair.slice(e + 1)) };
  });
}

/**
 * An HTTP client's request to GitHub's API (`curl -X PATCH https://api.github.com/repos/o/r/git/refs/heads/main
 * -d '{"sha":…,"force":true}'`), judged as the same request through `gh api` would be. curl's
 * `-X`/`--request`, data options (`-d`, `--data*`, `--json`, `-F`, `-T`; `-G` sends them as a query),
 * wget's `--method`, `--post-data`/`--body-data` and their `-file` forms, HTTPie's and xh's
 * `[METHOD] URL key=value key:=json`. A URL the line does not show is not judged (it may be any host).
 */
function httpApiBlock(name: string, args: readonly string[], protectedSet: ReadonlySet<string>, current: ReadonlySet<string>, dir: string): string | undefined {
  let method: string | undefined;
  let url: string | undefined;
  const urls: string[] = [];
  const bodies: Array<string | undefined> = [];
  let get = false;
  let unread = false;
  const body = (value: string): string | undefined => (value.startsWith("@") ? fieldValue(value, dir) : value);
  const items: ApiField[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    const eq = a.indexOf("=");
    const long = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
    const attached = a.startsWith("--") && eq > 0 ? a.slice(eq + 1) : undefined;
    const value = (): string => attached ?? args[(i += 1)] ?? "";
    if (name === "curl") {
      if (long === "-X" || long === "--request") method = value();
      else if (/^-X./.test(a)) method = a.slice(2);
      else if (/^--(data|data-raw|data-binary|data-ascii|data-urlencode|json)$/.test(long) || long === "-d") {
        if (long === "--json") method ??= "POST";
        bodies.push(long === "--data-raw" ? value() : body(value()));
      } else if (/^-d./.test(a)) bodies.push(body(a.slice(2)));
      else if (long === "-F" || long === "--form") bodies.push(body(value()));
      else if (long === "-T" || long === "--upload-file") {
        method ??= "PUT";
        bodies.push(fieldValue(`@${value()}`, dir));
      } else if (long === "-G" || long === "--get") get = true;
      else if (long === "--url") url = value();
      else if (
        /^-[A-Za-z]*[HuAebcoEKrwzy]$/.test(a) ||
        /^--(header|user|user-agent|referer|cookie|cookie-jar|output|cert|config|range|write-out|time-cond|max-time)$/.test(a)
      )
        i += 1;
    } else if (name === "wget") {
      if (long === "--method") method = value();
      else if (long === "--post-data" || long === "--body-data") {
        if (long === "--post-data") method ??= "POST";
        bodies.push(value());
      } else if (long === "--post-file" || long === "--body-file") {
        if (long === "--post-file") method ??= "POST";
        bodies.push(fieldValue(`@${value()}`, dir));
      }
    } else if (!a.startsWith("-")) {
      if (url === undefined && method === undefined && /^[A-Z]+$/.test(a)) method = a;
      else if (url === undefined && (/^[a-z][a-z0-9+.-]*:\/\//i.test(a) || /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?\//i.test(a) || a.startsWith(ANY))) url = a;
      else if (url !== undefined) {
        // HTTPie's request items: `key=value` and `key:=json` are body fields; `key==v` a query, `H:v` a header.
        const item = /^([^=:]+)(:=|=)(.*)$/s.exec(a);
        if (item && !a.includes("==")) items.push({ key: item[1] as string, value: item[3] as string });
      }
    }
    if (!a.startsWith("-") && (/^[a-z][a-z0-9+.-]*:\/\//i.test(a) || /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?\//i.test(a) || a.startsWith(ANY))) urls.push(a);
  }
  if (url !== undefined && !urls.includes(url)) urls.push(url);
  for (const b of bodies) if (b === undefined || b.includes(ANY)) unread = true;
  const fields = [...items, ...bodies.flatMap((b) => bodyFields(b))];
  const verb = method ?? (get || fields.length === 0 ? "GET" : "POST");
  if ((method ?? "").includes(ANY)) unread = true;
  // Every URL-shaped word: an option's value (`--proxy http://…`) is never taken for the request's.
  for (const candidate of urls) {
    const endpoint = gitHubApiPath(candidate);
    if (endpoint === undefined) continue;
    const block = apiRequestBlock(name, verb, endpoint, unread || candidate.includes(ANY), fields, protectedSet, current);
    if (block) return block;
  }
  return undefined;
}

/**
 * gh commands that move a protected branch on the remote without git: `gh api` requests that
 * `apiRequestBlock` blocks, `gh repo sync` of a remote repository (it resets the branch there;
 * `--force` hard-resets), and `gh pr merge --admin` (merges past the branch's protection).
 */
function ghBlock(args: readonly string[], protectedSet: ReadonlySet<string>, current: ReadonlySet<string>, dir: string): string | undefined {
  const sub = args[0];
  if (sub === "api") {
    let method: string | undefined;
    let fields = false;
    let unread = false;
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
        const raw = args[(i += 1)] ?? "";
        if (a === "--input") values.push(`\u0000input=${raw}`);
        else values.push(raw);
      } else if (/^--(field|raw-field|input)=/.test(a)) {
        fields = true;
        values.push(a.startsWith("--input=") ? `\u0000input=${a.slice(eq + 1)}` : a.slice(eq + 1));
      } else if (/^-[fF]./.test(a)) {
        fields = true;
        values.push(a.slice(2));
      } else if (/^(-H|--header|-q|--jq|-t|--template|--hostname|--cache|-p|--preview)$/.test(a)) i += 1;
      else if (unreadWord(a)) unread = true;
      else if (!a.startsWith("-")) positionals.push(a);
    }
    const read: ApiField[] = values.map((v) => {
      if (v.startsWith("\u0000input=")) return { key: "\u0000input", value: fieldValue(`@${v.slice(7)}`, dir) };
      const e = v.indexOf("=");
      const key = e < 0 ? v : v.slice(0, e);
      return { key, value: e < 0 ? "" : v.startsWith(`${key}=@`) ? fieldValue(v.slice(e + 1), dir) : v.slice(e + 1) };
    });
    return apiRequestBlock("gh api", method ?? (fields ? "POST" : "GET"), positionals[0] ?? "", unread, read, protectedSet, current);
  }
  if (sub === "repo" && args[1] === "sync") {
    const rest = args.slice(2);
    const b = rest.findIndex((a) => a === "-b" || a === "--branch");
    const branch = b >= 0 ? rest[b + 1] : rest.find((a) => a.startsWith("--branch="))?.slice(9);
    const remote = rest.some((a, i) => !a.startsWith("-") && !(i > 0 && /^(-b|--branch|-s|--source)$/.test(rest[i - 1] as string)));
    const hit = branch === undefined ? [...protectedSet][0] : protectedHit(branch, protectedSet);
    if (hit && (remote || rest.includes("--force")))
      return `BLOCKED: gh repo sync ${remote ? "of a remote repository " : ""}${rest.includes("--force") ? "with --force " : ""}resets ${branch ?? "its default branch"}, which can be the protected branch ${hit}. Sync a feature branch, or ask the operator.`;
    return undefined;
  }
  // `--admin`, `--admin=true` (a boolean flag takes `=value`: true, 1, t, …); `--admin=false` is off.
  if (
    sub === "pr" &&
    args[1] === "merge" &&
    args.some((a) => a === "--admin" || (a.startsWith("--admin=") && !/^--admin=(false|f|0)$/i.test(a)) || unreadWord(a))
  ) {
    return "BLOCKED: gh pr merge --admin merges past the branch protection rules of the base branch. Merge without --admin once the required checks and reviews pass, or ask the operator.";
  }
  return undefined;
}

function opaqueBlock(opaque: OpaqueEffect, branches: ReadonlySet<string>, protectedSet: ReadonlySet<string>): string | undefined {
  if (opaque.hidden) return hiddenIntentBlock(opaque, "what it runs could move a protected branch");
  const words = opaque.words.flatMap((w) => (/\s/.test(w) && w.length < 4096 ? w.split(/\s+/) : [w])).filter((w) => w !== "");
  const named = words.find((w) => {
    const spec = w.replace(/^\+/, "");
    const dst = spec.includes(":") ? spec.slice(spec.lastIndexOf(":") + 1) : spec;
    const branch = branchName(dst);
    return branch !== undefined && protectedHit(branch, protectedSet) !== undefined;
  });
  const gitVerb = words.find((w) => /^(push|reset|update-ref|symbolic-ref|branch|checkout|switch|rebase|fetch|worktree|filter-branch|filter-repo)$/.test(w));
  if (named && gitVerb) return hiddenIntentBlock(opaque, `it would ${gitVerb} the protected branch ${named}`);
  const on = onProtected(branches, protectedSet);
  if (on && words.some((w) => /^(push|reset|rebase|--amend|update-ref|filter-branch|filter-repo)$/.test(w)))
    return hiddenIntentBlock(opaque, `it may push, reset or rewrite the protected branch ${on} it runs on`);
  if (words.includes("push") && words.some((w) => /^(-f|--force|--mirror|--all|--force-with-lease)$/.test(w) || w.startsWith("+")))
    return hiddenIntentBlock(opaque, "it may force-push");
  return undefined;
}

/** The line gives positional parameters values the analyser does not follow: `set -- …`, `sh -c SCRIPT NAME ARG…`, a shell that `xargs` or `find` runs. */
function bindsPositionals(commands: readonly EffectCommand[]): boolean {
  return commands.some((c) => {
    if (c.name === "set") return c.argv.slice(1).some((a) => a === "--" || !/^[-+][A-Za-z]*$/.test(a));
    if (!SHELLS.has(c.name)) return false;
    const script = c.argv.findIndex((a, i) => i > 0 && /^-[A-Za-z]*c[A-Za-z]*$/.test(a));
    return script > 0 && (c.argv.length > script + 3 || c.prefixes.some((p) => /^(xargs|find|parallel)$/.test(p)));
  });
}

function checkLine(command: string, cwd: string, env: NodeJS.ProcessEnv, protectedSet: ReadonlySet<string>, depth: number): string | undefined {
  const effects = commandEffects(command, cwd, env);
  const home = homeDirectory(env).replace(/\/+$/, "") || "/";
  // Possible branches per repository (its git dir), as the line changes them.
  const state = new Map<string, Set<string>>();
  const repos = new Map<string, Repository | undefined>();
  // Worktrees the line adds: their folder and the branch they have.
  const worktrees = new Map<string, string>();
  // Config the line writes (`git config K V`): read by the commands after it.
  const overlay = new Map<string, string[]>();
  const branchesAt = (dir: string, gitDir?: string): { key: string; set: Set<string> } => {
    let key: string | undefined;
    let initial = "";
    if (gitDir === undefined) {
      for (const [path, branch] of worktrees) {
        if (dir === path || dir.startsWith(`${path}/`)) {
          key = `(worktree)${path}`;
          initial = branch;
        }
      }
    }
    if (key === undefined) {
      const repo = findRepository(dir, gitDir, repos);
      key = repo?.gitDir ?? `(none)${dir}`;
      initial = repo?.branch ?? "";
    }
    let set = state.get(key);
    if (!set) {
      set = new Set([initial]);
      state.set(key, set);
    }
    return { key, set };
  };
  let pendingSwitch: { key: string; previous: Set<string>; to: string } | undefined;
  const judged = new Set<OpaqueEffect>();
  const positional = bindsPositionals(effects.commands);
  const written = new Set<string>();
  for (const c of effects.commands) {
    for (const w of c.writes) written.add(w.path);
    for (const m of c.moves) written.add(m.to.path);
  }
  for (const c of effects.commands) {
    // A write to a repository's HEAD file (`echo 'ref: refs/heads/main' > .git/HEAD`) checks out a branch the guard does not read.
    for (const dir of headWrites(c)) state.set(branchesAt(dir).key, new Set([UNKNOWN]));
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
    // The forge's API, through gh or an HTTP client: judged with the branch state where the command runs.
    if (c.name === "gh" || HTTP_CLIENTS.has(c.name)) {
      const args = markedArgv(c, positional || c.depth > 0).slice(1);
      const current = c.where === "local" ? branchesAt(c.cwd).set : new Set([UNKNOWN]);
      const block = c.name === "gh" ? ghBlock(args, protectedSet, current, c.cwd) : httpApiBlock(c.name, args, protectedSet, current, c.cwd);
      if (block) return block;
      continue;
    }
    if (c.name !== "git") continue;
    const options: InvocationOptions = { overlay, env: c.env, written };
    const execs: string[] = [];
    if (c.argvUnset) {
      // `${B:-main}` with B unset is `main`: the line is judged as it runs with its unknowns unset, too.
      const unset = gitInvocation(c.argvUnset.slice(1), c.cwd, home, repos, options);
      const { set } = branchesAt(unset.dir, unset.gitDir);
      const block = refUpdateBlock(unset, c.where === "local" ? set : new Set<string>([""]), protectedSet, []);
      if (block) return block;
    }
    const inv = gitInvocation(markedArgv(c, positional || c.depth > 0).slice(1), c.cwd, home, repos, options);
    if (inv.script !== undefined) {
      if (depth < 4) {
        const block = checkLine(inv.script, inv.dir, env, protectedSet, depth + 1);
        if (block) return block;
      }
      continue;
    }
    const { key, set } = branchesAt(inv.dir, inv.gitDir);
    const current = c.where === "local" ? set : new Set<string>([""]);
    const block = refUpdateBlock(inv, current, protectedSet, execs);
    if (block) return block;
    // `git rebase -x CMD` runs CMD in the shell after each commit.
    for (const script of execs) {
      const inner = depth < 4 ? checkLine(script, inv.dir, env, protectedSet, depth + 1) : undefined;
      if (inner) return inner;
    }
    recordConfig(inv, overlay);
    if (inv.sub === "worktree" && inv.args[0] === "add" && c.where === "local") {
      const added = parseWorktreeAdd(inv.args.slice(1), inv.dir);
      if (added.path !== undefined) worktrees.set(added.path, added.branch);
    }
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
    const protectedSet = new Set(policy.guardrails.protectedBranches);
    if (protectedSet.size === 0) return undefined;
    if (!isShellTool(tool_name)) {
      const block = toolBranchBlock(tool_name, tool_input, cwd, protectedSet);
      return block ? { block } : undefined;
    }
    const command = stringArg(tool_input, "command");
    const effects = commandEffects(command, cwd, env);
    // Nothing git-shaped and nothing hidden: nothing to check (the common case, kept cheap).
    if (effects.opaque.length === 0 && !effects.commands.some((c) => c.name === "git" || c.name === "gh" || HTTP_CLIENTS.has(c.name))) return undefined;
    const block = checkLine(command, cwd, env, protectedSet, 0);
    return block ? { block } : undefined;
  },
};

// Argument keys under which a git or GitHub tool names the branch it writes (never a pull
// request's `base`: merging into it goes through the server's own protection rules).
const TOOL_BRANCH_KEYS = ["branch", "ref", "refspec", "target_branch", "remote_branch", "branch_name"];
const FILE_WRITING_WORDS = new Set(["create", "update", "put", "delete", "write", "upload", "push"]);
const REF_WORDS = new Set(["ref", "refs", "branch", "branches"]);
const REF_CHANGING_WORDS = new Set(["update", "delete", "remove", "rename", "move", "set", "force", "reset", "patch", "edit", "unprotect", "protect"]);

/**
 * A tool outside the clients' vocabulary (an MCP git or GitHub server's) that pushes, commits or
 * rewrites a branch, judged as git would be: `git_push {force: true}` is a force push, and a push,
 * commit or file write to a branch it names (or, when it names none, the checked-out one of
 * `repo_path`) that is protected is denied (`push_files {branch: "main"}` commits to main).
 */
function toolBranchBlock(tool: string, input: Record<string, unknown>, cwd: string, protectedSet: ReadonlySet<string>): string | undefined {
  const words = toolNameWords(tool);
  // A tool that sends an HTTP request (`url`, `method`, `body`) to GitHub's API: judged as that request.
  const url = stringArg(input, "url") || stringArg(input, "uri");
  const endpoint = url === "" ? undefined : gitHubApiPath(url);
  if (endpoint !== undefined) {
    const raw = input.body ?? input.data ?? input.json;
    const body = raw === undefined ? undefined : typeof raw === "string" ? raw : JSON.stringify(raw);
    const verb = stringArg(input, "method") || (body === undefined ? "GET" : "POST");
    const fields = body === undefined ? [] : bodyFields(body);
    const block = apiRequestBlock(tool, verb, endpoint, false, fields, protectedSet, new Set([currentBranch(cwd)]));
    if (block) return block;
  }
  // A tool that moves, deletes or renames a ref or branch by name (`update_ref`, `delete_branch`).
  if (words.some((w) => REF_WORDS.has(w)) && words.some((w) => REF_CHANGING_WORDS.has(w))) {
    for (const key of [...TOOL_BRANCH_KEYS, "name", "old_name", "from", "source_branch"]) {
      const branch = stringArg(input, key)
        .replace(/^refs\//, "")
        .replace(/^heads\//, "");
      const hit = branch === "" ? undefined : protectedHit(branch, protectedSet);
      if (hit) return `BLOCKED: ${tool} would change ${branch}, a protected branch (${hit}). Work on a feature branch and open a pull request.`;
    }
  }
  const pushes = words.includes("push");
  const rewrites = words.includes("reset") || words.includes("rebase") || words.includes("amend");
  const commits = words.includes("commit") || (words.some((w) => w === "file" || w === "files") && words.some((w) => FILE_WRITING_WORDS.has(w)));
  if (!pushes && !rewrites && !commits) return undefined;
  if (pushes && (input.force === true || input.force_push === true || input.forcePush === true || input.force_with_lease === true))
    return `BLOCKED: ${tool} with force rewrites published history. Push without force (rebase or merge first).`;
  const named = TOOL_BRANCH_KEYS.map((key) => stringArg(input, key)).filter((value) => value !== "");
  const repo = stringArg(input, "repo_path") || stringArg(input, "repository") || cwd;
  const branches = named.length > 0 ? named : pushes || rewrites || words.includes("commit") ? [currentBranch(resolve(cwd, repo))] : [];
  for (const written of branches) {
    const branch = written
      .replace(/^\+/, "")
      .replace(/^.*:/, "")
      .replace(/^refs\/heads\//, "");
    const hit = branch === "" ? undefined : protectedHit(branch, protectedSet);
    if (hit)
      return `BLOCKED: ${tool} would ${rewrites ? "rewrite" : pushes ? "push to" : "commit to"} ${branch}, a protected branch (${hit}). Work on a feature branch and open a pull request.`;
  }
  return undefined;
}

/** Exposed for tests: the branch `git checkout`/`git switch` words switch to. */
/**
 * The work trees whose `.git/HEAD` command `c` writes, moves onto or deletes (its program text's
 * writes too): after it, any branch may be checked out there. A glob or a computed path is not
 * resolved here.
 */
export function headWrites(c: EffectCommand): string[] {
  const dirs: string[] = [];
  const paths = [...c.writes, ...c.moves.map((m) => m.to), ...c.deletes].filter((w) => !w.glob && !w.dynamic).map((w) => w.path);
  // And what an interpreter's program text writes (`open('.git/HEAD', 'w')`).
  for (const code of c.code) for (const name of writtenNames(code)) paths.push(resolve(c.cwd, name));
  for (const path of paths) {
    if (basename(path) === "HEAD" && basename(dirname(path)) === ".git") dirs.push(dirname(dirname(path)));
  }
  return dirs;
}

export function checkoutTarget(argv: readonly string[]): string | undefined {
  const to = switchedTo({ sub: argv[0] ?? "", args: argv.slice(1), dir: "/", config: new Map() });
  return to === UNKNOWN ? "?" : to;
}

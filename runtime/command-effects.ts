/**
 * The one reading of a shell command line that every guardrail decides on. It follows the line as
 * the shell would, without running anything: `;`, `&&`, `||`, pipes, subshells, `$(…)`, backticks,
 * `bash -c`, `eval`, prefixes (`sudo`, `env`, `nice`, `xargs`, …), wrappers that run a command
 * elsewhere (`docker exec`, `ssh`, `kubectl exec`, …) and text fed to a shell on its standard input
 * (heredocs, here-strings, `echo … |`, `base64 -d` of a literal: decoded, then read as a script).
 * For each simple command it reports the words that run (quoting removed, `$'…'` decoded, `~`,
 * `$HOME`, `$PWD` and variables set earlier in the line expanded), the working directory (`cd`,
 * `pushd`, `env -C` followed), and the paths read, written, deleted and moved, absolute and
 * normalised (`//`, `/./`, `..`), globs kept and marked. Where it cannot see what runs (a variable
 * or a substitution as the command name, `eval` of something computed, a download or a decoder
 * piped into a shell, nesting past `MAX_DEPTH`) it reports an `opaque` item instead; the guards
 * deny those when the visible part may touch something they protect (docs/guardrails.md, "Hidden
 * intent"). Work is linear in the input times the nesting depth.
 */
import { posix } from "node:path";
import { fs, homeDirectory } from "./node-builtins";
import { readRegularFile } from "./read-regular-file";
import { callArguments } from "./code-call-arguments";
import {
  assignedName,
  basename,
  heredocWord,
  parseScript,
  SHELLS,
  type ShellCommand,
  type ShellNode,
  type ShellRedirect,
  type ShellWord,
  skipKeywords,
  type WordPart,
} from "./shell";

/** How deep substitutions, `bash -c`, `eval` and wrappers are followed; deeper is `opaque`. */
export const MAX_DEPTH = 6;

/** A path a command touches. */
export interface PathEffect {
  /** Absolute and normalised; glob characters kept; an unresolved expansion kept as `$NAME`. */
  path: string;
  /** The word as given (quoting removed). */
  written: string;
  /** An unquoted `*`, `?` or `[` makes it a pattern. */
  glob: boolean;
  /** Part of it is an expansion the analyser cannot resolve. */
  dynamic: boolean;
  /** When dynamic: the path with unresolved expansions empty (what an unset variable gives). */
  unset?: string;
  /** The command or operator with the effect (`cat`, `>`, `tee`, `rm`, …). */
  via: string;
  /** The path under an earlier `ln`/`cp` of the line leads to this one (`ln -s ~/.ssh /tmp/s; cat /tmp/s/id_rsa`). */
  aliasOf?: string;
  /** With `aliasOf`: it is that file itself (an `ln`, a bind mount), not a copy: a write here changes it. */
  aliasSame?: boolean;
  /** A glob read with `dotglob` on (`shopt -s dotglob`, `GLOBIGNORE=…` earlier in the line): `*` matches dot files. */
  dotglob?: boolean;
  /** A word given to a program whose use of it the analyser does not model: it may be read. */
  unseen?: boolean;
  /** With `unseen`: the option the word is (or may be) the value of (`--kubeconfig`). */
  option?: string;
}

/** One simple command, as it would run. */
export interface EffectCommand {
  /** The words that run: assignments and prefixes removed, quoting removed, expansions resolved where known. */
  argv: string[];
  /** `argv` as written. */
  raw: string[];
  /** For each of `argv`: it holds an expansion the analyser cannot resolve. */
  dynamic: boolean[];
  /** When some word is dynamic: `argv` with unresolved expansions read as unset (`${B:-main}` → `main`). */
  argvUnset?: string[];
  /** The program's name (`/usr/bin/git` → `git`), or "" when unknown. */
  name: string;
  /** The prefix commands that were removed (`sudo`, `env`, `xargs`, …). */
  prefixes: string[];
  /** The effective working directory. */
  cwd: string;
  /** 0 for the line itself; one more per substitution, `bash -c`, `eval`, wrapper or fed script. */
  depth: number;
  /** The operator before this command: "" (first), `;`, `&&`, `||`, `&`, `|`. */
  joinedBy: string;
  /** The pipeline it is a stage of (shared by its stages; see `upstream`, `downstream`). */
  pipeline: EffectCommand[];
  /** Its index in `pipeline`. */
  stage: number;
  /** Where it runs: `local`, or the wrapper that runs it elsewhere (`docker`, `ssh`, …). */
  where: string;
  reads: PathEffect[];
  writes: PathEffect[];
  deletes: PathEffect[];
  moves: Array<{ from: PathEffect; to: PathEffect }>;
  /** `rm -r`, `find … -delete`: the deletes take whole trees. */
  recursive: boolean;
  /** Redirections, targets resolved. */
  redirects: Array<{ op: string; fd: string; target: string }>;
  /** Its output when the analyser can compute it (`echo`, `printf`, `base64 -d` of a literal). */
  output?: string;
  /** Its output is computed text the line does not show (a decoder, a download, a text filter). */
  hiddenOutput: boolean;
  /** What the analyser could not see in this command (also listed in `CommandEffects.opaque`). */
  opaque: OpaqueEffect[];
  /**
   * Program text an interpreter runs, as far as the line shows it: `-c`/`-e`/`-r` code, a script fed
   * on its standard input (heredoc, here-string, known output piped in), an awk or sed program, a
   * script file written earlier in the line.
   */
  code: string[];
  /**
   * The words the program is given whose use the analyser does not model (an unknown program's
   * arguments, a script's): a guard may find a protected name inside one (`tool -e '(open ".env")'`).
   */
  unseenArgs: string[];
  /**
   * The variables the line puts in this command's environment: exported earlier in the line
   * (`export X=1`, `declare -x`, `set -a`, in the shell or subshell that runs it), assigned before it
   * (`X=1 cmd`, `env X=1 cmd`), minus what it removes (`unset X`, `env -u X`, `env -i`). A value the
   * analyser cannot see is `undefined`; the key `ANY_VARIABLE` says variables it cannot name may be
   * set too (a sourced file, `eval` of computed text, a computed command). The environment the line
   * starts with is not in it. Shared between commands (read only).
   */
  env: CommandEnv;
}

/** A command's environment as the line sets it: name → value, `undefined` when computed at run time. */
export type CommandEnv = ReadonlyMap<string, string | undefined>;

/** The key of `EffectCommand.env` saying that variables the analyser cannot name may be set (to unknown values). */
export const ANY_VARIABLE = "*";

/** Something the analyser cannot see. */
export interface OpaqueEffect {
  reason: "dynamic-command" | "dynamic-eval" | "hidden-input" | "computed-name" | "depth" | "size";
  /** What could not be read, as written (shortened). */
  text: string;
  /** The visible words around it: the guards judge whether these touch anything protected. */
  words: string[];
  cwd: string;
  depth: number;
  /** Nothing of what runs is visible (downloaded or decoded content, nesting past the bound). */
  hidden: boolean;
}

/** The reading of one command line. */
export interface CommandEffects {
  commands: EffectCommand[];
  opaque: OpaqueEffect[];
  /** Text the line puts in files where it shows it (written or appended, by path; the first 64 KiB of each). */
  added?: Map<string, string>;
}

interface VarValue {
  value?: string;
  hidden: boolean;
  /** An array's elements (`a=(x y)`); `value` is then the first. */
  items?: string[];
  /** A `for` loop's variable: `items` are the values it takes in turn. */
  loop?: boolean;
  /** Which of a loop's `items` are patterns (`for f in *.log`): the variable takes each match. */
  globs?: boolean[];
  /**
   * A value the analyser cannot know that is one command's output (`B=$(git branch --show-current)`):
   * the substitution as written, which an expansion of the variable shows in its place, so a guard
   * reads `"$B"` as it reads the substitution itself.
   */
  output?: string;
}

/** A file written earlier in the line: its content when the analyser knows it. */
interface WrittenFile {
  content?: string;
}

interface Context {
  /** Shared by every read of the line: words left, characters of nested scripts left. */
  budget: { words: number; chars: number };
  cwd: string;
  /** The shell's variables; one whose value is undefined is unset (see removeVar). */
  vars: Map<string, VarValue | undefined>;
  /** `pushd`'s directory stack below the working directory (replaced, never mutated: subshells share it). */
  dirs: readonly string[];
  home: string;
  out: CommandEffects;
  where: string;
  /** Files the line writes, by absolute path (shared: a subshell's writes stay on disk). */
  files: Map<string, WrittenFile>;
  /** `ln`/`cp` destinations of the line → their sources (shared, like `files`). */
  links: Map<string, string>;
  /** The `links` that are the file itself (an `ln`, a bind mount), not a copy. */
  same: Set<string>;
  /** Directories an earlier `mkdir` of the line makes (shared, like `files`). */
  made: Set<string>;
  /** Bodies of the functions the line defines (`f() { …; }`), by name. */
  functions: Map<string, ShellNode[]>;
  /** The exported variables (never mutated: replaced, so commands and saved scopes share it). */
  env: CommandEnv;
  /** What the open scopes changed in `vars`, to take back when each closes (shared by every copy). */
  undo: VarUndo;
}

/**
 * The variables a subshell, a substitution, a pipeline stage or a function call changes, each with
 * the value it had before, while any such scope is open. One map is changed in place and restored
 * on close: copying it for every scope made a line of many variables and many subshells quadratic
 * (5,000 of each took 2.5 s).
 */
interface VarUndo {
  log: Array<[string, VarValue | undefined]>;
  open: number;
}

/** A word after expansion. */
interface Resolved {
  /** The value(s): several after brace expansion; unresolved expansions as written. */
  values: string[];
  /** Per value: unquoted glob characters present. */
  globs: boolean[];
  /** Values with unresolved expansions empty (only when `dynamic`). */
  unset: string[];
  dynamic: boolean;
  hidden: boolean;
  raw: string;
  /** The word with quoting removed, expansions as written (`~/x`, `$DIR/y`). */
  text: string;
  /** The whole word is one unquoted expansion of a known value: word splitting applies. */
  split?: string[];
}

/** Longer paths fail to open (PATH_MAX on Linux): nothing that long is read, written or run. */
const PATH_MAX = 4096;

// `(` too: a quoted `@(` is not an extended glob (see unescapePattern).
const GLOB_SPECIAL = /[*?[\]{},\\~(]/g;
const BRACE_SPECIAL = /[{},\\~]/g;

function escapeGlob(text: string): string {
  return text.replace(GLOB_SPECIAL, "\\$&");
}

/** Expands unescaped `{a,b}` groups of an escaped pattern (at most `limit` results). */
/** How many words one brace expansion is followed to; a word expanding to more makes the line `opaque` ("size"). */
const BRACE_WORDS = 256;

function braceExpand(pattern: string, limit: number): string[] {
  if (!pattern.includes("{")) return [pattern];
  // Find the first top-level `{…}` with a comma, then expand recursively.
  let open = -1;
  let depth = 0;
  let comma = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === "\\") {
      i += 1;
      continue;
    }
    if (c === "{") {
      if (depth === 0) {
        open = i;
        comma = false;
      }
      depth += 1;
    } else if (c === "," && depth === 1) comma = true;
    else if (c === "}" && depth > 0) {
      depth -= 1;
      if (depth === 0 && comma) {
        const inner = pattern.slice(open + 1, i);
        const alternatives: string[] = [];
        let d = 0;
        let start = 0;
        for (let j = 0; j < inner.length; j += 1) {
          const e = inner[j];
          if (e === "\\") {
            j += 1;
            continue;
          }
          if (e === "{") d += 1;
          else if (e === "}") d -= 1;
          else if (e === "," && d === 0) {
            alternatives.push(inner.slice(start, j));
            start = j + 1;
          }
        }
        alternatives.push(inner.slice(start));
        const head = pattern.slice(0, open);
        const tail = pattern.slice(i + 1);
        const out: string[] = [];
        for (const alternative of alternatives) {
          for (const expanded of braceExpand(head + alternative + tail, limit)) {
            if (out.length >= limit) return out;
            out.push(expanded);
          }
        }
        return out;
      }
    }
  }
  return [pattern];
}

/**
 * A pattern's text (escapes removed) and whether it has live glob characters: `*`, `?`, `[`, or an
 * extended glob's `@(`, `+(`, `!(` (read as patterns whenever they appear: bash matches them so
 * once `shopt -s extglob` is on, as many distributions set it in interactive shells).
 */
function unescapePattern(pattern: string): { text: string; glob: boolean } {
  if (!pattern.includes("\\") && !pattern.includes("*") && !pattern.includes("?") && !pattern.includes("[") && !pattern.includes("("))
    return { text: pattern, glob: false };
  let glob = false;
  for (let i = 0; i < pattern.length && !glob; i += 1) {
    const c = pattern.charCodeAt(i);
    if (c === 92 /* \ */) i += 1;
    else if (c === 42 || c === 63 || c === 91) glob = true;
    else if (c === 40 /* ( */ && i > 0 && "@+!".includes(pattern[i - 1] as string) && pattern.charCodeAt(i - 2) !== 92) glob = true;
  }
  // One replace: no per-character string building, whatever the length.
  return { text: pattern.includes("\\") ? pattern.replace(/\\([\s\S])/g, "$1") : pattern, glob };
}

/** Removes trailing newlines, as command substitution does. */
function chompNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

/** Known values of well-known variables. */
function knownVariable(name: string, ctx: Context): VarValue | undefined {
  const own = ctx.vars.get(name);
  if (own) return own;
  if (name === "HOME") return { value: ctx.home, hidden: false };
  if (name === "PWD") return { value: ctx.cwd, hidden: false };
  return undefined;
}

function tildeHome(user: string, ctx: Context): string {
  if (!user) return ctx.home;
  // `~+` is the working directory, `~-` the previous one (`$OLDPWD`; as written when unknown).
  if (user === "+") return ctx.cwd;
  if (user === "-") return knownVariable("OLDPWD", ctx)?.value ?? "~-";
  return user === "root" ? "/root" : `/home/${user}`;
}

/** A brace alternative that starts with an unquoted `~` (`{~,/tmp}`) is tilde-expanded after the braces, as bash does. */
function tildeAfterBraces(pattern: string, ctx: Context): string {
  if (pattern.charCodeAt(0) !== 126 /* ~ */) return pattern;
  const slash = pattern.indexOf("/");
  const user = pattern.slice(1, slash < 0 ? pattern.length : slash);
  if (!/^(?:[A-Za-z0-9._-]*|\+|-)$/.test(user)) return pattern;
  return escapeGlob(tildeHome(user, ctx)) + (slash < 0 ? "" : pattern.slice(slash));
}

/** A glob of a `${X#pat}`-style operator as a RegExp body, or undefined when it holds quoting or expansions. */
function operatorGlob(pattern: string): string | undefined {
  if (/[$`"'\\]/.test(pattern)) return undefined;
  let body = "";
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] as string;
    if (c === "*") body += "[\\s\\S]*";
    else if (c === "?") body += "[\\s\\S]";
    else if (c === "[") {
      const close = pattern.indexOf("]", i + 2);
      if (close < 0) body += "\\[";
      else {
        const set = pattern
          .slice(i + 1, close)
          .replace(/^!/, "^")
          .replace(/[\\\]]/g, "\\$&");
        body += `[${set}]`;
        i = close;
      }
    } else body += c.replace(/[.+^${}()|[\]\\/]/g, "\\$&");
  }
  return body;
}

/**
 * The value of a parameter expansion whose variable the line knows, with bash's operators applied:
 * `${X:-w}`, `${X:?}`, `${X:=w}` (X when set), `${X:+w}`, `${#X}`, `${X#p}`, `${X##p}`, `${X%p}`,
 * `${X%%p}`, `${X/p/r}`, `${X^^}`, `${X,,}`, `${X:o:l}`, `${!X}` (indirection), `${a[0]}`, `${a[@]}`.
 * Undefined when the value is not known or the operator is not modelled (the word is then dynamic).
 */
function expandVariable(part: { name: string; op: string; raw: string }, ctx: Context): VarValue | undefined {
  let op = part.op;
  if (op.startsWith("!")) {
    if (op !== "!") return undefined;
    const target = knownVariable(part.name, ctx)?.value;
    return target !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(target) ? knownVariable(target, ctx) : undefined;
  }
  const base = knownVariable(part.name, ctx);
  if (part.raw.startsWith("${#")) {
    if (base?.value === undefined) return undefined;
    return { value: String(/^\[[@*]\]$/.test(op.slice(1)) ? (base.items ?? [base.value]).length : base.value.length), hidden: false };
  }
  if (op === "") return base;
  let value = base?.value;
  let items: string[] | undefined;
  const index = /^\[([^\]]*)\]/.exec(op);
  if (index) {
    const at = index[1] as string;
    // Which of the elements were patterns when assigned (`a=(.*)`): each stands for its matches.
    let globs: boolean[] | undefined;
    if (at === "@" || at === "*") {
      items = base?.items ?? (value !== undefined ? [value] : undefined);
      value = items?.join(" ");
      globs = base?.globs;
    } else if (/^\d+$/.test(at)) {
      value = base?.items ? base.items[Number(at)] : at === "0" ? value : undefined;
      if (base?.globs?.[Number(at)] && value !== undefined) {
        items = [value];
        globs = [true];
      }
    } else return undefined;
    op = op.slice(index[0].length);
    if (op === "") return value === undefined ? undefined : { value, hidden: false, ...(items ? { items } : {}), ...(globs ? { globs } : {}) };
  }
  if (value === undefined || value.length > PATH_MAX) return undefined;
  const word = /^(:?)([-=?+])([\s\S]*)$/.exec(op);
  if (word) {
    const set = word[1] === ":" ? value !== "" : true;
    if (word[2] === "+")
      return set && !/[$`\\"']/.test(word[3] as string) ? { value: word[3] as string, hidden: false } : set ? undefined : { value: "", hidden: false };
    return set ? { value, hidden: false } : undefined;
  }
  const strip = /^(##?|%%?)([\s\S]*)$/.exec(op);
  if (strip) {
    // Bounded: a short pattern with few stars over a short value (each try is a full match).
    const body =
      value.length <= 1024 && (strip[2] as string).length <= 64 && ((strip[2] as string).match(/\*/g) ?? []).length <= 2
        ? operatorGlob(strip[2] as string)
        : undefined;
    if (body === undefined) return undefined;
    const re = new RegExp(`^(?:${body})$`);
    const longest = (strip[1] as string).length === 2;
    const front = (strip[1] as string).startsWith("#");
    for (let k = 0; k <= value.length; k += 1) {
      const len = longest ? value.length - k : k;
      const piece = front ? value.slice(0, len) : value.slice(value.length - len);
      if (re.test(piece)) return { value: front ? value.slice(len) : value.slice(0, value.length - len), hidden: false };
    }
    return { value, hidden: false };
  }
  const replace = /^\/(\/?)([^/]*)\/?([\s\S]*)$/.exec(op);
  if (replace) {
    if (/[*?[$`"'\\]/.test((replace[2] as string) + (replace[3] as string)) || replace[2] === "") return undefined;
    const out = replace[1] === "/" ? value.split(replace[2] as string).join(replace[3] as string) : value.replace(replace[2] as string, replace[3] as string);
    return { value: out, hidden: false };
  }
  if (op === "^^") return { value: value.toUpperCase(), hidden: false };
  if (op === ",,") return { value: value.toLowerCase(), hidden: false };
  if (op === "^") return { value: value.charAt(0).toUpperCase() + value.slice(1), hidden: false };
  if (op === ",") return { value: value.charAt(0).toLowerCase() + value.slice(1), hidden: false };
  const slice = /^:\s*(-?\d+)(?::\s*(-?\d+))?$/.exec(op);
  if (slice) {
    const from = Number(slice[1]);
    const start = from < 0 ? Math.max(0, value.length + from) : from;
    if (slice[2] === undefined) return { value: value.slice(start), hidden: false };
    const length = Number(slice[2]);
    return { value: length < 0 ? value.slice(start, value.length + length) : value.slice(start, start + length), hidden: false };
  }
  return undefined;
}

/**
 * What the unset reading puts for an expansion that always gives some text: a name, so that
 * `rm -rf /tmp/$(date +%s)` is not read as `rm -rf /tmp` (while `/tmp/$(date +%s)/../..` still
 * normalises to `/`).
 */
const NEVER_EMPTY = "_computed_";

// Set by every shell the line may run in (POSIX `$$`, `$PPID`; bash and zsh `RANDOM`, `UID`, `EUID`):
// bash-only ones (`BASHPID`, `SRANDOM`, `EPOCHSECONDS`) are empty in dash and zsh, so not listed.
const NEVER_EMPTY_VARIABLES: ReadonlySet<string> = new Set(["$", "PPID", "RANDOM", "UID", "EUID"]);

/** `$$`, `$RANDOM`, … that the line has not assigned or unset (nor may have, through a sourced file or `eval`). */
function neverEmptyVariable(name: string, ctx: Context, depth: number): boolean {
  if (!NEVER_EMPTY_VARIABLES.has(name) || ctx.vars.has(name) || ctx.env.has(ANY_VARIABLE)) return false;
  // RANDOM, UID and EUID only in the line's own shell (bash or zsh): a nested `sh` may be dash.
  return name === "$" || name === "PPID" || depth === 0;
}

// `date`'s conversions that print digits (GNU date's manual): a format with one of these, or with
// literal text, is never empty. `%p`, `%Z` and the like may be empty in some locales.
const DATE_DIGITS = /%[-_0^#]?[sYmdHMSFTNjyeuwVGRDCIklz]|^[^%\s]|[^%\s]%|%%/;

/**
 * A substitution whose command always prints something: `date`/`date +FORMAT` (with `-u`), `whoami`,
 * `id -u`/`-un`/`-g`/`-gn`, `mktemp [-d] [-u]` (coreutils; a command the line redefines as a
 * function or alias, or a line that sets `PATH` or `TMPDIR`, is not trusted). Words are plain: no
 * quoting or expansions. `uuidgen` is not listed: it is missing from many installations, and a
 * missing command prints nothing.
 */
function neverEmptyOutput(script: string, ctx: Context): boolean {
  if (script.length > 256 || /[^\w\s%+:.-]/.test(script)) return false;
  const [name, ...args] = script.trim().split(/\s+/) as [string, ...string[]];
  if (ctx.functions.has(name) || ctx.vars.has(`${ALIAS_KEY}${name}`) || ctx.vars.has("PATH") || ctx.env.has(ANY_VARIABLE)) return false;
  if (name === "date") {
    const formats = args.filter((a) => a.startsWith("+"));
    return args.every((a) => a.startsWith("+") || a === "-u" || a === "--utc") && formats.length <= 1 && formats.every((f) => DATE_DIGITS.test(f.slice(1)));
  }
  if (name === "whoami") return args.length === 0;
  if (name === "id") return args.length === 1 && ["-u", "-un", "-g", "-gn", "-nu", "-ng"].includes(args[0] as string);
  if (name === "mktemp") return !ctx.vars.has("TMPDIR") && !ctx.env.has("TMPDIR") && args.every((a) => a === "-d" || a === "-u");
  return false;
}

function resolveWord(word: ShellWord, ctx: Context, depth: number): Resolved {
  // A word longer than PATH_MAX names no file and no program: its value is kept as text, without
  // the glob and brace reading (which would only cost time on megabytes of text).
  const long = word.raw.length > PATH_MAX;
  const esc = long ? (text: string): string => text : escapeGlob;
  const pattern: string[] = [];
  const unsetPattern: string[] = [];
  let dynamic = false;
  let hidden = false;
  let split: string[] | undefined;
  const parts = word.parts;
  for (let k = 0; k < parts.length; k += 1) {
    const part = parts[k] as WordPart;
    if (part.kind === "lit") {
      let escaped = part.quoted ? esc(part.text) : part.text;
      if (k === 0 && !part.quoted && part.text.startsWith("~")) {
        const slash = part.text.indexOf("/");
        const user = part.text.slice(1, slash < 0 ? part.text.length : slash);
        if (/^(?:[A-Za-z0-9._-]*|\+)$/.test(user)) escaped = esc(tildeHome(user, ctx)) + (slash < 0 ? "" : part.text.slice(slash));
      }
      pattern.push(escaped);
      unsetPattern.push(escaped);
      continue;
    }
    if (part.kind === "array") {
      dynamic = true;
      pattern.push(esc(part.raw));
      unsetPattern.push("");
      continue;
    }
    if (part.kind === "var") {
      const known = expandVariable(part, ctx);
      if (known?.loop && known.items && part.op === "" && !long) {
        // A loop variable takes each of its values in turn: the word is read once per value (a
        // brace group of the escaped values, expanded below), as if the loop were unrolled.
        // A pattern's matches are its values: it stays a pattern (only brace characters escaped).
        const items = known.items.map((item, i) => (known.globs?.[i] ? item.replace(BRACE_SPECIAL, "\\$&") : esc(item)));
        const group = items.length === 1 ? (items[0] as string) : `{${items.join(",")}}`;
        pattern.push(group);
        unsetPattern.push(group);
        continue;
      }
      if (known && known.value !== undefined && !known.loop) {
        // One item that was a pattern when assigned (`set -- .*`, `a=(.*)`) stands for its matches.
        const text = known.items?.length === 1 && known.globs?.[0] ? known.value.replace(BRACE_SPECIAL, "\\$&") : esc(known.value);
        pattern.push(text);
        unsetPattern.push(text);
        if (parts.length === 1 && known.items !== undefined) split = known.items;
        else if (parts.length === 1 && !part.quoted) {
          const fields = fieldSplit(known.value, ctx);
          if (fields === undefined) {
            // Split at characters the line does not show: the words are unknown.
            dynamic = true;
            pattern[pattern.length - 1] = esc(part.raw);
          } else split = fields;
        }
        continue;
      }
      dynamic = true;
      if (known?.hidden) hidden = true;
      pattern.push(esc(part.op === "" && known?.output !== undefined ? known.output : part.raw));
      // `${X:-word}` with X unset gives the word; `$$`, `$RANDOM`, … are never empty.
      const fallback = /^:?[-=]/.test(part.op)
        ? part.op.replace(/^:?[-=]/, "")
        : part.op === "" && neverEmptyVariable(part.name, ctx, depth)
          ? NEVER_EMPTY
          : "";
      unsetPattern.push(esc(fallback));
      continue;
    }
    if (part.kind === "sub") {
      const inner = analyseNested(part.script, ctx, depth + 1, ctx.where);
      if (part.form === "<(" || part.form === ">(") {
        hidden ||= inner.hidden;
        // What `<(…)` shows is a file: a shell or `source` that runs it runs that text.
        if (part.form === "<(" && (inner.output !== undefined || inner.hidden))
          ctx.files.set("/dev/fd/63", inner.output !== undefined ? { content: inner.output } : {});
        pattern.push("/dev/fd/63");
        unsetPattern.push("/dev/fd/63");
        continue;
      }
      if (inner.output !== undefined) {
        const value = chompNewlines(inner.output);
        pattern.push(esc(value));
        unsetPattern.push(esc(value));
        if (parts.length === 1 && !part.quoted) {
          const fields = fieldSplit(value, ctx);
          if (fields === undefined) {
            dynamic = true;
            pattern[pattern.length - 1] = esc(part.raw);
          } else split = fields;
        }
        continue;
      }
      dynamic = true;
      hidden ||= inner.hidden;
      pattern.push(esc(part.raw));
      // Unseen output is empty at worst, unless the command always prints (`$(date +%s)`).
      if (neverEmptyOutput(part.script, ctx)) unsetPattern.push(NEVER_EMPTY);
      continue;
    }
    // Arithmetic: a number; substitutions inside still run.
    nestedSubstitutions(part.text, ctx, depth);
    dynamic = true;
    pattern.push(esc(part.raw));
    unsetPattern.push("0");
  }
  // Substitutions inside `${X:-$(…)}` run too.
  for (const part of parts) {
    if (part.kind === "var" && (part.op.includes("$(") || part.op.includes("`"))) nestedSubstitutions(part.op, ctx, depth);
  }
  const joined = pattern.join("");
  const resolved: Resolved = {
    values: [joined],
    globs: [false],
    unset: dynamic ? [unsetPattern.join("")] : [],
    dynamic,
    hidden,
    raw: word.raw,
    text: word.text,
  };
  if (!long) {
    resolved.values = [];
    resolved.globs = [];
    const expanded = braceExpand(joined, BRACE_WORDS + 1);
    // Past the bound the rest of the words are not seen: the line is too large to check.
    if (expanded.length > BRACE_WORDS) ctx.out.opaque.push({ reason: "size", text: shorten(word.raw), words: [], cwd: ctx.cwd, depth, hidden: true });
    for (const p of expanded.slice(0, BRACE_WORDS)) {
      const { text, glob } = unescapePattern(tildeAfterBraces(p, ctx));
      resolved.values.push(text);
      resolved.globs.push(glob);
    }
    if (dynamic) resolved.unset = braceExpand(unsetPattern.join(""), BRACE_WORDS).map((p) => unescapePattern(p).text);
  }
  if (split && split.length !== 1) resolved.split = split;
  return resolved;
}

/**
 * The words an unquoted expansion's `value` splits into: at blanks and newlines, or at the
 * characters of `IFS` when the line sets it (`IFS=,; a="cat,.env"; $a` runs `cat .env`);
 * undefined when it sets `IFS` to something the analyser cannot see.
 */
function fieldSplit(value: string, ctx: Context): string[] | undefined {
  const ifs = ctx.vars.get("IFS");
  if (ifs === undefined) return value.split(/[ \t\n]+/).filter((s) => s !== "");
  if (ifs.value === undefined) return undefined;
  if (ifs.value === "") return [value];
  const out: string[] = [];
  let word = "";
  for (const ch of value) {
    if (ifs.value.includes(ch)) {
      if (word !== "") out.push(word);
      word = "";
    } else word += ch;
  }
  if (word !== "") out.push(word);
  return out;
}

/** Runs the substitutions found in `text` (arithmetic, `${X:-…}` defaults) as nested scripts. */
function nestedSubstitutions(text: string, ctx: Context, depth: number): void {
  for (const node of parseScript(text, ctx.budget)) {
    if (node.kind !== "command") continue;
    for (const w of node.command.words) for (const p of w.parts) if (p.kind === "sub") analyseNested(p.script, ctx, depth + 1, ctx.where);
  }
}

/** `path` made absolute against `cwd` and normalised (`//`, `/./`, `..`). */
export function absolutePath(path: string, cwd: string): string {
  if (path === "") return cwd;
  // Plain relative names (no `.`/`..` parts, no doubled slashes) just join: no full normalisation.
  if (SIMPLE_RELATIVE.test(path)) {
    const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
    return cwd === "/" ? `/${trimmed}` : `${cwd}/${trimmed}`;
  }
  const resolved = posix.resolve(cwd, path);
  return resolved.startsWith("/proc/") ? throughProcLink(resolved, cwd) : resolved;
}

/**
 * `/proc/<pid>/root/…` is that process's view of `/` (the same tree for a process of this machine),
 * and `/proc/self/cwd/…` the command's own working directory: the path they lead to. Another
 * process's `cwd` stays as written (where it leads is not known).
 */
function throughProcLink(path: string, cwd: string): string {
  const link = /^\/proc\/([^/]+)\/(root|cwd)(?=\/|$)/.exec(path);
  if (!link) return path;
  const rest = path.slice(link[0].length);
  if (link[2] === "root") return rest === "" ? "/" : rest;
  return link[1] === "self" || link[1] === "thread-self" ? posix.resolve(cwd, `.${rest}`) : path;
}

const SIMPLE_RELATIVE = /^(?:[^/.][^/]*|\.[^/.][^/]*)(?:\/(?:[^/.][^/]*|\.[^/.][^/]*))*\/?$/;

function pathEffect(r: Resolved, index: number, ctx: Context, via: string): PathEffect {
  let value = r.values[index] ?? r.values[0] ?? "";
  if (value.length > PATH_MAX) value = value.slice(0, PATH_MAX);
  const written =
    r.values.length === 1 &&
    r.text &&
    !r.text.includes("$(") &&
    r.text.length < 4096 &&
    (r.text.startsWith("~") || r.text.includes("$")) &&
    !r.text.startsWith(value)
      ? r.text
      : value;
  const effect: PathEffect = { path: absolutePath(value, ctx.cwd), written, glob: r.globs[index] ?? false, dynamic: r.dynamic, via };
  if (r.dynamic) effect.unset = absolutePath(r.unset[index] ?? r.unset[0] ?? "", ctx.cwd);
  if (ctx.links.size > 0) {
    // The nearest linked ancestor (a bounded walk up the path: one lookup per level), the root
    // last (a container's mount at `/`).
    let end = effect.path.length;
    for (let level = 0; level < 64 && end >= 0; level += 1) {
      const key = end === 0 ? "/" : effect.path.slice(0, end);
      const from = ctx.links.get(key);
      if (from !== undefined) {
        effect.aliasOf = end === 0 ? from.replace(/\/+$/, "") + effect.path : from + effect.path.slice(end);
        if (ctx.same.has(key)) effect.aliasSame = true;
        break;
      }
      if (end === 0) break;
      end = effect.path.lastIndexOf("/", end - 1);
    }
  }
  if (effect.glob && ctx.vars.get(DOTGLOB_KEY)?.value) effect.dotglob = true;
  return effect;
}

// ---------------------------------------------------------------------------------------------
// Command knowledge.

/**
 * Programs that delete (or securely erase, or trash) the files they are given: the one list the
 * analyser and the destructive-commands guard read. `-r`/`-R`/`--recursive` makes one recursive;
 * a trash command always takes whole trees.
 */
export const DELETERS: ReadonlySet<string> = new Set(["rm", "unlink", "rmdir", "shred", "srm", "wipe", "trash", "trash-put", "gio"]);

// Script interpreters, looked up in a set (V8 compiles a regex on its first use in every hook run,
// and a long alternation costs more to compile than the lookup); python3.12, perl5.36 and the like
// by their version suffix.
const INTERPRETER_NAMES: ReadonlySet<string> = new Set(
  "python pypy node nodejs deno bun ruby perl php lua luajit Rscript osascript powershell pwsh tclsh wish awk gawk mawk nawk jshell irb groovy scala julia".split(
    " ",
  ),
);
const VERSIONED_INTERPRETERS: ReadonlySet<string> = new Set(["python", "pypy", "perl", "php", "lua"]);
/** True for a program that runs code given to it (python3.12, node, ruby, awk, …). */
export function isInterpreter(name: string): boolean {
  if (INTERPRETER_NAMES.has(name)) return true;
  let end = name.length;
  while (end > 0 && ((name.charCodeAt(end - 1) >= 48 && name.charCodeAt(end - 1) <= 57) || name.charCodeAt(end - 1) === 46)) end -= 1;
  return end < name.length && VERSIONED_INTERPRETERS.has(name.slice(0, end));
}
/** Programs that fetch a URL. */
export const DOWNLOADERS: ReadonlySet<string> = new Set([
  "curl",
  "wget",
  "fetch",
  "http",
  "https",
  "xh",
  "aria2c",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "telnet",
  "lynx",
  "links",
  "w3m",
  "httpie",
]);
/** Database clients: their operands that are not options or URLs are statements (SQL, commands) they run. */
export const DATABASE_CLIENTS: ReadonlySet<string> = new Set([
  "sqlite3",
  "sqlite",
  "psql",
  "mysql",
  "mariadb",
  "mongosh",
  "mongo",
  "redis-cli",
  "duckdb",
  "clickhouse-client",
  "cqlsh",
  "influx",
]);
// Programs whose output is text computed from their input: fed to a shell, that text is unseen.
const TRANSFORMERS = new Set([
  "base64",
  "base32",
  "basenc",
  "xxd",
  "od",
  "uudecode",
  "openssl",
  "gpg",
  "gunzip",
  "zcat",
  "gzip",
  "bzip2",
  "bzcat",
  "bunzip2",
  "xz",
  "xzcat",
  "unxz",
  "zstd",
  "zstdcat",
  "unzstd",
  "lz4",
  "brotli",
  "tr",
  "rev",
  "sed",
  "awk",
  "gawk",
  "mawk",
  "perl",
  "python",
  "python3",
  "ruby",
  "node",
  "jq",
  "yq",
  "cut",
  "tac",
  "iconv",
  "recode",
  "printf",
  "echo",
  "xargs",
  "envsubst",
  "m4",
  "cpp",
  "uncompress",
  "unzip",
  "tar",
  "dd",
  "fold",
  "paste",
  "sort",
  "column",
  "strings",
]);

// Prefix commands: the words they take before the command they run (options skipped separately).
const PREFIXES: Readonly<Record<string, number>> = {
  sudo: 0,
  doas: 0,
  command: 0,
  builtin: 0,
  exec: 0,
  nohup: 0,
  nice: 0,
  ionice: 0,
  stdbuf: 0,
  time: 0,
  env: 0,
  timeout: 1,
  chronic: 0,
  unbuffer: 0,
  setsid: 0,
  flock: 1,
  strace: 0,
  ltrace: 0,
  caffeinate: 0,
  torsocks: 0,
  proxychains: 0,
  proxychains4: 0,
  firejail: 0,
  nsenter: 0,
  unshare: 0,
  chroot: 1,
  taskset: 1,
  chrt: 1,
  numactl: 0,
  cgexec: 0,
  busybox: 0,
  toybox: 0,
  xargs: 0,
  doppler: 0,
  sg: 1,
  "aws-vault": 0,
  op: 0,
  dotenvx: 0,
  pkexec: 0,
  catchsegv: 0,
  valgrind: 0,
  faketime: 1,
  rlwrap: 0,
  script: 0,
  watch: 0,
  entr: 0,
  parallel: 0,
  systemd_run: 0,
  "systemd-run": 0,
  runuser: 0,
  su: 0,
  fakeroot: 0,
  tsp: 0,
  ts: 0,
  "nice-n": 0,
};
// Options of prefix commands that take the next word as their value.
const PREFIX_VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  sudo: new Set([
    "-u",
    "-g",
    "-h",
    "-p",
    "-U",
    "-D",
    "-r",
    "-t",
    "-C",
    "-T",
    "--user",
    "--group",
    "--host",
    "--prompt",
    "--other-user",
    "--chdir",
    "--role",
    "--type",
    "--close-from",
    "--command-timeout",
  ]),
  doas: new Set(["-u", "-C"]),
  env: new Set(["-u", "--unset", "-C", "--chdir", "-S", "--split-string", "-P", "--default-signal", "--ignore-signal", "--block-signal"]),
  nice: new Set(["-n", "--adjustment"]),
  ionice: new Set(["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"]),
  stdbuf: new Set(["-i", "-o", "-e"]),
  timeout: new Set(["-s", "-k", "--signal", "--kill-after"]),
  flock: new Set(["-w", "-E", "--timeout", "--conflict-exit-code"]),
  strace: new Set(["-e", "-o", "-p", "-s", "-u", "-E", "-P", "-I", "-a", "-b", "-X"]),
  ltrace: new Set(["-e", "-o", "-p", "-s", "-u", "-n", "-a"]),
  taskset: new Set([]),
  xargs: new Set([
    "-I",
    "-i",
    "-d",
    "-E",
    "-e",
    "-s",
    "-L",
    "-l",
    "-n",
    "-P",
    "-a",
    "--arg-file",
    "--delimiter",
    "--max-args",
    "--max-procs",
    "--max-chars",
    "--max-lines",
    "--replace",
    "--eof",
    "--process-slot-var",
  ]),
  su: new Set(["-s", "--shell", "-g", "--group", "-G", "--supp-group", "-w", "--whitelist-environment"]),
  runuser: new Set(["-u", "--user", "-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w"]),
  watch: new Set(["-n", "--interval", "-d", "--differences", "-q", "--equexit", "-s", "--shotgun"]),
  script: new Set(["-O", "--log-out", "-I", "--log-in", "-B", "--log-io", "-T", "--log-timing", "-E", "--echo", "-t"]),
  unshare: new Set(["--wd", "-w", "--root", "-R", "--setuid", "-S", "--setgid", "-G"]),
  nsenter: new Set(["-t", "--target", "-S", "--setuid", "-G", "--setgid", "--wd", "-w", "-r", "--root"]),
  "systemd-run": new Set([
    "-u",
    "--unit",
    "-p",
    "--property",
    "-E",
    "--setenv",
    "--working-directory",
    "-M",
    "--machine",
    "--uid",
    "--gid",
    "--description",
    "--slice",
  ]),
  parallel: new Set([
    "-j",
    "--jobs",
    "-S",
    "--sshlogin",
    "--delay",
    "--timeout",
    "-a",
    "--arg-file",
    "--colsep",
    "-d",
    "--delimiter",
    "-I",
    "-n",
    "-N",
    "--joblog",
  ]),
  valgrind: new Set([]),
  chrt: new Set([]),
  sg: new Set([]),
  "aws-vault": new Set(["--backend", "--duration", "-d", "--region"]),
  op: new Set(["--env-file", "--account"]),
  doppler: new Set(["-p", "--project", "-c", "--config", "--token"]),
  dotenvx: new Set(["-f", "--env-file", "-e", "--env"]),
};
// Prefixes whose command is given after a subcommand word (`aws-vault exec PROFILE --`, `op run --`).
const SUBCOMMAND_PREFIXES: Readonly<Record<string, ReadonlySet<string>>> = {
  "aws-vault": new Set(["exec"]),
  op: new Set(["run"]),
  doppler: new Set(["run"]),
  dotenvx: new Set(["run"]),
};

/**
 * The words xargs adds from input the line does not show, as an expansion that never resolves
 * (no variable has that name): read again as a script, it is still unknown.
 */
const XARGS_INPUT = "${xargs input}";

// Commands that run a command given as a single string (joined and read as a script).
const SCRIPT_STRING_PREFIXES = new Set(["watch", "su", "runuser", "script", "parallel"]);

// Wrappers that run a command in a container, pod, VM or another host.
const CONTAINER_TOOLS = new Set([
  "docker",
  "podman",
  "nerdctl",
  "lxc",
  "incus",
  "crictl",
  "ctr",
  "distrobox",
  "toolbox",
  "multipass",
  "limactl",
  "colima",
  "orb",
  "vagrant",
  "flatpak",
  "snap",
  "systemd-nspawn",
  "machinectl",
]);
const CLUSTER_TOOLS = new Set(["kubectl", "oc", "k3s", "microk8s", "minikube"]);
const REMOTE_SHELLS = new Set(["ssh", "autossh", "mosh", "gcloud", "az", "aws", "fly", "flyctl", "heroku", "railway", "render", "vercel", "sshpass"]);
const DOCKER_VALUE_OPTIONS = new Set([
  "-e",
  "--env",
  "-u",
  "--user",
  "-w",
  "--workdir",
  "--name",
  "-v",
  "--volume",
  "-p",
  "--publish",
  "--network",
  "--net",
  "--entrypoint",
  "--env-file",
  "--mount",
  "-l",
  "--label",
  "--platform",
  "--pull",
  "--restart",
  "--hostname",
  "-h",
  "--add-host",
  "--cpus",
  "-m",
  "--memory",
  "--device",
  "--cap-add",
  "--cap-drop",
  "--security-opt",
  "--ulimit",
  "--dns",
  "--ipc",
  "--pid",
  "--runtime",
  "--shm-size",
  "--tmpfs",
  "--volumes-from",
  "--link",
  "--log-driver",
  "--log-opt",
  "--gpus",
  "--group-add",
  "--detach-keys",
  "--expose",
  "--label-file",
  "--stop-signal",
  "--stop-timeout",
  "--health-cmd",
  "-c",
  "--cpu-shares",
  "--userns",
  "--uts",
  "--cgroupns",
  "--ip",
  "--mac-address",
  "--cidfile",
  "--context",
  "-H",
  "--host",
  "--config",
  "--log-level",
  "-f",
  "--file",
  "--project-name",
  "--profile",
  "--project-directory",
  "--index",
  "-t",
  "--namespace",
  "-n",
  "--container",
  "--pod-running-timeout",
  "--kubeconfig",
  "--cluster",
  "--user",
  "-s",
  "--server",
  "--token",
]);
const SSH_VALUE_OPTIONS = new Set([
  "-b",
  "-B",
  "-c",
  "-D",
  "-E",
  "-e",
  "-F",
  "-I",
  "-i",
  "-J",
  "-L",
  "-l",
  "-m",
  "-O",
  "-o",
  "-p",
  "-Q",
  "-R",
  "-S",
  "-W",
  "-w",
]);

/** Options of a reader that take the next word as their value (so that word is not a file). */
const GREP_VALUES = [
  "-A",
  "-B",
  "-C",
  "-m",
  "-d",
  "-D",
  "--context",
  "--max-count",
  "--label",
  "--include",
  "--exclude",
  "--exclude-dir",
  "--after-context",
  "--before-context",
  "--color",
  "--colour",
  "--binary-files",
  "--devices",
  "--directories",
];
const VALUE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  grep: GREP_VALUES,
  egrep: GREP_VALUES,
  fgrep: GREP_VALUES,
  zgrep: GREP_VALUES,
  rg: [
    "-A",
    "-B",
    "-C",
    "-m",
    "-g",
    "--glob",
    "--iglob",
    "-t",
    "--type",
    "-T",
    "--type-not",
    "-M",
    "--max-columns",
    "-j",
    "--threads",
    "--max-depth",
    "-d",
    "-E",
    "--encoding",
    "-r",
    "--replace",
    "--sort",
    "--sortr",
    "--color",
    "--colors",
    "--type-add",
    "--max-filesize",
    "--pre",
    "--pre-glob",
    "--context-separator",
    "--field-match-separator",
    "--path-separator",
  ],
  ag: ["-A", "-B", "-C", "-m", "-G", "--ignore", "--depth", "-g"],
  ack: ["-A", "-B", "-C", "-m", "--type", "--ignore-dir", "--ignore-file"],
  sed: ["-l", "--line-length"],
  awk: ["-F", "-v", "--assign", "--field-separator"],
  gawk: ["-F", "-v", "--assign", "--field-separator"],
  mawk: ["-F", "-v"],
  nawk: ["-F", "-v"],
  jq: ["--indent", "--tab", "-L"],
  yq: ["--indent", "-o", "--output-format", "-p", "--input-format", "-I"],
  head: ["-n", "-c", "--lines", "--bytes"],
  tail: ["-n", "-c", "--lines", "--bytes", "-s", "--sleep-interval", "--pid"],
  cut: ["-d", "-f", "-c", "-b", "--delimiter", "--fields", "--characters", "--bytes", "--output-delimiter"],
  sort: ["-k", "-t", "-S", "-T", "-o", "--key", "--field-separator", "--buffer-size", "--temporary-directory", "--output", "--parallel", "--batch-size"],
  uniq: ["-f", "-s", "-w", "--skip-fields", "--skip-chars", "--check-chars"],
  nl: ["-b", "-d", "-f", "-h", "-i", "-l", "-n", "-s", "-v", "-w"],
  curl: [
    "-X",
    "-H",
    "-u",
    "-A",
    "-e",
    "-m",
    "-o",
    "-w",
    "-x",
    "-b",
    "-c",
    "-K",
    "-E",
    "-U",
    "-y",
    "-Y",
    "-z",
    "-C",
    "--header",
    "--request",
    "--user",
    "--user-agent",
    "--max-time",
    "--output",
    "--write-out",
    "--proxy",
    "--cookie",
    "--cookie-jar",
    "--config",
    "--cert",
    "--key",
    "--cacert",
    "--connect-timeout",
    "--retry",
    "--resolve",
    "--url",
    "--referer",
    "--data-urlencode",
  ],
  wget: [
    "-U",
    "-O",
    "-o",
    "-a",
    "-P",
    "-e",
    "-t",
    "-T",
    "--header",
    "--user",
    "--password",
    "--output-document",
    "--output-file",
    "--directory-prefix",
    "--tries",
    "--timeout",
    "--user-agent",
  ],
  tar: [
    "-C",
    "--directory",
    "-f",
    "--file",
    "-T",
    "--files-from",
    "-X",
    "--exclude-from",
    "--exclude",
    "-b",
    "--blocking-factor",
    "--transform",
    "--owner",
    "--group",
    "--mode",
    "--mtime",
    "-I",
    "--use-compress-program",
  ],
  rsync: [
    "-e",
    "--rsh",
    "--exclude",
    "--include",
    "--filter",
    "-f",
    "--exclude-from",
    "--include-from",
    "--files-from",
    "--chmod",
    "--chown",
    "--port",
    "--timeout",
    "--log-file",
    "-T",
    "--temp-dir",
    "--backup-dir",
    "--suffix",
    "--rsync-path",
    "--compare-dest",
    "--link-dest",
    "--copy-dest",
    "--partial-dir",
    "--max-size",
    "--min-size",
    "--bwlimit",
  ],
  scp: ["-P", "-i", "-o", "-F", "-J", "-c", "-l", "-S", "-D", "-X"],
  cp: ["-t", "--target-directory", "-S", "--suffix"],
  mv: ["-t", "--target-directory", "-S", "--suffix"],
  install: ["-t", "--target-directory", "-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix"],
  ln: ["-t", "--target-directory", "-S", "--suffix"],
  split: ["-l", "-b", "-C", "-n", "-a", "--lines", "--bytes", "--line-bytes", "--number", "--suffix-length", "--additional-suffix"],
  openssl: [
    "-in",
    "-out",
    "-pass",
    "-passin",
    "-passout",
    "-K",
    "-iv",
    "-md",
    "-inkey",
    "-keyform",
    "-outform",
    "-inform",
    "-certfile",
    "-CAfile",
    "-name",
    "-subj",
    "-config",
    "-days",
    "-newkey",
    "-key",
    "-signkey",
    "-sigopt",
    "-pkeyopt",
  ],
  gpg: [
    "-o",
    "--output",
    "-r",
    "--recipient",
    "-u",
    "--local-user",
    "--homedir",
    "--passphrase",
    "--passphrase-file",
    "--batch-size",
    "--trust-model",
    "--default-key",
  ],
  base64: ["-w", "--wrap"],
  base32: ["-w", "--wrap"],
  basenc: ["-w", "--wrap"],
  xxd: ["-c", "-g", "-l", "-o", "-s", "-n", "-C", "--cols", "--groupsize", "--len", "--seek"],
  od: ["-A", "-j", "-N", "-t", "-w", "--address-radix", "--skip-bytes", "--read-bytes", "--format", "--width"],
  hexdump: ["-e", "-f", "-n", "-s"],
  diff: [
    "-U",
    "-C",
    "-F",
    "-I",
    "-L",
    "-x",
    "-X",
    "--label",
    "--exclude",
    "--ignore-matching-lines",
    "--unified",
    "--context",
    "--horizon-lines",
    "--line-format",
    "--to-file",
    "--from-file",
  ],
  tee: [],
  dd: [],
  iconv: ["-f", "-t", "--from-code", "--to-code", "-o", "--output"],
  column: ["-s", "-c", "-o", "-N", "-R", "-H", "-O", "-W", "-E", "--separator", "--output-width", "--output-separator", "--table-columns"],
  "ssh-keygen": ["-f", "-b", "-t", "-C", "-N", "-P", "-m", "-E", "-O", "-n", "-I", "-V", "-z", "-Z", "-Y", "-s", "-a", "-w"],
  fold: ["-w", "--width"],
  fmt: ["-w", "--width", "-p", "-g", "--goal", "--prefix"],
  pr: ["-h", "-l", "-w", "-o", "-s", "-N"],
  comm: ["--output-delimiter"],
  join: ["-t", "-a", "-e", "-o", "-v", "-1", "-2", "-j"],
  paste: ["-d", "--delimiters"],
  less: [
    "-b",
    "-h",
    "-j",
    "-k",
    "-o",
    "-O",
    "-p",
    "-P",
    "-t",
    "-T",
    "-x",
    "-y",
    "-z",
    "-#",
    "--pattern",
    "--prompt",
    "--tag",
    "--tag-file",
    "--log-file",
    "--tabs",
    "--shift",
  ],
  bat: [
    "-l",
    "--language",
    "-H",
    "--highlight-line",
    "-r",
    "--line-range",
    "--style",
    "--theme",
    "--paging",
    "--pager",
    "-m",
    "--map-syntax",
    "--tabs",
    "--wrap",
    "--terminal-width",
    "--file-name",
    "--color",
    "--decorations",
    "--italic-text",
  ],
  vim: ["-c", "--cmd", "-S", "-u", "-U", "-i", "-w", "-W", "-T", "-t", "-q", "-r", "-s"],
  vi: ["-c", "-u", "-t"],
  nvim: ["-c", "--cmd", "-S", "-u", "-i", "-w", "-W", "-t", "-q", "--listen"],
  nano: ["-T", "-r", "-Y", "-o", "-J", "-C", "-Q", "-X", "--speller", "--syntax", "--tabsize"],
  emacs: ["-l", "--load", "-f", "--funcall", "--eval", "-L", "--directory", "--chdir"],
  zip: ["-x", "-i", "-b", "-n", "-t", "-tt", "-P", "--password", "-Z", "-O", "--exclude", "--include"],
  "7z": [],
  gzip: ["-S", "--suffix"],
  xz: ["-S", "--suffix", "-F", "--format", "-C", "--check", "-T", "--threads", "--memlimit"],
  zstd: ["-o", "-D", "-T", "--threads", "-B", "--memory"],
  bzip2: [],
  sha256sum: [],
  md5sum: [],
  sha1sum: [],
  sha512sum: [],
  strings: ["-n", "-t", "-e", "--bytes", "--radix", "--encoding", "-T", "--target"],
  envsubst: [],
  dotenv: ["-f", "-e", "-c", "-v"],
  source: [],
  ".": [],
  cmp: ["-i", "-n", "--ignore-initial", "--bytes"],
  xclip: ["-selection", "-sel", "-target", "-t", "-display", "-d", "-loops", "-l"],
  xsel: [],
  sdiff: ["-o", "--output", "-w", "--width", "-I", "--ignore-matching-lines"],
};
// Readers whose first operand is a pattern, script or filter rather than a file.
const PATTERN_FIRST = new Set(["grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "sed", "awk", "gawk", "mawk", "nawk", "jq", "yq", "gojq", "envsubst-no"]);
// Commands that print, copy, compare or transmit the files named in their operands.
const READERS = new Set([
  "cat",
  "pv",
  "tac",
  "nl",
  "head",
  "tail",
  "less",
  "more",
  "most",
  "bat",
  "batcat",
  "view",
  "vi",
  "vim",
  "nvim",
  "nano",
  "emacs",
  "code",
  "ed",
  "ex",
  "pico",
  "micro",
  "helix",
  "hx",
  "kak",
  "joe",
  "mcedit",
  "cp",
  "mv",
  "install",
  "rsync",
  "scp",
  "sftp",
  "tar",
  "zip",
  "7z",
  "7za",
  "gzip",
  "bzip2",
  "xz",
  "zstd",
  "lz4",
  "brotli",
  "rar",
  "base64",
  "base32",
  "basenc",
  "xxd",
  "od",
  "hexdump",
  "hd",
  "strings",
  "uuencode",
  "openssl",
  "gpg",
  "age",
  "sort",
  "uniq",
  "cut",
  "paste",
  "column",
  "fold",
  "fmt",
  "pr",
  "rev",
  "iconv",
  "comm",
  "join",
  "split",
  "csplit",
  "expand",
  "unexpand",
  "look",
  "diff",
  "cmp",
  "sdiff",
  "diff3",
  "vimdiff",
  "colordiff",
  "delta",
  "difft",
  "md5sum",
  "sha1sum",
  "sha224sum",
  "sha256sum",
  "sha384sum",
  "sha512sum",
  "b2sum",
  "cksum",
  "sum",
  "dotenv",
  "envsubst",
  "xclip",
  "xsel",
  "pbcopy",
  "wl-copy",
  "tee-read",
  "source",
  ".",
  "zcat",
  "zless",
  "zmore",
  "bzcat",
  "xzcat",
  "zstdcat",
  "lzcat",
  "grep",
  "egrep",
  "fgrep",
  "zgrep",
  "rg",
  "ag",
  "ack",
  "sed",
  "awk",
  "gawk",
  "mawk",
  "nawk",
  "jq",
  "yq",
  "gojq",
  "mlr",
  "csvlook",
  "xsv",
  "qsv",
  "sqlite3",
  "duckdb",
  "gsutil",
  "rclone",
  "aws-s3-cp",
  "mail",
  "mutt",
  "sendmail",
  "lp",
  "lpr",
  "enscript",
  "a2ps",
  "glow",
  "mdcat",
  "pandoc",
  "highlight",
  "pygmentize",
  "source-highlight",
  "tidy",
  "xmllint",
  "jless",
  "fx",
  "gron",
  "dasel",
  "ssh-keygen",
]);

/** True for a program that reads the files its operands name (cat, editors, archivers, encoders, …). */
export function readsOperands(name: string): boolean {
  return READERS.has(name);
}
// Commands whose last operand is the destination (written); the others are read.
const COPIERS = new Set(["cp", "mv", "install", "ln", "rsync", "scp", "rclone"]);

function optionValues(name: string): readonly string[] {
  return Object.prototype.hasOwnProperty.call(VALUE_OPTIONS, name) ? (VALUE_OPTIONS[name] as readonly string[]) : [];
}

/** The operand indexes of a command's arguments (`args` start after the name). */
function operandIndexes(name: string, args: readonly string[], patternFirst: boolean): { files: number[]; optionFiles: number[]; values: number[] } {
  const files: number[] = [];
  const optionFiles: number[] = [];
  const skipped: number[] = [];
  const values = optionValues(name);
  let patternSeen = !patternFirst;
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i] as string;
    if (word === "--") {
      for (let j = i + 1; j < args.length; j += 1) {
        if (!patternSeen) patternSeen = true;
        else files.push(j);
      }
      break;
    }
    if (word.startsWith("-") && word.length > 1) {
      const eq = word.indexOf("=");
      const option = eq > 0 ? word.slice(0, eq) : word;
      if (option === "-e" || option === "--regexp" || option === "--expression" || option === "--eval") {
        if (patternFirst) patternSeen = true;
        if (eq < 0 && !(name === "sed" && false)) i += 1;
      } else if (
        option === "-f" ||
        option === "--file" ||
        option === "--from-file" ||
        option === "--rawfile" ||
        option === "--slurpfile" ||
        option === "--exclude-from-read"
      ) {
        if (option === "--rawfile" || option === "--slurpfile") i += 1;
        if (eq > 0) optionFiles.push(i);
        else if (i + 1 < args.length && !(name === "tar" || name === "curl" || name === "diff")) {
          optionFiles.push(i + 1);
          i += 1;
        } else if (i + 1 < args.length) {
          if (name === "tar") optionFiles.push(i + 1);
          i += 1;
        }
        if (option === "-f" && patternFirst) patternSeen = true;
      } else if (option === "--arg" || option === "--argjson") i += 2;
      else if (eq < 0 && values.includes(option)) {
        skipped.push(i + 1);
        i += 1;
      } else if (eq < 0 && word.length > 2 && !word.startsWith("--") && values.includes(word.slice(0, 2))) {
        // `-n5`: the value is attached.
      }
      continue;
    }
    if (!patternSeen) {
      patternSeen = true;
      continue;
    }
    files.push(i);
  }
  return { files, optionFiles, values: skipped.filter((i) => i < args.length) };
}

/** GNU getopt_long: `arg` (`--rec`) names `option` when it is that option or an unambiguous prefix. */
export function longOptionMatches(arg: string, option: string, all: readonly string[]): boolean {
  const name = arg.split("=")[0] as string;
  if (name === option) return true;
  if (name.length < 3 || !option.startsWith(name)) return false;
  if (all.includes(name)) return false;
  return all.filter((o) => o.startsWith(name)).length === 1;
}

const RM_LONG = [
  "--force",
  "--interactive",
  "--one-file-system",
  "--no-preserve-root",
  "--preserve-root",
  "--recursive",
  "--dir",
  "--verbose",
  "--help",
  "--version",
];

// ---------------------------------------------------------------------------------------------
// Static output: what `echo`, `printf` and decoders of known text print.

function decodeEchoEscapes(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|0[0-7]{0,3}|[0-7]{1,3}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[abefnrtv\\c])/g, (_m, e: string) => {
    const c = e[0] ?? "";
    if (c === "x" || c === "u" || c === "U") return String.fromCodePoint(Math.min(0x10ffff, Number.parseInt(e.slice(1), 16)));
    if (c >= "0" && c <= "7") return String.fromCharCode(Number.parseInt(e, 8) & 0xff);
    const simple: Record<string, string> = { a: "\x07", b: "\b", e: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\", c: "" };
    return simple[c as string] ?? e;
  });
}

function printfOutput(args: readonly string[]): string {
  const [format = "", ...rest] = args;
  let k = 0;
  let out = "";
  // The format is reused while arguments remain, as printf does.
  do {
    out += decodeEchoEscapes(format).replace(/%(%|[-+ #0]*\d*(?:\.\d+)?[sbdiouxXcqfeEgG])/g, (m, spec: string) => {
      if (spec === "%") return "%";
      const value = rest[k] ?? "";
      k += 1;
      return m.endsWith("b") ? decodeEchoEscapes(value) : value;
    });
  } while (k < rest.length && k > 0);
  return out;
}

function decodeBase(name: string, input: string): string | undefined {
  const clean = input.replace(/\s+/g, "");
  if (name === "base64" || name === "basenc") return Buffer.from(clean, "base64").toString("latin1");
  if (name === "xxd") return /^[0-9a-fA-F]*$/.test(clean) ? Buffer.from(clean, "hex").toString("latin1") : undefined;
  if (name === "base32") {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let bits = 0;
    let value = 0;
    let out = "";
    for (const ch of clean.replace(/=+$/, "").toUpperCase()) {
      const index = alphabet.indexOf(ch);
      if (index < 0) return undefined;
      value = (value << 5) | index;
      bits += 5;
      if (bits >= 8) {
        out += String.fromCharCode((value >>> (bits - 8)) & 0xff);
        bits -= 8;
      }
    }
    return out;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The walk.

interface NestedResult {
  /** The last pipeline's output, when the analyser can compute it. */
  output?: string;
  /** The last pipeline's output is computed text the line does not show. */
  hidden: boolean;
}

const SHORT = 120;

function shorten(text: string): string {
  return text.length > SHORT ? `${text.slice(0, SHORT - 3)}...` : text;
}

/**
 * Reads a nested script. `same`: it runs in the shell itself (`eval`, `source`, an alias), so its
 * variables, exports and directory changes stay; else in a subshell or another process.
 */
function analyseNested(script: string, ctx: Context, depth: number, where: string, same = false): NestedResult {
  if (depth > MAX_DEPTH) {
    ctx.out.opaque.push({ reason: "depth", text: shorten(script), words: [], cwd: ctx.cwd, depth, hidden: true });
    return { hidden: true };
  }
  ctx.budget.chars -= script.length;
  if (ctx.budget.chars < 0) {
    ctx.out.opaque.push({ reason: "size", text: shorten(script), words: [], cwd: ctx.cwd, depth, hidden: true });
    return { hidden: true };
  }
  if (same) return walk(script, ctx, depth);
  // A substitution or nested script runs in a subshell: its `cd` and variables stay inside.
  const inner: Context = { ...ctx, where };
  const mark = openScope(inner);
  try {
    return walk(script, inner, depth);
  } finally {
    closeScope(inner, mark);
  }
}

function walk(script: string, ctx: Context, depth: number): NestedResult {
  return walkNodes(parseScript(script, ctx.budget), script, ctx, depth);
}

/**
 * The nodes of a function body that starts at `start` (`{ … }` or `( … )`), or undefined. `head`
 * stands for the node at `start` (`function f { a; }` has the body's `{ a` in the definition's node).
 */
function functionBody(nodes: readonly ShellNode[], start: number, head?: ShellNode): ShellNode[] | undefined {
  const first = head ?? nodes[start];
  if (first === undefined) return undefined;
  let level = 0;
  const body = (end: number): ShellNode[] => (head ? [head, ...nodes.slice(start + 1, end + 1)] : nodes.slice(start, end + 1));
  for (let k = start; k < nodes.length && k < start + 20_000; k += 1) {
    const node = k === start ? first : (nodes[k] as ShellNode);
    if (first.kind === "open") {
      if (node.kind === "open") level += 1;
      else if (node.kind === "close" && (level -= 1) === 0) return body(k);
      continue;
    }
    if (node.kind !== "command") continue;
    if (node.command.words[0]?.text === "{") level += 1;
    if (node.command.words[0]?.text === "}" && (level -= 1) === 0) return body(k);
    if (level === 0) return undefined;
  }
  return undefined;
}

/**
 * `function f { …; }`, `function f() ( … )`, `function f` then the body on the next line: f is
 * defined with its body, as `f() { …; }` is (bash manual, "Shell Functions"). Returns the index
 * the body starts at when it is a node of its own (the walk goes on there), else undefined.
 */
function keywordFunction(nodes: readonly ShellNode[], n: number, ctx: Context): number | undefined {
  const node = nodes[n] as ShellNode & { kind: "command" };
  const words = node.command.words;
  const keyword = words[0] as ShellWord;
  if (keyword.text !== "function" || !keyword.parts.every((p) => p.kind === "lit" && !p.quoted) || words.length < 2) return undefined;
  const name = (words[1] as ShellWord).text.replace(/\(\)$/, "");
  defineFunction(ctx, name);
  if (words.length > 2) {
    // The body's first command is in this node: `function f { cat "$1"; }`.
    const from = words[2]?.text === "()" ? 3 : 2;
    const body = functionBody(nodes, n, { kind: "command", command: { ...node.command, words: words.slice(from) } });
    if (body) ctx.functions.set(name, body);
    return undefined;
  }
  let m = n + 1;
  if (nodes[m]?.kind === "open" && nodes[m + 1]?.kind === "close") m += 2;
  while (nodes[m]?.kind === "sep" && (nodes[m] as { op: string }).op === ";" && m < n + 8) m += 1;
  const start = nodes[m];
  if (start?.kind !== "open" && !(start?.kind === "command" && start.command.words[0]?.text === "{")) return undefined;
  const body = functionBody(nodes, m);
  if (body) ctx.functions.set(name, body);
  return m;
}

/** Closes a subshell or pipeline stage: its directory, environment and variables are the caller's again. */
function restoreScope(ctx: Context, saved: { cwd: string; dirs: readonly string[]; env: CommandEnv; mark: number }): void {
  ctx.cwd = saved.cwd;
  ctx.dirs = saved.dirs;
  ctx.env = saved.env;
  closeScope(ctx, saved.mark);
}

function walkNodes(nodes: readonly ShellNode[], script: string, ctx: Context, depth: number): NestedResult {
  const stack: Array<{ cwd: string; dirs: readonly string[]; env: CommandEnv; mark: number }> = [];
  let joinedBy = "";
  let pipeline: EffectCommand[] = [];
  let last: NestedResult = { hidden: false };
  let printed: string | undefined = "";
  let pipelines = 0;
  for (let n = 0; n < nodes.length; n += 1) {
    const node = nodes[n] as ShellNode;
    if (node.kind === "command" && nodes[n + 1]?.kind === "open" && nodes[n + 2]?.kind === "close" && isFunctionName(node.command)) {
      // `f() { …; }`: the body that follows is read where it stands (its arguments unknown), and again
      // at each call with the call's arguments as `$1`, `$@`, ….
      const name = (node.command.words[0] as ShellWord).text;
      defineFunction(ctx, name);
      const body = functionBody(nodes, n + 3);
      if (body) ctx.functions.set(name, body);
      n += 2;
      continue;
    }
    if (node.kind === "command" && node.command.words[0]?.text === "function") {
      const at = keywordFunction(nodes, n, ctx);
      if (at !== undefined) {
        n = at - 1;
        continue;
      }
    }
    if (node.kind === "truncated") {
      ctx.out.opaque.push({ reason: "size", text: shorten(script.slice(node.at)), words: [], cwd: ctx.cwd, depth, hidden: true });
      break;
    }
    if (node.kind === "open") {
      // A subshell's changes are taken back at its close (a script read in the same shell keeps its
      // caller's).
      stack.push({ cwd: ctx.cwd, dirs: ctx.dirs, env: ctx.env, mark: openScope(ctx) });
      continue;
    }
    if (node.kind === "close") {
      const saved = stack.pop();
      if (saved) restoreScope(ctx, saved);
      continue;
    }
    if (node.kind === "sep") {
      joinedBy = node.op;
      continue;
    }
    const command = node.command;
    // A group's closing `}` is no command: what is piped on from the group is its last command's
    // output, as after a subshell's `)` (`{ crontab -l; echo '…'; } | crontab -`).
    if (command.words.length === 1 && command.redirects.length === 0 && command.words[0]?.raw === "}" && nodes[n + 1]?.kind === "command") continue;
    if (!command.piped) {
      // The pipeline before this one is done: its output joins what the script printed so far.
      if (pipelines > 0) printed = printed !== undefined && last.output !== undefined ? printed + last.output : undefined;
      pipelines += 1;
      pipeline = [];
    }
    // Each command of a pipeline runs in a subshell (bash manual, "Pipelines"), the last one in the
    // shell itself under `shopt -s lastpipe`: `cd` and assignments there do not reach the rest.
    const next = nodes[n + 1];
    const more = next?.kind === "command" && next.command.piped;
    const stage =
      (command.piped || more) && (more || ctx.vars.get(LASTPIPE_KEY) === undefined)
        ? { cwd: ctx.cwd, dirs: ctx.dirs, env: ctx.env, mark: openScope(ctx) }
        : undefined;
    const effect = simpleCommand(command, ctx, depth, command.piped ? "|" : joinedBy, pipeline);
    if (stage) restoreScope(ctx, stage);
    joinedBy = "";
    if (effect) {
      pipeline.push(effect);
      last = effect.output !== undefined ? { output: effect.output, hidden: false } : { hidden: effect.hiddenOutput };
    } else last = { hidden: false };
  }
  // A subshell the script leaves open ends with it.
  for (let saved = stack.pop(); saved; saved = stack.pop()) restoreScope(ctx, saved);
  // `$(printf %s .e; printf %s nv)` prints both outputs: known when every pipeline's is.
  if (pipelines > 1 && printed !== undefined && last.output !== undefined) return { output: printed + last.output, hidden: false };
  return last;
}

const FUNCTION_KEY = "\u0000function:";
const ALIAS_KEY = "\u0000alias:";
const DOTGLOB_KEY = "\u0000dotglob";
/** `set -a` (allexport) is on: every variable assigned is exported. */
const ALLEXPORT_KEY = "\u0000allexport";
/** `shopt -s lastpipe`: the last stage of a pipeline runs in the shell itself. */
const LASTPIPE_KEY = "\u0000lastpipe";

/** Sets `name` in the shell's variables, remembered for the open scopes to take back. */
function storeVar(ctx: Context, name: string, value: VarValue): void {
  if (ctx.undo.open > 0) ctx.undo.log.push([name, ctx.vars.get(name)]);
  ctx.vars.set(name, value);
}

/**
 * Unsets `name`, remembered for the open scopes to take back. The entry stays with no value: V8
 * rehashes a large Map that has entries deleted and added again and again (a function called 5,000
 * times, its positional parameters set and taken back each time, over 5,000 variables took 0.6 s).
 */
function removeVar(ctx: Context, name: string): void {
  const before = ctx.vars.get(name);
  if (before === undefined) return;
  if (ctx.undo.open > 0) ctx.undo.log.push([name, before]);
  ctx.vars.set(name, undefined);
}

/** Marks a variable the line never set as touched (unset), so its special value is not assumed. */
function forgetVar(ctx: Context, name: string): void {
  if (ctx.vars.has(name)) return;
  if (ctx.undo.open > 0) ctx.undo.log.push([name, undefined]);
  ctx.vars.set(name, undefined);
}

/** Opens a scope (subshell, substitution, pipeline stage, function call); the mark closes it. */
function openScope(ctx: Context): number {
  ctx.undo.open += 1;
  return ctx.undo.log.length;
}

/** The values the scope opened at `mark` has left so far, by name, for a caller that keeps some of them. */
function scopeChanges(ctx: Context, mark: number): Map<string, VarValue | undefined> {
  const { log } = ctx.undo;
  const left = new Map<string, VarValue | undefined>();
  for (let i = mark; i < log.length; i += 1) {
    const name = (log[i] as [string, VarValue | undefined])[0];
    if (!left.has(name)) left.set(name, ctx.vars.get(name));
  }
  return left;
}

/** Closes the scope opened at `mark`: every variable it changed gets its value from before. */
function closeScope(ctx: Context, mark: number): void {
  const { log } = ctx.undo;
  for (let i = log.length - 1; i >= mark; i -= 1) {
    const [name, before] = log[i] as [string, VarValue | undefined];
    ctx.vars.set(name, before);
  }
  log.length = mark;
  ctx.undo.open -= 1;
}

/**
 * How many names an environment holds; a line exporting more (no real one does) gets `ANY_VARIABLE`
 * alone: every variable unknown. Each change copies the map, so the bound keeps a change cheap.
 */
const ENV_NAMES = 128;
const NO_ENV: CommandEnv = new Map();
const ANY_ENV: CommandEnv = new Map([[ANY_VARIABLE, undefined]]);

/** `env` with `name` set to `value` (`undefined`: unknown), as a new map when it changes. */
function withEnv(env: CommandEnv, name: string, value: string | undefined): CommandEnv {
  if (env.has(name) && env.get(name) === value) return env;
  if (!env.has(name) && env.size >= ENV_NAMES) return env === ANY_ENV ? env : ANY_ENV;
  const next = new Map(env);
  next.set(name, value);
  return next;
}

/** `env` without `name`. */
function withoutEnv(env: CommandEnv, name: string): CommandEnv {
  if (!env.has(name)) return env;
  const next = new Map(env);
  next.delete(name);
  return next;
}

/** A variable's value as the environment carries it: unknown for a computed value and a loop's variable. */
function exportedValue(value: VarValue): string | undefined {
  return value.loop ? undefined : value.value;
}

/** Sets a shell variable; an exported one (or any, under `set -a`) changes the environment too. */
function setVar(ctx: Context, name: string, value: VarValue): void {
  storeVar(ctx, name, value);
  if (ctx.env.has(name) || ctx.vars.get(ALLEXPORT_KEY) !== undefined) ctx.env = withEnv(ctx.env, name, exportedValue(value));
}

/** Variables the analyser cannot name may now be set (a sourced file, computed text run in this shell). */
function anyVariable(ctx: Context): void {
  ctx.env = withEnv(ctx.env, ANY_VARIABLE, undefined);
}

function isFunctionName(command: ShellCommand): boolean {
  const word = command.words[0];
  return (
    command.words.length === 1 &&
    command.redirects.length === 0 &&
    word !== undefined &&
    word.parts.every((p) => p.kind === "lit") &&
    /^[A-Za-z_][\w.:-]*$/.test(word.text)
  );
}

/**
 * Sets the positional parameters (`$1`…, `$@`, `$*`, `$#`) to `items`, or makes them unknown;
 * those of before are removed.
 */
function setPositional(ctx: Context, items: readonly string[] | undefined, globs?: readonly boolean[]): void {
  const before = Number(ctx.vars.get("#")?.value ?? "0");
  for (let i = 1; i <= Math.max(before, 9) && i <= 20_000; i += 1) removeVar(ctx, String(i));
  for (const key of ["@", "*", "#"]) removeVar(ctx, key);
  if (items === undefined) return;
  items.forEach((item, i) => storeVar(ctx, String(i + 1), { value: item, hidden: false, ...(globs?.[i] ? { items: [item], globs: [true] } : {}) }));
  const all = { value: items.join(" "), items: [...items], hidden: false, ...(globs ? { globs: [...globs] } : {}) };
  storeVar(ctx, "@", all);
  storeVar(ctx, "*", all);
  storeVar(ctx, "#", { value: String(items.length), hidden: false });
}

function defineFunction(ctx: Context, name: string): void {
  storeVar(ctx, FUNCTION_KEY + name, { hidden: false });
}

// Variables whose value a program runs as a shell command (pagers, editors, ssh and proxy commands, prompts).
const COMMAND_VARIABLES =
  /^(GIT_PAGER|PAGER|MANPAGER|SYSTEMD_PAGER|BAT_PAGER|DELTA_PAGER|GIT_EDITOR|EDITOR|VISUAL|GIT_SEQUENCE_EDITOR|GIT_SSH_COMMAND|GIT_SSH|GIT_PROXY_COMMAND|GIT_EXTERNAL_DIFF|GIT_ASKPASS|SSH_ASKPASS|SUDO_ASKPASS|PROMPT_COMMAND|LESSOPEN|LESSCLOSE|BROWSER|FZF_DEFAULT_COMMAND|PS0|PS1|PS2|PS3|PS4|RSYNC_RSH|CVS_RSH|GIT_TRACE2_EVENT_CMD)$/;
// Variables naming a file a shell or interpreter loads at start-up.
const SOURCED_VARIABLES = /^(BASH_ENV|ENV|PYTHONSTARTUP|ZDOTDIR_ENV|NODE_REPL_EXTERNAL_MODULE|PERL5DB|RUBYOPT_FILE)$/;

/** What assigning `name` does beyond setting it: a command variable runs its value, a start-up variable loads its file. */
function assignmentEffects(name: string, value: VarValue, ctx: Context, depth: number, effect?: EffectCommand): void {
  if (name === "GLOBIGNORE" && value.value !== "") storeVar(ctx, DOTGLOB_KEY, { value: "1", hidden: false });
  const command = COMMAND_VARIABLES.test(name);
  const sourced = SOURCED_VARIABLES.test(name);
  if (!command && !sourced) return;
  if (value.value === undefined) {
    if (value.hidden && effect) addOpaque(effect, ctx, { reason: "dynamic-eval", text: `${name}=<computed>`, words: [], cwd: ctx.cwd, depth, hidden: true });
    return;
  }
  const text = command ? value.value.replace(/^\|+/, "") : `. ${quoteWord(value.value)}`;
  if (text.trim() !== "") analyseNested(text, ctx, depth + 1, ctx.where);
}

function isAssignment(word: ShellWord): boolean {
  const first = word.parts[0];
  return first !== undefined && first.kind === "lit" && !first.quoted && assignedName(first.text) !== undefined;
}

function assignmentValue(word: ShellWord, ctx: Context, depth: number): { name: string; value: VarValue } {
  const first = word.parts[0] as { text: string };
  const eq = first.text.indexOf("=");
  const name = first.text.slice(0, eq).replace(/\+$/, "");
  const rest: ShellWord = {
    parts: [{ kind: "lit", text: first.text.slice(eq + 1), quoted: false }, ...word.parts.slice(1)],
    raw: word.raw.slice(eq + 1),
    text: word.text.slice(eq + 1),
  };
  if (rest.parts[0]?.kind === "lit" && (rest.parts[0] as { text: string }).text === "") rest.parts.shift();
  const array = rest.parts.length === 1 && rest.parts[0]?.kind === "array" ? rest.parts[0] : undefined;
  if (array && array.script.length > 64 * 1024) return { name, value: { hidden: false } };
  if (array) {
    // `a=(x y z)`: the elements are words, expanded as words are.
    const items: string[] = [];
    // A pattern among them stands for its matches (`a=(.*)` holds every dotfile's name).
    const globs: boolean[] = [];
    let hidden = false;
    let dynamic = false;
    for (const node of parseScript(array.script, ctx.budget)) {
      if (node.kind !== "command") continue;
      for (const w of node.command.words) {
        const r = resolveWord(w, ctx, depth);
        dynamic ||= r.dynamic;
        hidden ||= r.hidden;
        items.push(...(r.split ?? r.values));
        globs.push(...(r.split ? r.split.map(() => false) : r.globs));
      }
    }
    return { name, value: dynamic ? { hidden } : { value: items[0] ?? "", items, globs, hidden: false } };
  }
  const r = resolveWord(rest, ctx, depth);
  const only = rest.parts.length === 1 ? rest.parts[0] : undefined;
  // Bounded: each expansion of the variable copies it into a word.
  const output = only?.kind === "sub" && (only.form === "$(" || only.form === "`") && only.raw.length <= PATH_MAX ? only.raw : undefined;
  // Several values come from a loop's variable (one per pass: which one is left is not followed)
  // or braces (an assignment does not expand them; the analyser's reading would be a guess).
  if (r.dynamic || r.values.length !== 1) return { name, value: output !== undefined && r.dynamic ? { hidden: r.hidden, output } : { hidden: r.hidden } };
  return { name, value: { value: r.values[0] as string, hidden: false } };
}

const DECLARE_COMMANDS = new Set(["export", "declare", "typeset", "local", "readonly"]);

function simpleCommand(command: ShellCommand, ctx: Context, depth: number, joinedBy: string, upstream: EffectCommand[]): EffectCommand | undefined {
  const first = command.words[0];
  if (first !== undefined && first.text === "function" && first.parts.every((p) => p.kind === "lit" && !p.quoted) && command.words.length >= 2) {
    // `function f { body; }`: f is defined; the body's first command starts after the name (and `()`).
    const name = (command.words[1] as ShellWord).text.replace(/\(\)$/, "");
    defineFunction(ctx, name);
    const body = command.words.slice(2).filter((w, i) => !(i === 0 && w.text === "()"));
    return body.length > 0 ? simpleCommand({ ...command, words: body }, ctx, depth, joinedBy, upstream) : undefined;
  }
  let start = 0;
  for (;;) {
    const skipped = start + skipKeywords(command.words.slice(start));
    const loop = command.words.slice(0, skipped).findIndex((w) => /^(for|select|case)$/.test(w.text));
    if (loop >= 0) {
      // `for x in …` / `case … in`: the words are data; substitutions in them still run.
      const resolvedWords = command.words.slice(loop).map((w) => resolveWord(w, ctx, depth));
      const variable = command.words[loop + 1];
      if (variable) setVar(ctx, variable.text, loopValue(command.words[loop] as ShellWord, resolvedWords));
      return undefined;
    }
    start = skipped;
    break;
  }
  const words = command.words.slice(start);
  let k = 0;
  const assignments: Array<{ name: string; value: VarValue }> = [];
  while (k < words.length && isAssignment(words[k] as ShellWord)) {
    assignments.push(assignmentValue(words[k] as ShellWord, ctx, depth));
    k += 1;
  }
  const resolved = words.slice(k).map((w) => resolveWord(w, ctx, depth));
  command = expandHeredocs(command, ctx, depth);
  const redirects = command.redirects.map((r) => ({ redirect: r, target: r.target ? resolveWord(r.target, ctx, depth) : undefined }));
  if (resolved.length === 0) {
    for (const a of assignments) setVar(ctx, a.name, a.value);
  }
  for (const a of assignments) assignmentEffects(a.name, a.value, ctx, depth);
  if (resolved.length === 0 && redirects.length === 0) return undefined;
  // The command's environment: the exported variables, with its own assignments (`X=1 cmd`).
  let env = ctx.env;
  if (resolved.length > 0) for (const a of assignments) env = withEnv(env, a.name, exportedValue(a.value));
  // The argument vector: word splitting of whole-word expansions of known values applied.
  let argv: string[] = [];
  let raw: string[] = [];
  let dynamic: boolean[] = [];
  let sources: Resolved[] = [];
  for (const r of resolved) {
    if (r.split) {
      for (const piece of r.split) {
        argv.push(piece);
        raw.push(r.raw);
        dynamic.push(false);
        sources.push({ values: [piece], globs: [/[*?[]/.test(piece)], unset: [], dynamic: false, hidden: false, raw: r.raw, text: piece });
      }
      continue;
    }
    for (let v = 0; v < r.values.length; v += 1) {
      argv.push(r.values[v] as string);
      raw.push(r.raw);
      dynamic.push(r.dynamic);
      sources.push({ ...r, values: [r.values[v] as string], globs: [r.globs[v] ?? false], unset: r.dynamic ? [r.unset[v] ?? r.unset[0] ?? ""] : [] });
    }
  }
  let cwd = ctx.cwd;
  const prefixes: string[] = [];
  const prefixValues: Array<{ source: Resolved; via: string }> = [];
  // Prefix commands, repeatedly (`sudo env X=1 nice -n 5 cat …`).
  for (let guard = 0; guard < 16 && argv.length > 0; guard += 1) {
    if (dynamic[0] || (argv[0] as string).length > PATH_MAX) break;
    const name = basename(argv[0] as string);
    if (!Object.prototype.hasOwnProperty.call(PREFIXES, name)) break;
    if (name === "command" && argv.slice(1).some((a) => a === "-v" || a === "-V")) break;
    const valueOptions = PREFIX_VALUE_OPTIONS[name] ?? new Set<string>();
    let j = 1;
    let scriptString: string | undefined;
    while (j < argv.length) {
      const option = argv[j] as string;
      if (option === "--") {
        j += 1;
        break;
      }
      if (name === "env" && assignedName(option) !== undefined) {
        const variable = assignedName(option) as string;
        const eqAt = option.indexOf("=");
        const value: VarValue = dynamic[j] ? { hidden: sources[j]?.hidden ?? false } : { value: option.slice(eqAt + 1), hidden: false };
        assignmentEffects(variable, value, ctx, depth);
        env = withEnv(env, variable, exportedValue(value));
        j += 1;
        continue;
      }
      if (name === "env") {
        // `env -i` / `env -` start from an empty environment; `env -u X` removes X.
        if (option === "-" || option === "-i" || option === "--ignore-environment" || /^-[A-Za-z]*i[A-Za-z]*$/.test(option)) env = NO_ENV;
        const unset = /^-u(.+)$/.exec(option)?.[1] ?? /^--unset=(.*)$/.exec(option)?.[1] ?? (option === "-u" || option === "--unset" ? argv[j + 1] : undefined);
        if (unset !== undefined)
          env = dynamic[option.length > 2 && option !== "--unset" ? j : j + 1] ? withEnv(env, ANY_VARIABLE, undefined) : withoutEnv(env, unset);
        if (option === "-") {
          j += 1;
          continue;
        }
      }
      if (!option.startsWith("-") || option === "-") break;
      const eq = option.indexOf("=");
      const bare = eq > 0 ? option.slice(0, eq) : option;
      const value = eq > 0 ? option.slice(eq + 1) : argv[j + 1];
      if (name === "env" && (bare === "-C" || bare === "--chdir") && value !== undefined) cwd = absolutePath(value, cwd);
      if (name === "env" && (bare === "-S" || bare === "--split-string") && value !== undefined) scriptString = value;
      if ((name === "su" || name === "runuser") && (bare === "-c" || bare === "--command") && value !== undefined) scriptString = value;
      if (name === "sudo" && (bare === "-D" || bare === "--chdir") && value !== undefined) cwd = absolutePath(value, cwd);
      const takesNext = eq < 0 && (valueOptions.has(bare) || ((name === "su" || name === "runuser") && (bare === "-c" || bare === "--command")));
      // An option's value may be a file the prefix reads (`xargs -a FILE`, `dotenvx -f FILE`).
      if (value !== undefined && (eq > 0 || takesNext) && !/^(-C|--chdir|-D|-w|--wd|-S|--split-string|-c|--command)$/.test(bare))
        prefixValues.push({ source: eq > 0 ? { ...(sources[j] as Resolved), values: [value], unset: [value] } : (sources[j + 1] as Resolved), via: name });
      j += takesNext ? 2 : 1;
    }
    j += PREFIXES[name] as number;
    const sub = SUBCOMMAND_PREFIXES[name];
    if (sub) {
      if (!sub.has(argv[j - (PREFIXES[name] as number)] ?? "")) break;
      const dash = argv.indexOf("--", j);
      const end = dash >= 0 ? dash : argv.length;
      // The subcommand's own words (`dotenvx run -f FILE --`) may name files it loads.
      for (let k = j + 1; k < end; k += 1) {
        const word = argv[k] as string;
        const eq = word.indexOf("=");
        if (word.startsWith("-") && eq < 0) continue;
        const value = word.startsWith("-") ? word.slice(eq + 1) : word;
        prefixValues.push({ source: { ...(sources[k] as Resolved), values: [value], unset: [value] }, via: name });
      }
      j = dash >= 0 ? dash + 1 : argv.length;
    }
    if ((scriptString !== undefined || SCRIPT_STRING_PREFIXES.has(name)) && prefixValues.length > 0) {
      // The prefix itself, with the files its options name, before the command it runs.
      const own = newEffect([name], [name], [false], prefixes, cwd, depth, joinedBy, upstream, ctx.where, env);
      for (const { source, via } of prefixValues) own.reads.push({ ...pathEffect(source, 0, { ...ctx, cwd, env }, via), unseen: true });
      ctx.out.commands.push(own);
      prefixValues.length = 0;
    }
    if (scriptString !== undefined) {
      // `env -S 'cat .env'`, `su -c '…'`: the string is split (env) or read by a shell (su).
      const nested = analyseNested(
        scriptString + (j < argv.length ? ` ${argv.slice(j).map(quoteWord).join(" ")}` : ""),
        { ...ctx, cwd, env },
        depth + 1,
        ctx.where,
      );
      void nested;
      return undefined;
    }
    if (j >= argv.length) break;
    if (SCRIPT_STRING_PREFIXES.has(name) && name !== "su" && name !== "runuser") {
      analyseNested(argv.slice(j).join(" "), { ...ctx, cwd, env }, depth + 1, ctx.where);
      return undefined;
    }
    if (name === "xargs") {
      // Input the line shows (a here-string, `echo … |`, a file written earlier) becomes arguments:
      // the command is read with them. `-a FILE` reads FILE instead of the standard input.
      const options = argv.slice(1, j);
      const fileAt = options.findIndex((o) => o === "-a" || o === "--arg-file" || o.startsWith("--arg-file=") || /^-a./.test(o));
      const argFile =
        fileAt < 0
          ? undefined
          : /^-a./.test(options[fileAt] as string)
            ? (options[fileAt] as string).slice(2)
            : options[fileAt]?.startsWith("--arg-file=")
              ? (options[fileAt] as string).slice("--arg-file=".length)
              : options[fileAt + 1];
      const fileDynamic = fileAt >= 0 && (sources[fileAt + 1 + (/^-a$|^--arg-file$/.test(options[fileAt] as string) ? 1 : 0)]?.dynamic ?? true);
      const stdin =
        fileAt < 0
          ? knownStdin(command, upstream, ctx, depth)
          : argFile === undefined || fileDynamic
            ? undefined
            : ctx.files.get(absolutePath(argFile, cwd))?.content;
      const r = options.findIndex((o) => o === "-I" || o === "-i" || o.startsWith("--replace") || /^-[iI]./.test(o));
      const replace =
        r < 0
          ? undefined
          : options[r] === "-I"
            ? options[r + 1]
            : /^-[iI]./.test(options[r] as string)
              ? (options[r] as string).slice(2)
              : (options[r] as string).split("=")[1] || "{}";
      if (stdin !== undefined) {
        const rest = argv.slice(j);
        if (replace !== undefined && replace !== "") {
          // The first 64 KiB give the first lines and arguments (more is never needed to judge the command).
          for (const line of stdin
            .slice(0, 64 * 1024)
            .split("\n")
            .filter((l) => l.trim() !== "")
            .slice(0, 16))
            analyseNested(rest.map((w) => quoteWord(w.split(replace).join(line))).join(" "), { ...ctx, cwd, env }, depth + 1, ctx.where);
          return undefined;
        }
        const words = stdin
          .slice(0, 64 * 1024)
          .split(/[\s\u0000]+/)
          .filter((w) => w !== "")
          .slice(0, 256);
        for (const w of words) {
          argv.push(w);
          raw.push(w);
          dynamic.push(false);
          sources.push({ values: [w], globs: [false], unset: [], dynamic: false, hidden: false, raw: w, text: w });
        }
      } else {
        // Input the line does not show (a file, a program's output): the arguments xargs adds are
        // unknown, as a substitution's are (`cat list | xargs rm -rf` is `rm -rf $(cat list)`).
        const hidden = fileAt < 0 && (upstream[upstream.length - 1]?.hiddenOutput ?? false);
        if (replace !== undefined && replace !== "") {
          for (let w = j; w < argv.length; w += 1) {
            const word = argv[w] as string;
            if (!word.includes(replace)) continue;
            const value = word.split(replace).join(XARGS_INPUT);
            argv[w] = value;
            dynamic[w] = true;
            sources[w] = { ...(sources[w] as Resolved), values: [value], globs: [false], unset: [word.split(replace).join("")], dynamic: true, hidden };
          }
        } else {
          argv.push(XARGS_INPUT);
          raw.push(XARGS_INPUT);
          dynamic.push(true);
          sources.push({ values: [XARGS_INPUT], globs: [false], unset: [""], dynamic: true, hidden, raw: XARGS_INPUT, text: XARGS_INPUT });
        }
      }
    }
    prefixes.push(name);
    argv = argv.slice(j);
    raw = raw.slice(j);
    dynamic = dynamic.slice(j);
    sources = sources.slice(j);
  }
  const effect = newEffect(argv, raw, dynamic, prefixes, cwd, depth, joinedBy, upstream, ctx.where, env);
  if (dynamic.some((d) => d)) effect.argvUnset = sources.map((r, i) => (r.dynamic ? (r.unset[0] ?? "") : (argv[i] as string)));
  // What the command runs sees its environment; a script it reads in this shell (`eval`, `source`)
  // may change the shell's state, taken back below.
  const local: Context = { ...ctx, cwd, env };
  for (const { source, via } of prefixValues) effect.reads.push({ ...pathEffect(source, 0, local, via), unseen: true });
  for (const { redirect, target } of redirects) {
    const text = target?.values[0] ?? "";
    effect.redirects.push({ op: redirect.op, fd: redirect.fd, target: text });
    if (!target || redirect.op === "<<" || redirect.op === "<<-" || redirect.op === "<<<") continue;
    if (redirect.op === ">&" || redirect.op === "<&") {
      if (/^\d+-?$|^-$/.test(text)) continue;
    }
    const p = pathEffect(target, 0, local, redirect.op);
    if (redirect.op === "<" || redirect.op === "<>") effect.reads.push(p);
    if (redirect.op !== "<" && redirect.op !== "<&") effect.writes.push(p);
  }
  ctx.out.commands.push(effect);
  if (argv.length === 0) return effect;
  if (dynamic[0]) {
    const hidden = sources[0]?.hidden ?? false;
    addOpaque(effect, ctx, { reason: "dynamic-command", text: shorten(raw[0] ?? ""), words: argv.slice(1), cwd, depth, hidden });
    effect.hiddenOutput = true;
    // It may be `export`, `source`, `eval`, … run in this shell.
    anyVariable(ctx);
    return effect;
  }
  const name = effect.name;
  /** A script read in this shell (`eval`, `source`, an alias) may have changed its directory and exports. */
  const takeBack = (from: Context): void => {
    if (from.env !== env) ctx.env = from.env;
    if (from.cwd !== cwd) {
      ctx.cwd = from.cwd;
      ctx.dirs = from.dirs;
    }
  };
  const args = argv.slice(1);
  const argSources = sources.slice(1);
  const alias = prefixes.length === 0 && raw[0] === argv[0] ? ctx.vars.get(ALIAS_KEY + name) : undefined;
  if (alias !== undefined) {
    if (alias.value === undefined) {
      addOpaque(effect, ctx, { reason: "dynamic-command", text: `the alias ${name}`, words: args, cwd, depth, hidden: alias.hidden });
      anyVariable(ctx);
      return effect;
    }
    // An alias is its text with the arguments after it; it is not expanded again inside itself.
    removeVar(ctx, ALIAS_KEY + name);
    analyseNested(`${alias.value} ${args.map(quoteWord).join(" ")}`, local, depth + 1, ctx.where, true);
    storeVar(ctx, ALIAS_KEY + name, alias);
    takeBack(local);
    return effect;
  }
  const body = ctx.vars.get(FUNCTION_KEY + name) !== undefined ? ctx.functions.get(name) : undefined;
  if (body) {
    if (depth + 1 > MAX_DEPTH) {
      addOpaque(effect, ctx, { reason: "depth", text: `the function ${name}`, words: args, cwd, depth, hidden: true });
      anyVariable(ctx);
      return effect;
    }
    const inner: Context = { ...ctx, cwd, env };
    const mark = openScope(inner);
    // Its arguments are its positional parameters; a computed one makes them all unknown.
    setPositional(inner, argSources.some((r) => r.dynamic) ? undefined : args);
    walkNodes(body, name, inner, depth + 1);
    // A function runs in this shell: its `cd` and exports stay. Its variables may be `local`
    // (not followed): one it changed is unknown after the call; its definitions stay as made.
    takeBack(inner);
    const left = scopeChanges(inner, mark);
    closeScope(inner, mark);
    for (const [variable, value] of left) {
      if (value === undefined || ctx.vars.get(variable) === value || /^(?:\d+|[@*#])$/.test(variable)) continue;
      storeVar(ctx, variable, variable.startsWith("\u0000") ? value : { hidden: value.hidden });
    }
    return effect;
  }
  if (ctx.vars.get(FUNCTION_KEY + name) !== undefined) {
    // A function of the line: its body was read where it was defined, with its arguments unknown;
    // the call is judged by the arguments it passes.
    addOpaque(effect, ctx, { reason: "dynamic-command", text: `the function ${name} defined in this line`, words: args, cwd, depth, hidden: false });
    return effect;
  }
  if (name === "alias") {
    for (let a = 0; a < args.length; a += 1) {
      const eq = (args[a] as string).indexOf("=");
      if (eq <= 0) continue;
      const source = argSources[a] as Resolved;
      storeVar(
        ctx,
        ALIAS_KEY + (args[a] as string).slice(0, eq),
        source.dynamic ? { hidden: source.hidden } : { value: (args[a] as string).slice(eq + 1), hidden: false },
      );
    }
    return effect;
  }
  if (name === "trap") {
    // `trap 'CMD' SIGNAL…`: CMD runs later in this shell.
    const rest = args[0] === "--" ? 1 : 0;
    const action = args[rest];
    if (action !== undefined && !action.startsWith("-") && args.length - rest >= 2)
      nestedScript(effect, [action], [argSources[rest] as Resolved], local, depth, "trap");
    return effect;
  }
  if (name === "shopt" && args.includes("lastpipe")) {
    if (args.includes("-s")) storeVar(ctx, LASTPIPE_KEY, { value: "1", hidden: false });
    else if (args.includes("-u")) removeVar(ctx, LASTPIPE_KEY);
  }
  if ((name === "shopt" && args.includes("-s")) || name === "setopt") {
    const on = args.filter((a) => /^(dotglob|nocaseglob|globdots|glob_dots|nocase_glob)$/i.test(a));
    if (on.length > 0)
      storeVar(ctx, DOTGLOB_KEY, { value: (ctx.vars.get(DOTGLOB_KEY)?.value ?? "") + on.map((o) => (/case/i.test(o) ? "i" : "d")).join(""), hidden: false });
  }
  // State the rest of the line sees.
  if (name === "cd" || name === "pushd" || name === "popd") {
    changeDirectory(name, args, ctx);
    return effect;
  }
  if (DECLARE_COMMANDS.has(name)) {
    const flags = args.filter((a) => /^[-+][A-Za-z]+$/.test(a));
    // `declare -n REF=NAME`: REF stands for whatever NAME holds when it is expanded; not modelled, so
    // unknown, and an assignment to REF may set any variable.
    const nameref = name !== "export" && flags.some((a) => /^-[A-Za-z]*n/.test(a));
    if (nameref) anyVariable(ctx);
    for (let a = 1; a < words.length - k; a += 1) {
      const w = words[k + a] as ShellWord;
      if (isAssignment(w)) {
        const { name: variable, value } = assignmentValue(w, ctx, depth);
        setVar(ctx, variable, nameref ? { hidden: false } : value);
        assignmentEffects(variable, value, ctx, depth, effect);
      }
    }
    // `export X`, `declare -x X=1` put X in the environment; `export -n X`, `declare +x X` take it out
    // (`-f`: the names are functions). A name computed at run time may be any variable.
    const functions = flags.some((a) => /^-[A-Za-z]*f/.test(a));
    const unexport = (name === "export" && flags.some((a) => /^-[A-Za-z]*n/.test(a))) || flags.some((a) => /^\+[A-Za-z]*x/.test(a));
    const exporting = !unexport && (name === "export" || flags.some((a) => /^-[A-Za-z]*x/.test(a)));
    if (!functions && (exporting || unexport)) {
      args.forEach((arg, a) => {
        if (/^[-+]/.test(arg)) return;
        const eq = arg.indexOf("=");
        const variable = eq > 0 ? arg.slice(0, eq).replace(/\+$/, "") : arg;
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
          if (argSources[a]?.dynamic) anyVariable(ctx);
          return;
        }
        const known = ctx.vars.get(variable);
        ctx.env = unexport ? withoutEnv(ctx.env, variable) : withEnv(ctx.env, variable, known ? exportedValue(known) : undefined);
      });
    }
    return effect;
  }
  if (name === "unset") {
    // `unset X`: X is unset (its value unknown to the analyser from here) and leaves the environment.
    const fn = args.some((a) => /^-[A-Za-z]*f/.test(a));
    args.forEach((arg, a) => {
      // An unset `RANDOM` (or a computed name that may be it) loses its value: see neverEmptyVariable.
      if (!fn && !arg.startsWith("-")) for (const v of NEVER_EMPTY_VARIABLES) if (v === arg || argSources[a]?.dynamic) forgetVar(ctx, v);
      if (arg.startsWith("-") || argSources[a]?.dynamic) return;
      if (fn) {
        removeVar(ctx, FUNCTION_KEY + arg);
        return;
      }
      removeVar(ctx, arg);
      ctx.env = withoutEnv(ctx.env, arg);
    });
    return effect;
  }
  if (name === "set") {
    // `set -a` / `set -o allexport`: every variable assigned from here on is exported (`set +a` ends it).
    let a = 0;
    for (; a < args.length; a += 1) {
      const arg = args[a] as string;
      if (arg === "--" || !/^[-+]/.test(arg) || arg === "-" || argSources[a]?.dynamic) break;
      const all = /^[-+][A-Za-z]*a/.test(arg) || (/^[-+]o$/.test(arg) && args[a + 1] === "allexport");
      if (all && arg.startsWith("-")) storeVar(ctx, ALLEXPORT_KEY, { value: "1", hidden: false });
      else if (all) removeVar(ctx, ALLEXPORT_KEY);
      if (/^[-+]o$/.test(arg)) a += 1;
    }
    // The words after the options (after `--`, or from the first that is not one) are the
    // positional parameters `$1`, `$@`, … (POSIX `set`); a computed one makes them all unknown.
    if (a < args.length) {
      const from = args[a] === "--" || args[a] === "-" ? a + 1 : a;
      setPositional(
        ctx,
        argSources.slice(from).some((r) => r.dynamic) ? undefined : args.slice(from),
        argSources.slice(from).map((r) => r.globs[0] ?? false),
      );
    }
  }
  if (name === "shift") {
    // `shift [N]`: the positional parameters move down by N.
    const all = ctx.vars.get("@");
    const by = args[0] === undefined ? 1 : /^\d+$/.test(args[0]) && !argSources[0]?.dynamic ? Number(args[0]) : undefined;
    if (all?.items && !all.loop && by !== undefined) {
      if (by <= all.items.length) setPositional(ctx, all.items.slice(by));
    } else setPositional(ctx, undefined);
  }
  if (name === "read" || name === "mapfile" || name === "readarray" || name === "getopts") {
    // The names are filled when it runs, with text the line does not show: unknown from here.
    for (const a of args) if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(a)) setVar(ctx, a, { hidden: upstreamOf(effect).some((u) => u.hiddenOutput) });
    // `mapfile -C CODE`: CODE is evaluated for each chunk of lines read (bash manual, "mapfile").
    const callback = args.findIndex((a) => a === "-C");
    if (name !== "read" && name !== "getopts" && callback >= 0 && args[callback + 1] !== undefined)
      nestedScript(effect, [args[callback + 1] as string], [argSources[callback + 1] as Resolved], local, depth, "eval");
    // Its operands are variable names, not files.
    return effect;
  }
  commandEffectsOf(effect, name, args, argSources, local, depth, command);
  takeBack(local);
  recordWrites(effect, command, upstream, local, depth);
  return effect;
}

/**
 * A heredoc whose delimiter is not quoted is expanded before the command runs: its substitutions
 * run (`cat <<EOF` … `$(cat .env)` … `EOF`), and the command reads the expanded text when the
 * analyser knows it; else the body as written (a shell reading it meets the expansions again).
 */
const HEREDOC_EXPANDED = 1024 * 1024;

function expandHeredocs(command: ShellCommand, ctx: Context, depth: number): ShellCommand {
  const live = (r: ShellRedirect): boolean => r.body !== undefined && !r.bodyQuoted && /[$`]/.test(r.body);
  if (!command.redirects.some(live)) return command;
  const redirects = command.redirects.map((r) => {
    if (!live(r)) return r;
    const body = r.body as string;
    ctx.budget.chars -= body.length;
    // A body past 1 MiB with expansions in it (no real heredoc) is not expanded: the line is too large to check.
    if (ctx.budget.chars < 0 || body.length > HEREDOC_EXPANDED) {
      ctx.out.opaque.push({ reason: "size", text: shorten(body), words: [], cwd: ctx.cwd, depth, hidden: true });
      return r;
    }
    const word = heredocWord(body, ctx.budget);
    const value = word ? resolveWord(word, ctx, depth) : undefined;
    return value && !value.dynamic && value.values.length === 1 ? { ...r, body: value.values[0] as string } : r;
  });
  return { ...command, redirects };
}

// At most this many values of a loop are followed (a brace expansion's limit); more are unknown.
const LOOP_ITEMS = 32;

/**
 * The variable of `for x in a b c`: each of the listed words when all are literal (a body word
 * holding `$x` is then read once per value; a pattern stands for each of its matches), else unknown.
 */
function loopValue(keyword: ShellWord, words: readonly Resolved[]): VarValue {
  if (keyword.text !== "for" || words[2]?.values[0] !== "in") return { hidden: false };
  const items: string[] = [];
  const globs: boolean[] = [];
  for (const w of words.slice(3)) {
    if (w.dynamic || items.length + w.values.length > LOOP_ITEMS) return { hidden: false };
    items.push(...(w.split ?? w.values));
    globs.push(...(w.split ? w.split.map(() => false) : w.globs));
  }
  return items.length > 0 ? { value: items[0], items, globs, hidden: false, loop: true } : { hidden: false };
}

/** A simple command's record before its effects are read. */
function newEffect(
  argv: string[],
  raw: string[],
  dynamic: boolean[],
  prefixes: string[],
  cwd: string,
  depth: number,
  joinedBy: string,
  upstream: EffectCommand[],
  where: string,
  env: CommandEnv,
): EffectCommand {
  return {
    argv,
    raw,
    dynamic,
    name: argv.length > 0 && !dynamic[0] && (argv[0] as string).length <= PATH_MAX ? basename(argv[0] as string) : "",
    prefixes,
    cwd,
    depth,
    joinedBy,
    pipeline: upstream,
    stage: upstream.length,
    where,
    reads: [],
    writes: [],
    deletes: [],
    moves: [],
    recursive: false,
    redirects: [],
    hiddenOutput: false,
    opaque: [],
    code: [],
    unseenArgs: [],
    env,
  };
}

/** A word known as literal text. */
function literalWord(text: string): Resolved {
  return { values: [text], globs: [false], unset: [], dynamic: false, hidden: false, raw: text, text };
}

/** The text on a command's standard input when the line shows it (heredoc, here-string, known output piped in, a file written earlier). */
function knownStdin(command: ShellCommand, upstream: readonly EffectCommand[], ctx: Context, depth: number): string | undefined {
  for (const r of command.redirects) {
    if ((r.op === "<<" || r.op === "<<-") && r.body !== undefined) return r.body;
    if (r.op === "<<<" && r.target) {
      const value = resolveWord(r.target, ctx, depth);
      return value.dynamic ? undefined : `${value.values.join(" ")}\n`;
    }
    if (r.op === "<" && r.target) {
      const value = resolveWord(r.target, ctx, depth);
      return value.dynamic ? undefined : ctx.files.get(absolutePath(value.values[0] ?? "", ctx.cwd))?.content;
    }
  }
  return command.piped ? upstream[upstream.length - 1]?.output : undefined;
}

// How much of the text a line adds to one file is kept for the guards (CommandEffects.added).
const MAX_ADDED = 64 * 1024;

/** Files the command writes, with their content when the line shows it, for later commands that run them. */
function recordWrites(effect: EffectCommand, command: ShellCommand, upstream: readonly EffectCommand[], ctx: Context, depth: number): void {
  for (const w of effect.writes) {
    let content: string | undefined;
    if (w.via === ">" || w.via === ">|" || w.via === ">>" || w.via === "&>" || w.via === "&>>") {
      content = effect.output ?? (effect.name === "cat" && effect.argv.length === 1 ? knownStdin(command, upstream, ctx, depth) : undefined);
    } else if (w.via === "tee") content = knownStdin(command, upstream, ctx, depth);
    else if (DOWNLOADERS.has(w.via)) {
      // A download saved to a file (`curl -o`, `wget -O`): content the line does not show.
      ctx.files.set(w.path, {});
      continue;
    } else if (w.via !== "cp" && w.via !== "install") continue;
    if (w.via === "cp" || w.via === "install") {
      const from = effect.reads.length === 1 ? ctx.files.get((effect.reads[0] as PathEffect).path) : undefined;
      if (from) ctx.files.set(w.path, from);
      continue;
    }
    if (content === undefined && !effect.hiddenOutput) {
      // Output of a visible program (not decoded, downloaded or computed): as unknown as any file on disk.
      ctx.files.delete(w.path);
      continue;
    }
    if (content !== undefined) {
      const added = (ctx.out.added ??= new Map());
      const text = (added.get(w.path) ?? "") + content;
      added.set(w.path, text.length > MAX_ADDED ? text.slice(0, MAX_ADDED) : text);
    }
    if (w.via.startsWith(">>") || w.via === "&>>") {
      const before = ctx.files.get(w.path);
      content = before && before.content !== undefined && content !== undefined ? before.content + content : undefined;
    }
    ctx.files.set(w.path, content === undefined ? {} : { content });
  }
}

/**
 * Files the agent wrote in earlier calls of its session (runtime/session-context.ts `sessionWrites`),
 * set by run-hook.ts for the call it checks: a script among them is read from disk when the line
 * runs it. None by default (a caller outside a session).
 */
let earlierWrites: (path: string) => boolean = () => false;

/** Sets which files the agent wrote in earlier calls (see earlierWrites); forgets the last result. */
export function setEarlierWrites(has: (path: string) => boolean): void {
  earlierWrites = has;
  lastKey = undefined;
  lastResult = undefined;
}

// A script the agent wrote in an earlier call is read up to this size; a larger one is unseen text.
const MAX_EARLIER_SCRIPT = 1024 * 1024;

/** What a file holds for writtenScript: written earlier in the line, or by the agent in an earlier call (read now). */
function scriptFile(path: string, ctx: Context): WrittenFile | undefined {
  const written = ctx.files.get(path);
  if (written !== undefined || !earlierWrites(path)) return written;
  // Gone: the line fails to run it. Not a regular file, too large, or unreadable: unseen text.
  const stat = fs.statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return undefined;
  if (!stat.isFile() || stat.size > MAX_EARLIER_SCRIPT) return {};
  if (stat.size === 0) return { content: "" };
  const content = readRegularFile(path, MAX_EARLIER_SCRIPT);
  return content === undefined ? {} : { content };
}

/** A script file written earlier in the line or the session, run by a shell, `source` or an interpreter (or executed by path). */
function writtenScript(effect: EffectCommand, path: PathEffect, ctx: Context, depth: number, shell: boolean, same = false): boolean {
  const written = scriptFile(path.path, ctx);
  if (!written) return false;
  if (written.content === undefined) {
    addOpaque(effect, ctx, {
      reason: "hidden-input",
      text: `${path.written || path.path}, written earlier with content the line does not show`,
      words: effect.argv.slice(1),
      cwd: ctx.cwd,
      depth,
      hidden: true,
    });
  } else if (shell) analyseNested(written.content, ctx, depth + 1, ctx.where, same);
  else effect.code.push(written.content);
  return true;
}

/**
 * `cd`, `pushd` and `popd` as bash moves through directories: `cd -` (and `~-`, `$OLDPWD`) is the
 * previous directory, `pushd` keeps a stack that `popd` and `pushd +N`/`-N` return to. A previous
 * directory from before the line is unknown: the working directory is then kept, the payload's own,
 * where the agent's shell most likely is.
 */
function changeDirectory(name: string, args: readonly string[], ctx: Context): void {
  const operand = args.find((a) => !a.startsWith("-") || a === "-" || /^-[0-9]+$/.test(a));
  const enter = (dir: string | undefined, dirs: readonly string[]): void => {
    // A directory whose path is longer than PATH_MAX cannot be entered: the command fails, nothing changes.
    if (dir === undefined || dir.length > PATH_MAX) return;
    storeVar(ctx, "OLDPWD", { value: ctx.cwd, hidden: false });
    ctx.cwd = dir;
    ctx.dirs = dirs;
  };
  const previous = (): string | undefined => knownVariable("OLDPWD", ctx)?.value;
  if (name === "cd") {
    enter(operand === undefined ? ctx.home : operand === "-" ? (previous() ?? ctx.cwd) : absolutePath(operand, ctx.cwd), ctx.dirs);
    return;
  }
  // bash's directory list: the working directory, then the stack.
  const list = [ctx.cwd, ...ctx.dirs];
  const rotation = operand !== undefined && /^[+-][0-9]+$/.test(operand) ? Number(operand.slice(1)) : undefined;
  const index = rotation === undefined ? undefined : operand?.startsWith("+") ? rotation : list.length - 1 - rotation;
  if (name === "pushd") {
    if (index !== undefined) {
      if (index >= 0 && index < list.length) {
        const rotated = [...list.slice(index), ...list.slice(0, index)];
        enter(rotated[0], rotated.slice(1));
      }
    } else if (operand === undefined) {
      if (list.length > 1) enter(list[1], [list[0] as string, ...list.slice(2)]);
    } else enter(operand === "-" ? previous() : absolutePath(operand, ctx.cwd), list);
    return;
  }
  // popd: leaves the top (or the entry +N/-N names) and goes to the next when it left the top.
  const drop = index ?? 0;
  if (list.length < 2 || drop < 0 || drop >= list.length) return;
  if (drop === 0) enter(list[1], list.slice(2));
  else ctx.dirs = list.filter((_, i) => i !== drop).slice(1);
}

/** The earlier stages of `command`'s pipeline (their output is its input). */
export function upstreamOf(command: EffectCommand): EffectCommand[] {
  return command.pipeline.slice(0, command.stage);
}

/** The later stages of `command`'s pipeline (they read its output). */
export function downstreamOf(command: EffectCommand): EffectCommand[] {
  return command.pipeline.slice(command.stage + 1);
}

function addOpaque(effect: EffectCommand, ctx: Context, opaque: OpaqueEffect): void {
  effect.opaque.push(opaque);
  ctx.out.opaque.push(opaque);
}

function quoteWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** What a shell or interpreter reading its standard input gets: known text, hidden, or a file/program. */
function stdinOf(effect: EffectCommand, command: ShellCommand, ctx: Context, depth: number): { text?: string; hidden: boolean; fed: boolean } {
  for (const r of command.redirects) {
    if ((r.op === "<<" || r.op === "<<-") && r.body !== undefined) return { text: r.body, hidden: false, fed: true };
    if (r.op === "<<<" && r.target) {
      const value = resolveWord(r.target, ctx, depth);
      return value.dynamic ? { hidden: value.hidden, fed: true, text: value.values[0] } : { text: `${value.values[0] ?? ""}\n`, hidden: false, fed: true };
    }
    if (r.op === "<") return { hidden: false, fed: true };
  }
  const previous = effect.stage > 0 ? effect.pipeline[effect.stage - 1] : undefined;
  if (command.piped && previous) {
    if (previous.output !== undefined) return { text: previous.output, hidden: false, fed: true };
    return { hidden: previous.hiddenOutput, fed: true };
  }
  return { hidden: false, fed: false };
}

function commandEffectsOf(effect: EffectCommand, name: string, args: string[], sources: Resolved[], ctx: Context, depth: number, command: ShellCommand): void {
  const path = (index: number, via = name): PathEffect => pathEffect(sources[index] as Resolved, 0, ctx, via);
  const previous = effect.stage > 0 ? effect.pipeline[effect.stage - 1] : undefined;
  const stdinHidden = command.piped && previous !== undefined && previous.hiddenOutput;
  // Output the analyser can compute, and outputs it cannot see.
  if (name === "echo" || name === "printf" || name === "print") {
    // A glob among the words prints the names it matches, not itself (`printf '%s\n' .* | xargs cat`):
    // the output is those names, which the analyser does not list.
    const globbed = sources.some((s) => s.globs.some(Boolean));
    if (globbed) effect.output = undefined;
    else if (!effect.dynamic.some((d, i) => d && i > 0)) {
      if (name === "printf") {
        const rest = args[0] === "--" ? args.slice(1) : args;
        const vIndex = rest[0] === "-v" ? 2 : 0;
        if (vIndex === 0) effect.output = printfOutput(rest);
        // `printf -v NAME FORMAT …` assigns the output to NAME.
        else if (rest[1] !== undefined) setVar(ctx, rest[1], { value: printfOutput(rest.slice(2)), hidden: false });
      } else {
        let a = 0;
        let escapes = false;
        let newline = true;
        while (a < args.length && /^-[neE]+$/.test(args[a] as string)) {
          const flags = args[a] as string;
          if (flags.includes("e")) escapes = true;
          if (flags.includes("n")) newline = false;
          a += 1;
        }
        const text = args.slice(a).join(" ");
        effect.output = (escapes ? decodeEchoEscapes(text) : text) + (newline ? "\n" : "");
      }
    } else {
      effect.hiddenOutput = effect.dynamic.some((d, i) => d && i > 0 && (sources[i - 1]?.hidden ?? false));
      if (name === "printf" && args[0] === "-v" && args[1] !== undefined) setVar(ctx, args[1], { hidden: effect.hiddenOutput });
    }
  } else if (name === "cat" && (args.length === 0 || (args.length === 1 && args[0] === "-"))) {
    // `cat` of its standard input prints it: a heredoc, a here-string, known output piped in.
    const stdin = knownStdin(command, upstreamOf(effect), ctx, depth);
    if (stdin !== undefined) effect.output = stdin;
  } else if (name === "pwd") effect.output = `${ctx.cwd}\n`;
  else if (
    (name === "base64" || name === "base32" || name === "basenc" || name === "xxd") &&
    args.some((a) => /^-(d|D|-decode|r|rp|pr)$/.test(a) || (name === "xxd" && /^-[a-z]*r/.test(a)))
  ) {
    const files = args.filter((a) => !a.startsWith("-"));
    let input: string | undefined;
    if (files.length === 0) {
      const stdin = stdinOf(effect, command, ctx, depth);
      input = stdin.text;
    }
    const decoded = input !== undefined ? decodeBase(name, input) : undefined;
    if (decoded !== undefined) effect.output = decoded;
    else effect.hiddenOutput = true;
  } else if (name === "rev" && args.length === 0 && previous?.output !== undefined && command.piped) {
    effect.output = previous.output
      .split("\n")
      .map((line) => [...line].reverse().join(""))
      .join("\n");
  } else if (DOWNLOADERS.has(name) || TRANSFORMERS.has(name) || isInterpreter(name)) effect.hiddenOutput = true;
  else if (stdinHidden && (name === "cat" || name === "tee" || name === "head" || name === "tail")) effect.hiddenOutput = true;

  // `file://` URLs name local files: whatever fetches them reads them.
  if (name !== "echo" && name !== "printf") {
    args.forEach((a, i) => {
      if (!/^file:\/\//i.test(a)) return;
      let local = a.replace(/^file:\/\/(?:localhost)?/i, "").replace(/[?#].*$/, "");
      try {
        local = decodeURIComponent(local);
      } catch {
        // Malformed escapes: the text as written.
      }
      effect.reads.push(pathEffect({ ...(sources[i] as Resolved), values: [local], unset: [local] }, 0, ctx, name));
    });
  }
  // A script written earlier in the line, executed by its path.
  const program = effect.argv[0] as string;
  if (program.includes("/") && writtenScript(effect, pathEffect(literalWord(program), 0, ctx, name), ctx, depth, true)) return;
  // Scripts: `bash -c`, `eval`, shells and interpreters fed on stdin, wrappers.
  if (name === "eval") {
    nestedScript(effect, args, sources, ctx, depth, "eval");
    return;
  }
  if (SHELLS.has(name) || name === "source" || name === ".") {
    shellEffects(effect, name, args, sources, ctx, depth, command);
    return;
  }
  if (AWKS.has(name)) {
    awkEffects(effect, args, sources, ctx, depth, path);
    return;
  }
  if (MAKES.has(name)) {
    makeEffects(effect, args, sources, ctx, depth, command);
    return;
  }
  const deferred = RUNNERS.get(name)?.(
    args,
    () => stdinOf(effect, command, ctx, depth).text,
    (file) => tableFile(file, ctx),
  );
  if (deferred !== undefined) {
    for (const script of deferred.slice(0, 32)) {
      if (script === UNREAD_TABLE)
        addOpaque(effect, ctx, {
          reason: "hidden-input",
          text: `${name} given a file agentihooks cannot read`,
          words: args,
          cwd: ctx.cwd,
          depth,
          hidden: true,
        });
      else analyseNested(script, ctx, depth + 1, ctx.where);
    }
    return;
  }
  if (isInterpreter(name)) {
    const codeFlag = args.findIndex(
      (a, i) =>
        /^-[A-Za-z]*[ceE]$/.test(a) ||
        a === "--eval" ||
        a === "--command" ||
        a === "-" ||
        (/^php/.test(name) && a === "-r") ||
        (/^(node|nodejs|bun)$/.test(name) && (a === "-p" || a === "--print")) ||
        // `deno eval CODE`, `bun eval`-style subcommands: the next word is the program text.
        (/^(deno|bun)$/.test(name) && i === 0 && a === "eval"),
    );
    const script = args.find((a) => !a.startsWith("-"));
    const fromStdin = (codeFlag < 0 && script === undefined) || (codeFlag >= 0 && args[codeFlag] === "-");
    if (fromStdin) {
      const stdin = stdinOf(effect, command, ctx, depth);
      if (stdin.text !== undefined) effect.code.push(stdin.text);
      else if (stdin.fed && stdin.hidden)
        addOpaque(effect, ctx, { reason: "hidden-input", text: `${name} reading computed or downloaded text`, words: args, cwd: ctx.cwd, depth, hidden: true });
    } else if (codeFlag >= 0 && codeFlag + 1 < args.length) {
      effect.code.push(args[codeFlag + 1] as string);
      if (sources[codeFlag + 1]?.hidden)
        addOpaque(effect, ctx, { reason: "hidden-input", text: shorten(sources[codeFlag + 1]?.raw ?? ""), words: args, cwd: ctx.cwd, depth, hidden: true });
    }
    // The words after the program text are its arguments: what it does with them is not seen.
    const programArgs = codeFlag >= 0 ? codeFlag + 2 : script !== undefined ? args.indexOf(script) + 1 : args.length;
    unseenReads(effect, name, args, sources, ctx, programArgs);
    if (codeFlag < 0 && script !== undefined) {
      const index = args.indexOf(script);
      const file = path(index);
      effect.reads.push(file);
      writtenScript(effect, file, ctx, depth, false);
      if (sources[index]?.hidden)
        addOpaque(effect, ctx, { reason: "hidden-input", text: shorten(sources[index]?.raw ?? script), words: args, cwd: ctx.cwd, depth, hidden: true });
    }
    // `perl -pi -e …`, `ruby -i -pe …`: the file operands are edited in place.
    if ((/^perl/.test(name) || name === "ruby") && args.some((a) => /^-[A-Za-z]*i/.test(a))) {
      for (const i of operandIndexes(name.startsWith("perl") ? "perl" : "ruby", args, true).files) {
        effect.reads.push(path(i));
        effect.writes.push(path(i));
      }
    }
    for (const code of effect.code) embeddedCommands(code, ctx, depth);
    codeCallEffects(effect, name, args, ctx, depth);
    return;
  }
  if (CONTAINER_TOOLS.has(name) || CLUSTER_TOOLS.has(name) || REMOTE_SHELLS.has(name)) {
    wrapperEffects(effect, name, args, sources, ctx, depth);
    return;
  }
  fileEffects(effect, name, args, sources, ctx, depth, command, path);
}

/**
 * Programs that run a command later or elsewhere on this machine, given on their command line or
 * stdin: a terminal multiplexer's new window or typed keys (`screen -dm CMD`, `screen -X stuff
 * TEXT`, `tmux new -d 'CMD'`, `tmux send-keys 'CMD' Enter`), a scheduler (`at`, `batch`, `crontab`
 * fed its table), a debugger's program (`gdb --args CMD`, `gdb -ex 'shell CMD'`, `lldb -- CMD`). Each
 * gives the command lines it will run (judged as if typed), or undefined when it runs none.
 */
type Runner = (args: readonly string[], stdin: () => string | undefined, file: (name: string) => string | undefined) => string[] | undefined;

/** Stands, in a runner's scripts, for a table or script file whose text cannot be read. */
const UNREAD_TABLE = "\u0000unread table";
/** A scheduler's table file is read up to this size; a larger one is not checked. */
const MAX_TABLE = 64 * 1024;

/**
 * The text of a file a scheduler is given (`crontab FILE`, `at -f FILE`): what an earlier command
 * of the line wrote there, else the file on disk; "" when there is none (the scheduler refuses it);
 * undefined when it cannot be read (too large, not a regular file, or written by the line with text
 * the analyser does not know).
 */
function tableFile(name: string, ctx: Context): string | undefined {
  const at = absolutePath(name, ctx.cwd);
  const written = ctx.files.get(at);
  if (written !== undefined) return written.content;
  if (fs.statSync(at, { throwIfNoEntry: false }) === undefined) return "";
  const text = readRegularFile(at, MAX_TABLE + 1);
  return text === undefined || text.length > MAX_TABLE ? undefined : text;
}
const RUNNER_TABLE: Readonly<Record<string, Runner>> = {
  screen: (args) => {
    const scripts: string[] = [];
    for (let i = 0; i < args.length; i += 1) {
      const a = args[i] as string;
      if (a === "-X" && args[i + 1] !== undefined) {
        const [verb, ...rest] = args.slice(i + 1);
        if (verb === "stuff" || verb === "exec" || verb === "screen") scripts.push(rest.join(" ").replace(/(\\n|\\r|\^M|\n)+$/, ""));
        return scripts;
      }
      if (!a.startsWith("-")) return [...scripts, args.slice(i).map(quoteWord).join(" ")];
      // Options that take a value, alone or ending a cluster (`-dmS name`).
      if (/^-[A-Za-z]*[ScepTthR]$/.test(a) || a === "-Logfile") i += 1;
    }
    return scripts;
  },
  tmux: (args) => {
    let i = 0;
    while (i < args.length && (args[i] as string).startsWith("-")) i += /^-[A-Za-z]*[LSfcT]$/.test(args[i] as string) ? 2 : 1;
    const verb = args[i];
    const rest = args.slice(i + 1);
    if (verb === undefined) return undefined;
    if (/^(send-keys|send)$/.test(verb))
      return [
        rest
          .filter((w, k) => !w.startsWith("-") && !/^-[a-zA-Z]*t$/.test(rest[k - 1] ?? "") && !/^(Enter|C-[a-z]|M-[a-z]|Escape|Tab|Space|BSpace)$/.test(w))
          .join(" "),
      ];
    if (
      !/^(new-session|new|new-window|neww|split-window|splitw|respawn-pane|respawnp|respawn-window|respawnw|run-shell|run|display-popup|popup|if-shell|if)$/.test(
        verb,
      )
    )
      return undefined;
    const words: string[] = [];
    for (let k = 0; k < rest.length; k += 1) {
      const w = rest[k] as string;
      if (/^-[A-Za-z]*[stncexyFlwhdEfbTS]$/.test(w) && !/^-[dPbvhDZ]+$/.test(w)) k += 1;
      else if (!w.startsWith("-")) words.push(w);
    }
    return words.length > 0 ? [words.join(" ")] : undefined;
  },
  at: (args, stdin, file) => [
    ...(args.includes("-f") ? [] : [stdin() ?? ""]),
    ...args.filter((_, i) => args[i - 1] === "-f").map((f) => file(f) ?? UNREAD_TABLE),
  ],
  batch: (args, stdin, file) => RUNNER_TABLE.at?.(args, stdin, file) ?? [],
  crontab: (args, stdin, file) => {
    // `-l` lists, `-r` removes, `-e` opens an editor; a table file is read from disk.
    if (args.some((a) => /^-[A-Za-z]*[lre]/.test(a))) return undefined;
    const name = args.find((a, i) => !a.startsWith("-") && args[i - 1] !== "-u");
    const table = name === undefined || name === "-" ? stdin() : file(name);
    if (name !== undefined && name !== "-" && table === undefined) return [UNREAD_TABLE];
    return (table ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#") && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(line))
      .map((line) => (line.startsWith("@") ? line.replace(/^@\S+\s+/, "") : line.split(/\s+/).slice(5).join(" ")));
  },
  gdb: (args) => debuggerScripts(args),
  cgdb: (args) => debuggerScripts(args),
  lldb: (args) => debuggerScripts(args),
};

// A Map: a command named like an Object.prototype member (`valueOf`) must find nothing.
const RUNNERS: ReadonlyMap<string, Runner> = new Map(Object.entries(RUNNER_TABLE));

/** A debugger's program (`--args PROG …`, `-- PROG …`) and its `-ex 'shell CMD'` / `-ex '!CMD'` commands. */
function debuggerScripts(args: readonly string[]): string[] {
  const scripts: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    if (a === "--args" || a === "--")
      return [
        ...scripts,
        args
          .slice(i + 1)
          .map(quoteWord)
          .join(" "),
      ];
    if ((a === "-ex" || a === "-o" || a === "--one-line") && args[i + 1] !== undefined) {
      const command = (args[i + 1] as string).trim();
      const shell = /^(?:shell|!|platform shell)\s*(.*)$/.exec(command);
      if (shell) scripts.push(shell[1] as string);
      i += 1;
    }
  }
  return scripts;
}

const MAKES: ReadonlySet<string> = new Set(["make", "gmake", "bmake", "pmake", "remake"]);
// Readers whose option values are names of their own (archives, splits), not more files they read.
const VALUE_TAKING_READERS: ReadonlySet<string> = new Set(["tar", "zip", "7z", "7za", "rar", "rsync", "scp", "sftp", "split", "csplit"]);
// Editors: the files they open they may also write.
const EDITORS: ReadonlySet<string> = new Set("vi vim nvim nano emacs code ed ex pico micro helix hx kak joe mcedit".split(" "));
const AWKS: ReadonlySet<string> = new Set(["awk", "gawk", "mawk", "nawk"]);

/**
 * True for a program whose code (`effect.code`) the analyser does not model beyond the shell
 * commands it runs, the interpreters and make: a credential file its code or arguments name counts
 * as read. awk's program is modelled (its files and commands, see awkEffects), and its patterns
 * (`/\.env/`) are data.
 */
export function codeNamesAreReads(name: string): boolean {
  return MAKES.has(name) || (isInterpreter(name) && !AWKS.has(name));
}

/** A makefile operand that is the command's own standard input. */
const STDIN_FILE = /^(-|\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/;

/**
 * make given its makefile by the command line itself: `-f -` (or `/dev/stdin`) fed by a heredoc, a
 * here-string or a pipe, and GNU make's `--eval=TEXT` / `-E TEXT`. Its recipes are shell commands,
 * so that text is code, as an interpreter's is, and each recipe is analysed as a command line. A
 * makefile read from disk is the project's build, which no hook can see into (docs/guardrails.md,
 * "Threat model").
 */
function makeEffects(effect: EffectCommand, args: string[], sources: Resolved[], ctx: Context, depth: number, command: ShellCommand): void {
  const texts: string[] = [];
  let fromStdin = false;
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    let file: string | undefined;
    let at = i;
    if (a === "-f" || a === "--file" || a === "--makefile" || /^-[A-Za-z]*f$/.test(a)) file = args[(at = ++i)];
    else if (/^--(file|makefile)=/.test(a)) file = a.slice(a.indexOf("=") + 1);
    else if (/^-f./.test(a)) file = a.slice(2);
    else if (a === "-E" || a === "--eval" || a.startsWith("--eval=")) {
      const text = a.startsWith("--eval=") ? a.slice("--eval=".length) : args[(at = ++i)];
      if (text !== undefined) texts.push(text);
    }
    if (sources[at]?.hidden && (file !== undefined || texts.length > 0))
      addOpaque(effect, ctx, { reason: "hidden-input", text: shorten(sources[at]?.raw ?? a), words: args, cwd: ctx.cwd, depth, hidden: true });
    if (file === undefined) continue;
    if (STDIN_FILE.test(file)) {
      fromStdin = true;
      continue;
    }
    // The makefile is read; one written earlier in the line (or a `<(…)`) is text the line shows.
    const makefile = pathEffect({ ...(sources[at] as Resolved), values: [file], unset: [] }, 0, ctx, "make");
    effect.reads.push(makefile);
    const written = ctx.files.get(makefile.path);
    if (written?.content !== undefined) texts.push(written.content);
    else if (written)
      addOpaque(effect, ctx, {
        reason: "hidden-input",
        text: `${file}, a makefile whose text the line does not show`,
        words: args,
        cwd: ctx.cwd,
        depth,
        hidden: true,
      });
  }
  if (fromStdin) {
    const stdin = stdinOf(effect, command, ctx, depth);
    if (stdin.text !== undefined) texts.push(stdin.text);
    else if (stdin.fed && stdin.hidden)
      addOpaque(effect, ctx, { reason: "hidden-input", text: "make reading computed or downloaded text", words: args, cwd: ctx.cwd, depth, hidden: true });
  }
  for (const text of texts) {
    effect.code.push(text);
    for (const recipe of makeRecipes(text).slice(0, 32)) analyseNested(recipe, ctx, depth + 1, ctx.where);
  }
}

/**
 * The shell command lines of a makefile's text: recipe lines (after a tab, without their `@`, `-`
 * and `+` prefixes), the recipe after `;` on a rule line, and the commands of `$(shell …)`; `$$` is
 * make's `$`. Lines continued with a backslash are joined first.
 */
function makeRecipes(text: string): string[] {
  if (text.length > 64 * 1024) return [];
  const recipes: string[] = [];
  const recipe = (line: string): void => {
    const command = line.replace(/^[@+\-\s]+/, "").replaceAll("$$", "$");
    if (command.trim() !== "") recipes.push(command);
  };
  // Scanned with indexOf, not one regex: a line of colons or of unclosed calls stays linear.
  for (const line of text.replaceAll("\\\n", " ").split("\n")) {
    if (line.startsWith("\t")) recipe(line.slice(1));
    else {
      const colon = line.indexOf(":");
      const semi = colon < 0 ? -1 : line.indexOf(";", colon);
      // `target: prerequisites ; recipe`, not an assignment (`=` before the `;`) or a comment.
      if (semi > 0 && !line.slice(0, semi).includes("=") && !line.slice(0, colon).includes("#")) recipe(line.slice(semi + 1));
    }
    for (let at = line.indexOf("shell"); at >= 0; at = line.indexOf("shell", at + 5)) {
      if (at < 2 || line[at - 2] !== "$" || (line[at - 1] !== "(" && line[at - 1] !== "{")) continue;
      const close = line.indexOf(line[at - 1] === "(" ? ")" : "}", at);
      if (close < 0) break;
      recipe(line.slice(at + 5, close));
    }
  }
  return recipes;
}

// Calls by which interpreter code runs a shell command (or a program with arguments).
const EXEC_CALL =
  /\b(?:system|popen|exec[A-Za-z]*|spawn[A-Za-z]*|execa|shell_exec|passthru|proc_open|subprocess|check_output|check_call|getoutput|getstatusoutput|Popen|run|call|IO\.popen|Open3|qx)\b|`|%x[({[]/;
const STRING_LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;

/**
 * Shell commands inside interpreter code that runs them (`os.system("…")`, `subprocess.run([…])`,
 * `execSync("…")`, backticks, `system("…")`): each string literal with a space is read as a command
 * line, and the literals of each `[…]` list joined as one (an argument vector). Code without such a
 * call runs no shell, so its strings are data.
 */
function embeddedCommands(code: string, ctx: Context, depth: number): void {
  if (code.length > 64 * 1024 || !EXEC_CALL.test(code)) return;
  const literals = (text: string): string[] =>
    [...text.matchAll(STRING_LITERAL)].map((m) => (m[1] ?? m[2] ?? m[3] ?? "").replace(/\\(["'`\\])/g, "$1")).slice(0, 64);
  const scripts = literals(code).filter((l) => /\S\s+\S/.test(l));
  for (const list of code.matchAll(/\[([^\][]*)\]/g)) {
    const items = literals(list[1] as string);
    if (items.length > 1) scripts.push(items.map(quoteWord).join(" "));
  }
  for (const script of scripts.slice(0, 32)) analyseNested(script, ctx, depth + 1, ctx.where);
}

/**
 * What the program texts give their file and program calls (code-call-arguments.ts): an argument
 * built in a way the text does not show makes the command opaque; one worked out from literals and
 * variables is added to the code the guards read, and a command line is read as one.
 */
function codeCallEffects(effect: EffectCommand, name: string, args: string[], ctx: Context, depth: number): void {
  for (const code of effect.code.slice()) {
    const calls = callArguments(code, /^(perl|ruby|php)/.test(name));
    if (calls.hidden !== undefined)
      addOpaque(effect, ctx, { reason: "computed-name", text: `${name}: ${calls.hidden}…)`, words: args, cwd: ctx.cwd, depth, hidden: true });
    if (calls.values.length > 0) effect.code.push(calls.values.join("\n"));
    for (const line of calls.commands.slice(0, 32)) analyseNested(line, ctx, depth + 1, ctx.where);
  }
}

/**
 * awk: the program's file input and output (`getline < "f"`, `print > "f"`, `>> "f"`) and the
 * commands it runs (`system("…")`, `"cmd" | getline`, `print | "cmd"`), read from its string literals.
 */
function awkEffects(
  effect: EffectCommand,
  args: string[],
  sources: Resolved[],
  ctx: Context,
  depth: number,
  path: (index: number, via?: string) => PathEffect,
): void {
  let program: string | undefined;
  const files: number[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    if (a === "--") {
      for (let j = i + 1; j < args.length; j += 1) program === undefined ? (program = args[j] as string) : files.push(j);
      break;
    }
    if (a === "-f" || a === "--file") {
      if (i + 1 < args.length) effect.reads.push(path(i + 1));
      program ??= "";
      i += 1;
      continue;
    }
    if (/^(-F|-v|--assign|--field-separator)$/.test(a)) {
      i += 1;
      continue;
    }
    if (a.startsWith("-") && a.length > 1) continue;
    if (program === undefined) {
      program = a;
      if (sources[i]?.hidden)
        addOpaque(effect, ctx, { reason: "hidden-input", text: shorten(sources[i]?.raw ?? a), words: args, cwd: ctx.cwd, depth, hidden: true });
    } else if (assignedName(a) === undefined) files.push(i);
  }
  for (const i of files) effect.reads.push(path(i));
  if (!program) return;
  effect.code.push(program);
  if (program.length > 64 * 1024) {
    addOpaque(effect, ctx, { reason: "hidden-input", text: "an awk program too long to read", words: args, cwd: ctx.cwd, depth, hidden: true });
    return;
  }
  // awk joins strings written side by side (`"cat .e" "nv"` is "cat .env"): read them joined.
  program = joinedAwkLiterals(program);
  const literal = (text: string): PathEffect => pathEffect(literalWord(text), 0, ctx, "awk");
  for (const m of program.matchAll(/getline\b[^;{}<|]*<\s*"((?:[^"\\]|\\.)*)"/g)) effect.reads.push(literal(m[1] as string));
  for (const m of program.matchAll(/(?:^|[^>])>{1,2}\s*"((?:[^"\\]|\\.)*)"/g)) effect.writes.push(literal(m[1] as string));
  const commands = [...program.matchAll(/system\s*\(\s*"((?:[^"\\]|\\.)*)"|"((?:[^"\\]|\\.)*)"\s*\|\s*getline|\|\s*"((?:[^"\\]|\\.)*)"/g)].map((m) =>
    (m[1] ?? m[2] ?? m[3] ?? "").replace(/\\"/g, '"'),
  );
  for (const script of commands.slice(0, 32)) analyseNested(script, ctx, depth + 1, ctx.where);
  // A file or command awk takes from a variable or its input: every string the program holds may be it.
  const computedFile = /getline\b[^;{}<|]*<\s*[^\s"]|(?:^|[^>])>{1,2}\s*[A-Za-z_$(]/.test(program);
  // A command awk builds: `system(` not given one literal, `expr | getline` with no literal before the
  // pipe (`("cat " f) | getline`, `c | getline`), `print | expr` with no literal after it.
  const computedCommand =
    /system\s*\(\s*(?:[^\s")]|"(?:[^"\\]|\\.)*"\s*[^\s)])|(?:^|[^|])\|(?!\|)\s*(?!getline\b)[A-Za-z_$(]|(?:^|[^"\s])\s*\|\s*getline\b/.test(program) ||
    commands.some((c) => {
      const words = c.trim().split(/\s+/);
      return SHELLS.has(basename(words[0] ?? "")) && (words.length === 1 || words.includes("-s"));
    });
  if (computedCommand)
    addOpaque(effect, ctx, { reason: "hidden-input", text: "awk running commands it computes", words: args, cwd: ctx.cwd, depth, hidden: true });
  if (computedFile) {
    for (const m of program.matchAll(/"((?:[^"\\]|\\.)*)"/g)) effect.reads.push(literal(m[1] as string));
    args.forEach((a, i) => {
      const eq = a.indexOf("=");
      if ((args[i - 1] === "-v" || assignedName(a) !== undefined) && eq > 0) effect.reads.push(literal(a.slice(eq + 1)));
    });
  }
}

/** `program` with string literals written side by side (awk's concatenation) joined into one. One pass. */
function joinedAwkLiterals(program: string): string {
  const parts: string[] = [];
  let i = 0;
  while (i < program.length) {
    const open = program.indexOf('"', i);
    if (open < 0) break;
    parts.push(program.slice(i, open + 1));
    let j = open + 1;
    for (;;) {
      const start = j;
      while (j < program.length && program[j] !== '"') j += program[j] === "\\" ? 2 : 1;
      parts.push(program.slice(start, Math.min(j, program.length)));
      // Unterminated: the rest is the literal.
      if (j >= program.length) return parts.join("");
      let k = j + 1;
      while (program[k] === " " || program[k] === "\t") k += 1;
      if (program[k] !== '"') break;
      j = k + 1;
    }
    parts.push('"');
    i = j + 1;
  }
  parts.push(program.slice(i));
  return parts.join("");
}

/**
 * sed's own file and command commands in a script: `r`/`R` read a file, `w`/`W` and `s///w` write
 * one (to the end of the line); GNU's `e command` runs a command, and a bare `e` or the `e` flag of
 * `s///` runs the pattern space (text from the input) as one. Read loosely, so a word that only
 * looks like one of them counts too. Each match runs to the end of its line: linear in the script.
 */
function sedScriptCommands(script: string): Array<{ kind: "read" | "write" | "run"; text: string }> {
  const out: Array<{ kind: "read" | "write" | "run"; text: string }> = [];
  for (const line of script.split("\n")) {
    for (const m of line.matchAll(/(?:^|[;{}!]|[0-9$]|\/)\s*(?:([rRwW])\s*([^\s;}][^\n]*)|[gpiImM0-9]*e(?:$|[\s;}])([^\n]*))/g)) {
      if (m[1] !== undefined) {
        const file = (m[2] as string).trim();
        if (file !== "") out.push({ kind: /[wW]/.test(m[1]) ? "write" : "read", text: file });
      } else out.push({ kind: "run", text: (m[3] as string).replace(/[;}].*$/, "").trim() });
    }
  }
  return out;
}

function nestedScript(effect: EffectCommand, args: string[], sources: Resolved[], ctx: Context, depth: number, how: string): void {
  const script = args.join(" ");
  const hidden = sources.some((s) => s.hidden);
  if (hidden) {
    addOpaque(effect, ctx, { reason: "dynamic-eval", text: shorten(sources.map((s) => s.raw).join(" ")), words: args, cwd: ctx.cwd, depth, hidden: true });
    if (how === "eval") anyVariable(ctx);
    return;
  }
  if (sources.some((s) => s.dynamic)) {
    // Partly computed: the visible text is read as a script; an unresolved name in it is opaque.
    addOpaque(effect, ctx, { reason: "dynamic-eval", text: shorten(sources.map((s) => s.raw).join(" ")), words: args, cwd: ctx.cwd, depth, hidden: false });
  }
  // `eval` runs its text in this shell: what it sets stays (computed text may set anything).
  const same = how === "eval";
  if (same && (hidden || sources.some((s) => s.dynamic))) anyVariable(ctx);
  const nested = analyseNested(script, ctx, depth + 1, ctx.where, same);
  effect.hiddenOutput ||= nested.hidden;
  void how;
}

function shellEffects(effect: EffectCommand, name: string, args: string[], sources: Resolved[], ctx: Context, depth: number, command: ShellCommand): void {
  if (name === "source" || name === ".") {
    if (args.length > 0) {
      const src = sources[0] as Resolved;
      if (src.hidden) addOpaque(effect, ctx, { reason: "hidden-input", text: shorten(src.raw), words: args, cwd: ctx.cwd, depth, hidden: true });
      const file = pathEffect(src, 0, ctx, name);
      effect.reads.push(file);
      // The file runs in this shell: what it sets stays. One the line does not show may set anything.
      const written = ctx.files.get(file.path);
      if (!writtenScript(effect, file, ctx, depth, true, true) && !/^\/dev\/(stdin|fd\/0)$/.test(args[0] as string)) anyVariable(ctx);
      else if (written !== undefined && written.content === undefined) anyVariable(ctx);
      if (/^\/dev\/(stdin|fd\/0)$/.test(args[0] as string)) {
        const stdin = stdinOf(effect, command, ctx, depth);
        if (stdin.text !== undefined) analyseNested(stdin.text, ctx, depth + 1, ctx.where, true);
        else {
          anyVariable(ctx);
          if (stdin.hidden)
            addOpaque(effect, ctx, {
              reason: "hidden-input",
              text: `${name} reading computed or downloaded text`,
              words: args,
              cwd: ctx.cwd,
              depth,
              hidden: true,
            });
        }
      }
    }
    return;
  }
  let i = 0;
  let stdinScript = false;
  while (i < args.length) {
    const a = args[i] as string;
    if (a === "--" || a === "-") {
      if (a === "-") stdinScript = true;
      i += 1;
      break;
    }
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(a)) {
      const scriptIndex = i + 1;
      if (scriptIndex < args.length) nestedScript(effect, [args[scriptIndex] as string], [sources[scriptIndex] as Resolved], ctx, depth, name);
      return;
    }
    if (/^[-+][A-Za-z]*s[A-Za-z]*$/.test(a)) stdinScript = true;
    // `--rcfile F`/`--init-file F`: F is sourced first.
    if ((a === "--rcfile" || a === "--init-file") && i + 1 < args.length) {
      const rc = pathEffect(sources[i + 1] as Resolved, 0, ctx, name);
      effect.reads.push(rc);
      writtenScript(effect, rc, ctx, depth, true);
    }
    if (/^[-+]o$/.test(a) || a === "--rcfile" || a === "--init-file") i += 1;
    if (!a.startsWith("-") && !a.startsWith("+")) break;
    i += 1;
  }
  const script = stdinScript ? undefined : args[i];
  if (script !== undefined && !/^\/dev\/(stdin|fd\/0)$/.test(script)) {
    const src = sources[i] as Resolved;
    if (src.hidden) addOpaque(effect, ctx, { reason: "hidden-input", text: shorten(src.raw), words: args, cwd: ctx.cwd, depth, hidden: true });
    const file = pathEffect(src, 0, ctx, name);
    effect.reads.push(file);
    unseenReads(effect, name, args, sources, ctx, i + 1);
    writtenScript(effect, file, ctx, depth, true);
    return;
  }
  const stdin = stdinOf(effect, command, ctx, depth);
  if (stdin.text !== undefined) analyseNested(stdin.text, ctx, depth + 1, ctx.where);
  else if (stdin.hidden)
    addOpaque(effect, ctx, { reason: "hidden-input", text: `${name} reading computed or downloaded text`, words: args, cwd: ctx.cwd, depth, hidden: true });
}

/** The index where the command a wrapper runs starts, or -1; and whether it is one script string. */
function wrappedCommand(name: string, args: readonly string[]): { start: number; script: boolean } {
  if (REMOTE_SHELLS.has(name)) {
    if (name !== "ssh" && name !== "autossh" && name !== "mosh" && name !== "sshpass") {
      // `gcloud compute ssh … --command '…'`, `fly ssh console -C '…'`.
      const flag = args.findIndex((a) => a === "--command" || a === "-C" || a === "--cmd" || a.startsWith("--command="));
      if (flag < 0) return { start: -1, script: false };
      return (args[flag] as string).includes("=") ? { start: flag, script: true } : { start: flag + 1, script: true };
    }
    let i = 0;
    if (name === "sshpass") {
      while (i < args.length && (args[i] as string).startsWith("-")) i += /^-[pfe]$/.test(args[i] as string) ? 2 : 1;
      return { start: i, script: false };
    }
    while (i < args.length) {
      const a = args[i] as string;
      if (a === "--") {
        i += 1;
        break;
      }
      if (!a.startsWith("-")) break;
      i += SSH_VALUE_OPTIONS.has(a) ? 2 : 1;
    }
    // The host, then the remote command (joined by ssh and read by the remote shell).
    return i + 1 < args.length ? { start: i + 1, script: true } : { start: -1, script: false };
  }
  const dash = args.indexOf("--");
  if (CLUSTER_TOOLS.has(name) && dash >= 0) return { start: dash + 1, script: false };
  // `docker exec [options] CONTAINER CMD…`, `docker run [options] IMAGE CMD…`, `docker compose exec SERVICE CMD…`.
  let i = 0;
  let sawVerb = false;
  let positional = 0;
  // A cluster tool runs a command only through exec, run or debug (`kubectl create secret generic …` runs none).
  const verbs = CLUSTER_TOOLS.has(name) ? /^(exec|run|debug)$/ : /^(exec|run|debug|shell|attach|enter|ssh|start|create)$/;
  while (i < args.length) {
    const a = args[i] as string;
    if (a === "--") {
      i += 1;
      if (sawVerb) return { start: i, script: false };
      continue;
    }
    if (a.startsWith("-")) {
      i += !a.includes("=") && DOCKER_VALUE_OPTIONS.has(a) ? 2 : 1;
      continue;
    }
    if (!sawVerb) {
      if (verbs.test(a)) sawVerb = true;
      i += 1;
      continue;
    }
    positional += 1;
    i += 1;
    if (positional === 1) return { start: args[i] === "--" ? i + 1 : i, script: false };
  }
  return { start: -1, script: false };
}

const MOUNTING_TOOLS: ReadonlySet<string> = new Set(["docker", "podman", "nerdctl"]);

/**
 * The host paths a `docker`/`podman`/`nerdctl` `run` or `create` binds into the container, each
 * with its container path (normalised, `/` for the container's root): `-v SRC:DST[:opts]`, `--volume[=]SRC:DST`, `--mount type=bind,source=SRC,target=DST`
 * (docs.docker.com, "Bind mounts"). A source that is not a path (`-v data:/x`) is a named volume and
 * holds no host path. `docker exec` makes no mounts: the container's own are not visible here.
 */
export function bindMounts(name: string, args: readonly string[], home: string, cwd: string): Array<{ source: string; target: string }> {
  const mounts: Array<{ source: string; target: string }> = [];
  if (!MOUNTING_TOOLS.has(name)) return mounts;
  const verb = args.findIndex((a) => a === "run" || a === "create");
  if (verb < 0) return mounts;
  const add = (source: string | undefined, target: string | undefined): void => {
    if (!source || !target || !target.startsWith("/")) return;
    const expanded = source === "~" || source.startsWith("~/") ? home + source.slice(1) : source;
    if (!expanded.startsWith("/") && !expanded.startsWith(".")) return;
    mounts.push({ source: absolutePath(expanded, cwd), target: absolutePath(target, "/") });
  };
  for (let i = verb + 1; i < args.length; i += 1) {
    const a = args[i] as string;
    if (!a.startsWith("-")) break;
    const volume =
      a === "-v" || a === "--volume" ? args[(i += 1)] : a.startsWith("--volume=") ? a.slice(9) : a.startsWith("-v") && a.length > 2 ? a.slice(2) : undefined;
    if (volume !== undefined) {
      const [source, target] = volume.split(":");
      add(source, target);
      continue;
    }
    const mount = a === "--mount" ? args[(i += 1)] : a.startsWith("--mount=") ? a.slice(8) : undefined;
    if (mount !== undefined) {
      const fields = new Map(mount.split(",").map((f) => [f.split("=")[0] as string, f.slice(f.indexOf("=") + 1)] as [string, string]));
      add(fields.get("source") ?? fields.get("src"), fields.get("target") ?? fields.get("destination") ?? fields.get("dst"));
      continue;
    }
    if (!a.includes("=") && DOCKER_VALUE_OPTIONS.has(a)) i += 1;
  }
  return mounts;
}

/**
 * The working directory a container command starts in when the line names it (`docker run -w DIR`,
 * `--workdir=DIR`, `docker exec -w DIR`): an absolute path inside the container. Undefined when it
 * is not given (the image's WORKDIR, which the line does not show).
 */
function containerWorkdir(name: string, args: readonly string[]): string | undefined {
  if (!MOUNTING_TOOLS.has(name)) return undefined;
  const verb = args.findIndex((a) => a === "run" || a === "create" || a === "exec");
  if (verb < 0) return undefined;
  let workdir: string | undefined;
  for (let i = verb + 1; i < args.length; i += 1) {
    const a = args[i] as string;
    if (!a.startsWith("-")) break;
    if (a === "-w" || a === "--workdir") workdir = args[(i += 1)];
    else if (a.startsWith("--workdir=")) workdir = a.slice("--workdir=".length);
    else if (a.startsWith("-w") && a.length > 2) workdir = a.slice(2);
    else if (!a.includes("=") && DOCKER_VALUE_OPTIONS.has(a)) i += 1;
  }
  return workdir !== undefined && workdir.startsWith("/") ? absolutePath(workdir, "/") : undefined;
}

/**
 * Reads the command a wrapper runs. Inside a container started with bind mounts, the mounted
 * container paths lead to their host paths, as an `ln` of the line does (`aliasOf`), for that
 * command only; a working directory the line gives the container is where its relative paths
 * start (`-v ~:/h -w /h/.aws … cat credentials` reads ~/.aws/credentials).
 */
function wrapperEffects(effect: EffectCommand, name: string, args: string[], sources: Resolved[], ctx: Context, depth: number): void {
  // A mount at the container's root puts every absolute path of the container under its source.
  const mounts = new Map(bindMounts(name, args, ctx.home, ctx.cwd).map(({ source, target }) => [target, source] as const));
  const workdir = containerWorkdir(name, args);
  if (mounts.size === 0 && workdir === undefined) {
    wrappedEffects(effect, name, args, sources, ctx, depth);
    return;
  }
  const saved = [...mounts.keys()].map((inside) => [inside, ctx.links.get(inside), ctx.same.has(inside)] as const);
  for (const [inside, host] of mounts) link(ctx, inside, ctx.links.get(host) ?? host, true);
  const hostCwd = ctx.cwd;
  if (workdir !== undefined) ctx.cwd = workdir;
  try {
    wrappedEffects(effect, name, args, sources, ctx, depth);
  } finally {
    ctx.cwd = hostCwd;
    for (const [inside, before, same] of saved) {
      if (before === undefined) ctx.links.delete(inside);
      else link(ctx, inside, before, same);
      if (!same) ctx.same.delete(inside);
    }
  }
}

function wrappedEffects(effect: EffectCommand, name: string, args: string[], sources: Resolved[], ctx: Context, depth: number): void {
  const { start, script } = wrappedCommand(name, args);
  const verb = args.findIndex((a) => !a.startsWith("-") && a !== "compose");
  if (start < 0 && args[verb] === "cp") {
    // `docker cp SRC DEST`, `kubectl cp SRC DEST`: every word after `cp` but the last may be a source
    // (a `CONTAINER:PATH` names the path inside it); copied, it can be read under any name.
    const words = args.map((a, i) => ({ a, i })).filter(({ a, i }) => i > verb && !a.startsWith("-"));
    for (const { a, i } of words.slice(0, -1)) {
      const inside = /^[A-Za-z0-9_./-]+:(?!\/\/)/.exec(a);
      const text = inside ? a.slice(inside[0].length) : a;
      effect.reads.push(pathEffect({ ...(sources[i] as Resolved), values: [text], unset: [text] }, 0, ctx, name));
    }
  }
  // A cluster tool that runs no command still reads what it is given (`kubectl create secret generic
  // x --from-env-file=.env`, which `-o yaml` prints back): how it uses the words is not modelled.
  if (start < 0 && CLUSTER_TOOLS.has(name) && args[verb] !== "cp") unseenReads(effect, name, args, sources, ctx, 0);
  if (start < 0 || start >= args.length) return;
  const where = name;
  if (script) {
    const text = (args[start] as string).startsWith("--command=") ? (args[start] as string).slice("--command=".length) : args.slice(start).join(" ");
    if (sources.slice(start).some((s) => s.hidden))
      addOpaque(effect, ctx, { reason: "dynamic-eval", text: shorten(text), words: args.slice(start), cwd: ctx.cwd, depth, hidden: true });
    analyseNested(text, ctx, depth + 1, where);
    return;
  }
  // An argument vector run directly (no shell): re-read as one command of quoted words.
  analyseNested(args.slice(start).map(quoteWord).join(" "), ctx, depth + 1, where);
  effect.hiddenOutput = false;
}

/** The index in git's arguments (after `git`) of its subcommand, past the global options and their values; -1 when there is none. */
export function gitSubcommand(args: readonly string[]): number {
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    if (a === "-C" || a === "-c" || a === "--git-dir" || a === "--work-tree" || a === "--namespace" || a === "--config-env") {
      i += 1;
      continue;
    }
    if (!a.startsWith("-")) return i;
  }
  return -1;
}

// git configuration keys whose value git runs as a shell command (or, `alias.*` with `!`, as a script).
const GIT_COMMAND_KEY =
  /^(core\.(pager|editor|sshcommand|fsmonitor|askpass|gitproxy)|pager\..+|sequence\.editor|diff\.external|diff\..+\.(textconv|command)|merge\..+\.driver|filter\..+\.(clean|smudge|process)|credential\.helper|credential\..+\.helper|gpg\.program|gpg\..+\.program|sendemail\.(smtpserver|tocmd|cccmd)|web\.browser|browser\..+\.cmd|(diff|merge)tool\..+\.cmd|uploadpack\.packobjectshook|remote\..+\.(uploadpack|receivepack|vcs)|alias\..+|ssh\.variant|core\.hookspath)$/;

/** A git configuration value that runs as a command, read as a script (`-c core.pager='…'`, `git config alias.x '!…'`). */
function gitConfigEffect(key: string, value: string, ctx: Context, depth: number): void {
  const k = key.toLowerCase();
  if (!GIT_COMMAND_KEY.test(k) || k === "core.hookspath") return;
  if (k.startsWith("alias.") && !value.startsWith("!")) return;
  const script = value.replace(/^!/, "");
  if (script.trim() !== "") analyseNested(script, ctx, depth + 1, ctx.where);
}

/** git: configuration given on the line that runs commands, and the files `checkout`/`restore` overwrite. */
function gitEffects(effect: EffectCommand, args: string[], sources: Resolved[], ctx: Context, depth: number): void {
  let i = 0;
  let cwd = ctx.cwd;
  for (; i < args.length; i += 1) {
    const a = args[i] as string;
    if (!a.startsWith("-")) break;
    if (a === "-c" && i + 1 < args.length) {
      const pair = args[i + 1] as string;
      const eq = pair.indexOf("=");
      if (eq > 0) gitConfigEffect(pair.slice(0, eq), pair.slice(eq + 1), ctx, depth);
      if (sources[i + 1]?.hidden)
        addOpaque(effect, ctx, { reason: "dynamic-eval", text: shorten(sources[i + 1]?.raw ?? pair), words: [], cwd, depth, hidden: true });
      i += 1;
    } else if (a === "-C" && i + 1 < args.length) {
      cwd = absolutePath(args[i + 1] as string, cwd);
      i += 1;
    } else if (/^(--git-dir|--work-tree|--namespace|--config-env|--exec-path|--super-prefix)$/.test(a)) i += 1;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (sub === "config") {
    // `git config [--global …] KEY VALUE`, `git config set KEY VALUE`.
    const positional = rest.filter((a, k) => !a.startsWith("-") && !(k > 0 && /^(-f|--file|--blob|--type|--default|--comment)$/.test(rest[k - 1] as string)));
    const words = positional[0] === "set" || positional[0] === "add" ? positional.slice(1) : positional;
    if (words.length >= 2) gitConfigEffect(words[0] as string, words[1] as string, ctx, depth);
  }
  if (sub === "checkout" || sub === "restore") {
    for (const k of gitRestoredFiles(sub, rest, cwd)) effect.writes.push(pathEffect(sources[i + 1 + k] as Resolved, 0, { ...ctx, cwd }, "git"));
  }
}

// Options of `git checkout` and `git restore` whose value is the next word (git-checkout(1), git-restore(1)).
const GIT_RESTORE_VALUES = new Set(["-s", "--source", "-b", "-B", "--orphan", "--pathspec-from-file", "--conflict", "--inter-hunk-context"]);

/**
 * The positions in `rest` (the words after `checkout` or `restore`) of the files the command
 * overwrites from the index or a commit: every operand after `--`; `restore`'s every operand;
 * `checkout TREE FILE…`'s operands after the first; and `checkout NAME` when NAME is a file here
 * (a name that is a branch and a file at once is refused by git as ambiguous). `restore
 * --staged` without `--worktree` writes only the index.
 */
function gitRestoredFiles(sub: string, rest: readonly string[], cwd: string): number[] {
  // `restore --staged` alone restores the index, not the files.
  if (sub === "restore" && rest.some((a) => a === "--staged" || /^-[A-Za-z]*S/.test(a)) && !rest.some((a) => a === "--worktree" || /^-[A-Za-z]*W/.test(a)))
    return [];
  const dash = rest.indexOf("--");
  if (dash >= 0) return rest.map((_, k) => k).filter((k) => k > dash);
  const operands: number[] = [];
  for (let k = 0; k < rest.length; k += 1) {
    const a = rest[k] as string;
    if (GIT_RESTORE_VALUES.has(a)) k += 1;
    else if (!a.startsWith("-")) operands.push(k);
  }
  if (sub === "restore") return operands;
  if (rest.some((a) => /^-[bB]|^--orphan/.test(a))) return [];
  if (operands.length > 1) return operands.slice(1);
  const only = operands[0];
  if (only === undefined) return [];
  try {
    return fs.statSync(absolutePath(rest[only] as string, cwd)).isDirectory() ? [] : [only];
  } catch {
    return [];
  }
}

/**
 * Where a `cp`, `mv`, `ln` or `install` puts its sources (coreutils manual): into the destination
 * as `DEST/basename(SOURCE)` when it is a directory (given by `-t`, existing on disk, made by an
 * earlier `mkdir` of the line, or written with a trailing `/`), else, or with `-T` (and, for `ln
 * -n`, a destination that is a link), the destination itself. A trailing `/` alone may still be
 * the destination itself (`mv dir new/` renames dir): both are reported then. A one-operand `ln`
 * makes its link in the working directory.
 */
/** Records that `path` leads to `from`: the file itself (`same`: an `ln`, a bind mount) or a copy of it. */
function link(ctx: Context, path: string, from: string, same: boolean): void {
  ctx.links.set(path, from);
  if (same) ctx.same.add(path);
  else ctx.same.delete(path);
}

function landingWrites(
  name: string,
  args: readonly string[],
  to: PathEffect,
  sources: readonly PathEffect[],
  targetDirectory: boolean,
  ctx: Context,
): PathEffect[] {
  if (name === "ln" && !targetDirectory && sources.length === 0 && args.filter((a) => !a.startsWith("-")).length === 1) {
    return [landing({ ...to, path: ctx.cwd, written: ".", glob: false, dynamic: false, aliasOf: undefined }, to)];
  }
  if (sources.length === 0 || to.glob || to.dynamic) return [to];
  const noTarget = args.some((a) => (/^-[A-Za-z]*T/.test(a) && !a.startsWith("--")) || a === "--no-target-directory");
  if (noTarget && !targetDirectory) return [to];
  const noDeref = name === "ln" && args.some((a) => (/^-[A-Za-z]*n/.test(a) && !a.startsWith("--")) || a === "--no-dereference");
  let certain = targetDirectory || ctx.made.has(to.path);
  if (!certain) {
    try {
      certain = (noDeref ? fs.lstatSync(to.path, { throwIfNoEntry: false }) : fs.statSync(to.path, { throwIfNoEntry: false }))?.isDirectory() === true;
    } catch {
      // Not to be looked at (permissions, a name too long): not known to be a directory.
    }
  }
  const slash = !noDeref && to.written.endsWith("/");
  if (!certain && !slash) return [to];
  // `cp -r dir/. dest` copies dir's entries into dest itself: what lands there is not shown.
  const landed = sources.map((source) => (/(?:^|\/)\.\.?\/*$/.test(source.written) || source.written === "" ? to : landing(to, source)));
  return certain ? [...new Set(landed)] : [...new Set([to, ...landed])];
}

/** `dest/basename(source)`, as a write of the command. */
function landing(dest: PathEffect, source: PathEffect): PathEffect {
  const base = posix.basename(source.path);
  const path = dest.path === "/" ? `/${base}` : `${dest.path}/${base}`;
  const effect: PathEffect = {
    path,
    written: `${dest.written.replace(/\/+$/, "")}/${base}`,
    glob: source.glob,
    dynamic: dest.dynamic || source.dynamic,
    via: dest.via,
  };
  if (effect.dynamic) effect.unset = `${dest.unset ?? dest.path}/${posix.basename(source.unset ?? source.path)}`;
  if (dest.aliasOf !== undefined) effect.aliasOf = `${dest.aliasOf}/${base}`;
  return effect;
}

function fileEffects(
  effect: EffectCommand,
  name: string,
  args: string[],
  sources: Resolved[],
  ctx: Context,
  depth: number,
  command: ShellCommand,
  path: (index: number, via?: string) => PathEffect,
): void {
  void command;
  if (name === "mkdir") {
    // Where a later `cp`/`mv`/`ln`/`install` of the line puts its files (see `landingWrites`).
    for (let i = 0; i < args.length; i += 1) {
      const a = args[i] as string;
      if (a === "-m" || a === "--mode" || a === "--context") i += 1;
      else if (!a.startsWith("-")) ctx.made.add(path(i).path);
    }
  }
  if (DELETERS.has(name)) {
    let options = true;
    for (let i = 0; i < args.length; i += 1) {
      const a = args[i] as string;
      if (options && a === "--") {
        options = false;
        continue;
      }
      if (options && a.startsWith("--")) {
        if (longOptionMatches(a, "--recursive", RM_LONG)) effect.recursive = true;
        continue;
      }
      if (options && a.startsWith("-") && a.length > 1) {
        if (/[rR]/.test(a.slice(1))) effect.recursive = true;
        continue;
      }
      if (name === "gio" && i === 0) {
        // `gio trash`/`gio remove`: trash takes whole trees; other gio verbs delete nothing.
        if (a !== "trash" && a !== "remove") return;
        if (a === "trash") effect.recursive = true;
        continue;
      }
      // A trash command moves whole trees away without any -r.
      if (name === "trash" || name === "trash-put") effect.recursive = true;
      effect.deletes.push(path(i));
    }
    return;
  }
  if (name === "find") {
    findEffects(effect, args, sources, ctx, depth, path);
    return;
  }
  if (name === "fd" || name === "fdfind") {
    fdEffects(effect, args, ctx, depth, path);
    return;
  }
  if (name === "dd") {
    args.forEach((a, i) => {
      if (a.startsWith("if="))
        effect.reads.push(
          pathEffect(
            { ...(sources[i] as Resolved), values: [a.slice(3)], unset: (sources[i] as Resolved).unset.map((u) => u.replace(/^if=/, "")) },
            0,
            ctx,
            "dd",
          ),
        );
      if (a.startsWith("of="))
        effect.writes.push(
          pathEffect(
            { ...(sources[i] as Resolved), values: [a.slice(3)], unset: (sources[i] as Resolved).unset.map((u) => u.replace(/^of=/, "")) },
            0,
            ctx,
            "dd",
          ),
        );
    });
    return;
  }
  if (
    name === "tee" ||
    name === "sponge" ||
    name === "truncate" ||
    name === "touch" ||
    name === "mkfifo" ||
    name === "chmod" ||
    name === "chown" ||
    name === "chgrp" ||
    name === "chattr" ||
    name === "setfacl" ||
    name === "xattr"
  ) {
    const skipFirst = name === "chmod" || name === "chown" || name === "chgrp" || name === "chattr" || name === "setfacl" || name === "xattr";
    let seen = false;
    let options = true;
    for (let i = 0; i < args.length; i += 1) {
      const a = args[i] as string;
      if (options && a === "--") {
        options = false;
        continue;
      }
      if (options && a.startsWith("-") && a.length > 1) {
        if (name === "truncate" && (a === "-s" || a === "-r" || a === "--size" || a === "--reference")) i += 1;
        if (name === "chmod" && /^-[rwxXst]+$/.test(a)) {
          if (!seen) seen = true;
        }
        continue;
      }
      if (skipFirst && !seen && !(name === "chmod" && false)) {
        seen = true;
        continue;
      }
      effect.writes.push(path(i));
    }
    return;
  }
  if (name === "sed") {
    const inPlace = args.some((a) => /^-[A-Za-z]*i/.test(a) || a.startsWith("--in-place"));
    const { files } = operandIndexes("sed", args, true);
    for (const i of files) {
      effect.reads.push(path(i));
      if (inPlace) effect.writes.push(path(i));
    }
    {
      const scripts: string[] = [];
      args.forEach((a, i) => {
        if ((a === "-e" || a === "--expression") && i + 1 < args.length) scripts.push(args[i + 1] as string);
        else if (a.startsWith("--expression=")) scripts.push(a.slice("--expression=".length));
      });
      if (scripts.length === 0) {
        const first = args.findIndex(
          (a, i) => !a.startsWith("-") && !files.includes(i) && !(i > 0 && /^(-l|--line-length|-f|--file)$/.test(args[i - 1] as string)),
        );
        if (first >= 0) scripts.push(args[first] as string);
      }
      for (const script of scripts) {
        effect.code.push(script);
        for (const { kind, text } of sedScriptCommands(script)) {
          if (kind !== "run") (kind === "write" ? effect.writes : effect.reads).push(pathEffect(literalWord(text), 0, ctx, "sed"));
          else if (text !== "") analyseNested(text, ctx, depth + 1, ctx.where);
          else
            addOpaque(effect, ctx, {
              reason: "hidden-input",
              text: `sed running its input as a command (${shorten(script)})`,
              words: args,
              cwd: ctx.cwd,
              depth,
              hidden: true,
            });
        }
      }
    }
    return;
  }
  if (name === "curl" || name === "wget" || name === "http" || name === "xh") {
    for (let i = 0; i < args.length; i += 1) {
      const a = args[i] as string;
      const next = args[i + 1];
      const eq = a.indexOf("=");
      const option = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
      const value = a.startsWith("--") && eq > 0 ? a.slice(eq + 1) : next;
      const at = (v: string | undefined): string | undefined =>
        v !== undefined && v.includes("@") ? v.slice(v.indexOf("@") + 1).replace(/;.*$/, "") : undefined;
      const pushRead = (p: string): void => {
        effect.reads.push(pathEffect({ ...(sources[i] as Resolved), values: [p], unset: [p] }, 0, ctx, name));
      };
      if (/^(-d|--data|--data-binary|--data-raw|--data-ascii|--data-urlencode|--json|-F|--form|--form-string)$/.test(option)) {
        const file = at(value);
        if (file && option !== "--data-raw" && option !== "--form-string") pushRead(file);
        if (eq < 0) i += 1;
      } else if (/^-d.|^-F./.test(a)) {
        const file = at(a.slice(2));
        if (file) pushRead(file);
      } else if (/^(-T|--upload-file|--post-file|--body-file|-K|--config)$/.test(option) && value !== undefined) {
        pushRead(value);
        if (eq < 0) i += 1;
      } else if (
        (/^(-o|--output|-O|--output-document)$/.test(option) || (name === "curl" ? /^-[A-Za-z]+o$/ : /^-[A-Za-z]+O$/).test(option)) &&
        value !== undefined &&
        !(name === "curl" && option === "-O")
      ) {
        if (value !== "-") effect.writes.push(pathEffect({ ...(sources[i + (eq < 0 ? 1 : 0)] as Resolved), values: [value] }, 0, ctx, name));
        if (eq < 0) i += 1;
      } else if (a.startsWith("@") && (name === "http" || name === "xh")) pushRead(a.slice(1));
      else if (/^[A-Za-z0-9_.-]+=?@/.test(a) && (name === "http" || name === "xh")) pushRead(a.slice(a.indexOf("@") + 1));
      else if (eq < 0 && optionValues(name).includes(a)) i += 1;
    }
    return;
  }
  if (name === "git") {
    gitEffects(effect, args, sources, ctx, depth);
    return;
  }
  if (
    (name === "cpio" && args.some((a) => /^-[A-Za-z]*[op]/.test(a) || a === "--create" || a === "--pass-through")) ||
    (name === "pax" && args.some((a) => /^-[A-Za-z]*w/.test(a)))
  ) {
    // Archivers that take the names of the files to read on standard input.
    const stdin = knownStdin(command, effect.pipeline.slice(0, effect.stage), ctx, depth);
    for (const line of (stdin ?? "")
      .slice(0, 64 * 1024)
      .split(/[\n\u0000]/)
      .slice(0, 256))
      if (line.trim() !== "") effect.reads.push(pathEffect(literalWord(line.trim()), 0, ctx, name));
    return;
  }
  if (name === "tar" || name === "gtar" || name === "bsdtar") {
    const create = args.some((a) => (/^-?[A-Za-z]*c/.test(a) && !a.startsWith("--")) || a === "--create");
    const { files, optionFiles } = operandIndexes("tar", args, false);
    for (const i of files) effect.reads.push(path(i));
    for (const i of optionFiles) (create ? effect.writes : effect.reads).push(path(i));
    // `--remove-files` (GNU tar takes any unique abbreviation, `--rem` on) deletes what it archived.
    if (args.some((a) => longOptionIs(a, "--remove-files", 5))) {
      for (const i of files) effect.deletes.push(path(i));
      effect.recursive = true;
    }
    return;
  }
  sourceDeletes(effect, name, args, path);
  if (COPIERS.has(name)) {
    const { files } = operandIndexes(name, args, false);
    const targetFlag = args.findIndex((a) => a === "-t" || a === "--target-directory" || a.startsWith("--target-directory="));
    let destination: number | undefined;
    let sourcesIdx = files;
    if (targetFlag >= 0) {
      destination = (args[targetFlag] as string).includes("=") ? targetFlag : targetFlag + 1;
    } else if (files.length >= 2 || (name === "ln" && files.length === 1)) {
      destination = files[files.length - 1] as number;
      sourcesIdx = files.slice(0, -1);
      if (name === "ln") sourcesIdx = [];
    }
    for (const i of sourcesIdx) if (i !== destination) effect.reads.push(path(i));
    if (destination !== undefined) {
      let to = path(destination);
      if (name === "ln" || name === "cp" || name === "install" || name === "rsync") {
        // A later path under the destination leads to the source (`ln -s ~/.ssh /tmp/s; cat /tmp/s/id_rsa`).
        const linked = name === "ln" ? files.filter((i) => i !== destination) : sourcesIdx;
        for (const i of linked) {
          const from = path(i).path;
          link(ctx, to.path, from, name === "ln");
          link(ctx, `${to.path}/${posix.basename(from)}`, from, name === "ln");
        }
      }
      if (targetFlag >= 0 && (args[targetFlag] as string).includes("="))
        to = {
          ...to,
          written: (args[targetFlag] as string).split("=")[1] as string,
          path: absolutePath((args[targetFlag] as string).split("=")[1] as string, ctx.cwd),
        };
      const moved = (name === "ln" ? files.filter((i) => i !== destination) : sourcesIdx.filter((i) => i !== destination)).map((i) => path(i));
      const landed = name === "rsync" ? [to] : landingWrites(name, args, to, moved, targetFlag >= 0, ctx);
      effect.writes.push(...landed);
      // What lands is the source (a one-operand `ln` links to its operand).
      for (const land of landed) if (land !== to) for (const from of moved.length > 0 ? moved : [to]) link(ctx, land.path, from.path, name === "ln");
      if (name === "mv") for (const from of moved) effect.moves.push({ from, to: landed.find((l) => l.path.endsWith(`/${posix.basename(from.path)}`)) ?? to });
      if (name === "mv") for (const i of sourcesIdx) if (i !== destination) effect.deletes.push(path(i));
    }
    if (name === "rsync" && args.some((a) => a.startsWith("--del"))) {
      if (destination !== undefined) effect.deletes.push(path(destination));
      effect.recursive = true;
    }
    // `--remove-source-files` (and the older `--remove-sent-files`, any unique abbreviation) deletes each source it sent.
    if (name === "rsync" && args.some((a) => longOptionIs(a, "--remove-source-files", 10) || longOptionIs(a, "--remove-sent-files", 10))) {
      for (const i of sourcesIdx) if (i !== destination) effect.deletes.push(path(i));
      if (args.some((a) => /^-[A-Za-z]*[ar]/.test(a) || a === "--recursive" || a === "--archive")) effect.recursive = true;
    }
    return;
  }
  if (name === "ssh-keygen" && args.includes("-t") && !args.some((a) => /^-[A-Za-z]*y/.test(a))) {
    // Generating a key pair (`-t TYPE`): `-f` names the file it writes, and nothing is read.
    const f = args.indexOf("-f");
    if (f >= 0 && f + 1 < args.length) effect.writes.push(path(f + 1));
    return;
  }
  if (READERS.has(name)) {
    const { files, optionFiles, values } = operandIndexes(name, args, PATTERN_FIRST.has(name));
    for (const i of [...files, ...optionFiles]) {
      if (i < args.length) effect.reads.push(path(i));
    }
    // A value the option table says an option takes is still a word the program may read as a file
    // (a table can be wrong, or a program newer than it): for plain readers it counts as read too.
    if (!PATTERN_FIRST.has(name) && !COPIERS.has(name) && !VALUE_TAKING_READERS.has(name)) for (const i of values) effect.reads.push(path(i));
    if (EDITORS.has(name)) for (const i of files) effect.writes.push(path(i));
    // yq's expression can load a file itself (`load("f")`, `load_str("f")`), and an editor's commands
    // can read one (`vim -c 'r .env'`, `emacs --eval '(insert-file-contents …)'`): their words are given to them.
    if (name === "yq" || EDITORS.has(name)) for (const [i, word] of args.entries()) if (!files.includes(i)) effect.unseenArgs.push(word);
    if (name === "sort") {
      const o = args.findIndex((a) => a === "-o" || a === "--output");
      if (o >= 0 && o + 1 < args.length) effect.writes.push(path(o + 1));
    }
    if ((name === "openssl" || name === "gpg" || name === "iconv" || name === "sdiff") && args.some((a) => a === "-out" || a === "-o" || a === "--output")) {
      const o = args.findIndex((a) => a === "-out" || a === "-o" || a === "--output");
      if (o + 1 < args.length) effect.writes.push(path(o + 1));
    }
    if (name === "openssl") {
      const inFlag = args.findIndex((a) => a === "-in" || a === "-inkey" || a === "-key");
      if (inFlag >= 0 && inFlag + 1 < args.length) effect.reads.push(path(inFlag + 1));
    }
    return;
  }
  if (!NAMES_ONLY.has(name)) unseenReads(effect, name, args, sources, ctx, 0);
  void depth;
}

/**
 * Programs that take file names but never show the files' bytes: they print names, types, sizes or
 * counts, or change metadata. Every other program whose effects are not modelled above may read
 * what its words name (`shuf .env`, `m4 .env`, a script given `~/.ssh/id_rsa`).
 */
const NAMES_ONLY = new Set([
  "echo",
  "printf",
  "print",
  "ls",
  "dir",
  "vdir",
  "exa",
  "eza",
  "lsd",
  "tree",
  "stat",
  "file",
  "wc",
  "du",
  "df",
  "realpath",
  "readlink",
  "basename",
  "dirname",
  "namei",
  "test",
  "[",
  "[[",
  "true",
  "false",
  ":",
  "unset",
  "type",
  "which",
  "whereis",
  "hash",
  "exit",
  "return",
  "shift",
  "set",
  "shopt",
  "wait",
  "jobs",
  "kill",
  "sleep",
  "mkdir",
  "mktemp",
  "fd",
  "fdfind",
  "locate",
  "lsof",
  "fuser",
  "getfacl",
  "lsattr",
  "ssh-add",
]);

/** True when `arg` is the long option `option`, or an abbreviation of it at least `least` characters long (`--rem` for `--remove-files`). */
function longOptionIs(arg: string, option: string, least: number): boolean {
  const name = arg.includes("=") ? arg.slice(0, arg.indexOf("=")) : arg;
  return name.length >= least && option.startsWith(name);
}

// Compressors that replace each file with its compressed (or decompressed) copy unless told to keep it.
const REPLACING_COMPRESSORS = new Set([
  "gzip",
  "gunzip",
  "bzip2",
  "bunzip2",
  "xz",
  "unxz",
  "lzma",
  "unlzma",
  "lzip",
  "pigz",
  "pbzip2",
  "plzip",
  "compress",
  "uncompress",
]);
// Those that keep it unless told to remove it (`--rm`).
const KEEPING_COMPRESSORS = new Set(["zstd", "unzstd", "lz4", "brotli"]);

/**
 * Programs that delete the files they are given as a side effect: a replacing compressor (its
 * operands, unless `-k`/`-c`/`-t`/`-l` or their long forms), `zstd`/`lz4`/`brotli --rm`, `zip -m`
 * (moves files into the archive), 7-Zip's `-sdel`. Deletes, so a guard that protects a file sees
 * them as it sees `rm`.
 */
function sourceDeletes(effect: EffectCommand, name: string, args: readonly string[], path: (index: number) => PathEffect): void {
  const operands = args.flatMap((a, i) => (a.startsWith("-") && a !== "-" ? [] : [i]));
  const short = (letters: RegExp): boolean => args.some((a) => /^-[A-Za-z0-9]+$/.test(a) && letters.test(a.slice(1)));
  let deleted: number[] = [];
  if (REPLACING_COMPRESSORS.has(name)) {
    const keeps = short(/[kctl]/) || args.some((a) => ["--keep", "--stdout", "--to-stdout", "--test", "--list"].some((o) => longOptionIs(a, o, 4)));
    if (!keeps) deleted = operands;
  } else if (KEEPING_COMPRESSORS.has(name)) {
    if (args.some((a) => a === "--rm" || (name === "brotli" && (a === "-j" || a === "--rm")))) deleted = operands;
  } else if (name === "zip") {
    // The first operand is the archive; `-m` may sit in a cluster (`-rm`, `-9m`).
    if (short(/m/) || args.some((a) => longOptionIs(a, "--move", 5))) deleted = operands.slice(1);
  } else if (name === "7z" || name === "7za" || name === "7zr" || name === "7zz") {
    // `7z a archive files…`: the command, the archive, then what it takes in.
    if (args.some((a) => a.toLowerCase() === "-sdel")) deleted = operands.slice(2);
  }
  for (const i of deleted) effect.deletes.push(path(i));
  if (deleted.length > 0 && (short(/r/) || args.some((a) => a === "--recursive"))) effect.recursive = true;
}

/**
 * Options whose value is prose for people (`gh pr create --title …`, `-m …`) or a test runner's
 * filter of test names (`jest --testNamePattern "loads .env"`, `mocha --grep`): text, not program
 * text. Long names only, and `-m`: a short option can be a program's code (`swipl -g goal`).
 */
const MESSAGE_OPTIONS: ReadonlySet<string> = new Set(
  "-m --message --msg --title --body --description --summary --subject --comment --note --notes --reason --grep --testNamePattern --test-name-pattern".split(
    " ",
  ),
);

/**
 * The words of a program whose use of them is not modelled, from `from` on, recorded as reads
 * marked `unseen`: each operand, the value of `--option=value` and `-oVALUE`, and what follows `=`
 * or a leading `@` in an operand. Only a credential among them matters to a guard: a program the
 * analyser cannot follow, given one, may show it.
 */
// Test runners' short options whose value filters tests by name (jest and vitest `-t`, mocha `-g`
// and `-f`, pytest `-k`): a name, not a file or code. Known per runner, since a short option means
// something else in each program.
// A Map: a program named like an Object.prototype member (`toString`) must find nothing.
const TEST_NAME_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ["jest", ["-t"]],
  ["vitest", ["-t"]],
  ["mocha", ["-g", "-f"]],
  ["pytest", ["-k"]],
]);
// Package runners that run the program named by their first operand (`npx jest`, `pnpm exec vitest`, `yarn mocha`).
const PACKAGE_RUNNERS: ReadonlySet<string> = new Set(["npx", "bunx", "pnpx", "pnpm", "yarn", "bun", "npm"]);
// Their verbs before the program: `pnpm exec`, `pnpm dlx`, `bun x`, `yarn run`.
const RUNNER_VERBS: ReadonlySet<string> = new Set(["exec", "dlx", "x", "run"]);

/** The options of `name`'s line (or of the program a package runner runs) whose value is prose. */
function proseOptionsOf(name: string, args: readonly string[]): ReadonlySet<string> {
  let program = name;
  if (PACKAGE_RUNNERS.has(name)) program = basename(args.find((a) => !a.startsWith("-") && !RUNNER_VERBS.has(a)) ?? "");
  const extra = TEST_NAME_OPTIONS.get(program.replace(/\.(c|m)?js$/, ""));
  return extra === undefined ? MESSAGE_OPTIONS : new Set([...MESSAGE_OPTIONS, ...extra]);
}

function unseenReads(effect: EffectCommand, name: string, args: readonly string[], sources: readonly Resolved[], ctx: Context, from: number): void {
  const prose = proseOptionsOf(name, args);
  for (let i = from; i < args.length; i += 1) {
    const word = args[i] as string;
    const source = sources[i] as Resolved;
    const candidates: string[] = [];
    if (word.startsWith("--")) {
      if (word.includes("=")) candidates.push(word.slice(word.indexOf("=") + 1));
    } else if (word.startsWith("-") && word.length > 2) candidates.push(word.slice(2));
    else if (word !== "-") {
      candidates.push(word);
      if (word.indexOf("=") > 0) candidates.push(word.slice(word.indexOf("=") + 1));
      if (word.startsWith("@")) candidates.push(word.slice(1));
    }
    // The option a word is the value of: `--opt=VALUE`, or `--opt VALUE` (it may take none).
    const previous = i > from ? args[i - 1] : undefined;
    const option =
      word.startsWith("--") && word.includes("=")
        ? word.slice(0, word.indexOf("="))
        : !word.startsWith("-") && previous?.startsWith("-") && !previous.includes("=")
          ? previous
          : undefined;
    // Prose (a title, a message, a test's name) names files without opening them: no program text
    // in it, and, a sentence of several words, not a file either (`--title "drop .env"`, `jest -t
    // "loads .env"`). One word there may still be a file the program opens (`-m .env`).
    if (option !== undefined && prose.has(option)) {
      if (/\s/.test(word)) continue;
    } else effect.unseenArgs.push(word);
    for (const [k, text] of candidates.entries()) {
      if (text === "") continue;
      const read = pathEffect(
        k === 0 && text === word ? source : { ...source, values: [text], globs: [source.globs[0] ?? false], unset: [text] },
        0,
        ctx,
        name,
      );
      effect.reads.push({ ...read, unseen: true, ...(option !== undefined ? { option } : {}) });
    }
  }
}

function findEffects(
  effect: EffectCommand,
  args: string[],
  sources: Resolved[],
  ctx: Context,
  depth: number,
  path: (index: number, via?: string) => PathEffect,
): void {
  const roots: number[] = [];
  let i = 0;
  while (i < args.length && /^-[HLP]$|^-D$|^-O\d$/.test(args[i] as string)) i += (args[i] as string) === "-D" ? 2 : 1;
  for (; i < args.length; i += 1) {
    const a = args[i] as string;
    if (a.startsWith("-") || a === "(" || a === "!" || a === ")") break;
    roots.push(i);
  }
  const rootPaths = roots.length > 0 ? roots.map((r) => path(r, "find")) : [{ path: ctx.cwd, written: ".", glob: false, dynamic: false, via: "find" }];
  if (args.includes("-delete")) {
    effect.deletes.push(...rootPaths);
    effect.recursive = true;
  }
  // `-exec CMD … ;` / `-execdir`, `-ok`: the command runs on every file found.
  for (let k = 0; k < args.length; k += 1) {
    const a = args[k] as string;
    if (a !== "-exec" && a !== "-execdir" && a !== "-ok" && a !== "-okdir") continue;
    let end = k + 1;
    while (end < args.length && args[end] !== ";" && args[end] !== "+") end += 1;
    const inner = args.slice(k + 1, end);
    if (inner.length > 0) {
      const innerName = basename(inner[0] as string);
      if (DELETERS.has(innerName) && innerName !== "gio") {
        effect.deletes.push(...rootPaths);
        effect.recursive = true;
      }
      analyseNested(inner.map((w) => (w === "{}" ? "{}" : quoteWord(w))).join(" "), ctx, depth + 1, ctx.where);
    }
    k = end;
  }
  void sources;
}

// fd's options that take a value (fd --help).
const FD_VALUE_OPTIONS: ReadonlySet<string> = new Set(
  "-e -E -t -d -j -S -c -o --extension --exclude --type --max-depth --min-depth --exact-depth --threads --size --color --owner --changed-within --changed-before --max-results --ignore-file --base-directory --path-separator --format --search-path --and --batch-size".split(
    " ",
  ),
);
const FD_EXEC = new Set(["-x", "--exec", "-X", "--exec-batch"]);
const FD_PLACEHOLDER = /\{(?:\/|\/\/|\.|\/\.)?\}/;
const FD_PLACEHOLDERS = /\{(?:\/|\/\/|\.|\/\.)?\}/g;

/**
 * `fd PATTERN [PATH…] -x CMD…` / `-X CMD…` (until `;`): CMD runs on the names found, as find's
 * `-exec` does (fd's README, "Command execution"). The names are unknown: each placeholder (`{}`,
 * `{/}`, `{//}`, `{.}`, `{/.}`, also inside a word) is read as find's `{}`, and a command without
 * one gets it appended, as fd does.
 */
function fdEffects(effect: EffectCommand, args: string[], ctx: Context, depth: number, path: (index: number, via?: string) => PathEffect): void {
  const positional: number[] = [];
  const roots: PathEffect[] = [];
  const runs: string[][] = [];
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    if (FD_EXEC.has(a)) {
      let end = i + 1;
      while (end < args.length && args[end] !== ";") end += 1;
      const inner = args.slice(i + 1, end);
      if (inner.length > 0)
        runs.push(
          inner.some((w) => FD_PLACEHOLDER.test(w)) ? inner.map((w) => (FD_PLACEHOLDER.test(w) ? w.replace(FD_PLACEHOLDERS, "{}") : w)) : [...inner, "{}"],
        );
      i = end;
    } else if (a === "--search-path" && i + 1 < args.length) roots.push(path((i += 1), "fd"));
    else if (a.startsWith("-") && a !== "-") i += !a.includes("=") && FD_VALUE_OPTIONS.has(a) ? 1 : 0;
    else positional.push(i);
  }
  for (const i of positional.slice(1)) roots.push(path(i, "fd"));
  if (roots.length === 0) roots.push({ path: ctx.cwd, written: ".", glob: false, dynamic: false, via: "fd" });
  for (const inner of runs) {
    const innerName = basename(inner[0] as string);
    if (DELETERS.has(innerName) && innerName !== "gio") {
      effect.deletes.push(...roots);
      effect.recursive = true;
    }
    analyseNested(inner.map((w) => (w === "{}" ? "{}" : quoteWord(w))).join(" "), ctx, depth + 1, ctx.where);
  }
}

let lastKey: string | undefined;
let lastResult: CommandEffects | undefined;

/**
 * Reads `command` as the shell would run it from `cwd` (see the module comment). The same call
 * again (every guard asks) returns the same object.
 */
export function commandEffects(command: string, cwd: string, env: NodeJS.ProcessEnv): CommandEffects {
  const home = homeDirectory(env).replace(/\/+$/, "") || "/";
  const key = `${cwd}\u0000${home}\u0000${command}`;
  if (key === lastKey && lastResult) return lastResult;
  const out: CommandEffects = { commands: [], opaque: [] };
  // Budgets: 20 000 words in all (no real command line comes near), and nested scripts adding up to
  // the line's length plus 1 MiB. Past them the rest is opaque: the line is too large to check.
  const budget = { words: 20_000, chars: command.length + 1024 * 1024 };
  walk(
    command,
    {
      budget,
      cwd: absolutePath(cwd, "/"),
      vars: new Map(),
      dirs: [],
      home,
      out,
      where: "local",
      files: new Map(),
      links: new Map(),
      same: new Set(),
      made: new Set(),
      functions: new Map(),
      env: NO_ENV,
      undo: { log: [], open: 0 },
    },
    0,
  );
  lastKey = key;
  lastResult = out;
  return out;
}

/**
 * Fix instead of deny: a recursive search (`grep -r`, `rg`) that the credential-read guard stops
 * because the tree holds credential files is rewritten to exclude them, where the client lets a
 * pre-tool hook change a call's arguments (the contract's `argumentMutation`). The exclusions are
 * the protected set itself (`CREDENTIAL_EXCLUDES`, sensitive-paths.ts), placed after every option
 * the command already has, so they win over its own `--include` and `-g` patterns (grep: the last
 * matching option wins; rg: later globs win). Only what can be read with certainty is rewritten:
 * the search is the line's first word, written plainly (no expansion, substitution or prefix in its
 * words), every option known, no option after an operand, and the rest of the line at most pipes
 * into plain text filters (`| head -20`, `| sort | uniq -c`). Anything else is left to the deny.
 * run-hook.ts runs every guard again on the rewritten call and answers with the rewrite only when
 * that passes (docs/guardrails.md, "Rewrites"). Also the one reading of a search's own exclusions
 * the credential guard uses (`searchExclusions`).
 */
import { basename, parseScript, type ShellCommand, type ShellWord } from "../shell";
import { CREDENTIAL_EXCLUDES } from "./sensitive-paths";
import type { SearchToolGlobs } from "../../compiler/targets/contract";
import { findClient } from "../clients/registry";

type Family = "grep" | "rg";

const GREP_NAMES: ReadonlySet<string> = new Set(["grep", "egrep", "fgrep"]);

// GNU grep 3.x: short options that take a value (attached or the next word), and the flags.
const GREP_SHORT_VALUE = new Set("ABCDdefm");
const GREP_SHORT_FLAG = new Set("EFGPyivwxcLloqsbHhnTZzaIrRUV0123456789");
// Long options, exactly (an abbreviation is not rewritten: its meaning depends on the version).
const GREP_LONG_VALUE = new Set([
  "after-context",
  "before-context",
  "context",
  "regexp",
  "file",
  "max-count",
  "label",
  "include",
  "exclude",
  "exclude-from",
  "exclude-dir",
  "binary-files",
  "devices",
  "directories",
]);
const GREP_LONG_FLAG = new Set([
  "extended-regexp",
  "fixed-strings",
  "basic-regexp",
  "perl-regexp",
  "ignore-case",
  "no-ignore-case",
  "invert-match",
  "word-regexp",
  "line-regexp",
  "count",
  "color",
  "colour",
  "files-without-match",
  "files-with-matches",
  "only-matching",
  "quiet",
  "silent",
  "no-messages",
  "byte-offset",
  "with-filename",
  "no-filename",
  "line-number",
  "initial-tab",
  "null",
  "null-data",
  "text",
  "recursive",
  "dereference-recursive",
  "line-buffered",
  "binary",
  "help",
  "version",
]);

// ripgrep 14: short options that take a value, and the flags.
const RG_SHORT_VALUE = new Set("ABCEMTdefgjmrt");
const RG_SHORT_FLAG = new Set("FHILNPSUVabchilnopqsuvwxz0.");
const RG_LONG_VALUE = new Set([
  "after-context",
  "before-context",
  "context",
  "regexp",
  "file",
  "glob",
  "iglob",
  "type",
  "type-not",
  "type-add",
  "type-clear",
  "max-columns",
  "threads",
  "max-depth",
  "maxdepth",
  "encoding",
  "replace",
  "sort",
  "sortr",
  "color",
  "colors",
  "max-filesize",
  "pre",
  "pre-glob",
  "context-separator",
  "field-context-separator",
  "field-match-separator",
  "path-separator",
  "max-count",
  "ignore-file",
  "dfa-size-limit",
  "regex-size-limit",
  "engine",
  "hostname-bin",
  "hyperlink-format",
  "generate",
]);
const RG_LONG_FLAG = new Set([
  "fixed-strings",
  "no-fixed-strings",
  "ignore-case",
  "case-sensitive",
  "smart-case",
  "invert-match",
  "word-regexp",
  "line-regexp",
  "count",
  "count-matches",
  "files-with-matches",
  "files-without-match",
  "only-matching",
  "quiet",
  "line-number",
  "no-line-number",
  "with-filename",
  "no-filename",
  "heading",
  "no-heading",
  "hidden",
  "no-hidden",
  "follow",
  "no-follow",
  "no-ignore",
  "no-ignore-vcs",
  "no-ignore-dot",
  "no-ignore-parent",
  "no-ignore-global",
  "no-ignore-exclude",
  "no-ignore-files",
  "ignore",
  "unrestricted",
  "text",
  "binary",
  "no-binary",
  "multiline",
  "multiline-dotall",
  "pcre2",
  "no-pcre2",
  "auto-hybrid-regex",
  "crlf",
  "null",
  "null-data",
  "one-file-system",
  "trim",
  "vimgrep",
  "json",
  "no-json",
  "stats",
  "column",
  "no-column",
  "byte-offset",
  "passthru",
  "pretty",
  "search-zip",
  "no-messages",
  "no-config",
  "no-require-git",
  "line-buffered",
  "block-buffered",
  "mmap",
  "no-mmap",
  "unicode",
  "no-unicode",
  "invert-match",
  "files",
  "type-list",
  "debug",
  "trace",
  "help",
  "version",
  "include-zero",
  "max-columns-preview",
  "no-max-columns-preview",
  "glob-case-insensitive",
  "no-glob-case-insensitive",
  "ignore-file-case-insensitive",
  "sort-files",
  "no-ignore-messages",
  "no-pre",
  "fixed-strings",
]);

/** Where a search command's options end and what it already excludes, or undefined when not read with certainty. */
interface SearchOptions {
  family: Family;
  /** Index (in the argument words, after the name) where options end: the first operand or `--`. */
  end: number;
  /** Exclusion globs the command gives itself, in order, each with whether it names directories. */
  globs: Array<{ glob: string; negate: boolean; dir: boolean; ignoreCase: boolean }>;
  recursive: boolean;
}

function familyOf(name: string): Family | undefined {
  if (GREP_NAMES.has(name)) return "grep";
  return name === "rg" ? "rg" : undefined;
}

/**
 * The options of a grep or rg command (`args` after the name, quoting removed), read the way the
 * program reads them, or undefined when any word is not certain (an unknown or abbreviated long
 * option, a short option it does not know, an option after an operand).
 */
function readOptions(family: Family, args: readonly string[]): SearchOptions | undefined {
  const shortValue = family === "grep" ? GREP_SHORT_VALUE : RG_SHORT_VALUE;
  const shortFlag = family === "grep" ? GREP_SHORT_FLAG : RG_SHORT_FLAG;
  const longValue = family === "grep" ? GREP_LONG_VALUE : RG_LONG_VALUE;
  const longFlag = family === "grep" ? GREP_LONG_FLAG : RG_LONG_FLAG;
  const globs: SearchOptions["globs"] = [];
  let recursive = family === "rg";
  let patternGiven = false;
  let end = -1;
  const take = (option: string, value: string): void => {
    if (option === "e" || option === "regexp" || option === "f" || option === "file") patternGiven = true;
    if (family === "grep" && (option === "include" || option === "exclude"))
      globs.push({ glob: value, negate: option === "exclude", dir: false, ignoreCase: false });
    if (family === "grep" && option === "exclude-dir") globs.push({ glob: value, negate: true, dir: true, ignoreCase: false });
    if (family === "grep" && (option === "d" || option === "directories") && value === "recurse") recursive = true;
    if (family === "rg" && (option === "g" || option === "glob" || option === "iglob")) {
      const negate = value.startsWith("!");
      globs.push({ glob: negate ? value.slice(1) : value, negate, dir: false, ignoreCase: option === "iglob" });
    }
  };
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i] as string;
    if (word === "--") {
      end = i;
      break;
    }
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const name = eq > 0 ? word.slice(2, eq) : word.slice(2);
      if (longValue.has(name)) {
        if (eq > 0) take(name, word.slice(eq + 1));
        else {
          if (i + 1 >= args.length) return undefined;
          take(name, args[i + 1] as string);
          i += 1;
        }
      } else if (longFlag.has(name)) {
        // `--color=auto` is a flag with an attached value; any other `=` on a flag is not certain.
        if (eq > 0 && name !== "color" && name !== "colour") return undefined;
        if (name === "recursive" || name === "dereference-recursive") recursive = true;
      } else return undefined;
      continue;
    }
    if (word.startsWith("-") && word.length > 1) {
      for (let j = 1; j < word.length; j += 1) {
        const c = word[j] as string;
        if (shortValue.has(c)) {
          const attached = word.slice(j + 1);
          if (attached) take(c, attached);
          else {
            if (i + 1 >= args.length) return undefined;
            take(c, args[i + 1] as string);
            i += 1;
          }
          break;
        }
        if (!shortFlag.has(c)) return undefined;
        if (family === "grep" && (c === "r" || c === "R")) recursive = true;
      }
      continue;
    }
    // The first operand: the pattern unless -e/-f gave it.
    end = i;
    break;
  }
  if (end < 0) end = args.length;
  // An option after an operand (GNU getopt permutes them) would come after the exclusions.
  const rest = args.slice(end);
  const afterDash = rest[0] === "--";
  if (!afterDash && rest.some((w) => w.startsWith("-") && w !== "-")) return undefined;
  void patternGiven;
  return { family, end, globs, recursive };
}

/**
 * True when a grep command may search directories recursively, read as GNU getopt would and erring
 * towards yes: `-r`/`-R` in any bundle, `--recursive`, `--dereference-recursive` and their
 * unambiguous prefixes (`--rec`, `--der`), `-d recurse`/`--directories=recurse` in every spelling.
 */
export function grepRecurses(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    if (a === "--") return false;
    if (/^-[^-]/.test(a)) {
      if (/^-[a-zA-Z0-9]*[rR]/.test(a)) return true;
      // `-d` with its value attached or next, at the end of a bundle (`-nd recurse`, `-drecurse`).
      const d = /^-[a-zA-Z0-9]*?d(.*)$/.exec(a);
      if (d && ((d[1] ?? "") === "recurse" || ((d[1] ?? "") === "" && args[i + 1] === "recurse"))) return true;
      continue;
    }
    const long = /^--([a-z-]+)(=(.*))?$/.exec(a);
    if (!long) continue;
    const name = long[1] as string;
    if (name.length >= 3 && ("recursive".startsWith(name) || "dereference-recursive".startsWith(name))) return true;
    if (name.length >= 2 && "directories".startsWith(name) && (long[3] ?? args[i + 1]) === "recurse") return true;
  }
  return false;
}

function globRegExp(glob: string, ignoreCase: boolean): RegExp {
  let body = "";
  let braces = 0;
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i] as string;
    // `{a,b}` alternation (ripgrep's globs; one level is enough for the globs read here).
    if (c === "{" && braces === 0) {
      braces += 1;
      body += "(?:";
    } else if (c === "," && braces > 0) body += "|";
    else if (c === "}" && braces > 0) {
      braces -= 1;
      body += ")";
    } else if (c === "*") body += "[^/]*";
    else if (c === "?") body += "[^/]";
    else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close < 0) body += "\\[";
      else {
        let set = glob.slice(i + 1, close).replace(/\\/g, "\\\\");
        if (set.startsWith("!") || set.startsWith("^")) set = `^${set.slice(1)}`;
        body += `[${set}]`;
        i = close;
      }
    } else body += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  try {
    return new RegExp(`^${body}$`, ignoreCase ? "i" : "");
  } catch {
    return /(?!)/;
  }
}

/**
 * The exclusions a recursive grep or rg command gives itself, as a test over a file's base name and
 * the names of the directories above it (below the search root): true when the program skips it.
 * grep: `--exclude`/`--include` by base name, the last matching one deciding, and a file matching
 * no `--include` skipped when there is one; `--exclude-dir` by directory name. rg: `-g`/`--glob`/
 * `--iglob`, the last matching glob deciding, a glob without `/` matching any path component, a
 * file skipped when positive globs exist and none matches. Undefined when the options are not read
 * with certainty: the caller then counts nothing as excluded.
 */
export function searchExclusions(name: string, args: readonly string[]): ((dirs: readonly string[], file: string) => boolean) | undefined {
  const family = familyOf(name);
  if (!family) return undefined;
  const options = readOptions(family, args);
  if (!options) return undefined;
  const globs = options.globs.map((g) => ({
    ...g,
    re: globRegExp(g.glob.replace(/^\*\*\//, "").replace(/\/$/, ""), g.ignoreCase),
    slash: g.glob
      .replace(/^\*\*\//, "")
      .replace(/\/$/, "")
      .includes("/"),
  }));
  if (globs.some((g) => g.slash)) return undefined;
  return (dirs, file) => {
    if (family === "grep") {
      if (dirs.some((d) => globs.some((g) => g.dir && g.re.test(d)))) return true;
      let last: boolean | undefined;
      for (const g of globs) if (!g.dir && g.re.test(file)) last = g.negate;
      if (last !== undefined) return last;
      return globs.some((g) => !g.dir && !g.negate);
    }
    // rg: a directory excluded by a negated glob is not entered; a positive glob does not re-open it.
    for (const d of dirs) {
      let last: boolean | undefined;
      for (const g of globs) if (g.re.test(d)) last = g.negate;
      if (last === true) return true;
    }
    let last: boolean | undefined;
    for (const g of globs) if (g.re.test(file)) last = g.negate;
    if (last !== undefined) return last;
    return globs.some((g) => !g.negate);
  };
}

/** The words that exclude the protected set, for `family` (each shell-quoted). */
function exclusionWords(family: Family): string[] {
  const quote = (w: string): string => `'${w}'`;
  if (family === "grep")
    return [...CREDENTIAL_EXCLUDES.names.map((n) => quote(`--exclude=${n}`)), ...CREDENTIAL_EXCLUDES.dirs.map((d) => quote(`--exclude-dir=${d}`))];
  return [...CREDENTIAL_EXCLUDES.names, ...CREDENTIAL_EXCLUDES.dirs].map((n) => quote(`--glob=!${n}`));
}

/** A rewritten command line and what the model is told about it. */
export interface SearchRewrite {
  command: string;
  note: string;
}

function plain(word: ShellWord): boolean {
  return word.parts.every((p) => p.kind === "lit");
}

// Stages a rewritten search may be piped into: text filters that read only their input and write
// only their output. A client that needs `permissionDecision: "allow"` for a rewrite skips its own
// permission prompt for the whole line, so the line is the search and nothing that acts.
const FILTERS: ReadonlySet<string> = new Set(["head", "tail", "sort", "uniq", "wc", "cut", "tr", "nl", "column", "grep", "egrep", "fgrep", "cat"]);

/** Only stderr discarded or merged: `2>/dev/null`, `2>&1`. */
function harmlessRedirects(redirects: ShellCommand["redirects"]): boolean {
  return redirects.every(
    (r) =>
      (r.op === ">" || r.op === ">&") && r.fd === "2" && r.target !== undefined && plain(r.target) && (r.target.text === "/dev/null" || r.target.text === "1"),
  );
}

/**
 * True when the nodes after the search are only pipeline stages into plain filters (no file
 * operand, no redirection, no separator, subshell or background).
 */
function onlyFiltersAfter(nodes: ReturnType<typeof parseScript>): boolean {
  for (const node of nodes.slice(1)) {
    if (node.kind !== "command" || !node.command.piped) return false;
    const words = node.command.words;
    const name = words[0];
    if (!name || !words.every(plain) || !FILTERS.has(name.text) || !harmlessRedirects(node.command.redirects)) return false;
    const args = words.slice(1).map((w) => w.text);
    // No file operands: every word an option, or the pattern of a non-recursive grep / tr's sets.
    if (name.text === "tr") continue;
    if (/grep$/.test(name.text)) {
      if (grepRecurses(args) || args.filter((a) => !a.startsWith("-")).length > 1) return false;
      continue;
    }
    if (args.some((a) => !a.startsWith("-") && !/^\d+$/.test(a))) {
      // `head -n 5`, `cut -d: -f1`, `sort -k2`: option values stand after their option.
      const values = args.filter((a, i) => !a.startsWith("-") && !(i > 0 && /^-[a-zA-Z]$/.test(args[i - 1] as string)));
      if (values.length > 0) return false;
    }
  }
  return true;
}

/**
 * The line's first command when a rewrite can add words to it with certainty: its program named
 * plainly as the first word (no assignment, prefix or path), every word plain text (no expansion
 * or substitution: nothing computed can change what it reads), only stderr redirected, and the rest
 * of the line at most pipes into plain text filters. `ends[i]` is where word i ends in `command`
 * (found in order, with only blanks between, so an insertion point is exact).
 */
export function plainFirstCommand(command: string): { words: ShellWord[]; ends: number[] } | undefined {
  if (command.length > 16_384) return undefined;
  let nodes;
  try {
    nodes = parseScript(command, { words: 4096 });
  } catch {
    return undefined;
  }
  const first = nodes[0];
  if (!first || first.kind !== "command" || !harmlessRedirects(first.command.redirects) || !onlyFiltersAfter(nodes)) return undefined;
  const words = first.command.words;
  const head = words[0];
  if (!head || !plain(head) || head.text.includes("=") || head.text.includes("/") || !words.every(plain)) return undefined;
  let cursor = /^[ \t]*/.exec(command)?.[0].length ?? 0;
  const ends: number[] = [];
  for (const word of words) {
    if (!command.startsWith(word.raw, cursor)) return undefined;
    cursor += word.raw.length;
    ends.push(cursor);
    cursor += /^[ \t]*/.exec(command.slice(cursor))?.[0].length ?? 0;
  }
  return { words, ends };
}

/**
 * `command` with `inserted` (shell-quoted words) put at `at`, when the result reads as the same
 * first command with exactly `expected` as its words; undefined otherwise.
 */
export function insertWords(command: string, at: number, inserted: readonly string[], expected: readonly string[]): string | undefined {
  const rewritten = `${command.slice(0, at)} ${inserted.join(" ")}${command.slice(at)}`;
  const again = parseScript(rewritten, { words: 4096 + inserted.length });
  const check = again[0];
  if (!check || check.kind !== "command") return undefined;
  const got = check.command.words.map((w) => w.text);
  return got.length === expected.length && got.every((w, i) => w === expected[i]) ? rewritten : undefined;
}

/**
 * `command` with the protected set excluded from its recursive search, or undefined when it cannot
 * be rewritten with certainty: the line's first command must be grep (recursive) or rg, named
 * plainly as the first word (no assignment or prefix), with every word up to its last operand a
 * plain word (no expansion or substitution) and every option known. The rest of the line is kept
 * byte for byte; the caller checks the whole rewritten line again.
 */
export function rewriteCredentialSearch(command: string): SearchRewrite | undefined {
  const first = plainFirstCommand(command);
  if (!first) return undefined;
  const { words, ends } = first;
  const head = words[0] as ShellWord;
  const family = familyOf(basename(head.text));
  if (!family) return undefined;
  const args = words.slice(1).map((w) => w.text);
  const options = readOptions(family, args);
  if (!options || !options.recursive) return undefined;
  // After the last option word (index `end` in args is word `end + 1`).
  const inserted = exclusionWords(family);
  const expected = [head.text, ...args.slice(0, options.end), ...inserted.map((w) => w.slice(1, -1)), ...args.slice(options.end)];
  const rewritten = insertWords(command, ends[options.end] as number, inserted, expected);
  if (rewritten === undefined) return undefined;
  const note = `NOTE: agentihooks changed this ${basename(head.text)} command before it ran: the directory holds credential files, so the search now skips them (dotenv files, private keys, shell rc and history files, credential stores, and the directories ${CREDENTIAL_EXCLUDES.dirs.join(" ")}). Templates such as .env.example are skipped too: read one by name if you need it. The command that ran: ${rewritten}`;
  return { command: rewritten, note };
}

/** `target`'s search tool as its contract describes it; a client without the fact is read the cautious way. */
function searchToolOf(target: string): { globs: SearchToolGlobs; followsLinks: boolean } {
  return findClient(target)?.contract.searchTool ?? { globs: "plain", followsLinks: true };
}

/** True unless `target`'s own search tool is known not to follow symbolic links (its contract's `searchTool`). */
export function searchToolFollowsLinks(target: string): boolean {
  return searchToolOf(target).followsLinks;
}

/**
 * The `glob` argument of a client's own search tool, as its words, read the way its contract's
 * `searchTool.globs` says (compiler/targets/contract.ts, `SearchToolGlobs`).
 */
function toolGlobs(target: string, glob: string): string[] {
  const globs = searchToolOf(target).globs;
  if (globs === "words")
    return glob
      .split(/\s+/)
      .flatMap((w) => (w.includes("{") && w.includes("}") ? [w] : w.split(",")))
      .filter((w) => w !== "");
  if (globs === "whole") return glob ? [glob] : [];
  return /^[^\s,!{}:]+$/.test(glob) ? [glob] : [];
}

/**
 * What a client's own search tool (the runtime's `Grep`) skips of a directory it searches, by its
 * `glob` argument (`searchExclusions` semantics of rg), or nothing.
 */
export function searchToolExclusions(target: string, glob: string): (dirs: readonly string[], file: string) => boolean {
  const words = glob ? toolGlobs(target, glob) : [];
  return (
    searchExclusions(
      "rg",
      words.flatMap((w) => ["-g", w]),
    ) ?? (() => false)
  );
}

/**
 * The `glob` argument that makes a client's own search tool skip the protected set. A tool that
 * reads `words` (Claude Code's Grep): the call's own globs, then one negated glob per protected name
 * and directory (they win, coming last). One read `whole` (Copilot's rg): `!{…every protected name
 * and directory…}`, only when the call gives no glob of its own. Undefined for a `plain` tool or a
 * glob it cannot extend exactly.
 */
export function rewriteSearchToolGlob(target: string, glob: unknown): SearchRewrite | undefined {
  if (glob !== undefined && typeof glob !== "string") return undefined;
  const own = typeof glob === "string" ? glob.trim() : "";
  const protectedNames = [...CREDENTIAL_EXCLUDES.names, ...CREDENTIAL_EXCLUDES.dirs];
  let rewritten: string;
  const globs = searchToolOf(target).globs;
  if (globs === "words") {
    const added = protectedNames.map((n) => `!${n}`);
    rewritten = [own, ...added].filter((w) => w !== "").join(" ");
    // Read back as the tool reads it: the call's own globs, then exactly ours.
    const again = toolGlobs(target, rewritten);
    const before = own ? toolGlobs(target, own) : [];
    if (again.length !== before.length + added.length || added.some((w, i) => again[before.length + i] !== w)) return undefined;
  } else if (globs === "whole") {
    if (own !== "" || protectedNames.some((n) => /[{},\s]/.test(n))) return undefined;
    rewritten = `!{${protectedNames.join(",")}}`;
  } else return undefined;
  const note = `NOTE: agentihooks changed this search before it ran: the directory holds credential files, so it now skips them (dotenv files, private keys, shell rc and history files, credential stores, and the directories ${CREDENTIAL_EXCLUDES.dirs.join(" ")}) through its glob argument, now ${JSON.stringify(rewritten)}. Templates such as .env.example are skipped too: read one by name if you need it.`;
  return { command: rewritten, note };
}

/**
 * Guardrail: credential reads. Blocks reading credential files (sensitive-paths.ts) through the
 * Read and Grep tools (the path made absolute against the session's directory, and its symlink
 * target too), through shell commands that consume them (every path a command reads, as
 * command-effects.ts resolves it: globs that could match one, `cd` and `cwd` followed, `//`, `/./`
 * and `..` normalised, in substitutions, `bash -c`, `eval`, wrappers such as `docker exec` and
 * `ssh`), and through any other tool given a credential path (MCP servers', tools not known yet,
 * Gemini's read_many_files over a directory or glob); blocks a file tool's change to a credential
 * file that exists (an edit shows its lines); blocks whole-environment dumps and printing
 * secret-looking variables; blocks the container and cluster commands that print secrets; and
 * blocks commands whose meaning is hidden (decoded or downloaded text run by a shell) or whose
 * visible words name a credential file behind a name it cannot see. Naming a file is not reading
 * it: `ls .env`, `find . -name .env`, `grep '\.env' a.py` pass.
 */
import { isAbsolute, join, relative, resolve } from "node:path";
import {
  absolutePath,
  bindMounts,
  DATABASE_CLIENTS,
  DOWNLOADERS,
  codeNamesAreReads,
  commandEffects,
  downstreamOf,
  gitSubcommand,
  isInterpreter,
  readsOperands,
  upstreamOf,
  type EffectCommand,
  type OpaqueEffect,
  type PathEffect,
} from "../command-effects";
import { toolNameWords } from "../normalize";
import { basename } from "../shell";
import { gitInvocation, type Invocation, recordConfig } from "./branch-protection";
import { hiddenIntentBlock } from "./hidden-intent";
import { secretPrinterBlock } from "./secret-printers";
import { type Guard, type GuardInput, type GuardVerdict, isShellTool, READ_TOOLS, stringArg, toolPaths, WRITE_TOOLS } from "./guard";
import {
  componentRegExp,
  CREDENTIAL_EXCLUDES,
  globMayMatchSensitive,
  hardLinkAmong,
  isCredentialDirectory,
  isDotenvName,
  isSensitivePath,
  mentionsSensitivePath,
} from "./sensitive-paths";
import { fs, homeDirectory } from "../node-builtins";
import { readRegularFile } from "../read-regular-file";
import { trackedPaths, workTreeOf } from "../git-index";
import { isSecretVariable, joinedNames } from "../secrets";
import { grepRecurses, searchExclusions, searchToolExclusions, searchToolFollowsLinks } from "./search-rewrite";

const { lstatSync, readdirSync, statSync } = fs;
// The C realpath(3): the same answer as the JS walk, without an lstat call from JS per component.
const realpathSync = fs.realpathSync.native;

/** The names (never the values) a dotenv file defines, for the block message. */
function dotenvKeyNames(path: string): string[] {
  const text = readRegularFile(path, 256 * 1024);
  if (text === undefined) return [];
  const names = new Set<string>();
  for (const line of text.split("\n")) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=/.exec(line);
    if (match) names.add(match[1] as string);
  }
  return [...names].sort().slice(0, 30);
}

function readBlock(shown: string, absolute: string | undefined, how: string): string {
  let keys = "";
  if (absolute && isDotenvName(absolute)) {
    const names = dotenvKeyNames(absolute);
    if (names.length > 0) keys = ` It defines: ${names.join(", ")} (names only).`;
  }
  return `BLOCKED: ${how} ${shown}, a credential file; its values must not reach the transcript.${keys} Ask the operator for the non-secret setting you need, or read a template such as .env.example instead.`;
}

function realTarget(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    return real === path ? undefined : real;
  } catch {
    return undefined;
  }
}

const codeNames = new WeakMap<EffectCommand, Map<string, string>>();

/**
 * The names one of a command's program texts (an argument, or code fed to it) builds by joining
 * string literals (secrets.ts `joinedNames`), worked out once per command and text for every guard
 * that asks (credential reads, self-protection): on megabytes of code each pass costs as much as
 * the analysis.
 */
export function joinedCodeNames(command: EffectCommand, text: string): string | typeof UNREAD_JOINS {
  let names = codeNames.get(command);
  if (names === undefined) codeNames.set(command, (names = new Map()));
  let joined = names.get(text);
  if (joined === undefined) names.set(text, (joined = text.length > MAX_JOINED_TEXT ? (JOIN_HINT.test(text) ? UNREAD_JOINS : "") : joinedNames(text)));
  return joined;
}

/**
 * Program text past this size is not read for the names it joins (a pass over every join of 10 MiB
 * costs as much as the rest of the decision); such text that joins literals at all is unread.
 */
const MAX_JOINED_TEXT = 1024 * 1024;
// A join of two literals, by an operator or side by side (the first one, found natively).
const JOIN_HINT = /['"`][ \t]*(?:\+|\.\.?)?[ \t]*['"`]/;
/** joinedCodeNames' answer for program text too large to read for its joins. */
export const UNREAD_JOINS = "\u0000unread";

/** The deny for program text too large to read for the names it builds (joinedCodeNames). */
export function unreadJoinsBlock(name: string): string {
  return `BLOCKED: This ${name} command's program text is over ${MAX_JOINED_TEXT / 1024 / 1024} MiB and joins string literals, so agentihooks cannot check which files it names. Put the program in a file, or send less code.`;
}

/** True when a path a command touches is (or could be, for a glob) a credential file. */
export function pathIsSensitive(effect: PathEffect): boolean {
  if (effect.aliasOf !== undefined && pathIsSensitive({ ...effect, path: effect.aliasOf, written: effect.aliasOf, aliasOf: undefined })) return true;
  if (effect.glob) return globMayMatchSensitive(effect.path, effect.dotglob === true) || isSensitivePath(effect.written);
  if (isSensitivePath(effect.path) || isSensitivePath(effect.written)) return true;
  if (effect.unset !== undefined && isSensitivePath(effect.unset)) return true;
  const real = effect.dynamic ? undefined : realTarget(effect.path);
  return real !== undefined && isSensitivePath(real);
}

/** A word judged as a path from `cwd`: literal, glob or resolved. */
function wordIsSensitive(word: string, cwd: string, home: string): boolean {
  if (!word || (word.startsWith("-") && !word.includes("="))) return false;
  const candidates = [word];
  const eq = word.indexOf("=");
  if (eq > 0) candidates.push(word.slice(eq + 1));
  const colon = word.lastIndexOf(":");
  if (colon > 0) candidates.push(word.slice(colon + 1));
  const at = word.lastIndexOf("@");
  if (at >= 0) candidates.push(word.slice(at + 1));
  for (const candidate of candidates) {
    if (!candidate) continue;
    const expanded = candidate === "~" || candidate.startsWith("~/") ? home + candidate.slice(1) : candidate;
    const path = absolutePath(expanded, cwd);
    const glob = /[*?[]/.test(candidate);
    if (pathIsSensitive({ path, written: candidate, glob, dynamic: /\$/.test(candidate), via: "" })) return true;
  }
  return false;
}

const DUMP_HELP = 'To see which variables exist, list names only (env | cut -d= -f1), or check one variable with [ -n "$NAME" ].';

/** Later stages of a pipeline that only count or list names, so a dump through them leaks nothing. */
function onlyNamesOrCounts(command: EffectCommand): boolean {
  const after = downstreamOf(command);
  return after.some((stage) => {
    const args = stage.argv.slice(1).join(" ");
    if (stage.name === "wc") return true;
    if (/^(grep|egrep|rg)$/.test(stage.name) && /(^|\s)-[a-zA-Z]*[clq]/.test(args)) return true;
    if (stage.name === "cut" && /-d\s*=|-d=|--delimiter(=|\s)=/.test(args) && /-f\s*1(\s|$)|-f1(\s|$)|--fields(=|\s)1(\s|$)/.test(args)) return true;
    if (/^(awk|gawk|mawk)$/.test(stage.name) && /-F\s*=?'?=/.test(args) && /print \$1\b/.test(args) && !/\$[2-9]|\$0|\$NF/.test(args)) return true;
    if (stage.name === "sed" && /s\/=\.\*\/\//.test(args)) return true;
    return false;
  });
}

/** True when the command prints the whole environment (or every variable). */
export function isEnvironmentDump(command: EffectCommand): boolean {
  const { name } = command;
  const args = command.argv.slice(1);
  if (name === "env") return true;
  if (name === "printenv") return args.every((a) => a.startsWith("-"));
  if (name === "export") return args.every((a) => a === "-p" || a === "-x" || a === "--");
  if (name === "declare" || name === "typeset" || name === "local" || name === "readonly")
    return args.every((a) => /^[-+][a-zA-Z]*$/.test(a)) && !args.some((a) => /^-[a-zA-Z]*[fF]/.test(a));
  if (name === "set") return args.length === 0 || (args.every((a) => a === "-o" || a === "--posix") && false);
  if (name === "compgen") return args.some((a, i) => /^-[a-zA-Z]*[ve]/.test(a) || (a === "-A" && /^(variable|export)$/.test(args[i + 1] ?? "")));
  // BSD-style `e` shows each process's environment, and so does `-E` where ps is BSD's (macOS).
  if (name === "ps") return args.some((a) => (!a.startsWith("-") && /^[a-zA-Z]*e[a-zA-Z]*$/.test(a) && /^[auxewfjlsvrTZ]+$/.test(a)) || /^-[a-zA-Z]*E/.test(a));
  return false;
}

// JavaScript's environment objects (`process.env['PATH']`), in program text a property, not a dotenv file named like `prod.env`.
const JS_ENVIRONMENT_OBJECT = /^(?:process|Bun|Deno|import\.meta)\.env$/;

// A literal variable name, quoted.
const NAME_LITERAL = String.raw`(?:'[\w.-]+'|"[\w.-]+"|\x60[\w.-]+\x60)`;

/**
 * Program text's reads and tests of one environment variable by a literal name, every language's
 * spellings (`os.environ["HOME"]`, `"CI" in os.environ`, `process.env.PATH`, `ENV.fetch("X")`,
 * `$ENV{X}`, `getenv("X")`, `$env:X`): taken out before the text is searched for the environment
 * as a whole.
 */
const ONE_VARIABLE = new RegExp(
  [
    String.raw`(?:\bos\s*\.\s*)?\benvironb?\s*(?:\[\s*${NAME_LITERAL}\s*\]|\.\s*(?:get|setdefault|pop)\s*\(\s*${NAME_LITERAL})`,
    String.raw`\b(?:getenvb?|Getenv|LookupEnv)\s*\(\s*${NAME_LITERAL}`,
    String.raw`${NAME_LITERAL}\s+(?:not\s+)?in\s+(?:(?:os\s*\.\s*)?environb?|process\s*\.\s*env)\b`,
    String.raw`\bprocess\s*\.\s*env\s*(?:(?:\?\.|\.)\s*[A-Za-z_$][\w$]*|\[\s*${NAME_LITERAL}\s*\])`,
    String.raw`\bDeno\s*\.\s*env\s*\.\s*(?:get|has|set|delete)\s*\(\s*${NAME_LITERAL}`,
    String.raw`\bBun\s*\.\s*env\s*(?:\.\s*[A-Za-z_$][\w$]*|\[\s*${NAME_LITERAL}\s*\])`,
    String.raw`\bENV\s*(?:\[\s*${NAME_LITERAL}\s*\]|\.\s*(?:fetch|key\?|has_key\?|include\?|delete)\s*\(?\s*${NAME_LITERAL})`,
    String.raw`\$ENV\s*\{\s*(?:\w+|${NAME_LITERAL})\s*\}`,
    String.raw`\$_(?:ENV|SERVER)\s*\[\s*${NAME_LITERAL}\s*\]`,
    String.raw`\bENVIRON\s*\[\s*${NAME_LITERAL}\s*\]`,
    String.raw`\$env:\w+|\$(?:::)?env\(\w+\)`,
  ].join("|"),
  "g",
);

/**
 * Each language's names for the environment as a whole, searched for once the reads of single
 * variables are out: any mention left passes, prints or aliases every variable (`print(os.environ)`,
 * `from os import environ as e`, `vars(os)`, `console.log(process)`, `process["env"]`, `const {env} =
 * process`, `p ENV`, `keys %ENV`, `print_r($_SERVER)`, `Get-ChildItem env:`).
 */
const WHOLE_ENVIRONMENT: Record<string, RegExp> = {
  python: /\benvironb?\b|\bvars\s*\(\s*(?:os|posix|nt)\s*\)|\b(?:os|posix|nt)\s*\.\s*__dict__|\bgetenv\s*\(\s*\)/,
  javascript: /\bprocess\b(?!\s*(?:\?\.|\.)\s*(?!env\b)[A-Za-z_$])|\b(?:Deno|Bun)\s*(?:\?\.|\.)\s*env\b/,
  ruby: /\bENV\b/,
  perl: /\bENV\b/,
  php: /\$_(?:ENV|SERVER)\b|\$GLOBALS\b|\bgetenv\s*\(\s*\)|\bphpinfo\s*\(/,
  awk: /\bENVIRON\b/,
  r: /\bSys\.getenv\s*\(\s*\)/,
  powershell: /\benv:(?!\w)|GetEnvironmentVariables\b/i,
  tcl: /\b(?:array\s+(?:get|names)|parray)\s+(?:::)?env\b/,
  java: /\bSystem\s*\.\s*getenv\s*\(\s*\)/,
};

/** The language an interpreter's program text is in, for WHOLE_ENVIRONMENT (undefined: any of them). */
function programLanguage(name: string): string | undefined {
  if (/^(python|pypy)/.test(name)) return "python";
  if (/^(node|nodejs|deno|bun)$/.test(name)) return "javascript";
  if (name === "ruby" || name === "irb") return "ruby";
  if (name.startsWith("perl")) return "perl";
  if (name.startsWith("php")) return "php";
  if (/^[gmn]?awk$/.test(name)) return "awk";
  if (name === "Rscript") return "r";
  if (name === "pwsh" || name === "powershell") return "powershell";
  if (name === "tclsh" || name === "wish") return "tcl";
  if (name === "jshell" || name === "groovy" || name === "scala") return "java";
  return undefined;
}

/** True when program text of interpreter `name` names the environment as a whole (WHOLE_ENVIRONMENT). */
function namesWholeEnvironment(name: string, text: string): boolean {
  // make's recipes are shell lines, read as such; its variables (`ENV ?= dev`) are not the environment.
  if (!isInterpreter(name)) return false;
  // Past 1 MiB the single reads are not taken out: any mention counts.
  const rest = text.length > 1024 * 1024 ? text : text.replace(ONE_VARIABLE, " ");
  const language = programLanguage(name);
  if (language !== undefined) return (WHOLE_ENVIRONMENT[language] as RegExp).test(rest);
  return Object.values(WHOLE_ENVIRONMENT).some((whole) => whole.test(rest));
}

// A read of one environment variable by name in program text: Python, Node, Deno, Ruby, Perl, PHP, awk, Go, Java.
const ENV_ACCESS =
  /(?:environ\s*(?:\[|\.get\s*\()|[Gg]etenv\s*\(|process\.env\s*(?:\.|\[)|\$ENV\s*\{|\bENV\s*(?:\[|\.fetch\s*\()|ENVIRON\s*\[|Deno\.env\.get\s*\()\s*['"]?([A-Za-z_][A-Za-z0-9_]*)/g;
// What prints the value it is given, in the statement before the read.
// A print call or statement the read is the direct argument of (`print(`, `puts `, `console.log(`).
const PRINTS = /\b(?:print|printf|println|puts|say|echo|pp|p|write|dump|var_dump|print_r|console\.[a-z]+)\s*\(?\s*$/;

/** A secret-looking variable the program text prints (`print(os.environ["API_TOKEN"])`, `node -p process.env.GITHUB_TOKEN`). */
function printedSecretVariable(command: EffectCommand, code: string): string | undefined {
  if (code.length > 1024 * 1024) return undefined;
  // `node -p`/`--print` prints the value of the whole expression.
  const printsValue = /^(node|nodejs|bun|deno)$/.test(command.name) && command.argv.some((a) => a === "-p" || a === "--print" || a === "-pe");
  for (const match of code.matchAll(ENV_ACCESS)) {
    const name = match[1] as string;
    if (!isSecretVariable(name)) continue;
    const at = match.index ?? 0;
    // The statement so far, at most 200 characters back (each read costs a bounded look).
    const window = code.slice(Math.max(0, at - 200), at);
    const from = Math.max(window.lastIndexOf(";"), window.lastIndexOf("\n"), window.lastIndexOf("{"));
    // The object the read goes through (`os.`, `System.`) is part of it.
    let end = window.length;
    while (end > from + 1 && /[\w.]/.test(window[end - 1] as string)) end -= 1;
    const before = window.slice(from + 1, end);
    if (PRINTS.test(before) || (printsValue && before.trim() === "")) return name;
  }
  return undefined;
}

/** Secret-looking variables a raw word expands (single-quoted text does not expand). */
function expandedSecretVariable(rawWord: string): string | undefined {
  const unquoted = rawWord.replace(/'[^']*'/g, "");
  for (const match of unquoted.matchAll(/\$\{?(!?)([A-Za-z_][A-Za-z0-9_]*)(\}|\[|:|\*|@)?/g)) {
    const name = match[2] as string;
    // `${!name}` prints the variable whose name `name` holds: any variable, secrets included.
    if (match[1] === "!") return name;
    if (/^\$\{#/.test(match[0] as string)) continue;
    if (isSecretVariable(name)) return name;
  }
  return undefined;
}

const HOME_ROOTS = /^(\/|\/home|\/home\/[^/]+|\/root|\/Users|\/Users\/[^/]+)$/;
const PRUNE = new Set([".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", "dist", "build", ".cache", ".tox"]);

/**
 * Credential files under `root` a recursive search would read (bounded walk: depth 6, 20 000
 * entries, common bulk dirs pruned): not skipped by the search's own exclusions (`excluded`, over
 * the directory names below `root` and the base name), links followed to their target when the
 * search follows links.
 */
function credentialFilesUnder(
  root: string,
  includeHidden: boolean,
  excluded: (dirs: readonly string[], file: string) => boolean = () => false,
  follow = false,
  fullPaths: string[] = [],
): string[] {
  const found: string[] = [];
  let budget = 20_000;
  const walkDir = (dir: string, dirs: string[], depth: number): void => {
    if (depth > 6 || budget <= 0 || found.length >= 5) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      budget -= 1;
      if (budget <= 0 || found.length >= 5) return;
      if (!includeHidden && entry.name.startsWith(".")) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!PRUNE.has(entry.name)) walkDir(full, [...dirs, entry.name], depth + 1);
      } else if (excluded(dirs, entry.name)) continue;
      else if (isSensitivePath(full)) {
        found.push(entry.name);
        fullPaths.push(full);
      } else if (follow && entry.isSymbolicLink()) {
        const real = realTarget(full);
        if (real !== undefined && isSensitivePath(real)) found.push(`${entry.name} (a link to ${real})`);
      }
    }
  };
  try {
    if (statSync(root).isFile()) return isSensitivePath(root) ? [basename(root)] : [];
  } catch {
    return [];
  }
  walkDir(root, [], 0);
  return found;
}

function recursiveSearchBlock(command: EffectCommand, home: string): string | undefined {
  const { name } = command;
  const args = command.argv.slice(1);
  const isGrep = /^(grep|egrep|fgrep)$/.test(name);
  const recursive = isGrep ? grepRecurses(args) : /^(rg|ag|ack)$/.test(name);
  if (!recursive) return undefined;
  const roots = command.reads.length > 0 ? command.reads.map((r) => r.path) : [command.cwd];
  const homeRoot = roots.find((r) => HOME_ROOTS.test(r) || r === home);
  if (homeRoot)
    return `BLOCKED: A recursive search of ${homeRoot} would read every credential file in the home directory. Search the project directory, or the specific directory you need, instead.`;
  const includeHidden = isGrep || name === "ack" || args.some((a) => a === "--hidden" || a === "-." || /^-u{1,3}$/.test(a) || a === "--unrestricted");
  // The search's own exclusions, read as the program reads them (none when not read with certainty).
  const excluded = searchExclusions(name, args) ?? (() => false);
  const follow = isGrep
    ? args.some((a) => /^-[a-zA-Z0-9]*R/.test(a) || /^--(de|der|dere|deref|derefe|derefer|derefere|dereferen|dereferenc|dereference|dereference-.*)$/.test(a))
    : args.some((a) => a === "-L" || a === "--follow" || /^-[a-zA-Z]*L/.test(a));
  for (const root of roots) {
    const files = credentialFilesUnder(root, includeHidden, excluded, follow);
    if (files.length > 0) {
      const suggestion = name === "rg" ? `rg -g '!.env' -g '!.env.*' -g '!*.env' …` : `grep -r --exclude=.env --exclude='.env.*' --exclude='*.env' …`;
      return `BLOCKED: A recursive search of ${root} would read credential file(s) (${files.join(", ")}). Exclude them, e.g. ${suggestion}, or search only the files you need.`;
    }
  }
  return undefined;
}

/**
 * A client's own search tool over a directory (its `path`, else the session's directory) reads
 * every file under it, hidden ones included (seen live in Claude Code's Grep, Copilot's rg and
 * Gemini's grep_search): blocked when that holds a credential file its `glob` does not exclude, or
 * is a home or root directory.
 */
function searchToolBlock(input: GuardInput): string | undefined {
  const home = homeDirectory(input.env).replace(/\/+$/, "") || "/";
  const given = stringArg(input.tool_input, "path") || stringArg(input.tool_input, "file_path");
  const expanded = given === "~" || given.startsWith("~/") ? home + given.slice(1) : given;
  const full = given ? (isAbsolute(expanded) ? resolve(expanded) : resolve(input.cwd, expanded)) : input.cwd;
  // A search tool follows a link it is given as its root: the files are judged where they are
  // (`l` → `~/.aws` holds `credentials` of `.aws`).
  const root = realTarget(full) ?? full;
  if (!isDirectory(root)) return undefined;
  if (HOME_ROOTS.test(root) || root === home)
    return `BLOCKED: A search of ${root} would read every credential file in the home directory. Search the project directory, or the specific directory you need, instead.`;
  // Links are followed unless the client's contract says its search tool does not follow them.
  const files = credentialFilesUnder(root, true, searchToolExclusions(input.target, stringArg(input.tool_input, "glob")), searchToolFollowsLinks(input.target));
  if (files.length === 0) return undefined;
  return `BLOCKED: A search of ${root} would read credential file(s) (${files.join(", ")}). Search a directory without them, give the files to search with the glob argument (e.g. "*.py"), or use a shell search that excludes them (grep -r --exclude=.env --exclude='.env.*' --exclude='*.env' …).`;
}

// Commands that read whole directory trees (cp and scp with -r/-a only). Names are looked up in
// sets, not matched by an alternation: V8 compiles a regex on its first use in every hook run, and
// a long alternation costs more to compile than the whole lookup.
const ARCHIVERS = new Set(["tar", "zip", "7z", "7za", "rar", "cpio", "pax", "rsync", "cp", "scp", "rclone", "restic", "borg", "duplicity", "gsutil", "aws"]);

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** True when something is at `path` that is not a directory (a file git may yet read). */
function existsNotDirectory(path: string): boolean {
  try {
    return !statSync(path).isDirectory();
  } catch {
    return false;
  }
}

const SEARCHERS = new Set(["grep", "egrep", "fgrep", "rg", "ag", "ack"]);
const GIT_READERS = new Set([
  "show",
  "diff",
  "grep",
  "log",
  "blame",
  "annotate",
  "cat-file",
  "archive",
  "format-patch",
  "cherry",
  "whatchanged",
  "checkout-index",
]);
// git subcommands that copy a working-tree file's content into the repository.
const GIT_STAGERS = new Set(["add", "stage", "hash-object", "update-index", "commit"]);
// Their options that take the next word as a value (a message, an author, a file of pathspecs), not a path.
const GIT_STAGE_VALUES = new Set([
  "-m",
  "--message",
  "-F",
  "--file",
  "-C",
  "--reuse-message",
  "-c",
  "--reedit-message",
  "--author",
  "--date",
  "-t",
  "--template",
  "--fixup",
  "--squash",
  "--trailer",
  "--cleanup",
  "--pathspec-from-file",
  "--chmod",
  "--cacheinfo",
  "--path",
]);
/**
 * True when the command reads a file whose name is computed at run time (xargs' input, `"$f"` of a
 * `read` loop, a substitution): a reader of it, or a program whose use of it is unseen (a key given
 * to the option that names it excepted).
 */
function readsComputedName(command: EffectCommand): boolean {
  if (command.reads.some((r) => r.dynamic && !(r.unseen && r.option !== undefined && isKeyOption(r.option)))) return true;
  return command.name !== "" && readsOperands(command.name) && command.dynamic.some((d, i) => d && i > 0);
}

/**
 * Options that name what their value is for: a key, a certificate, a cluster or client
 * configuration (`--private-key ~/.ssh/id_rsa`, `--kubeconfig`, `--defaults-file ~/.my.cnf`,
 * `--userconfig ~/.npmrc`). A program the analyser does not model, given a credential there, uses
 * it and does not show it. Not a dotenv file: tools that load one run commands with its values.
 */
const KEY_OPTION_NAMES = new Set(
  "private-key key key-file keyfile identity identity-file ssh-key cert certificate client-cert client-key kubeconfig defaults-file defaults-extra-file userconfig globalconfig config-file credentials credentials-file service-account-key-file".split(
    " ",
  ),
);

/** One or two dashes, then one of KEY_OPTION_NAMES, after lowercase words each ending in "-" (`--ssh-private-key`). */
function isKeyOption(option: string): boolean {
  const body = option.startsWith("--") ? option.slice(2) : option.startsWith("-") ? option.slice(1) : undefined;
  if (body === undefined) return false;
  if (KEY_OPTION_NAMES.has(body)) return true;
  // The first name found decides: a longer prefix holds the shorter one's characters too.
  for (let i = body.indexOf("-"); i >= 0; i = body.indexOf("-", i + 1)) if (KEY_OPTION_NAMES.has(body.slice(i + 1))) return /^[a-z-]*$/.test(body.slice(0, i));
  return false;
}

/**
 * `checked`: the literal paths of the line already found not to be credentials. A line may name
 * one path thousands of times (interpreter code's argument lists); each costs a realpath once.
 */
/** `gitConfig`: what git commands earlier in the line set in git's config (branch-protection.ts's `recordConfig`). */
function commandBlock(command: EffectCommand, home: string, checked: Set<string>, gitConfig: Map<string, string[]>): string | undefined {
  for (const read of command.reads) {
    if (read.unseen && read.option !== undefined && isKeyOption(read.option) && !isDotenvName(read.path)) continue;
    const key = !read.glob && !read.dynamic && read.aliasOf === undefined ? `${read.path}\u0000${read.written}` : undefined;
    if (key !== undefined && checked.has(key)) continue;
    if (key !== undefined) checked.add(key);
    if (pathIsSensitive(read)) {
      if (read.unseen)
        return `BLOCKED: ${read.via} is given ${read.written || read.path}, a credential file, and agentihooks cannot tell whether it shows the file's contents; its values must not reach the transcript. Ask the operator to run it, or give it a template such as .env.example instead.`;
      const how =
        read.via === "<" || read.via === "<>"
          ? "This command feeds"
          : read.via === "source" || read.via === "."
            ? "This command loads"
            : `This ${read.via === command.name ? "command" : `${read.via} command`} reads`;
      return readBlock(read.written || read.path, read.glob || read.dynamic ? undefined : read.path, how);
    }
  }
  const { name } = command;
  const args = command.argv.slice(1);
  if (!name) return undefined;
  const printed = secretPrinterBlock(command);
  if (printed) return printed;
  if (ARCHIVERS.has(name) && ((name !== "cp" && name !== "scp") || args.some((a) => /^-[a-zA-Z]*[rRa]/.test(a) || a === "--recursive" || a === "--archive"))) {
    // A whole directory read at once: a credential directory, a home, or one that holds credential files.
    for (const read of command.reads) {
      if (read.glob || read.dynamic) continue;
      if (isCredentialDirectory(read.path) || HOME_ROOTS.test(read.path) || read.path === home)
        return `BLOCKED: ${name} of ${read.written || read.path} reads a directory of credentials (${read.path}). Copy or archive the specific files you need.`;
      const files = credentialFilesUnder(read.path, true);
      if (files.length > 0 && isDirectory(read.path))
        return `BLOCKED: ${name} of ${read.written || read.path} would read credential file(s) (${files.join(", ")}). Exclude them, or archive only the files you need.`;
    }
  }
  if (isEnvironmentDump(command) && !onlyNamesOrCounts(command)) {
    return `BLOCKED: This command prints the whole environment, which holds credentials. ${DUMP_HELP}`;
  }
  if (name === "printenv") {
    const secret = args.find((a) => !a.startsWith("-") && isSecretVariable(a));
    if (secret)
      return `BLOCKED: This command prints the secret-looking variable ${secret}. Check that it is set with [ -n "$${secret}" ], or print its length with \${#${secret}}, instead.`;
  }
  if (name === "echo" || name === "printf" || name === "print" || name === "say") {
    for (const raw of command.raw.slice(1)) {
      const secret = expandedSecretVariable(raw);
      if (secret)
        return `BLOCKED: This command prints the secret-looking variable ${secret}. Check that it is set with [ -n "$${secret}" ], or print its length with \${#${secret}}, instead.`;
    }
  }
  if ((name === "docker" || name === "podman") && args[0] === "compose" && args.includes("config") && !args.includes("--no-interpolate")) {
    return "BLOCKED: docker compose config prints the interpolated environment, credentials included. Add --no-interpolate.";
  }
  if (name === "docker-compose" && args.includes("config") && !args.includes("--no-interpolate")) {
    return "BLOCKED: docker-compose config prints the interpolated environment, credentials included. Add --no-interpolate.";
  }
  if (
    (name === "docker" || name === "podman") &&
    (args[0] === "inspect" || (args[1] === "inspect" && /^(container|image)$/.test(args[0] ?? ""))) &&
    !args.some((a) => a === "-f" || a === "--format" || a.startsWith("--format=") || a.startsWith("-f="))
  ) {
    return "BLOCKED: docker inspect without --format prints the container's environment, credentials included. Select the fields you need with --format.";
  }
  if ((name === "kubectl" || name === "oc") && args.includes("get") && args.some((a) => /^secrets?$|^secrets?\//.test(a))) {
    const output = args.find((a, i) => /^-o.+|^--output=/.test(a) || ((a === "-o" || a === "--output") && args[i + 1] !== undefined));
    if (output) {
      const value = output === "-o" || output === "--output" ? (args[args.indexOf(output) + 1] as string) : output.replace(/^-o=?|^--output=/, "");
      if (!/^(name|wide)$/.test(value))
        return `BLOCKED: kubectl get secret with -o ${value} prints the secret's values. Use kubectl describe secret to see its keys.`;
    }
  }
  if (codeNamesAreReads(name)) {
    // The arguments, and the program text the line feeds it (heredoc, here-string, a script written earlier).
    // And the names each text builds by joining string literals (`os.system('ca'+'t .e'+'nv')`).
    const texts = new Set([...args, ...command.code]);
    for (const text of [...texts]) {
      const joined = joinedCodeNames(command, text);
      if (joined === UNREAD_JOINS) return unreadJoinsBlock(name);
      texts.add(joined);
    }
    const sensitive = sensitiveWordTest(command.cwd, home);
    for (const arg of texts) {
      const hit = someWord(arg, (w) => !(w.endsWith(".env") && JS_ENVIRONMENT_OBJECT.test(w)) && sensitive(w));
      if (hit) return readBlock(arg.length > 80 ? `${arg.slice(0, 77)}...` : arg, undefined, `This ${name} command reads`);
      if (namesWholeEnvironment(name, arg)) return `BLOCKED: This ${name} command prints the whole environment, which holds credentials. ${DUMP_HELP}`;
      const secret = printedSecretVariable(command, arg);
      if (secret)
        return `BLOCKED: This ${name} command prints the secret-looking variable ${secret}. Check that it is set (os.environ.get("${secret}") is not None, or [ -n "$${secret}" ]) instead; using it in code that does not print it is fine.`;
    }
  }
  // A program the analyser does not model, given program text or a command line as one word
  // (`guile -c '(call-with-input-file ".env" …)'`, `expect -c 'spawn cat .env'`): a credential named
  // inside that word is given to it as much as one that is a word of its own.
  if (!codeNamesAreReads(name) && command.unseenArgs.length > 0) {
    const sensitive = sensitiveWordTest(command.cwd, home);
    // Bounded: past UNSEEN_WORDS words the rest is not read, and what it holds is not known.
    let words = 0;
    for (const arg of command.unseenArgs) {
      let hit: string | undefined;
      if (hasWordBreak(arg) && someWord(arg, (w) => ++words > UNSEEN_WORDS || (sensitive(w) && (hit = w) !== undefined))) {
        if (hit === undefined)
          return `BLOCKED: ${name} is given more than ${UNSEEN_WORDS} words of text agentihooks does not model, and it checks no further whether they name a credential file. Put the text in a file and give ${name} the file, or ask the operator to run it.`;
        return `BLOCKED: ${name} is given ${hit}, a credential file, inside ${arg.length > 80 ? `${arg.slice(0, 77)}...` : arg}, and agentihooks cannot tell whether it shows the file's contents; its values must not reach the transcript. Ask the operator to run it, or give it a template such as .env.example instead.`;
      }
    }
  }
  if (!codeNamesAreReads(name) && command.code.length > 0 && (name === "awk" || name === "gawk" || name === "mawk")) {
    for (const code of command.code) {
      if (namesWholeEnvironment(name, code)) return `BLOCKED: This ${name} command prints the whole environment, which holds credentials. ${DUMP_HELP}`;
      const secret = printedSecretVariable(command, code);
      if (secret) return `BLOCKED: This ${name} command prints the secret-looking variable ${secret}. Check that it is set with [ -n "$${secret}" ] instead.`;
    }
  }
  // A database statement that reads a file (SQLite's `readfile('.env')`, `.read`, `.import`;
  // Postgres' `pg_read_file`, `COPY … FROM`; MySQL's `LOAD_FILE`, `LOAD DATA INFILE`): each word of
  // the statements, as program text's words are.
  if (DATABASE_CLIENTS.has(name)) {
    const statements = args.filter((a, i) => i > 0 && !a.startsWith("-") && !/^[a-z][a-z0-9+.-]*:\/\//i.test(a));
    for (const text of statements) {
      const hit = credentialWord(text, command.cwd, home);
      if (hit !== undefined) return readBlock(hit, undefined, `This ${name} statement reads`);
    }
  }
  // A URL whose path names a credential file: a server that serves the directory (`python3 -m
  // http.server`) hands the file over (`curl http://localhost:8000/.env`).
  if (DOWNLOADERS.has(name)) {
    // With a scheme, or without one (curl's `localhost:8000/.env`).
    const url = args.find((a) => urlNamesCredential(a, true));
    if (url !== undefined) return readBlock(url, undefined, `This ${name} fetches`);
  }
  // A container's or pod's file copied out (`docker cp app:/app/.env -`, `kubectl cp pod:/app/.env x`).
  if ((name === "docker" || name === "podman" || name === "nerdctl" || name === "kubectl" || name === "oc") && args.includes("cp")) {
    for (const a of args.slice(args.indexOf("cp") + 1)) {
      const inside = /^[^-/:][^/:]*:(.+)$/.exec(a);
      if (inside && isSensitivePath(inside[1] as string)) return readBlock(a, undefined, `This ${name} cp copies out`);
    }
  }
  if (SEARCHERS.has(name)) {
    const block = recursiveSearchBlock(command, home);
    if (block) return block;
  }
  if (name === "git") {
    const sub = gitSubcommand(args);
    if (sub >= 0 && GIT_READERS.has(args[sub] as string)) {
      const hit = args.slice(sub + 1).find((a, i, rest) => {
        // `git log -L<start>,<end>:<file>` (or `-L <range>:<file>`) prints those lines of the file.
        const range = /^-L(.+)$/s.exec(a)?.[1] ?? (rest[i - 1] === "-L" ? a : undefined);
        if (range !== undefined && range.includes(":")) return wordIsSensitive(range.slice(range.lastIndexOf(":") + 1), command.cwd, home);
        if (a.startsWith("-")) return false;
        const spec = pathspec(a);
        return !spec.exclude && wordIsSensitive(spec.path, command.cwd, home);
      });
      if (hit) return readBlock(hit, undefined, `This git ${args[sub]} reads`);
    }
    if (sub >= 0 && args[sub] === "grep") {
      const block = gitGrepBlock(command, args.slice(sub + 1));
      if (block) return block;
    }
    if (sub >= 0) {
      // Aliases expanded (`-c alias.l='log -p'`, one set in a config file or earlier in the line), `-C` and `--git-dir` followed.
      const inv = gitInvocation(args, command.cwd, home, undefined, { env: command.env, overlay: gitConfig });
      recordConfig(inv, gitConfig);
      const block = gitHistoryBlock(inv);
      if (block) return block;
    }
    // git config prints the entries of any file it is pointed at (`git config -f ~/.aws/credentials -l`
    // prints `default.aws_secret_access_key=…`), and an include path takes a file into every config
    // read after it (`git -c include.path=… config -l`, `git config include.path …`).
    const source = gitConfigSources(args, sub).find((v) => wordIsSensitive(v, command.cwd, home));
    if (source !== undefined) return readBlock(source, undefined, "This git config reads");
    // Staging a credential file puts its content in the repository, where a commit and a push take it
    // off the machine (`git add -f .env`, `git hash-object -w`, `git update-index --add`).
    if (sub >= 0 && GIT_STAGERS.has(args[sub] as string)) {
      const operands = args.slice(sub + 1).filter((a, i, rest) => !a.startsWith("-") && !GIT_STAGE_VALUES.has(rest[i - 1] ?? ""));
      const hit = operands.find((a) => wordIsSensitive(a, command.cwd, home));
      if (hit)
        return `BLOCKED: This git ${args[sub]} puts ${hit}, a credential file, into the repository, where a commit and a push publish it. Keep it out of git (list it in .gitignore) and commit a template such as .env.example instead.`;
    }
  }
  if (name === "find") {
    const named = args.some(
      (a, i) =>
        /^-(i?name|i?path|i?wholename|i?regex|lname)$/.test(a) &&
        args[i + 1] !== undefined &&
        (isSensitivePath(args[i + 1] as string) || globMayMatchSensitive(`/x/${args[i + 1] as string}`)),
    );
    if (named) {
      const exec = args.findIndex((a) => a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir");
      const execName = exec >= 0 ? basename(args[exec + 1] ?? "") : "";
      const fed = downstreamOf(command).some((c) => c.prefixes.includes("xargs") && readsComputedName(c));
      if ((execName !== "" && !NAME_ACTIONS.has(execName)) || fed || args.some((a) => a === "-fprint" || a === "-fls")) {
        return "BLOCKED: This find command feeds credential files to a command that reads them. Finding the files is fine (drop the -exec or xargs part to list them); reading them is not.";
      }
    }
  }
  if (
    command.prefixes.includes("xargs") &&
    readsComputedName(command) &&
    upstreamOf(command).some((up) => up.argv.some((w) => isSensitivePath(w) || (/[*?]/.test(w) && globMayMatchSensitive(`/x/${w}`))))
  ) {
    return "BLOCKED: This pipeline feeds credential file names to a command that reads them. List the names without reading the files, or ask the operator for the value you need.";
  }
  return undefined;
}

// Names a find `-name` glob is tried against: one of each kind of credential file.
const CREDENTIAL_SAMPLES = [
  ".env",
  ".ENV",
  ".env.local",
  "prod.env",
  "id_rsa",
  "id_ed25519",
  "deploy_key",
  "credentials",
  "config",
  "config.json",
  "hosts.yml",
  "environ",
  "credentials.tfrc.json",
  "application_default_credentials.json",
  "server.key",
  "privkey.pem",
  "client.p12",
  "kubeconfig",
  ...CREDENTIAL_EXCLUDES.names.filter((n) => !/[*?[]/.test(n)),
];

function fnmatch(glob: string, name: string, ignoreCase: boolean): boolean {
  const body = glob
    .replace(/[.+^${}()|\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".")
    .replace(/\\\[/g, "[")
    .replace(/\\\]/g, "]");
  try {
    return new RegExp(`^${body}$`, ignoreCase ? "i" : "").test(name);
  } catch {
    return true;
  }
}

/**
 * True when a find expression selects no credential file by name: an `-and` chain (no `-o`, `,`)
 * with a `-name`/`-iname` glob, not negated, that matches none of the credential samples.
 */
function findSelectsNoCredential(args: readonly string[]): boolean {
  if (args.some((a) => a === "-o" || a === "-or" || a === ",")) return false;
  return args.some((a, i) => {
    if (a !== "-name" && a !== "-iname") return false;
    const glob = args[i + 1];
    const before = args[i - 1];
    if (glob === undefined || before === "!" || before === "-not") return false;
    return !CREDENTIAL_SAMPLES.some((sample) => fnmatch(glob, sample, a === "-iname"));
  });
}

/** What a command lists: its roots (directories, or names and globs it prints), and how. */
interface Listing {
  /** Absolute roots; a glob or `$…` kept as written. */
  roots: Array<{ path: string; glob: boolean; dynamic: boolean }>;
  /** Dot files are listed. */
  hidden: boolean;
  /** Every level below a root is listed, not only its entries. */
  recursive: boolean;
  /** Links are followed into their targets. */
  follow: boolean;
  /** The roots themselves are printed (`ls -d`, `echo .*`), not their entries. */
  itself: boolean;
  /** The lister runs a program of its own on every name (`fd -x cat`). */
  runs: boolean;
}

const LS_LIKE = new Set(["ls", "dir", "vdir", "exa", "eza", "lsd"]);
// Options of the listers that take the next word as their value (GNU ls, eza, tree, fd, du).
const LISTER_VALUES: Readonly<Record<string, ReadonlySet<string>>> = {
  ls: new Set([
    "-I",
    "-w",
    "-T",
    "--hide",
    "--ignore",
    "--format",
    "--sort",
    "--time",
    "--color",
    "--block-size",
    "--quoting-style",
    "--indicator-style",
    "--time-style",
    "--width",
    "--tabsize",
  ]),
  eza: new Set(["-L", "-I", "-s", "-t", "-w", "--level", "--ignore-glob", "--sort", "--time", "--color", "--width", "--time-style"]),
  tree: new Set(["-L", "-P", "-I", "-o", "-H", "-T", "--filelimit", "--charset", "--sort", "--timefmt"]),
  fd: new Set([
    "-e",
    "-E",
    "-t",
    "-d",
    "-j",
    "-S",
    "-c",
    "-o",
    "--extension",
    "--exclude",
    "--type",
    "--max-depth",
    "--min-depth",
    "--exact-depth",
    "--threads",
    "--size",
    "--color",
    "--owner",
    "--changed-within",
    "--changed-before",
    "--max-results",
    "--ignore-file",
    "--base-directory",
    "--path-separator",
    "--format",
  ]),
  du: new Set(["-B", "-d", "-t", "--block-size", "--max-depth", "--threshold", "--time-style", "--exclude", "--files0-from"]),
};
// Programs `fd -x`/`-X` may run on each name that show no file's bytes (names, counts, metadata, deletion).
const NAME_ACTIONS = new Set([
  "echo",
  "printf",
  "ls",
  "stat",
  "file",
  "wc",
  "du",
  "basename",
  "dirname",
  "realpath",
  "readlink",
  "rm",
  "unlink",
  "touch",
  "chmod",
  "chown",
  "mkdir",
  "rmdir",
  "test",
  "[",
]);

/** The words of `args` that are not options or option values, per `values`; every word after `--`. */
function operands(args: readonly string[], values: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    if (a === "--") return [...out, ...args.slice(i + 1)];
    if (a.startsWith("-") && a.length > 1) {
      if (values.has(a)) i += 1;
      continue;
    }
    out.push(a);
  }
  return out;
}

const clusterHas = (args: readonly string[], letters: RegExp, long: readonly string[]): boolean =>
  args.some((a) => (/^-[A-Za-z0-9]+$/.test(a) && letters.test(a.slice(1))) || long.includes(a.split("=")[0] as string));

/** What `command` lists, when it is a lister (`ls`, `find`, `fd`, `tree`, `du -a`, `git ls-files -o`, `echo`/`printf` of globs). */
function listingOf(command: EffectCommand, home: string): Listing | undefined {
  const { name, cwd } = command;
  const args = command.argv.slice(1);
  const root = (word: string, i?: number): Listing["roots"][number] => {
    const expanded = word === "~" || word.startsWith("~/") ? home + word.slice(1) : word;
    const at = i === undefined ? -1 : command.argv.indexOf(word, 1);
    return { path: absolutePath(expanded, cwd), glob: /[*?[]/.test(word), dynamic: /\$/.test(word) || (at > 0 && command.dynamic[at] === true) };
  };
  const rootsOf = (words: readonly string[]): Listing["roots"] => (words.length > 0 ? words.map((w) => root(w, 0)) : [root(".")]);
  if (LS_LIKE.has(name)) {
    const eza = name === "eza" || name === "exa";
    const values = (eza ? LISTER_VALUES.eza : LISTER_VALUES.ls) as ReadonlySet<string>;
    return {
      roots: rootsOf(operands(args, values)),
      hidden: clusterHas(args, /[aA]/, ["--all", "--almost-all"]),
      recursive: clusterHas(args, eza ? /[RT]/ : /R/, ["--recursive", "--tree"]),
      follow: clusterHas(args, /L/, ["--dereference"]) && !eza,
      itself: clusterHas(args, /d/, ["--directory"]) && !eza,
      runs: false,
    };
  }
  if (name === "find") {
    if (findSelectsNoCredential(args)) return undefined;
    // find's starting points: the words before the expression.
    const end = args.findIndex((a) => a.startsWith("-") || a === "(" || a === "!");
    const starts = (end < 0 ? args : args.slice(0, end)).filter((a) => !/^-[HLP]$/.test(a));
    const exec = args.findIndex((a) => a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir");
    const program = exec >= 0 ? basename(args[exec + 1] ?? "") : "";
    const follow = args.includes("-L") || args.includes("-follow");
    return { roots: rootsOf(starts), hidden: true, recursive: true, follow, itself: false, runs: program !== "" && !NAME_ACTIONS.has(program) };
  }
  if (name === "fd" || name === "fdfind") {
    const exec = args.findIndex((a) => a === "-x" || a === "-X" || a === "--exec" || a === "--exec-batch");
    const own = exec >= 0 ? args.slice(0, exec) : args;
    const words = operands(own, LISTER_VALUES.fd as ReadonlySet<string>);
    const pattern = words[0];
    // A plain pattern (letters, digits, `.`, `_`, `-`, escapes, anchors) that matches no credential name selects none.
    if (pattern !== undefined && /^[\\^$A-Za-z0-9._-]+$/.test(pattern) && !own.some((a) => a === "-g" || a === "--glob")) {
      try {
        const re = new RegExp(pattern, own.some((a) => a === "-i" || a === "--ignore-case") ? "i" : "");
        if (!CREDENTIAL_SAMPLES.some((sample) => re.test(sample))) return undefined;
      } catch {
        // Not a regular expression fd would take either: judged as matching.
      }
    }
    // `-e EXT` selects names ending `.EXT` (any of them given).
    const extensions = own.flatMap((a, i) => (a === "-e" || a === "--extension" ? [own[i + 1] ?? ""] : a.startsWith("--extension=") ? [a.slice(12)] : []));
    if (extensions.length > 0 && !extensions.some((ext) => CREDENTIAL_SAMPLES.some((sample) => sample.toLowerCase().endsWith(`.${ext.toLowerCase()}`))))
      return undefined;
    const program = exec >= 0 ? basename(args[exec + 1] ?? "") : "";
    return {
      roots: rootsOf(words.slice(1)),
      hidden: clusterHas(own, /[Hu]/, ["--hidden", "--unrestricted"]),
      recursive: true,
      follow: clusterHas(own, /L/, ["--follow"]),
      itself: false,
      runs: program !== "" && !NAME_ACTIONS.has(program),
    };
  }
  if (name === "tree")
    return {
      roots: rootsOf(operands(args, LISTER_VALUES.tree as ReadonlySet<string>)),
      hidden: clusterHas(args, /a/, []),
      recursive: true,
      follow: clusterHas(args, /l/, []),
      itself: false,
      runs: false,
    };
  if (name === "du" && clusterHas(args, /a/, ["--all"]))
    return {
      roots: rootsOf(operands(args, LISTER_VALUES.du as ReadonlySet<string>)),
      hidden: true,
      recursive: true,
      follow: clusterHas(args, /L/, ["--dereference"]),
      itself: false,
      runs: false,
    };
  if (name === "git") {
    const sub = gitSubcommand(args);
    const rest = args.slice(sub + 1);
    // Untracked files (`-o`): what is not committed, dotenv files first among them. Tracked files are the repository's own.
    if (sub >= 0 && args[sub] === "ls-files" && clusterHas(rest, /o/, ["--others"])) {
      const dashes = rest.indexOf("--");
      return { roots: rootsOf(dashes >= 0 ? rest.slice(dashes + 1) : []), hidden: true, recursive: true, follow: false, itself: false, runs: false };
    }
    return undefined;
  }
  if (name === "echo" || name === "printf" || name === "print") {
    // The names a glob expands to (`printf '%s\n' .*`), or a credential file named outright.
    const named = args.filter((a, i) => command.dynamic[i + 1] !== true && (/[*?[]/.test(a) || isSensitivePath(a)));
    return named.length > 0 ? { roots: named.map((w) => root(w)), hidden: true, recursive: false, follow: false, itself: true, runs: false } : undefined;
  }
  return undefined;
}

/** True when the command turns text the line shows into its output: program text, a heredoc or here-string, known text piped in. */
function computesFromLineText(command: EffectCommand): boolean {
  if (command.redirects.some((r) => r.op === "<<<" || r.op === "<<" || r.op === "<<-")) return true;
  const previous = command.stage > 0 ? command.pipeline[command.stage - 1] : undefined;
  if (previous !== undefined) return previous.output !== undefined;
  // Program text with no input of its own (`python3 -c …`, `awk 'BEGIN{…}'`): a filter's program
  // over a file or a listing (`git diff --name-only | sed 's/^/.\//'`) transforms names it is given.
  return command.code.length > 0 && command.reads.length === 0 && !command.redirects.some((r) => r.op === "<" || r.op === "<&");
}

/** True when what `command` prints goes on to another command: a later pipeline stage, a substitution, a file, find's `-exec`. */
function outputIsFed(command: EffectCommand): boolean {
  if (command.stage < command.pipeline.length - 1 || command.depth > 0) return true;
  if (
    command.redirects.some(
      (r) => (r.op === ">" || r.op === ">>" || r.op === ">|" || r.op === "&>" || r.op === "&>>") && (r.fd === "" || r.fd === "1") && r.target !== "/dev/null",
    )
  )
    return true;
  return command.name === "find" && command.argv.some((a) => /^-(fprint0?|fprintf|fls)$/.test(a));
}

const SECRET_MOUNTS = /^\/proc(\/|$)|(^|\/)run\/secrets(\/|$)/;

/** Why a listed root holds, or may hold, credential files it lists; undefined when it holds none. */
function rootCredentials(root: Listing["roots"][number], listing: Listing, home: string): string | undefined {
  const { path } = root;
  if (root.dynamic) return `${path} is computed at run time`;
  if (root.glob) {
    // A glob root lists what it matches: a credential file, or the entries of a credential directory.
    const matches = globMayMatchSensitive(path) || (!listing.itself && globMayMatchSensitive(`${path}/id_rsa`));
    return matches ? `${path} may match credential files` : undefined;
  }
  if (isSensitivePath(path)) return basename(path);
  if (listing.itself) return undefined;
  if (HOME_ROOTS.test(path) || path === home)
    return listing.hidden || listing.recursive ? `${path} is a home or root directory` : directCredentials(path, false);
  if (path.split("/").some((part) => part !== "" && isCredentialDirectory(part)) || SECRET_MOUNTS.test(path)) return `${path} is a directory of credentials`;
  if (!isDirectory(path)) return undefined;
  if (!listing.recursive) return directCredentials(path, listing.hidden);
  const files = credentialFilesUnder(path, listing.hidden, () => false, listing.follow);
  return files.length > 0 ? files.join(", ") : undefined;
}

/** The credential files directly in `dir` (dot files only when `hidden`), listed for a message. */
function directCredentials(dir: string, hidden: boolean): string | undefined {
  try {
    const files = readdirSync(dir).filter((entry) => (hidden || !entry.startsWith(".")) && isSensitivePath(join(dir, entry)));
    return files.length > 0 ? files.slice(0, 5).join(", ") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The block for a listing whose names a reader consumes (`ls -a | xargs cat`, `find ~/.ssh | while
 * read f; do cat "$f"; done`, `ls -a > l; xargs cat < l`, `cat $(ls -a)`): one of its roots holds,
 * or may hold, credential files it lists. `fed`: the line reads a file whose name it computes.
 */
function listingBlock(command: EffectCommand, home: string, fed: boolean): string | undefined {
  const listing = listingOf(command, home);
  if (!listing || !(listing.runs || (fed && outputIsFed(command)))) return undefined;
  for (const root of listing.roots) {
    const why = rootCredentials(root, listing, home);
    if (why)
      return `BLOCKED: This command line reads files named by a listing (${command.argv.slice(0, 4).join(" ")}) that holds or may hold credential files (${why}). List the names only, or name the files to read plainly (cat src/a.ts, find src -name '*.ts' | xargs grep …, git ls-files | xargs …).`;
  }
  return undefined;
}

// The characters between words of program text: blanks (as `\s` reads them), quotes, brackets and
// shell operators. A table, so a 10 MiB program is cut into words by one loop without a regex.
const WORD_BREAK = new Uint8Array(0x10000);
for (const c of " \t\n\v\f\r\u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff'\"`(),;<>|&{}[]") WORD_BREAK[c.charCodeAt(0)] = 1;
WORD_BREAK.fill(1, 0x2000, 0x200b);

/** The first word of `text` (cut at `WORD_BREAK`) that names a credential file, or undefined. */
function credentialWord(text: string, cwd: string, home: string): string | undefined {
  let hit: string | undefined;
  someWord(text, (w) => wordIsSensitive(w, cwd, home) && (hit = w) !== undefined);
  return hit;
}

/**
 * `git grep` with no credential named: it searches the tracked files under its directories (the
 * operands that are directories, else the working directory), and with `--untracked` or
 * `--no-index` every file there. Blocked when that takes in a credential file: one git tracks (read
 * from the index), or with those options any. An index that cannot be read counts as tracking all.
 */
function gitGrepBlock(command: EffectCommand, args: readonly string[]): string | undefined {
  const dash = args.indexOf("--");
  const pathspecs = dash >= 0 ? args.slice(dash + 1) : [];
  const before = dash >= 0 ? args.slice(0, dash) : args;
  const specs = pathspecs.map(pathspec);
  const excludes = specs.filter((p) => p.exclude).map((p) => p.path);
  const includes = specs.filter((p) => !p.exclude).map((p) => p.path);
  const dirs = before
    .filter((a) => !a.startsWith("-"))
    .map((a) => resolve(command.cwd, a))
    .filter(isDirectory);
  const roots = dirs.length > 0 && includes.length === 0 ? dirs : [command.cwd];
  // Git takes any unique abbreviation of a long option (`--no-in`, `--untr`).
  const everyFile = args.some((a) => (a.length >= 7 && "--no-index".startsWith(a)) || (a.length >= 3 && "--untracked".startsWith(a)));
  const tree = everyFile ? undefined : workTreeOf(command.cwd);
  // A glob too long or with too many stars to match in linear time is taken to match (an include) or not (an exclude).
  const matches = (spec: string, file: string, complex: boolean): boolean => {
    const at = resolve(command.cwd, spec);
    if (file === at || file.startsWith(`${at}/`)) return true;
    if (!/[*?]/.test(spec)) return false;
    if (spec.length > 256 || (spec.match(/\*/g)?.length ?? 0) > 4) return complex;
    return pathspecGlob(spec).test(relative(command.cwd, file));
  };
  for (const root of roots) {
    const full: string[] = [];
    credentialFilesUnder(root, true, () => false, false, full);
    // By path, not by name: `.env` and `config/.env` are two files, one of them perhaps tracked.
    let searched = full.filter(
      (file) => (includes.length === 0 || includes.some((spec) => matches(spec, file, true))) && !excludes.some((spec) => matches(spec, file, false)),
    );
    if (!everyFile && searched.length > 0) {
      // Outside a repository git grep stops with an error.
      if (tree === undefined) return undefined;
      const tracked = tree.index === undefined ? undefined : trackedPaths(tree.index);
      const unknown = tracked === undefined && tree.index !== undefined && existsNotDirectory(tree.index);
      if (!unknown) searched = searched.filter((file) => tracked?.has(relative(tree.top, file)) === true);
    }
    if (searched.length === 0) continue;
    return `BLOCKED: This git grep searches ${root}, where it would read credential file(s) (${searched.map((file) => relative(root, file)).join(", ")}). Leave them out with a pathspec (git grep … -- . ':!.env'), or search only the files you need.`;
  }
  return undefined;
}

// git subcommands that print file contents from the repository whatever their options: a patch per
// commit, a tree's files, every object (git-format-patch(1), git-archive(1), git-fast-export(1)).
const GIT_CONTENT_ALWAYS = new Set(["format-patch", "archive", "fast-export", "range-diff", "difftool"]);
// git subcommands that print a diff unless an option asks for names or counts only (git-diff(1),
// git-show(1)); `stash show` as well, since `stash.showPatch` may turn its patch on.
const GIT_DIFF_BY_DEFAULT = new Set(["diff", "show", "diff-files"]);
// Options that leave a diff's contents out (git-diff(1), "--stat", "--name-only", "-s").
const GIT_NO_CONTENT =
  /^(--stat(=.*)?|--numstat|--shortstat|--name-only|--name-status|--raw|--summary|--dirstat(=.*)?|--dirstat-by-file(=.*)?|--quiet|-s|--no-patch|--compact-summary)$/;
// Options that ask any diff-producing subcommand for a patch (git-log(1), "Diff formatting";
// `-U<n>` and `--word-diff` imply `-p`; `--check` prints the offending lines). `log`, `whatchanged`,
// `reflog`, `diff-tree`, `diff-index`, and the interactive `add`/`reset`/`restore`/`checkout`/`stash
// -p`, which show every hunk, print contents only with one.
const GIT_PATCH_OPTION =
  /^(-p|-u|-U\d*|--patch|--patch-with-stat|--patch-with-raw|--unified(=.*)?|-c|--cc|--dd|--remerge-diff|--word-diff(=.*)?|--color-words(=.*)?|--word-diff-regex(=.*)?|--check|--full-diff)$/;
// Options whose value is the next word, so it is no revision or path.
const GIT_HISTORY_VALUES = new Set([
  "-n",
  "--max-count",
  "--skip",
  "--since",
  "--until",
  "--author",
  "--committer",
  "--grep",
  "-G",
  "-S",
  "--format",
  "--pretty",
  "-o",
  "--output",
  "--prefix",
  "--remote",
  "--source",
  "-s",
  "--pathspec-from-file",
]);

// Every subcommand gitHistoryBlock judges: any other is decided without reading its options.
const GIT_HISTORY_SUBCOMMANDS = new Set([
  ...GIT_CONTENT_ALWAYS,
  ...GIT_DIFF_BY_DEFAULT,
  ...["cat-file", "log", "whatchanged", "reflog", "diff-tree", "diff-index", "checkout-index", "add", "reset", "restore", "checkout", "stash", "commit"],
]);

/**
 * A git command that prints file contents out of the repository without naming a file (`git log
 * -p`, `git show`, `git diff HEAD~3`, `git format-patch`, `git archive`, `git cat-file -p <hash>`,
 * `git stash show -p`): blocked when git tracks a credential file here (read from the index; one
 * that cannot be read counts as tracking one), unless its pathspecs leave every such file out. Which
 * commits touched the file is not known without reading git's objects, so any such view may print it.
 * A credential file that history holds but the index no longer tracks is not seen (docs/guardrails.md).
 */
function gitHistoryBlock(inv: Invocation): string | undefined {
  const name = inv.unreadAlias ?? inv.sub;
  if (inv.unreadAlias === undefined && !GIT_HISTORY_SUBCOMMANDS.has(name)) return undefined;
  let rest = inv.args;
  let shown = name;
  if (name === "stash") {
    if (rest[0] !== "show" && !rest.some((a) => a === "-p" || a === "--patch")) return undefined;
    shown = rest[0] === "show" ? "stash show" : "stash";
    rest = rest[0] === "show" ? rest.slice(1) : rest;
  }
  const dash = rest.indexOf("--");
  const options = dash >= 0 ? rest.slice(0, dash) : rest;
  const patch = options.some((a) => GIT_PATCH_OPTION.test(a));
  const operands = gitOperands(options);
  // `<rev>:<path>` names the file it prints (judged by name above), `<rev>:` and `<rev>:<dir>` list names.
  // A computed word (`$(git rev-parse …)`) names whatever it prints: no name is read in it.
  const namedObjects = operands.length > 0 && operands.every((a) => !/[$`\u0001\u0002]/.test(a) && (/^[^:]*:[^/]/.test(a) || a.endsWith(":")));
  let prints: boolean;
  // An alias whose definition is not visible runs any subcommand.
  if (inv.unreadAlias !== undefined || GIT_CONTENT_ALWAYS.has(name)) prints = true;
  else if (name === "show" && namedObjects) prints = false;
  else if (GIT_DIFF_BY_DEFAULT.has(name) || shown === "stash show") prints = patch || !options.some((a) => GIT_NO_CONTENT.test(a));
  else if (name === "cat-file")
    // A commit or a tree prints names only; a hash may be a blob's, and a batch reads any object.
    prints =
      options.some((a) => a.startsWith("--batch") || a.startsWith("--filters") || a.startsWith("--textconv")) ||
      (options.some((a) => a === "-p" || a === "blob") &&
        !namedObjects &&
        operands.some((a) => !isCommitish(a, inv.gitDir ?? join(workTreeOf(inv.dir)?.top ?? inv.dir, ".git"))));
  else if (name === "log" || name === "whatchanged" || name === "reflog" || name === "diff-tree" || name === "diff-index") prints = patch;
  // Every tracked file copied out under another name (`--temp` prints the names it made).
  else if (name === "checkout-index") prints = options.some((a) => a === "-a" || a === "--all" || a === "--stdin");
  else if (name === "add" || name === "reset" || name === "restore" || name === "checkout" || name === "stash" || name === "commit")
    prints = options.some((a) => a === "-p" || a === "--patch" || a === "-i" || a === "--interactive");
  else return undefined;
  if (!prints) return undefined;
  const cwd = inv.dir;
  const gitDir = inv.gitDir;
  const tree = gitDir !== undefined ? { top: cwd, index: join(gitDir, "index") } : workTreeOf(cwd);
  // Outside a repository these subcommands stop with an error (`git diff --no-index` names its files).
  if (tree === undefined || rest.includes("--no-index")) return undefined;
  const tracked = tree.index === undefined || gitDir?.includes("\u0001") ? undefined : trackedPaths(tree.index);
  let credentials: string[];
  if (gitDir?.includes("\u0001")) credentials = ["(a repository named only when the line runs)"];
  else if (tracked === undefined) {
    // A worktree's or submodule's index lives elsewhere; an index that cannot be read is unknown.
    if (tree.index !== undefined && !existsNotDirectory(tree.index)) return undefined;
    credentials = ["(an index agentihooks cannot read)"];
  } else {
    credentials = trackedCredentials(tree.top, tracked);
    if (credentials.length === 0) return undefined;
    // Pathspecs: after `--`, or before it any word that is a path here (git takes those too).
    const specs = (dash >= 0 ? rest.slice(dash + 1) : operands.filter((a) => a.startsWith(":") || existsPath(resolve(cwd, a)))).map(pathspec);
    const at = (spec: { top: boolean; path: string }): string => relative(tree.top, resolve(spec.top ? tree.top : cwd, spec.path));
    const covers = (spec: { top: boolean; path: string }, file: string, complex: boolean): boolean => {
      const base = at(spec);
      if (base === "" || file === base || file.startsWith(`${base}/`)) return true;
      if (!/[*?[]/.test(spec.path)) return false;
      if (spec.path.length > 256 || (spec.path.match(/\*/g)?.length ?? 0) > 4) return complex;
      return pathspecGlob(base).test(file);
    };
    const includes = specs.filter((p) => !p.exclude);
    const excludes = specs.filter((p) => p.exclude);
    credentials = credentials.filter(
      (file) => (includes.length === 0 || includes.some((spec) => covers(spec, file, true))) && !excludes.some((spec) => covers(spec, file, false)),
    );
    if (credentials.length === 0) return undefined;
  }
  const shownFiles = credentials.slice(0, 5).join(", ") + (credentials.length > 5 ? `, and ${credentials.length - 5} more` : "");
  const leaveOut = credentials
    .slice(0, 3)
    .map((file) => `':(top,exclude)${file}'`)
    .join(" ");
  return `BLOCKED: This git ${shown} prints file contents from the repository, and git tracks credential file(s) here (${shownFiles}): any commit, stash or tree it shows may hold their values, which must not reach the transcript. Leave them out with a pathspec (git ${shown} … -- ':/' ${leaveOut}), name the files you need, or ask the operator.`;
}

/** The words of a history view's options that are revisions or paths: not options, nor an option's value. */
export function gitOperands(options: readonly string[]): string[] {
  return options.filter((a, i) => !a.startsWith("-") && !GIT_HISTORY_VALUES.has(options[i - 1] ?? ""));
}

/**
 * True when `rev` names a commit (or a tree) for certain, never a blob: `HEAD` and git's other
 * heads, a walk from one (`X~2`, `X^`, `X^{commit}`), a range (`a..b`), or a branch (a branch
 * always points at a commit, git-check-ref-format(1)). A tag or an object id may name a blob,
 * whose contents `git show` and `git cat-file -p` print whatever pathspec is given.
 */
export function isCommitish(rev: string, gitDir: string): boolean {
  if (/^(HEAD|@|ORIG_HEAD|FETCH_HEAD|MERGE_HEAD|CHERRY_PICK_HEAD)$/.test(rev)) return true;
  if (/(~\d*|\^\d*|\^\{(commit|tree)\})$/.test(rev) && !/\^\{\}$/.test(rev)) return true;
  const range = /^(.*?)\.\.\.?(.*)$/s.exec(rev);
  if (range) return [range[1], range[2]].every((side) => side === "" || isCommitish(side as string, gitDir));
  const name = rev.replace(/^refs\/heads\//, "");
  if (!/^[\w./-]+$/.test(name) || name.includes("..")) return false;
  if (existsNotDirectory(join(gitDir, "refs", "heads", name))) return true;
  const packed = readRegularFile(join(gitDir, "packed-refs"), 4 * 1024 * 1024);
  return packed !== undefined && packed.split("\n").some((line) => line.endsWith(` refs/heads/${name}`));
}

/** The paths (relative to the work tree at `top`) of the credential files among `tracked`, or those git's index there tracks. */
export function trackedCredentials(top: string, tracked: ReadonlySet<string> | undefined = trackedPaths(join(top, ".git", "index"))): string[] {
  const out: string[] = [];
  for (const path of tracked ?? []) if (isSensitivePath(join(top, path))) out.push(path);
  return out;
}

function existsPath(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A git pathspec without its magic (gitglossary(7), "pathspec"): `:(top,glob)x`, `:/x` and `:x`
 * name x; `:!x`, `:^x` and `:(exclude)x` leave it out; `top` is true for `:/` and `(top)`, which
 * read x from the repository's top. Other callers read top-relative paths as relative: a hook
 * judges names, and the repository's top is one more place the same name may be.
 */
function pathspec(word: string): { exclude: boolean; top: boolean; path: string } {
  if (!word.startsWith(":")) return { exclude: false, top: false, path: word };
  const long = /^:\(([^)]*)\)(.*)$/s.exec(word);
  if (long) return { exclude: /(^|,)exclude(,|$)/.test(long[1] as string), top: /(^|,)top(,|$)/.test(long[1] as string), path: long[2] as string };
  const short = /^:([/!^]*):?(.*)$/s.exec(word) as RegExpExecArray;
  return { exclude: /[!^]/.test(short[1] as string), top: (short[1] as string).includes("/"), path: short[2] as string };
}

/** A pathspec's glob (`*`, `?`) as a regex over a path relative to the working directory. */
function pathspecGlob(spec: string): RegExp {
  const body = spec
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${body}$`, "s");
}

/** The files a git line reads as config: `config`'s `-f`/`--file`/`--blob` value, and every include path it sets. */
function gitConfigSources(args: readonly string[], sub: number): string[] {
  const out: string[] = [];
  const config = sub >= 0 && args[sub] === "config";
  args.forEach((a, i) => {
    // Config keys are case-insensitive: `include.path`, `includeIf.<condition>.path`, as a key or `key=value`.
    const eq = a.indexOf("=");
    const key = (eq < 0 ? a : a.slice(0, eq)).toLowerCase();
    if (key === "include.path" || (key.startsWith("includeif.") && key.endsWith(".path"))) {
      const value = eq >= 0 ? a.slice(eq + 1) : config && i > sub ? args[i + 1] : undefined;
      if (value !== undefined) out.push(value);
    }
    if (!config || i <= sub) return;
    const option = /^(--file|--blob)=(.*)$/s.exec(a);
    const value = option ? option[2] : a === "-f" || a === "--file" || a === "--blob" ? args[i + 1] : undefined;
    // A blob is `<rev>:<path>`.
    if (value !== undefined) out.push(a.startsWith("--blob") ? value.slice(value.indexOf(":") + 1) : value);
  });
  return out;
}

/** How many words of an unmodelled program's text are checked for credential names (each a few µs). */
const UNSEEN_WORDS = 65_536;

/** True when `text` holds a character that cuts it into words (`WORD_BREAK`). */
function hasWordBreak(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (WORD_BREAK[text.charCodeAt(i)] === 1) return true;
  return false;
}

/**
 * A test of words of one command line for a credential name, each distinct word once: links are
 * resolved for the first 1 024 (a syscall each), names only after, so a long text stays cheap.
 */
function sensitiveWordTest(cwd: string, home: string): (word: string) => boolean {
  const seen = new Set<string>();
  return (w) => {
    if (seen.has(w)) return false;
    seen.add(w);
    return seen.size <= 1024 ? wordIsSensitive(w, cwd, home) : isSensitivePath(w) || (/[*?[]/.test(w) && w.length < 256 && globMayMatchSensitive(`/x/${w}`));
  };
}

/** True when `test` holds for a word of `text` (cut at `WORD_BREAK`), tried in order. */
function someWord(text: string, test: (word: string) => boolean): boolean {
  let start = -1;
  for (let i = 0; i <= text.length; i += 1) {
    if (i < text.length && WORD_BREAK[text.charCodeAt(i)] !== 1) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (test(text.slice(start, i))) return true;
      start = -1;
    }
  }
  return false;
}

/** The block for an opaque part of a line when its visible words name a credential (or nothing is visible). */
function opaqueBlock(opaque: OpaqueEffect, home: string): string | undefined {
  if (opaque.hidden) return hiddenIntentBlock(opaque, "what it runs could read credential files");
  // Visible words, and the words inside them (a script given as one argument).
  const words = opaque.words.flatMap((w) => (/\s/.test(w) && w.length < 4096 ? [w, ...w.split(/\s+/)] : [w])).filter((w) => w !== "");
  const sensitive = words.find((w) => wordIsSensitive(w, opaque.cwd, home));
  if (sensitive) return hiddenIntentBlock(opaque, `its arguments name the credential file ${sensitive}`);
  // `$X env`: the hidden name runs `env` (a prefix such as sudo); `$PY -m venv env` names a directory.
  const dump =
    opaque.reason === "dynamic-command"
      ? /^(env|printenv|export|declare|typeset|set|compgen)$/.test(opaque.words[0] ?? "")
        ? opaque.words[0]
        : undefined
      : words.find((w) => /^(env|printenv|export|declare|typeset|set|compgen)$/.test(basename(w)));
  if (dump) return hiddenIntentBlock(opaque, `it may dump the environment (${dump})`);
  const secret = words.find((w) => expandedSecretVariable(w) !== undefined || (isSecretVariable(w.replace(/^\$\{?|\}$/g, "")) && w.startsWith("$")));
  if (secret) return hiddenIntentBlock(opaque, `it expands the secret-looking variable ${secret}`);
  return undefined;
}

/**
 * A credential file the command line names anywhere in its visible text, or undefined: each word,
 * and each part of it between commas and colons, with a regular expression's anchors and
 * backslashes taken off (`grep "^.env$"`, `set -- cat,.env`), judged as a path or a glob.
 */
function lineNamesCredential(command: string, cwd: string, home: string): string | undefined {
  // Past 1 MiB a line with computed parts is not read word by word: denied as if it named one.
  if (command.length > 1024 * 1024) return "(the line is longer than 1 MiB)";
  let looked = 0;
  for (const word of command.split(/[\s'"`(),;=<>|&{}[\]]+/)) {
    for (const part of word.includes(",") || word.includes(":") ? [word, ...word.split(/[,:]/)] : [word]) {
      const plain = part.replace(/\\/g, "").replace(/^\^/, "").replace(/\$$/, "");
      if (plain.length < 2 || plain.length > 4096 || !/[.*?_/~]/.test(plain)) continue;
      if ((looked += 1) > 2048) return undefined;
      if (wordIsSensitive(plain, cwd, home)) return plain;
    }
  }
  return undefined;
}

/**
 * The block when a command run in a container (the commands nested under `commands[at]`) reads
 * files named by a listing of a bind mount whose host path holds credential files (`docker run -v
 * ~/.ssh:/k alpine sh -c 'ls /k | xargs cat'`): the listing judged on the host path it is.
 */
function mountedReadBlock(commands: readonly EffectCommand[], at: number, home: string, fed: boolean): string | undefined {
  const runner = commands[at] as EffectCommand;
  const mounts = bindMounts(runner.name, runner.argv.slice(1), home, runner.cwd);
  if (mounts.length === 0) return undefined;
  const onHost = (path: string): string | undefined => {
    for (const { source, target } of mounts) {
      const under = target === "/" ? path : path === target ? "" : path.startsWith(`${target}/`) ? path.slice(target.length) : undefined;
      if (under !== undefined) return `${source}${under}`;
    }
    return undefined;
  };
  const shown = `${runner.name} ${runner.argv[1] ?? ""}`;
  for (let j = at + 1; j < commands.length && (commands[j] as EffectCommand).depth > runner.depth; j += 1) {
    const inside = commands[j] as EffectCommand;
    // A read of a mounted path is judged as its host path by the analyser (`aliasOf`). A listing of a mounted directory fed to a reader in the container, judged on the host path.
    const listing = listingOf(inside, home);
    if (listing && (listing.runs || (fed && outputIsFed(inside)))) {
      for (const root of listing.roots) {
        const host = onHost(root.path);
        const why = host !== undefined ? rootCredentials({ ...root, path: host }, listing, home) : undefined;
        if (why)
          return `BLOCKED: The container reads files named by a listing of ${root.path}, which is ${host} on this machine (mounted with ${shown}) and holds or may hold credential files (${why}). Mount only what the container needs, or name the files to read plainly.`;
      }
    }
  }
  return undefined;
}

/** The block message for a shell command line that reads credentials, or undefined. */
export function shellReadBlock(command: string, cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  const effects = commandEffects(command, cwd, env);
  const home = homeDirectory(env).replace(/\/+$/, "") || "/";
  for (const opaque of effects.opaque) {
    const block = opaqueBlock(opaque, home);
    if (block) return block;
  }
  const checked = new Set<string>();
  const gitConfig = new Map<string, string[]>();
  for (const c of effects.commands) {
    const block = commandBlock(c, home, checked, gitConfig);
    if (block) return block;
  }
  // A listing whose names a reader consumes: through a pipe (`| xargs cat`, `| while read f; do cat
  // "$f"; done`), a substitution (`cat $(ls -a)`), a file (`ls -a > l; xargs cat < l`), or find's
  // `-exec`. The analyser does not say which computed name came from which listing, so any reader
  // of a computed name on the line counts as fed by any listing whose output goes on.
  const fed = effects.commands.some(readsComputedName);
  for (let i = 0; i < effects.commands.length; i += 1) {
    const block = mountedReadBlock(effects.commands, i, home, fed);
    if (block) return block;
  }
  for (const c of effects.commands) {
    const block = listingBlock(c, home, fed);
    if (block) return block;
  }
  // A name computed from text the line holds, by a program whose output the analyser cannot work
  // out (`cat $(rev <<< vne.)`, `cat $(python3 -c 'print(".e"+"nv")')`, `tr … <<< … | xargs cat`):
  // a credential file's name spelled so it cannot be seen.
  const spelled = fed ? effects.commands.find((c) => c.hiddenOutput && outputIsFed(c) && computesFromLineText(c)) : undefined;
  if (spelled) {
    const text = spelled.argv.join(" ");
    return `BLOCKED: This command line reads a file whose name is computed from text on the line (${text.length > 60 ? `${text.slice(0, 57)}...` : text}); it may be a credential file's name spelled so that it cannot be seen. Write the file name plainly.`;
  }
  // What runs, or what a reader reads, is computed where the analyser cannot follow (a name from a
  // substitution, `read`, a nameref, positional parameters): denied when the line names a
  // credential file anywhere, since the computed part may well be it.
  const computed =
    effects.opaque.find((o) => o.reason === "dynamic-command" || o.reason === "dynamic-eval") ??
    effects.commands.find((c) => c.reads.some((r) => r.dynamic) || (c.name !== "" && c.dynamic.some((d, i) => d && i > 0) && readsOperands(c.name)));
  if (computed) {
    const named = lineNamesCredential(command, cwd, home);
    if (named) {
      const text = "text" in computed ? computed.text : computed.argv.join(" ");
      return `BLOCKED: This command works on something computed at run time (${text.length > 80 ? `${text.slice(0, 77)}...` : text}), and the line names the credential file ${named}: it may be what is read. Name the file you mean plainly; a credential file's values must not reach the transcript.`;
    }
  }
  return undefined;
}

/**
 * A file tool's path as the client opens it: a `file://` URL's path (percent-decoded), cut at a NUL
 * (a C-level open stops there), `~` expanded, made absolute against the session's directory.
 */
function toolPathFull(value: string, input: GuardInput): { raw: string; full: string } {
  const home = homeDirectory(input.env).replace(/\/+$/, "") || "/";
  let raw = value;
  const url = /^file:\/\/(?:localhost)?(\/.*)$/i.exec(raw);
  if (url) {
    try {
      raw = decodeURIComponent(url[1] as string);
    } catch {
      raw = url[1] as string;
    }
  }
  const nul = raw.indexOf("\0");
  if (nul >= 0) raw = raw.slice(0, nul);
  const expanded = raw === "~" || raw.startsWith("~/") ? home + raw.slice(1) : raw;
  return { raw, full: isAbsolute(expanded) ? resolve(expanded) : resolve(input.cwd, expanded) };
}

// A file descriptor of the client's process (`/dev/fd/3`, `/proc/self/fd/3`, `/proc/<pid>/fd/N`,
// `map_files`): what it refers to is known only inside that process, never to the hook.
const DESCRIPTOR_PATH = /^\/(?:dev\/fd|proc\/[^/]+\/(?:task\/[^/]+\/)?(?:fd|fdinfo|map_files))(?:\/|$)/;

/**
 * True when the path names a credential file as written, or in any case: on a case-insensitive
 * file system (macOS's default) `~/.SSH/ID_RSA` opens `~/.ssh/id_rsa`.
 */
function sensitiveAnyCase(path: string): boolean {
  return isSensitivePath(path) || isSensitivePath(path.toLowerCase());
}

// The home's credential directories a hard link's target is looked for in (bounded: a link count
// above 1 is rare outside package stores).
const LINKED_CREDENTIAL_DIRS = ["", ".ssh", ".aws", ".kube", ".docker", ".azure", ".gnupg", ".config/gcloud", ".config/gh", ".config/git"];

/**
 * The credential file `path` is a hard link of (same device and inode), looked for in the home's
 * credential directories and the session's directory; undefined when its link count is 1. A hard
 * link has no target to resolve, so its name says nothing about what it holds.
 */
function hardLinkedCredential(path: string, input: GuardInput): string | undefined {
  const home = homeDirectory(input.env).replace(/\/+$/, "") || "/";
  return hardLinkAmong(path, [...LINKED_CREDENTIAL_DIRS.map((d) => (d ? join(home, d) : home)), input.cwd], isSensitivePath);
}

/**
 * The credential file a file tool's path names, as the block message shows it (`~/.x (a link to
 * /y)`), with the file it resolves to; undefined when it names none. Any case, its symlink target,
 * a glob that may match one, and a hard link of one all count; "descriptor" for a path into the
 * client's own descriptors, which could be any file.
 */
function credentialNamed(value: string, input: GuardInput): { shown: string; file: string | undefined } | "descriptor" | undefined {
  const { raw, full } = toolPathFull(value, input);
  if (DESCRIPTOR_PATH.test(full)) return "descriptor";
  const real = realTarget(full);
  if (sensitiveAnyCase(raw) || sensitiveAnyCase(full)) return { shown: value, file: full };
  if (real !== undefined && sensitiveAnyCase(real)) return { shown: `${value} (a link to ${real})`, file: real };
  if (/[*?[]/.test(raw) && globMayMatchSensitive(full)) return { shown: value, file: undefined };
  const linked = hardLinkedCredential(real ?? full, input);
  return linked === undefined ? undefined : { shown: `${value} (a hard link of ${linked})`, file: linked };
}

function toolPathBlock(value: string, input: GuardInput, how: string): string | undefined {
  const named = credentialNamed(value, input);
  if (named === "descriptor")
    return `BLOCKED: ${how} ${value}, a file descriptor of the client's process: agentihooks cannot see which file it is, and it may be a credential file. Read the file by its own path.`;
  return named === undefined ? undefined : readBlock(named.shown, named.file, how);
}

/**
 * A file tool's change to a credential file that exists: an edit shows the model lines of the file
 * (and its old text is a guess the tool confirms or refuses), a write replaces it for good, as a
 * shell's `>` onto it would (destructive-commands.ts). Creating a new file is left to the guards of
 * writes, which scan what it holds; a dotenv file, new or not, is the destructive guard's.
 */
function changeBlock(value: string, input: GuardInput, tool: string): string | undefined {
  const { full } = toolPathFull(value, input);
  if (isDotenvName(full) || lstatSync(full, { throwIfNoEntry: false }) === undefined) return undefined;
  const named = credentialNamed(value, input);
  if (named === undefined) return undefined;
  const shown =
    named === "descriptor" ? `${value}, a file descriptor of the client's process that may be a credential file` : `${named.shown}, a credential file`;
  return `BLOCKED: ${tool} would change ${shown}: an edit shows its lines to the model, and a write replaces it for good. Credential files are the operator's to change: tell the operator what to set there.`;
}

// Keys under which a tool names the file it moves or renames.
const MOVE_SOURCE_KEYS = ["source", "src", "from", "old_path", "oldPath", "source_path", "sourcePath"];
// Keys besides toolPaths' under which a writing tool names the file it writes or moves onto.
const WRITE_DESTINATION_KEYS = ["destination", "target", "filename", "new_path"];

/** A glob's path below `root` as a RegExp: `**` any run of directories, other parts as `componentRegExp` with dot files matched. */
function pathGlobRegExp(parts: readonly string[]): RegExp {
  let body = "";
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    if (part === "**") body += last ? "[\\s\\S]*" : "(?:[^/]+/)*";
    else body += componentRegExp(part, true).source.slice(1, -1) + (last ? "" : "/");
  });
  try {
    return new RegExp(`^${body}$`, "i");
  } catch {
    return /[\s\S]*/;
  }
}

/**
 * A tool that reads many files (Gemini's `read_many_files`: each of its `include`/`paths` a file,
 * a directory read whole, or a glob) over one entry: blocked when the entry is a home or root
 * directory, or when a credential file under the directory, or under the glob's fixed part, matches
 * it (the same bounded walk as a search tool's; links followed, dot files included, a glob with
 * braces taken as matching every file).
 */
function manyFilesBlock(value: string, input: GuardInput): string | undefined {
  const { raw, full } = toolPathFull(value, input);
  const parts = full.split("/").filter((p) => p !== "");
  const firstGlob = parts.findIndex((p) => /[*?[{]/.test(p));
  const rootParts = firstGlob < 0 ? parts : parts.slice(0, firstGlob);
  const rest = firstGlob < 0 ? ["**"] : parts.slice(firstGlob);
  const given = `/${rootParts.join("/")}`;
  const root = realTarget(given) ?? given;
  if (firstGlob < 0 && !isDirectory(root)) return undefined;
  const home = homeDirectory(input.env).replace(/\/+$/, "") || "/";
  if (HOME_ROOTS.test(root) || root === home || root === (realTarget(home) ?? home))
    return `BLOCKED: Reading ${value} would read every credential file in the home directory. Name the files to read, or a project directory.`;
  const matches = raw.includes("{")
    ? () => true
    : (
        (re: RegExp) => (dirs: readonly string[], file: string) =>
          re.test([...dirs, file].join("/"))
      )(pathGlobRegExp(rest));
  const files = credentialFilesUnder(root, true, (dirs, file) => !matches(dirs, file), true);
  if (files.length === 0) return undefined;
  return `BLOCKED: Reading ${value} would read credential file(s) (${files.join(", ")}); their values must not reach the transcript. Name the files to read, or use a pattern that leaves them out (e.g. "src/**/*.ts").`;
}

/**
 * True when `value` is a URL whose path names a credential file (`http://localhost:8000/.env`, `…/%2Eenv`:
 * a server that serves a directory hands the file over), on any host; with `bare`, also one without a
 * scheme that starts with a host name with a dot or a port, `localhost` or an address, as curl takes them.
 */
function urlNamesCredential(value: string, bare: boolean): boolean {
  const url = (bare ? BARE_OR_FULL_URL : FULL_URL).exec(value);
  if (url === null) return false;
  let path = url[1] as string;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes: the path as written.
  }
  return isSensitivePath(path);
}
const FULL_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*(\/[^?#\s]*)/i;
const BARE_OR_FULL_URL = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*|(?:localhost|\[[0-9a-f:.]+\]|[\w-]+(?:\.[\w-]+)+)(?::\d+)?|[\w-]+:\d+)(\/[^?#\s]*)/i;

// `<revision>:<path>`: a revision name (no blank, `:` or `/` before the colon), then the path (not a URL's `//`).
const REVISION_PATH = /^[^\s:/]{1,256}:(?!\/\/)(\S{1,4096})$/;

// Argument keys whose string values are paths a tool may open; absolute, `~` and `file://` values count under any key.
const PATH_ARG_KEY = /path|file|dir|folder|src|source|target|uri|location|include/i;

/**
 * The string values of a tool's arguments that may be paths, at any depth: under a path-like key,
 * a `file://` URL under any key, or (with `anyKey`) shaped like one (absolute, `~`); URLs of other schemes, multi-line text and long
 * strings are not. Bounded like the secrets scan (ARGUMENT_LIMITS); past it, undefined.
 */
function argumentPaths(input: unknown, anyKey = true): string[] | undefined {
  const out: string[] = [];
  const stack: Array<{ key: string; value: unknown; depth: number }> = [{ key: "", value: input, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const { key, value, depth } = stack.pop() as { key: string; value: unknown; depth: number };
    if (++seen > 100_000 || depth > 64) return undefined;
    if (typeof value === "string") {
      if (value === "" || value.length > 4096 || value.includes("\n")) continue;
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/^file:\/\//i.test(value)) continue;
      if (PATH_ARG_KEY.test(key) || /^file:\/\//i.test(value) || (anyKey && (value.startsWith("/") || value.startsWith("~")))) out.push(value);
      // A revision and a path (`HEAD:.env`, as `git show` takes them): the path, for a tool that reads.
      else if (anyKey) {
        const revision = REVISION_PATH.exec(value);
        if (revision) out.push(revision[1] as string);
      }
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push({ key, value: item, depth: depth + 1 });
    } else if (isObjectValue(value)) {
      for (const [k, item] of Object.entries(value)) stack.push({ key: k, value: item, depth: depth + 1 });
    }
  }
  return [...new Set(out)];
}

function isObjectValue(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

// Verbs of a tool name that write, and verbs that read: a name with the first and none of the
// second (`write_file`, `edit_file`, `move_file`) is a writer.
const WRITING_VERBS = new Set([
  "write",
  "create",
  "edit",
  "put",
  "save",
  "append",
  "move",
  "rename",
  "delete",
  "remove",
  "mkdir",
  "upload",
  "insert",
  "replace",
  "patch",
]);
const READING_VERBS = /read|get|view|cat|open|download|fetch|show|load|export|dump|copy|head|tail|list|search|grep|find/i;

/** True when the tool's name says it writes and nothing in it says it reads. */
function onlyWrites(name: string): boolean {
  return toolNameWords(name).some((w) => WRITING_VERBS.has(w)) && !READING_VERBS.test(name);
}

// Tools of the runtime's vocabulary that take no path to open (or whose paths another guard judges: the writers).
const PATHLESS_TOOLS = /^(Write|Edit|MultiEdit|NotebookEdit|Glob|LS|WebSearch|WebFetch|TodoWrite|Agent|Task|AskUserQuestion)$/;

/** The credential-read guard. */
export const credentialReadsGuard: Guard = {
  name: "credentials",
  check(input): GuardVerdict | undefined {
    const { tool_name, tool_input } = input;
    if (READ_TOOLS.has(tool_name)) {
      // The keys the clients use, then any other path-shaped argument (Gemini's older
      // `absolute_path`, a key a new version adds).
      const named = argumentPaths(tool_input);
      if (named === undefined)
        return { block: `BLOCKED: The arguments of ${tool_name} are too many or too deep to check for credential paths. Name the file plainly.` };
      for (const path of new Set([...toolPaths(tool_input), ...named])) {
        const block = toolPathBlock(path, input, "Reading");
        if (block) return { block };
      }
      // `file_paths` is set only for a reader of many files (Gemini's read_many_files): a
      // directory there is read whole, a glob expanded.
      if (Array.isArray(tool_input.file_paths)) {
        for (const path of tool_input.file_paths) {
          const block = typeof path === "string" && path ? manyFilesBlock(path, input) : undefined;
          if (block) return { block };
        }
      }
      return undefined;
    }
    if (tool_name === "Grep") {
      for (const key of ["path", "file_path", "glob"]) {
        const value = stringArg(tool_input, key);
        if (!value) continue;
        const block =
          key === "glob"
            ? isSensitivePath(value) || globMayMatchSensitive(`/x/${value}`)
              ? readBlock(value, undefined, "Searching")
              : undefined
            : toolPathBlock(value, input, "Searching");
        if (block) return { block };
      }
      const block = searchToolBlock(input);
      return block ? { block } : undefined;
    }
    if (isShellTool(tool_name)) {
      const block = shellReadBlock(stringArg(tool_input, "command"), input.cwd, input.env);
      return block ? { block } : undefined;
    }
    if (WRITE_TOOLS.has(tool_name) || onlyWrites(tool_name)) {
      // A move's or rename's source goes on under its new name: judged as read from there.
      for (const key of MOVE_SOURCE_KEYS) {
        const value = stringArg(tool_input, key);
        const block = value && !WRITE_TOOLS.has(tool_name) ? toolPathBlock(value, input, `The tool ${tool_name} would move`) : undefined;
        if (block) return { block };
      }
      const paths = WRITE_TOOLS.has(tool_name) ? toolPaths(tool_input) : (argumentPaths(tool_input, false) ?? []);
      for (const key of WRITE_DESTINATION_KEYS) {
        const value = stringArg(tool_input, key);
        if (value) paths.push(value);
      }
      for (const path of new Set(paths)) {
        const block = changeBlock(path, input, tool_name);
        if (block) return { block };
      }
      return undefined;
    }
    if (PATHLESS_TOOLS.test(tool_name)) {
      // No path, but a URL can name a file (WebFetch of `file:///…/.env`, or of a local server's `/.env`).
      const url = stringValues(tool_input).find((v) => urlNamesCredential(v, false));
      return url === undefined ? undefined : { block: readBlock(url, undefined, `The tool ${tool_name} would fetch`) };
    }
    // Any other tool (an MCP server's, a tool the runtime does not know yet) given a credential
    // file's path may read it, whatever its name says (`tail_file`, `head`, a bare `fs_tool`): every
    // path-shaped argument is judged as a read's path. A tool that only names a file in a pattern
    // or a query is not given its path. A tool named only for writing is left to the guards of writes.
    // A path under another key (`{"name": "PASSWORD_FILE", "value": "/run/secrets/db"}` in a
    // manifest an MCP server applies) is one only for a tool whose name reads.
    const named = argumentPaths(tool_input, READING_VERBS.test(tool_name));
    if (named === undefined)
      return mentionsSensitivePath(JSON.stringify(tool_input) ?? "")
        ? {
            block: `BLOCKED: The arguments of ${tool_name} are too many or too deep to check, and they name a credential file. Send smaller, flatter arguments.`,
          }
        : undefined;
    for (const path of named) {
      const block = toolPathBlock(path, input, `The tool ${tool_name} would read`);
      if (block) return { block };
    }
    const other = otherToolBlock(tool_name, tool_input, input);
    return other ? { block: other } : undefined;
  },
};

// A tool name's words that say its `sql`/`query`/`statement` argument is run by a database.
const DATABASE_WORDS = new Set(["sql", "query", "db", "database", "sqlite", "postgres", "postgresql", "pg", "mysql", "mariadb", "duckdb", "execute"]);
const STATEMENT_KEYS = ["sql", "query", "statement", "statements"];

/**
 * What a tool outside the clients' vocabulary reads besides its path arguments: a URL argument whose
 * path names a credential file (a fetch tool, a browser's `navigate`), and a database tool's
 * statement naming one (`select readfile('.env')`), judged as a database client's statements are.
 */
function otherToolBlock(name: string, toolInput: Record<string, unknown>, input: GuardInput): string | undefined {
  const url = stringValues(toolInput).find((v) => urlNamesCredential(v, false));
  if (url !== undefined) return readBlock(url, undefined, `The tool ${name} would fetch`);
  if (!toolNameWords(name).some((w) => DATABASE_WORDS.has(w))) return undefined;
  const home = homeDirectory(input.env);
  for (const key of STATEMENT_KEYS) {
    const hit = credentialWord(stringArg(toolInput, key), input.cwd, home);
    if (hit !== undefined) return readBlock(hit, undefined, `The tool ${name}'s statement reads`);
  }
  return undefined;
}

/** Every string in a tool's arguments, at any depth (at most 10 000 values, 64 deep; 4 KiB each, no line breaks). */
function stringValues(value: unknown): string[] {
  const out: string[] = [];
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let seen = 0;
  while (stack.length > 0 && ++seen <= 10_000) {
    const item = stack.pop() as { value: unknown; depth: number };
    if (typeof item.value === "string") {
      if (item.value.length <= 4096 && !item.value.includes("\n")) out.push(item.value);
    } else if (item.depth < 64 && Array.isArray(item.value)) for (const v of item.value) stack.push({ value: v, depth: item.depth + 1 });
    else if (item.depth < 64 && isObjectValue(item.value)) for (const v of Object.values(item.value)) stack.push({ value: v, depth: item.depth + 1 });
  }
  return out;
}

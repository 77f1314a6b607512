/**
 * Guardrail: credential reads (reference-spec E.8.2). Blocks reading credential files (dotenv files,
 * shell rc and history files, credential stores, SSH keys) through the Read and Grep tools, through
 * shell commands that consume them, and through MCP tools that read paths; blocks whole-environment
 * dumps and printing secret-looking variables; blocks the container and cluster commands that print
 * secrets. Naming a file is not reading it: `ls .env`, `find . -name .env`, `grep '\.env' a.py`
 * pass.
 */
import { isAbsolute, join, resolve } from "node:path";
import { allPipelines, basename, commandWords, type Pipeline, type SimpleCommand } from "../shell";
import { type Guard, type GuardInput, type GuardVerdict, isShellTool, READ_TOOLS, stringArg, toolPaths } from "./guard";
import { isDotenvName, isSensitivePath, mentionsSensitivePath } from "./sensitive-paths";
import { fs, homeDirectory } from "../node-builtins";
import { readRegularFile } from "../read-regular-file";

const { readdirSync, statSync } = fs;

// Commands that print, copy or transmit the files named in their operands.
const READERS = new Set([
  "cat", "tac", "nl", "head", "tail", "less", "more", "most", "bat", "batcat", "view", "vi", "vim", "nvim", "nano", "emacs", "code", "ed",
  "cp", "mv", "install", "rsync", "scp", "sftp", "tar", "zip", "7z", "gzip", "bzip2", "xz", "zstd",
  "base64", "base32", "xxd", "od", "hexdump", "strings", "uuencode", "openssl", "gpg",
  "sort", "uniq", "cut", "paste", "column", "fold", "fmt", "pr", "rev", "tr", "iconv", "comm", "join", "split", "csplit",
  "diff", "cmp", "sdiff", "diff3", "vimdiff", "colordiff", "md5sum", "sha1sum", "sha256sum",
  "curl", "wget", "http", "nc", "ncat", "socat",
  "dotenv", "envsubst", "xclip", "xsel", "pbcopy", "wl-copy",
]);
// Readers whose first operand is a pattern, script or filter rather than a file.
const PATTERN_FIRST = new Set(["grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "sed", "awk", "gawk", "mawk", "jq", "yq", "gojq"]);
const INTERPRETERS = /^(python[\d.]*|pypy[\d.]*|node|nodejs|deno|bun|ruby|perl|php|lua|Rscript|osascript|powershell|pwsh)$/;
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "source", "."]);
const WRAPPERS = new Set(["docker", "podman", "nerdctl", "kubectl", "oc", "ssh", "lxc", "incus", "vagrant"]);
const GIT_READERS = new Set(["show", "diff", "grep", "log", "blame", "cat-file", "archive"]);
// Options of pattern-first readers that take the pattern or a script as their value.
const PATTERN_OPTIONS = new Set(["-e", "--regexp", "--expression"]);
const FILE_OPTIONS = new Set(["-f", "--file", "--from-file", "--rawfile", "--slurpfile"]);
// Per command, the options whose value is the next word and is not a file (skipped, so the
// pattern of `grep -A 3 PATTERN FILE` is still told apart from its files).
const GREP_VALUES = ["-A", "-B", "-C", "-m", "-d", "-D", "--context", "--max-count", "--label", "--include", "--exclude", "--exclude-dir"];
const VALUE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  grep: GREP_VALUES,
  egrep: GREP_VALUES,
  fgrep: GREP_VALUES,
  zgrep: GREP_VALUES,
  rg: ["-A", "-B", "-C", "-m", "-g", "--glob", "--iglob", "-t", "--type", "-T", "--type-not", "-M", "--max-columns", "-j", "--threads", "--max-depth", "-d", "-E", "--encoding", "-r", "--replace"],
  ag: ["-A", "-B", "-C", "-m", "-G", "--ignore"],
  ack: ["-A", "-B", "-C", "-m", "--type", "--ignore-dir"],
  sed: ["-l"],
  awk: ["-F", "-v"],
  gawk: ["-F", "-v"],
  mawk: ["-F", "-v"],
  jq: ["--indent"],
  yq: ["--indent", "-o", "--output-format", "-p", "--input-format"],
  head: ["-n", "-c"],
  tail: ["-n", "-c"],
  cut: ["-d", "-f", "-c", "-b"],
  sort: ["-k", "-t", "-S", "-T"],
  curl: ["-X", "-H", "-u", "-A", "-e", "-m", "--header", "--request", "--user", "--user-agent", "--max-time"],
  wget: ["-U", "--header", "--user", "--password"],
  tar: ["-C", "--directory"],
  rsync: ["-e", "--rsh"],
  scp: ["-P", "-i", "-o", "-F", "-J"],
};
const TWO_VALUE_OPTIONS = new Set(["--arg", "--argjson"]);
// `--opt=value` options whose value is never a file to read.
const NON_FILE_OPTION = /exclude|include|glob|ignore|type|colou?r|format|label|context|max|regexp|sort|threads|encoding/;

const SECRET_VARIABLE = /(PASSWORD|PASSWD|SECRET|TOKEN|API_?KEY|CREDENTIAL|PRIVATE_?KEY|ACCESS_?KEY|SESSION_?KEY|AUTH(?!OR))/i;

function homeDir(env: NodeJS.ProcessEnv): string {
  return homeDirectory(env);
}

/** The names (never the values) a dotenv file defines, for the block message. */
function dotenvKeyNames(path: string, cwd: string, env: NodeJS.ProcessEnv): string[] {
  try {
    const expanded = path.startsWith("~/") ? join(homeDir(env), path.slice(2)) : path;
    const full = isAbsolute(expanded) ? expanded : resolve(cwd, expanded);
    const text = readRegularFile(full, 256 * 1024);
    if (text === undefined) return [];
    const names = new Set<string>();
    for (const line of text.split("\n")) {
      const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=/.exec(line);
      if (match) names.add(match[1] as string);
    }
    return [...names].sort().slice(0, 30);
  } catch {
    return [];
  }
}

function readBlock(path: string, how: string, input: GuardInput): string {
  let keys = "";
  if (isDotenvName(path)) {
    const names = dotenvKeyNames(path, input.cwd, input.env);
    if (names.length > 0) keys = ` It defines: ${names.join(", ")} (names only).`;
  }
  return `BLOCKED: ${how} ${path}, a credential file; its values must not reach the transcript.${keys} Ask the operator for the non-secret setting you need, or read a template such as .env.example instead.`;
}

/** The operands of a reader: every non-option word, and option values given as `--opt=value`. */
function readerOperands(verb: string, args: readonly string[], patternFirst: boolean): string[] {
  const files: string[] = [];
  const valueOptions = Object.prototype.hasOwnProperty.call(VALUE_OPTIONS, verb) ? (VALUE_OPTIONS[verb] as readonly string[]) : [];
  let patternSeen = !patternFirst;
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i] as string;
    if (word === "--") {
      for (const rest of args.slice(i + 1)) {
        if (!patternSeen) patternSeen = true;
        else files.push(rest);
      }
      break;
    }
    if (word.startsWith("-") && word.length > 1) {
      const eq = word.indexOf("=");
      const option = eq > 0 ? word.slice(0, eq) : word;
      if (PATTERN_OPTIONS.has(option)) {
        patternSeen = true;
        if (eq < 0) i += 1;
      } else if (FILE_OPTIONS.has(option)) {
        if (option === "--rawfile" || option === "--slurpfile") i += 1;
        if (eq > 0) files.push(word.slice(eq + 1));
        else if (i + 1 < args.length) {
          files.push(args[i + 1] as string);
          i += 1;
        }
        // `sed -f script` / `awk -f prog`: the script is given, every operand is a file.
        if (option === "-f") patternSeen = true;
      } else if (eq > 0) {
        // `--exclude=.env` names a file to skip, not one to read.
        if (!valueOptions.includes(option) && !NON_FILE_OPTION.test(option)) files.push(word.slice(eq + 1));
      }
      else if (TWO_VALUE_OPTIONS.has(option)) i += 2;
      else if (valueOptions.includes(option)) i += 1;
      continue;
    }
    if (!patternSeen) {
      patternSeen = true;
      continue;
    }
    files.push(word);
  }
  return files;
}

function resolveOperand(operand: string, cdDir: string): string {
  return cdDir && !operand.startsWith("/") && !operand.startsWith("~") ? `${cdDir}/${operand}` : operand;
}

function sensitiveOperand(operands: readonly string[], cdDir: string): string | undefined {
  for (const operand of operands) {
    // `git show HEAD:.env`, `scp host:.env .`: the path is after the colon.
    const candidates = [operand, operand.includes(":") ? operand.slice(operand.lastIndexOf(":") + 1) : ""];
    for (const candidate of candidates) {
      if (candidate && (isSensitivePath(candidate) || isSensitivePath(resolveOperand(candidate, cdDir)))) return candidate;
    }
  }
  return undefined;
}

/** Later stages of a pipeline that only count or list names, so a dump through them leaks nothing. */
function onlyNamesOrCounts(rest: readonly SimpleCommand[]): boolean {
  return rest.some((stage) => {
    const words = commandWords(stage.words);
    const verb = basename(words[0] ?? "");
    const args = words.slice(1).join(" ");
    if (verb === "wc") return true;
    if (/^(grep|egrep|rg)$/.test(verb) && /(^|\s)-[a-zA-Z]*[clq]/.test(args)) return true;
    if (verb === "cut" && /-d\s*'?=?'?=|-d=|-d\s*=/.test(args) && /-f\s*1(\s|$)|-f1(\s|$)/.test(args)) return true;
    if (/^(awk|gawk|mawk)$/.test(verb) && /-F\s*'?=/.test(args) && /print \$1\b/.test(args) && !/\$[2-9]|\$0|\$NF/.test(args)) return true;
    if (verb === "sed" && /s\/=\.\*\/\//.test(args)) return true;
    return false;
  });
}

function isEnvironmentDump(words: readonly string[]): boolean {
  const verb = basename(words[0] ?? "");
  const args = words.slice(1);
  if (verb === "env" || verb === "printenv") return args.every((a) => a.startsWith("-") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) && (verb === "env" || args.length === 0 || args.every((a) => a.startsWith("-")));
  if (verb === "export") return args.length === 0 || args.every((a) => a === "-p");
  if (verb === "declare" || verb === "typeset") return args.length > 0 && args.every((a) => /^-[a-zA-Z]*[xp][a-zA-Z]*$/.test(a));
  if (verb === "set") return args.length === 0;
  return false;
}

/** Secret-looking variables a word expands (single-quoted text does not expand). */
function expandedSecretVariable(rawWord: string): string | undefined {
  const unquoted = rawWord.replace(/'[^']*'/g, "");
  for (const match of unquoted.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const name = match[1] as string;
    if (SECRET_VARIABLE.test(name)) return name;
  }
  return undefined;
}

const HOME_ROOTS = /^(~|~\/|\$HOME|\$\{HOME\}|\$HOME\/|\$\{HOME\}\/|\/|\/home\/?|\/home\/[^/]+\/?|\/root\/?|\/Users\/?|\/Users\/[^/]+\/?|\/\*|~\/\*|\$HOME\/\*)$/;

const PRUNE = new Set([".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", "dist", "build", ".cache", ".tox"]);

/** Credential files under `root` (bounded walk: depth 6, 20 000 entries, common bulk dirs pruned). */
function credentialFilesUnder(root: string, includeHidden: boolean): string[] {
  const found: string[] = [];
  let budget = 20_000;
  const walk = (dir: string, depth: number): void => {
    if (depth > 6 || budget <= 0 || found.length >= 5) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    // Sorted so the message names the same files on every run.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      budget -= 1;
      if (budget <= 0 || found.length >= 5) return;
      if (!includeHidden && entry.name.startsWith(".")) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!PRUNE.has(entry.name)) walk(full, depth + 1);
      } else if (isSensitivePath(full)) found.push(entry.name);
    }
  };
  try {
    if (statSync(root).isFile()) return isSensitivePath(root) ? [basename(root)] : [];
  } catch {
    return [];
  }
  walk(root, 0);
  return found;
}

function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
  return new RegExp(`^${body}$`);
}

function recursiveSearchBlock(verb: string, args: readonly string[], input: GuardInput): string | undefined {
  const isGrep = /^(grep|egrep|fgrep)$/.test(verb);
  const recursive = isGrep ? args.some((a) => /^-[a-zA-Z]*[rR]/.test(a) || a === "--recursive" || a === "--dereference-recursive" || a === "-drecurse" || a === "--directories=recurse") : /^(rg|ag|ack)$/.test(verb);
  if (!recursive) return undefined;
  const targets = readerOperands(verb, args, true);
  const roots = targets.length > 0 ? targets : ["."];
  const home = roots.find((t) => HOME_ROOTS.test(t) || t === homeDir(input.env) || t === `${homeDir(input.env)}/`);
  if (home) return `BLOCKED: A recursive search of ${home} would read every credential file in the home directory. Search the project directory, or the specific directory you need, instead.`;
  const includeHidden = isGrep || verb === "ack" || args.some((a) => a === "--hidden" || a === "-." || /^-u{2,}$/.test(a) || a === "-u" || a === "--unrestricted");
  const excludes: RegExp[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    let glob: string | undefined;
    if (a.startsWith("--exclude=")) glob = a.slice("--exclude=".length);
    else if ((a === "-g" || a === "--glob" || a === "--iglob") && args[i + 1]?.startsWith("!")) glob = (args[i + 1] as string).slice(1);
    else if ((a.startsWith("--glob=!") || a.startsWith("--iglob=!"))) glob = a.slice(a.indexOf("!") + 1);
    else if (a === "--exclude" && args[i + 1]) glob = args[i + 1];
    if (glob) excludes.push(globToRegExp(glob));
  }
  for (const root of roots) {
    const full = isAbsolute(root) ? root : resolve(input.cwd, root.startsWith("~/") ? join(homeDir(input.env), root.slice(2)) : root);
    const files = credentialFilesUnder(full, includeHidden).filter((name) => !excludes.some((re) => re.test(name)));
    if (files.length > 0) {
      const suggestion = verb === "rg" ? `rg -g '!.env' -g '!.env.*' -g '!*.env' …` : `grep -r --exclude=.env --exclude='.env.*' --exclude='*.env' …`;
      return `BLOCKED: A recursive search of ${root} would read credential file(s) (${files.join(", ")}). Exclude them, e.g. ${suggestion}, or search only the files you need.`;
    }
  }
  return undefined;
}

function commandBlock(command: SimpleCommand, pipeline: Pipeline, index: number, cdDir: string, input: GuardInput): string | undefined {
  for (const redirect of command.redirects) {
    if ((redirect.op === "<" || redirect.op === "<>") && isSensitivePath(resolveOperand(redirect.target, cdDir))) {
      return readBlock(redirect.target, "This command feeds", input);
    }
  }
  const words = commandWords(command.words);
  if (words.length === 0) return undefined;
  const verb = basename(words[0] as string);
  const args = words.slice(1);
  const rawArgs = command.rawWords.slice(command.rawWords.length - args.length);

  if (isEnvironmentDump(words) && !onlyNamesOrCounts(pipeline.slice(index + 1))) {
    return "BLOCKED: This command prints the whole environment, which holds credentials. To see which variables exist, list names only (env | cut -d= -f1), or check one variable with [ -n \"$NAME\" ].";
  }
  if (verb === "printenv") {
    const secret = args.find((a) => !a.startsWith("-") && SECRET_VARIABLE.test(a));
    if (secret) return `BLOCKED: This command prints the secret-looking variable ${secret}. Check that it is set with [ -n "$${secret}" ], or print its length with \${#${secret}}, instead.`;
  }
  if (verb === "echo" || verb === "printf" || verb === "print") {
    for (const raw of rawArgs) {
      const secret = expandedSecretVariable(raw);
      if (secret) return `BLOCKED: This command prints the secret-looking variable ${secret}. Check that it is set with [ -n "$${secret}" ], or print its length with \${#${secret}}, instead.`;
    }
  }
  if ((verb === "docker" || verb === "podman") && args[0] === "compose" && args.includes("config") && !args.includes("--no-interpolate")) {
    return "BLOCKED: docker compose config prints the interpolated environment, credentials included. Add --no-interpolate.";
  }
  if (verb === "docker-compose" && args.includes("config") && !args.includes("--no-interpolate")) {
    return "BLOCKED: docker-compose config prints the interpolated environment, credentials included. Add --no-interpolate.";
  }
  if ((verb === "docker" || verb === "podman") && (args[0] === "inspect" || (args[1] === "inspect" && /^(container|image)$/.test(args[0] ?? ""))) && !args.some((a) => a === "-f" || a === "--format" || a.startsWith("--format=") || a.startsWith("-f="))) {
    return "BLOCKED: docker inspect without --format prints the container's environment, credentials included. Select the fields you need with --format.";
  }
  if ((verb === "kubectl" || verb === "oc") && args.includes("get") && args.some((a) => /^secrets?$|^secrets?\//.test(a))) {
    const output = args.find((a, i) => /^-o.+|^--output=/.test(a) || ((a === "-o" || a === "--output") && args[i + 1] !== undefined));
    if (output) {
      const value = output === "-o" || output === "--output" ? (args[args.indexOf(output) + 1] as string) : output.replace(/^-o=?|^--output=/, "");
      if (!/^(name|wide)$/.test(value)) return `BLOCKED: kubectl get secret with -o ${value} prints the secret's values. Use kubectl describe secret to see its keys.`;
    }
  }

  if (verb === "source" || verb === ".") {
    const hit = sensitiveOperand(args.slice(0, 1), cdDir);
    if (hit) return readBlock(hit, "This command loads", input);
  }
  if (SHELLS.has(verb)) {
    // `bash .env` runs it; `bash -c '…'` is read separately as its own script.
    const first = args.find((a) => !a.startsWith("-"));
    if (first !== undefined && !args.some((a) => /^-[A-Za-z]*c[A-Za-z]*$/.test(a))) {
      const hit = sensitiveOperand([first], cdDir);
      if (hit) return readBlock(hit, "This command runs", input);
    }
  }
  if (INTERPRETERS.test(verb)) {
    for (const arg of args) {
      if (mentionsSensitivePath(arg)) return readBlock(arg.length > 80 ? `${arg.slice(0, 77)}...` : arg, `This ${verb} command reads`, input);
    }
  }
  if (READERS.has(verb) || PATTERN_FIRST.has(verb)) {
    const hit = sensitiveOperand(readerOperands(verb, args, PATTERN_FIRST.has(verb)), cdDir);
    if (hit) return readBlock(hit, "This command reads", input);
  }
  if (PATTERN_FIRST.has(verb)) {
    const block = recursiveSearchBlock(verb, args, input);
    if (block) return block;
  }
  if (verb === "git") {
    const sub = args.findIndex((a) => !a.startsWith("-") && a !== "-C" && a !== "-c");
    if (sub >= 0 && GIT_READERS.has(args[sub] as string)) {
      const hit = sensitiveOperand(args.slice(sub + 1).filter((a) => !a.startsWith("-")), cdDir);
      if (hit) return readBlock(hit, `This git ${args[sub]} reads`, input);
    }
  }
  if (verb === "find") {
    let named = false;
    for (let i = 0; i < args.length - 1; i += 1) {
      if (/^-(i?name|i?path|i?wholename|i?regex)$/.test(args[i] as string) && isSensitivePath(args[i + 1] as string)) named = true;
    }
    if (named) {
      const exec = args.findIndex((a) => a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir");
      const execVerb = exec >= 0 ? basename(args[exec + 1] ?? "") : "";
      const fed = pipeline.slice(index + 1).some((stage) => {
        const w = commandWords(stage.words);
        return basename(w[0] ?? "") === "xargs" && readsViaXargs(w);
      });
      if (READERS.has(execVerb) || PATTERN_FIRST.has(execVerb) || INTERPRETERS.test(execVerb) || SHELLS.has(execVerb) || fed) {
        return "BLOCKED: This find command feeds credential files to a command that reads them. Finding the files is fine (drop the -exec or xargs part to list them); reading them is not.";
      }
    }
  }
  if (verb === "xargs" && readsViaXargs(words) && pipeline.slice(0, index).some((stage) => stage.words.some((w) => isSensitivePath(w)))) {
    return "BLOCKED: This pipeline feeds credential file names to a command that reads them. List the names without reading the files, or ask the operator for the value you need.";
  }
  if (WRAPPERS.has(verb)) {
    // `docker exec c cat .env`, `ssh host 'cat ~/.env'`: check the command the wrapper runs.
    for (let k = 1; k < words.length; k += 1) {
      const word = words[k] as string;
      if (/\s/.test(word)) {
        const inner = scriptBlock(word, input);
        if (inner) return inner;
      }
      const name = basename(word);
      if (READERS.has(name) || PATTERN_FIRST.has(name) || SHELLS.has(name) || INTERPRETERS.test(name) || name === "env" || name === "printenv") {
        const inner = commandBlock({ words: words.slice(k), rawWords: words.slice(k), redirects: [] }, [], 0, cdDir, input);
        if (inner) return inner;
        break;
      }
    }
  }
  return undefined;
}

function readsViaXargs(words: readonly string[]): boolean {
  for (let i = 1; i < words.length; i += 1) {
    const word = words[i] as string;
    if (word.startsWith("-")) {
      if (/^-[IdEsLnP]$/.test(word)) i += 1;
      continue;
    }
    const name = basename(word);
    return READERS.has(name) || PATTERN_FIRST.has(name) || INTERPRETERS.test(name) || SHELLS.has(name);
  }
  return false;
}

/** The block message for a shell script that reads credentials, or undefined. */
function scriptBlock(script: string, input: GuardInput): string | undefined {
  let cdDir = "";
  for (const pipeline of allPipelines(script)) {
    for (let i = 0; i < pipeline.length; i += 1) {
      const command = pipeline[i] as SimpleCommand;
      const words = commandWords(command.words);
      if (words[0] === "cd" || words[0] === "pushd") {
        cdDir = words[1] ?? "";
        continue;
      }
      const block = commandBlock(command, pipeline, i, cdDir, input);
      if (block) return block;
    }
  }
  return undefined;
}

const MCP_READ_NAME = /read|get|view|cat|open|download|fetch|show|load|export|dump|copy/i;

/** The credential-read guard. */
export const credentialReadsGuard: Guard = {
  name: "credentials",
  check(input): GuardVerdict | undefined {
    const { tool_name, tool_input } = input;
    if (READ_TOOLS.has(tool_name)) {
      const hit = toolPaths(tool_input).find((p) => isSensitivePath(p));
      return hit ? { block: readBlock(hit, "Reading", input) } : undefined;
    }
    if (tool_name === "Grep") {
      for (const key of ["path", "file_path", "glob"]) {
        const value = stringArg(tool_input, key);
        if (value && isSensitivePath(value)) return { block: readBlock(value, "Searching", input) };
      }
      return undefined;
    }
    if (isShellTool(tool_name)) {
      const block = scriptBlock(stringArg(tool_input, "command"), input);
      return block ? { block } : undefined;
    }
    if (/^(Write|Edit|MultiEdit|NotebookEdit|Glob|LS|WebSearch|WebFetch|TodoWrite|Agent|Task|AskUserQuestion)$/.test(tool_name)) return undefined;
    if (MCP_READ_NAME.test(tool_name)) {
      for (const key of ["path", "file_path", "filename", "file", "uri", "source", "paths"]) {
        const value = tool_input[key];
        const values = Array.isArray(value) ? value : [value];
        for (const v of values) {
          if (typeof v === "string" && isSensitivePath(v.replace(/^file:\/\//, ""))) return { block: readBlock(v, `The tool ${tool_name} would read`, input) };
        }
      }
    }
    return undefined;
  },
};

/**
 * Guardrail: self-protection. A tool call that writes, moves or deletes agentihooks' own files (the
 * agentihooks home: policies, the installed runtime, logs) or a client's hook wiring (the wrapper,
 * Copilot's `hooks/` directory, and the settings files that hold `hooks`, `disableAllHooks` or
 * Codex's `notify`) is denied: otherwise an agent could switch the guardrails off in one call.
 * Reading them is fine. Paths come from the client homes' variables (COPILOT_HOME,
 * CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME, AGENTIHOOKS_HOME); file-tool paths are resolved
 * through symlinks, compared in any case and matched to hard links; shell commands are read through
 * runtime/command-effects.ts, and a command whose effect the analyser cannot see is denied when its
 * visible words name one of these files. Any other tool (MCP servers') is judged by its arguments'
 * shape and its name's verbs (checkOtherTool).
 */
import { dirname, isAbsolute, join, resolve } from "node:path";
import { ANY_VARIABLE, codeNamesAreReads, commandEffects, type EffectCommand, type PathEffect } from "../command-effects";
import { fs } from "../node-builtins";
import { readRegularFile } from "../read-regular-file";
import { RUNTIME_CORE_FILE, RUNTIME_FILE } from "../installed-files";
import { agentihooksHome } from "../policy";
import type { ClientContract } from "../../compiler/targets/contract";
import { clientHome } from "../clients/client";
import { clientIds, findClient } from "../clients/registry";
import { userAgentihooksHome } from "../scope-handover";
import { toolNameWords } from "../normalize";
import { parseScript } from "../shell";
import { joinedCodeNames, UNREAD_JOINS } from "./credential-reads";
import { fdSearch, findNarrowed } from "./destructive-commands";
import { expandTilde, type Guard, type GuardInput, isShellTool, READ_TOOLS, stringArg, toolPaths, WRITE_TOOLS } from "./guard";
import { CODE_HOME_REFERENCE, componentRegExp, hardLinkAmong, isGlobComponent } from "./sensitive-paths";

const { lstatSync, readlinkSync } = fs;

/** What is protected: whole directories, single files, and the client homes whose hook files are. */
interface Protected {
  dirs: string[];
  files: string[];
  /** Shared settings files: an edit that does not touch hook keys may go through a file tool. */
  settings: string[];
  /** Every client's configuration home (as given and resolved): see `inClientHome`. */
  homes: string[];
  /** Symlink resolution for this check (`realPath`), each path component looked at once. */
  real: (path: string) => string;
  /** `dirs`, `files` and `homes` lower-cased, made when first needed. */
  folded: () => { dirs: string[]; files: string[]; homes: string[] };
}

/**
 * The protected paths for this environment (absolute, as given and with symlinks resolved), derived
 * from the client registry: each contract's home (moved by its variable), its state file beside the
 * home (Claude's `.claude.json`), its machine folder, the agentihooks homes (this runtime's and,
 * for a repo-scope runtime, the user's), and the programs the wrapper runs (hookInterpreters). A new
 * client is protected by its contract alone.
 */
export function protectedPaths(env: NodeJS.ProcessEnv): Protected {
  const real = realPath(new Map());
  const homes: string[] = [];
  const files: string[] = [];
  // A repo-scope runtime also guards the user's own home, where its hand-over claims live (runtime/scope-handover.ts).
  const dirs = [agentihooksHome(env), userAgentihooksHome(env)];
  for (const id of clientIds()) {
    const contract = findClient(id)?.contract;
    if (!contract) continue;
    const home = clientHome(contract, env);
    homes.push(home);
    if (contract.home.stateFile) {
      files.push(join(dirname(home), contract.home.stateFile), join(home, contract.home.stateFile));
    }
    if (contract.machineDir) dirs.push(join("/", contract.machineDir));
  }
  const withReal = (paths: string[]): string[] => [...new Set(paths.flatMap((p) => [resolve(p), real(p)]))];
  const lower = (paths: string[]): string[] => paths.map((x) => x.toLowerCase());
  let made: ReturnType<Protected["folded"]> | undefined;
  const p: Protected = {
    dirs: withReal(dirs),
    files: withReal([...files, ...hookInterpreters()]),
    settings: withReal(files),
    homes: withReal(homes),
    real,
    folded: () => (made ??= { dirs: lower(p.dirs), files: lower(p.files), homes: lower(p.homes) }),
  };
  return p;
}

/**
 * The programs a hook wrapper runs, which answer for the runtime when replaced (a script in place of
 * Node that prints the allow line lets every call through): the Node running this runtime (the
 * wrapper names it by the path the compiler's Node had, resolved as process.execPath is) and the
 * shell running the wrapper (the parent process's executable, when it is a shell).
 */
function hookInterpreters(): string[] {
  const out = [process.execPath];
  try {
    const parent = readlinkSync(`/proc/${process.ppid}/exe`);
    if (/(^|\/)(?:ba|da|z|k|mk|y)?sh$/.test(parent)) out.push(parent);
  } catch {
    // No /proc (macOS) or no parent to read: the Node alone.
  }
  return out;
}

/**
 * A resolver of `path` with symlinks resolved as far as it exists, the rest appended: each component
 * is checked with lstat and a link is followed by its text even when its target does not exist yet
 * (a dangling link to `~/.copilot/settings.json` creates that file when written). At most 40 links
 * are followed; past that the path is returned as resolved so far. `seen` holds what each component
 * was (its link text, `false` for no link, `true` for missing) for the one check it serves: the
 * protected paths share their home prefixes, and each was an lstat per path.
 */
const realPath = (seen: Map<string, string | boolean>) =>
  function real(path: string): string {
    const parts = resolve(path)
      .split("/")
      .filter((p) => p !== "");
    let done = "/";
    let hops = 0;
    while (parts.length > 0) {
      const part = parts.shift() as string;
      const next = join(done, part);
      let known = seen.get(next);
      if (known === undefined) {
        try {
          known = lstatSync(next).isSymbolicLink() ? readlinkSync(next) : false;
        } catch {
          known = true;
        }
        seen.set(next, known);
      }
      // Missing: the rest cannot be links yet.
      if (known === true) return join(next, ...parts);
      const link = known === false ? undefined : known;
      if (link === undefined || ++hops > 40) {
        done = next;
        continue;
      }
      parts.unshift(
        ...resolve(done, link)
          .split("/")
          .filter((p) => p !== ""),
      );
      done = "/";
    }
    return done;
  };

function inside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(`${dir}/`);
}

/**
 * The places a client reads in any project, wherever the project is: its hook registrations and
 * the settings files that can switch hooks off there (Copilot 1.0.102 obeys `disableAllHooks` in a
 * repository's `.github/copilot/settings.json` for every user hook; Claude Code reads
 * `.claude/settings{,.local}.json`, Gemini `.gemini/settings.json`, Codex `.codex/`), and the repo
 * scope's vendored runtime (`.agentihooks/`, docs/scopes.md). Matched on the path's last
 * components, so every checkout and every folder of a monorepo is covered.
 */
const PROJECT_HOOK_DIR =
  /(?:^|\/)(?:\.agentihooks|\.github\/hooks)(?:\/|$)|(?:^|\/)(?:\.claude|\.gemini|\.codex|\.copilot|\.github\/copilot)\/(?:[^/]+\/){0,8}[^/]*hook/i;
const PROJECT_SETTINGS =
  /(?:^|\/)(?:\.github\/copilot\/settings(?:\.local)?\.json|\.claude\/settings(?:\.local)?\.json|\.gemini\/settings\.json|\.codex\/(?:config\.toml|hooks\.json))$/i;

/**
 * Inside a client's home, what wires or switches hooks: every configuration file at its top
 * (`settings.json`, `settings.local.json`, `config.json`, `config.toml`, `hooks.json`,
 * `managed-settings.json`, a sidecar: any `.json`, `.jsonc` or `.toml`), and anything whose path
 * below the home names hooks (the wrapper `agentihooks-hook.sh`, `hooks/`, an extension's
 * `hooks/hooks.json`). The rule is the file's kind and place, not a list of names.
 */
function homeHookFile(candidate: string, homes: readonly string[]): { settings: boolean } | undefined {
  for (const home of homes) {
    if (!inside(candidate, home) || candidate === home) continue;
    const rest = candidate.slice(home.length + 1);
    if (/hook/i.test(rest)) return { settings: false };
    if (!rest.includes("/") && /\.(?:json|jsonc|toml)$/i.test(rest)) return { settings: true };
  }
  return undefined;
}

/**
 * The protected path `path` is or lies in, or undefined. Compared in any case too: on a
 * case-insensitive file system (macOS's default) `~/.Claude/Settings.json` is the settings file.
 */
function hit(path: string, p: Protected): string | undefined {
  for (const candidate of [resolve(path), p.real(path)]) {
    if (p.files.includes(candidate)) return candidate;
    const dir = p.dirs.find((d) => inside(candidate, d));
    if (dir) return candidate;
    if (homeHookFile(candidate, p.homes)) return candidate;
    if (PROJECT_HOOK_DIR.test(candidate) || PROJECT_SETTINGS.test(candidate)) return candidate;
    const lower = candidate.toLowerCase();
    if (lower !== candidate) {
      const folded = p.folded();
      if (folded.files.includes(lower) || folded.dirs.some((d) => inside(lower, d)) || homeHookFile(lower, folded.homes)) return candidate;
    }
  }
  return undefined;
}

/**
 * The protected file `path` is a hard link of (same device and inode), looked for among the files
 * at the top of each protected directory and client home and in their `hooks/` folders; undefined
 * when its link count is 1. A hard link has no target to resolve: writing it writes the file.
 */
function hardLinkedProtected(path: string, p: Protected): string | undefined {
  const dirs = [...p.dirs, ...p.homes, ...p.homes.map((h) => join(h, "hooks")), ...p.files.map((f) => dirname(f))];
  return hardLinkAmong(path, new Set(dirs), (candidate) => hit(candidate, p) !== undefined);
}

/** True for a settings file: an edit that leaves its hook wiring alone may go through a file tool. */
function isSettings(target: string, p: Protected): boolean {
  return p.settings.includes(target) || homeHookFile(target, p.homes)?.settings === true || PROJECT_SETTINGS.test(target);
}

// The runtime's own tools that only read (after normalisation to Claude's names).
const READ_ONLY_TOOLS: ReadonlySet<string> = new Set([...READ_TOOLS, "Grep", "Glob", "LS", "WebFetch", "WebSearch", "TodoWrite", "Task"]);

// Keys of a client's settings that wire or disable hooks.
const HOOK_KEYS = /\b(hooks|hooksConfig|disableAllHooks|notify|codex_hooks)\b|agentihooks/;
// Names that mark a command as reaching for one of the protected files.
const PROTECTED_NAME =
  /\.agentihooks|agentihooks-hook|\.github\/hooks|\.github\/copilot|\.copilot|\.claude|\.codex|\.gemini|settings\.json|hooks\.json|config\.toml|disableAllHooks|policy\.[a-z]+\.json/;

// A path computed by looking a program up (`$(command -v node)`, `` `which bash` ``): it may be the
// Node or the shell a wrapper runs (hookInterpreters).
const PROGRAM_LOOKUP = /(?:\$\(|`)\s*(?:command\s+-[vV]|which|type\s+-[pP]|whereis|readlink\s+-f)\b/;

function message(what: string): string {
  return `BLOCKED: ${what} agentihooks' own files and the clients' hook settings are the operator's: changing them would switch the guardrails off. Reading them is fine; to change a guardrail, ask the operator to edit the profile and run \`agentihooks apply\`.`;
}

/** The most of a settings file read to replay an edit on it. */
const MAX_SETTINGS_BYTES = 1024 * 1024;
// A key of a client's settings that wires or switches hooks, as a whole key name.
const HOOK_KEY_NAME = /^(?:hooks|hooksConfig|disableAllHooks|notify|codex_hooks|features)$|agentihooks/i;

/**
 * The parts of a settings text that wire or switch hooks: for JSON, the value of every hook key at
 * any depth; for anything else (TOML, JSON with comments), every line of a table whose header names
 * hooks or features and every line naming a hook key. Two texts with the same fingerprint wire
 * hooks the same way.
 */
function hookFingerprint(text: string): string {
  try {
    const parts: string[] = [];
    const stack: unknown[] = [JSON.parse(text)];
    let nodes = 0;
    while (stack.length > 0 && ++nodes < 100_000) {
      const value = stack.pop();
      if (Array.isArray(value)) stack.push(...value);
      else if (value !== null && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          if (HOOK_KEY_NAME.test(key)) parts.push(`${key}=${JSON.stringify(inner)}`);
          else stack.push(inner);
        }
      }
    }
    return parts.sort().join("\n");
  } catch {
    const kept: string[] = [];
    let inHookTable = false;
    for (const line of text.split("\n")) {
      const header = /^\s*\[\[?([^\]]*)\]/.exec(line);
      if (header) inHookTable = /hook|features|notify/i.test(header[1] as string);
      if (inHookTable || HOOK_KEYS.test(line)) kept.push(line.trim());
    }
    return kept.join("\n");
  }
}

/** `text` after the tool's edits (Edit's `old_string`/`new_string`, MultiEdit's `edits`, a patch's hunks); undefined when an edit does not apply. */
function replayEdit(text: string, input: Record<string, unknown>): string | undefined {
  const edits: Array<{ old: string; new: string; all: boolean }> = [];
  const patch = stringArg(input, "patch");
  if (patch) {
    for (const hunk of patch.split(/^@@[^\n]*$/m).slice(1)) {
      const lines = hunk.split("\n").filter((l) => !l.startsWith("***"));
      const old = lines.filter((l) => l.startsWith(" ") || l.startsWith("-")).map((l) => l.slice(1));
      const added = lines.filter((l) => l.startsWith(" ") || l.startsWith("+")).map((l) => l.slice(1));
      edits.push({ old: old.join("\n"), new: added.join("\n"), all: false });
    }
  } else if (Array.isArray(input.edits)) {
    for (const e of input.edits) {
      if (e === null || typeof e !== "object") return undefined;
      const edit = e as Record<string, unknown>;
      edits.push({ old: stringArg(edit, "old_string"), new: stringArg(edit, "new_string"), all: edit.replace_all === true });
    }
  } else {
    edits.push({ old: stringArg(input, "old_string"), new: stringArg(input, "new_string"), all: input.replace_all === true });
  }
  let out = text;
  for (const edit of edits) {
    if (edit.old === "" || !out.includes(edit.old)) return undefined;
    out = edit.all ? out.split(edit.old).join(edit.new) : out.replace(edit.old, () => edit.new);
  }
  return out;
}

/**
 * True when an edit of the settings file `target` leaves its hook wiring as it is: the edit is
 * replayed on the file and the hook parts compared, so an edit whose text looks harmless but whose
 * `old_string` sits inside the hooks block is caught. An edit that cannot be replayed (the file is
 * unreadable, an `old_string` is not in it) is judged as touching hooks when the file has any.
 */
function editLeavesHooks(target: string, input: Record<string, unknown>): boolean {
  const before = readRegularFile(target, MAX_SETTINGS_BYTES);
  if (before === undefined) return true;
  const fingerprint = hookFingerprint(before);
  const after = replayEdit(before, input);
  if (after === undefined) return fingerprint === "";
  return hookFingerprint(after) === fingerprint;
}

// The arguments of a file tool that name the file, not what is written to it.
const FILE_PATH_KEYS: ReadonlySet<string> = new Set(["file_path", "path", "notebook_path", "file_paths", "absolute_path"]);

/** Every key and string of `value` at any depth, one a line; undefined past the secrets scan's bounds (64 deep, 100 000 values). */
function argumentStrings(value: unknown): string | undefined {
  const out: string[] = [];
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const { v, depth } = stack.pop() as { v: unknown; depth: number };
    if (++seen > 100_000 || depth > 64) return undefined;
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) for (const item of v) stack.push({ v: item, depth: depth + 1 });
    else if (typeof v === "object" && v !== null)
      for (const [k, item] of Object.entries(v)) {
        out.push(k);
        stack.push({ v: item, depth: depth + 1 });
      }
  }
  return out.join("\n");
}

function checkFileTool(input: GuardInput, p: Protected): string | undefined {
  if (!WRITE_TOOLS.has(input.tool_name)) return undefined;
  for (const raw of toolPaths(input.tool_input)) {
    const path = expandTilde(raw, input.env);
    if (
      isStartupFile(path) &&
      plantsHookVariable(
        ["content", "new_string", "patch", "command"].map((k) => stringArg(input.tool_input, k)).join("\n") + JSON.stringify(input.tool_input.edits ?? ""),
      )
    )
      return message(`Writing ${raw} with a variable that steers the hooks (AGENTIHOOKS_*, a client's home variable) is not allowed:`);
    const absolute = isAbsolute(path) ? path : resolve(input.cwd, path);
    const target = hit(absolute, p) ?? hardLinkedProtected(p.real(absolute), p);
    if (!target) continue;
    // A settings file stays editable where the edit leaves hook wiring alone.
    // A whole-file write (Write, a notebook edit, which rewrites the file's JSON, a patch that adds,
    // deletes or moves the file) could drop the wiring unseen. The text judged is every argument
    // but the paths, so a key nobody listed (`new_source`, `insert_text`) is read too.
    const text = argumentStrings(Object.fromEntries(Object.entries(input.tool_input).filter(([k]) => !FILE_PATH_KEYS.has(k))));
    // What cannot be read whole cannot be shown to leave the hook wiring alone.
    if (text === undefined)
      return message(`Writing ${raw} with arguments nested too deep or too many to check is not allowed; send the edit as plain strings:`);
    const whole =
      input.tool_name === "Write" ||
      input.tool_name === "NotebookEdit" ||
      /^[ \t]*\*\*\* (Add|Delete) File:|^[ \t]*\*\*\* Move to:/m.test(stringArg(input.tool_input, "patch") || text);
    // A patch's `*** Update File: <path>` lines name the file, not what the edit writes: a home whose
    // path holds "agentihooks" must not make every settings edit look like one of hook keys.
    const edited = text.replace(/^[ \t]*\*\*\* [^\n]*$/gm, "");
    if (isSettings(target, p) && !whole && !HOOK_KEYS.test(edited) && editLeavesHooks(target, input.tool_input)) continue;
    return message(`Writing ${raw} is not allowed:`);
  }
  return undefined;
}

/**
 * The protected root `path` holds (a protected directory, file or client home at or below it), or
 * undefined: deleting, moving or copying a tree over `path` takes that root with it.
 */
function holdsProtected(path: string, p: Protected): string | undefined {
  return heldRoots(path, p)[0];
}

/**
 * One path of each kind `PROJECT_HOOK_DIR` and `PROJECT_SETTINGS` protect in any project, as a
 * pattern is tried against them (a folder protected whole ends in `/`).
 */
const PROJECT_SAMPLES = [
  ".agentihooks/",
  ".github/hooks/",
  ".github/copilot/hooks/",
  ".claude/hooks/",
  ".gemini/hooks/",
  ".codex/hooks/",
  ".copilot/hooks/",
  ".claude/agentihooks-hook.sh",
  ".github/copilot/settings.json",
  ".github/copilot/settings.local.json",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".gemini/settings.json",
  ".codex/config.toml",
  ".codex/hooks.json",
].map((sample) => ({ names: sample.split("/").filter((n) => n !== ""), folder: sample.endsWith("/") }));

/**
 * True when a match of the glob `pattern` (absolute) could be a protected path, hold one or (for
 * a folder) lie inside one: each component of the pattern is tried against the same component of
 * each protected directory, file and client home (as given and resolved), and, from any component
 * on, against each kind of project hook path. With `dot` (the line turned on `dotglob`), wildcards
 * match a leading dot.
 */
function globMayReach(pattern: string, p: Protected, dot: boolean): boolean {
  const tests = pattern
    .split("/")
    .filter((part) => part !== "")
    .map((part) => (isGlobComponent(part) ? componentRegExp(part, dot) : part));
  /** True when `tests` from `from` on match `names` as far as both go (past `names` only into a folder). */
  const reaches = (from: number, names: readonly string[], folder: boolean): boolean => {
    for (let k = 0; from + k < tests.length; k += 1) {
      if (k >= names.length) return folder;
      const test = tests[from + k] as string | RegExp;
      if (typeof test === "string" ? test !== names[k] : !test.test(names[k] as string)) return false;
    }
    return true;
  };
  const roots = [...p.dirs, ...p.files, ...p.homes].flatMap((root) => [root, p.real(root)]);
  if (
    roots.some((root) =>
      reaches(
        0,
        root.split("/").filter((n) => n !== ""),
        true,
      ),
    )
  )
    return true;
  return tests.some((_, from) => PROJECT_SAMPLES.some((sample) => reaches(from, sample.names, sample.folder)));
}

/** Every protected directory, file and client home at or below `path`. */
function heldRoots(path: string, p: Protected): string[] {
  const candidates = new Set([resolve(path), p.real(path)]);
  return [...p.dirs, ...p.files, ...p.homes].filter((r) => [...candidates].some((c) => inside(r, c)));
}

// Archive extractors, and where their members land unless an option says otherwise.
const EXTRACTORS: ReadonlyMap<string, { extracts: (args: readonly string[]) => boolean; into: RegExp }> = new Map(
  Object.entries({
    tar: {
      extracts: (args) => args.some((a, i) => /^--(extract|get)$/.test(a) || (/^-?[A-Za-z]*x/.test(a) && (i === 0 || a.startsWith("-")))),
      into: /^(-C|--directory)$/,
    },
    bsdtar: { extracts: (args) => args.some((a) => /^-[A-Za-z]*x|^--extract$/.test(a)), into: /^(-C|--directory)$/ },
    unzip: { extracts: () => true, into: /^-d$/ },
    cpio: { extracts: (args) => args.some((a) => /^-[A-Za-z]*i|^--extract$/.test(a)), into: /^-D$|^--directory$/ },
  }),
);

/**
 * The directories a command fills with a tree whose contents the line does not show: the
 * destination of `rsync` or of a recursive `cp`/`install`, and the directory an archive is
 * extracted into (`tar -x -C DIR`, `unzip -d DIR`; the working directory without one).
 */
function treeDestinations(c: EffectCommand, env: NodeJS.ProcessEnv): string[] {
  const args = c.argv.slice(1);
  if (c.name === "rsync") return c.writes.map((w) => w.path);
  if ((c.name === "cp" || c.name === "install") && args.some((a) => /^-[A-Za-z]*[rRa]/.test(a) || a === "--recursive" || a === "--archive"))
    return c.writes.map((w) => w.path);
  const extractor = EXTRACTORS.get(c.name);
  if (!extractor?.extracts(args)) return [];
  const at = args.findIndex((a) => extractor.into.test(a));
  const dir = at >= 0 ? args[at + 1] : args.find((a) => /^--directory=/.test(a))?.slice("--directory=".length);
  return [dir === undefined ? c.cwd : resolve(c.cwd, expandTilde(dir, env))];
}

// What names agentihooks' files or a hook switch wherever it is written, and the clients' home
// folders, which a program's code may build from the home directory (`Path.home() / ".copilot"`).
const HOOK_NAMES = /\.agentihooks|agentihooks-hook|disableAllHooks|hooksConfig|codex_hooks|policy\.[a-z]+\.json/;

/**
 * True when a program's code (an interpreter's, make's: codeNamesAreReads), which the analyser does
 * not follow, names a protected file: a path-like word of it that is one (or a client's home), a hook
 * switch or agentihooks' own names, or a client's home folder next to a reference to the home.
 */
function codeNamesProtected(c: EffectCommand, p: Protected, env: NodeJS.ProcessEnv): boolean {
  const parts = [...c.argv.slice(1), ...c.code];
  const code = parts.join("\n");
  // And the names the code builds by joining literals (`'~/.cl'+'aude/settings.json'`), apart: most
  // code joins none, and a copy of megabytes of it would cost as much as reading it.
  const names = parts.map((part) => joinedCodeNames(c, part));
  if (names.includes(UNREAD_JOINS)) return true;
  const joined = names.filter((n) => n !== "").join("\n");
  const homeReference = code.length <= 256 * 1024 && CODE_HOME_REFERENCE.test(code);
  return textNamesProtected(code, homeReference, c, p, env) || (joined !== "" && textNamesProtected(joined, homeReference, c, p, env));
}

/** codeNamesProtected over one text; `homeReference`: the code takes a path from the home directory. */
function textNamesProtected(text: string, homeReference: boolean, c: EffectCommand, p: Protected, env: NodeJS.ProcessEnv): boolean {
  if (text.length > 256 * 1024) return PROTECTED_NAME.test(text);
  if (HOOK_NAMES.test(text)) return true;
  const homeNames = p.homes.map((h) => h.slice(h.lastIndexOf("/") + 1)).filter((n) => n.length > 1);
  if (homeReference && homeNames.some((n) => text.includes(n))) return true;
  let words = 0;
  for (const word of text.split(/[\s'"`(),;=[\]{}<>|&]+/)) {
    if (!/[/~]/.test(word) || word.length > 4096) continue;
    if ((words += 1) > 512) break;
    const path = expandTilde(word.replace(/^file:\/\//, ""), env);
    const full = isAbsolute(path) ? path : resolve(c.cwd, path);
    // The path itself, not a directory above it: code naming `~` or `/` is everyday code.
    if (hit(full, p) || [...p.dirs, ...p.homes].includes(resolve(full))) return true;
  }
  return false;
}

// Names the protected files go by, to try a find's name filters on (homeHookFile's kinds and places).
const PROTECTED_NAMES = [
  "settings.json",
  "settings.local.json",
  "config.json",
  "config.toml",
  "hooks.json",
  "hooks",
  "agentihooks-hook.sh",
  "policy.claude.json",
  RUNTIME_FILE,
  RUNTIME_CORE_FILE,
  "state.json",
  "x.jsonc",
];

/**
 * False when a find that deletes below `root` (a directory holding protected files) cannot reach
 * them: its filters come before the action and each name or path filter misses every protected
 * name (`find ~ -name '*.pyc' -delete`). A filter by time, size or type alone, or a pattern the
 * check cannot try (`-regex`), may reach them.
 */
function findMayDelete(args: readonly string[], root: string): boolean {
  if (!findNarrowed(args)) return true;
  let named = false;
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    const value = args[i + 1] ?? "";
    if (a === "-delete" || a.startsWith("-exec") || a.startsWith("-ok")) break;
    if (/^-i?regex$/.test(a)) return true;
    if (/^-i?name$/.test(a)) {
      named = true;
      if (PROTECTED_NAMES.some((name) => componentRegExp(value, true).test(name))) return true;
    } else if (/^-(i?path|i?wholename)$/.test(a)) {
      named = true;
      const pattern = componentRegExp(value, true, true);
      if (PROTECTED_NAMES.some((name) => pattern.test(`${root}/${name}`) || pattern.test(`${root}/x/${name}`)) || pattern.test(root)) return true;
    }
  }
  return !named;
}

/**
 * False when an fd that runs a deleter below `searchRoot` cannot reach the protected `root` there:
 * behind a dot folder it does not search (no `-H`), or with a pattern or extensions that miss every
 * protected name and every folder on the way (`fd -e pyc . ~ -x rm`). A pattern the check cannot
 * compile may reach it.
 */
function fdMayDelete(args: readonly string[], searchRoot: string, root: string): boolean {
  const search = fdSearch(args);
  const below = root
    .slice(searchRoot.replace(/\/+$/, "").length)
    .split("/")
    .filter((part) => part !== "");
  if (!search.hidden && below.some((part) => part.startsWith("."))) return false;
  const names = [...PROTECTED_NAMES, ...below];
  const extensionOk = (name: string): boolean =>
    search.extensions.length === 0 || search.extensions.some((e) => name.toLowerCase().endsWith(`.${e.toLowerCase()}`));
  const pattern = search.pattern;
  if (pattern === undefined || pattern === "" || pattern === ".") return names.some(extensionOk);
  let test: (name: string) => boolean;
  try {
    if (search.glob) {
      const re = componentRegExp(pattern, true, search.fullPath);
      test = (name) => re.test(search.fullPath ? `${root}/${name}` : name);
    } else {
      const re = new RegExp(pattern, (search.ignoreCase ?? !/[A-Z]/.test(pattern)) ? "i" : "");
      test = (name) => re.test(search.fullPath ? `${root}/${name}` : name);
    }
  } catch {
    return true;
  }
  return names.some((name) => extensionOk(name) && test(name));
}

/** `protect` gives the protected paths: only a command that changes a file needs them. */
// The agentihooks CLI by any name it runs under: on PATH or by path, its bin script or bundle, a
// package spec (`agentihooks@1.2.0`).
const AGENTIHOOKS_CLI = /(?:^|\/)agentihooks(?:@[^/\s]*)?$|(?:^|\/)agentihooks\.[cm]?js$|\/agentihooks\/(?:bin\/agentihooks\.js|dist\/cli\.js)$/;
// The word test first: V8 compiles a regex on its first use in every hook run, and most lines name no agentihooks.
const isAgentihooksCli = (word: string): boolean => word.includes("agentihooks") && AGENTIHOOKS_CLI.test(word);
// Programs that run a package's CLI or a script given among their words (`npx agentihooks …`,
// `npm exec agentihooks -- …`, `node …/agentihooks.js …`).
const CLI_RUNNERS = new Set(["node", "nodejs", "bun", "deno", "npx", "bunx", "pnpx", "npm", "pnpm", "yarn"]);
// Its commands that rewrite hook registrations and policies.
const REWRITING_COMMANDS = new Set(["apply", "uninstall"]);

/** The agentihooks command `c` runs that rewrites the hooks (`apply`, `uninstall`, not `--dry-run`), or undefined. */
function rewritingCommand(c: EffectCommand): string | undefined {
  const at = isAgentihooksCli(c.argv[0] ?? "") ? 0 : CLI_RUNNERS.has(c.name) ? c.argv.findIndex((w, i) => i > 0 && isAgentihooksCli(w)) : -1;
  if (at < 0) return undefined;
  const rest = c.argv.slice(at + 1);
  const verb = rest.find((w) => !w.startsWith("-"));
  if (verb === undefined || !REWRITING_COMMANDS.has(verb)) return undefined;
  return rest.some((w) => w === "--dry-run" || w === "-h" || w === "--help") ? undefined : verb;
}

// Package managers' verbs that remove a package, and the words that make them act on the global install.
const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const REMOVING_VERBS = new Set(["uninstall", "remove", "rm", "r", "un", "unlink"]);

/** `npm uninstall -g agentihooks` (pnpm/bun `remove -g`, `yarn global remove`): the installed CLI and its files go. */
function uninstallsAgentihooks(c: EffectCommand): boolean {
  if (!PACKAGE_MANAGERS.has(c.name)) return false;
  const words = c.argv.slice(1);
  const global = words.some((w) => w === "-g" || w === "--global" || w === "global" || w === "--location=global");
  const verb = words.find((w) => !w.startsWith("-") && w !== "global");
  return global && verb !== undefined && REMOVING_VERBS.has(verb) && words.some((w) => /^agentihooks(?:@|$)/.test(w));
}

// Shell startup files (bash, zsh, sh, ksh, csh, fish, direnv, PAM and systemd environment files):
// what they set is in the environment of every client started from a shell later.
const STARTUP_NAMES = new Set([
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  // Debian's and Ubuntu's default .bashrc sources it.
  ".bash_aliases",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".zlogin",
  ".kshrc",
  ".mkshrc",
  ".cshrc",
  ".tcshrc",
  ".login",
  ".envrc",
  ".pam_environment",
  "config.fish",
  "environment",
  "bash.bashrc",
  "zshenv",
  "zshrc",
  "zprofile",
  "profile",
]);
const STARTUP_DIRS = /\/(?:profile\.d|environment\.d|conf\.d|\.oh-my-zsh\/custom)\//;

export function isStartupFile(path: string): boolean {
  return STARTUP_NAMES.has(path.slice(path.lastIndexOf("/") + 1)) || STARTUP_DIRS.test(path);
}

/**
 * The variables that steer hooks from a client's environment: agentihooks' own (`AGENTIHOOKS_*`)
 * and each client's home variable (docs/clients: a client started with `CLAUDE_CONFIG_DIR` elsewhere
 * reads settings with no hooks in them). Planted in a startup file, they steer every later session.
 */
let hookVariablesRegExp: RegExp | undefined;
function hookVariables(): RegExp {
  if (hookVariablesRegExp) return hookVariablesRegExp;
  const names = clientIds().flatMap((id) => {
    const variable = findClient(id)?.contract.home.variable;
    return variable ? [variable] : [];
  });
  hookVariablesRegExp = new RegExp(`\\bAGENTIHOOKS_\\w|\\b(?:${names.join("|")})\\b`);
  return hookVariablesRegExp;
}

/**
 * The variable among HOME and the hook variables (hookVariables) that `c` exports to the commands
 * its shell runs later (`export CODEX_HOME=/tmp/x`, `declare -x`, `typeset -gx`), or undefined. A
 * prefix assignment (`CODEX_HOME=x codex`) is judged with the command it is for.
 */
function exportsHookVariable(c: EffectCommand): string | undefined {
  const exporting = c.name === "export" || ((c.name === "declare" || c.name === "typeset") && c.argv.some((a) => /^-[a-z]*x/.test(a)));
  if (!exporting) return undefined;
  for (const a of c.argv.slice(1)) {
    const name = a.split("=")[0] as string;
    if (a.includes("=") && isHookVariable(name)) return name;
  }
  return undefined;
}

/** True for HOME and the variables that steer the hooks (hookVariables). */
function isHookVariable(name: string): boolean {
  return name === "HOME" || name.startsWith("AGENTIHOOKS_") || hookVariables().test(name);
}

/**
 * The steering variable a plain assignment of the line sets (`HOME=/tmp/h`, no command after it)
 * when the shell already exports it (HOME always; another when the client's environment has it):
 * bash keeps an exported variable exported, so the new value reaches every later command.
 */
function assignsExportedHookVariable(command: string, env: NodeJS.ProcessEnv): string | undefined {
  // Most lines assign nothing: no regex is compiled for them.
  if (!command.includes("=") || !/(^|[\s;&|(])[A-Z_][A-Z0-9_]*=/.test(command)) return undefined;
  let nodes: ReturnType<typeof parseScript>;
  try {
    nodes = parseScript(command, { words: 4096 });
  } catch {
    return undefined;
  }
  for (const node of nodes) {
    if (node.kind !== "command" || node.command.words.length === 0) continue;
    const names = node.command.words.map((w) =>
      w.parts[0]?.kind === "lit" && !w.parts[0].quoted ? /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(w.parts[0].text)?.[1] : undefined,
    );
    // Only assignments: with a command after them they are that command's alone.
    if (names.some((n) => n === undefined)) continue;
    const hit = names.find((n) => isHookVariable(n as string) && (n === "HOME" || env[n as string] !== undefined));
    if (hit) return hit;
  }
  return undefined;
}

/** The text a tool call writes into a shell startup file names a hook variable. */
function plantsHookVariable(text: string): boolean {
  return text.length > 0 && (text.includes("AGENTIHOOKS_") || hookVariables().test(text));
}

/**
 * A copy, move or link whose destination is a client home or agentihooks home itself. The analyser
 * reports a destination that is a directory as the paths landing inside it, judged there (`cp
 * CLAUDE.md ~/.claude/` is fine, a `settings.json` is not), and the destination itself when it is
 * replaced (not a directory, `-T`, `ln -n` of a link): see "How a command line is read" in
 * docs/guardrails.md. A trailing `/` alone is reported both ways; a file lands inside then (the
 * command refuses it when the destination is not a directory).
 */
function replacesHome(c: EffectCommand, protect: () => Protected): string | undefined {
  // rsync's destination is a directory it fills: see treeDestinations.
  if (c.name !== "cp" && c.name !== "mv" && c.name !== "ln" && c.name !== "install") return undefined;
  // Resolved only here: the protected paths cost a stat each, and most commands copy nothing.
  const p = protect();
  for (const w of c.writes) {
    const dest = resolve(w.path);
    if (!p.homes.includes(dest) && !p.dirs.includes(dest)) continue;
    if (w.written.endsWith("/") && c.writes.some((o) => o !== w && o.path.startsWith(`${dest}/`))) continue;
    return w.written;
  }
  return undefined;
}

/**
 * A run of a client's own program that starts it without the hooks agentihooks registered (its
 * contract's `cli`): with its home moved for it (the home variable, or `HOME`, which holds the
 * default home, set by the line to another value or possibly set to one: `env $(…) codex`), with an
 * option that skips hooks or loads other settings, or with an override of a hook key. The nested
 * client's calls would then run unchecked.
 */
function startsClientWithoutHooks(c: EffectCommand, env: NodeJS.ProcessEnv): string | undefined {
  for (const id of clientIds()) {
    const contract = findClient(id)?.contract;
    const args = contract === undefined ? undefined : clientArguments(c, contract);
    if (contract === undefined || args === undefined) continue;
    // Another user's home (sudo, su, runuser, doas, pkexec): none of the hooks are there.
    const user = c.prefixes.find((p) => USER_SWITCHERS.has(p));
    if (user) return `This starts ${contract.displayName} through ${user}, as a user whose home holds none of the hooks:`;
    for (const name of [contract.home.variable, "HOME"]) {
      const set = c.env.has(name);
      if (!set && !c.env.has(ANY_VARIABLE)) continue;
      if (set && c.env.get(name) !== undefined && c.env.get(name) === env[name]) continue;
      return `This starts ${contract.displayName} with ${name} ${set ? `set to ${c.env.get(name) ?? "nothing"}` : "possibly set"} for it, where its settings hold none of the hooks:`;
    }
    const skip = args.find((a) => contract.cli.skipsHooks.includes(a.split("=")[0] as string));
    if (skip) return `This starts ${contract.displayName} with ${skip.split("=")[0]}, which runs it without the hooks or with other settings:`;
    const overrides = contract.cli.overrides;
    if (overrides === undefined) continue;
    for (let i = 0; i < args.length; i += 1) {
      const a = args[i] as string;
      const option = overrides.options.find(
        (o) => a === o || a.startsWith(`${o}=`) || (o.length === 2 && !o.startsWith("--") && a.startsWith(o) && a.length > 2),
      );
      if (option === undefined) continue;
      const value = a === option ? (args[i + 1] ?? "") : a.slice(a.startsWith(`${option}=`) ? option.length + 1 : option.length);
      if (overrides.keys.test(value.trim())) return `This starts ${contract.displayName} with ${option} ${value}, which overrides how its hooks run:`;
    }
  }
  return undefined;
}

/** The display name of the client whose program (by name or path) is among `words`, or undefined. */
function clientProgramAmong(words: readonly string[]): string | undefined {
  for (const id of clientIds()) {
    const contract = findClient(id)?.contract;
    if (contract && words.some((w) => w === contract.cli.command || w.endsWith(`/${contract.cli.command}`))) return contract.displayName;
  }
  return undefined;
}

// Prefixes that run the command as another user, with that user's home.
const USER_SWITCHERS = new Set(["sudo", "doas", "su", "runuser", "pkexec"]);
// Package runners that fetch and run a package's program: `npx @openai/codex …`, `pnpm dlx …`.
const PACKAGE_RUNNERS = new Set(["npx", "bunx", "pnpx"]);
const PACKAGE_RUNNER_VERBS: Readonly<Record<string, string>> = { pnpm: "dlx", yarn: "dlx", npm: "exec", bun: "x" };

/**
 * The arguments `c` gives the client of `contract` when it runs its program: by name or path, or as
 * its package through a package runner (`npx -y @openai/codex@latest exec …`); undefined when `c`
 * runs something else.
 */
function clientArguments(c: EffectCommand, contract: ClientContract): string[] | undefined {
  if (c.name === contract.cli.command) return c.argv.slice(1);
  const verb = PACKAGE_RUNNER_VERBS[c.name];
  const from = PACKAGE_RUNNERS.has(c.name) ? 1 : verb !== undefined && c.argv[1] === verb ? 2 : -1;
  if (from < 0) return undefined;
  const at = c.argv.findIndex((a, i) => i >= from && !a.startsWith("-"));
  const spec = at < 0 ? "" : (c.argv[at] as string);
  const bare = spec.startsWith("@") ? spec.replace(/^(@[^/@]+\/[^@]+)@.*$/, "$1") : spec.replace(/@.*$/, "");
  return bare === contract.verifiedAgainst.package || bare === contract.cli.command ? c.argv.slice(at + 1) : undefined;
}

function checkShell(input: GuardInput, protect: () => Protected): string | undefined {
  const command = stringArg(input.tool_input, "command");
  if (!command) return undefined;
  const effects = commandEffects(command, input.cwd, input.env);
  const assigned = assignsExportedHookVariable(command, input.env);
  if (assigned)
    return message(
      `This line assigns ${assigned}, which the shell already exports, so every later command of the shell gets the new value (a client's shell keeps it from one call to the next); a client started there would read settings that hold none of the hooks:`,
    );
  let planted: boolean | undefined;
  for (const c of effects.commands) {
    const verb = rewritingCommand(c);
    if (verb) return message(`agentihooks ${verb} rewrites the hook registrations and guardrail policies (a plan or --dry-run only shows them):`);
    if (uninstallsAgentihooks(c)) return message(`${c.argv.slice(0, 2).join(" ")} of agentihooks removes its installed files:`);
    const unhooked = startsClientWithoutHooks(c, input.env);
    if (unhooked) return message(unhooked);
    const exported = exportsHookVariable(c);
    if (exported)
      return message(
        `This ${c.name} sets ${exported} for every later command of the shell (a client's shell keeps it from one call to the next); a client started there would read settings that hold none of the hooks:`,
      );
    const startup = c.writes.find((w) => isStartupFile(w.path) || (w.dynamic && isStartupFile(w.written)));
    // What goes into it: the line's text and every output the analyser computed (a decoded literal).
    if (startup && (planted ??= plantsHookVariable([command, ...effects.commands.map((o) => o.output ?? "")].join("\n"))))
      return message(
        `This command writes ${startup.written} and names a variable that steers the hooks (AGENTIHOOKS_*, a client's home variable); set in a shell startup file, it reaches every later session:`,
      );
    const replaced = replacesHome(c, protect);
    if (replaced) return message(`This ${c.name} puts ${replaced} in place of a client's or agentihooks' own file:`);
    const touched: PathEffect[] = [...c.writes, ...c.deletes, ...c.moves.flatMap((m) => [m.from, m.to])];
    for (const effect of touched) {
      // A pattern is judged by what it could match; an unresolved expansion by its visible text.
      // A path under a link or bind mount the line made is also the file it leads to (not a copy's).
      if (
        hit(effect.path, protect()) ||
        (effect.aliasSame === true && effect.aliasOf !== undefined && hit(effect.aliasOf, protect())) ||
        (effect.glob && globMayReach(effect.path, protect(), effect.dotglob === true)) ||
        ((effect.glob || effect.dynamic) && (PROTECTED_NAME.test(effect.written) || PROGRAM_LOOKUP.test(effect.written)))
      )
        return message(`This command changes ${effect.written} (${effect.via}):`);
    }
    // A directory deleted or moved takes what is inside with it (a find takes what its filters let through).
    for (const effect of [...c.deletes, ...c.moves.map((m) => m.from)]) {
      const root =
        effect.glob || effect.dynamic
          ? undefined
          : (holdsProtected(effect.path, protect()) ??
            (effect.aliasSame === true && effect.aliasOf !== undefined ? holdsProtected(effect.aliasOf, protect()) : undefined));
      if (root && c.name === "find" && !heldRoots(effect.path, protect()).some((r) => findMayDelete(c.argv.slice(1), r))) continue;
      if (root && (c.name === "fd" || c.name === "fdfind") && !heldRoots(effect.path, protect()).some((r) => fdMayDelete(c.argv.slice(1), effect.path, r)))
        continue;
      if (root) return message(`This command ${c.deletes.includes(effect) ? "deletes" : "moves"} ${effect.written}, which holds ${root}:`);
    }
    for (const dir of treeDestinations(c, input.env)) {
      const root = hit(dir, protect()) ?? holdsProtected(dir, protect());
      if (root) return message(`This ${c.name} fills ${dir} with files the command line does not show, and that directory holds ${root}:`);
    }
    if (codeNamesAreReads(c.name) && codeNamesProtected(c, protect(), input.env))
      return message(
        `agentihooks cannot see what this ${c.name} code does, and it names agentihooks' or a client's hook files. To read them, use cat or a file tool;`,
      );
  }
  for (const o of effects.opaque) {
    // `$(command -v agentihooks) apply`: the program is computed, its words are visible.
    if (/agentihooks/.test(o.text) && o.words.some((w) => REWRITING_COMMANDS.has(w)) && !o.words.some((w) => w === "--dry-run" || w === "--help"))
      return message(`agentihooks cannot see which program this runs (${o.text}), and it may be agentihooks rewriting the hooks:`);
    // `env $(cat vars) codex exec …`: a computed word before a client's program may set its home.
    const client = o.reason === "dynamic-command" ? clientProgramAmong(o.words) : undefined;
    if (client) return message(`agentihooks cannot see what this command sets before it starts ${client} (${o.text}), and it may move the client's home:`);
    if (PROTECTED_NAME.test([o.text, ...o.words].join(" "))) {
      return message(
        `agentihooks cannot see what this command does (${o.reason}: ${o.text}), and it names agentihooks' or a client's hook files. Write the command plainly, without eval, substitutions or encoded text, if it only reads them.`,
      );
    }
  }
  return undefined;
}

// Words of a tool name (split at `_`, `-`, `.`, `/` and camelCase humps) that only look: a tool named
// by one of them and by no other verb reads. Any other tool may change what its arguments name.
const LOOKING_VERBS = new Set([
  "read",
  "get",
  "list",
  "ls",
  "search",
  "find",
  "grep",
  "glob",
  "stat",
  "view",
  "show",
  "describe",
  "info",
  "head",
  "tail",
  "cat",
  "tree",
  "exists",
  "query",
  "inspect",
  "count",
  "diff",
  "check",
  "lookup",
  "fetch",
]);
// Words that change a file's content in place: with nothing else, an edit a settings file may take
// when it leaves hook wiring alone (as for the file tools).
const EDITING_VERBS = new Set(["edit", "patch", "replace", "str", "update", "modify"]);
// Every word of a tool name that is a verb of either kind, or of another (write, move, delete, …).
const OTHER_VERBS = new Set([
  "write",
  "create",
  "put",
  "save",
  "append",
  "upload",
  "move",
  "mv",
  "rename",
  "copy",
  "cp",
  "delete",
  "remove",
  "rm",
  "unlink",
  "rmdir",
  "mkdir",
  "touch",
  "truncate",
  "overwrite",
  "set",
  "insert",
  "chmod",
  "chown",
  "link",
  "symlink",
  "apply",
  "restore",
  "reset",
  "download",
  "exec",
  "execute",
  "run",
  "eval",
  "shell",
]);
// Argument keys whose relative string values are paths; absolute, `~` and `file://` values count under any key.
const PATH_KEY = /path|file|dir|folder|dest|src|source|target|from|^to$|uri|url|location|name/i;
// At most this many argument values are looked at; a call with more is judged on its protected words.
const MAX_VALUES = 10_000;

/** The string values of `value` that may be paths, with their keys, depth-first; undefined past MAX_VALUES. */
function pathValues(value: unknown): string[] | undefined {
  const out: string[] = [];
  let seen = 0;
  const stack: Array<{ key: string; value: unknown; depth: number }> = [{ key: "", value, depth: 0 }];
  while (stack.length > 0) {
    const { key, value: v, depth } = stack.pop() as { key: string; value: unknown; depth: number };
    if (++seen > MAX_VALUES || depth > 64) return undefined;
    if (typeof v === "string") {
      const text = v.startsWith("file://") ? decodeURIComponent(v.slice(7)) : v;
      if (text === "" || text.length > 4096 || text.includes("\n")) continue;
      if (text.startsWith("/") || text.startsWith("~") || PATH_KEY.test(key)) out.push(text);
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push({ key, value: item, depth: depth + 1 });
    } else if (typeof v === "object" && v !== null) {
      for (const [k, item] of Object.entries(v)) stack.push({ key: k, value: item, depth: depth + 1 });
    }
  }
  return out;
}

/**
 * Any other tool (an MCP server's, whatever the server): judged by the shape of its arguments and
 * the verbs of its name, not by a list of servers. A path argument naming a protected file denies
 * the call unless the name only looks (`read_file`, `list_directory`, `get_file_info`); an edit of
 * a settings file that leaves hook wiring alone passes, as for the file tools. Arguments too many or
 * too deep to read are judged on their text: a call that names a protected file is denied.
 */
function checkOtherTool(input: GuardInput, p: Protected): string | undefined {
  const words = toolNameWords(input.tool_name);
  const verbs = words.filter((w) => LOOKING_VERBS.has(w) || EDITING_VERBS.has(w) || OTHER_VERBS.has(w));
  if (verbs.length > 0 && verbs.every((v) => LOOKING_VERBS.has(v))) return undefined;
  const values = pathValues(input.tool_input);
  if (values === undefined) {
    return PROTECTED_NAME.test(JSON.stringify(input.tool_input) ?? "")
      ? message(`The arguments of ${input.tool_name} are too many or too deep to check, and they name agentihooks' or a client's hook files:`)
      : undefined;
  }
  for (const raw of values) {
    const path = expandTilde(raw, input.env);
    const target = hit(isAbsolute(path) ? path : resolve(input.cwd, path), p);
    if (!target) continue;
    const editOnly = verbs.length > 0 && verbs.every((v) => EDITING_VERBS.has(v) || LOOKING_VERBS.has(v));
    if (isSettings(target, p) && editOnly && !HOOK_KEYS.test(JSON.stringify(input.tool_input) ?? "")) continue;
    return message(`${input.tool_name} on ${raw} is not allowed:`);
  }
  return undefined;
}

/** The self-protection guard (always on: the policy that could switch it off is what it protects). */
export const selfProtectionGuard: Guard = {
  name: "self-protection",
  check(input) {
    let p: Protected | undefined;
    const protect = (): Protected => (p ??= protectedPaths(input.env));
    const block = isShellTool(input.tool_name)
      ? checkShell(input, protect)
      : WRITE_TOOLS.has(input.tool_name)
        ? checkFileTool(input, protect())
        : READ_ONLY_TOOLS.has(input.tool_name)
          ? undefined
          : checkOtherTool(input, protect());
    return block ? { block } : undefined;
  },
};

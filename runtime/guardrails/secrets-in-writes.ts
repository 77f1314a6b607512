/**
 * Guardrail: secrets in writes (docs/guardrails.md, "Secrets in writes"). A secret-shaped literal
 * written to a file (Write/Edit content whole, an edit that completes one with the file's own text,
 * the added lines of an `apply_patch` body or a permissionRequest diff, a shell command that writes
 * a file) is blocked; one that only appears inline in a shell command gets a NOTE; one anywhere in
 * an MCP tool's arguments (strict set, every depth, keys included) is blocked. `# nosecret` on a
 * line exempts it.
 */
import { isPlaceholderValue, isSecretVariable, scanSecrets } from "../secrets";
import { commandEffects, type CommandEffects, DATABASE_CLIENTS, type EffectCommand, gitSubcommand } from "../command-effects";
import { isAbsolute, resolve } from "node:path";
import { homeDirectory } from "../node-builtins";
import { readRegularFile } from "../read-regular-file";
import { type Guard, type GuardVerdict, isShellTool, stringArg, toolPaths, WRITE_TOOLS } from "./guard";

const PATCH_SHAPE = /^(?:\*\*\* Begin Patch|\*\*\* (?:Add|Update) File: |@@|\+\+\+ |--- |diff --git )/m;

/**
 * The new text of a patch body (an `apply_patch` patch, a permissionRequest `diff`): every line but
 * the removed (`-`) and context (` `) ones, which the file already holds, with the `+` of added
 * lines dropped. A body that is not shaped like a patch is taken whole.
 */
export function patchAddedText(body: string): string {
  if (!PATCH_SHAPE.test(body)) return body;
  const kept: string[] = [];
  for (const line of body.split("\n")) {
    if (line.startsWith("-") || line.startsWith(" ")) continue;
    kept.push(line.startsWith("+") ? line.slice(1) : line);
  }
  return kept.join("\n");
}

// Keys holding a patch body: only these are read as diffs. Plain content (`content`, `new_string`,
// …) is new text whole, whatever lines it holds: `--- ` or `@@` in a file does not make it a diff.
const PATCH_KEYS = ["patch", "diff"] as const;
const CONTENT_KEYS = ["content", "new_string", "new_source", "file_text"] as const;

/** The new text a write tool call carries. */
export function writtenText(input: Record<string, unknown>): string {
  const parts: string[] = [];
  const patches = new Set<string>();
  // `diff`: Copilot's permissionRequest for an edit carries `{file_path, diff}`.
  for (const key of PATCH_KEYS) {
    const value = stringArg(input, key);
    if (value) {
      patches.add(value);
      parts.push(patchAddedText(value));
    }
  }
  for (const key of CONTENT_KEYS) {
    const value = stringArg(input, key);
    // The normaliser mirrors an apply_patch body into `content`; it is read once, as a patch.
    if (value && !patches.has(value)) parts.push(value);
  }
  if (Array.isArray(input.edits)) {
    for (const edit of input.edits) {
      if (edit && typeof edit === "object" && typeof (edit as Record<string, unknown>).new_string === "string") {
        parts.push((edit as Record<string, string>).new_string as string);
      }
    }
  }
  return [...new Set(parts)].join("\n");
}

// Writing to these is output, not a file.
const DEVICE_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);

function isDevice(path: string): boolean {
  return DEVICE_TARGETS.has(path) || /^\/dev\/fd\/\d+$/.test(path) || /^\/proc\/self\/fd\/\d+$/.test(path);
}

// Programs whose script argument can write any file the analyser cannot see (`python -c`, `perl -pi`,
// `awk '{print > "f"}'`).
const SCRIPT_RUNNERS = new Set([
  "python",
  "python2",
  "python3",
  "node",
  "nodejs",
  "deno",
  "bun",
  "perl",
  "ruby",
  "php",
  "lua",
  "awk",
  "gawk",
  "mawk",
  "nawk",
  "osascript",
  "pwsh",
  "powershell",
]);

// CLIs that store the value they are given in a configuration file (`npm config set KEY VALUE`
// writes ~/.npmrc, or the project's): their subcommand words, found among the words that are not options.
const CONFIG_SETTERS: ReadonlyMap<string, ReadonlyArray<readonly string[]>> = new Map([
  ["git", [["config"]]],
  ["npm", [["config", "set"], ["set"]]],
  ["pnpm", [["config", "set"]]],
  ["yarn", [["config", "set"]]],
  ["pip", [["config", "set"]]],
  ["pip3", [["config", "set"]]],
  ["aws", [["configure", "set"]]],
  ["gcloud", [["config", "set"]]],
  ["gh", [["config", "set"]]],
  ["poetry", [["config"]]],
  ["composer", [["config"]]],
  ["conda", [["config"]]],
  ["bundle", [["config", "set"]]],
]);

/** Where the key of a CONFIG_SETTERS command stands among its non-option words, or -1. */
function settingKeyIndex(c: EffectCommand, words: readonly string[]): number {
  const runs = CONFIG_SETTERS.get(c.name);
  if (!runs) return -1;
  for (const run of runs) {
    const at = words.findIndex((_, i) => run.every((w, k) => words[i + k] === w));
    if (at >= 0) return at + run.length;
  }
  return -1;
}

/** True when `c` is a configuration setter of CONFIG_SETTERS. */
function setsConfiguration(c: EffectCommand): boolean {
  return (
    settingKeyIndex(
      c,
      c.argv.slice(1).filter((a) => !a.startsWith("-")),
    ) >= 0
  );
}

// The last part of a setting's key that names what holds no secret, though a part before it does
// (`credential.helper`, `credential.https://host.username`).
const NOT_SECRET_LEAF =
  /^(helper|username|user|email|name|url|path|file|program|usehttppath|cmd|command|type|format|provider|region|output|allowedsignersfile)$/i;

/**
 * The key a configuration setter stores a credential under, given a literal value (`aws configure
 * set aws_secret_access_key VALUE`, `npm config set //host/:_authToken=VALUE`, `composer config
 * github-oauth.github.com VALUE`): some part of the key reads as a secret's name (split at `.`,
 * `:`, `/` and camelCase humps) and the value is neither a variable nor a placeholder. The scan
 * cannot see such a value when it has no known shape.
 */
function storedCredentialKey(c: EffectCommand): string | undefined {
  const words: string[] = [];
  const dynamic: boolean[] = [];
  c.argv.slice(1).forEach((a, i) => {
    if (a.startsWith("-")) return;
    words.push(a);
    dynamic.push(c.dynamic[i + 1] ?? false);
  });
  const at = settingKeyIndex(c, words);
  if (at < 0 || at >= words.length) return undefined;
  const word = words[at] as string;
  const eq = word.indexOf("=");
  const key = eq > 0 ? word.slice(0, eq) : word;
  const value = eq > 0 ? word.slice(eq + 1) : words[at + 1];
  const valueDynamic = eq > 0 ? dynamic[at] : dynamic[at + 1];
  const parts = key.split(/[.:/]+/).filter((p) => p !== "");
  // A key naming HTTP Basic credentials takes a user, then the password (poetry's `http-basic.REPO user pass`).
  const password = eq > 0 ? undefined : words[at + 2];
  if (parts.some((p) => /basic/i.test(p)) && password !== undefined && !dynamic[at + 2] && !isPlaceholderValue(password)) return key;
  if (value === undefined || valueDynamic || isPlaceholderValue(value)) return undefined;
  if (parts.length === 0 || NOT_SECRET_LEAF.test(parts[parts.length - 1] as string)) return undefined;
  const named = parts.some((p) => isSecretVariable(p.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/-/g, "_")));
  if (named) return key;
  // HTTP Basic credentials as one value, whatever the key (bundler's `bundle config set HOST
  // user:pass`). A `host:port` value is not one, nor a refspec (`HEAD:main`): the password must
  // mix letters with digits or symbols, as generated ones do.
  const basic = BASIC_PAIR.exec(value);
  if (basic && /[A-Za-z]/.test(basic[1] as string) && /[^A-Za-z]/.test(basic[1] as string) && !isPlaceholderValue(basic[1] as string)) return key;
  return undefined;
}

// A `user:password` value: no URL, no address, and a password that is not a port number.
const BASIC_PAIR = /^[^\s:/@]{1,64}:(?!\d+$)([^\s/@]{4,128})$/;

/** The deny for a line whose configuration setter stores a shapeless credential (storedCredentialKey). */
function storedCredentialBlock(command: string, cwd: string, env: NodeJS.ProcessEnv): GuardVerdict | undefined {
  if (!SETTER_WORDS.test(command)) return undefined;
  for (const c of commandEffects(command, cwd, env).commands) {
    const key = storedCredentialKey(c);
    if (key !== undefined) return { block: `BLOCKED: ${c.name} would store a credential in its configuration file (${key}). ${ADVICE}` };
  }
  return undefined;
}

// git subcommands that record the text they are given in the repository's history, which a push
// publishes (a commit, tag or note message, a stash's, an object written from stdin).
const GIT_RECORDERS = new Set(["commit", "tag", "notes", "stash", "merge", "commit-tree", "hash-object", "mktag", "mktree"]);
// gh commands that publish the text they are given on GitHub (an issue, a pull request, a gist, a
// release, a comment); `gh secret set` stores a secret where it belongs and is not one.
const GH_PUBLISHED = new Set(["issue", "pr", "gist", "release", "discussion"]);
const GH_PUBLISHING_VERBS = new Set(["create", "comment", "edit", "review", "upload", "new"]);

/**
 * Where a command keeps what its line gives it beyond the call, other than a file it writes:
 * "records it in git's history", "stores it in a database", "publishes it"; undefined for none.
 * A database client keeps its statements, not how it connects: only its operands that are not
 * options or URLs (`psql postgres://u:p@host -c …` logs in with the URL's password) count.
 */
function keepsText(c: EffectCommand): string | undefined {
  const args = c.argv.slice(1);
  if (c.name === "git") {
    const sub = args[gitSubcommand(args)];
    return sub !== undefined && GIT_RECORDERS.has(sub) ? `recording it in git's history (git ${sub})` : undefined;
  }
  if (DATABASE_CLIENTS.has(c.name)) {
    const statements = args.filter((a) => !a.startsWith("-") && !/^[a-z][a-z0-9+.-]*:\/\//i.test(a));
    return scanSecrets(statements.join("\n"), "normal").length > 0 ? `storing it in a database (${c.name})` : undefined;
  }
  if (c.name === "gh") {
    const [noun, verb] = args.filter((a) => !a.startsWith("-"));
    if (noun === "api" || (noun !== undefined && GH_PUBLISHED.has(noun) && verb !== undefined && GH_PUBLISHING_VERBS.has(verb)))
      return `publishing it on GitHub (gh ${noun}${noun === "api" ? "" : ` ${verb}`})`;
  }
  return undefined;
}

/** True when the one command writes a file (as command-effects reads it) or runs a script that may. */
function writesAFile(c: EffectCommand): boolean {
  if (c.writes.some((w) => !isDevice(w.path)) || c.moves.length > 0) return true;
  if (SCRIPT_RUNNERS.has(c.name.replace(/[\d.]+$/, "")) || SCRIPT_RUNNERS.has(c.name)) return true;
  return setsConfiguration(c);
}

/**
 * True when a shell command writes a file, as `runtime/command-effects.ts` reads it: any
 * redirection to a file, `tee` (also through `sudo`/`command`), `sed -i`, `sponge`, `cp`/`install`
 * from `/dev/stdin`, `dd of=`, `mv`, `curl -o`, …, or a script runner (`python -c`, `perl -pi`,
 * `awk`) that may write one, or a configuration setter (`git config`, `npm config set`, …);
 * `2>&1`, `>&2` and device targets are not files.
 */
export function commandWritesFile(command: string, cwd = "/", env: NodeJS.ProcessEnv = {}): boolean {
  return commandEffects(command, cwd, env).commands.some(writesAFile);
}

/**
 * The text a command line may put in a file beyond what it shows: each command's words as they run
 * where they differ from the words as written (`$'\x..'` decoded, variables set earlier in the line
 * expanded) and the output the analyser computes where it differs from the words (`printf`, `echo -e`,
 * `base64 -d` of a literal); undefined past MAX_HIDDEN_TEXT.
 */
function hiddenTexts(effects: CommandEffects): string | undefined {
  const parts: string[] = [];
  let size = 0;
  const add = (text: string): void => {
    parts.push(text);
    size += text.length;
  };
  for (const c of effects.commands) {
    const words = c.argv.join(" ");
    if (words !== c.raw.join(" ")) add(words);
    if (c.output !== undefined && c.output.trimEnd() !== c.argv.slice(1).join(" ")) add(c.output);
    if (size > MAX_HIDDEN_TEXT) return undefined;
  }
  return parts.join("\n");
}

/**
 * The most computed text (substitution output, expanded words) one line's check reads for secrets;
 * a line that computes more and writes a file is denied as too large to check. The line itself is
 * always read whole: only what it builds at run time is bounded, so that the check stays linear.
 */
const MAX_HIDDEN_TEXT = 1024 * 1024;

// The subcommand words of every CONFIG_SETTERS entry: only a line holding one needs the full reading for them.
const SETTER_WORDS = /\bconfig(?:ure)?\b|\bset\b/;

// Text that can spell other text: expansions (variables joined at run time, `a=ghp_…; b=…; echo
// "$a$b" > f`, substitutions whose output the analyser computes, ANSI-C quoting), escapes,
// decoders. Only a line with a secret in plain sight or one of these needs the full reading.
const ENCODES = /[$`]|\\x[0-9A-Fa-f]|\\[0-7]{3}|\\u[0-9A-Fa-f]{4}|base64|base32|basenc|xxd|openssl|printf|echo[ \t]+-[a-zA-Z]*e/;

const ADVICE =
  'Keep credentials out of files: read the value from an environment variable or a secret store instead. If this is a false positive, add "# nosecret" to the line.';

/** How deep, and over how many values, tool arguments are followed; past either the call is denied. */
export const ARGUMENT_LIMITS = { depth: 64, nodes: 100_000 } as const;

// A string that holds JSON is decoded and followed too (bounded: larger ones are scanned as text).
const MAX_DECODED_STRING = 4 * 1024 * 1024;

/**
 * Every scalar of a tool's arguments as text for the scan, at every depth: object keys, `key: value`
 * lines (so an assignment-shaped secret is seen with its name), array items, and the contents of
 * strings that hold JSON. `undefined` when the arguments are nested deeper or hold more values than
 * `ARGUMENT_LIMITS`: the scan could not see them all.
 */
export function argumentText(input: unknown): string | undefined {
  const parts: string[] = [];
  const stack: Array<{ value: unknown; depth: number; key?: string }> = [{ value: input, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, depth, key } = stack.pop() as { value: unknown; depth: number; key?: string };
    if (++nodes > ARGUMENT_LIMITS.nodes || depth > ARGUMENT_LIMITS.depth) return undefined;
    if (typeof value === "string" || typeof value === "number" || typeof value === "bigint") {
      parts.push(key === undefined ? String(value) : `${key}: ${String(value)}`);
      if (typeof value === "string") {
        const decoded = decodedJson(value);
        if (decoded !== undefined) stack.push({ value: decoded, depth: depth + 1 });
      }
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], depth: depth + 1 });
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        parts.push(k);
        stack.push({ value: v, depth: depth + 1, key: k });
      }
      const pair = namedValue(value as Record<string, unknown>);
      if (pair !== undefined) parts.push(pair);
    }
  }
  return parts.join("\n");
}

const NAME_KEYS = ["name", "key", "variable", "var", "Name", "Key"] as const;
const VALUE_KEYS = ["value", "val", "secret", "Value", "secretValue"] as const;

/**
 * A name and its value in sibling keys (`{"name": "DB_PASSWORD", "value": "…"}`, a container's
 * env entry, a secret store's `{key, value}`) as one `NAME=value` line, so the scan sees the value
 * with its name; undefined unless the name reads as a secret's.
 */
function namedValue(object: Record<string, unknown>): string | undefined {
  const name = NAME_KEYS.map((k) => object[k]).find((v): v is string => typeof v === "string" && v !== "");
  if (name === undefined || name.length > 128 || !isSecretVariable(name)) return undefined;
  const value = VALUE_KEYS.map((k) => object[k]).find((v): v is string => typeof v === "string" && v !== "");
  return value === undefined ? undefined : `${name}=${value}`;
}

const YAML_NAME = /^([ \t]*)(?:-[ \t]+)?name:[ \t]*["']?([A-Za-z_][A-Za-z0-9_.-]{0,127})["']?[ \t]*$/;
const YAML_VALUE = /^([ \t]*)(?:-[ \t]+)?value:[ \t]*(.*)$/;

/**
 * The name/value pairs a file's text spells in sibling keys, as `NAME=value` lines (see
 * `namedValue`): the objects of a JSON document, and YAML's `name: X` with a `value:` of the same
 * item next to it (a Kubernetes container's `env` entry), either order. One pass over the lines.
 */
export function pairedAssignments(text: string): string {
  const out: string[] = [];
  // Each file of a patch body (between its `*** ` lines) is a document of its own.
  for (const part of text.includes("\n*** ") || text.startsWith("*** ") ? text.split(/^\*\*\* .*$/m) : [text]) {
    const parsed = decodedJson(part.trim());
    const pairs = parsed === undefined ? undefined : argumentText(parsed);
    if (pairs !== undefined) for (const line of pairs.split("\n")) if (line.includes("=")) out.push(line);
  }
  if (!/\bname:/.test(text)) return out.join("\n");
  const lines = text.split("\n");
  // Names repeat down a manifest: each is judged once.
  const secretName = new Map<string, boolean>();
  const isSecretName = (n: string): boolean => secretName.get(n) ?? (secretName.set(n, isSecretVariable(n)), secretName.get(n) as boolean);
  // A key's indent within its item: a `- ` that opens the item counts as indent.
  const indentOf = (line: string, lead: string): number => lead.length + (line.slice(lead.length).startsWith("-") ? 2 : 0);
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const name = YAML_NAME.exec(line);
    if (!name || !isSecretName(name[2] as string)) continue;
    const indent = indentOf(line, name[1] as string);
    const opensItem = line.trimStart().startsWith("-");
    // The value after the name in its item, or just before it where the value line opens the item.
    for (const j of [i + 1, i + 2, i - 1]) {
      const other = lines[j];
      if (other === undefined || (j < i ? opensItem || !other.trimStart().startsWith("-") : other.trimStart().startsWith("-"))) continue;
      if (j === i + 2 && (lines[i + 1] as string).trimStart().startsWith("-")) continue;
      const value = YAML_VALUE.exec(other);
      if (value && indentOf(other, value[1] as string) === indent) out.push(`${name[2]}=${(value[2] as string).trim().replace(/^["']|["']$/g, "")}`);
    }
  }
  return [...new Set(out)].join("\n");
}

/** The object or array a string holds as JSON, else undefined. */
function decodedJson(text: string): unknown {
  if (text.length < 2 || text.length > MAX_DECODED_STRING) return undefined;
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

// Arguments of a write tool that are not new text: what the file holds now, paths, and the keys
// whose values writtenText reads already (read there as a patch where they hold one).
const NOT_NEW_TEXT: ReadonlySet<string> = new Set([
  "old_string",
  "old_str",
  "old_source",
  "file_path",
  "path",
  "notebook_path",
  "file_paths",
  "absolute_path",
  "patch",
  "diff",
  "command",
  "content",
  "new_string",
  "new_str",
  "new_source",
  "file_text",
  "edits",
]);

// Tools whose arguments never leave the machine as content.
const NON_WRITING_TOOLS = new Set(["Read", "NotebookRead", "Grep", "Glob", "LS", "WebSearch", "WebFetch", "TodoWrite", "AskUserQuestion", "Agent", "Task"]);

// How far either side of an edit's new text the file is read again, and the most file text
// (file size × edits) a replay walks: past it the edits' own texts are all that is checked.
const SEAM_WINDOW = 1024;
const MAX_REPLAY_WORK = 64 * 1024 * 1024;
const MAX_REPLAYED_FILE = 8 * 1024 * 1024;
const MAX_SEAMS = 1024;

/** The string replacements an edit call makes: Edit's `old_string`/`new_string`, MultiEdit's `edits`. */
function replacements(input: Record<string, unknown>): Array<{ old: string; new: string; all: boolean }> {
  const list = Array.isArray(input.edits) ? input.edits : [input];
  const out: Array<{ old: string; new: string; all: boolean }> = [];
  for (const e of list) {
    if (e === null || typeof e !== "object") continue;
    const edit = e as Record<string, unknown>;
    const old = typeof edit.old_string === "string" ? edit.old_string : "";
    const added = typeof edit.new_string === "string" ? edit.new_string : "";
    if (old !== "" && added !== "") out.push({ old, new: added, all: edit.replace_all === true });
  }
  return out;
}

/**
 * Secrets an edit makes out of pieces: its new text joined to what the file holds around it
 * (`old_string` "X" in `K = 'AKIAQWERTYX`, `new_string` "UIOPASDFGH'"), or to another edit's
 * new text (MultiEdit). The edits are replayed on the file as the client applies them (each on the
 * first occurrence, or every one with `replace_all`), and the text around each seam is scanned
 * after the edit and before it: a secret found only after is new. Only the file's text next to an
 * edit is read, so an old secret elsewhere in the file does not count. None when the file cannot
 * be read (nothing to join), an edit does not apply (the client fails it), or the replay would walk
 * more than MAX_REPLAY_WORK.
 */
function seamSecrets(input: Record<string, unknown>, cwd: string, env: NodeJS.ProcessEnv): string[] {
  const edits = replacements(input);
  const target = stringArg(input, "file_path");
  if (edits.length === 0 || target === "") return [];
  const home = homeDirectory(env);
  const expanded = target === "~" || target.startsWith("~/") ? home + target.slice(1) : target;
  const text = readRegularFile(isAbsolute(expanded) ? expanded : resolve(cwd, expanded), MAX_REPLAYED_FILE);
  if (text === undefined || text.length * edits.length > MAX_REPLAY_WORK) return [];
  const after: string[] = [];
  const before: string[] = [];
  let out = text;
  let seams = 0;
  for (const edit of edits) {
    let from = 0;
    let next = "";
    let at = out.indexOf(edit.old);
    if (at < 0) return [];
    while (at >= 0) {
      next += out.slice(from, at) + edit.new;
      if (seams++ < MAX_SEAMS) {
        before.push(out.slice(Math.max(0, at - SEAM_WINDOW), at + edit.old.length + SEAM_WINDOW));
        // The new text with the file around it; a long one by its two edges (it is read whole elsewhere).
        const left = out.slice(Math.max(0, at - SEAM_WINDOW), at);
        const right = out.slice(at + edit.old.length, at + edit.old.length + SEAM_WINDOW);
        if (edit.new.length <= 2 * SEAM_WINDOW) after.push(`${left}${edit.new}${right}`);
        else after.push(`${left}${edit.new.slice(0, SEAM_WINDOW)}`, `${edit.new.slice(-SEAM_WINDOW)}${right}`);
      }
      from = at + edit.old.length;
      if (!edit.all) break;
      at = out.indexOf(edit.old, from);
    }
    out = next + out.slice(from);
  }
  const old = new Set(scanSecrets(before.join("\n"), "normal"));
  return scanSecrets(after.join("\n"), "normal").filter((name) => !old.has(name));
}

/**
 * Secrets a line's writes complete in a file that no single piece holds: the text it puts in each
 * file, its pieces together (`printf 'ghp_…' > f; printf '…' >> f`), after the last SEAM_WINDOW
 * bytes the file holds when the line appends to it (a token split over two calls; the ends of the
 * first MAX_TAILS files only). Only what is new: a secret the file's end already held is not this line's.
 */
function completedSecrets(effects: CommandEffects): string[] {
  if (effects.added === undefined) return [];
  const found = new Set<string>();
  let tails = 0;
  for (const [path, text] of effects.added) {
    const appends =
      tails < MAX_TAILS &&
      effects.commands.some((c) =>
        c.writes.some((w) => w.path === path && (w.via === ">>" || w.via === "&>>" || (w.via === "tee" && c.argv.some((a) => a === "-a" || a === "--append")))),
      );
    if (appends) tails += 1;
    const tail = appends ? (readRegularFile(path, SEAM_WINDOW, { fromEnd: true }) ?? "") : "";
    const before = new Set(tail === "" ? [] : scanSecrets(tail, "normal"));
    for (const name of scanSecrets(tail + text, "normal")) if (!before.has(name)) found.add(name);
  }
  return [...found].sort();
}

// How many appended-to files' ends one line reads (each a few system calls).
const MAX_TAILS = 64;

/** The deny for secrets a line's writes complete (completedSecrets), or undefined. */
function completedBlock(effects: CommandEffects): GuardVerdict | undefined {
  const completed = completedSecrets(effects);
  if (completed.length === 0) return undefined;
  return {
    block: `BLOCKED: Secret(s) detected in what this Bash command puts together in a file (${completed.join(", ")}): its writes, with what the file ends with when it appends, hold one whole. ${ADVICE}`,
  };
}

/** The secrets-in-writes guard. */
export const secretsInWritesGuard: Guard = {
  name: "secrets",
  check({ tool_name, tool_input, cwd, env }): GuardVerdict | undefined {
    if (isShellTool(tool_name)) {
      const command = stringArg(tool_input, "command");
      if (command === "") return undefined;
      const plain = scanSecrets(command, "normal");
      const effects = commandEffects(command, cwd, env);
      if (plain.length === 0 && !ENCODES.test(command)) return completedBlock(effects) ?? storedCredentialBlock(command, cwd, env);
      const hidden = hiddenTexts(effects);
      if (hidden === undefined && (effects.commands.some(writesAFile) || effects.opaque.length > 0))
        return {
          block: `BLOCKED: This Bash command builds more than ${MAX_HIDDEN_TEXT / 1024 / 1024} MiB of text at run time and may write it to a file; agentihooks cannot check that much for secrets. Write the content with the file tools, or in smaller steps.`,
        };
      const found = hidden ? [...new Set([...plain, ...scanSecrets(hidden, "normal")])].sort() : plain;
      if (found.length === 0) return completedBlock(effects) ?? storedCredentialBlock(command, cwd, env);
      if (effects.commands.some(writesAFile)) {
        return { block: `BLOCKED: Secret(s) detected in Bash command writing to a file (${found.join(", ")}). ${ADVICE}` };
      }
      const kept = effects.commands.map(keepsText).find((where) => where !== undefined);
      if (kept) return { block: `BLOCKED: Secret(s) detected in a Bash command ${kept} (${found.join(", ")}). ${ADVICE}` };
      if (effects.opaque.length > 0) {
        return {
          block: `BLOCKED: Secret(s) detected in a Bash command whose effect agentihooks cannot see (${found.join(", ")}: ${effects.opaque[0]?.reason}), so it may write them to a file. Run the command plainly, without eval, computed command names or decoded scripts, and ${ADVICE.charAt(0).toLowerCase()}${ADVICE.slice(1)}`,
        };
      }
      return {
        context: [
          `NOTE: Secret(s) detected inline in Bash command (${found.join(", ")}). The value is now part of the session transcript; pass credentials through environment variables rather than on the command line.`,
        ],
      };
    }
    if (WRITE_TOOLS.has(tool_name)) {
      // The content keys the clients use, then every other argument (a key nobody listed, an array
      // of lines) except what the file already holds (`old_string`) and the paths.
      const rest = argumentText(
        Object.fromEntries(Object.entries(tool_input).filter(([key, value]) => !(NOT_NEW_TEXT.has(key) && (typeof value === "string" || key === "edits")))),
      );
      if (rest === undefined) {
        return {
          block: `BLOCKED: The arguments of ${tool_name} are nested too deep or hold too many values to check for secrets; the call is denied. Send the content as one string.`,
        };
      }
      const written = writtenText(tool_input);
      // A new file's name is kept (and committed, and pushed) as its content is.
      const names = tool_name === "Write" ? toolPaths(tool_input).join("\n") : "";
      const inName = names === "" ? [] : scanSecrets(names, "normal");
      if (inName.length > 0) return { block: `BLOCKED: Secret(s) detected in the name of the file ${tool_name} creates (${inName.join(", ")}). ${ADVICE}` };
      const found = [
        ...new Set([...scanSecrets(written, "normal"), ...scanSecrets(rest, "normal"), ...scanSecrets(pairedAssignments(written), "normal")]),
      ].sort();
      if (found.length === 0) {
        const joined = seamSecrets(tool_input, cwd, env);
        if (joined.length === 0) return undefined;
        return {
          block: `BLOCKED: Secret(s) detected where the ${tool_name} joins its new text to the file's text (${joined.join(", ")}): the file would hold it whole. ${ADVICE}`,
        };
      }
      return { block: `BLOCKED: Secret(s) detected in ${tool_name} content (${found.join(", ")}). ${ADVICE}` };
    }
    if (NON_WRITING_TOOLS.has(tool_name)) return undefined;
    // MCP and other tools send their arguments somewhere else: the strict set, at every depth.
    const text = argumentText(tool_input);
    if (text === undefined) {
      return {
        block: `BLOCKED: The arguments of ${tool_name} are nested deeper than ${ARGUMENT_LIMITS.depth} levels or hold more than ${ARGUMENT_LIMITS.nodes} values, so agentihooks cannot check them for secrets; the call is denied. Send smaller, flatter arguments.`,
      };
    }
    const found = scanSecrets(text, "strict");
    if (found.length === 0) return undefined;
    return {
      block: `BLOCKED: Secret(s) detected in the arguments of ${tool_name} (${found.join(", ")}). Do not pass credential values to tools; let the tool read them from its own configuration or environment.`,
    };
  },
};

/** The prompt check of UserPromptSubmit: a warning for the model, never a block. */
export function promptSecretWarning(prompt: string): string | undefined {
  const found = scanSecrets(prompt, "normal");
  if (found.length === 0) return undefined;
  return `WARNING: the prompt contains what looks like a secret (${found.join(", ")}). Treat it as exposed: do not repeat it, write it to a file or commit it, and suggest rotating it.`;
}

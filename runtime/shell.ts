/**
 * A small POSIX-shell reader for the guardrails: it splits a command line into pipelines of simple
 * commands (words with quotes removed, redirections apart), masks heredoc bodies, and collects the
 * text of command substitutions so they can be checked too. It does not evaluate anything; where
 * the shell would expand, the text is kept as written.
 */

/** A redirection: its operator (`>`, `>>`, `<`, `<<`, `<<<`, `&>`, `>&`, …) and target word. */
export interface Redirect {
  op: string;
  fd: string;
  target: string;
}

/** One simple command: its words (quotes removed), the same words as written, and its redirections. */
export interface SimpleCommand {
  words: string[];
  rawWords: string[];
  redirects: Redirect[];
}

/** Commands joined by `|`. */
export type Pipeline = SimpleCommand[];

/** The reading of one command line. */
export interface ParsedShell {
  pipelines: Pipeline[];
  /** The inner text of every `$(…)`, backtick and `<(…)`/`>(…)` substitution, in order. */
  substitutions: string[];
  /** Heredoc bodies, masked out of `pipelines`. */
  heredocBodies: string[];
}

const HEREDOC_MARKER = /<<(-?)\s*(['"]?)([A-Za-z_][\w.-]*)\2/g;

/** The command text with heredoc bodies removed, and the bodies. */
export function maskHeredocs(text: string): { masked: string; bodies: string[] } {
  if (!text.includes("<<")) return { masked: text, bodies: [] };
  const lines = text.split("\n");
  const out: string[] = [];
  const bodies: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    out.push(line);
    i += 1;
    const delimiters: Array<{ word: string; strip: boolean }> = [];
    for (const m of line.matchAll(HEREDOC_MARKER)) {
      // `<<<` is a here-string, not a heredoc.
      if (m.index !== undefined && line[m.index + 2] === "<") continue;
      if (m.index !== undefined && m.index > 0 && line[m.index - 1] === "<") continue;
      delimiters.push({ word: m[3] as string, strip: m[1] === "-" });
    }
    for (const { word, strip } of delimiters) {
      const body: string[] = [];
      while (i < lines.length) {
        const candidate = lines[i] as string;
        i += 1;
        if ((strip ? candidate.replace(/^\t+/, "") : candidate).trim() === word) break;
        body.push(candidate);
      }
      bodies.push(body.join("\n"));
    }
  }
  return { masked: out.join("\n"), bodies };
}

type Token = { kind: "word"; text: string; raw: string } | { kind: "op"; text: string } | { kind: "redir"; op: string; fd: string };

/** Index just past the `)` matching the `(` at `open`, honouring quotes and nesting. */
function matchParen(text: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === '"') {
      i += 1;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i += 1;
      continue;
    }
    if (c === "(") depth += 1;
    else if (c === ")") {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
    i += 1;
  }
  return text.length;
}

function tokenize(text: string, substitutions: string[]): Token[] {
  const tokens: Token[] = [];
  let word = "";
  let raw = "";
  let started = false;
  let i = 0;
  const end = (): void => {
    if (started) tokens.push({ kind: "word", text: word, raw });
    word = "";
    raw = "";
    started = false;
  };
  const substitution = (start: number, close: number, innerStart: number, innerEnd: number): void => {
    substitutions.push(text.slice(innerStart, innerEnd));
    word += text.slice(start, close);
    raw += text.slice(start, close);
    started = true;
  };
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === " " || c === "\t" || c === "\r") {
      end();
      i += 1;
      continue;
    }
    if (c === "\n") {
      end();
      tokens.push({ kind: "op", text: ";" });
      i += 1;
      continue;
    }
    if (c === "#" && !started) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl;
      continue;
    }
    if (c === "\\") {
      if (next === "\n") {
        i += 2;
        continue;
      }
      word += next ?? "";
      raw += c + (next ?? "");
      started = true;
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      const stop = close < 0 ? text.length : close;
      word += text.slice(i + 1, stop);
      raw += text.slice(i, stop + 1);
      started = true;
      i = stop + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        const d = text[j] as string;
        if (d === "\\" && j + 1 < text.length) {
          const e = text[j + 1] as string;
          word += '"\\$`\n'.includes(e) ? (e === "\n" ? "" : e) : d + e;
          j += 2;
          continue;
        }
        if (d === "$" && text[j + 1] === "(" && text[j + 2] !== "(") {
          const close = matchParen(text, j + 1);
          substitutions.push(text.slice(j + 2, close - 1));
          word += text.slice(j, close);
          j = close;
          continue;
        }
        if (d === "`") {
          const close = text.indexOf("`", j + 1);
          const stop = close < 0 ? text.length : close;
          substitutions.push(text.slice(j + 1, stop));
          word += text.slice(j, stop + 1);
          j = stop + 1;
          continue;
        }
        word += d;
        j += 1;
      }
      raw += text.slice(i, j + 1);
      started = true;
      i = j + 1;
      continue;
    }
    if (c === "$" && next === "(") {
      const close = matchParen(text, i + 1);
      if (text[i + 2] === "(") {
        // Arithmetic: kept as text, nothing runs.
        word += text.slice(i, close);
        raw += text.slice(i, close);
        started = true;
        i = close;
        continue;
      }
      substitution(i, close, i + 2, close - 1);
      i = close;
      continue;
    }
    if (c === "`") {
      const close = text.indexOf("`", i + 1);
      const stop = close < 0 ? text.length : close;
      substitution(i, stop + 1, i + 1, stop);
      i = stop + 1;
      continue;
    }
    if ((c === "<" || c === ">") && next === "(" && !started) {
      const close = matchParen(text, i + 1);
      substitution(i, close, i + 2, close - 1);
      i = close;
      continue;
    }
    if (c === ">" || c === "<" || (c === "&" && next === ">")) {
      // A word made only of digits right before the operator is its file descriptor (`2>`).
      let fd = "";
      if (started && /^\d+$/.test(raw)) {
        fd = word;
        word = "";
        raw = "";
        started = false;
      } else end();
      let op = "";
      for (const candidate of ["&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", ">>", ">|", ">&", ">", "<"]) {
        if (text.startsWith(candidate, i)) {
          op = candidate;
          break;
        }
      }
      tokens.push({ kind: "redir", op, fd });
      i += op.length;
      continue;
    }
    if (c === "|" || c === "&" || c === ";" || c === "(" || c === ")") {
      end();
      const two = text.slice(i, i + 2);
      const op = two === "&&" || two === "||" || two === "|&" || two === ";;" ? two : c;
      tokens.push({ kind: "op", text: op });
      i += op.length;
      continue;
    }
    word += c;
    raw += c;
    started = true;
    i += 1;
  }
  end();
  return tokens;
}

function group(tokens: Token[]): Pipeline[] {
  const pipelines: Pipeline[] = [];
  let pipeline: Pipeline = [];
  let command: SimpleCommand = { words: [], rawWords: [], redirects: [] };
  let pending: { op: string; fd: string } | undefined;
  const endCommand = (): void => {
    if (pending) {
      command.redirects.push({ op: pending.op, fd: pending.fd, target: "" });
      pending = undefined;
    }
    if (command.words.length > 0 || command.redirects.length > 0) pipeline.push(command);
    command = { words: [], rawWords: [], redirects: [] };
  };
  const endPipeline = (): void => {
    endCommand();
    if (pipeline.length > 0) pipelines.push(pipeline);
    pipeline = [];
  };
  for (const token of tokens) {
    if (token.kind === "redir") {
      if (pending) command.redirects.push({ op: pending.op, fd: pending.fd, target: "" });
      pending = { op: token.op, fd: token.fd };
      continue;
    }
    if (token.kind === "word") {
      if (pending) {
        command.redirects.push({ op: pending.op, fd: pending.fd, target: token.text });
        pending = undefined;
        continue;
      }
      // Group braces and keywords that open a compound command carry no command of their own.
      if (command.words.length === 0 && (token.raw === "{" || token.raw === "}" || token.raw === "!")) continue;
      command.words.push(token.text);
      command.rawWords.push(token.raw);
      continue;
    }
    if (token.text === "|" || token.text === "|&") endCommand();
    else endPipeline();
  }
  endPipeline();
  return pipelines;
}

/** Reads one command line (heredoc bodies masked; substitutions collected, not expanded). */
export function parseShell(text: string): ParsedShell {
  const { masked, bodies } = maskHeredocs(text);
  const substitutions: string[] = [];
  const pipelines = group(tokenize(masked, substitutions));
  return { pipelines, substitutions, heredocBodies: bodies };
}

const KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "do", "done", "while", "until", "for", "in", "case", "esac", "function", "select", "time"]);

/**
 * Every pipeline of a command line, including those inside command substitutions and inside
 * `bash -c '…'` / `sh -c` / `eval` strings (to a bounded depth), with leading shell keywords removed.
 */
export function allPipelines(text: string, depth = 0): Pipeline[] {
  if (depth > 4) return [];
  // Every guard reads the same command: parse it once per invocation.
  if (depth === 0 && text === lastText && lastPipelines) return lastPipelines;
  const result = collectPipelines(text, depth);
  if (depth === 0) {
    lastText = text;
    lastPipelines = result;
  }
  return result;
}

let lastText: string | undefined;
let lastPipelines: Pipeline[] | undefined;

function collectPipelines(text: string, depth: number): Pipeline[] {
  const parsed = parseShell(text);
  const result: Pipeline[] = [];
  for (const pipeline of parsed.pipelines) {
    const cleaned = pipeline.map(stripKeywords).filter((c) => c.words.length > 0 || c.redirects.length > 0);
    if (cleaned.length > 0) result.push(cleaned);
    for (const command of cleaned) {
      const inner = innerScript(command.words);
      if (inner !== undefined) result.push(...allPipelines(inner, depth + 1));
    }
  }
  for (const sub of parsed.substitutions) result.push(...allPipelines(sub, depth + 1));
  return result;
}

function stripKeywords(command: SimpleCommand): SimpleCommand {
  let k = 0;
  while (k < command.words.length && KEYWORDS.has(command.rawWords[k] as string)) k += 1;
  return k === 0 ? command : { words: command.words.slice(k), rawWords: command.rawWords.slice(k), redirects: command.redirects };
}

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "fish"]);

/** The script a `bash -c SCRIPT` / `eval SCRIPT…` command runs, if it is one. */
export function innerScript(words: readonly string[]): string | undefined {
  const [verb, ...rest] = commandWords(words);
  if (verb === undefined) return undefined;
  const name = basename(verb);
  if (name === "eval") return rest.join(" ");
  if (!SHELLS.has(name)) return undefined;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] as string;
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(arg)) return rest[i + 1];
    if (!arg.startsWith("-")) return undefined;
  }
  return undefined;
}

/** The last path component of a word (`/usr/bin/cat` → `cat`). */
export function basename(word: string): string {
  const trimmed = word.replace(/\/+$/, "");
  const slash = trimmed.lastIndexOf("/");
  return slash < 0 ? trimmed : trimmed.slice(slash + 1);
}

// Prefix commands that run the command after them; the value says how many leading arguments the
// prefix itself takes before the real command (options are skipped separately).
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
};

// Options of prefix commands that take a value as the next word.
const PREFIX_OPTIONS_WITH_VALUE = new Set(["-u", "-g", "-n", "-c", "-s", "-k", "-C", "-h", "-p", "-U", "-D", "-r", "-t", "--user", "--group", "--signal", "--kill-after", "-S", "--chdir", "--unset"]);

/**
 * The words of the command that really runs: leading `VAR=value` assignments and prefix commands
 * (`sudo`, `env`, `nice`, `timeout 5`, …) removed. `env` with no command left yields `["env", …]`
 * itself (it then dumps the environment).
 */
export function commandWords(words: readonly string[]): string[] {
  let i = 0;
  while (i < words.length) {
    const word = words[i] as string;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      i += 1;
      continue;
    }
    const name = basename(word);
    if (!Object.prototype.hasOwnProperty.call(PREFIXES, name)) break;
    let j = i + 1;
    while (j < words.length) {
      const option = words[j] as string;
      if (option === "--") {
        j += 1;
        break;
      }
      if (name === "env" && /^[A-Za-z_][A-Za-z0-9_]*=/.test(option)) {
        j += 1;
        continue;
      }
      if (!option.startsWith("-") || option === "-") break;
      j += PREFIX_OPTIONS_WITH_VALUE.has(option) ? 2 : 1;
    }
    j += PREFIXES[name] as number;
    if (j >= words.length) {
      // Nothing left to run: the prefix is the command (`env`, `sudo -l`).
      return words.slice(i);
    }
    i = j;
  }
  return words.slice(i);
}

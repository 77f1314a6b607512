/**
 * A POSIX-shell reader for the guardrails. It turns one command line into a flat sequence of simple
 * commands, separators and subshell brackets, each word kept as its parts (literal text with its
 * quoting, parameter expansions, command and process substitutions, arithmetic), so that a later
 * stage can decide what the shell would run without running anything. Quotes and backslashes are
 * removed, `$'…'` is decoded, heredoc bodies are attached to their redirection. One pass over the
 * text: a substitution's inner text is kept as a string and read by the caller (at a bounded
 * depth), so the work stays linear in the input times that depth.
 */

/** One piece of a word. `quoted` literal text is never split or globbed by the shell. */
export type WordPart =
  | { kind: "lit"; text: string; quoted: boolean }
  | { kind: "var"; name: string; op: string; quoted: boolean; raw: string }
  | { kind: "sub"; script: string; quoted: boolean; raw: string; form: "$(" | "`" | "<(" | ">(" }
  | { kind: "arith"; text: string; raw: string }
  /** The list of an array assignment `NAME=(a b c)`: its inner text, read as words by the caller. */
  | { kind: "array"; script: string; raw: string };

/** A word: its parts, the text as written, and its value with quoting removed (expansions as written). */
export interface ShellWord {
  parts: WordPart[];
  raw: string;
  text: string;
}

/** A redirection: operator (`>`, `>>`, `<`, `<<`, `<<<`, `&>`, `>&`, …), fd, target, heredoc body. */
export interface ShellRedirect {
  op: string;
  fd: string;
  target?: ShellWord;
  /** A heredoc's body; `bodyQuoted` when its delimiter was quoted (no expansion in the body). */
  body?: string;
  bodyQuoted?: boolean;
}

/** One simple command. `piped` when its standard input is the previous command's output. */
export interface ShellCommand {
  words: ShellWord[];
  redirects: ShellRedirect[];
  piped: boolean;
}

/** An item of a parsed line: a command, a separator (`;`, `&&`, `||`, `&`), or a `(`/`)` bracket. */
export type ShellNode =
  { kind: "command"; command: ShellCommand } | { kind: "sep"; op: string } | { kind: "open" } | { kind: "close" } | { kind: "truncated"; at: number };

/** A word budget shared by the reads of one line (nested scripts included); see `parseScript`. */
export interface ParseBudget {
  words: number;
  /** Characters of nested scripts still to read (unlimited when absent). */
  chars?: number;
}

/** Index just past the `)` matching the `(` at `open`, honouring quotes, escapes and nesting. */
export function matchParen(text: string, open: number): number {
  let depth = 0;
  let i = open;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) {
      i += 2;
      continue;
    }
    if (c === 39 /* ' */) {
      const end = text.indexOf("'", i + 1);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (c === 34 /* " */) {
      i += 1;
      while (i < n && text.charCodeAt(i) !== 34) i += text.charCodeAt(i) === 92 ? 2 : 1;
      i += 1;
      continue;
    }
    if (c === 96 /* ` */) {
      const end = text.indexOf("`", i + 1);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (c === 40) depth += 1;
    else if (c === 41) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
    i += 1;
  }
  return n;
}

/** Index just past the `}` closing the `${` whose `{` is at `open`. */
function matchBrace(text: string, open: number): number {
  let depth = 0;
  let i = open;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (c === "{") depth += 1;
    else if (c === "}") {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
    i += 1;
  }
  return n;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** Decodes the body of a `$'…'` string (bash's ANSI-C quoting); `end` is its closing quote's index. */
export function decodeAnsiC(text: string, start: number): { value: string; end: number } {
  const out: string[] = [];
  let i = start;
  let run = start;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 39 /* ' */) {
      out.push(text.slice(run, i));
      return { value: out.join(""), end: i };
    }
    if (c !== 92 /* \ */ || i + 1 >= n) {
      i += 1;
      continue;
    }
    out.push(text.slice(run, i));
    const d = text[i + 1] as string;
    if (Object.prototype.hasOwnProperty.call(SIMPLE_ESCAPES, d)) {
      out.push(SIMPLE_ESCAPES[d] as string);
      i += 2;
    } else if (d === "x" || d === "u" || d === "U") {
      const hexLength = d === "x" ? 2 : d === "u" ? 4 : 8;
      let j = i + 2;
      while (j < n && j < i + 2 + hexLength && /[0-9a-fA-F]/.test(text[j] as string)) j += 1;
      if (j === i + 2) {
        out.push(`\\${d}`);
        i += 2;
      } else {
        const code = Number.parseInt(text.slice(i + 2, j), 16);
        out.push(code <= 0x10ffff ? String.fromCodePoint(code) : "");
        i = j;
      }
    } else if (d >= "0" && d <= "7") {
      let j = i + 1;
      while (j < n && j < i + 4 && (text[j] as string) >= "0" && (text[j] as string) <= "7") j += 1;
      out.push(String.fromCharCode(Number.parseInt(text.slice(i + 1, j), 8) & 0xff));
      i = j;
    } else if (d === "c" && i + 2 < n) {
      out.push(String.fromCharCode(text.charCodeAt(i + 2) & 0x1f));
      i += 3;
    } else {
      out.push(`\\${d}`);
      i += 2;
    }
    run = i;
  }
  out.push(text.slice(run, n));
  return { value: out.join(""), end: n };
}

const WORD_BREAK = new Set([" ", "\t", "\r", "\n", ";", "&", "|", "(", ")", "<", ">"]);
const PLAIN_STOP = /[\s;&|()<>\\'"`$]/g;
const ARRAY_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=$/;
const EXTGLOB_OPENERS = new Set(["@", "!", "+", "*", "?"]);
const EXTGLOB_STOP = new Set(["\\", "'", '"', "`", "$"]);
const REDIRECT_OPS = ["&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", ">>", ">|", ">&", ">", "<"];

/** The text of a word, quoting removed, expansions as written. */
function wordText(parts: readonly WordPart[]): string {
  let text = "";
  for (const part of parts) text += part.kind === "lit" ? part.text : part.raw;
  return text;
}

/**
 * Reads one command line into nodes (see the module comment). Never throws. Each word taken costs
 * one unit of `budget`; when it runs out the reading stops with a `truncated` node (the caller
 * treats the rest as unseen), which bounds the work and memory for any input.
 */
export function parseScript(text: string, budget: ParseBudget = { words: 50_000 }): ShellNode[] {
  const nodes: ShellNode[] = [];
  const n = text.length;
  let command: ShellCommand = { words: [], redirects: [], piped: false };
  let parts: WordPart[] = [];
  let wordStart = -1;
  let pendingRedirect: ShellRedirect | undefined;
  // Heredocs whose bodies start after the next newline.
  let heredocs: ShellRedirect[] = [];
  let i = 0;
  // Open parentheses of an extended glob being read (`@(a|b)`): its text stays in the word.
  let extglob = 0;

  // Literal text is gathered in chunks and joined once per part, so a word of a million quoted
  // pieces ("a""b"…) costs one join, not a million concatenations.
  let chunks: string[] = [];
  let chunksQuoted = false;
  const flushLit = (): void => {
    if (chunks.length === 0) return;
    const value = chunks.length === 1 ? (chunks[0] as string) : chunks.join("");
    chunks = [];
    budget.words -= 1;
    parts.push({ kind: "lit", text: value, quoted: chunksQuoted });
  };
  const lit = (value: string, quoted: boolean): void => {
    if (chunks.length > 0 && chunksQuoted !== quoted) flushLit();
    chunksQuoted = quoted;
    chunks.push(value);
  };
  const pushPart = (part: WordPart): void => {
    flushLit();
    budget.words -= 1;
    parts.push(part);
  };
  const endWord = (end: number): void => {
    extglob = 0;
    flushLit();
    if (wordStart < 0) return;
    budget.words -= 1;
    const word: ShellWord = { parts, raw: text.slice(wordStart, end), text: wordText(parts) };
    parts = [];
    wordStart = -1;
    if (pendingRedirect) {
      pendingRedirect.target = word;
      if (pendingRedirect.op === "<<" || pendingRedirect.op === "<<-") {
        pendingRedirect.bodyQuoted = word.parts.some((p) => p.kind === "lit" && p.quoted);
        heredocs.push(pendingRedirect);
      }
      pendingRedirect = undefined;
      return;
    }
    command.words.push(word);
  };
  const endCommand = (piped = false): void => {
    pendingRedirect = undefined;
    if (command.words.length > 0 || command.redirects.length > 0) nodes.push({ kind: "command", command });
    command = { words: [], redirects: [], piped };
  };
  const readHeredocBodies = (): void => {
    // `i` is just past a newline: each pending heredoc takes lines up to its delimiter.
    for (const redirect of heredocs) {
      const delimiter = redirect.target?.text ?? "";
      const strip = redirect.op === "<<-";
      const start = i;
      let body = "";
      let found = false;
      while (i < n) {
        const nl = text.indexOf("\n", i);
        const lineEnd = nl < 0 ? n : nl;
        let line = text.slice(i, lineEnd);
        if (strip) line = line.replace(/^\t+/, "");
        const next = nl < 0 ? n : nl + 1;
        if (line === delimiter) {
          body = text.slice(start, i === start ? start : i - 1);
          i = next;
          found = true;
          break;
        }
        i = next;
      }
      redirect.body = found ? body : text.slice(start, n);
    }
    heredocs = [];
  };
  // A `$…` expansion at `i` (text[i] === "$"); returns false when the `$` is literal.
  const dollar = (quoted: boolean): boolean => {
    const next = text[i + 1];
    if (next === "(") {
      if (text[i + 2] === "(") {
        const close = matchParen(text, i + 1);
        const raw = text.slice(i, close);
        pushPart({ kind: "arith", text: text.slice(i + 3, Math.max(i + 3, close - 2)), raw });
        i = close;
        return true;
      }
      const close = matchParen(text, i + 1);
      pushPart({ kind: "sub", script: text.slice(i + 2, Math.max(i + 2, close - 1)), quoted, raw: text.slice(i, close), form: "$(" });
      i = close;
      return true;
    }
    if (next === "{") {
      const close = matchBrace(text, i + 1);
      const inner = text.slice(i + 2, Math.max(i + 2, close - 1));
      const m = /^([!#]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])/.exec(inner);
      const name = m ? (m[2] as string) : "";
      const op = m ? (m[1] as string) + inner.slice((m[0] as string).length) : inner;
      pushPart({ kind: "var", name, op, quoted, raw: text.slice(i, close) });
      i = close;
      return true;
    }
    if (next !== undefined && /[A-Za-z_]/.test(next)) {
      let j = i + 2;
      while (j < n && /[A-Za-z0-9_]/.test(text[j] as string)) j += 1;
      pushPart({ kind: "var", name: text.slice(i + 1, j), op: "", quoted, raw: text.slice(i, j) });
      i = j;
      return true;
    }
    if (next !== undefined && /[0-9@*#?$!-]/.test(next)) {
      pushPart({ kind: "var", name: next, op: "", quoted, raw: text.slice(i, i + 2) });
      i += 2;
      return true;
    }
    return false;
  };
  const backtick = (quoted: boolean): void => {
    // Inside backticks a backslash quotes the next character; the inner text is the script.
    let j = i + 1;
    while (j < n && text.charCodeAt(j) !== 96) j += text.charCodeAt(j) === 92 ? 2 : 1;
    const body = text.slice(i + 1, Math.min(j, n));
    const inner = body.includes("\\") ? body.replace(/\\([$`\\])/g, "$1") : body;
    const close = Math.min(n, j + 1);
    pushPart({ kind: "sub", script: inner, quoted, raw: text.slice(i, close), form: "`" });
    i = close;
  };

  while (i < n) {
    if (budget.words <= 0) {
      nodes.push({ kind: "truncated", at: i });
      return nodes;
    }
    const c = text[i] as string;
    if (extglob > 0 && !EXTGLOB_STOP.has(c)) {
      // Inside an extended glob blanks, `|`, `<`, `>`, `;`, `&` and parentheses are pattern text:
      // one run up to a quote, an expansion or the closing parenthesis.
      let j = i;
      while (j < n) {
        const d = text[j] as string;
        if (EXTGLOB_STOP.has(d)) break;
        j += 1;
        if (d === "(") extglob += 1;
        else if (d === ")" && (extglob -= 1) === 0) break;
      }
      lit(text.slice(i, j), false);
      i = j;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      endWord(i);
      i += 1;
      continue;
    }
    if (c === "\n") {
      endWord(i);
      endCommand();
      nodes.push({ kind: "sep", op: ";" });
      i += 1;
      if (heredocs.length > 0) readHeredocBodies();
      continue;
    }
    if (c === "#" && wordStart < 0) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? n : nl;
      continue;
    }
    if (wordStart < 0 && !WORD_BREAK.has(c)) wordStart = i;
    if (c === "\\") {
      if (text[i + 1] === "\n") {
        i += 2;
        continue;
      }
      if (wordStart < 0) wordStart = i;
      if (i + 1 < n) lit(text[i + 1] as string, true);
      i += 2;
      continue;
    }
    if (c === "'") {
      // Consecutive quoted pieces ('a''b') in one tight loop.
      let j = i;
      while (j < n && text.charCodeAt(j) === 39) {
        const close = text.indexOf("'", j + 1);
        const stop = close < 0 ? n : close;
        if (stop > j + 1) lit(text.slice(j + 1, stop), true);
        j = stop + 1;
      }
      if (parts.length === 0 && chunks.length === 0) lit("", true);
      i = j;
      continue;
    }
    if (c === "$" && text[i + 1] === "'") {
      const { value, end } = decodeAnsiC(text, i + 2);
      lit(value, true);
      i = end + 1;
      continue;
    }
    if (c === "$" && text[i + 1] === '"') i += 1;
    if (text[i] === '"') {
      let j = i + 1;
      let run = j;
      while (j < n && text[j] !== '"' && budget.words > 0) {
        const d = text[j] as string;
        if (d === "\\" && j + 1 < n) {
          const e = text[j + 1] as string;
          if ('"\\$`\n'.includes(e)) {
            if (j > run) lit(text.slice(run, j), true);
            if (e !== "\n") lit(e, true);
            j += 2;
            run = j;
            continue;
          }
          j += 2;
          continue;
        }
        if (d === "$" || d === "`") {
          if (j > run) lit(text.slice(run, j), true);
          i = j;
          if (d === "`") backtick(true);
          else if (!dollar(true)) {
            lit("$", true);
            i = j + 1;
          }
          j = i;
          run = j;
          continue;
        }
        j += 1;
      }
      if (j > run) lit(text.slice(run, Math.min(j, n)), true);
      // An empty "" is still a word.
      if (parts.length === 0 && chunks.length === 0) lit("", true);
      i = j + 1;
      continue;
    }
    if (c === "$") {
      if (!dollar(false)) {
        lit("$", false);
        i += 1;
      }
      continue;
    }
    if (c === "`") {
      backtick(false);
      continue;
    }
    if ((c === "<" || c === ">") && text[i + 1] === "(" && parts.length === 0 && chunks.length === 0) {
      if (wordStart < 0) wordStart = i;
      const close = matchParen(text, i + 1);
      pushPart({ kind: "sub", script: text.slice(i + 2, Math.max(i + 2, close - 1)), quoted: false, raw: text.slice(i, close), form: c === "<" ? "<(" : ">(" });
      i = close;
      continue;
    }
    if (c === ">" || c === "<" || (c === "&" && text[i + 1] === ">")) {
      // A word made only of digits right before the operator is its file descriptor (`2>`).
      let fd = "";
      flushLit();
      const only = parts.length === 1 ? parts[0] : undefined;
      if (wordStart >= 0 && only && only.kind === "lit" && !only.quoted && /^\d+$/.test(only.text) && text.slice(wordStart, i) === only.text) {
        fd = only.text;
        parts = [];
        wordStart = -1;
      } else endWord(i);
      let op = c;
      for (const candidate of REDIRECT_OPS) {
        if (text.startsWith(candidate, i)) {
          op = candidate;
          break;
        }
      }
      pendingRedirect = { op, fd };
      command.redirects.push(pendingRedirect);
      i += op.length;
      continue;
    }
    if (c === "(" && wordStart >= 0 && chunks.length > 0 && !chunksQuoted && EXTGLOB_OPENERS.has((chunks[chunks.length - 1] as string).slice(-1))) {
      // `@(…)`, `!(…)`, `+(…)`, `*(…)`, `?(…)`: bash's extended glob, one pattern word up to the
      // matching `)` (bash manual, "Pattern Matching"; bash reads it so when `extglob` is on, and
      // it is a syntax error otherwise, so nothing else can run). A word that is only `!` where a
      // command starts stays `!` and a subshell: without `extglob` `!(cmd)` negates and runs cmd.
      const lone = parts.length === 0 && chunks.length === 1 && chunks[0] === "!";
      if (!lone || skipKeywords(command.words) < command.words.length) {
        extglob = 1;
        lit(c, false);
        i += 1;
        continue;
      }
    }
    if (c === "(" && wordStart >= 0 && parts.length === 0 && chunks.length > 0 && !chunksQuoted && ARRAY_ASSIGNMENT.test(chunks.join(""))) {
      // `NAME=(…)`: an array's elements, one word (bash reads them as words, not as a subshell).
      const close = matchParen(text, i);
      pushPart({ kind: "array", script: text.slice(i + 1, Math.max(i + 1, close - 1)), raw: text.slice(i, close) });
      i = close;
      continue;
    }
    if (c === "|" || c === "&" || c === ";" || c === "(" || c === ")") {
      endWord(i);
      const two = text.slice(i, i + 2);
      const op = two === "&&" || two === "||" || two === "|&" || two === ";;" || two === ";&" ? two : c;
      i += op.length;
      if (op === "|" || op === "|&") {
        endCommand(true);
        continue;
      }
      endCommand();
      if (op === "(") nodes.push({ kind: "open" });
      else if (op === ")") nodes.push({ kind: "close" });
      else nodes.push({ kind: "sep", op });
      continue;
    }
    // A run of ordinary characters.
    PLAIN_STOP.lastIndex = i;
    const m = PLAIN_STOP.exec(text);
    const stop = m ? m.index : n;
    if (stop === i) {
      lit(c, false);
      i += 1;
    } else {
      lit(text.slice(i, stop), false);
      i = stop;
    }
  }
  endWord(n);
  endCommand();
  return nodes;
}

// ---------------------------------------------------------------------------------------------
// The flat pipeline view older callers use (words as text, redirections with text targets).

/** A redirection with its target as text. */
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

const KEYWORDS = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "while",
  "until",
  "for",
  "in",
  "case",
  "esac",
  "function",
  "select",
  "time",
  "{",
  "}",
  "!",
  "[[",
  "]]",
]);

/** The first word index that is not a shell keyword (`if`, `then`, `do`, `{`, `!`, …). */
export function skipKeywords(words: readonly ShellWord[]): number {
  let k = 0;
  while (k < words.length) {
    const w = words[k] as ShellWord;
    if (!(w.parts.length === 1 && w.parts[0]?.kind === "lit" && !w.parts[0].quoted && KEYWORDS.has(w.text))) break;
    k += 1;
  }
  return k;
}

function substitutionsOf(words: readonly ShellWord[], redirects: readonly ShellRedirect[]): string[] {
  const subs: string[] = [];
  const visit = (word: ShellWord | undefined): void => {
    for (const part of word?.parts ?? []) if (part.kind === "sub") subs.push(part.script);
  };
  for (const w of words) visit(w);
  for (const r of redirects) visit(r.target);
  return subs;
}

/**
 * Every pipeline of a command line, including those inside command substitutions and inside
 * `bash -c '…'` / `sh -c` / `eval` strings (to a bounded depth), with leading shell keywords removed.
 */
export function allPipelines(text: string, depth = 0, budget: ParseBudget = { words: 20_000, chars: text.length + 1024 * 1024 }): Pipeline[] {
  if (depth > 4) return [];
  if (depth === 0 && text === lastText && lastPipelines) return lastPipelines;
  const result: Pipeline[] = [];
  let pipeline: Pipeline = [];
  const nested: string[] = [];
  for (const node of parseScript(text, budget)) {
    if (node.kind !== "command") continue;
    const { words, redirects, piped } = node.command;
    if (!piped && pipeline.length > 0) {
      result.push(pipeline);
      pipeline = [];
    }
    const k = skipKeywords(words);
    const simple: SimpleCommand = {
      words: words.slice(k).map((w) => w.text),
      rawWords: words.slice(k).map((w) => w.raw),
      redirects: redirects.map((r) => ({ op: r.op, fd: r.fd, target: r.target?.text ?? "" })),
    };
    if (simple.words.length > 0 || simple.redirects.length > 0) pipeline.push(simple);
    nested.push(...substitutionsOf(words, redirects));
    const inner = innerScript(simple.words);
    if (inner !== undefined) nested.push(inner);
  }
  if (pipeline.length > 0) result.push(pipeline);
  for (const script of nested) {
    budget.chars = (budget.chars ?? Infinity) - script.length;
    if (budget.words > 0 && budget.chars >= 0) result.push(...allPipelines(script, depth + 1, budget));
  }
  if (depth === 0) {
    lastText = text;
    lastPipelines = result;
  }
  return result;
}

let lastText: string | undefined;
let lastPipelines: Pipeline[] | undefined;

/**
 * The shells: a command by one of these names runs a script (`-c SCRIPT`, a file, or stdin). The one
 * vocabulary of shell names; command-effects.ts reads it too. (`busybox` is a multi-call wrapper,
 * unwrapped to its applet by command-effects.ts, not a shell.)
 */
export const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "rbash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish", "csh", "tcsh"]);

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

/**
 * The body of a heredoc whose delimiter is not quoted, as the one word the shell makes of it:
 * parameter expansion, `$(…)`, backticks and arithmetic apply, and a backslash quotes only `$`,
 * `` ` ``, `\` and a newline, as inside double quotes, but a `"` is an ordinary character (bash
 * manual, "Here Documents"). Read as a double-quoted word with each `"` escaped: one pass.
 */
export function heredocWord(body: string, budget: ParseBudget): ShellWord | undefined {
  const out: string[] = ['"'];
  let run = 0;
  for (let i = 0; i < body.length; i += 1) {
    const c = body.charCodeAt(i);
    const next = body.charCodeAt(i + 1);
    if (c === 36 /* $ */ && (next === 40 /* ( */ || next === 123) /* { */) {
      // A substitution or expansion is read as in double quotes: its own quotes stay.
      i = (next === 40 ? matchParen(body, i + 1) : matchBrace(body, i + 1)) - 1;
    } else if (c === 96 /* ` */) {
      let end = i + 1;
      while (end < body.length && body.charCodeAt(end) !== 96) end += body.charCodeAt(end) === 92 ? 2 : 1;
      i = end;
    } else if (c === 92 /* \ */ && next === 34 /* " */) {
      // `\"` in a heredoc is both characters.
      out.push(body.slice(run, i), '\\\\\\"');
      i += 1;
      run = i + 1;
    } else if (c === 92) i += 1;
    else if (c === 34) {
      out.push(body.slice(run, i), '\\"');
      run = i + 1;
    }
  }
  out.push(body.slice(run), '"');
  const node = parseScript(out.join(""), budget)[0];
  return node?.kind === "command" && node.command.words.length === 1 ? node.command.words[0] : undefined;
}

/**
 * The variable a `NAME=value` (or `NAME+=value`) word assigns, or undefined. One pass up to the
 * `=`, so a megabyte-long word costs no backtracking.
 */
export function assignedName(word: string): string | undefined {
  const eq = word.indexOf("=");
  if (eq <= 0) return undefined;
  const end = word.charCodeAt(eq - 1) === 43 /* + */ ? eq - 1 : eq;
  if (end <= 0) return undefined;
  for (let i = 0; i < end; i += 1) {
    const c = word.charCodeAt(i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
    if (!letter && !(i > 0 && c >= 48 && c <= 57)) return undefined;
  }
  return word.slice(0, end);
}

/** The last path component of a word (`/usr/bin/cat` → `cat`). */
export function basename(word: string): string {
  let end = word.length;
  while (end > 1 && word.charCodeAt(end - 1) === 47) end -= 1;
  const trimmed = end === word.length ? word : word.slice(0, end);
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
const PREFIX_OPTIONS_WITH_VALUE = new Set([
  "-u",
  "-g",
  "-n",
  "-c",
  "-s",
  "-k",
  "-C",
  "-h",
  "-p",
  "-U",
  "-D",
  "-r",
  "-t",
  "--user",
  "--group",
  "--signal",
  "--kill-after",
  "-S",
  "--chdir",
  "--unset",
]);

/**
 * The words of the command that really runs: leading `VAR=value` assignments and prefix commands
 * (`sudo`, `env`, `nice`, `timeout 5`, …) removed. `env` with no command left yields `["env", …]`
 * itself (it then dumps the environment).
 */
export function commandWords(words: readonly string[]): string[] {
  let i = 0;
  while (i < words.length) {
    const word = words[i] as string;
    if (assignedName(word) !== undefined) {
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
      if (name === "env" && assignedName(option) !== undefined) {
        j += 1;
        continue;
      }
      if (!option.startsWith("-") || option === "-") break;
      j += PREFIX_OPTIONS_WITH_VALUE.has(option) ? 2 : 1;
    }
    j += PREFIXES[name] as number;
    if (j >= words.length) return words.slice(i);
    i = j;
  }
  return words.slice(i);
}

/**
 * POSIX shell quoting for every shell word agentihooks writes: wrapper scripts, hook commands, env
 * files and the Codex MCP launcher. One rule for every target, so a home under `/Users/Jane O'Neil/`
 * or a profile value holding `$(…)`, a backtick, a newline or non-ASCII text survives `/bin/sh` and
 * `bash` alike as data, never as code.
 */

// Characters that never need quoting in any POSIX shell word (no globbing, expansion or splitting).
const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** An environment variable name, as POSIX shells accept it in an assignment or a `${…}` expansion. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Quotes `word` for a POSIX shell: returned unchanged when it is made only of safe characters,
 * otherwise wrapped in single quotes with each `'` written as `'\''`. The empty string becomes `''`.
 * A NUL cannot be carried by any shell word or process argument: callers refuse such values before
 * they get here (see `hasNul`).
 */
export function shellQuote(word: string): string {
  if (SAFE_WORD.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Quotes each word and joins them with single spaces: a command line `/bin/sh -c` runs as written. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(" ");
}

/** `text` made safe to follow `# ` on one line of a script: every line break becomes a space. */
export function shellComment(text: string): string {
  return text.replace(/[\r\n\0]+/g, " ");
}

/** True when `value` holds a NUL character, which no shell word, argument or env value can carry. */
export function hasNul(value: string): boolean {
  return value.includes("\0");
}

/**
 * The references the expanding word understands: `${NAME}`, `${NAME:-default}` (a default without
 * `}` or `$`) and `$NAME`. Anything else with a `$` is literal text.
 */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}$]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * One shell word whose value is `value` with its environment references expanded when the shell
 * runs it, and nothing else: literal text is single-quoted (so `$(…)`, backticks, `;`, quotes and
 * newlines stay data), each `${NAME}`/`$NAME` becomes `"${NAME}"`, and `${NAME:-default}` becomes
 * `${NAME:-'default'}` with the default quoted. Meant for the right-hand side of an assignment
 * (`NAME=<word>`), where an unquoted expansion is neither split nor globbed.
 */
export function shellExpandingWord(value: string): string {
  let out = "";
  let last = 0;
  for (const match of value.matchAll(REFERENCE)) {
    const index = match.index;
    if (index > last) out += shellQuote(value.slice(last, index));
    const name = (match[1] ?? match[3]) as string;
    const fallback = match[2];
    // An unquoted `${NAME:-word}` in an assignment is neither split nor globbed; the word is quoted.
    out += fallback === undefined ? `"\${${name}}"` : `\${${name}:-${shellQuote(fallback)}}`;
    last = index + match[0].length;
  }
  if (last < value.length || out === "") out += shellQuote(value.slice(last));
  return out;
}

/** The names `value` refers to, in `shellExpandingWord`'s reading, first occurrence first. */
export function expandedNames(value: string): string[] {
  return [...new Set([...value.matchAll(REFERENCE)].map((m) => (m[1] ?? m[3]) as string))];
}

/**
 * POSIX shell quoting for the paths we write into wrapper scripts, hook commands and env files.
 * One rule for every target, so a home under `/Users/Jane O'Neil/` or a path holding `$`, a
 * backtick or non-ASCII text survives `/bin/sh` and `bash` alike.
 */

// Characters that never need quoting in any POSIX shell word (no globbing, expansion or splitting).
const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * Quotes `word` for a POSIX shell: returned unchanged when it is made only of safe characters,
 * otherwise wrapped in single quotes with each `'` written as `'\''`. The empty string becomes `''`.
 */
export function shellQuote(word: string): string {
  if (SAFE_WORD.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Quotes each word and joins them with single spaces: a command line `/bin/sh -c` runs as written. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(" ");
}

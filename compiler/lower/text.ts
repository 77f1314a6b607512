/** Small text rules every rendered file follows: LF line endings and exactly one final newline. */

/** `text` with CRLF and lone CR turned into LF. */
export function toLf(text: string): string {
  // Most text has no CR at all; a scan for one is far cheaper than a global regex replace.
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/** `text` (LF) ending with exactly one newline; the empty string stays empty. */
export function withFinalNewline(text: string): string {
  const trimmed = text.replace(/\n+$/, "");
  return trimmed.length === 0 ? "" : `${trimmed}\n`;
}

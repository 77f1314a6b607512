/**
 * Bytes → text. Profile files must be UTF-8; anything else is reported, never guessed at.
 */
import type { Result } from "../diagnostics";
import { diagnostic } from "../messages";

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Decodes UTF-8 bytes, stripping a leading byte-order mark. Invalid UTF-8 yields `undefined` and one
 * AH1001 diagnostic naming the byte offset of the first bad sequence and its line (AH1012 for a
 * UTF-16 file).
 */
export function decodeUtf8(bytes: Uint8Array, file: string): Result<string | undefined> {
  try {
    const text = decoder.decode(bytes);
    return { value: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, diagnostics: [] };
  } catch {
    // Editors on Windows save "Unicode" as UTF-16 with a byte-order mark; name it, it is common.
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
      return { value: undefined, diagnostics: [diagnostic("AH1012", { file, line: 1, column: 1 })] };
    }
    const offset = firstInvalidOffset(bytes);
    const { line, column } = lineOfByte(bytes, offset);
    return { value: undefined, diagnostics: [diagnostic("AH1001", { file, line, column }, { offset })] };
  }
}

/** Byte offset of the first byte that does not start a well-formed UTF-8 sequence. */
function firstInvalidOffset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length === 0) return i;
    i += length;
  }
  return bytes.length;
}

/** Length of the well-formed UTF-8 sequence at `i` (RFC 3629 table), or 0 if it is malformed. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i] as number;
  if (b0 < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => {
    const b = bytes[i + k];
    return b !== undefined && b >= lo && b <= hi;
  };
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((b0 >= 0xe1 && b0 <= 0xec) || b0 === 0xee || b0 === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (b0 === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (b0 === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b0 >= 0xf1 && b0 <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (b0 === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** 1-based line of a byte offset, and its column counted in bytes (the text cannot be decoded). */
function lineOfByte(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    if (bytes[i] === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

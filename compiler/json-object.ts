/**
 * Two facts about plain JSON values every phase needs (load checks, merge, lowering): a leaf, so
 * that reading them does not tie an earlier phase to a later one.
 */

/** RFC 6901 escaping of one reference token. */
export function escapePointer(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** A plain JSON object (not an array, not a Date or other class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

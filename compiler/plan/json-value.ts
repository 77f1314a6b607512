/**
 * Small helpers over plain JSON values: deep equality (object key order does not matter, as in the
 * clients' own readers), path lookup, and JSON-pointer keys for records.
 */

/** True when two JSON values are equal; object key order is ignored, array order is not. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((item, i) => jsonEqual(item, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => Object.hasOwn(bo, k) && jsonEqual(ao[k], bo[k]));
}

/** True for a plain (non-array, non-null) object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at `path` inside `doc`, or undefined when any step is missing or not an object. */
export function getPath(doc: unknown, path: readonly string[]): unknown {
  let node = doc;
  for (const step of path) {
    if (!isObject(node) || !Object.hasOwn(node, step)) return undefined;
    node = node[step];
  }
  return node;
}

/** Encodes a key path as a JSON pointer (`["env","A/B"]` → `/env/A~1B`), the key of a record. */
export function toPointer(path: readonly string[]): string {
  return path.map((step) => `/${step.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** Decodes a JSON pointer made by `toPointer`. */
export function fromPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((step) => step.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** A short, stable rendering of a value for messages (JSON, truncated). */
export function showValue(value: unknown, max = 120): string {
  const text = value === undefined ? "(absent)" : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Deep copy of a JSON value. */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

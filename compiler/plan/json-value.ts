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

/** Deep copy of a JSON value (what a JSON round trip gives). */
export function cloneJson<T>(value: T): T {
  if (value === undefined) return value;
  const copy = copyPlain(value);
  // Anything a round trip would change (undefined members, dates, -0, NaN…) takes the round trip itself.
  return copy === notPlain ? (JSON.parse(JSON.stringify(value)) as T) : (copy as T);
}

/** Deep copy of a structured-clonable value (what `structuredClone` gives). */
export function clonePlain<T>(value: T): T {
  const copy = copyPlain(value);
  return copy === notPlain ? structuredClone(value) : (copy as T);
}

const notPlain = Symbol("not plain");

/**
 * A copy of plain data (null, strings, booleans, finite numbers other than -0, dense arrays and
 * ordinary objects of these), which every copying method copies alike; `notPlain` for anything
 * else. A walk instead of `JSON.parse(JSON.stringify(…))`: the round trip of every MCP server and
 * managed value was a tenth of planning a fresh render.
 */
function copyPlain(value: unknown): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0) ? value : notPlain;
  if (typeof value !== "object") return notPlain;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = copyPlain(value[i]);
      if (item === notPlain) return notPlain;
      out[i] = item;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if ((proto !== Object.prototype && proto !== null) || typeof (value as { toJSON?: unknown }).toJSON === "function") return notPlain;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // `out[key] =` would set the prototype for this one name; the round trip makes it a member.
    if (key === "__proto__") return notPlain;
    const item = copyPlain((value as Record<string, unknown>)[key]);
    if (item === notPlain) return notPlain;
    out[key] = item;
  }
  return out;
}

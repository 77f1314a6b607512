/**
 * Small helpers over plain JSON values: deep equality (object key order does not matter, as in the
 * clients' own readers), path lookup, and JSON-pointer keys for records.
 */

/**
 * True when two JSON values are equal; object key order is ignored, array order is not, members
 * holding undefined count as absent.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return equalWith(a, b, identity);
}

/**
 * jsonEqual of copies of `a` and `b` in which `leaf` has mapped every value (TOML comparisons map
 * bigints and dates to their JSON forms this way, without making the copies).
 */
export function equalWith(a: unknown, b: unknown, leaf: (value: unknown) => unknown): boolean {
  a = leaf(a);
  b = leaf(b);
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  // Loops rather than filter/every: this compares every managed value of a home on each plan.
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (i in a && !equalWith(a[i], bb[i], leaf)) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let defined = 0;
  for (const k of Object.keys(ao)) {
    const value = ao[k];
    if (value === undefined) continue;
    defined++;
    if (!(leaf === identity ? Object.hasOwn(bo, k) : isEnumerable.call(bo, k)) || !equalWith(value, bo[k], leaf)) return false;
  }
  for (const k of Object.keys(bo)) if (bo[k] !== undefined) defined--;
  return defined === 0;
}

const identity = (value: unknown): unknown => value;
// A mapped comparison compares what copies of the values would hold: their enumerable members only.
const isEnumerable = Object.prototype.propertyIsEnumerable;

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
  let pointer = "";
  for (const step of path) pointer += `/${step.includes("~") || step.includes("/") ? step.replace(/~/g, "~0").replace(/\//g, "~1") : step}`;
  return pointer;
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

/**
 * `JSON.stringify` of `value` with every object's keys sorted (arrays keep their order): the
 * canonical text plan hashes to recognise an MCP entry or hook item it wrote. Written in one walk
 * instead of through a sorted copy; the copy is still made for what the walk does not mirror
 * exactly (numeric keys, which objects order first, a `toJSON` member, bigints, undefined at the top).
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  return writeCanonical(value, parts) ? parts.join("") : (JSON.stringify(sortedCopy(value)) as string);
}

function writeCanonical(value: unknown, out: string[]): boolean {
  if (value === null) {
    out.push("null");
    return true;
  }
  switch (typeof value) {
    case "string":
    case "number":
      out.push(JSON.stringify(value));
      return true;
    case "boolean":
      out.push(value ? "true" : "false");
      return true;
    case "object":
      break;
    default:
      return false;
  }
  if (Array.isArray(value)) {
    out.push("[");
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(",");
      const item: unknown = value[i];
      if (item === undefined || typeof item === "function" || typeof item === "symbol") out.push("null");
      else if (!writeCanonical(item, out)) return false;
    }
    out.push("]");
    return true;
  }
  const object = value as Record<string, unknown>;
  out.push("{");
  let first = true;
  for (const key of Object.keys(object).sort()) {
    if (key === "toJSON" || ARRAY_INDEX.test(key)) return false;
    const item = object[key];
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    if (!first) out.push(",");
    first = false;
    out.push(JSON.stringify(key), ":");
    if (!writeCanonical(item, out)) return false;
  }
  out.push("}");
  return true;
}

// Keys an object orders before all others (integer indices), whatever the order they were added in.
const ARRAY_INDEX = /^(?:0|[1-9][0-9]{0,9})$/;

function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (isObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortedCopy(value[k])]),
    );
  return value;
}

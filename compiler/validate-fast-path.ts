/**
 * A quick yes for documents that plainly satisfy their schema, read straight from the schema's JSON
 * (schemas/<name>.schema.json), so the generated ajv validator module (17-620 KB of code to load
 * and compile) is loaded only for a document that may be invalid, where its error report is needed.
 * Loading the validators was about half of the front end's time for a small project.
 *
 * The check understands the keywords our schemas use (type, properties, additionalProperties,
 * required, items, anyOf, $ref, enum, const, min/max length, items and value). Whenever it meets
 * anything else, or a case where ajv's rule is subtler than a plain comparison (non-finite numbers,
 * an enum or const compared with an object, uniqueItems over objects), it answers "not sure" and
 * the caller runs the real validator. It never answers yes where ajv would answer no:
 * tests/validate-fast-path.test.ts compares the two on generated documents for every schema.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { findPackageRoot } from "./load/package-root";

type Schema = boolean | Record<string, unknown>;

/** Keywords that describe and never constrain. */
const annotations = new Set(["$schema", "title", "description", "default", "examples", "$comment", "definitions", "markdownDescription", "deprecated"]);

const loaded = new Map<string, Schema | undefined>();
const hasOwn = Object.prototype.hasOwnProperty;
const plainPropertyLists = new WeakMap<object, boolean>();

/** True when no property is named like an Object.prototype member (`constructor`, `toString`, …). */
function isPlainPropertyList(properties: object): boolean {
  let plain = plainPropertyLists.get(properties);
  if (plain === undefined) {
    plain = Object.keys(properties).every((key) => !(key in Object.prototype));
    plainPropertyLists.set(properties, plain);
  }
  return plain;
}

/** The schema file `<name>.schema.json` of this package, parsed once; undefined when unreadable. */
function schemaFile(name: string): Schema | undefined {
  if (!loaded.has(name)) {
    let schema: Schema | undefined;
    try {
      schema = JSON.parse(readFileSync(path.join(findPackageRoot(), "schemas", `${name}.schema.json`), "utf8")) as Schema;
    } catch {
      schema = undefined;
    }
    loaded.set(name, schema);
  }
  return loaded.get(name);
}

/**
 * True when `value` certainly satisfies the schema named `name` (e.g. `agent-frontmatter`); false
 * when it does not, or when this check cannot tell (then the real validator decides).
 */
export function isSurelyValid(name: string, value: unknown): boolean {
  const root = schemaFile(name);
  return root !== undefined && satisfies(root, value, root);
}

function satisfies(schema: Schema | undefined, data: unknown, root: Schema): boolean {
  if (schema === true) return true;
  if (schema === false || schema === undefined || schema === null || typeof schema !== "object" || Array.isArray(schema)) return false;
  const isObject = data !== null && typeof data === "object" && !Array.isArray(data);
  for (const keyword in schema) {
    const rule = schema[keyword];
    switch (keyword) {
      case "$id":
        // A nested $id would change what references resolve against: left to ajv.
        if (schema !== root) return false;
        break;
      case "$ref": {
        const target = resolveRef(rule, root);
        if (target === undefined || !satisfies(target.schema, data, target.root)) return false;
        break;
      }
      case "type":
        if (!(Array.isArray(rule) ? rule.some((t) => hasType(t, data)) : hasType(rule, data))) return false;
        break;
      case "properties":
        if (isObject) {
          if (rule === null || typeof rule !== "object" || !isPlainPropertyList(rule)) return false;
          const record = data as Record<string, unknown>;
          // The document's keys, not the schema's (a server uses 3 of its 45): the same set, since no
          // property is named like an Object.prototype member, which every object would "have".
          for (const key in record) {
            if (!hasOwn.call(rule, key) || record[key] === undefined) continue;
            if (!satisfies((rule as Record<string, Schema>)[key], record[key], root)) return false;
          }
        }
        break;
      case "additionalProperties":
        if (isObject) {
          const known = (schema.properties ?? {}) as Record<string, unknown>;
          const record = data as Record<string, unknown>;
          for (const key in record) {
            if (hasOwn.call(known, key)) continue;
            if (rule === false || !satisfies(rule as Schema, record[key], root)) return false;
          }
        }
        break;
      case "required":
        if (isObject) {
          if (!Array.isArray(rule)) return false;
          for (const key of rule) if ((data as Record<string, unknown>)[key as string] === undefined) return false;
        }
        break;
      case "items":
        if (Array.isArray(data)) {
          if (Array.isArray(rule)) return false;
          for (const item of data) if (!satisfies(rule as Schema, item, root)) return false;
        }
        break;
      case "anyOf":
        if (!Array.isArray(rule) || !rule.some((branch) => satisfies(branch as Schema, data, root))) return false;
        break;
      case "enum":
        if (!Array.isArray(rule) || !isScalar(data) || !rule.includes(data)) return false;
        break;
      case "const":
        if (!isScalar(rule) || data !== rule) return false;
        break;
      case "minLength":
        if (typeof data === "string" && !(typeof rule === "number" && (data.length >= 2 * rule || codePoints(data) >= rule))) return false;
        break;
      case "maxLength":
        if (typeof data === "string" && !(typeof rule === "number" && codePoints(data) <= rule)) return false;
        break;
      case "minimum":
        if (typeof data === "number" && !(typeof rule === "number" && data >= rule)) return false;
        break;
      case "maximum":
        if (typeof data === "number" && !(typeof rule === "number" && data <= rule)) return false;
        break;
      case "minItems":
        if (Array.isArray(data) && !(typeof rule === "number" && data.length >= rule)) return false;
        break;
      case "maxItems":
        if (Array.isArray(data) && !(typeof rule === "number" && data.length <= rule)) return false;
        break;
      case "uniqueItems":
        if (rule !== false && Array.isArray(data) && !allDistinctScalars(data)) return false;
        break;
      default:
        if (!annotations.has(keyword)) return false;
    }
  }
  return true;
}

/** `#/definitions/X` in the same file, `other.schema.json` or `other.schema.json#/definitions/X`. */
function resolveRef(ref: unknown, root: Schema): { schema: Schema; root: Schema } | undefined {
  if (typeof ref !== "string" || typeof root !== "object") return undefined;
  let resolved = resolvedRefs.get(root);
  if (resolved === undefined) resolvedRefs.set(root, (resolved = new Map()));
  if (!resolved.has(ref)) resolved.set(ref, lookupRef(ref, root));
  return resolved.get(ref);
}

const resolvedRefs = new WeakMap<object, Map<string, { schema: Schema; root: Schema } | undefined>>();

function lookupRef(ref: string, root: Schema): { schema: Schema; root: Schema } | undefined {
  const hash = ref.indexOf("#");
  const file = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? "" : ref.slice(hash + 1);
  let base = root;
  if (file !== "") {
    const match = /^([a-z0-9-]+)\.schema\.json$/.exec(file);
    const other = match ? schemaFile(match[1] as string) : undefined;
    if (other === undefined) return undefined;
    base = other;
  }
  if (fragment === "") return { schema: base, root: base };
  const definition = /^\/definitions\/([^/~]+)$/.exec(fragment);
  const definitions = typeof base === "object" ? (base.definitions as Record<string, Schema> | undefined) : undefined;
  const schema = definition && definitions ? definitions[definition[1] as string] : undefined;
  return schema === undefined ? undefined : { schema, root: base };
}

function hasType(type: unknown, data: unknown): boolean {
  switch (type) {
    case "string":
      return typeof data === "string";
    case "boolean":
      return typeof data === "boolean";
    // Non-finite numbers are left to ajv (its strict number rules decide).
    case "number":
      return typeof data === "number" && Number.isFinite(data);
    case "integer":
      return Number.isInteger(data);
    case "object":
      return data !== null && typeof data === "object" && !Array.isArray(data);
    case "array":
      return Array.isArray(data);
    case "null":
      return data === null;
    default:
      return false;
  }
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}

/** Length in code points, as JSON Schema counts it (ajv's ucs2length). */
function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

function allDistinctScalars(items: unknown[]): boolean {
  const seen = new Set<unknown>();
  for (const item of items) {
    if (!isScalar(item) || seen.has(item)) return false;
    seen.add(item);
  }
  return true;
}

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
  return root !== undefined && checkerOf(root, root)(value);
}

/** A compiled check: true when the value surely satisfies the schema it was made from. */
type Check = (data: unknown) => boolean;

const always: Check = () => true;
const never: Check = () => false;
/** Each schema object compiled once (a schema object belongs to one file, so one root). */
const checkers = new WeakMap<object, Check>();

/** The schema turned into closures once, so each document costs only the checks that apply to it. */
function checkerOf(schema: Schema | undefined, root: Schema): Check {
  if (schema === true) return always;
  if (schema === false || schema === undefined || schema === null || typeof schema !== "object" || Array.isArray(schema)) return never;
  const known = checkers.get(schema);
  if (known !== undefined) return known;
  // Registered before compiling the parts, so a schema that refers to itself finds its own check.
  let compiled: Check = never;
  const check: Check = (data) => compiled(data);
  checkers.set(schema, check);
  const parts: Check[] = [];
  for (const keyword in schema) {
    const part = keywordCheck(keyword, schema[keyword], schema, root);
    if (part === undefined) return check; // a keyword this check does not know: never sure
    if (part !== always) parts.push(part);
  }
  compiled = parts.length === 0 ? always : parts.length === 1 ? (parts[0] as Check) : (data) => parts.every((part) => part(data));
  return check;
}

/** The check of one keyword; `always` for an annotation or a keyword `schema`'s other parts handle; undefined when unknown. */
function keywordCheck(keyword: string, rule: unknown, schema: Record<string, unknown>, root: Schema): Check | undefined {
  switch (keyword) {
    case "$id":
      // A nested $id would change what references resolve against: left to ajv.
      return schema === root ? always : undefined;
    case "$ref": {
      // Resolved on first use: a referenced file is read only when a document needs it.
      let target: Check | undefined;
      return (data) => {
        if (target === undefined) {
          const resolved = resolveRef(rule, root);
          target = resolved === undefined ? never : checkerOf(resolved.schema, resolved.root);
        }
        return target(data);
      };
    }
    case "type": {
      const types = Array.isArray(rule) ? rule : [rule];
      if (!types.every((t) => typeof t === "string" && hasOwn.call(typeChecks, t))) return undefined;
      const checks = types.map((t) => typeChecks[t as string] as Check);
      return checks.length === 1 ? checks[0] : (data) => checks.some((c) => c(data));
    }
    case "properties":
      if (rule === null || typeof rule !== "object" || Array.isArray(rule) || !isPlainPropertyList(rule)) return undefined;
      return propertiesCheck(rule as Record<string, Schema>, root);
    case "additionalProperties": {
      if (rule === true) return always;
      const listed = (schema.properties ?? {}) as Record<string, unknown>;
      const extra = rule === false ? never : checkerOf(rule as Schema, root);
      return (data) => {
        if (!isRecord(data)) return true;
        for (const key in data) if (!hasOwn.call(listed, key) && !extra(data[key])) return false;
        return true;
      };
    }
    case "required": {
      if (!Array.isArray(rule)) return undefined;
      const keys = rule as string[];
      return (data) => !isRecord(data) || keys.every((key) => data[key] !== undefined);
    }
    case "items": {
      if (Array.isArray(rule)) return undefined;
      const item = checkerOf(rule as Schema, root);
      return (data) => !Array.isArray(data) || data.every((value) => item(value));
    }
    case "anyOf": {
      if (!Array.isArray(rule)) return undefined;
      const branches = rule.map((branch) => checkerOf(branch as Schema, root));
      return (data) => branches.some((branch) => branch(data));
    }
    case "enum":
      if (!Array.isArray(rule)) return undefined;
      return (data) => isScalar(data) && rule.includes(data);
    case "const":
      return isScalar(rule) ? (data) => data === rule : undefined;
    case "minLength":
      if (typeof rule !== "number") return undefined;
      return (data) => typeof data !== "string" || data.length >= 2 * rule || codePoints(data) >= rule;
    case "maxLength":
      if (typeof rule !== "number") return undefined;
      return (data) => typeof data !== "string" || (data.length <= rule || codePoints(data) <= rule);
    case "minimum":
      if (typeof rule !== "number") return undefined;
      return (data) => typeof data !== "number" || data >= rule;
    case "maximum":
      if (typeof rule !== "number") return undefined;
      return (data) => typeof data !== "number" || data <= rule;
    case "minItems":
      if (typeof rule !== "number") return undefined;
      return (data) => !Array.isArray(data) || data.length >= rule;
    case "maxItems":
      if (typeof rule !== "number") return undefined;
      return (data) => !Array.isArray(data) || data.length <= rule;
    case "uniqueItems":
      return rule === false ? always : (data) => !Array.isArray(data) || allDistinctScalars(data);
    default:
      return annotations.has(keyword) ? always : undefined;
  }
}

/** Each listed property present in the document satisfies its schema (compiled on first use). */
function propertiesCheck(properties: Record<string, Schema>, root: Schema): Check {
  const compiled = new Map<string, Check>();
  return (data) => {
    if (!isRecord(data)) return true;
    // The document's keys, not the schema's (a server uses 3 of its 45): the same set, since no
    // property is named like an Object.prototype member, which every object would "have"; a key
    // counts when reading it gives a value, as in ajv's generated code.
    for (const key in data) {
      if (!hasOwn.call(properties, key) || data[key] === undefined) continue;
      let check = compiled.get(key);
      if (check === undefined) compiled.set(key, (check = checkerOf(properties[key], root)));
      if (!check(data[key])) return false;
    }
    return true;
  };
}

function isRecord(data: unknown): data is Record<string, unknown> {
  return data !== null && typeof data === "object" && !Array.isArray(data);
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

/** The JSON Schema types; non-finite numbers are left to ajv (its strict number rules decide). */
const typeChecks: Record<string, Check> = {
  string: (data) => typeof data === "string",
  boolean: (data) => typeof data === "boolean",
  number: (data) => typeof data === "number" && Number.isFinite(data),
  integer: (data) => Number.isInteger(data),
  object: isRecord,
  array: (data) => Array.isArray(data),
  null: (data) => data === null,
};

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

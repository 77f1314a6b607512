/**
 * Strict schema validation: every ajv error becomes an AH2xxx diagnostic with the file, line and
 * column of the offending value (or key), its JSON pointer, and a sentence saying what is wrong and
 * how to fix it. The validators are precompiled (schemas/validators/*.generated.cjs, made by
 * `npm run schemas:types`), so a run never pays for compiling schemas, and each one's module loads
 * on its first use (schemas/validators.generated.js), so a run parses only the validators it needs.
 */
import type { ErrorObject } from "ajv";
import { sortDiagnostics, type Diagnostic, type SourceLocation } from "./diagnostics";
import { diagnostic } from "./messages";
import type { ParsedDocument } from "./parse/parse-document";
import { displayPath, joinPointer, splitPointer } from "./parse/positions";
import { closestName } from "./validate-suggest";
import * as validators from "../schemas/validators.generated.js";
import type { CompiledValidator } from "../schemas/validators.generated.js";
import { targets } from "./targets/registry";

const base = "https://agentihooks.dev/schemas/";

/** The short name of a schema, e.g. `copilot-settings` (every file in schemas/, by the generator). */
export type SchemaName = validators.SchemaName;

/** A schema's `$id`, e.g. `https://agentihooks.dev/schemas/copilot-settings.schema.json`. */
export type SchemaId = `${typeof base}${SchemaName}.schema.json`;

/** The `$id` of a schema, from its short name. */
export function schemaId(name: SchemaName): SchemaId {
  return `${base}${name}.schema.json`;
}

/** Validates against a schema by $id; every error becomes an AH2xxx diagnostic with file, line, column (via doc.locate), JSON pointer, and a sentence saying what is wrong and how to fix it (an unknown key names the key and, when one is close, suggests the likely intended key: "did you mean 'timeout'?"). All errors collected, none thrown. */
/**
 * Top-level keys of a native settings layer the operator lets through although the schema does not
 * know them (the config's `allowUnknownKeys`): a client newer than the verified one added them.
 */
export interface UnknownKeyAllowance {
  keys: ReadonlySet<string>;
  target: string;
  /** The client's name and the version its schema was verified with, for the warning. */
  client: string;
  version: string;
}

export function validate(schemaId: SchemaId, doc: ParsedDocument, file: string, allowed?: UnknownKeyAllowance): Diagnostic[] {
  const name = schemaId.slice(base.length, -".schema.json".length) as SchemaName;
  const validator: CompiledValidator | undefined = validators.validatorsByName[name];
  if (validator === undefined) throw new Error(`validate: unknown schema ${schemaId}`);
  if (doc.value === null || doc.value === undefined) {
    return [diagnostic("AH2010", { file, pointer: "", ...doc.locate("") })];
  }
  if (validator(doc.value)) return [];

  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const { errors, shapes } = condense(validator.errors ?? []);
  for (const error of errors) {
    // Each bad key is reported by the failing rule itself (with `propertyName`); skip ajv's summary.
    if (error.keyword === "propertyNames") continue;
    let d = describe(error, doc, file, name, shapes.get(error) ?? []);
    // An unknown top-level key the config allows: a warning naming the verified version; it stays in the layer.
    const top = d.pointer !== undefined ? splitPointer(d.pointer) : [];
    if (d.code === "AH2001" && allowed && top.length === 1 && allowed.keys.has(top[0] as string)) {
      d = diagnostic(
        "AH2020",
        {
          file: d.file,
          pointer: d.pointer as string,
          ...(d.line !== undefined ? { line: d.line } : {}),
          ...(d.column !== undefined ? { column: d.column } : {}),
        },
        { key: top[0] as string, client: allowed.client, version: allowed.version, target: allowed.target },
      );
    }
    const key = `${d.pointer}\u0000${d.code}\u0000${d.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(d);
    }
  }
  return sortDiagnostics(name === "copilot-settings" ? out.map(degradeDirective) : out);
}

/**
 * A Copilot `_agentihooks` directive with a value of the wrong type is dropped with a
 * warning and the other directives stay (docs/targets/copilot.md, "Directives"): a typo in one
 * directive must not abort the install. readDirectives ignores a value of the wrong type.
 */
function degradeDirective(d: Diagnostic): Diagnostic {
  const at = d.pointer === undefined ? [] : splitPointer(d.pointer);
  // A misspelt directive name stays an error with its "did you mean" (AH2001): only values degrade.
  if (d.severity !== "error" || d.code === "AH2001" || at[0] !== "_agentihooks" || at.length < 2) return d;
  const { severity: _error, code: _code, message: _message, ...where } = d;
  return diagnostic("AH2021", where as SourceLocation, { problem: d.message, directive: at[1] as string });
}

const shapeKeywords = new Set(["type", "enum", "const"]);

/**
 * ajv reports every failed branch of an anyOf. When one branch had the right shape and failed
 * inside, its errors are the useful ones; otherwise one summary of the allowed forms is.
 */
function condense(input: ErrorObject[]): { errors: ErrorObject[]; shapes: Map<ErrorObject, ErrorObject[]> } {
  let errors = [...input];
  // Outermost first: an inner combinator's errors may already be gone when the outer one is done.
  const combinators = errors.filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf").sort((a, b) => a.instancePath.length - b.instancePath.length);
  const drop = new Set<ErrorObject>();
  const shapes = new Map<ErrorObject, ErrorObject[]>();
  for (const c of combinators) {
    if (drop.has(c)) continue;
    const tagged = pickTaggedBranch(
      c,
      errors.filter((e) => !drop.has(e)),
    );
    if (tagged.replacement !== undefined) errors = errors.map((e) => (e === c ? tagged.replacement! : e));
    for (const e of tagged.drop) drop.add(e);
    if (tagged.replacement !== undefined) continue;
    const live = errors.filter((e) => e !== c && !drop.has(e));
    const same = live.filter((e) => e.instancePath === c.instancePath);
    const deeper = live.filter((e) => e.instancePath.startsWith(`${c.instancePath}/`));
    const specific = [...same.filter((e) => !shapeKeywords.has(e.keyword) && e.keyword !== c.keyword), ...deeper];
    const shape = same.filter((e) => shapeKeywords.has(e.keyword));
    shapes.set(c, shape);
    for (const e of shape) drop.add(e);
    if (specific.length > 0) drop.add(c);
  }
  // A value of the wrong type also fails its enum or const; the list of allowed values says more.
  for (const e of errors) {
    if (e.keyword === "type" && errors.some((o) => o.instancePath === e.instancePath && (o.keyword === "enum" || o.keyword === "const") && !drop.has(o)))
      drop.add(e);
  }
  return { errors: errors.filter((e) => !drop.has(e)), shapes };
}

/**
 * Tagged unions (Claude's hook handlers: `type: "command" | "prompt" | …`): a branch whose tag
 * property fails its const is not what the author meant, so its errors are noise. When some branch
 * accepted the tag, only that branch's errors are kept; when none did, the one useful message is
 * the list of allowed tags. Errors are tied to branches through ajv's verbose `parentSchema`.
 */
function pickTaggedBranch(c: ErrorObject, errors: ErrorObject[]): { drop: ErrorObject[]; replacement?: ErrorObject } {
  const branches = Array.isArray(c.schema) ? (c.schema as unknown[]) : [];
  if (branches.length < 2) return { drop: [] };
  const owner = new Map<ErrorObject, number>();
  branches.forEach((branch, index) => {
    const nodes = schemaNodes(branch);
    for (const e of errors) {
      if (e === c || owner.has(e) || !isWithin(e.instancePath, c.instancePath)) continue;
      if (nodes.has(e.parentSchema)) owner.set(e, index);
    }
  });
  const tagErrors = [...owner.keys()].filter((e) => (e.keyword === "const" || e.keyword === "enum") && isChildOf(e.instancePath, c.instancePath));
  const rejected = new Set(tagErrors.map((e) => owner.get(e) as number));
  if (rejected.size === 0) return { drop: [] };
  const noise = [...owner].filter(([, index]) => rejected.has(index)).map(([e]) => e);
  if (rejected.size < branches.length) return { drop: noise };
  // Every branch refused the tag: report the tag with all its allowed values, at the tag.
  const tagPath = tagErrors[0]!.instancePath;
  const allowed = tagErrors
    .filter((e) => e.instancePath === tagPath)
    .flatMap((e) =>
      e.keyword === "const" ? [(e.params as { allowedValue: unknown }).allowedValue] : ((e.params as { allowedValues: unknown[] }).allowedValues ?? []),
    );
  const replacement: ErrorObject = { ...tagErrors[0]!, keyword: "enum", params: { allowedValues: [...new Set(allowed)] } };
  return { drop: [...owner.keys()], replacement };
}

/** Every object inside a schema, for identity lookups. */
function schemaNodes(schema: unknown, into = new Set<unknown>()): Set<unknown> {
  if (schema !== null && typeof schema === "object" && !into.has(schema)) {
    into.add(schema);
    for (const value of Object.values(schema)) schemaNodes(value, into);
  }
  return into;
}

function isWithin(path: string, parent: string): boolean {
  return path === parent || path.startsWith(`${parent}/`);
}

function isChildOf(path: string, parent: string): boolean {
  return path.startsWith(`${parent}/`) && !path.slice(parent.length + 1).includes("/");
}

function describe(error: ErrorObject, doc: ParsedDocument, file: string, schema: SchemaName, shapes: ErrorObject[]): Diagnostic {
  const pointer = error.instancePath;
  const at = { file, pointer, ...doc.locate(pointer) };
  const path = displayPath(pointer);
  const params = error.params as Record<string, unknown>;
  if (error.propertyName !== undefined) {
    // A key that breaks the object's `propertyNames` rule: located at the key, the rule in words.
    const keyPointer = joinPointer([...splitPointer(pointer), error.propertyName]);
    const keyAt = { file, pointer: keyPointer, ...(doc.locateKey?.(keyPointer) ?? doc.locate(keyPointer)) };
    const rule = (error.parentSchema as { description?: string } | undefined)?.description ?? error.message ?? error.keyword;
    return diagnostic("AH2015", keyAt, { key: JSON.stringify(error.propertyName), path, rule });
  }
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const keyPointer = joinPointer([...splitPointer(pointer), key]);
      const keyAt = { file, pointer: keyPointer, ...(doc.locateKey?.(keyPointer) ?? doc.locate(keyPointer)) };
      const misplaced = pointer === "" ? notReadFrom[schema]?.[key] : undefined;
      if (misplaced !== undefined) return diagnostic("AH2014", keyAt, { key, reason: misplaced });
      const clash = pointer === "" ? otherClientOwning(key, schema) : undefined;
      if (clash !== undefined) return diagnostic("AH2013", keyAt, { key, owner: clash.owner.client, client: clash.here.client, layer: clash.owner.layer });
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const suggestion = closestName(key, known);
      return diagnostic("AH2001", keyAt, {
        key,
        where: whereIn(pointer, schema),
        suggestion: suggestion === undefined ? "" : ` Did you mean '${suggestion}'?`,
      });
    }
    case "required":
      return diagnostic("AH2005", at, { key: String(params.missingProperty), where: whereIn(pointer, schema) });
    case "type":
      return diagnostic("AH2002", at, { path, expected: typeName(String(params.type)), actual: valueText(error.data) });
    case "enum":
      return diagnostic("AH2003", at, {
        path,
        allowed: listOf((params.allowedValues as unknown[]).map((v) => JSON.stringify(v))),
        actual: valueText(error.data),
      });
    case "const":
      return diagnostic("AH2004", at, { path, expected: JSON.stringify(params.allowedValue), actual: valueText(error.data) });
    case "anyOf":
    case "oneOf": {
      const branches = (error.schema as unknown[]) ?? [];
      return diagnostic("AH2006", at, { path, expected: alternativesText(branches, shapes), actual: valueText(error.data) });
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return diagnostic("AH2007", at, { path, actual: valueText(error.data), limit: `${String(params.comparison)} ${String(params.limit)}` });
    case "minLength":
      return Number(params.limit) === 1
        ? diagnostic("AH2009", at, { path, problem: "must not be empty", fix: "Write a value, or remove the key." })
        : diagnostic("AH2009", at, { path, problem: `must be at least ${String(params.limit)} characters long`, fix: "Lengthen the value." });
    case "maxLength":
      return diagnostic("AH2009", at, { path, problem: `must be at most ${String(params.limit)} characters long`, fix: "Shorten the value." });
    case "minItems":
      return diagnostic("AH2009", at, {
        path,
        problem: `must list at least ${String(params.limit)} ${Number(params.limit) === 1 ? "entry" : "entries"}`,
        fix: "Add an entry, or remove the key.",
      });
    case "maxItems":
      return diagnostic("AH2009", at, { path, problem: `must list at most ${String(params.limit)} entries`, fix: "Remove entries." });
    case "uniqueItems": {
      const items = error.data as unknown[];
      const duplicate = items[Number(params.i)];
      return diagnostic("AH2009", at, { path, problem: `lists ${JSON.stringify(duplicate)} more than once`, fix: "Remove the duplicate." });
    }
    case "pattern":
      return diagnostic("AH2008", at, { path, actual: valueText(error.data), rule: `it must match the pattern ${String(params.pattern)}` });
    default:
      return diagnostic("AH2012", at, { path, reason: error.message ?? error.keyword, schema: `${base}${schema}.schema.json` });
  }
}

function whereIn(pointer: string, schema: SchemaName): string {
  if (pointer !== "") return `in '${displayPath(pointer)}'`;
  return schema.endsWith("-frontmatter") ? "in the frontmatter" : "at the top level";
}

/** A client's settings layer: how the client is named and where its layer lives in a profile. */
interface SettingsLayer {
  client: string;
  layer: string;
}

/**
 * Each registered target's settings layer, by the short name of the schema that validates it (the
 * descriptors' `layers`): the first target naming a schema owns it. Read on each use, so a target
 * registered at run time counts.
 */
function settingsLayers(): Map<string, SettingsLayer> {
  const out = new Map<string, SettingsLayer>();
  for (const { descriptor } of targets) {
    const name = descriptor.layers.settingsSchema.slice(base.length, -".schema.json".length);
    if (!out.has(name)) out.set(name, { client: descriptor.displayName, layer: `${descriptor.layers.subdir}/${descriptor.layers.settings}` });
  }
  return out;
}

/** Keys people put in a settings layer that the client does not read from there, with the reason. */
const notReadFrom: Partial<Record<SchemaName, Record<string, string>>> = {
  // Copilot CLI 1.0.102 warns that trustedFolders is an unknown key in settings.json and then loads
  // no repository hooks; it reads the list only from config.json, which it manages itself.
  "copilot-settings": {
    trustedFolders:
      "Copilot CLI 1.0.102 reads it only from its own config.json (which agentihooks never writes), and in settings.json it stops repository hooks from loading. Trust a folder from inside Copilot instead",
  },
  // `claude doctor` (2.1.332) reports these as "only honored from managed settings and was ignored here".
  "claude-settings": Object.fromEntries(
    ["availableModelsMatch", "attributionProjectPolicy", "deniedModels", "managedMcpServers"].map((key) => [
      key,
      "Claude Code 2.1.332 honours it only from managed (enterprise) settings and ignores it in user settings",
    ]),
  ),
};

/** When a settings layer holds a key that only another client knows, both clients and that client's layer. */
function otherClientOwning(key: string, schema: SchemaName): { here: SettingsLayer; owner: SettingsLayer } | undefined {
  const layers = settingsLayers();
  const here = layers.get(schema);
  if (here === undefined) return undefined;
  for (const [other, owner] of layers) {
    if (other !== schema && (validators.topLevelKeys[other as SchemaName] ?? []).includes(key)) return { here, owner };
  }
  return undefined;
}

/**
 * Describes an anyOf's allowed forms. A `$ref` branch is described through the schema it points
 * to, which ajv hands over as the parentSchema of the shape errors that branch produced.
 */
function alternativesText(branches: unknown[], shapes: ErrorObject[]): string {
  const direct = new Set(branches);
  const referenced = [...new Set(shapes.map((e) => e.parentSchema).filter((s) => s !== undefined && !direct.has(s)))];
  const parts = [...branches.filter((b) => typeof (b as { $ref?: unknown }).$ref !== "string"), ...referenced]
    .map((schema) => describeSchema(schema as Record<string, unknown>))
    .filter((p): p is string => p !== undefined);
  return listOf([...new Set(parts)], "or") || "one of the documented forms";
}

function describeSchema(schema: Record<string, unknown>): string | undefined {
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${listOf(schema.enum.map((v) => JSON.stringify(v)))}`;
  if (schema.type === "array") {
    const items = schema.items as Record<string, unknown> | undefined;
    const itemType = items && typeof items.type === "string" ? typeName(items.type).replace(/^an? /, "") : undefined;
    return itemType ? `a list of ${itemType}s` : "a list";
  }
  if (typeof schema.type === "string") return typeName(schema.type);
  return undefined;
}

function typeName(type: string): string {
  switch (type) {
    case "string":
      return "a string";
    case "boolean":
      return "true or false";
    case "number":
      return "a number";
    case "integer":
      return "a whole number";
    case "array":
      return "a list";
    case "object":
      return "a mapping (an object of keys and values)";
    case "null":
      return "null";
    default:
      return type;
  }
}

/** The value as the user wrote it, short enough for one line. */
function valueText(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return typeof value === "string" ? `the string ${shown}` : `${typeof value === "number" ? "the number" : "the boolean"} ${shown}`;
}

function listOf(items: string[], last = "or"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`;
}

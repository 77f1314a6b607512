// Regenerates schemas/gemini-settings.schema.json from the installed @google/gemini-cli package.
// Gemini CLI ships no settings schema file: the schema lives in its code, as `getSettingsSchema()`
// (exported by the settings chunk of bundle/) plus the shared definitions it refers to by `ref`
// (`SETTINGS_SCHEMA_DEFINITIONS`, not exported, so its object literal is read from the same chunk).
// This script turns that internal format into JSON Schema the way the client's own zod builder
// reads it: key names, value types and enum values carry over; descriptions are not copied.
// Differences, on purpose:
//  - every object that lists its properties is closed (the client accepts unknown keys silently,
//    so a misspelt key in a layer would do nothing without a word); the shared definitions keep
//    their own openness (hook handlers carry undocumented keys such as `env` and `sequential`);
//  - settings the client marks deprecated are left out: it rewrites them in ~/.gemini/settings.json
//    on start, which would turn every apply into drift;
//  - `mcpServers` is only an object here: servers are declared in the MCP layer
//    (.gemini/mcp.overrides.json), and the compiler drops this key with a warning saying so.
//
// Usage: node scripts/install-clients.mjs gemini (or npm i --prefix <dir> @google/gemini-cli@<v>),
// then
//   node schemas/extract/gemini-settings.mjs <dir>/node_modules/@google/gemini-cli
// and run `npm run schemas:types`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pkg] = process.argv.slice(2);
if (!pkg) throw new Error("usage: node schemas/extract/gemini-settings.mjs <@google/gemini-cli package dir>");
const version = JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8")).version;
const bundle = path.join(pkg, "bundle");
const chunks = readdirSync(bundle)
  .filter((f) => f.endsWith(".js"))
  .sort();
const settingsChunk = chunks.find((f) => /var SETTINGS_SCHEMA_DEFINITIONS = /.test(readFileSync(path.join(bundle, f), "utf8")));
if (!settingsChunk) throw new Error(`no chunk of ${bundle} defines SETTINGS_SCHEMA_DEFINITIONS`);
const source = readFileSync(path.join(bundle, settingsChunk), "utf8");

// The one free name inside the definitions: the MCP `authProviderType` enum, defined in the core chunk.
const authProviderType = {};
for (const f of chunks) {
  const text = readFileSync(path.join(bundle, f), "utf8");
  const block = /\(function\(AuthProviderType2\) \{([\s\S]*?)\}\)\(AuthProviderType/.exec(text);
  if (!block) continue;
  for (const m of block[1].matchAll(/AuthProviderType2\["(\w+)"\] = "([^"]+)"/g)) authProviderType[m[1]] = m[2];
  break;
}
if (Object.keys(authProviderType).length === 0) throw new Error("AuthProviderType not found in the bundle");
const start = source.indexOf("var SETTINGS_SCHEMA_DEFINITIONS = ");
const end = source.indexOf("\n};\n", start);
const literal = source.slice(start + "var SETTINGS_SCHEMA_DEFINITIONS = ".length, end + 2);
const definitions = new Function("AuthProviderType", `return ${literal};`)(authProviderType);

const { getSettingsSchema } = await import(pathToFileURL(path.join(bundle, settingsChunk)).href);
const settings = getSettingsSchema();

const DEPRECATED = /deprecated/i;

/** A `SETTINGS_SCHEMA_DEFINITIONS` entry (already JSON-Schema-like), descriptions removed. */
function plain(value) {
  if (Array.isArray(value)) return value.map(plain);
  if (value === null || typeof value !== "object") return value;
  const out = {};
  // A list of types becomes anyOf: the project's ajv runs in strict mode, which refuses union types.
  if (Array.isArray(value.type)) return { anyOf: value.type.map((type) => ({ type })) };
  // A reference stands alone: draft-07 ignores keywords beside a $ref.
  if (typeof value.ref === "string") return { $ref: `#/definitions/${value.ref}` };
  for (const [key, inner] of Object.entries(value)) {
    if (key === "description") continue;
    out[key] = key === "properties" ? Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, plain(v)])) : plain(inner);
  }
  return out;
}

/** The items or map values of a collection, as the client's `buildZodSchemaFromCollection` reads them. */
function collection(def) {
  if (def.ref && def.ref in definitions) return { $ref: `#/definitions/${def.ref}` };
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
      return { type: def.type };
    case "enum":
      return { enum: def.options.map((o) => o.value) };
    case "array":
      return def.properties ? { type: "array", items: objectOf(def.properties) } : { type: "array" };
    case "object":
      return def.properties ? objectOf(def.properties) : { type: "object" };
    default:
      return {};
  }
}

/** A setting, as the client's `buildZodSchemaFromDefinition` reads it. */
function setting(def) {
  if (def.ref === "TelemetrySettings") return { anyOf: [{ type: "boolean" }, { $ref: "#/definitions/TelemetrySettings" }] };
  if (def.ref && def.ref in definitions) return { $ref: `#/definitions/${def.ref}` };
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
      return { type: def.type };
    case "enum":
      return { enum: def.options.map((o) => o.value) };
    case "array":
      return def.items ? { type: "array", items: collection(def.items) } : { type: "array" };
    case "object": {
      if (def.properties) {
        const out = objectOf(def.properties);
        if (def.additionalProperties) out.additionalProperties = collection(def.additionalProperties);
        return out;
      }
      return def.additionalProperties ? { type: "object", additionalProperties: collection(def.additionalProperties) } : { type: "object" };
    }
    default:
      return {};
  }
}

/** A closed object of settings, sorted by key, deprecated settings left out. */
function objectOf(properties) {
  const out = { type: "object", additionalProperties: false, properties: {} };
  for (const key of Object.keys(properties).sort()) {
    const def = properties[key];
    if (DEPRECATED.test(def.description ?? "")) continue;
    out.properties[key] = def.type ? setting(def) : collection(def);
  }
  return out;
}

const top = objectOf(Object.fromEntries(Object.entries(settings).filter(([key]) => key !== "mcpServers")));
const schema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://agentihooks.dev/schemas/gemini-settings.schema.json",
  title: "GeminiSettingsLayer",
  description: `A Gemini settings layer (.gemini/settings.overrides.json): the keys of Gemini CLI ${version}'s settings.json, generated from the client's own settings schema by schemas/extract/gemini-settings.mjs. Every object that lists its keys is closed, so a misspelt key is an error (the client ignores it silently); deprecated settings, which the client rewrites on start, are left out; MCP servers belong in .gemini/mcp.overrides.json.`,
  type: "object",
  additionalProperties: false,
  properties: {
    $schema: { description: "The schema this file follows, for editor completion (agentihooks removes it before writing).", type: "string" },
    ...top.properties,
    mcpServers: { description: "Not read from a settings layer: declare MCP servers in .gemini/mcp.overrides.json (or .mcp.json).", type: "object" },
  },
  definitions: Object.fromEntries(
    Object.keys(definitions)
      .sort()
      .map((name) => [name, plain(definitions[name])]),
  ),
};

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "gemini-settings.schema.json");
writeFileSync(out, `${JSON.stringify(schema, null, 2)}\n`);
process.stdout.write(
  `wrote ${path.relative(process.cwd(), out)} from @google/gemini-cli ${version} (${Object.keys(schema.properties).length - 1} top-level keys)\n`,
);

// Regenerates schemas/claude-settings.schema.json from @anthropic-ai/claude-agent-sdk. Claude Code
// ships no settings schema file; the SDK's `Settings` type (sdk.d.ts) is generated from Claude
// Code's own settings schema, and the SDK version matches the Claude Code release (0.3.332 ↔
// 2.1.332). This script converts that TypeScript type into JSON Schema with the TypeScript
// compiler API: key names and value types carry over; descriptions are not copied. Objects the
// client leaves open (`[k: string]: unknown`) stay open, except the top level, which is closed so a
// misspelt key is an error. agentihooks' own `_agentihooks` block is added here.
//
// Usage: npm pack @anthropic-ai/claude-agent-sdk@<version>, unpack it, then
//   node schemas/extract/claude-settings.mjs <unpacked package dir> <claude code version>
// and run `npm run schemas:types`.
import ts from "typescript";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [pkg, claudeVersion] = process.argv.slice(2);
if (!pkg || !claudeVersion) throw new Error("usage: node schemas/extract/claude-settings.mjs <sdk package dir> <claude code version>");
const sdkVersion = JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8")).version;
const src = ts.createSourceFile("sdk.d.ts", readFileSync(path.join(pkg, "sdk.d.ts"), "utf8"), ts.ScriptTarget.Latest, true);
let settings;
const aliases = new Map();
ts.forEachChild(src, (n) => {
  if (ts.isInterfaceDeclaration(n) && n.name.text === "Settings") settings = n;
  if (ts.isTypeAliasDeclaration(n)) aliases.set(n.name.text, n.type);
});
const unresolved = new Set();
function conv(t) {
  switch (t.kind) {
    case ts.SyntaxKind.StringKeyword:
      return { type: "string" };
    case ts.SyntaxKind.NumberKeyword:
      return { type: "number" };
    case ts.SyntaxKind.BooleanKeyword:
      return { type: "boolean" };
    case ts.SyntaxKind.UnknownKeyword:
    case ts.SyntaxKind.AnyKeyword:
      return {};
    case ts.SyntaxKind.ParenthesizedType:
      return conv(t.type);
    case ts.SyntaxKind.LiteralType:
      if (ts.isStringLiteral(t.literal)) return { type: "string", const: t.literal.text };
      if (ts.isNumericLiteral(t.literal)) return { type: "number", const: Number(t.literal.text) };
      if (t.literal.kind === ts.SyntaxKind.TrueKeyword) return { type: "boolean", const: true };
      if (t.literal.kind === ts.SyntaxKind.FalseKeyword) return { type: "boolean", const: false };
      if (t.literal.kind === ts.SyntaxKind.NullKeyword) return { type: "null" };
      throw new Error("literal " + t.getText());
    case ts.SyntaxKind.ArrayType:
      return { type: "array", items: conv(t.elementType) };
    case ts.SyntaxKind.TupleType: {
      const first = t.elements[0];
      const rest = t.elements.find((e) => ts.isRestTypeNode(e));
      const item = rest ? conv(rest.type.elementType ?? rest.type) : conv(first);
      return { type: "array", items: item, minItems: t.elements.filter((e) => !ts.isRestTypeNode(e)).length };
    }
    case ts.SyntaxKind.UnionType: {
      const parts = t.types.map(conv);
      // `0 | number` and similar: a literal absorbed by its base type.
      const strConsts = parts.filter((p) => p.type === "string" && "const" in p && Object.keys(p).length === 2);
      const others = parts.filter((p) => !strConsts.includes(p));
      const plainTypes = new Set(others.filter((p) => Object.keys(p).length === 1 && p.type).map((p) => p.type));
      const kept = others.filter((p) => !(p.type && "const" in p && plainTypes.has(p.type) && Object.keys(p).length === 2));
      const out = [];
      if (strConsts.length && !plainTypes.has("string")) out.push({ type: "string", enum: strConsts.map((p) => p.const) });
      out.push(...kept);
      return out.length === 1 ? out[0] : { anyOf: out };
    }
    case ts.SyntaxKind.TypeLiteral:
      return object(t.members, false);
    case ts.SyntaxKind.TypeReference: {
      const name = t.typeName.getText();
      if (name === "Record" && t.typeArguments?.length === 2) return { type: "object", additionalProperties: conv(t.typeArguments[1]) };
      if (aliases.has(name)) return conv(aliases.get(name));
      unresolved.add(name);
      return {};
    }
    default:
      throw new Error("kind " + ts.SyntaxKind[t.kind] + ": " + t.getText().slice(0, 80));
  }
}
function object(members, topLevel) {
  const properties = {};
  const required = [];
  let additional = false;
  for (const m of members) {
    if (ts.isPropertySignature(m)) {
      const name = m.name.text ?? m.name.getText();
      properties[name] = conv(m.type);
      if (!m.questionToken) required.push(name);
    } else if (ts.isIndexSignatureDeclaration(m)) {
      if (!topLevel) {
        const v = conv(m.type);
        additional = Object.keys(v).length === 0 ? true : v;
      }
    } else throw new Error("member " + m.getText().slice(0, 60));
  }
  const s = { type: "object" };
  if (Object.keys(properties).length) s.properties = properties;
  if (required.length) s.required = required;
  s.additionalProperties = additional;
  return s;
}
const body = object(settings.members, true);
if (unresolved.size > 0) throw new Error(`unresolved type references: ${[...unresolved].join(", ")}`);
// Environment variable names, checked at load time: a name is written into env files and scripts.
const envName = {
  description:
    "it must be an environment variable name: letters, digits and '_', not starting with a digit (and not __proto__, which no JSON object can hold as a key)",
  pattern: "^[A-Za-z_][A-Za-z0-9_]*$",
  not: { const: "__proto__" },
};
const schema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://agentihooks.dev/schemas/claude-settings.schema.json",
  title: "ClaudeSettingsLayer",
  description: `A Claude settings layer (.claude/settings.overrides.json): keys of Claude Code ${claudeVersion}'s settings.json (taken from the Settings type of @anthropic-ai/claude-agent-sdk ${sdkVersion}, which is generated from Claude Code's own settings schema), plus agentihooks' \`_agentihooks\` directives. Nested objects Claude Code leaves open stay open; an unknown top-level key is an error, since Claude Code would silently ignore it.`,
  type: "object",
  additionalProperties: false,
  properties: {
    _agentihooks: {
      title: "ClaudeDirectives",
      description: "agentihooks directives for the Claude target; never written to settings.json.",
      type: "object",
      additionalProperties: false,
      properties: {
        env: {
          description: "Environment variables for the Claude wrapper's env file.",
          type: "object",
          additionalProperties: { type: "string" },
          propertyNames: envName,
        },
      },
    },
    ...body.properties,
  },
};
// Keys `claude doctor` reports as "only honored from managed settings and was ignored here" when a
// user settings file sets them (checked on 2.1.332): a layer must not set them, so they are left
// out, and compiler/validate.ts explains why when one appears.
schema.properties.env = { ...schema.properties.env, propertyNames: envName };
for (const key of ["availableModelsMatch", "attributionProjectPolicy", "deniedModels", "managedMcpServers"]) delete schema.properties[key];
allowTimeoutSec(schema);
hoistRepeats(schema);
const target = fileURLToPath(new URL("../claude-settings.schema.json", import.meta.url));
writeFileSync(target, JSON.stringify(schema, null, 2) + "\n");
console.log(`wrote ${target} from claude-agent-sdk ${sdkVersion}`);

/**
 * The Settings type repeats large shapes (marketplace sources, plugin lists) in several keys. Each
 * shape that occurs more than once moves to `definitions` and is referenced, which keeps the
 * schema, the generated types and the compiled validator several times smaller.
 */
function hoistRepeats(root) {
  const minSize = 400;
  const definitions = {};
  const used = new Set();
  for (;;) {
    // Count subschemas at schema positions, remembering the property name of the first occurrence.
    const seen = new Map();
    const visit = (node, name) => {
      if (node === null || typeof node !== "object" || Array.isArray(node)) return;
      const key = JSON.stringify(node);
      if (node !== root && key.length >= minSize && !node.$ref) {
        const entry = seen.get(key) ?? { count: 0, name };
        entry.count++;
        seen.set(key, entry);
      }
      for (const [prop, child] of Object.entries(node.properties ?? {})) visit(child, prop);
      if (node.items) visit(node.items, `${name}Item`);
      if (typeof node.additionalProperties === "object") visit(node.additionalProperties, `${name}Entry`);
      for (const branch of node.anyOf ?? []) visit(branch, name);
    };
    visit(root, "settings");
    const repeats = [...seen].filter(([, e]) => e.count > 1).sort((a, b) => b[0].length - a[0].length || (a[0] < b[0] ? -1 : 1));
    if (repeats.length === 0) break;
    const [key, { name }] = repeats[0];
    let defName = name.replace(/(^|[-_])(\w)/g, (_, __, c) => c.toUpperCase());
    for (let i = 2; used.has(defName); i++) defName = `${defName.replace(/\d+$/, "")}${i}`;
    used.add(defName);
    definitions[defName] = JSON.parse(key);
    const replace = (node) => {
      if (node === null || typeof node !== "object") return node;
      if (Array.isArray(node)) return node.map(replace);
      if (JSON.stringify(node) === key) return { $ref: `#/definitions/${defName}` };
      for (const k of Object.keys(node)) node[k] = replace(node[k]);
      return node;
    };
    for (const k of Object.keys(root.properties)) root.properties[k] = replace(root.properties[k]);
    for (const k of Object.keys(definitions)) if (k !== defName) definitions[k] = replace(definitions[k]);
  }
  if (Object.keys(definitions).length > 0) root.definitions = definitions;
}

/**
 * Hook handlers written for Copilot use `timeoutSec`; Claude Code ignores that key (it reads
 * `timeout`), and the Claude target rewrites it with a note. Accept it on command handlers so the
 * rewrite, not a schema error, handles profiles shared between the two clients.
 */
function allowTimeoutSec(node) {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach(allowTimeoutSec);
  const props = node.properties;
  if (props?.type?.const === "command" && props.command && props.timeout && !props.timeoutSec) {
    props.timeoutSec = { type: "number", description: "Not a Claude Code key (Copilot's spelling); agentihooks writes it as `timeout`." };
  }
  for (const value of Object.values(node)) allowTimeoutSec(value);
}

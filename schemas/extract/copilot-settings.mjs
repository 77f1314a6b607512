// Regenerates schemas/copilot-settings.schema.json from a Copilot CLI release. Copilot ships no
// settings schema file; its native runtime embeds the list of settings keys (with nesting and legacy
// aliases) and per-key metadata (value kind, enum options) as JSON. This script cuts both out of
// the runtime binary and turns them into a strict schema; agentihooks' own `_agentihooks` block is
// added here. Key names and kinds are facts taken from the client; descriptions are not copied.
//
// Usage: node schemas/extract/copilot-settings.mjs <copilot package dir>
//   where <copilot package dir> is the unpacked release, e.g. ~/.cache/copilot/pkg/linux-x64/1.0.102
//   (Copilot unpacks itself there on first run). Then run `npm run schemas:types`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const pkg = process.argv[2];
if (!pkg) throw new Error("usage: node schemas/extract/copilot-settings.mjs <copilot package dir>");
const version = path.basename(pkg);
const binary = readFileSync(path.join(pkg, "prebuilds", `${process.platform}-${process.arch}`, "runtime.node")).toString("latin1");

/** The JSON value (object or array) starting at the first occurrence of `marker`. */
function grab(marker) {
  const i = binary.indexOf(marker);
  if (i < 0) throw new Error(`marker not found: ${marker}`);
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let j = i; j < binary.length; j++) {
    const c = binary[j];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return JSON.parse(binary.slice(i, j + 1));
    }
  }
  throw new Error(`unterminated JSON at ${marker}`);
}

const spec = grab('{"canonicalKeys":["mouse"');
const meta = grab('[{"path":"mouse"');
const byPath = new Map(meta.map((m) => [m.path, m]));
function leaf(m) {
  const d = {};
  switch (m.leafKind) {
    case "boolean":
      return { ...d, type: "boolean" };
    case "string":
      return { ...d, type: "string" };
    case "number":
      return { ...d, type: "number" };
    case "string-array":
      return { ...d, type: "array", items: { type: "string" } };
    case "enum":
      return { ...d, type: "string", enum: m.options };
    case "record-of-boolean":
      return { ...d, type: "object", additionalProperties: { type: "boolean" } };
    case "record-of-object":
      return { ...d, type: "object", additionalProperties: { type: "object" } };
    case "json":
      return { ...d };
    default:
      throw new Error(m.leafKind);
  }
}
function build(prefix, node) {
  const properties = {};
  // The key list and the metadata each miss a few keys the other has (for example
  // permissions.disableAssistedPermissionsMode is only in the metadata): take both.
  const fromMeta = meta
    .map((m) => m.path)
    .filter((p) => (prefix === "" ? true : p.startsWith(`${prefix}.`)))
    .map((p) => (prefix === "" ? p : p.slice(prefix.length + 1)).split(".")[0]);
  for (const key of [...new Set([...node.canonicalKeys, ...fromMeta])].sort()) {
    const path = prefix ? `${prefix}.${key}` : key;
    properties[key] = schemaFor(path, node.nested?.[key]);
  }
  return properties;
}
function schemaFor(path, nested) {
  // Metadata calls this one "json"; its shape is known from Copilot's own validation messages.
  if (path === "telemetry.headersProvider") {
    return {
      type: "object",
      additionalProperties: false,
      required: ["path"],
      properties: { path: { type: "string" }, args: { type: "array", items: { type: "string" } }, refreshIntervalMs: { type: "number" } },
    };
  }
  if (byPath.has(path) && !nested) return leaf(byPath.get(path));
  if (nested) {
    const s = { type: "object", additionalProperties: false, properties: build(path, nested) };

    return s;
  }
  // Children only in the metadata, no closed key list: an open object.
  const children = meta.filter((m) => m.path.startsWith(path + "."));
  if (children.length === 0) return {};
  if (path === "hooks") {
    return {
      description:
        "Hooks keyed by event name (same shape as a .github/hooks/*.json file's `hooks`). agentihooks registers its own hooks in a separate file; targets decide what to do with hooks declared here.",
      type: "object",
      additionalProperties: { type: "array", items: { type: "object" } },
    };
  }
  throw new Error("unhandled " + path);
}
const properties = build("", spec);
for (const [alias, target] of Object.entries(spec.legacyAliases)) {
  properties[alias] = { ...properties[target], description: `Older spelling of \`${target}\`, still read by Copilot.` };
}
const directives = {
  title: "CopilotDirectives",
  description: "agentihooks directives for the Copilot target. agentihooks reads them and never writes this block to settings.json.",
  type: "object",
  additionalProperties: false,
  properties: {
    allowAll: {
      description:
        "Start Copilot with every permission granted (the env file exports COPILOT_ALLOW_ALL=true). Only `true` is valid: remove the key to leave it off.",
      const: true,
    },
    channels: {
      description: "Release channel(s) to write for the Copilot wrapper.",
      anyOf: [
        { type: "string", minLength: 1 },
        { type: "array", items: { type: "string", minLength: 1 } },
      ],
    },
    browserCommand: {
      description:
        'Browser launcher for Copilot\'s login and links: "auto" (find one on this machine, WSL aware), a command line, or a command as a list of words.',
      anyOf: [
        { type: "string", minLength: 1 },
        { type: "array", items: { type: "string" }, minItems: 1 },
      ],
    },
    suppressBrowserLaunch: { description: "Never let Copilot open a browser.", type: "boolean" },
    mcpDefaultDisabled: {
      description:
        "Add every configured MCP server to disabledMcpServers, except those in mcpAlwaysEnabled, so each starts only when enabled with /mcp enable.",
      type: "boolean",
    },
    mcpAlwaysEnabled: {
      description: 'MCP servers exempt from mcpDefaultDisabled (default ["agentihooks"]).',
      type: "array",
      items: { type: "string", minLength: 1 },
    },
    resolveHeaderEnv: {
      description:
        "Resolve ${VAR} references in MCP headers when applying (Copilot sends header values literally). The resolved mcp-config.json is written with mode 0600, and build --out never contains the values.",
      type: "boolean",
    },
  },
};
const schema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://agentihooks.dev/schemas/copilot-settings.schema.json",
  title: "CopilotSettingsLayer",
  description: `A Copilot settings layer (.copilot/settings.overrides.json): keys of Copilot CLI ${version}'s user settings.json (taken from the settings key list and metadata embedded in that release), plus agentihooks' \`_agentihooks\` directives. Unknown keys are errors: Copilot would ignore them with a warning on every launch.`,
  type: "object",
  additionalProperties: false,
  properties: {
    $schema: { description: "The schema this file follows, for editor completion (agentihooks removes it before writing).", type: "string" },
    _agentihooks: directives,
    ...Object.fromEntries(Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  },
};
const target = fileURLToPath(new URL("../copilot-settings.schema.json", import.meta.url));
writeFileSync(target, JSON.stringify(schema, null, 2) + "\n");
console.log(`wrote ${target} from Copilot ${version}`);

import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../compiler/parse/parse-document";
import { schemaId, validate, type SchemaName } from "../../compiler/validate";

const schemaDir = fileURLToPath(new URL("../../schemas/", import.meta.url));
const files = readdirSync(schemaDir)
  .filter((f) => f.endsWith(".schema.json"))
  .sort();
const schemas = files.map((file) => ({ file, schema: JSON.parse(readFileSync(schemaDir + file, "utf8")) as Record<string, unknown> }));

/** Schemas whose nested objects copy the client's own openness (Claude Code and Gemini CLI leave some objects open). */
const openWhereTheClientIs = new Set(["claude-settings.schema.json", "gemini-settings.schema.json"]);

describe("schemas", () => {
  it("are all present, each with an $id naming its file and a title", () => {
    expect(files).toEqual([
      "agent-frontmatter.schema.json",
      "claude-mcp.schema.json",
      "claude-settings.schema.json",
      "codex-config.schema.json",
      "codex-mcp.schema.json",
      "command-frontmatter.schema.json",
      "config.schema.json",
      "copilot-mcp.schema.json",
      "copilot-settings.schema.json",
      "gemini-mcp.schema.json",
      "gemini-settings.schema.json",
      "mcp-server.schema.json",
      "profile.schema.json",
      "skill-frontmatter.schema.json",
    ]);
    for (const { file, schema } of schemas) {
      expect(schema.$id).toBe(`https://agentihooks.dev/schemas/${file}`);
      expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
      expect(typeof schema.title).toBe("string");
      expect(typeof schema.description).toBe("string");
    }
  });

  it("let every document file name its schema with a top-level $schema", () => {
    for (const { file, schema } of schemas) {
      if (file === "mcp-server.schema.json") continue; // a fragment, never a file of its own
      expect((schema.properties as Record<string, unknown>).$schema, file).toMatchObject({ type: "string" });
    }
  });

  it("close every object (additionalProperties) unless it is a map or the client leaves it open", () => {
    const loose: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (node === null || typeof node !== "object") return;
      const record = node as Record<string, unknown>;
      if (record.properties !== undefined && record.additionalProperties === undefined) loose.push(where);
      for (const [key, value] of Object.entries(record)) walk(value, `${where}/${key}`);
    };
    for (const { file, schema } of schemas) if (!openWhereTheClientIs.has(file)) walk(schema, file);
    expect(loose).toEqual([]);
  });

  it("never put keywords beside a $ref (draft-07 ignores them, and the type generator would clone the type)", () => {
    const offenders: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (node === null || typeof node !== "object") return;
      if ("$ref" in node && Object.keys(node).length > 1) offenders.push(where);
      for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
    };
    for (const { file, schema } of schemas) walk(schema, file);
    expect(offenders).toEqual([]);
  });

  it("compile under ajv's strict mode", () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    for (const { schema } of schemas) ajv.addSchema(schema);
    for (const { schema } of schemas) expect(() => ajv.getSchema(schema.$id as string)).not.toThrow();
  });

  it("agree with the precompiled validators", () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    for (const { schema } of schemas) ajv.addSchema(schema);
    const samples: Array<[SchemaName, unknown]> = [
      ["config", { profile: "a,b", targets: ["codex"] }],
      ["config", { profile: 3 }],
      ["profile", { guardrails: { protectedBranches: ["main"] } }],
      ["profile", { guardrails: { protectedBranches: "main" } }],
      ["copilot-settings", { _agentihooks: { allowAll: true } }],
      ["copilot-settings", { _agentihooks: { allowAll: 1 } }],
      ["copilot-mcp", { mcpServers: { a: { command: "x", args: ["y"] } } }],
      ["copilot-mcp", { mcpServers: { a: { command: "x", nope: 1 } } }],
      ["skill-frontmatter", { name: "x" }],
    ];
    for (const [name, value] of samples) {
      const expected = ajv.getSchema(schemaId(name))!(value);
      const diagnostics = validate(schemaId(name), { value, locate: () => undefined }, "x");
      expect(diagnostics.length === 0, `${name} ${JSON.stringify(value)}`).toBe(expected);
    }
  });

  it("accept the built-in base layers", () => {
    const root = fileURLToPath(new URL("../../profiles/_base/", import.meta.url));
    const layers: Array<[string, SchemaName, "jsonc" | "toml"]> = [
      ["settings.base.copilot.json", "copilot-settings", "jsonc"],
      ["settings.base.json", "claude-settings", "jsonc"],
      ["config.base.toml", "codex-config", "toml"],
    ];
    for (const [file, name, format] of layers) {
      const parsed = parseDocument(readFileSync(root + file, "utf8"), format, `built-in:profiles/_base/${file}`);
      expect(parsed.diagnostics).toEqual([]);
      expect(validate(schemaId(name), parsed.value!, file)).toEqual([]);
    }
  });
});

describe("generated files", () => {
  it("are up to date with the schemas (run `npm run schemas:types` if this fails)", async () => {
    const generator = (await import(new URL("../../scripts/generate-types.mjs", import.meta.url).href)) as { staleFiles(): Promise<string[]> };
    const stale = await generator.staleFiles();
    expect(stale, `Stale generated files; run \`npm run schemas:types\` and commit the result: ${stale.join(", ")}`).toEqual([]);
  });
});

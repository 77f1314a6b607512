/**
 * The schema fast path may only ever say "valid" where the generated ajv validator says so too, and
 * it should say so for the ordinary documents profiles hold (else it saves nothing). Checked on
 * documents generated from each schema (mostly valid, some mutated) and on hand-picked edge cases.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isSurelyValid } from "../compiler/validate-fast-path";
import * as validators from "../schemas/validators.generated.js";
import type { CompiledValidator } from "../schemas/validators.generated.js";

const names = [
  "agent-frontmatter",
  "claude-mcp",
  "claude-settings",
  "codex-config",
  "codex-mcp",
  "command-frontmatter",
  "config",
  "copilot-mcp",
  "copilot-settings",
  "mcp-server",
  "profile",
  "skill-frontmatter",
] as const;

type Schema = Record<string, unknown> | boolean;

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const validatorOf = (name: string) => (validators as unknown as Record<string, CompiledValidator>)[camel(name)]!;
const schemaOf = (name: string) => JSON.parse(readFileSync(new URL(`../schemas/${name}.schema.json`, import.meta.url), "utf8")) as Record<string, unknown>;

/** A small seeded generator (mulberry32), so failures reproduce. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const oddValues: unknown[] = ["", "x", "é😀", "0", 0, -1, 1.5, 65536, 1e400, -0, true, false, null, [], ["a", "a"], [1], {}, { k: "v" }, Number.NaN];

/** A value shaped by `schema`, mutated now and then, so both sides of each rule are met. */
function generate(schema: Schema, root: Record<string, unknown>, rng: ReturnType<typeof random>, depth: number): unknown {
  if (rng.next() < 0.06 || depth > 6) return rng.pick(oddValues);
  if (typeof schema !== "object") return rng.pick(oddValues);
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    if (ref.startsWith("#/definitions/")) return generate((root.definitions as Record<string, Schema>)[ref.slice(14)]!, root, rng, depth + 1);
    const other = schemaOf(ref.replace(/\.schema\.json$/, ""));
    return generate(other, other, rng, depth + 1);
  }
  if (Array.isArray(schema.anyOf)) return generate(rng.pick(schema.anyOf as Schema[]), root, rng, depth + 1);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type as string[]) : schema.type;
  switch (type) {
    case "string": {
      const min = typeof schema.minLength === "number" ? schema.minLength : 0;
      return rng.pick(["name", "a longer value with spaces", "😀", "", "é".repeat(min)]);
    }
    case "boolean":
      return rng.next() < 0.5;
    case "integer":
      return rng.pick([0, 1, 7, 65535, 65536, -3]);
    case "number":
      return rng.pick([0, 2.5, -1, 30000]);
    case "null":
      return null;
    case "array": {
      const items = Array.from({ length: Math.floor(rng.next() * 3) }, () => generate((schema.items as Schema) ?? {}, root, rng, depth + 1));
      if (rng.next() < 0.1 && items.length > 0) items.push(items[0]);
      return items;
    }
    case "object":
    default: {
      const out: Record<string, unknown> = {};
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const keys = Object.keys(properties);
      const count = Math.min(keys.length, Math.floor(rng.next() * 5));
      for (let i = 0; i < count; i++) {
        const key = rng.pick(keys);
        out[key] = generate(properties[key]!, root, rng, depth + 1);
      }
      for (const key of (schema.required as string[] | undefined) ?? []) if (rng.next() < 0.9) out[key] ??= generate(properties[key] ?? {}, root, rng, depth + 1);
      if (typeof schema.additionalProperties === "object" && rng.next() < 0.5) out[`extra${depth}`] = generate(schema.additionalProperties as Schema, root, rng, depth + 1);
      if (rng.next() < 0.05) out.unknownKey = "x";
      return out;
    }
  }
}

describe("isSurelyValid", () => {
  it.each(names)("never says valid where ajv does not, and says so for most valid %s documents", (name) => {
    const schema = schemaOf(name);
    const validator = validatorOf(name);
    const rng = random(name.length * 7919);
    let valid = 0;
    let confirmed = 0;
    for (let i = 0; i < 1500; i++) {
      const value = generate(schema, schema, rng, 0);
      const fast = isSurelyValid(name, value);
      const full = validator(value);
      if (fast) expect(full, `${name}: ${JSON.stringify(value)}`).toBe(true);
      if (full) valid++;
      if (fast) confirmed++;
    }
    if (process.env.FAST_PATH_STATS) console.log(name, valid, confirmed);
    expect(valid).toBeGreaterThan(100);
    expect(confirmed / valid).toBeGreaterThan(0.9);
  });

  it("confirms the documents the bench and the built-in profiles hold", () => {
    expect(isSurelyValid("agent-frontmatter", { name: "agent-001", description: "Specialist", tools: "Grep, Read" })).toBe(true);
    expect(isSurelyValid("command-frontmatter", { description: "Review the change" })).toBe(true);
    expect(isSurelyValid("skill-frontmatter", { name: "skill-001", description: "How this team handles naming" })).toBe(true);
    const servers = { a: { command: "npx", args: ["-y", "x"], env: { T: "${T}" } }, b: { type: "http", url: "https://x", headers: { A: "b" } } };
    expect(isSurelyValid("claude-mcp", { mcpServers: servers })).toBe(true);
    expect(isSurelyValid("config", { bundle: "./bundle", profile: "bench", targets: ["copilot", "claude", "codex"] })).toBe(true);
  });

  it("leaves to ajv what it cannot decide by plain comparison", () => {
    // Unknown keys, wrong types, empty required strings, repeated targets, non-finite numbers.
    expect(isSurelyValid("agent-frontmatter", { name: "a", colour: "red" })).toBe(false);
    expect(isSurelyValid("agent-frontmatter", { name: "" })).toBe(false);
    expect(isSurelyValid("agent-frontmatter", { tools: [1] })).toBe(false);
    expect(isSurelyValid("config", { targets: ["claude", "claude"] })).toBe(false);
    expect(isSurelyValid("mcp-server", { command: "x", timeout: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isSurelyValid("skill-frontmatter", { name: "no description" })).toBe(false);
    expect(isSurelyValid("no-such-schema", {})).toBe(false);
  });
});

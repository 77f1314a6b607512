/**
 * The credential policy for authored text (compiler/lower/text-credentials.ts): every secret shape
 * the scanner knows is replaced by its marker with the right line, in every prose kind and every
 * emitted file of every target; the harmless corpus (templates, placeholders, docs about key
 * formats) passes untouched, and the false positives that remain are listed here by name.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import { compileTargets } from "../../compiler/front-end";
import type { Ir, MarkdownFeature, Skill } from "../../compiler/ir";
import { parseMarkdown } from "../../compiler/parse/parse-markdown";
import { scrubIrText, scrubText, scrubTreeText } from "../../compiler/lower/text-credentials";
import { targetIds } from "../../compiler/targets/registry";
import { makeIr } from "../targets/ir-fixtures";
import harmlessWrites from "../runtime/corpus/harmless-writes.cases";
import { NORMAL_SECRETS, STRICT_ONLY_SECRETS } from "../runtime/corpus/secret-samples";

const SAMPLES = [...NORMAL_SECRETS, ...STRICT_ONLY_SECRETS];

/** A few characters of a sample that only the secret itself holds (the part after its prefix). */
function secretPart(sample: (typeof SAMPLES)[number]): string {
  if (sample.pattern === "url_credentials") return /:([^:@/]+)@/.exec(sample.text)![1]!;
  if (sample.pattern === "generic_secret") return /([A-Za-z0-9-]{8,})['"]?$/.exec(sample.text)![1]!;
  const lines = sample.text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const longest = lines.sort((a, b) => b.length - a.length)[0] as string;
  return longest.slice(Math.max(0, longest.length - 30), longest.length - 14);
}

describe("scrubText", () => {
  it.each(SAMPLES.map((s) => [s.slug, s] as const))("replaces %s with its marker on its line", (_slug, sample) => {
    const text = `# Persona\n\nSome prose.\n${sample.text}\nMore prose after it.\n`;
    const { text: out, findings } = scrubText(text);
    expect(findings.map((f) => f.kind)).toContain(sample.pattern);
    expect(findings[0]!.line).toBe(
      4 + sample.text.split("\n").findIndex((l) => (/BEGIN|[A-Za-z]{4}/.test(l) && scrubText(l).findings.length > 0) || l.includes("PuTTY")),
    );
    expect(out).toContain(`[REDACTED:`);
    expect(out).not.toContain(secretPart(sample));
    expect(out.startsWith("# Persona\n\nSome prose.\n")).toBe(true);
    expect(out.endsWith("More prose after it.\n")).toBe(true);
  });

  it("keeps a line marked # nosecret", () => {
    const sample = NORMAL_SECRETS.find((s) => s.slug === "ghp")!;
    const text = `${sample.text} # nosecret\n`;
    expect(scrubText(text)).toEqual({ text, findings: [] });
  });

  it("takes a clipped key's body lines but keeps prose after a header mention", () => {
    const clipped = "x\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAz9Kq2Lm7Np4Rs8Tv3Wy6\nZb1Cd5Fg0Hj2Kl4Mn6PQr8St0Uv2Wx4Yz6Ab\nthe prose goes on\n";
    expect(scrubText(clipped).text).toBe("x\n[REDACTED:private_key]\nthe prose goes on\n");
    const mention = "Every armour (`-----BEGIN OPENSSH PRIVATE KEY-----` and friends) is caught.\n";
    expect(scrubText(mention).text).toBe("Every armour (`[REDACTED:private_key]` and friends) is caught.\n");
  });

  it("finds nothing in the harmless corpus but the listed false positives", () => {
    const texts: Array<[string, string]> = harmlessWrites.filter((c) => c.kind === "write" && c.content).map((c) => [c.id, c.content as string]);
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const p = path.join(dir, name);
        return statSync(p).isDirectory() ? walk(p) : /\.(md|ya?ml|hbs|txt)$/.test(name) ? [p] : [];
      });
    for (const file of [...walk("docs"), ...walk("profiles"), ...walk("templates"), "README.md"]) texts.push([file, readFileSync(file, "utf8")]);
    const flagged = texts.filter(([, text]) => scrubText(text).findings.length > 0).map(([id]) => id);
    // Sample JWTs and a provider's documented test key are credentials to the strict set the compiler
    // scrubs authored text with (the runtime allows them in writes); the guardrails page names a key armour.
    expect(flagged).toEqual([
      "harmless/writes-jwt-in-test-file-write",
      "harmless/writes-jwt-sample-docs-write",
      "harmless/writes-stripe-test-docs-write",
      "docs/guardrails.md",
    ]);
    expect(texts.length).toBeGreaterThan(60);
  });
});

function feature(name: string, raw: string, file: string): MarkdownFeature {
  const parsed = parseMarkdown(raw, file).value!.document;
  return { ...parsed, name, fileName: `${name}.md`, origin: { file, layer: "bundle" } };
}

const ghp = "ghp_7x9Kq2Lm7Np4Rs8Tv3Wy6Zb1Cd5Fg0Hj2Kl4";
const aws = "AKIAZ7Q3XK5M2P9RT4LB";
const slack = `${"xoxb-"}2048163952-8Kq2Lm7Np4Rs8Tv3Wy6Zb1Cd5`;

function hostileIr(): Ir {
  const ir = makeIr();
  const skillMd = `---\nname: s\ndescription: uses ${aws}\n---\nRun it.\n`;
  const skill: Skill = {
    ...parseMarkdown(skillMd, "bundle:profiles/p/.claude/skills/s/SKILL.md").value!.document,
    name: "s",
    origin: { file: "bundle:profiles/p/.claude/skills/s/SKILL.md", layer: "bundle" },
    files: [
      { path: "SKILL.md", content: new TextEncoder().encode(skillMd), executable: false },
      { path: "scripts/run.sh", content: new TextEncoder().encode(`#!/bin/sh\ncurl -H "Authorization: Bearer ${ghp}" https://api\n`), executable: true },
      { path: "logo.bin", content: new Uint8Array([0, 1, 2, 3]), executable: false },
    ],
  };
  return {
    ...ir,
    persona: { profiles: [{ text: `# Persona\n\nlog in with ${ghp}\n`, origin: { file: "bundle:profiles/p/CLAUDE.md", layer: "profile p" }, profile: "p" }] },
    rules: [feature("r", `# Rule\n\nThe bot token is ${slack}\n`, "bundle:profiles/p/.claude/rules/r.md")],
    commands: [feature("c", `---\ndescription: deploy\n---\nexport AWS_ACCESS_KEY_ID=${aws}\n`, "bundle:profiles/p/.claude/commands/c.md")],
    agents: [feature("a", `---\nname: a\ndescription: an agent\napi_key: shortval99\n---\nYou are an agent.\n`, "bundle:profiles/p/.claude/agents/a.md")],
    skills: [skill],
  };
}

describe("scrubIrText", () => {
  it("redacts every prose kind with one located warning per file and line", () => {
    const { ir, diagnostics } = scrubIrText(hostileIr());
    const where = diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`).sort();
    expect(where).toEqual([
      "AH4310 bundle:profiles/p/.claude/agents/a.md:4",
      "AH4310 bundle:profiles/p/.claude/commands/c.md:4",
      "AH4310 bundle:profiles/p/.claude/rules/r.md:3",
      "AH4310 bundle:profiles/p/.claude/skills/s/SKILL.md:3",
      "AH4310 bundle:profiles/p/.claude/skills/s/scripts/run.sh:2",
      "AH4310 bundle:profiles/p/CLAUDE.md:3",
    ]);
    expect(diagnostics.every((d) => d.severity === "warning" && /environment variable/.test(d.message))).toBe(true);
    const dump = JSON.stringify(ir, (_k, v: unknown) => (v instanceof Uint8Array ? new TextDecoder().decode(v) : v));
    for (const secret of [ghp, aws, slack, "shortval99"]) expect(dump).not.toContain(secret);
    // A name-refused frontmatter value: the block is rendered again, the marker a quoted string.
    const agent = ir.agents[0]!;
    expect(agent.frontmatter.api_key).toBe("[REDACTED:credential_name]");
    expect(parseMarkdown(agent.raw, "a.md").value!.document.frontmatter.api_key).toBe("[REDACTED:credential_name]");
    expect(agent.raw.endsWith("---\nYou are an agent.\n")).toBe(true);
    // Binary bytes are left as they are.
    expect(ir.skills[0]!.files.find((f) => f.path === "logo.bin")!.content).toEqual(new Uint8Array([0, 1, 2, 3]));
  });

  it("returns the same IR when nothing is found", () => {
    const ir = makeIr();
    expect(scrubIrText(ir).ir).toBe(ir);
  });
});

describe("compileTargets", () => {
  it("writes no credential into any file of any target, and warns once per source line", () => {
    const env = portableEnvironment();
    const trees = compileTargets(hostileIr(), env, [...targetIds]);
    expect(trees.map((t) => t.target)).toEqual([...targetIds]);
    for (const tree of trees)
      for (const entry of tree.entries) {
        const text = JSON.stringify(entry, (_k, v: unknown) => (v instanceof Uint8Array ? new TextDecoder().decode(v) : v));
        for (const secret of [ghp, aws, slack, "shortval99"]) expect(text, `${tree.target} ${entry.path}`).not.toContain(secret);
      }
    const warnings = trees.flatMap((t) => t.diagnostics).filter((d) => d.code === "AH4310");
    expect(warnings).toHaveLength(6);
    expect(trees.flatMap((t) => t.diagnostics).filter((d) => d.code === "AH4311")).toEqual([]);
  });

  it("the last check catches a generated file that still holds one", () => {
    const env = portableEnvironment();
    const tree = { target: "claude" as const, entries: [{ kind: "file" as const, path: "/h/x.md", content: `a\nb ${ghp}\n`, mode: 0o644 }], diagnostics: [] };
    const out = scrubTreeText(tree, env.agentihooksHome, new WeakSet());
    expect(out.entries[0]).toMatchObject({ content: "a\nb [REDACTED:github_token]\n" });
    expect(out.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`)).toEqual(["AH4311 /h/x.md:2"]);
  });
});

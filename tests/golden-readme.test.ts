/**
 * Every golden case says what it pins: a one-line `description` in its case.json, and golden/README.md
 * lists them all (`npm run golden:update` rewrites the list; this test fails while it is stale).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverCases, goldenRoot } from "./golden/cases";

const BEGIN = "<!-- cases: generated from golden/*/case.json -->\n";
const END = "<!-- end of cases -->\n";
const readme = path.join(goldenRoot, "README.md");

function descriptionOf(name: string): unknown {
  return (JSON.parse(readFileSync(path.join(goldenRoot, name, "case.json"), "utf8")) as { description?: unknown }).description;
}

describe("golden case descriptions", () => {
  const cases = discoverCases();

  it.each(cases.map((c) => c.name))("%s has a one-line description", (name) => {
    const description = descriptionOf(name);
    expect(typeof description).toBe("string");
    expect(description as string).toMatch(/^\S[^\n]{9,}$/);
  });

  it("golden/README.md lists every case with its description", () => {
    const list = cases.map((c) => `- \`${c.name}\`: ${String(descriptionOf(c.name))}\n`).join("");
    const text = readFileSync(readme, "utf8");
    const start = text.indexOf(BEGIN);
    const end = text.indexOf(END);
    expect(start, "the README's generated-list markers").toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    const wanted = text.slice(0, start + BEGIN.length) + list + text.slice(end);
    if (process.env.AGENTIHOOKS_GOLDEN_UPDATE === "1" && wanted !== text) writeFileSync(readme, wanted);
    else expect(text).toBe(wanted);
  });
});

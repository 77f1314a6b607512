import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { discoverCases, type FileTree, readTree, writeTree } from "./golden/cases";
import { compareTrees } from "./golden/compare";

const root = mkdtempSync(path.join(tmpdir(), "ah-golden-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const tree = (entries: Record<string, string>): FileTree => new Map(Object.entries(entries).map(([k, v]) => [k, new TextEncoder().encode(v)]));

describe("golden harness", () => {
  it("fails on a missing, an unexpected and a changed file, and passes on identical trees", () => {
    const expected = tree({ "a.txt": "same\n", "gone.txt": "x\n", "changed.txt": "old\n" });
    const actual = tree({ "a.txt": "same\n", "new.txt": "y\n", "changed.txt": "new\n" });
    const problems = compareTrees(expected, actual, "golden/c/expected");
    expect(problems.map((p) => p.split("\n")[0])).toEqual([
      "golden/c/expected/changed.txt: content differs",
      "golden/c/expected/gone.txt: expected but not produced (missing file)",
      "golden/c/expected/new.txt: produced but not expected (unexpected file)",
    ]);
    expect(problems[0]).toContain("-old\n+new");
    expect(compareTrees(expected, new Map(expected), "x")).toEqual([]);
  });

  it("treats a final newline as significant", () => {
    expect(compareTrees(tree({ f: "x\n" }), tree({ f: "x" }), "t")).toHaveLength(1);
  });

  it("update writes new files, rewrites changed ones and deletes stale files and empty directories", () => {
    const dir = path.join(root, "expected");
    mkdirSync(path.join(dir, "out", "old"), { recursive: true });
    writeFileSync(path.join(dir, "out", "old", "stale.txt"), "stale\n");
    writeFileSync(path.join(dir, "keep.txt"), "old\n");
    writeTree(dir, tree({ "keep.txt": "new\n", "out/new/file.txt": "fresh\n" }));
    expect(readFileSync(path.join(dir, "keep.txt"), "utf8")).toBe("new\n");
    expect(existsSync(path.join(dir, "out", "old"))).toBe(false);
    expect([...readTree(dir).keys()]).toEqual(["keep.txt", "out/new/file.txt"]);
  });

  it("discovers cases by their input/ directory, sorted, with case.json options", () => {
    const cases = path.join(root, "cases");
    mkdirSync(path.join(cases, "b", "input"), { recursive: true });
    mkdirSync(path.join(cases, "a", "input"), { recursive: true });
    mkdirSync(path.join(cases, "not-a-case"), { recursive: true });
    writeFileSync(path.join(cases, "README.md"), "docs\n");
    writeFileSync(path.join(cases, "a", "case.json"), '{ "profile": "x", "targets": ["codex"] }\n');
    expect(discoverCases(cases).map((c) => [c.name, c.options])).toEqual([
      ["a", { profile: "x", targets: ["codex"] }],
      ["b", {}],
    ]);
  });
});

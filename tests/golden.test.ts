/**
 * The golden suite: every case under golden/ is compiled and each view's files are compared with
 * `expected/`, byte for byte, in both directions. `npm run golden:update` rewrites the expected
 * trees (stale files deleted); a normal run never writes. A second test compiles each case with
 * every directory listing reversed and requires the same bytes.
 */
import { describe, expect, it } from "vitest";
import { nodeFileSystem, withReversedListings } from "../compiler/load/file-system";
import { discoverCases, type FileTree, readTree, writeTree } from "./golden/cases";
import { compareTrees } from "./golden/compare";
import { type CompiledCase, compileCase, views } from "./golden/views";

const updating = process.env.AGENTIHOOKS_GOLDEN_UPDATE === "1";
const cases = discoverCases();
const updateHint = "Run `npm run golden:update` to accept the new output, then review the diff of golden/.";

/** The union of every view's files for a compiled case. */
function renderViews(compiled: CompiledCase): FileTree {
  const tree: FileTree = new Map();
  for (const view of views) {
    for (const [rel, content] of Object.entries(view.render(compiled))) {
      if (tree.has(rel)) throw new Error(`golden view '${view.name}' renders ${rel}, which another view already produced`);
      tree.set(rel, typeof content === "string" ? new TextEncoder().encode(content) : content);
    }
  }
  return tree;
}

describe("golden cases", () => {
  it("finds the cases", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const goldenCase of cases) {
    it(goldenCase.name, () => {
      const actual = renderViews(compileCase(goldenCase));
      if (updating) {
        writeTree(goldenCase.expected, actual);
        return;
      }
      const problems = compareTrees(readTree(goldenCase.expected), actual, `golden/${goldenCase.name}/expected`);
      if (problems.length > 0) expect.fail(`${problems.join("\n")}\n${updateHint}`);
    });
  }
});

describe("golden determinism", () => {
  for (const goldenCase of cases) {
    it(`${goldenCase.name}: same bytes with directory listings reversed`, () => {
      const forward = renderViews(compileCase(goldenCase, nodeFileSystem));
      const reversed = renderViews(compileCase(goldenCase, withReversedListings(nodeFileSystem)));
      const problems = compareTrees(forward, reversed, `golden/${goldenCase.name}`);
      if (problems.length > 0) expect.fail(`output depends on directory listing order:\n${problems.join("\n")}`);
    });
  }
});

describe("bad-input cases", () => {
  // Every `bad-*` case must fail the build with at least one error that names a file, so the CLI exits 1.
  for (const goldenCase of cases.filter((c) => c.name.startsWith("bad-"))) {
    it(`${goldenCase.name}: fails with located errors`, () => {
      const { load } = compileCase(goldenCase);
      expect(load.value).toBeUndefined();
      const errors = load.diagnostics.filter((d) => d.severity === "error");
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) expect(error.file).toMatch(/^(config|bundle|built-in|linked\([^)]+\)|command line)/);
    });
  }
});

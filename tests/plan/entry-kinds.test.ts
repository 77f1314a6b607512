/**
 * The planner's entry kinds (compiler/plan/entries/): every kind a target emits has its module, the
 * record a Python-original install implies names the entry's own kind and path, and nothing in the
 * planner names a target (a target's facts travel on its entries).
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import { compileTargets, loadProject } from "../../compiler/front-end";
import { legacyRecordsFor } from "../../compiler/plan/plan-changes";
import { TARGET_IDS } from "../../compiler/targets/ids";
import { lowerHooks } from "../../compiler/targets/claude/hooks";
import { claudePaths } from "../../compiler/targets/claude/paths";

describe("entry kinds", () => {
  it("every entry of every built-in target has a legacy record of its own kind and path", () => {
    const project = loadProject({ cwd: mkdtempSync(path.join(tmpdir(), "ah-kinds-")), env: portableEnvironment(), configSearch: "none" }).value;
    expect(project).toBeDefined();
    const trees = compileTargets(project!.ir, project!.env, TARGET_IDS);
    const kinds = new Set<string>();
    for (const tree of trees) {
      const records = legacyRecordsFor(tree, ["agentihooks"]);
      expect(
        records.map((r) => [r.kind, r.path]),
        tree.target,
      ).toEqual(tree.entries.map((e) => [e.kind, e.path]));
      for (const e of tree.entries) kinds.add(e.kind);
    }
    // The default profiles exercise every kind but list members (Copilot directives); the text block
    // is the seeded `~/.agentihooks/.env` and, with the default channels, Copilot's shell block.
    expect([...kinds].sort()).toEqual(["file", "json-entries", "json-keys", "json-lists", "managed-region", "text-block", "toml-keys"]);
  });

  it("no target id in the planner; the Claude hook list names the original's command list itself", () => {
    expect(lowerHooks(claudePaths(portableEnvironment()), {}).legacyCommands).toBe("claude_hook_commands");
    const planDir = new URL("../../compiler/plan/", import.meta.url).pathname;
    const sources = readdirSync(planDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(sources.length).toBeGreaterThan(10);
    const ids = new RegExp(`["'\`](${TARGET_IDS.join("|")})["'\`]`);
    for (const file of sources) expect(readFileSync(path.join(planDir, file), "utf8"), file).not.toMatch(ids);
  });
});

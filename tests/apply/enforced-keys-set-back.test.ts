/**
 * A managed value that keeps the guardrails on (Copilot's `disableAllHooks: false`) is not a hand
 * edit to keep: apply sets it back with AH5043 naming the file, before or after agentihooks first
 * managed the key, and the plan shows the change so doctor reports it until apply runs.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DesiredTree, JsonKeysEntry } from "../../compiler/desired-tree";
import { lowerSettings } from "../../compiler/targets/copilot/settings";
import { apply, copilotTree, get, makeHomes, put } from "./fixtures";

function enforcedTree(tree: DesiredTree): DesiredTree {
  for (const entry of tree.entries) {
    if (entry.kind !== "json-keys") continue;
    for (const item of entry.keys) if (item.key[0] === "disableAllHooks") item.enforced = true;
  }
  return tree;
}

describe("disableAllHooks: true in Copilot's settings.json", () => {
  it("is set back by apply, with a warning naming the file, after a hand edit", () => {
    const h = makeHomes();
    expect(apply([enforcedTree(copilotTree(h))], h).result?.ok).toBe(true);
    const settings = path.join(h.copilot, "settings.json");
    put(settings, get(settings).replace('"disableAllHooks": false', '"disableAllHooks": true'));
    const out = apply([enforcedTree(copilotTree(h))], h);
    expect(out.result?.ok, JSON.stringify(out.diagnostics)).toBe(true);
    const warning = out.diagnostics.find((d) => d.code === "AH5043");
    expect(warning?.file).toBe("~/.copilot/settings.json");
    expect(out.diagnostics.map((d) => d.code)).not.toContain("AH5001");
    expect(JSON.parse(get(settings)).disableAllHooks).toBe(false);
  });

  it("is set back on the first apply over a home that had it", () => {
    const h = makeHomes();
    put(path.join(h.copilot, "settings.json"), '{\n  "theme": "dim",\n  "disableAllHooks": true\n}\n');
    const out = apply([enforcedTree(copilotTree(h))], h);
    expect(out.diagnostics.map((d) => d.code)).toContain("AH5043");
    expect(out.diagnostics.map((d) => d.code)).not.toContain("AH5039");
    const settings = JSON.parse(get(path.join(h.copilot, "settings.json")));
    expect(settings).toMatchObject({ theme: "dim", disableAllHooks: false });
  });

  it("an ordinary managed key edited by hand is still kept (AH5001)", () => {
    const h = makeHomes();
    expect(apply([enforcedTree(copilotTree(h))], h).result?.ok).toBe(true);
    const settings = path.join(h.copilot, "settings.json");
    const edited = JSON.parse(get(settings));
    edited.statusLine = { type: "command", command: "mine" };
    put(settings, `${JSON.stringify(edited, null, 2)}\n`);
    const out = apply([enforcedTree(copilotTree(h))], h);
    expect(out.diagnostics.map((d) => d.code)).toContain("AH5001");
    expect(JSON.parse(get(settings)).statusLine.command).toBe("mine");
  });
});

describe("the Copilot target", () => {
  it("marks disableAllHooks: false as enforced, and nothing else", () => {
    const origin = { file: "profiles/p/settings.overrides.json", line: 1, column: 1 };
    const doc = { value: { theme: "dim" }, provenance: { "/theme": origin }, layers: [origin] } as unknown as Parameters<typeof lowerSettings>[0];
    const env = { nodePath: "/usr/bin/node", runtimePath: "/r/runtime.cjs" } as unknown as Parameters<typeof lowerSettings>[1];
    const paths = { settings: "/h/.copilot/settings.json", sidecar: "/h/.copilot/.agentihooks-managed.json" } as unknown as Parameters<typeof lowerSettings>[2];
    const { entry } = lowerSettings(doc, env, paths);
    const keys = (entry as JsonKeysEntry).keys;
    expect(keys.filter((k) => k.enforced).map((k) => k.key)).toEqual([["disableAllHooks"]]);
    expect(keys.find((k) => k.key[0] === "disableAllHooks")?.value).toBe(false);
  });
});

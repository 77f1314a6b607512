import { chmodSync, lstatSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planOut, writeOut } from "../../compiler/apply/build-out";
import { defaultJsonStyle, type DesiredTree } from "../../compiler/desired-tree";
import { outTreeWriter } from "../../compiler/fs/out-tree";
import type { Plan } from "../../compiler/plan/change";

const HOME = "/home/agent";

const tree = (hook = "#!/bin/sh\n"): DesiredTree => ({
  target: "copilot",
  diagnostics: [],
  entries: [
    { kind: "file", path: `${HOME}/.copilot/agentihooks-hook.sh`, content: hook, mode: 0o755 },
    {
      kind: "file",
      path: `${HOME}/.copilot/agents/scout.md`,
      content: "scout\n",
      mode: 0o644,
      manifest: { dir: `${HOME}/.copilot/agents`, file: ".agentihooks-manifest.json", item: "scout.md" },
    },
    {
      kind: "json-keys",
      path: `${HOME}/.copilot/settings.json`,
      format: "jsonc",
      keys: [{ key: ["theme"], value: "dark" }],
      sidecar: `${HOME}/.copilot/.agentihooks-managed.json`,
      style: defaultJsonStyle,
      mode: 0o644,
    },
    { kind: "file", path: "/etc/agentihooks/outside.txt", content: "outside\n", mode: 0o600 },
  ],
});

const actions = (plan: Plan, dir: string) => Object.fromEntries(plan.changes.map((c) => [path.relative(dir, c.path), c.action]));

describe("build --out plan", () => {
  it("shows an installed bundle (the runtime, the MCP server) by its digest, not as a diff", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ah-out-"));
    const runtime = `${HOME}/.agentihooks/runtime/1.0.0-abcdef0123456789/runtime.cjs`;
    const bundled: DesiredTree = {
      target: "copilot",
      diagnostics: [],
      entries: [{ kind: "file", path: runtime, content: "module.exports = 1;\n", mode: 0o644 }, ...tree().entries],
    };
    const plan = planOut([bundled], dir, HOME, outTreeWriter(), (file) => file === runtime);
    const summaries = plan.changes.filter((c) => c.summary !== undefined);
    expect(summaries.map((c) => [path.relative(dir, c.path), c.summary])).toEqual([
      [
        "copilot/.agentihooks/runtime/1.0.0-abcdef0123456789/runtime.cjs",
        "the hook runtime, sha256 6e66e366f0aefb84ad8110afcd9b2245702c643c831edf8316ff048fec739d2e (20 bytes)",
      ],
    ]);
  });

  it("creates the render below DIR/<target>, then keeps it, and updates, replaces or removes only what differs", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ah-out-"));
    const fs = outTreeWriter();
    const first = planOut([tree()], dir, HOME, fs);
    expect(actions(first, dir)).toEqual({
      "copilot/.copilot/.agentihooks-managed.json": "create",
      "copilot/.copilot/agentihooks-hook.sh": "create",
      "copilot/.copilot/agents/.agentihooks-manifest.json": "create",
      "copilot/.copilot/agents/scout.md": "create",
      "copilot/.copilot/settings.json": "create",
      "copilot/_root/etc/agentihooks/outside.txt": "create",
    });
    writeOut(first, fs);
    expect(statSync(path.join(dir, "copilot/.copilot/agentihooks-hook.sh")).mode & 0o777).toBe(0o755);
    expect(statSync(path.join(dir, "copilot/_root/etc/agentihooks/outside.txt")).mode & 0o777).toBe(0o600);
    expect(Object.values(actions(planOut([tree()], dir, HOME, fs), dir)).every((a) => a === "keep")).toBe(true);

    chmodSync(path.join(dir, "copilot/.copilot/agents/scout.md"), 0o600);
    writeFileSync(path.join(dir, "copilot/stale.txt"), "x");
    const victim = path.join(dir, "victim.txt");
    writeFileSync(victim, "operator\n");
    const settings = path.join(dir, "copilot/.copilot/settings.json");
    const settingsBytes = readFileSync(settings);
    writeFileSync(settings, "");
    symlinkSync(victim, path.join(dir, "copilot/linked"));
    const second = planOut([tree("#!/bin/sh\necho changed\n")], dir, HOME, fs);
    expect(actions(second, dir)).toMatchObject({
      "copilot/.copilot/agentihooks-hook.sh": "update",
      "copilot/.copilot/agents/scout.md": "update",
      "copilot/.copilot/settings.json": "update",
      "copilot/.copilot/.agentihooks-managed.json": "keep",
      "copilot/stale.txt": "delete",
    });
    writeOut(second, fs);
    expect(readFileSync(settings)).toEqual(settingsBytes);
    expect(statSync(path.join(dir, "copilot/.copilot/agents/scout.md")).mode & 0o777).toBe(0o644);
    expect(readFileSync(path.join(dir, "copilot/.copilot/agentihooks-hook.sh"), "utf8")).toBe("#!/bin/sh\necho changed\n");
    expect(() => lstatSync(path.join(dir, "copilot/stale.txt"))).toThrow();
    expect(() => lstatSync(path.join(dir, "copilot/linked"))).toThrow();
    expect(readFileSync(victim, "utf8")).toBe("operator\n");
    expect(Object.values(actions(planOut([tree("#!/bin/sh\necho changed\n")], dir, HOME, fs), dir)).every((a) => a === "keep")).toBe(true);
  });
});

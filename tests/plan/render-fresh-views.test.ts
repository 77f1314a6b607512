import { describe, expect, it } from "vitest";
import { defaultJsonStyle, type DesiredTree } from "../../compiler/desired-tree";
import { renderFresh } from "../../compiler/render-fresh";

const H = "/home/agent/.copilot";
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

function sampleTree(): DesiredTree {
  return {
    target: "copilot",
    diagnostics: [],
    entries: [
      { kind: "file", path: `${H}/agentihooks-hook.sh`, content: "#!/usr/bin/env bash\n", mode: 0o755 },
      {
        kind: "file",
        path: `${H}/agents/scout.md`,
        content: "scout\n",
        mode: 0o644,
        manifest: { dir: `${H}/agents`, file: ".agentihooks-manifest.json", item: "scout.md" },
      },
      {
        kind: "json-keys",
        path: `${H}/settings.json`,
        format: "jsonc",
        keys: [
          { key: ["statusLine"], value: { type: "command", command: "x" } },
          { key: ["disableAllHooks"], value: false },
        ],
        sidecar: `${H}/.agentihooks-managed.json`,
        style: defaultJsonStyle,
        mode: 0o644,
      },
      {
        kind: "json-lists",
        path: `${H}/hooks/agentihooks.json`,
        container: ["hooks"],
        lists: { preToolUse: [{ type: "command", command: `${H}/agentihooks-hook.sh preToolUse` }] },
        ownerCommand: `${H}/agentihooks-hook.sh`,
        position: "last",
        style: defaultJsonStyle,
        mode: 0o644,
        skeleton: { version: 1 },
      },
    ],
  };
}

describe("renderFresh", () => {
  it("renders every file a first apply writes, sorted, with sidecar and manifest and without the ledger", () => {
    const files = renderFresh(sampleTree());
    expect(files.map((f) => f.path)).toEqual([
      `${H}/.agentihooks-managed.json`,
      `${H}/agentihooks-hook.sh`,
      `${H}/agents/.agentihooks-manifest.json`,
      `${H}/agents/scout.md`,
      `${H}/hooks/agentihooks.json`,
      `${H}/settings.json`,
    ]);
    const byPath = new Map(files.map((f) => [f.path, f]));
    expect(byPath.get(`${H}/agentihooks-hook.sh`)?.mode).toBe(0o755);
    expect(text(byPath.get(`${H}/settings.json`)!.content)).toBe(
      '{\n  "statusLine": {\n    "type": "command",\n    "command": "x"\n  },\n  "disableAllHooks": false\n}\n',
    );
    expect(JSON.parse(text(byPath.get(`${H}/hooks/agentihooks.json`)!.content))).toEqual({
      version: 1,
      hooks: { preToolUse: [{ type: "command", command: `${H}/agentihooks-hook.sh preToolUse` }] },
    });
    expect(JSON.parse(text(byPath.get(`${H}/agents/.agentihooks-manifest.json`)!.content))).toEqual(["scout.md"]);
    expect(JSON.parse(text(byPath.get(`${H}/.agentihooks-managed.json`)!.content)).files["settings.json"].keys["/disableAllHooks"]).toBe(false);
  });

  it("is deterministic", () => {
    const a = renderFresh(sampleTree());
    const b = renderFresh(sampleTree());
    expect(a.map((f) => [f.path, text(f.content), f.mode])).toEqual(b.map((f) => [f.path, text(f.content), f.mode]));
  });

  it("plans without the ledger exactly what a first apply writes, minus the ledger itself", async () => {
    const { planChanges } = await import("../../compiler/plan/plan-changes");
    const { memoryFileSystem } = await import("../../compiler/fs/memory");
    const C = "/home/agent/.codex";
    const tree = sampleTree();
    tree.entries.push(
      {
        kind: "managed-region",
        path: `${H}/copilot-instructions.md`,
        content: "<!-- begin -->\npersona\n<!-- end -->\n",
        header: "<!-- begin -->",
        footer: "<!-- end -->",
        mode: 0o644,
      },
      {
        kind: "json-entries",
        path: `${H}/mcp-config.json`,
        container: ["mcpServers"],
        entries: { b: { command: "b", args: ["x"] }, a: { url: "https://a" } },
        style: defaultJsonStyle,
        mode: 0o600,
      },
      {
        kind: "json-lists",
        path: `${H}/hooks/own.json`,
        container: ["hooks"],
        lists: { stop: [{ type: "command", command: "echo done" }] },
        ownerCommand: `${H}/agentihooks-hook.sh`,
        position: "first",
        style: defaultJsonStyle,
        mode: 0o644,
        recordItems: true,
      },
      {
        kind: "toml-keys",
        path: `${C}/config.toml`,
        keys: [
          { key: ["model"], value: "o3" },
          { key: ["mcp_servers", "a", "url"], value: "https://a" },
        ],
        defaults: [{ key: ["notify"], value: ["n"] }],
        sidecar: `${C}/.agentihooks-managed.json`,
        mode: 0o600,
      },
    );
    const env = { home: "/home/agent", agentihooksHome: "/home/agent/.agentihooks" };
    const full = planChanges([tree], { fs: memoryFileSystem(), env, now: new Date(0) });
    const lean = planChanges([tree], { fs: memoryFileSystem(), env, now: new Date(0) }, { ledger: false });
    const shown = (changes: typeof full.changes) =>
      changes.filter((c) => !c.path.startsWith(env.agentihooksHome)).map((c) => [c.path, c.action, c.mode, c.bookkeeping, text(c.after!)]);
    expect(full.changes.some((c) => c.path === `${env.agentihooksHome}/state.json`)).toBe(true);
    expect(lean.changes.some((c) => c.path.startsWith(env.agentihooksHome))).toBe(false);
    expect(shown(lean.changes)).toEqual(shown(full.changes));
    expect(shown(lean.changes).length).toBe(11);
  });

  it("renders nothing for an empty tree", () => {
    expect(renderFresh({ target: "codex", entries: [], diagnostics: [] })).toEqual([]);
  });
});

describe("plan views", () => {
  it("the Markdown view never shows the contents of a private (0600) file", async () => {
    const { renderPlanMarkdown, renderPlanText } = await import("../../compiler/plan/plan-view");
    const enc = (t: string) => new TextEncoder().encode(t);
    const plan = {
      targets: ["copilot"],
      observed: {},
      pruneDirs: [],
      diagnostics: [],
      changes: [
        {
          target: "copilot",
          path: "/h/.copilot/mcp-config.json",
          action: "create" as const,
          before: undefined,
          after: enc('{"token": "s3cret"}\n'),
          mode: 0o600,
          bookkeeping: false,
          conflicts: 0,
        },
        {
          target: "copilot",
          path: "/h/.copilot/settings.json",
          action: "update" as const,
          before: enc('{"a": 1}\n'),
          after: enc('{"a": 2}\n'),
          mode: 0o644,
          bookkeeping: false,
          conflicts: 0,
        },
      ],
    };
    const md = renderPlanMarkdown(plan, "/h");
    expect(md).not.toContain("s3cret");
    expect(md).toContain("Private file (mode 0600): contents not shown.");
    expect(md).toContain('+{"a": 2}');
    expect(md).toContain("| copilot | 1 | 1 | 0 | 0 |");
    const text = renderPlanText(plan, { home: "/h", color: false });
    expect(text).toContain("+ create ~/.copilot/mcp-config.json (copilot)");
    expect(text).toContain("--- a/~/.copilot/settings.json");
    expect(text.trimEnd().split("\n").pop()).toBe("Plan: 1 to create, 1 to update, 0 to delete.");
    expect(renderPlanText(plan, { home: "/h", color: true })).toContain("\u001b[32m+ create");
  });
});

describe("what a plan observed", () => {
  it("holds the digest of every path it read (absent ones too), also once serialised as a saved plan", async () => {
    const { planChanges } = await import("../../compiler/plan/plan-changes");
    const { memoryFileSystem } = await import("../../compiler/fs/memory");
    const { digestOf } = await import("../../compiler/plan/digest");
    const { parsePlanFile, serializePlanFile } = await import("../../compiler/plan/plan-file");
    const settings = '{\n  "theme": "dark"\n}\n';
    const fs = memoryFileSystem({ [`${H}/settings.json`]: settings });
    const plan = planChanges([sampleTree()], { fs, env: { home: "/home/agent", agentihooksHome: "/home/agent/.agentihooks" }, now: new Date(0) });
    expect(plan.observed[`${H}/settings.json`]).toBe(digestOf(settings));
    expect(plan.observed[`${H}/agentihooks-hook.sh`]).toBe("absent");
    expect(plan.observed["/home/agent/.agentihooks/state.json"]).toBe("absent");
    const saved = parsePlanFile(serializePlanFile(plan));
    expect("plan" in saved && saved.plan.observed).toEqual({ ...plan.observed });
    expect(Object.values(plan.observed).every((v) => v === "absent" || /^sha256:[0-9a-f]{64}$/.test(v))).toBe(true);
  });
});

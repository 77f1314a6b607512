/**
 * Edits to an operator's JSON file touch only our entries: adding or removing one of ours leaves
 * every byte of the operator's neighbouring entries as it was (a one-line entry stays on one line).
 */
import { describe, expect, it } from "vitest";
import { defaultJsonStyle, type DesiredTree } from "../../compiler/desired-tree";
import { memoryFileSystem } from "../../compiler/fs/memory";
import { JsonDocument } from "../../compiler/plan/json-document";
import { planChanges } from "../../compiler/plan/plan-changes";

const decoder = new TextDecoder();
const env = { home: "/h", agentihooksHome: "/h/.agentihooks" };
const now = new Date(Date.UTC(2026, 10, 30, 12));

const mcpTree = (entries: Record<string, unknown>): DesiredTree => ({
  target: "claude",
  diagnostics: [],
  entries: [{ kind: "json-entries", path: "/h/.claude.json", container: ["mcpServers"], entries, style: defaultJsonStyle, mode: 0o600 }],
});

/** Plans the tree against the files and applies the plan to the in-memory port. */
function applyTo(fs: ReturnType<typeof memoryFileSystem>, tree: DesiredTree): string {
  const plan = planChanges([tree], { fs, env, now });
  for (const change of plan.changes) {
    if (change.action === "keep" || change.action === "conflict") continue;
    if (change.after === undefined) fs.remove(change.path);
    else fs.write(change.path, change.after, change.mode);
  }
  return decoder.decode(fs.read("/h/.claude.json"));
}

const operatorFile = [
  "{",
  '  "numStartups": 3,',
  '  "mcpServers": {',
  '    "theirs": { "command": "npx", "args": ["-y", "their-server"] },',
  '    "other": {"type": "http", "url": "https://example.test/mcp"}',
  "  }",
  "}",
  "",
].join("\n");

describe("edits to a shared JSON file", () => {
  it("adding our entry leaves the operator's one-line entries byte for byte", () => {
    const fs = memoryFileSystem({ "/h/.claude.json": operatorFile });
    const text = applyTo(fs, mcpTree({ agentihooks: { command: "node", args: ["mcp.mjs"] } }));
    expect(text).toContain('    "theirs": { "command": "npx", "args": ["-y", "their-server"] },\n');
    expect(text).toContain('    "other": {"type": "http", "url": "https://example.test/mcp"}');
    expect(JSON.parse(text)).toEqual({
      numStartups: 3,
      mcpServers: {
        theirs: { command: "npx", args: ["-y", "their-server"] },
        other: { type: "http", url: "https://example.test/mcp" },
        agentihooks: { command: "node", args: ["mcp.mjs"] },
      },
    });
    // Ours is formatted like a fresh file (indented, one key per line).
    expect(text).toContain('    "agentihooks": {\n      "command": "node",\n      "args": [\n        "mcp.mjs"\n      ]\n    }\n  }\n}\n');
  });

  it("removing our entry again restores the operator's text exactly", () => {
    const fs = memoryFileSystem({ "/h/.claude.json": operatorFile });
    applyTo(fs, mcpTree({ agentihooks: { command: "node", args: ["mcp.mjs"] } }));
    expect(applyTo(fs, mcpTree({}))).toBe(operatorFile);
  });

  it("an entry added to an empty or one-line container leaves the rest of that line alone", () => {
    const doc = new JsonDocument('{"a": {"x": 1}, "b": {}}\n', defaultJsonStyle, { a: { x: 1 }, b: {} });
    doc.set(["a", "y"], 2);
    doc.set(["b", "z"], [1]);
    const text = doc.toText();
    expect(text).toContain('{"a": {"x": 1,');
    expect(JSON.parse(text)).toEqual({ a: { x: 1, y: 2 }, b: { z: [1] } });
  });

  it("replacing a value keeps the formatting around it (as before)", () => {
    const doc = new JsonDocument('{\n  "k":   1,\n  "n": { "m": true }\n}\n', defaultJsonStyle, { k: 1, n: { m: true } });
    doc.set(["k"], 2);
    expect(doc.toText()).toBe('{\n  "k":   2,\n  "n": { "m": true }\n}\n');
  });
});

/**
 * Operator text is never lost. A shared file that does not parse, or that holds comments its client
 * does not accept, is an error naming it and nothing is written (it used to be backed up and
 * replaced whole). Claude Code 2.1.332 rejects comments and trailing commas in settings.json: run
 * with a temp CLAUDE_CONFIG_DIR against a local model server, such a file is reported by
 * `claude doctor` as "Invalid or malformed JSON" and ignored whole (its `model` is not used).
 * Uninstall keeps the operator's TOML comments next to a table it removes; a hooks file that no
 * longer parses is moved whole to a backup by uninstall, a settings file never is.
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultJsonStyle, type DesiredTree } from "../../compiler/desired-tree";
import { restoreComments } from "../../compiler/plan/toml-document";
import { apply, codexTree, copilotTree, get, makeHomes, put, snapshot, uninstall, type Homes } from "./fixtures";

/** A Claude-shaped tree: settings.json read by its client as plain JSON (no comments). */
function claudeTree(h: Homes): DesiredTree {
  const claude = `${h.home}/.claude`;
  return {
    target: "claude",
    diagnostics: [],
    entries: [
      {
        kind: "json-keys",
        path: `${claude}/settings.json`,
        format: "json",
        keys: [{ key: ["statusLine"], value: { type: "command", command: "node statusline" } }],
        sidecar: `${claude}/.agentihooks-managed.json`,
        style: defaultJsonStyle,
        mode: 0o644,
      },
      {
        kind: "json-lists",
        path: `${claude}/settings.json`,
        container: ["hooks"],
        lists: { PreToolUse: [{ hooks: [{ type: "command", command: `${claude}/agentihooks-hook.sh PreToolUse` }] }] },
        ownerCommand: `${claude}/agentihooks-hook.sh`,
        position: "last",
        style: defaultJsonStyle,
        mode: 0o644,
      },
    ],
  };
}

describe("a settings file agentihooks cannot edit in place", () => {
  for (const [name, text] of [
    ["a // comment", '{\n  // my model\n  "model": "opus",\n  "permissions": { "allow": ["Bash(ls)"] }\n}\n'],
    ["a trailing comma", '{\n  "model": "opus",\n  "permissions": { "allow": ["Bash(ls)"] },\n}\n'],
  ] as const) {
    it(`Claude settings.json with ${name}: an error naming the file and the line; nothing written, no backup`, () => {
      const h = makeHomes();
      put(`${h.home}/.claude/settings.json`, text);
      const before = snapshot(h.home);
      const out = apply([claudeTree(h)], h);
      expect(out.result?.ok).toBe(false);
      expect(out.diagnostics.map((d) => [d.code, d.severity, d.file])).toEqual([["AH5041", "error", "~/.claude/settings.json"]]);
      expect(out.diagnostics[0]?.message).toMatch(/at line \d/);
      expect(out.plan?.changes.filter((c) => c.action !== "keep" && !c.bookkeeping)).toEqual([]);
      expect(snapshot(h.home)).toEqual(before);
    });
  }

  it("the same file as plain JSON is edited in place, the operator's keys kept", () => {
    const h = makeHomes();
    put(`${h.home}/.claude/settings.json`, '{\n  "model": "opus",\n  "permissions": { "allow": ["Bash(ls)"] }\n}\n');
    expect(apply([claudeTree(h)], h).result?.ok).toBe(true);
    const doc = JSON.parse(get(`${h.home}/.claude/settings.json`));
    expect(doc.model).toBe("opus");
    expect(doc.permissions).toEqual({ allow: ["Bash(ls)"] });
    expect(doc.statusLine.command).toBe("node statusline");
  });

  it("an unparseable config.toml is an error too, never replaced", () => {
    const h = makeHomes();
    put(`${h.codex}/config.toml`, '# mine\nmodel = "o3\n');
    const before = snapshot(h.home);
    const out = apply([codexTree(h)], h);
    expect(out.result?.ok).toBe(false);
    expect(out.diagnostics.find((d) => d.code === "AH5002")?.file).toBe("~/.codex/config.toml");
    expect(snapshot(h.home)).toEqual(before);
  });
});

describe("uninstall keeps the operator's TOML comments", () => {
  it("a comment above the operator's table that follows ours, and one above ours, survive removing our table", () => {
    const h = makeHomes();
    const mine = '# mine\nmodel = "o3"\n';
    put(`${h.codex}/config.toml`, mine);
    expect(apply([codexTree(h)], h).result?.ok).toBe(true);
    // The operator adds a table of their own after ours, with a comment above it, and a note above ours.
    const applied = get(`${h.codex}/config.toml`);
    expect(applied).toContain("[mcp_servers.agentihooks]");
    const edited = `${applied.replace("[mcp_servers.agentihooks]", "# the agentihooks server, do not touch\n[mcp_servers.agentihooks]")}\n# my own server: keep this note\n[mcp_servers.mine]\ncommand = "mine"\n`;
    put(`${h.codex}/config.toml`, edited);
    expect(uninstall(["codex"], h).result?.ok).toBe(true);
    const text = get(`${h.codex}/config.toml`);
    expect(text).not.toContain("agentihooks]");
    expect(text).toContain("# mine\n");
    expect(text).toContain('# my own server: keep this note\n[mcp_servers.mine]\ncommand = "mine"\n');
    expect(text).toContain("# the agentihooks server, do not touch\n");
  });

  it("restoreComments puts back only lost whole-line comments, before the line that followed them", () => {
    const original = "a = 1\n\n[x]\nk = 1\n\n# about y\n[y]\nk = 2\n";
    expect(restoreComments(original, "a = 1\n[y]\nk = 2\n")).toBe("a = 1\n\n# about y\n[y]\nk = 2\n");
    expect(restoreComments(original, original)).toBe(original);
    // A lost comment whose neighbours are gone too goes after the last surviving line before it.
    expect(restoreComments("a = 1\n[x]\nk = 1\n# tail note\n", "a = 1\n")).toBe("a = 1\n\n# tail note\n");
  });
});

describe("uninstall and a file that no longer parses", () => {
  it("a hooks file holding only hook lists is moved whole to a backup, the operator's entries kept there", () => {
    const h = makeHomes();
    expect(apply([copilotTree(h)], h).result?.ok).toBe(true);
    const hooks = `${h.copilot}/hooks/agentihooks.json`;
    put(hooks, '{ "version": 1, "hooks": { "preToolUse": [ { "command": "operator_hook" } ');
    const out = uninstall(["copilot"], h);
    expect(out.result?.ok).toBe(true);
    const moved = out.diagnostics.find((d) => d.code === "AH5042");
    expect(moved?.file).toBe("~/.copilot/hooks/agentihooks.json");
    expect(existsSync(hooks)).toBe(false);
    expect(get(`${hooks}.bak.20261130120000`)).toContain("operator_hook");
  });

  it("a settings file is never moved: uninstall stops with an error naming it, and writes nothing", () => {
    const h = makeHomes();
    expect(apply([copilotTree(h)], h).result?.ok).toBe(true);
    put(`${h.copilot}/settings.json`, '{ "theme": "dim", ');
    const before = snapshot(h.home);
    const out = uninstall(["copilot"], h);
    expect(out.result?.ok).toBe(false);
    expect(out.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.file])).toEqual([["AH5002", "~/.copilot/settings.json"]]);
    expect(snapshot(h.home)).toEqual(before);
  });
});

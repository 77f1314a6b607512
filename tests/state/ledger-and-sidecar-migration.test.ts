import { existsSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migrateGlobal, parseLedger, readTargetLedger } from "../../compiler/state/ledger";
import { parseSidecar, recordFor, serializeSidecar } from "../../compiler/state/sidecar";
import { apply, codexTree, copilotTree, get, makeHomes, put, uninstall } from "../apply/fixtures";

describe("ledger (state.json)", () => {
  it("splits a legacy flat targets.global over the claude record without mutating the input", () => {
    const input = { targets: { global: { profile: "anton", path: "/h/.claude", codex: { profile: "x" } } }, version: "2.17.0" };
    const copy = JSON.parse(JSON.stringify(input));
    const out = migrateGlobal(input);
    expect(input).toEqual(copy);
    expect(out.targets).toEqual({ global: { codex: { profile: "x" }, claude: { profile: "anton", path: "/h/.claude" } } });
  });

  it("treats an unparseable state as empty and reads the Python MCP name lists as ownership", () => {
    expect(parseLedger("{ nope").unparseable).toBe(true);
    const ledger = parseLedger(JSON.stringify({ targets: { global: { copilot: { managed_mcp: ["gw", "agentihooks"] } } }, managed_mcp_servers: ["c1"] }));
    expect(readTargetLedger(ledger, "copilot").legacyMcp).toEqual(["agentihooks", "gw"]);
    expect(readTargetLedger(ledger, "claude").legacyMcp).toEqual(["c1"]);
  });

  it("keeps fields it does not manage (bundle, linked profiles) and writes no timestamps", () => {
    const h = makeHomes();
    put(
      `${h.agentihooks}/state.json`,
      JSON.stringify({ bundle: { path: "/b" }, linked_profiles: [{ name: "brain" }], targets: { global: { copilot: { profile: "anton" } } } }),
    );
    apply([copilotTree(h)], h);
    const state = JSON.parse(get(`${h.agentihooks}/state.json`));
    expect(state.bundle).toEqual({ path: "/b" });
    expect(state.linked_profiles).toEqual([{ name: "brain" }]);
    expect(state.targets.global.copilot.profile).toBe("anton");
    expect(JSON.stringify(state)).not.toMatch(/installed_at|\d{4}-\d{2}-\d{2}T/);
  });

  it("backs up an unparseable state.json and reports it", () => {
    const h = makeHomes();
    put(`${h.agentihooks}/state.json`, "{ broken");
    const out = apply([copilotTree(h)], h);
    expect(out.diagnostics.map((d) => d.code)).toContain("AH5018");
    expect(get(`${h.agentihooks}/state.json.bak.20261130120000`)).toBe("{ broken");
    expect(JSON.parse(get(`${h.agentihooks}/state.json`)).targets.global.copilot.owned.length).toBeGreaterThan(0);
  });
});

describe("sidecars", () => {
  it("reads the Python original's flat sidecar as a record of top-level keys and writes version 2", () => {
    const legacy = parseSidecar('{"statusLine": {"type": "command"}, "disableAllHooks": false}');
    expect(recordFor(legacy, "settings.json")?.keys).toEqual({ "/statusLine": { type: "command" }, "/disableAllHooks": false });
    const text = serializeSidecar({ "settings.json": { keys: { "/b": 1, "/a": 2 }, members: {}, defaults: {} } });
    expect(text).toBe('{\n  "version": 2,\n  "files": {\n    "settings.json": {\n      "keys": {\n        "/a": 2,\n        "/b": 1\n      }\n    }\n  }\n}\n');
    expect(serializeSidecar({ "x.json": { keys: {}, members: {}, defaults: {} } })).toBeUndefined();
  });

  it("honours a Python flat sidecar: an unedited managed key follows the profile", () => {
    const h = makeHomes();
    put(`${h.copilot}/settings.json`, JSON.stringify({ statusLine: { type: "command", command: "python -m hooks.statusline" }, theme: "dim" }));
    put(`${h.copilot}/.agentihooks-managed.json`, JSON.stringify({ statusLine: { type: "command", command: "python -m hooks.statusline" } }));
    const out = apply([copilotTree(h)], h);
    expect(out.diagnostics.map((d) => d.code)).not.toContain("AH5001");
    expect(JSON.parse(get(`${h.copilot}/settings.json`)).statusLine.command).toBe("node statusline");
    expect(JSON.parse(get(`${h.copilot}/.agentihooks-managed.json`)).version).toBe(2);
  });

  it("adopts and removes the legacy in-file agentihooks.managed record", () => {
    const h = makeHomes();
    const old = { type: "command", command: "python -m hooks.statusline" };
    put(`${h.copilot}/settings.json`, JSON.stringify({ agentihooks: { managed: { statusLine: old } }, statusLine: old }));
    apply([copilotTree(h)], h);
    const settings = JSON.parse(get(`${h.copilot}/settings.json`));
    expect(settings.agentihooks).toBeUndefined();
    expect(settings.statusLine.command).toBe("node statusline");
  });

  it("a lost sidecar self-heals when the file still holds the managed values, and a hand edit is still caught", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    put(`${h.copilot}/.agentihooks-managed.json`, "");
    const healed = apply([copilotTree(h)], h);
    expect(healed.diagnostics.map((d) => d.code)).not.toContain("AH5001");
    expect(JSON.parse(get(`${h.copilot}/.agentihooks-managed.json`)).files["settings.json"].keys["/statusLine"]).toBeDefined();
    const s = JSON.parse(get(`${h.copilot}/settings.json`));
    s.statusLine.command = "/usr/local/bin/mine";
    put(`${h.copilot}/settings.json`, JSON.stringify(s));
    put(`${h.copilot}/.agentihooks-managed.json`, "");
    const out = apply([copilotTree(h, { statusCommand: "v2" })], h);
    // With the record gone, the edited value is one agentihooks has no record of: kept, with --adopt offered.
    expect(out.diagnostics.map((d) => d.code)).toContain("AH5039");
    expect(JSON.parse(get(`${h.copilot}/settings.json`)).statusLine.command).toBe("/usr/local/bin/mine");
  });

  it("adopts the Python original's [agentihooks.managed] table in config.toml and drops it", () => {
    const h = makeHomes();
    put(
      `${h.codex}/config.toml`,
      '# mine\napproval_policy = "never"\n\n[agentihooks.managed]\napproval_policy = "never"\n\n[agentihooks.managed.features]\nhooks = true\n',
    );
    const out = apply([codexTree(h)], h);
    expect(out.diagnostics.map((d) => d.code)).not.toContain("AH5001");
    const text = get(`${h.codex}/config.toml`);
    expect(text).toContain('approval_policy = "on-request"');
    expect(text).not.toMatch(/^\[agentihooks/m);
    expect(text.startsWith("# mine\n")).toBe(true);
  });

  it("a default (Codex notify) is set only when absent, and uninstall removes only one we set", () => {
    const h = makeHomes();
    put(`${h.codex}/config.toml`, 'notify = ["my-notifier"]\n');
    apply([codexTree(h)], h);
    expect(get(`${h.codex}/config.toml`)).toContain('notify = ["my-notifier"]');
    uninstall(["codex"], h);
    expect(get(`${h.codex}/config.toml`)).toBe('notify = ["my-notifier"]\n');
    const h2 = makeHomes();
    apply([codexTree(h2)], h2);
    expect(get(`${h2.codex}/config.toml`)).toContain('notify = ["node", "notify.mjs"]');
    uninstall(["codex"], h2);
    expect(existsSync(`${h2.codex}/config.toml`)).toBe(false);
  });
});

describe("Python-original MCP and manifest records", () => {
  it("an MCP entry listed in the Python ledger is ours: updated, not a conflict; later removed when dropped", () => {
    const h = makeHomes();
    put(`${h.agentihooks}/state.json`, JSON.stringify({ targets: { global: { copilot: { managed_mcp: ["gw"] } } } }));
    put(`${h.copilot}/mcp-config.json`, JSON.stringify({ mcpServers: { gw: { type: "http", url: "https://old" }, mine: { command: "m" } } }));
    const out = apply([copilotTree(h, { servers: { gw: { type: "http", url: "https://new" } } })], h);
    expect(out.diagnostics.map((d) => d.code)).not.toContain("AH5004");
    expect(JSON.parse(get(`${h.copilot}/mcp-config.json`)).mcpServers).toEqual({ gw: { type: "http", url: "https://new" }, mine: { command: "m" } });
    apply([copilotTree(h, { servers: {} })], h);
    expect(JSON.parse(get(`${h.copilot}/mcp-config.json`)).mcpServers).toEqual({ mine: { command: "m" } });
  });

  it("an owned MCP entry edited by hand is left alone and reported", () => {
    const h = makeHomes();
    apply([copilotTree(h, { servers: { gw: { type: "http", url: "https://a" } } })], h);
    const mcp = JSON.parse(get(`${h.copilot}/mcp-config.json`));
    mcp.mcpServers.gw.url = "https://edited";
    put(`${h.copilot}/mcp-config.json`, JSON.stringify(mcp));
    const out = apply([copilotTree(h, { servers: { gw: { type: "http", url: "https://b" } } })], h);
    expect(out.diagnostics.map((d) => d.code)).toContain("AH5005");
    expect(JSON.parse(get(`${h.copilot}/mcp-config.json`)).mcpServers.gw.url).toBe("https://edited");
  });

  it("items in a Python manifest are ours: refreshed, and removed when no longer produced", () => {
    const h = makeHomes();
    put(`${h.copilot}/agents/.agentihooks-manifest.json`, '["scout.md", "old.md"]');
    put(`${h.copilot}/agents/scout.md`, "old scout\n");
    put(`${h.copilot}/agents/old.md`, "old\n");
    const out = apply([copilotTree(h)], h);
    expect(out.diagnostics.map((d) => d.code)).not.toContain("AH5003");
    expect(get(`${h.copilot}/agents/scout.md`)).toContain("Scout.");
    expect(existsSync(`${h.copilot}/agents/old.md`)).toBe(false);
    expect(JSON.parse(get(`${h.copilot}/agents/.agentihooks-manifest.json`))).toEqual(["scout.md"]);
  });
});

describe("Python-original hooks and links", () => {
  it("Claude hook groups the original registered (claude_hook_commands) are replaced, not kept as foreign", async () => {
    const { defaultJsonStyle } = await import("../../compiler/desired-tree");
    const h = makeHomes();
    const claude = `${h.home}/.claude`;
    const pythonCmd = "cd /app && /venv/bin/python -m hooks";
    put(
      `${claude}/settings.json`,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { hooks: [{ type: "command", command: pythonCmd }] },
            { matcher: "Bash", hooks: [{ type: "command", command: "/usr/local/bin/my-guard" }] },
          ],
        },
      }),
    );
    put(`${h.agentihooks}/state.json`, JSON.stringify({ claude_hook_commands: [pythonCmd] }));
    const wrapper = `${claude}/agentihooks-hook.sh`;
    const tree = {
      target: "claude",
      diagnostics: [],
      entries: [
        {
          kind: "json-lists",
          path: `${claude}/settings.json`,
          container: ["hooks"],
          lists: { PreToolUse: [{ hooks: [{ type: "command", command: wrapper }] }] },
          ownerCommand: wrapper,
          position: "first",
          style: defaultJsonStyle,
          mode: 0o644,
          legacyCommands: "claude_hook_commands",
        },
      ],
    } as never;
    apply([tree], h);
    const groups = JSON.parse(get(`${claude}/settings.json`)).hooks.PreToolUse;
    expect(groups.map((g: { hooks: { command: string }[] }) => g.hooks[0]?.command)).toEqual([wrapper, "/usr/local/bin/my-guard"]);
    expect(JSON.parse(get(`${h.agentihooks}/state.json`)).claude_hook_commands).toBeUndefined();
  });

  it("a skill symlink the original made (managed_links) is replaced by our copy; an operator's symlink wins", async () => {
    const { mkdirSync, symlinkSync, lstatSync } = await import("node:fs");
    const h = makeHomes();
    const skills = `${h.home}/.claude/skills`;
    put(`${h.home}/src/a/SKILL.md`, "python-linked\n");
    put(`${h.home}/src/b/SKILL.md`, "operator-linked\n");
    mkdirSync(skills, { recursive: true });
    symlinkSync(`${h.home}/src/a`, `${skills}/a`);
    symlinkSync(`${h.home}/src/b`, `${skills}/b`);
    put(`${h.agentihooks}/state.json`, JSON.stringify({ managed_links: [{ link: `${skills}/a`, target: `${h.home}/src/a`, kind: "skills" }] }));
    const item = (name: string) => ({
      kind: "file",
      path: `${skills}/${name}/SKILL.md`,
      content: `ours ${name}\n`,
      mode: 0o644,
      manifest: { dir: skills, file: ".agentihooks-skills.json", item: name },
    });
    const out = apply([{ target: "claude", diagnostics: [], entries: [item("a"), item("b")] } as never], h);
    expect(out.result?.ok).toBe(true);
    expect(lstatSync(`${skills}/a`).isDirectory()).toBe(true);
    expect(get(`${skills}/a/SKILL.md`)).toBe("ours a\n");
    expect(get(`${h.home}/src/a/SKILL.md`)).toBe("python-linked\n");
    expect(lstatSync(`${skills}/b`).isSymbolicLink()).toBe(true);
    expect(get(`${h.home}/src/b/SKILL.md`)).toBe("operator-linked\n");
  });
});

describe("state.json.bak", () => {
  it("is written with the previous record before each rewrite (none on the first), and goes with the record", () => {
    const h = makeHomes();
    const state = `${h.agentihooks}/state.json`;
    apply([copilotTree(h)], h);
    expect(existsSync(`${state}.bak`)).toBe(false);
    const first = get(state);
    apply([copilotTree(h, { statusCommand: "v2" })], h);
    expect(get(`${state}.bak`)).toBe(first);
    expect(statSync(`${state}.bak`).mode & 0o777).toBe(0o600);
    // A run that leaves the record as it is leaves the copy alone too.
    const second = get(state);
    apply([copilotTree(h, { statusCommand: "v2" })], h);
    expect(get(`${state}.bak`)).toBe(first);
    apply([copilotTree(h, { statusCommand: "v3" })], h);
    expect(get(`${state}.bak`)).toBe(second);
    uninstall(["copilot"], h);
    expect(existsSync(state)).toBe(false);
    expect(existsSync(`${state}.bak`)).toBe(false);
  });
});

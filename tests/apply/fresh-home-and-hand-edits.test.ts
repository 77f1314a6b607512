import { existsSync, readdirSync, utimesSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { realFileSystem } from "../../compiler/fs/real";
import { planChanges } from "../../compiler/plan/plan-changes";
import { applySavedPlan } from "../../compiler/apply/run";
import { lockPath } from "../../compiler/apply/apply-plan";
import { apply, codexTree, copilotTree, FOOTER, get, HEADER, makeHomes, mtimes, put, snapshot, uninstall } from "./fixtures";

const codes = (list: { code: string }[]) => list.map((d) => d.code);

describe("apply on a fresh home", () => {
  it("creates every file with its mode, and a second apply writes nothing (no mtime changes)", () => {
    const h = makeHomes();
    const first = apply([copilotTree(h), codexTree(h)], h);
    expect(first.result?.ok).toBe(true);
    expect(JSON.parse(get(`${h.copilot}/settings.json`))).toEqual({ statusLine: { type: "command", command: "node statusline" }, disableAllHooks: false });
    expect(realFileSystem().stat(`${h.copilot}/agentihooks-hook.sh`)?.mode).toBe(0o755);
    expect(realFileSystem().stat(`${h.agentihooks}/state.json`)?.mode).toBe(0o600);
    // Age every file so a rewrite would show.
    const old = new Date(Date.UTC(2020, 0, 1));
    const all = Object.keys(mtimes(h.home));
    for (const rel of all) utimesSync(path.join(h.home, rel), old, old);
    const before = mtimes(h.home);
    const second = apply([copilotTree(h), codexTree(h)], h);
    expect(second.result?.ok).toBe(true);
    expect(second.result?.touched).toEqual([]);
    expect(second.plan?.changes.filter((c) => c.action !== "keep")).toEqual([]);
    expect(mtimes(h.home)).toEqual(before);
  });

  it("leaves no temp file behind", () => {
    const h = makeHomes();
    apply([copilotTree(h), codexTree(h)], h);
    const names = Object.keys(snapshot(h.home));
    expect(names.filter((n) => n.includes(".tmp-"))).toEqual([]);
  });
});

describe("hand edits and operator content", () => {
  it("a hand-edited managed value is a conflict, reported and left alone", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    const settings = JSON.parse(get(`${h.copilot}/settings.json`));
    settings.statusLine.command = "/usr/local/bin/my-status";
    put(`${h.copilot}/settings.json`, JSON.stringify(settings, null, 2));
    const out = apply([copilotTree(h, { statusCommand: "node statusline v2" })], h);
    expect(codes(out.diagnostics)).toContain("AH5001");
    expect(JSON.parse(get(`${h.copilot}/settings.json`)).statusLine.command).toBe("/usr/local/bin/my-status");
    const change = out.plan?.changes.find((c) => c.path === `${h.copilot}/settings.json`);
    expect(change?.conflicts).toBe(1);
  });

  it("an unedited managed value follows the profile; a pre-set operator value with no record is kept", () => {
    const h = makeHomes();
    put(`${h.copilot}/settings.json`, '{"disableAllHooks": true}\n');
    const out = apply([copilotTree(h)], h);
    expect(JSON.parse(get(`${h.copilot}/settings.json`)).disableAllHooks).toBe(true);
    expect(out.diagnostics.find((d) => d.code === "AH5039")?.message).toContain("disableAllHooks");
    apply([copilotTree(h, { statusCommand: "v2" })], h);
    expect(JSON.parse(get(`${h.copilot}/settings.json`)).statusLine.command).toBe("v2");
  });

  it("keeps foreign hook entries: ours last on Copilot, first on Codex; no stacking on re-apply", () => {
    const h = makeHomes();
    put(
      `${h.copilot}/hooks/agentihooks.json`,
      JSON.stringify({
        version: 1,
        hooks: {
          preToolUse: [
            { type: "command", command: "/usr/bin/audit-hook" },
            { type: "command", command: `${h.copilot}/agentihooks-hook.sh.disabled-by-operator` },
          ],
          PostCompact: [
            { type: "command", command: `${h.copilot}/agentihooks-hook.sh PostCompact` },
            { type: "command", command: "/usr/local/bin/operator-hook" },
          ],
        },
      }),
    );
    put(`${h.codex}/hooks.json`, JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "/usr/bin/codex-audit" }] }] } }));
    apply([copilotTree(h), codexTree(h)], h);
    apply([copilotTree(h), codexTree(h)], h);
    const hooks = JSON.parse(get(`${h.copilot}/hooks/agentihooks.json`)).hooks;
    expect(hooks.preToolUse.map((i: { command: string }) => i.command)).toEqual([
      "/usr/bin/audit-hook",
      `${h.copilot}/agentihooks-hook.sh.disabled-by-operator`,
      `${h.copilot}/agentihooks-hook.sh preToolUse`,
    ]);
    expect(hooks.PostCompact).toEqual([{ type: "command", command: "/usr/local/bin/operator-hook" }]);
    const codex = JSON.parse(get(`${h.codex}/hooks.json`)).hooks;
    expect(codex.PreToolUse.map((g: { hooks: { command: string }[] }) => g.hooks[0]?.command)).toEqual([
      `${h.codex}/agentihooks-hook.sh`,
      "/usr/bin/codex-audit",
    ]);
    expect(get(`${h.codex}/hooks.json`).endsWith("\n")).toBe(false);
  });

  it("keeps the persona tail and backs up a legacy persona", () => {
    const h = makeHomes();
    put(`${h.copilot}/copilot-instructions.md`, "My own instructions\n");
    const out = apply([copilotTree(h)], h);
    expect(codes(out.diagnostics)).toContain("AH5009");
    const backups = readdirSync(h.copilot).filter((n) => n.startsWith("copilot-instructions.md.bak."));
    expect(backups).toEqual(["copilot-instructions.md.bak.20261130120000"]);
    expect(get(path.join(h.copilot, backups[0] as string))).toBe("My own instructions\n");
    put(`${h.copilot}/copilot-instructions.md`, `${get(`${h.copilot}/copilot-instructions.md`)}\n## Operator notes\nkeep me\n`);
    apply([copilotTree(h, { persona: "persona v2" })], h);
    const text = get(`${h.copilot}/copilot-instructions.md`);
    expect(text).toBe(`${HEADER}\npersona v2\n\n${FOOTER}\n\n## Operator notes\nkeep me\n`);
    apply([copilotTree(h, { persona: "persona v2" })], h);
    expect(get(`${h.copilot}/copilot-instructions.md`)).toBe(text);
  });

  it("backs up a header-without-footer persona", () => {
    const h = makeHomes();
    put(`${h.copilot}/copilot-instructions.md`, `${HEADER}\nold\nMY OWN NOTES\n`);
    const out = apply([copilotTree(h)], h, new Date(Date.UTC(2026, 0, 2, 3, 4, 5)));
    expect(codes(out.diagnostics)).toContain("AH5008");
    expect(get(`${h.copilot}/copilot-instructions.md.bak.20260102030405`)).toContain("MY OWN NOTES");
  });

  it("the operator's same-named agent wins; ours are tracked in the manifest", () => {
    const h = makeHomes();
    put(`${h.copilot}/agents/mine.md`, "operator agent\n");
    const out = apply([copilotTree(h, { agents: { "mine.md": "ours\n", "scout.md": "scout\n" } })], h);
    expect(get(`${h.copilot}/agents/mine.md`)).toBe("operator agent\n");
    expect(out.diagnostics.find((d) => d.code === "AH5003")?.message).toContain("mine.md");
    expect(JSON.parse(get(`${h.copilot}/agents/.agentihooks-manifest.json`))).toEqual(["scout.md"]);
    // Dropping an agent from the profiles removes our file, not the operator's.
    apply([copilotTree(h, { agents: { "mine.md": "ours\n" } })], h);
    expect(existsSync(`${h.copilot}/agents/scout.md`)).toBe(false);
    expect(get(`${h.copilot}/agents/mine.md`)).toBe("operator agent\n");
    expect(existsSync(`${h.copilot}/agents/.agentihooks-manifest.json`)).toBe(false);
  });

  it("never replaces an unparseable settings.json: an error naming it, and nothing written", () => {
    const h = makeHomes();
    put(`${h.copilot}/settings.json`, "{ this is not json");
    const before = snapshot(h.home);
    const out = apply([copilotTree(h)], h);
    expect(out.result?.ok).toBe(false);
    const error = out.diagnostics.find((d) => d.code === "AH5002");
    expect(error?.severity).toBe("error");
    expect(error?.file).toBe("~/.copilot/settings.json");
    expect(snapshot(h.home)).toEqual(before);
  });

  it("keeps comments, order and unrelated keys in settings.json (JSONC) and config.toml", () => {
    const h = makeHomes();
    const settings = '{\n  // my theme\n  "theme": "dim",\n  "allowedUrls": ["github.com"], /* trailing */\n  "beep": true,\n}\n';
    put(`${h.copilot}/settings.json`, settings);
    const toml = '# operator comment\nmodel = "o3" # inline\n\n[model_providers.litellm]\n# provider\nbase_url = "http://x"\n';
    put(`${h.codex}/config.toml`, toml);
    apply([copilotTree(h), codexTree(h)], h);
    const s = get(`${h.copilot}/settings.json`);
    expect(s.startsWith('{\n  // my theme\n  "theme": "dim",\n  "allowedUrls": ["github.com"], /* trailing */\n  "beep": true,')).toBe(true);
    expect(s).toContain('"disableAllHooks": false');
    const t = get(`${h.codex}/config.toml`);
    expect(t.startsWith('# operator comment\nmodel = "o3" # inline\n')).toBe(true);
    expect(t).toContain('[model_providers.litellm]\n# provider\nbase_url = "http://x"\n');
    expect(t).toContain('approval_policy = "on-request"');
    expect(t).toContain("[mcp_servers.agentihooks]");
    expect(t).toContain("[features]\nhooks = true");
  });

  it("keeps an operator MCP server of the same name and its enabledMcpServers choice", () => {
    const h = makeHomes();
    put(`${h.copilot}/mcp-config.json`, JSON.stringify({ mcpServers: { gw: { type: "http", url: "https://mine" }, operators: { command: "x" } } }, null, 2));
    put(`${h.copilot}/settings.json`, JSON.stringify({ enabledMcpServers: ["drawio"] }));
    const out = apply(
      [
        copilotTree(h, {
          servers: { agentihooks: { command: "node" }, gw: { type: "http", url: "https://ours" }, drawio: { command: "d" }, atlassian: { command: "a" } },
        }),
      ],
      h,
    );
    const mcp = JSON.parse(get(`${h.copilot}/mcp-config.json`)).mcpServers;
    expect(mcp.gw.url).toBe("https://mine");
    expect(mcp.operators).toEqual({ command: "x" });
    expect(codes(out.diagnostics)).toContain("AH5004");
    // Every configured server except agentihooks and the operator's explicit enables is disabled by default.
    expect(JSON.parse(get(`${h.copilot}/settings.json`)).disabledMcpServers).toEqual(["atlassian", "gw", "operators"]);
  });
});

describe("uninstall", () => {
  it("is a no-op on a clean home", () => {
    const h = makeHomes();
    put(`${h.copilot}/settings.json`, '{"theme":"dim"}');
    const before = snapshot(h.home);
    const out = uninstall(["copilot", "claude", "codex"], h);
    expect(out.result?.ok).toBe(true);
    expect(out.result?.touched).toEqual([]);
    expect(snapshot(h.home)).toEqual(before);
  });

  it("apply then uninstall restores a seeded home byte for byte", () => {
    const h = makeHomes();
    put(`${h.copilot}/settings.json`, '{\n  // mine\n  "theme": "dim", "beep": true\n}\n');
    put(`${h.copilot}/hooks/agentihooks.json`, '{"version":1,"hooks":{"preToolUse":[{"type":"command","command":"/usr/bin/audit-hook"}]}}');
    put(`${h.copilot}/mcp-config.json`, '{"mcpServers": {"operators-own": {"command": "x"}}}\n');
    put(`${h.copilot}/copilot-instructions.md`, "operator persona\n");
    put(`${h.copilot}/agents/mine.md`, "mine\n");
    put(`${h.copilot}/agentihooks-hook.sh`, "#!/bin/sh\necho operator wrapper\n");
    put(`${h.codex}/config.toml`, '# c\nmodel = "o3"\napproval_policy = "untrusted"\n');
    put(`${h.codex}/hooks.json`, '{"hooks":{}}');
    const before = snapshot(h.home);
    apply([copilotTree(h, { agents: { "mine.md": "ours\n", "scout.md": "s\n" } }), codexTree(h)], h);
    expect(snapshot(h.home)).not.toEqual(before);
    // A second apply with a profile change still restores exactly.
    apply([copilotTree(h, { persona: "v2", agents: { "mine.md": "ours\n", "scout.md": "s\n" } }), codexTree(h)], h);
    const out = uninstall(["copilot", "codex"], h);
    expect(out.result?.ok).toBe(true);
    const noBackups = (rel: string) => rel.startsWith(".agentihooks") || /\.bak\./.test(rel);
    expect(snapshot(h.home, noBackups)).toEqual(before);
    // Uninstalling again changes nothing.
    const again = uninstall(["copilot", "codex"], h);
    expect(again.result?.touched).toEqual([]);
  });

  it("strips key by key when the operator edited a shared file after apply", () => {
    const h = makeHomes();
    put(`${h.copilot}/settings.json`, '{"theme": "dim"}\n');
    apply([copilotTree(h)], h);
    const s = JSON.parse(get(`${h.copilot}/settings.json`));
    s.model = "gpt-5";
    s.statusLine.command = "/usr/local/bin/my-status";
    put(`${h.copilot}/settings.json`, JSON.stringify(s, null, 2));
    uninstall(["copilot"], h);
    expect(JSON.parse(get(`${h.copilot}/settings.json`))).toEqual({
      theme: "dim",
      model: "gpt-5",
      statusLine: { type: "command", command: "/usr/local/bin/my-status" },
    });
    expect(existsSync(`${h.copilot}/.agentihooks-managed.json`)).toBe(false);
  });
});

describe("plans and the lock", () => {
  it("apply --plan refuses a plan whose files changed since", () => {
    const h = makeHomes();
    const ctx = h.ctx();
    const plan = planChanges([copilotTree(h)], ctx);
    put(`${h.copilot}/settings.json`, '{"theme":"changed"}');
    const out = applySavedPlan(plan, ctx);
    expect(out.result?.ok).toBe(false);
    expect(codes(out.diagnostics)).toContain("AH5013");
    expect(existsSync(`${h.copilot}/agentihooks-hook.sh`)).toBe(false);
  });

  it("a concurrent apply is refused by the lock", () => {
    const h = makeHomes();
    put(lockPath({ agentihooksHome: h.agentihooks }), `${process.pid}\n`);
    const out = apply([copilotTree(h)], h);
    expect(codes(out.diagnostics)).toEqual(["AH5014"]);
    expect(out.plan).toBeUndefined();
    expect(existsSync(`${h.copilot}`)).toBe(false);
  });

  it("a lock left by a dead process is taken over", () => {
    const h = makeHomes();
    put(lockPath({ agentihooksHome: h.agentihooks }), "999999999\n");
    expect(apply([copilotTree(h)], h).result?.ok).toBe(true);
    expect(existsSync(lockPath({ agentihooksHome: h.agentihooks }))).toBe(false);
  });
});

describe("format preservation of hook lists", () => {
  it("keeps the operator's hook entries and the comments around the lists, and uninstall restores the file exactly", () => {
    const h = makeHomes();
    const file = `${h.copilot}/hooks/agentihooks.json`;
    put(
      file,
      '{\n  // my hooks\n  "version": 1,\n  "hooks": {\n    "preToolUse": [\n      { "type": "command", "command": "/usr/bin/audit-hook" } // audit\n    ]\n  }\n}\n',
    );
    apply([copilotTree(h)], h);
    const text = get(file);
    // Lists we change are rewritten as a whole (jsonc-parser reformats an edited array); everything else keeps its text.
    expect(text.startsWith('{\n  // my hooks\n  "version": 1,')).toBe(true);
    expect(JSON.parse(text.replace(/\/\/.*$/gm, "")).hooks.preToolUse[0]).toEqual({ type: "command", command: "/usr/bin/audit-hook" });
    uninstall(["copilot"], h);
    expect(get(file)).toBe(
      '{\n  // my hooks\n  "version": 1,\n  "hooks": {\n    "preToolUse": [\n      { "type": "command", "command": "/usr/bin/audit-hook" } // audit\n    ]\n  }\n}\n',
    );
  });
});

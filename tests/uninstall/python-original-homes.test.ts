import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyPlan } from "../../compiler/apply/apply-plan";
import { planUninstall } from "../../compiler/uninstall/uninstall";
import { copilotTree, FOOTER, get, HEADER, makeHomes, put } from "../apply/fixtures";

describe("uninstall of a home installed by the Python original (no ledger of ours)", () => {
  it("removes what the original marked or recorded as its own and keeps the operator's content", () => {
    const h = makeHomes();
    const wrapper = `${h.copilot}/agentihooks-hook.sh`;
    put(wrapper, "#!/usr/bin/env bash\n# managed-by: agentihooks — regenerate with: agentihooks init --target copilot\nexec python -m hooks\n");
    put(
      `${h.copilot}/hooks/agentihooks.json`,
      JSON.stringify({
        version: 1,
        hooks: {
          preToolUse: [
            { type: "command", command: "/usr/bin/audit" },
            { type: "command", command: `${wrapper} preToolUse` },
          ],
          sessionStart: [{ type: "command", command: `${wrapper} sessionStart` }],
        },
      }),
    );
    const status = { type: "command", command: "cd /app && python -m hooks.statusline" };
    put(`${h.copilot}/settings.json`, JSON.stringify({ theme: "dim", statusLine: status, agentihooks: { managed: { statusLine: status } } }));
    put(`${h.copilot}/copilot-instructions.md`, `${HEADER}\nold\n${FOOTER}\n\n## Operator notes\n`);
    put(`${h.copilot}/mcp-config.json`, JSON.stringify({ mcpServers: { agentihooks: { command: "python" }, mine: { command: "/opt/mine" } } }));
    put(`${h.agentihooks}/state.json`, JSON.stringify({ targets: { global: { copilot: { managed_mcp: ["agentihooks"] } } } }));
    put(`${h.copilot}/agents/.agentihooks-manifest.json`, '["scout.md"]');
    put(`${h.copilot}/agents/scout.md`, "python scout\n");
    put(`${h.copilot}/agents/mine.md`, "mine\n");
    const ctx = h.ctx();
    const plan = planUninstall(["copilot"], ctx, [copilotTree(h)]);
    expect(applyPlan(plan, ctx.fs, ctx.env).ok).toBe(true);
    expect(existsSync(wrapper)).toBe(false);
    expect(JSON.parse(get(`${h.copilot}/hooks/agentihooks.json`)).hooks).toEqual({ preToolUse: [{ type: "command", command: "/usr/bin/audit" }] });
    expect(JSON.parse(get(`${h.copilot}/settings.json`))).toEqual({ theme: "dim" });
    expect(get(`${h.copilot}/copilot-instructions.md`)).toBe("## Operator notes\n");
    expect(JSON.parse(get(`${h.copilot}/mcp-config.json`)).mcpServers).toEqual({ mine: { command: "/opt/mine" } });
    expect(existsSync(`${h.copilot}/agents/scout.md`)).toBe(false);
    expect(existsSync(`${h.copilot}/agents/.agentihooks-manifest.json`)).toBe(false);
    expect(get(`${h.copilot}/agents/mine.md`)).toBe("mine\n");
  });
});

describe("uninstall sweeps the Python original's recorded links", () => {
  it("removes recorded symlinks on a full uninstall and leaves unrecorded ones", async () => {
    const { mkdirSync, symlinkSync, lstatSync } = await import("node:fs");
    const h = makeHomes();
    put(`${h.home}/src/a/SKILL.md`, "a\n");
    mkdirSync(`${h.home}/.agents/skills`, { recursive: true });
    symlinkSync(`${h.home}/src/a`, `${h.home}/.agents/skills/a`);
    symlinkSync(`${h.home}/src/a`, `${h.home}/.agents/skills/mine`);
    put(
      `${h.agentihooks}/state.json`,
      JSON.stringify({ managed_links: [{ link: `${h.home}/.agents/skills/a`, target: `${h.home}/src/a`, kind: "skills" }], bundle: { path: "/b" } }),
    );
    const ctx = h.ctx();
    const plan = planUninstall(["copilot", "claude", "codex"], ctx);
    expect(applyPlan(plan, ctx.fs, ctx.env).ok).toBe(true);
    expect(existsSync(`${h.home}/.agents/skills/a`)).toBe(false);
    expect(lstatSync(`${h.home}/.agents/skills/mine`).isSymbolicLink()).toBe(true);
    expect(get(`${h.home}/src/a/SKILL.md`)).toBe("a\n");
    expect(JSON.parse(get(`${h.agentihooks}/state.json`))).toEqual({ bundle: { path: "/b" } });
  });
});

describe("uninstall of a Python-original home: its statusLine, and a hooks file that held only its entries", () => {
  it("removes a managed key whose command runs the original's runtime, keeps the operator's, and deletes a hooks file left empty", () => {
    const h = makeHomes();
    const wrapper = `${h.copilot}/agentihooks-hook.sh`;
    put(
      `${h.copilot}/hooks/agentihooks.json`,
      JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: "command", command: `${wrapper} preToolUse` }], sessionStart: [{ type: "command", command: `${wrapper} sessionStart` }] },
      }),
    );
    // No sidecar and no in-file record: only the original's own statusLine goes.
    put(
      `${h.copilot}/settings.json`,
      JSON.stringify({ theme: "dim", statusLine: { type: "command", command: "cd /app && /usr/bin/python3 -m hooks.statusline" }, disableAllHooks: true }),
    );
    const ctx = h.ctx();
    expect(applyPlan(planUninstall(["copilot"], ctx, [copilotTree(h)]), ctx.fs, ctx.env).ok).toBe(true);
    expect(existsSync(`${h.copilot}/hooks/agentihooks.json`)).toBe(false);
    expect(JSON.parse(get(`${h.copilot}/settings.json`))).toEqual({ theme: "dim", disableAllHooks: true });
  });

  it("keeps a statusLine of the operator's and a hooks file that still holds the operator's entries", () => {
    const h = makeHomes();
    const wrapper = `${h.copilot}/agentihooks-hook.sh`;
    put(
      `${h.copilot}/hooks/agentihooks.json`,
      JSON.stringify({
        version: 1,
        hooks: {
          preToolUse: [
            { type: "command", command: `${wrapper} preToolUse` },
            { type: "command", command: "/usr/bin/audit" },
          ],
        },
      }),
    );
    put(`${h.copilot}/settings.json`, JSON.stringify({ statusLine: { type: "command", command: "/usr/local/bin/my-status" } }));
    const ctx = h.ctx();
    expect(applyPlan(planUninstall(["copilot"], ctx, [copilotTree(h)]), ctx.fs, ctx.env).ok).toBe(true);
    expect(JSON.parse(get(`${h.copilot}/hooks/agentihooks.json`))).toEqual({
      version: 1,
      hooks: { preToolUse: [{ type: "command", command: "/usr/bin/audit" }] },
    });
    expect(JSON.parse(get(`${h.copilot}/settings.json`))).toEqual({ statusLine: { type: "command", command: "/usr/local/bin/my-status" } });
  });
});

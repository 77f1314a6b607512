/**
 * The Claude target applied over an operator's existing Claude home: their settings keys, hook
 * groups, `~/.claude.json` state and servers survive; layer-declared hook groups do not stack on
 * re-apply; uninstall takes back exactly what agentihooks added.
 */
import { rmSync } from "node:fs";
import { withoutAgentihooks } from "./builtin-server";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { planAndApply, uninstallTargets } from "../../compiler/apply/run";
import { portableEnvironment } from "../../compiler/environment";
import { realFileSystem } from "../../compiler/fs/real";
import type { Ir } from "../../compiler/ir";
import { compileTarget } from "../../compiler/targets/claude/compile";
import { get, makeHomes, put, type Homes } from "../apply/fixtures";
import { makeIr, mcp, merged } from "./ir-fixtures";

const homes: Homes[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h.home, { recursive: true, force: true });
});

type Settings = { hooks?: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string }> }>>; [key: string]: unknown };

function setup(layerHooks = true) {
  const h = makeHomes();
  homes.push(h);
  const claudeHome = path.join(h.home, ".claude");
  const claudeJson = path.join(h.home, ".claude.json");
  const env = portableEnvironment({ home: h.home, agentihooksHome: h.agentihooks });
  const ir: Ir = makeIr();
  ir.targets.claude = {
    settings: merged(
      {
        env: { TEAM: "core" },
        permissions: { allow: ["Bash(git status)"] },
        ...(layerHooks ? { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "/opt/team/audit.sh", timeout: 5 }] }] } } : {}),
      },
      "bundle:.claude/settings.overrides.json",
    ),
    mcpServers: { github: mcp({ command: "npx", args: ["-y", "gh"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}" } }, "github") },
  };
  const ctx = () => ({ fs: realFileSystem(), env: { home: h.home, agentihooksHome: h.agentihooks }, now: new Date(Date.UTC(2026, 10, 30, 12)) });
  return { h, claudeHome, claudeJson, tree: () => compileTarget(ir, env), ctx };
}

const OPERATOR_SETTINGS = {
  model: "sonnet",
  env: { MY_VAR: "mine" },
  hooks: { Stop: [{ hooks: [{ type: "command", command: "/usr/local/bin/notify-done" }] }] },
};
const CLAUDE_STATE = { numStartups: 12, projects: { "/work": { allowedTools: [] } }, mcpServers: { mine: { type: "stdio", command: "my-mcp" } } };

describe("Claude target applied over an existing home", () => {
  it("keeps the operator's keys, env, hook groups and ~/.claude.json state; ours go first", () => {
    const { claudeHome, claudeJson, tree, ctx } = setup();
    put(path.join(claudeHome, "settings.json"), `${JSON.stringify(OPERATOR_SETTINGS, null, 2)}\n`);
    put(claudeJson, `${JSON.stringify(CLAUDE_STATE, null, 2)}\n`);
    const outcome = planAndApply([tree()], ctx());
    expect(outcome.result?.ok, JSON.stringify(outcome.diagnostics)).toBe(true);

    const settings = JSON.parse(get(path.join(claudeHome, "settings.json"))) as Settings;
    const wrapper = path.join(claudeHome, "agentihooks-hook.sh");
    expect(settings.model).toBe("sonnet");
    expect(settings.env).toEqual({ MY_VAR: "mine", TEAM: "core" });
    expect(settings.permissions).toEqual({ allow: ["Bash(git status)"] });
    expect(settings.hooks!.Stop!.map((g) => g.hooks[0]!.command)).toEqual([`${wrapper} Stop`, "/usr/local/bin/notify-done"]);
    expect(settings.hooks!.PreToolUse!.map((g) => g.hooks[0]!.command)).toEqual([`${wrapper} PreToolUse`, "/opt/team/audit.sh"]);

    const state = JSON.parse(get(claudeJson)) as typeof CLAUDE_STATE & { mcpServers: Record<string, unknown> };
    expect(state.numStartups).toBe(12);
    expect(state.projects).toEqual(CLAUDE_STATE.projects);
    expect(withoutAgentihooks(state.mcpServers)).toEqual({
      mine: { type: "stdio", command: "my-mcp" },
      github: { type: "stdio", command: "npx", args: ["-y", "gh"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}" } },
    });

    const again = planAndApply([tree()], ctx());
    expect(again.result?.touched).toEqual([]);
    const settingsAgain = JSON.parse(get(path.join(claudeHome, "settings.json"))) as Settings;
    expect(settingsAgain.hooks!.PreToolUse).toHaveLength(2);
  });

  it("removes a layer hook group and a server the profiles no longer declare, keeping Claude's state", () => {
    const first = setup(true);
    planAndApply([first.tree()], first.ctx());
    // Claude records its own state in the file agentihooks created.
    const state = JSON.parse(get(first.claudeJson)) as Record<string, unknown>;
    put(first.claudeJson, `${JSON.stringify({ ...state, numStartups: 1 }, null, 2)}\n`);
    // The same home, compiled from profiles without the layer group.
    const env = portableEnvironment({ home: first.h.home, agentihooksHome: first.h.agentihooks });
    const ir = makeIr();
    ir.targets.claude = { settings: merged({ env: { TEAM: "core" } }, "bundle:.claude/settings.overrides.json"), mcpServers: {} };
    planAndApply([compileTarget(ir, env)], first.ctx());
    const settings = JSON.parse(get(path.join(first.claudeHome, "settings.json"))) as Settings;
    expect(settings.hooks!.PreToolUse!.map((g) => g.hooks[0]!.command)).toEqual([`${path.join(first.claudeHome, "agentihooks-hook.sh")} PreToolUse`]);
    // The profile's server is gone (agentihooks' own stays); Claude's state in the same file is kept.
    const after = JSON.parse(get(first.claudeJson)) as { numStartups: number; mcpServers: Record<string, unknown> };
    expect(after.numStartups).toBe(1);
    expect(withoutAgentihooks(after.mcpServers)).toEqual({});
  });

  it("uninstall leaves the operator's settings, hooks and ~/.claude.json as they were", () => {
    const { claudeHome, claudeJson, tree, ctx } = setup();
    put(path.join(claudeHome, "settings.json"), `${JSON.stringify(OPERATOR_SETTINGS, null, 2)}\n`);
    put(claudeJson, `${JSON.stringify(CLAUDE_STATE, null, 2)}\n`);
    planAndApply([tree()], ctx());
    const outcome = uninstallTargets(["claude"], ctx());
    expect(outcome.result?.ok, JSON.stringify(outcome.diagnostics)).toBe(true);
    expect(JSON.parse(get(path.join(claudeHome, "settings.json")))).toEqual(OPERATOR_SETTINGS);
    expect(JSON.parse(get(claudeJson))).toEqual(CLAUDE_STATE);
  });
});

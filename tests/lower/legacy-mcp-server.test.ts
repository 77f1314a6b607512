/**
 * The Python original's own MCP server in a home it installed (no install record of ours): an entry
 * named `hooks-utils` or `agentihooks` that runs `python -m hooks.mcp` is replaced by agentihooks'
 * server (AH5044) in Copilot's mcp-config.json, Claude's ~/.claude.json and Codex's config.toml;
 * one that runs anything else is the operator's and stays (AH5045 under a name we do not write).
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { afterEach, describe, expect, it } from "vitest";
import { planAndApply } from "../../compiler/apply/run";
import { portableEnvironment } from "../../compiler/environment";
import { compileTarget as compileClaude } from "../../compiler/targets/claude/compile";
import { compileTarget as compileCodex } from "../../compiler/targets/codex/compile";
import { compileTarget as compileCopilot } from "../../compiler/targets/copilot/compile";
import { get, makeHomes, put, type Homes } from "../apply/fixtures";
import { makeIr } from "../targets/ir-fixtures";

const homes: Homes[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h.home, { recursive: true, force: true });
});

const PYTHON = { command: "/opt/agentihooks/.venv/bin/python", args: ["-m", "hooks.mcp"], cwd: "/opt/agentihooks", env: { MCP_CATEGORIES: "all" } };
const FOREIGN = { command: "node", args: ["/opt/other/server.js"] };

function setup() {
  const h = makeHomes();
  homes.push(h);
  const env = portableEnvironment({ home: h.home, agentihooksHome: h.agentihooks });
  return {
    h,
    env,
    ours: (target: string) => [path.join(h.agentihooks, "runtime", path.basename(path.dirname(env.runtimePath)), "mcp-server.cjs"), "--target", target],
  };
}

function notes(outcome: ReturnType<typeof planAndApply>): Array<[string, string]> {
  return (outcome.plan?.diagnostics ?? []).filter((d) => d.code === "AH5044" || d.code === "AH5045").map((d) => [d.code, d.message.split("'")[1] as string]);
}

describe("migrating the Python original's MCP server", () => {
  it("Copilot: hooks-utils running hooks.mcp goes, agentihooks is ours, the operator's servers stay; a second apply is quiet", () => {
    const { h, env, ours } = setup();
    const file = path.join(h.copilot, "mcp-config.json");
    put(file, `${JSON.stringify({ mcpServers: { "hooks-utils": { type: "local", ...PYTHON }, drawio: FOREIGN } }, null, 2)}\n`);
    const first = planAndApply([compileCopilot(makeIr(), env)], h.ctx());
    expect(notes(first)).toEqual([["AH5044", "hooks-utils"]]);
    const servers = JSON.parse(get(file)).mcpServers;
    expect(Object.keys(servers).sort()).toEqual(["agentihooks", "drawio"]);
    expect(servers.agentihooks.args).toEqual(ours("copilot"));
    expect(servers.drawio).toEqual(FOREIGN);
    const again = planAndApply([compileCopilot(makeIr(), env)], h.ctx());
    expect(notes(again)).toEqual([]);
    expect(again.result?.touched).toEqual([]);
  });

  it("Copilot: a hooks-utils of the operator's own stays, with a warning; so does its own agentihooks (AH5004)", () => {
    const { h, env } = setup();
    const file = path.join(h.copilot, "mcp-config.json");
    put(file, `${JSON.stringify({ mcpServers: { "hooks-utils": FOREIGN, agentihooks: { command: "/opt/mine/server" } } }, null, 2)}\n`);
    const outcome = planAndApply([compileCopilot(makeIr(), env)], h.ctx());
    expect(notes(outcome)).toEqual([["AH5045", "hooks-utils"]]);
    expect(outcome.plan?.diagnostics.map((d) => d.code)).toContain("AH5004");
    expect(JSON.parse(get(file)).mcpServers).toEqual({ "hooks-utils": FOREIGN, agentihooks: { command: "/opt/mine/server" } });
  });

  it("Claude: the post-2.14 agentihooks entry running hooks.mcp is replaced by ours; Claude's state stays", () => {
    const { h, env, ours } = setup();
    const file = path.join(h.home, ".claude.json");
    put(file, `${JSON.stringify({ numStartups: 3, mcpServers: { agentihooks: PYTHON, zeta: FOREIGN } }, null, 2)}\n`);
    const outcome = planAndApply([compileClaude(makeIr(), env)], h.ctx());
    expect(notes(outcome)).toEqual([["AH5044", "agentihooks"]]);
    const doc = JSON.parse(get(file));
    expect(doc.numStartups).toBe(3);
    expect(doc.mcpServers).toEqual({ agentihooks: { type: "stdio", command: "/usr/local/bin/node", args: ours("claude") }, zeta: FOREIGN });
  });

  it("Codex: [mcp_servers.hooks-utils] running hooks.mcp goes, [mcp_servers.keep] and a foreign table stay", () => {
    const { h, env, ours } = setup();
    const file = path.join(h.codex, "config.toml");
    put(file, '[mcp_servers.hooks-utils]\ncommand = "/usr/bin/python3"\nargs = ["-m", "hooks.mcp"]\n\n[mcp_servers.keep]\ncommand = "keep-server"\n');
    const outcome = planAndApply([compileCodex(makeIr(), env)], h.ctx());
    expect(notes(outcome)).toEqual([["AH5044", "hooks-utils"]]);
    const servers = (parse(get(file)) as { mcp_servers: Record<string, { command: string; args?: string[] }> }).mcp_servers;
    expect(Object.keys(servers).sort()).toEqual(["agentihooks", "keep"]);
    expect(servers.agentihooks!.args).toEqual(ours("codex"));
    expect(get(file)).not.toContain("hooks.mcp");
  });

  it("Codex: a foreign hooks-utils table stays with a warning; an agentihooks table running hooks.mcp is replaced", () => {
    const { h, env, ours } = setup();
    const file = path.join(h.codex, "config.toml");
    put(
      file,
      '[mcp_servers.hooks-utils]\ncommand = "node"\nargs = ["/opt/other/server.js"]\n\n[mcp_servers.agentihooks]\ncommand = "python3"\nargs = ["-m", "hooks.mcp"]\n',
    );
    const outcome = planAndApply([compileCodex(makeIr(), env)], h.ctx());
    expect(notes(outcome).sort()).toEqual([
      ["AH5044", "agentihooks"],
      ["AH5045", "hooks-utils"],
    ]);
    const servers = (parse(get(file)) as { mcp_servers: Record<string, { command: string; args?: string[] }> }).mcp_servers;
    expect(servers["hooks-utils"]).toEqual({ command: "node", args: ["/opt/other/server.js"] });
    expect(servers.agentihooks!.args).toEqual(ours("codex"));
  });
});

/**
 * Reference-spec scenario 82 (docs/mcp-server.md, "Uninstall with no install record"): with no
 * record of ours, an MCP entry named `agentihooks` or `hooks-utils` that runs the operator's own
 * server survives uninstall and the output says to review it (AH5045); one that runs the Python
 * original's `python -m hooks.mcp` is removed (AH5047). In Copilot's mcp-config.json, Claude's
 * ~/.claude.json and Codex's config.toml, and through the CLI.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { afterEach, describe, expect, it } from "vitest";
import { applyPlan } from "../../compiler/apply/apply-plan";
import { portableEnvironment } from "../../compiler/environment";
import { compileTarget as compileClaude } from "../../compiler/targets/claude/compile";
import { compileTarget as compileCodex } from "../../compiler/targets/codex/compile";
import { compileTarget as compileCopilot } from "../../compiler/targets/copilot/compile";
import { planUninstall } from "../../compiler/uninstall/uninstall";
import { get, makeHomes, put, type Homes } from "../apply/fixtures";
import { makeIr } from "../targets/ir-fixtures";

const homes: Homes[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h.home, { recursive: true, force: true });
});

const OPERATOR = { command: "/opt/operator-own/server", args: ["--stdio"] };
const PYTHON = { command: "/usr/bin/python3", args: ["-m", "hooks.mcp"] };

function setup() {
  const h = makeHomes();
  homes.push(h);
  return { h, env: portableEnvironment({ home: h.home, agentihooksHome: h.agentihooks }) };
}

/** [code, server name] of the uninstall plan's notes about the original's server names. */
function notes(plan: ReturnType<typeof planUninstall>): Array<[string, string]> {
  return plan.diagnostics
    .filter((d) => d.code === "AH5045" || d.code === "AH5047")
    .map((d): [string, string] => [d.code, d.message.split("'")[1] as string])
    .sort();
}

describe("uninstall with no install record keeps the operator's own agentihooks/hooks-utils server (scenario 82)", () => {
  it("Copilot: both names survive with 'review it'; a hooks-utils running hooks.mcp would have gone", () => {
    const { h, env } = setup();
    const file = path.join(h.copilot, "mcp-config.json");
    const servers = { agentihooks: { type: "local", ...OPERATOR }, "hooks-utils": { type: "local", ...OPERATOR }, drawio: { command: "drawio" } };
    put(file, `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
    const ctx = h.ctx();
    const plan = planUninstall(["copilot"], ctx, [compileCopilot(makeIr(), env)]);
    expect(notes(plan)).toEqual([
      ["AH5045", "agentihooks"],
      ["AH5045", "hooks-utils"],
    ]);
    const review = plan.diagnostics.find((d) => d.code === "AH5045")!;
    expect(review.severity).toBe("warning");
    expect(review.file).toBe("~/.copilot/mcp-config.json");
    expect(review.message).toContain("Review it");
    expect(applyPlan(plan, ctx.fs, ctx.env).ok).toBe(true);
    expect(JSON.parse(get(file)).mcpServers).toEqual(servers);
  });

  it("Copilot: the Python original's entries (hooks.mcp) go, the operator's stay", () => {
    const { h, env } = setup();
    const file = path.join(h.copilot, "mcp-config.json");
    put(file, JSON.stringify({ mcpServers: { "hooks-utils": { type: "local", ...PYTHON }, agentihooks: { type: "local", ...OPERATOR } } }));
    const ctx = h.ctx();
    const plan = planUninstall(["copilot"], ctx, [compileCopilot(makeIr(), env)]);
    expect(notes(plan)).toEqual([
      ["AH5045", "agentihooks"],
      ["AH5047", "hooks-utils"],
    ]);
    expect(applyPlan(plan, ctx.fs, ctx.env).ok).toBe(true);
    expect(JSON.parse(get(file)).mcpServers).toEqual({ agentihooks: { type: "local", ...OPERATOR } });
  });

  it("Claude: ~/.claude.json keeps the operator's agentihooks and loses the original's hooks-utils", () => {
    const { h, env } = setup();
    const file = path.join(h.home, ".claude.json");
    put(file, JSON.stringify({ numStartups: 2, mcpServers: { agentihooks: OPERATOR, "hooks-utils": PYTHON } }));
    const ctx = h.ctx();
    const plan = planUninstall(["claude"], ctx, [compileClaude(makeIr(), env)]);
    expect(notes(plan)).toEqual([
      ["AH5045", "agentihooks"],
      ["AH5047", "hooks-utils"],
    ]);
    expect(applyPlan(plan, ctx.fs, ctx.env).ok).toBe(true);
    expect(JSON.parse(get(file))).toEqual({ numStartups: 2, mcpServers: { agentihooks: OPERATOR } });
  });

  it("Codex: [mcp_servers.hooks-utils] running the operator's server stays; one running hooks.mcp goes", () => {
    const { h, env } = setup();
    const file = path.join(h.codex, "config.toml");
    put(
      file,
      'model = "o4"\n\n[mcp_servers.hooks-utils]\ncommand = "/opt/operator-own/server"\n\n[mcp_servers.agentihooks]\ncommand = "python3"\nargs = ["-m", "hooks.mcp"]\n',
    );
    const ctx = h.ctx();
    const plan = planUninstall(["codex"], ctx, [compileCodex(makeIr(), env)]);
    expect(notes(plan)).toEqual([
      ["AH5045", "hooks-utils"],
      ["AH5047", "agentihooks"],
    ]);
    expect(applyPlan(plan, ctx.fs, ctx.env).ok).toBe(true);
    expect(parse(get(file))).toEqual({ model: "o4", mcp_servers: { "hooks-utils": { command: "/opt/operator-own/server" } } });
  });

  it("the CLI: 'agentihooks uninstall --yes' leaves the server and says to review it", () => {
    const { h } = setup();
    const file = path.join(h.copilot, "mcp-config.json");
    const text = `${JSON.stringify({ mcpServers: { agentihooks: { type: "local", ...OPERATOR } } }, null, 2)}\n`;
    put(file, text);
    const cwd = path.join(h.home, "work");
    mkdirSync(cwd, { recursive: true });
    const cli = path.resolve(__dirname, "../..", "dist", "cli.js");
    const result = spawnSync(process.execPath, [cli, "uninstall", "--yes", "--target", "copilot"], {
      cwd,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: h.home, AGENTIHOOKS_HOME: h.agentihooks, COPILOT_HOME: h.copilot, NO_COLOR: "1" },
    });
    expect(result.status).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(
      /'agentihooks' under mcpServers has no install record and does not run agentihooks; it is left in place\. Review it/,
    );
    expect(get(file)).toBe(text);
  });
});

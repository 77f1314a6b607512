/**
 * Reference-spec scenario 137, as this port has it (docs/mcp-server.md): the agentihooks MCP entry
 * each client gets is a stdio server, the installed `mcp-server.cjs` run by the Node that ran apply
 * with `--target <client>`, and carries no `url`. The Python original's network transports
 * (`AGENTIHOOKS_MCP_TRANSPORT=sse|streamable-http`) have no counterpart: the server speaks stdio only,
 * so the variable changes nothing.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { afterEach, describe, expect, it } from "vitest";
import { planAndApply } from "../../compiler/apply/run";
import { installedMcpServerPath, portableEnvironment } from "../../compiler/environment";
import { compileTarget as compileClaude } from "../../compiler/targets/claude/compile";
import { compileTarget as compileCodex } from "../../compiler/targets/codex/compile";
import { compileTarget as compileCopilot } from "../../compiler/targets/copilot/compile";
import { compileTarget as compileGemini } from "../../compiler/targets/gemini/compile";
import { get, makeHomes, type Homes } from "../apply/fixtures";
import { makeIr } from "../targets/ir-fixtures";

const homes: Homes[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h.home, { recursive: true, force: true });
});

describe("the agentihooks MCP entry in every client (scenario 137)", () => {
  it("is stdio: node runs the installed mcp-server.cjs with --target, and no url, whatever AGENTIHOOKS_MCP_TRANSPORT says", () => {
    const h = makeHomes();
    homes.push(h);
    const env = portableEnvironment({ home: h.home, agentihooksHome: h.agentihooks });
    const before = process.env.AGENTIHOOKS_MCP_TRANSPORT;
    process.env.AGENTIHOOKS_MCP_TRANSPORT = "streamable-http";
    try {
      const ir = makeIr();
      const outcome = planAndApply([compileCopilot(ir, env), compileClaude(ir, env), compileCodex(ir, env), compileGemini(ir, env)], h.ctx());
      expect(outcome.result?.ok).toBe(true);
    } finally {
      if (before === undefined) delete process.env.AGENTIHOOKS_MCP_TRANSPORT;
      else process.env.AGENTIHOOKS_MCP_TRANSPORT = before;
    }
    const server = installedMcpServerPath(env.runtimePath);
    expect(path.basename(server)).toBe("mcp-server.cjs");
    expect(server.startsWith(`${h.agentihooks}/runtime/`)).toBe(true);
    const args = (target: string) => [server, "--target", target];
    const entries: Record<string, Record<string, unknown>> = {
      copilot: JSON.parse(get(path.join(h.copilot, "mcp-config.json"))).mcpServers.agentihooks,
      claude: JSON.parse(get(path.join(h.home, ".claude.json"))).mcpServers.agentihooks,
      codex: (parse(get(path.join(h.codex, "config.toml"))) as { mcp_servers: Record<string, Record<string, unknown>> }).mcp_servers.agentihooks!,
      gemini: JSON.parse(get(path.join(h.home, ".gemini", "settings.json"))).mcpServers.agentihooks,
    };
    for (const [target, entry] of Object.entries(entries)) {
      expect(entry, target).toMatchObject({ command: env.nodePath, args: args(target) });
      expect(entry, target).not.toHaveProperty("url");
      expect(entry, target).not.toHaveProperty("httpUrl");
    }
    expect(entries.copilot!.type).toBe("local");
    expect(entries.claude!.type).toBe("stdio");
  });
});

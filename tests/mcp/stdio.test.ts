/**
 * The bundled server (dist/mcp-server.cjs) as a client starts it: over stdio, with nothing but
 * Node and the file itself (the MCP SDK and zod are inside the bundle), in a temp home.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, it } from "vitest";

const BUNDLE = path.resolve(new URL("../..", import.meta.url).pathname, "dist", "mcp-server.cjs");
const scratch = mkdtempSync(path.join(tmpdir(), "ah-mcp-stdio-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("dist/mcp-server.cjs over stdio", () => {
  it("starts from a copy outside the package, lists its tools and answers a call", async () => {
    // A copy in a directory of its own, as apply installs it: no node_modules anywhere above it.
    const installed = path.join(scratch, "runtime", "mcp-server.cjs");
    mkdirSync(path.dirname(installed), { recursive: true });
    copyFileSync(BUNDLE, installed);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [installed, "--target", "copilot"],
      env: { HOME: scratch, PATH: process.env.PATH ?? "" },
      stderr: "pipe",
    });
    const client = new Client({ name: "stdio-test", version: "1" });
    const started = performance.now();
    await client.connect(transport);
    const { tools } = await client.listTools();
    const elapsed = performance.now() - started;
    expect(tools.map((t) => t.name)).toEqual(["guardrails", "recent_denials", "active_profile", "read_broadcasts", "send_broadcast"]);
    const result = (await client.callTool({ name: "guardrails", arguments: {} })) as { content: Array<{ text: string }> };
    expect(result.content[0]!.text).toContain(`No policy file at ${path.join(scratch, ".agentihooks", "policy.copilot.json")}`);
    await client.close();
    // Start-up and listing stay well under a client's MCP start-up timeout (Codex: 10 s by default).
    expect(elapsed).toBeLessThan(5_000);
  });

  it("refuses to start without a client to serve, saying how it is meant to be started", () => {
    const run = spawnSync(process.execPath, [BUNDLE], { input: "", encoding: "utf8", env: { HOME: scratch } });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "agentihooks MCP server: --target must name a client (copilot, claude, codex, gemini); `agentihooks apply` registers the server with it.\n",
    );
  });
});

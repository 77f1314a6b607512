/**
 * Doctor's MCP server checks against real files in a temp home: the installed copy is the
 * package's bundle (dist/mcp-server.cjs), and started as a client starts it, it lists its tools.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { DesiredTree } from "../../compiler/desired-tree";
import { installedMcpServerPath } from "../../compiler/environment";
import { listedTools, mcpServerChecks } from "../../compiler/doctor/mcp-server-check";
import { realFileSystem } from "../../compiler/fs/real";
import { mcpServerCopyEntry } from "../../compiler/lower/runtime-files";

const BUNDLE = new Uint8Array(readFileSync(path.resolve(new URL("../..", import.meta.url).pathname, "dist", "mcp-server.cjs")));
const scratch = mkdtempSync(path.join(tmpdir(), "ah-doctor-mcp-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function setup(name: string, mcpServer = BUNDLE) {
  const home = path.join(scratch, name);
  const env = { home, nodePath: process.execPath, runtimePath: path.join(home, ".agentihooks", "runtime", "1.0.0-abcdef0123456789", "runtime.cjs"), mcpServer };
  const tree: DesiredTree = { target: "codex", entries: [mcpServerCopyEntry(env)], diagnostics: [] };
  const file = installedMcpServerPath(env.runtimePath);
  const check = () => mcpServerChecks(tree, { fs: realFileSystem(), env });
  return { env, file, check, install: (bytes: Uint8Array | string) => (mkdirSync(path.dirname(file), { recursive: true }), writeFileSync(file, bytes)) };
}

describe("doctor: the agentihooks MCP server", () => {
  it("starts the installed copy and reports the tools it lists", async () => {
    const s = setup("ok");
    s.install(BUNDLE);
    expect(await s.check()).toEqual([
      {
        id: "mcp.starts",
        status: "ok",
        message:
          "the agentihooks MCP server at ~/.agentihooks/runtime/1.0.0-abcdef0123456789/mcp-server.cjs starts and lists 5 tools: guardrails, recent_denials, active_profile, read_broadcasts, send_broadcast",
      },
    ]);
  });

  it("fails, naming the fix, when the copy is missing, stale, or does not answer", async () => {
    const missing = setup("missing");
    expect(await missing.check()).toEqual([
      {
        id: "mcp.installed",
        status: "fail",
        message:
          "the agentihooks MCP server is missing at ~/.agentihooks/runtime/1.0.0-abcdef0123456789/mcp-server.cjs: codex cannot start it — run: agentihooks apply --target codex",
      },
    ]);
    const stale = setup("stale");
    stale.install("// an older server\n");
    expect((await stale.check()).map((c) => [c.id, c.status, c.message.includes("is not the package's bundle")])).toEqual([["mcp.installed", "fail", true]]);
    const broken = "process.stderr.write('boom: cannot start\\n'); process.exit(3);\n";
    const mute = setup("mute", new TextEncoder().encode(broken));
    mute.install(broken);
    expect(await mute.check()).toEqual([
      {
        id: "mcp.starts",
        status: "fail",
        message:
          "the agentihooks MCP server at ~/.agentihooks/runtime/1.0.0-abcdef0123456789/mcp-server.cjs did not answer an MCP handshake with its tools (boom: cannot start) — run: agentihooks apply --target codex",
      },
    ]);
  });

  it("checks nothing for a tree that installs no server", async () => {
    const s = setup("none");
    expect(await mcpServerChecks({ target: "codex", entries: [], diagnostics: [] }, { fs: realFileSystem(), env: s.env })).toEqual([]);
  });

  it("reads the tool list from the answer with id 2 only", async () => {
    expect(listedTools('noise\n{"jsonrpc":"2.0","id":1,"result":{}}\n{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"a"},{"name":"b"}]}}\n')).toEqual([
      "a",
      "b",
    ]);
    expect(listedTools('{"jsonrpc":"2.0","id":2,"error":{"code":-1}}\n')).toBeUndefined();
  });
});

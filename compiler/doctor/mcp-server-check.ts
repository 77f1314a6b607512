/**
 * Doctor's checks of agentihooks' own MCP server (docs/mcp-server.md), for a target whose tree
 * installs it: the copy beside the runtime holds the package's bundle, and started the way the
 * client starts it (`node <installed path> --target <id>`, stdio) it answers an MCP handshake and
 * lists its tools. The handshake is three JSON-RPC lines written to its stdin; the server exits
 * when stdin closes, after answering them.
 */
import type { DesiredTree } from "../desired-tree";
import { installedMcpServerPath, type Environment } from "../environment";
import type { FileSystem } from "../fs/file-system";
import { displayPath } from "../plan/plan-view";
import { type DoctorCheck, runProbe } from "./probe";

const HANDSHAKE = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "agentihooks-doctor", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
]
  .map((m) => JSON.stringify(m))
  .join("\n");

/** The tool names in the server's answer to `tools/list` (id 2), or undefined when there is none. */
export function listedTools(stdout: string): string[] | undefined {
  for (const line of stdout.split("\n")) {
    try {
      const message = JSON.parse(line) as { id?: unknown; result?: { tools?: Array<{ name?: unknown }> } };
      if (message.id === 2 && Array.isArray(message.result?.tools)) return message.result.tools.map((t) => String(t.name));
    } catch {
      // Not a protocol line.
    }
  }
  return undefined;
}

/** The MCP server checks for `tree`; [] when the tree installs no server. */
export async function mcpServerChecks(
  tree: DesiredTree,
  ctx: { fs: FileSystem; env: Pick<Environment, "home" | "nodePath" | "runtimePath" | "mcpServer"> },
): Promise<DoctorCheck[]> {
  const { env } = ctx;
  const file = installedMcpServerPath(env.runtimePath);
  if (!tree.entries.some((e) => e.kind === "file" && e.path === file)) return [];
  const shown = displayPath(file, env.home);
  const fix = `run: agentihooks apply --target ${tree.target}`;
  const bytes = ctx.fs.read(file);
  if (bytes === undefined)
    return [{ id: "mcp.installed", status: "fail", message: `the agentihooks MCP server is missing at ${shown}: ${tree.target} cannot start it — ${fix}` }];
  if (env.mcpServer.length === 0)
    return [
      {
        id: "mcp.installed",
        status: "fail",
        message: `this agentihooks package has no dist/mcp-server.cjs to install: run \`npm run build\` in it, then agentihooks apply --target ${tree.target}`,
      },
    ];
  if (Buffer.compare(Buffer.from(bytes), Buffer.from(env.mcpServer)) !== 0)
    return [{ id: "mcp.installed", status: "fail", message: `the agentihooks MCP server at ${shown} is not the package's bundle — ${fix}` }];
  const run = await runProbe(env.nodePath, [file, "--target", tree.target], `${HANDSHAKE}\n`);
  const tools = listedTools(run.stdout ?? "");
  if (!tools || tools.length === 0) {
    const why = (run.stderr || run.error?.message || `exit ${run.status ?? run.signal}`).trim().split("\n").slice(-1)[0] ?? "";
    return [
      { id: "mcp.starts", status: "fail", message: `the agentihooks MCP server at ${shown} did not answer an MCP handshake with its tools (${why}) — ${fix}` },
    ];
  }
  return [{ id: "mcp.starts", status: "ok", message: `the agentihooks MCP server at ${shown} starts and lists ${tools.length} tools: ${tools.join(", ")}` }];
}

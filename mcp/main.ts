/**
 * Entry of the agentihooks MCP server, bundled to dist/mcp-server.cjs and installed by `apply`
 * beside the hook runtime; every client runs it as `node <installed path> --target <id>` over stdio.
 * Nothing but the protocol goes to stdout; problems go to stderr.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { version } from "../package.json";
import { TARGET_IDS, type TargetId } from "../compiler/targets/ids";
import { agentihooksHome } from "../runtime/policy";
import { connectGated, createServer } from "./server";

function targetFrom(argv: readonly string[]): TargetId | undefined {
  const at = argv.indexOf("--target");
  const value = at >= 0 ? argv[at + 1] : undefined;
  return (TARGET_IDS as readonly string[]).includes(value ?? "") ? (value as TargetId) : undefined;
}

const target = targetFrom(process.argv.slice(2));
if (target === undefined) {
  process.stderr.write(`agentihooks MCP server: --target must name a client (${TARGET_IDS.join(", ")}); \`agentihooks apply\` registers the server with it.\n`);
  process.exit(2);
}
const server = createServer({ target, home: agentihooksHome(process.env), version, env: process.env, now: () => new Date() });
connectGated(server, new StdioServerTransport()).catch((error: unknown) => {
  process.stderr.write(`agentihooks MCP server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

/**
 * The agentihooks MCP server (docs/mcp-server.md): the tools an agent uses to ask agentihooks about
 * itself. Each tool reads what `agentihooks apply` installed and what the hook runtime recorded;
 * none changes a guardrail. Built on the official MCP TypeScript SDK; every message passes the
 * secret gate (mcp/secret-gate.ts) when the caller connects it with `connectGated`.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ServerContext } from "./context";
import { secretGate } from "./secret-gate";
import { profileAnswer } from "./tools/active-profile";
import { broadcastsAnswer, sendAnswer } from "./tools/broadcasts";
import { guardrailsAnswer } from "./tools/guardrails";
import { denialsAnswer } from "./tools/recent-denials";

/** The server's name, as every client registers it (docs/mcp-server.md). */
export const SERVER_NAME = "agentihooks";

/** A tool's answer: its summary line, then the whole answer as JSON (for a model to read either). */
function answer(value: { summary: string }): CallToolResult {
  return { content: [{ type: "text", text: `${value.summary}\n\n${JSON.stringify(value, null, 2)}` }] };
}

/** A server with every tool registered, not yet connected. */
export function createServer(ctx: ServerContext): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: ctx.version },
    {
      instructions:
        "agentihooks enforces guardrails on this agent's tool calls. Ask it which guardrails are on, why a call was denied, and which profile is active; read and send broadcasts on its channels.",
    },
  );
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  server.registerTool(
    "guardrails",
    {
      title: "Guardrails in force",
      description:
        "Which agentihooks guardrails are on for this client and why: each switch, what it blocks, and whether the profile changed it from its default. Read from the installed policy file.",
      annotations: readOnly,
    },
    () => answer(guardrailsAnswer(ctx)),
  );
  server.registerTool(
    "recent_denials",
    {
      title: "Why a call was denied",
      description:
        "The tool calls agentihooks denied most recently, newest first, each with the guard's reason (read from the audit log; secrets redacted). Use it after a call was blocked to learn why and how to proceed.",
      inputSchema: {
        limit: z.number().int().min(1).max(50).optional().describe("How many denials to return (1-50, default 5)."),
        tool: z.string().max(100).optional().describe("Only denials of this tool, by the runtime's name: Bash, Write, Edit, Read, …"),
        allClients: z.boolean().optional().describe("Include denials recorded for other clients (default: this client only)."),
      },
      annotations: readOnly,
    },
    (query) => answer(denialsAnswer(ctx, query)),
  );
  server.registerTool(
    "active_profile",
    {
      title: "Active profile",
      description:
        "The agentihooks profile chain and settings profile this client's configuration was built from, with the bundle, config and release that applied it.",
      annotations: readOnly,
    },
    () => answer(profileAnswer(ctx)),
  );
  server.registerTool(
    "read_broadcasts",
    {
      title: "Broadcasts",
      description:
        "The live broadcast messages of the channels this client's sessions listen to (or of one channel), oldest first: notes an operator or another agent sent to every session on the channel.",
      inputSchema: {
        channel: z.string().max(64).optional().describe("Only this channel (default: every channel this client's sessions listen to)."),
      },
      annotations: readOnly,
    },
    (query) => answer(broadcastsAnswer(ctx, query)),
  );
  server.registerTool(
    "send_broadcast",
    {
      title: "Send a broadcast",
      description:
        "Sends a short note to every session subscribed to a channel (each gets it once, at its start or with its next prompt). Never put a credential in it: the store refuses text that holds one.",
      inputSchema: {
        channel: z.string().max(64).describe("The channel: a letter or digit, then letters, digits, '.', '_' or '-'."),
        text: z.string().max(4000).describe("The message, at most 4000 characters."),
        expires: z.string().max(40).optional().describe("When it stops being delivered: 30m, 2h, 7d, 1w, or an ISO date-time with a zone."),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (draft) => {
      const result = sendAnswer(ctx, draft);
      return { ...answer(result), ...("refused" in result ? { isError: true } : {}) };
    },
  );
  return server;
}

/** Connects `server` to `transport` behind the secret gate. */
export async function connectGated(server: McpServer, transport: Transport): Promise<void> {
  await server.connect(secretGate(transport));
}

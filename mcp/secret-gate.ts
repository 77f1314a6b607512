/**
 * The secret gate: a transport wrapper that every message between the client and the server
 * passes. A `tools/call` whose arguments carry a credential-shaped literal (the strict set of
 * runtime/secrets.ts, the set the compiler uses for MCP and settings) is answered with a refusal
 * before any tool sees it; and every text a tool result carries is redacted on its way out, so no
 * tool can echo a secret it read (an audit record, a broadcast). One place for both rules, whatever
 * tool is added later.
 */
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { redactSecrets, scanSecrets } from "../runtime/secrets";

/** The refusal text for a call whose arguments carry `found` (pattern names): names the patterns, never the value. */
export function refusalText(tool: string, found: readonly string[]): string {
  return `REFUSED: the arguments of ${tool} carry what looks like a credential (${found.join(", ")}). agentihooks does not take secrets through its tools: remove the value (refer to it by name, e.g. an environment variable) and call again.`;
}

/** The secret patterns found anywhere in `value` (keys and strings, at any depth), sorted and unique. */
export function secretsIn(value: unknown): string[] {
  if (value === undefined) return [];
  // One scan over the JSON text: keys and values alike, escapes read through by the scanner.
  return scanSecrets(JSON.stringify(value), "strict");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every string inside `value` redacted (object keys included). */
export function redactDeep(value: unknown): unknown {
  if (typeof value === "string") return redactSecrets(value);
  if (Array.isArray(value)) return value.map(redactDeep);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[redactSecrets(key)] = redactDeep(inner);
  return out;
}

/** `inner` behind the gate: the server connects to the returned transport instead. */
export function secretGate(inner: Transport): Transport {
  const gate: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    send: (message: JSONRPCMessage, options?: TransportSendOptions) => inner.send(outgoing(message), options),
  };
  inner.onclose = () => gate.onclose?.();
  inner.onerror = (error) => gate.onerror?.(error);
  inner.onmessage = (message, extra) => {
    const refusal = refuse(message);
    if (refusal) {
      inner.send(refusal).catch((error: unknown) => gate.onerror?.(error instanceof Error ? error : new Error(String(error))));
      return;
    }
    gate.onmessage?.(message, extra);
  };
  return gate;
}

/** The refusal answering `message`, when it is a tool call carrying a secret. */
function refuse(message: JSONRPCMessage): JSONRPCMessage | undefined {
  if (!("method" in message) || message.method !== "tools/call" || !("id" in message)) return undefined;
  const params = isObject(message.params) ? message.params : {};
  const found = secretsIn(params.arguments);
  if (found.length === 0) return undefined;
  const tool = typeof params.name === "string" ? redactSecrets(params.name) : "the tool";
  return { jsonrpc: "2.0", id: message.id, result: { content: [{ type: "text", text: refusalText(tool, found) }], isError: true } };
}

/** A result's content and structured content redacted; other messages unchanged. */
function outgoing(message: JSONRPCMessage): JSONRPCMessage {
  if (!("result" in message) || !isObject(message.result)) return message;
  const result = message.result;
  if (!Array.isArray(result.content) && result.structuredContent === undefined) return message;
  const next: Record<string, unknown> = { ...result };
  if (Array.isArray(result.content))
    next.content = result.content.map((item) => (isObject(item) && typeof item.text === "string" ? { ...item, text: redactSecrets(item.text) } : item));
  if (result.structuredContent !== undefined) next.structuredContent = redactDeep(result.structuredContent);
  return { ...message, result: next } as JSONRPCMessage;
}

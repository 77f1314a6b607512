/**
 * A scripted "model" on 127.0.0.1 for the real-client suite: it speaks the four wire APIs the
 * clients use today (OpenAI chat completions for Copilot, OpenAI Responses for Codex, Anthropic
 * Messages for Claude Code, the Gemini API for Gemini CLI; streaming or not, as each client asks), answers with the tool calls a
 * test scripts, and records every request it receives so a test can look for a canary in what the
 * client sent. Node builtins only: the suite never depends on a hosted service.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The wire API a request used. */
export type WireApi = "chat" | "responses" | "messages" | "gemini";

/** A tool call the scripted model makes. `name` may list candidates: the first one the client offers wins. */
export interface ScriptedToolCall {
  name: string | readonly string[];
  args: Record<string, unknown>;
  /**
   * For a Responses "custom" (freeform) tool such as Codex's apply_patch: the raw input string.
   * When the client declares the tool as custom this is sent instead of `args`.
   */
  input?: string;
}

/** What the scripted model answers: some text, or one or more tool calls (in one response). */
export type ScriptedReply = { text: string } | { toolCalls: readonly ScriptedToolCall[]; text?: string };

/** One tool result found in a request's conversation history. */
export interface ToolResultSeen {
  callId: string;
  output: string;
}

/** A request as the script sees it, the same shape for every wire API. */
export interface ConversationView {
  api: WireApi;
  model: string;
  stream: boolean;
  /** Names of the tools the client offered, in its order. */
  tools: string[];
  /** Tool kind per name for Responses requests ("function", "custom" or "tool_search"); empty otherwise. */
  toolKinds: Record<string, string>;
  /**
   * Tools a client-executed `tool_search` loaded into the conversation (Codex's deferred MCP tools),
   * by the name the script uses (`<namespace>__<tool>`, e.g. `mcp__agentihooks__guardrails`); they
   * are listed in `tools` too, and a call to one is sent as a `function_call` in that namespace.
   */
  searchedTools: Record<string, { namespace: string; name: string }>;
  /** How many assistant turns with tool calls the history already holds (the script's step). */
  toolRounds: number;
  /** Tool results in the history, oldest first. */
  toolResults: ToolResultSeen[];
  /** The text of the last user message (best effort across shapes). */
  lastUserText: string;
}

/** One request the server received, in arrival order. */
export interface RecordedRequest {
  seq: number;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text (empty for GET). */
  raw: string;
  /** The parsed body, when it was JSON. */
  body: unknown;
  /** The normalised conversation, for inference requests. */
  view?: ConversationView;
  /** What the server answered, for inference requests. */
  reply?: ScriptedReply;
}

/** Decides the reply to one inference request. */
export type Script = (view: ConversationView) => ScriptedReply;

/** A running model server. */
export interface ModelServer {
  /** `http://127.0.0.1:PORT` (no trailing slash, no `/v1`). */
  readonly url: string;
  readonly port: number;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Problems the server noticed (a scripted tool the client did not offer, a bad body). */
  readonly problems: string[];
  /** Replaces the script for the following requests. */
  setScript(script: Script): void;
  /** Only the inference requests (chat completions, responses, messages). */
  inferenceRequests(): RecordedRequest[];
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** A script that never calls a tool: every request gets the same text. */
export function replyText(text: string): Script {
  return () => ({ text });
}

/**
 * The usual script: round i (the number of tool rounds already in the history) makes the tool
 * calls `rounds[i]`; once all rounds are done, or when the client offers no tools at all (a side
 * request such as a title), it answers `finalText`.
 */
export function toolRounds(rounds: readonly (readonly ScriptedToolCall[])[], finalText = "E2E_DONE"): Script {
  return (view) => {
    if (view.tools.length === 0 || view.toolRounds >= rounds.length) return { text: finalText };
    return { toolCalls: rounds[view.toolRounds]! };
  };
}

/** Starts a server on 127.0.0.1 and a free port. */
export async function startModelServer(script: Script = replyText("E2E_DONE")): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  const problems: string[] = [];
  let current = script;
  let callCounter = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw.length > 0 ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const path = (req.url ?? "/").split("?")[0]!;
    const record: RecordedRequest = { seq: requests.length, method: req.method ?? "GET", path, headers: { ...req.headers }, raw, body };
    requests.push(record);

    const api = apiOf(record.method, path);
    if (api === "gemini" && !path.endsWith(":streamGenerateContent")) {
      answerGeminiSideRoute(record, res);
      return;
    }
    if (api === undefined) {
      answerSideRoute(record, res);
      return;
    }
    if (typeof body !== "object" || body === null) {
      problems.push(`request ${record.seq} to ${path} has no JSON body`);
      sendJson(res, 400, { error: { message: "expected a JSON body" } });
      return;
    }
    const view = api === "gemini" ? geminiViewOf(path, body as Record<string, unknown>) : viewOf(api, body as Record<string, unknown>);
    record.view = view;
    let reply: ScriptedReply;
    try {
      reply = current(view);
    } catch (error) {
      problems.push(`script threw on request ${record.seq}: ${String(error)}`);
      reply = { text: `E2E script error: ${String(error)}` };
    }
    const resolved = resolveToolNames(reply, view, problems, record.seq);
    record.reply = resolved;
    const ids = (resolved as { toolCalls?: ScriptedToolCall[] }).toolCalls?.map(() => `call_e2e_${++callCounter}`) ?? [];
    if (api === "chat") answerChat(res, view, resolved, ids);
    else if (api === "responses") answerResponses(res, view, resolved, ids);
    else if (api === "gemini") answerGemini(res, resolved);
    else answerMessages(res, view, resolved, ids);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      problems.push(`handler failed: ${String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    problems,
    setScript(next) {
      current = next;
    },
    inferenceRequests() {
      return requests.filter((r) => r.view !== undefined);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function apiOf(method: string, path: string): WireApi | undefined {
  if (method !== "POST") return undefined;
  // Gemini API: POST /v1beta/models/<model>:<method> (streamGenerateContent carries the turns).
  if (/\/models\/[^/]+:(streamGenerateContent|generateContent|countTokens)$/.test(path)) return "gemini";
  if (path.endsWith("/chat/completions")) return "chat";
  if (path.endsWith("/responses")) return "responses";
  if (path.endsWith("/messages")) return "messages";
  return undefined;
}

/** Non-inference routes the clients touch: a model list and a token counter; 404 for the rest. */
function answerSideRoute(record: RecordedRequest, res: ServerResponse): void {
  if (record.method === "GET" && record.path.endsWith("/models")) {
    sendJson(res, 200, { object: "list", data: [{ id: "e2e-model", object: "model", created: 0, owned_by: "e2e" }], models: [] });
    return;
  }
  if (record.method === "POST" && record.path.endsWith("/messages/count_tokens")) {
    sendJson(res, 200, { input_tokens: Math.ceil(record.raw.length / 4) });
    return;
  }
  sendJson(res, 404, { error: { type: "not_found", message: `e2e model server: no route ${record.method} ${record.path}` } });
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => textOf(part)).join("\n");
  if (content && typeof content === "object") {
    const o = content as Record<string, unknown>;
    if (typeof o.text === "string") return o.text;
    if (typeof o.output === "string") return o.output;
    if ("content" in o) return textOf(o.content);
  }
  return "";
}

/** Normalises a request body of any of the three APIs into the script's view. */
export function viewOf(api: WireApi, body: Record<string, unknown>): ConversationView {
  const view: ConversationView = {
    api,
    model: typeof body.model === "string" ? body.model : "",
    stream: body.stream === true,
    tools: [],
    toolKinds: {},
    searchedTools: {},
    toolRounds: 0,
    toolResults: [],
    lastUserText: "",
  };
  const tools = Array.isArray(body.tools) ? (body.tools as Record<string, unknown>[]) : [];
  for (const t of tools) {
    const fn = t.function as Record<string, unknown> | undefined;
    // Codex's client-executed `tool_search` has no name: it goes by its type.
    const name = typeof t.name === "string" ? t.name : typeof fn?.name === "string" ? fn.name : t.type === "tool_search" ? "tool_search" : undefined;
    if (name === undefined) continue;
    view.tools.push(name);
    if (api === "responses" && typeof t.type === "string") view.toolKinds[name] = t.type;
  }
  if (api === "chat") {
    for (const m of (body.messages as Record<string, unknown>[] | undefined) ?? []) {
      if (m.role === "assistant" && Array.isArray(m.tool_calls) && m.tool_calls.length > 0) view.toolRounds++;
      if (m.role === "tool") view.toolResults.push({ callId: String(m.tool_call_id ?? ""), output: textOf(m.content) });
      if (m.role === "user") view.lastUserText = textOf(m.content);
    }
  } else if (api === "responses") {
    let pendingRound = false;
    for (const item of (body.input as Record<string, unknown>[] | undefined) ?? []) {
      const type = item.type;
      if (type === "function_call" || type === "custom_tool_call" || type === "local_shell_call" || type === "tool_search_call") {
        if (!pendingRound) view.toolRounds++;
        pendingRound = true;
        continue;
      }
      pendingRound = false;
      if (type === "function_call_output" || type === "custom_tool_call_output") {
        view.toolResults.push({ callId: String(item.call_id ?? ""), output: textOf(item.output) });
      } else if (type === "tool_search_output") {
        view.toolResults.push({ callId: String(item.call_id ?? ""), output: JSON.stringify(item.tools ?? []) });
        for (const found of Array.isArray(item.tools) ? (item.tools as Record<string, unknown>[]) : []) addSearchedTools(view, found);
      } else if ((type === "message" || type === undefined) && item.role === "user") {
        view.lastUserText = textOf(item.content);
      }
    }
  } else {
    for (const m of (body.messages as Record<string, unknown>[] | undefined) ?? []) {
      const blocks = Array.isArray(m.content) ? (m.content as Record<string, unknown>[]) : [];
      if (m.role === "assistant" && blocks.some((b) => b.type === "tool_use")) view.toolRounds++;
      if (m.role === "user") {
        for (const b of blocks) {
          if (b.type === "tool_result") view.toolResults.push({ callId: String(b.tool_use_id ?? ""), output: textOf(b.content) });
        }
        const text =
          typeof m.content === "string"
            ? m.content
            : blocks
                .filter((b) => b.type === "text")
                .map((b) => String(b.text))
                .join("\n");
        if (text) view.lastUserText = text;
      }
    }
  }
  return view;
}

/** Records the tools of one `tool_search_output` entry: a namespace of functions, or a bare function. */
function addSearchedTools(view: ConversationView, found: Record<string, unknown>): void {
  const inner = found.type === "namespace" && Array.isArray(found.tools) ? (found.tools as Record<string, unknown>[]) : [found];
  const namespace = found.type === "namespace" && typeof found.name === "string" ? found.name : "";
  for (const tool of inner) {
    if (typeof tool.name !== "string") continue;
    const spelling = namespace ? `${namespace}__${tool.name}` : tool.name;
    if (!view.tools.includes(spelling)) view.tools.push(spelling);
    view.searchedTools[spelling] = { namespace, name: tool.name };
  }
}

/** Picks, for each scripted call, the first candidate name the client offers. */
function resolveToolNames(reply: ScriptedReply, view: ConversationView, problems: string[], seq: number): ScriptedReply {
  if (!("toolCalls" in reply)) return reply;
  const calls: ScriptedToolCall[] = [];
  for (const call of reply.toolCalls) {
    const candidates = typeof call.name === "string" ? [call.name] : [...call.name];
    const found = candidates.find((c) => view.tools.includes(c));
    if (found === undefined) {
      problems.push(`request ${seq}: the script asked for tool ${candidates.join("|")} but the client offered: ${view.tools.join(", ") || "(none)"}`);
      return { text: `E2E: tool ${candidates.join("|")} not offered` };
    }
    calls.push({ ...call, name: found });
  }
  return { toolCalls: calls, text: reply.text };
}

function sse(res: ServerResponse): (event: string | undefined, data: unknown) => void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  return (event, data) => {
    if (event !== undefined) res.write(`event: ${event}\n`);
    res.write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
  };
}

const usageChat = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function answerChat(res: ServerResponse, view: ConversationView, reply: ScriptedReply, ids: string[]): void {
  const id = `chatcmpl-e2e-${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const calls = "toolCalls" in reply ? reply.toolCalls : [];
  const text = reply.text ?? "";
  const toolCalls = calls.map((c, i) => ({ index: i, id: ids[i]!, type: "function", function: { name: c.name as string, arguments: JSON.stringify(c.args) } }));
  const finish = calls.length > 0 ? "tool_calls" : "stop";
  if (!view.stream) {
    sendJson(res, 200, {
      id,
      object: "chat.completion",
      created,
      model: view.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: text || null, ...(toolCalls.length ? { tool_calls: toolCalls.map(({ index: _i, ...t }) => t) } : {}) },
          finish_reason: finish,
        },
      ],
      usage: usageChat,
    });
    return;
  }
  const send = sse(res);
  const chunk = (delta: unknown, finishReason: string | null, extra: Record<string, unknown> = {}) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model: view.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  });
  send(undefined, chunk({ role: "assistant", content: "" }, null));
  if (text) send(undefined, chunk({ content: text }, null));
  for (const t of toolCalls) send(undefined, chunk({ tool_calls: [t] }, null));
  send(undefined, chunk({}, finish, { usage: usageChat }));
  send(undefined, "[DONE]");
  res.end();
}

function answerResponses(res: ServerResponse, view: ConversationView, reply: ScriptedReply, ids: string[]): void {
  const responseId = `resp_e2e_${Date.now()}`;
  const calls = "toolCalls" in reply ? reply.toolCalls : [];
  const output: Record<string, unknown>[] = [];
  if (reply.text) {
    output.push({
      type: "message",
      id: `msg_e2e_${ids.length}_${Date.now()}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: reply.text, annotations: [] }],
    });
  }
  calls.forEach((c, i) => {
    const name = c.name as string;
    if (view.toolKinds[name] === "custom") {
      output.push({ type: "custom_tool_call", id: `ctc_${ids[i]}`, call_id: ids[i], name, input: c.input ?? String(c.args.input ?? ""), status: "completed" });
    } else if (view.toolKinds[name] === "tool_search") {
      output.push({ type: "tool_search_call", id: `tsc_${ids[i]}`, call_id: ids[i], execution: "client", arguments: c.args, status: "completed" });
    } else if (view.searchedTools[name]?.namespace) {
      const searched = view.searchedTools[name]!;
      output.push({
        type: "function_call",
        id: `fc_${ids[i]}`,
        call_id: ids[i],
        namespace: searched.namespace,
        name: searched.name,
        arguments: JSON.stringify(c.args),
        status: "completed",
      });
    } else {
      output.push({ type: "function_call", id: `fc_${ids[i]}`, call_id: ids[i], name, arguments: JSON.stringify(c.args), status: "completed" });
    }
  });
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15,
  };
  const base = { id: responseId, object: "response", created_at: Math.floor(Date.now() / 1000), model: view.model };
  if (!view.stream) {
    sendJson(res, 200, { ...base, status: "completed", output, usage });
    return;
  }
  const send = sse(res);
  send("response.created", { type: "response.created", response: { ...base, status: "in_progress", output: [] } });
  output.forEach((item, i) => {
    send("response.output_item.added", { type: "response.output_item.added", output_index: i, item: { ...item, status: "in_progress" } });
    if (item.type === "message") {
      const t = reply.text ?? "";
      send("response.output_text.delta", { type: "response.output_text.delta", item_id: item.id, output_index: i, content_index: 0, delta: t });
      send("response.output_text.done", { type: "response.output_text.done", item_id: item.id, output_index: i, content_index: 0, text: t });
    }
    send("response.output_item.done", { type: "response.output_item.done", output_index: i, item });
  });
  send("response.completed", { type: "response.completed", response: { ...base, status: "completed", output, usage } });
  res.end();
}

function answerMessages(res: ServerResponse, view: ConversationView, reply: ScriptedReply, ids: string[]): void {
  const calls = "toolCalls" in reply ? reply.toolCalls : [];
  const content: Record<string, unknown>[] = [];
  if (reply.text) content.push({ type: "text", text: reply.text });
  calls.forEach((c, i) => content.push({ type: "tool_use", id: `toolu_${ids[i]}`, name: c.name as string, input: c.args }));
  const stopReason = calls.length > 0 ? "tool_use" : "end_turn";
  const message = { id: `msg_e2e_${Date.now()}`, type: "message", role: "assistant", model: view.model, stop_sequence: null };
  const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  if (!view.stream) {
    sendJson(res, 200, { ...message, content, stop_reason: stopReason, usage });
    return;
  }
  const send = sse(res);
  send("message_start", { type: "message_start", message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } });
  content.forEach((block, index) => {
    if (block.type === "text") {
      send("content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } });
      send("content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text: block.text } });
    } else {
      send("content_block_start", { type: "content_block_start", index, content_block: { ...block, input: {} } });
      send("content_block_delta", { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) } });
    }
    send("content_block_stop", { type: "content_block_stop", index });
  });
  send("message_delta", { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } });
  send("message_stop", { type: "message_stop" });
  res.end();
}

/**
 * Gemini API helpers that are not turns: `:countTokens`, and `:generateContent`, which Gemini CLI
 * uses for JSON-mode side requests (its model router, loop checks): answered with a value shaped
 * by the request's `responseJsonSchema` (strings "e2e", numbers 50, booleans false, first enum value).
 */
function answerGeminiSideRoute(record: RecordedRequest, res: ServerResponse): void {
  if (record.path.endsWith(":countTokens")) {
    sendJson(res, 200, { totalTokens: Math.ceil(record.raw.length / 4) });
    return;
  }
  const config = ((record.body as Record<string, unknown> | undefined)?.generationConfig ?? {}) as Record<string, unknown>;
  const schema = config.responseJsonSchema ?? config.responseSchema;
  const text = schema ? JSON.stringify(valueForSchema(schema)) : "E2E_DONE";
  sendJson(res, 200, { candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }], usageMetadata: usageGemini });
}

/** A value satisfying a (simple) JSON Schema, for JSON-mode answers. */
function valueForSchema(schema: unknown): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const type = String(s.type ?? "").toLowerCase();
  if (type === "object" || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) out[key] = valueForSchema(inner);
    return out;
  }
  if (type === "array") return [];
  if (type === "integer" || type === "number") return typeof s.minimum === "number" && s.minimum > 50 ? s.minimum : 50;
  if (type === "boolean") return false;
  return "e2e";
}

const usageGemini = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };

/**
 * A Gemini request (`{contents, systemInstruction, tools: [{functionDeclarations}]}`) as the script
 * sees it: one tool round per model turn that made function calls, tool results from the
 * `functionResponse` parts (`response.output`, or `response.error` when the call was refused).
 */
export function geminiViewOf(path: string, body: Record<string, unknown>): ConversationView {
  const view: ConversationView = {
    api: "gemini",
    model: /\/models\/([^/:]+):/.exec(path)?.[1] ?? "",
    stream: path.endsWith(":streamGenerateContent"),
    tools: [],
    toolKinds: {},
    searchedTools: {},
    toolRounds: 0,
    toolResults: [],
    lastUserText: "",
  };
  for (const tool of (body.tools as Record<string, unknown>[] | undefined) ?? []) {
    for (const fn of (tool.functionDeclarations as Record<string, unknown>[] | undefined) ?? []) if (typeof fn.name === "string") view.tools.push(fn.name);
  }
  for (const content of (body.contents as Record<string, unknown>[] | undefined) ?? []) {
    const parts = (content.parts as Record<string, unknown>[] | undefined) ?? [];
    if (content.role === "model" && parts.some((p) => p.functionCall)) view.toolRounds++;
    for (const part of parts) {
      const response = part.functionResponse as { id?: unknown; response?: Record<string, unknown> } | undefined;
      if (response) view.toolResults.push({ callId: String(response.id ?? ""), output: textOf(response.response?.output ?? response.response?.error ?? "") });
    }
    const text = parts
      .filter((p) => typeof p.text === "string")
      .map((p) => String(p.text))
      .join("");
    if (content.role === "user" && text) view.lastUserText = text;
  }
  return view;
}

function answerGemini(res: ServerResponse, reply: ScriptedReply): void {
  const calls = "toolCalls" in reply ? reply.toolCalls : [];
  const parts: Record<string, unknown>[] = [];
  if (reply.text) parts.push({ text: reply.text });
  for (const call of calls) parts.push({ functionCall: { name: call.name as string, args: call.args } });
  const send = sse(res);
  send(undefined, { candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }], usageMetadata: usageGemini });
  res.end();
}

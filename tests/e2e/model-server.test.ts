/**
 * The model server on its own (no client): each wire API answers the scripted tool call in the
 * shape its client parses, streamed and not, the script's step follows the conversation, and
 * every request is recorded.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startModelServer, toolRounds, viewOf, type ModelServer } from "./model-server";

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(toolRounds([[{ name: ["view", "Read", "exec_command"], args: { path: "/x" } }]], "FINAL"));
});
afterAll(async () => {
  await server.close();
});

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

function sseEvents(text: string): { event?: string; data: string }[] {
  return text
    .split("\n\n")
    .filter((b) => b.trim() !== "")
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
      return { event, data };
    });
}

describe("model server", () => {
  test("chat completions: a streamed tool call, then the final text once the tool result is in the history", async () => {
    const first = await (
      await post("/v1/chat/completions", {
        model: "m",
        stream: true,
        messages: [{ role: "user", content: "go" }],
        tools: [{ type: "function", function: { name: "view" } }],
      })
    ).text();
    const chunks = sseEvents(first).map((e) => e.data);
    expect(chunks.at(-1)).toBe("[DONE]");
    const call = chunks.map((c) => (c === "[DONE]" ? undefined : JSON.parse(c))).find((c) => c?.choices?.[0]?.delta?.tool_calls);
    expect(call.choices[0].delta.tool_calls[0].function).toEqual({ name: "view", arguments: '{"path":"/x"}' });
    const second = (await (
      await post("/v1/chat/completions", {
        model: "m",
        messages: [
          { role: "user", content: "go" },
          { role: "assistant", tool_calls: [{ id: "c1", type: "function", function: { name: "view", arguments: "{}" } }] },
          { role: "tool", tool_call_id: "c1", content: "file body" },
        ],
        tools: [{ type: "function", function: { name: "view" } }],
      })
    ).json()) as { choices: { message: { content: string } }[] };
    expect(second.choices[0]?.message.content).toBe("FINAL");
    expect(server.requests.at(-1)?.view?.toolResults).toEqual([{ callId: "c1", output: "file body" }]);
  });

  test("responses: function and custom tool calls as output items, then response.completed", async () => {
    const text = await (
      await post("/v1/responses", {
        model: "m",
        stream: true,
        input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "go" }] }],
        tools: [{ type: "function", name: "exec_command" }],
      })
    ).text();
    const events = sseEvents(text);
    expect(events.map((e) => e.event)).toEqual(["response.created", "response.output_item.added", "response.output_item.done", "response.completed"]);
    expect(JSON.parse(events[2]!.data).item).toMatchObject({ type: "function_call", name: "exec_command", arguments: '{"path":"/x"}' });
    const custom = viewOf("responses", {
      tools: [{ type: "custom", name: "apply_patch" }],
      input: [
        { type: "custom_tool_call", call_id: "a" },
        { type: "custom_tool_call_output", call_id: "a", output: "done" },
      ],
    });
    expect(custom).toMatchObject({ toolKinds: { apply_patch: "custom" }, toolRounds: 1, toolResults: [{ callId: "a", output: "done" }] });
  });

  test("responses: a client-executed tool_search call, then a call in the namespace its output loaded", async () => {
    const search = await startModelServer(toolRounds([[{ name: "tool_search", args: { query: "q" } }], [{ name: "mcp__srv__probe", args: { a: 1 } }]]));
    try {
      const tools = [
        { type: "function", name: "exec_command" },
        { type: "tool_search", execution: "client" },
      ];
      const user = { type: "message", role: "user", content: [{ type: "input_text", text: "go" }] };
      const first = sseEvents(
        await (await fetch(`${search.url}/v1/responses`, { method: "POST", body: JSON.stringify({ model: "m", stream: true, input: [user], tools }) })).text(),
      );
      const call = JSON.parse(first.find((e) => e.event === "response.output_item.done")!.data).item;
      expect(call).toMatchObject({ type: "tool_search_call", execution: "client", arguments: { query: "q" } });
      const loaded = {
        type: "tool_search_output",
        call_id: call.call_id,
        execution: "client",
        tools: [{ type: "namespace", name: "mcp__srv", tools: [{ type: "function", name: "probe" }] }],
      };
      const second = sseEvents(
        await (
          await fetch(`${search.url}/v1/responses`, { method: "POST", body: JSON.stringify({ model: "m", stream: true, input: [user, call, loaded], tools }) })
        ).text(),
      );
      expect(JSON.parse(second.find((e) => e.event === "response.output_item.done")!.data).item).toMatchObject({
        type: "function_call",
        namespace: "mcp__srv",
        name: "probe",
        arguments: '{"a":1}',
      });
      expect(search.requests.at(-1)?.view).toMatchObject({ toolRounds: 1, searchedTools: { mcp__srv__probe: { namespace: "mcp__srv", name: "probe" } } });
      expect(search.problems).toEqual([]);
    } finally {
      await search.close();
    }
  });

  test("messages: a streamed tool_use block with its input as JSON deltas", async () => {
    const text = await (
      await post("/v1/messages", {
        model: "m",
        stream: true,
        max_tokens: 10,
        messages: [{ role: "user", content: "go" }],
        tools: [{ name: "Read", input_schema: {} }],
      })
    ).text();
    const events = sseEvents(text);
    expect(events[0]!.event).toBe("message_start");
    expect(events.at(-1)!.event).toBe("message_stop");
    const start = events.find((e) => e.event === "content_block_start");
    expect(JSON.parse(start!.data).content_block).toMatchObject({ type: "tool_use", name: "Read" });
    const delta = events.find((e) => e.event === "content_block_delta");
    expect(JSON.parse(JSON.parse(delta!.data).delta.partial_json)).toEqual({ path: "/x" });
    const stop = events.find((e) => e.event === "message_delta");
    expect(JSON.parse(stop!.data).delta.stop_reason).toBe("tool_use");
  });

  test("a tool the client does not offer is a recorded problem, not a silent pass", async () => {
    await post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "go" }], tools: [{ type: "function", function: { name: "bash" } }] });
    expect(server.problems.at(-1)).toMatch(/asked for tool view\|Read\|exec_command but the client offered: bash/);
  });

  test("side routes: a model list and a token count; anything else is a recorded 404", async () => {
    expect((await fetch(`${server.url}/v1/models`)).status).toBe(200);
    expect(await (await post("/v1/messages/count_tokens", { messages: [] })).json()).toHaveProperty("input_tokens");
    expect((await fetch(`${server.url}/api/hello`, { method: "HEAD" })).status).toBe(404);
    expect(server.requests.some((r) => r.path === "/api/hello")).toBe(true);
  });
});

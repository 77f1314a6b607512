/** Gemini CLI 0.61.0 in the runtime: payloads as Gemini sends them, replies in its envelope (docs/targets/gemini.md). */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { normalizePayload, renderReply } from "../../runtime/clients/registry";
import { geminiToolCall } from "../../runtime/clients/gemini";
import { runHook } from "../../runtime/run-hook";

const base = { session_id: "s1", transcript_path: "/t/session.jsonl", timestamp: "2026-01-01T00:00:00.000Z" };

function hook(payload: Record<string, unknown>, env: Record<string, string> = {}): ReturnType<typeof runHook> {
  const home = mkdtempSync(join(tmpdir(), "ah-gemini-"));
  return runHook({ stdin: JSON.stringify({ ...base, cwd: home, ...payload }), argv: [], env: { HOME: home, AGENTIHOOKS_TARGET: "gemini", ...env }, cwd: home });
}

describe("Gemini tool names and arguments", () => {
  it.each([
    ["run_shell_command", { command: "ls" }, "Bash", { command: "ls" }],
    ["write_file", { file_path: "a", content: "x" }, "Write", { file_path: "a", content: "x" }],
    ["replace", { file_path: "a", old_string: "x", new_string: "y" }, "Edit", { file_path: "a", old_string: "x", new_string: "y" }],
    ["read_file", { file_path: ".env" }, "Read", { file_path: ".env" }],
    ["read_many_files", { include: ["a.ts", ".env"], exclude: ["b"] }, "Read", { include: ["a.ts", ".env"], exclude: ["b"], file_paths: ["a.ts", ".env"] }],
    [
      "grep_search",
      { pattern: "k", dir_path: "d", include_pattern: "*.ts" },
      "Grep",
      { pattern: "k", dir_path: "d", include_pattern: "*.ts", path: "d", glob: "*.ts" },
    ],
    ["glob", { pattern: "**/*.md", dir_path: "d" }, "Glob", { pattern: "**/*.md", dir_path: "d", path: "d" }],
    ["web_fetch", { prompt: "read https://x" }, "WebFetch", { prompt: "read https://x" }],
    ["activate_skill", { name: "s" }, "activate_skill", { name: "s" }],
  ])("%s → %s", (name, args, tool, input) => {
    expect(geminiToolCall(name, args)).toEqual({ tool_name: tool, tool_input: input });
  });
  it("names an MCP call by its server and tool from mcp_context, unambiguously", () => {
    expect(geminiToolCall("mcp_my_srv_get_file", { path: "p" }, { server_name: "my_srv", tool_name: "get_file" }).tool_name).toBe("mcp__my_srv__get_file");
    expect(geminiToolCall("mcp_x_y", {}).tool_name).toBe("mcp_x_y");
  });
  it("keeps the wire event name and never mutates the payload", () => {
    const payload = { ...base, hook_event_name: "BeforeTool", tool_name: "read_file", tool_input: { file_path: "a" } };
    const copy = structuredClone(payload);
    expect(normalizePayload(payload, "gemini", "", {}).hook_event_name).toBe("BeforeTool");
    expect(payload).toEqual(copy);
  });
});

describe("Gemini replies", () => {
  it("denies with a JSON decision on stdout and exit 2 with the reason on stderr", () => {
    const reply = renderReply("gemini", "PreToolUse", "BeforeTool", { block: "BLOCKED: no", context: [] });
    expect(JSON.parse(reply.stdout)).toEqual({ decision: "deny", reason: "BLOCKED: no" });
    expect(reply.stderr).toBe("BLOCKED: no\n");
    expect(reply.exitCode).toBe(2);
  });
  it("puts context in hookSpecificOutput only where Gemini shows it to the model", () => {
    for (const [event, wire] of [
      ["SessionStart", "SessionStart"],
      ["UserPromptSubmit", "BeforeAgent"],
      ["PostToolUse", "AfterTool"],
    ] as const) {
      expect(JSON.parse(renderReply("gemini", event, wire, { context: ["c"] }).stdout)).toEqual({
        hookSpecificOutput: { hookEventName: wire, additionalContext: "c" },
      });
    }
    expect(renderReply("gemini", "PreToolUse", "BeforeTool", { context: ["c"] }).stdout).toBe("");
    expect(renderReply("gemini", "SessionEnd", "SessionEnd", { context: ["c"] }).stdout).toBe("");
  });
  it("never answers ask", () => {
    const reply = renderReply("gemini", "PreToolUse", "BeforeTool", { block: "BLOCKED: x", context: [] });
    expect(reply.stdout).not.toContain("ask");
  });
});

describe("Gemini hooks end to end through runHook", () => {
  it("denies a read_file of .env, a shell read of a credential file and a read_many_files glob naming one", () => {
    for (const [tool_name, tool_input] of [
      ["read_file", { file_path: ".env" }],
      ["run_shell_command", { command: "cat ~/.aws/credentials" }],
      ["read_many_files", { include: ["src/**", ".env*"] }],
      ["grep_search", { pattern: "KEY", dir_path: "/home/u/.ssh/id_ed25519" }],
    ] as const) {
      const reply = hook({ hook_event_name: "BeforeTool", tool_name, tool_input });
      expect(reply.exitCode, tool_name).toBe(2);
      expect((JSON.parse(reply.stdout) as { decision: string }).decision, tool_name).toBe("deny");
    }
  });
  it("lets an ordinary call run with no output at all", () => {
    expect(hook({ hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "ls -la" } })).toEqual({
      stdout: "",
      stderr: "",
      exitCode: 0,
    });
  });
  it("gives the session-start banner with the first BeforeAgent of a session, not at SessionStart (which would break a headless /command)", () => {
    const home = mkdtempSync(join(tmpdir(), "ah-gemini-"));
    const env = { AGENTIHOOKS_HOME: join(home, ".agentihooks") };
    const run = (payload: Record<string, unknown>) =>
      runHook({ stdin: JSON.stringify({ ...base, cwd: home, ...payload }), argv: [], env: { HOME: home, AGENTIHOOKS_TARGET: "gemini", ...env }, cwd: home });
    expect(run({ hook_event_name: "SessionStart", source: "startup" })).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    const first = JSON.parse(run({ hook_event_name: "BeforeAgent", prompt: "/review x" }).stdout) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(first.hookSpecificOutput.hookEventName).toBe("BeforeAgent");
    expect(first.hookSpecificOutput.additionalContext).toMatch(/^Your Gemini CLI session_id is s1\./);
    expect(run({ hook_event_name: "BeforeAgent", prompt: "next" }).stdout).toBe("");
    run({ hook_event_name: "SessionEnd", reason: "exit" });
    expect(run({ hook_event_name: "BeforeAgent", prompt: "again" }).stdout).toContain("session_id is s1");
  });
  it("stays silent on AfterAgent, PreCompress and SessionEnd", () => {
    for (const payload of [
      { hook_event_name: "AfterAgent", prompt: "p", prompt_response: "r", stop_hook_active: false },
      { hook_event_name: "PreCompress", trigger: "auto" },
      { hook_event_name: "SessionEnd", reason: "exit" },
    ]) {
      expect(hook(payload)).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    }
  });
  it("denies garbled stdin that names BeforeTool", () => {
    const home = mkdtempSync(join(tmpdir(), "ah-gemini-"));
    const reply = runHook({
      stdin: '{"hook_event_name": "BeforeTool", "tool_input": {',
      argv: [],
      env: { HOME: home, AGENTIHOOKS_TARGET: "gemini" },
      cwd: home,
    });
    expect(reply.exitCode).toBe(2);
    expect(JSON.parse(reply.stdout)).toMatchObject({ decision: "deny" });
  });
});

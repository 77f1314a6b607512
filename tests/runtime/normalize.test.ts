/** Normalisation and event mapping (docs/runtime.md, "Events" and "Normalisation"). */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DISPATCH_EVENTS, dispatchEventFor, garbledNamesToolEvent, knownEventSpellings } from "../../runtime/events";
import { codexToolCall, codexTranscriptPath } from "../../runtime/clients/codex";
import { copilotToolCall, copilotTranscriptPath } from "../../runtime/clients/copilot";
import { normalizePayload, runtimeTarget } from "../../runtime/clients/registry";
import { hasDuplicateKeys, patchFilePaths, shellJoin } from "../../runtime/normalize";
import { HANDLERS, runHook } from "../../runtime/run-hook";
import { tempDir } from "./helpers";

const env = { HOME: "/nonexistent-home" } as NodeJS.ProcessEnv;

describe("target detection", () => {
  it("defaults to claude when unset, trims and lower-cases AGENTIHOOKS_TARGET, and keeps an unknown id as it is", () => {
    expect(runtimeTarget({})).toBe("claude");
    expect(runtimeTarget({ AGENTIHOOKS_TARGET: "" })).toBe("claude");
    expect(runtimeTarget({ AGENTIHOOKS_TARGET: " Codex " })).toBe("codex");
    expect(runtimeTarget({ AGENTIHOOKS_TARGET: "COPILOT" })).toBe("copilot");
    expect(runtimeTarget({ AGENTIHOOKS_TARGET: "No-Such-Client" })).toBe("no-such-client");
  });
});

describe("event spellings", () => {
  const expected: Record<string, string> = {
    sessionStart: "SessionStart",
    sessionEnd: "SessionEnd",
    userPromptSubmitted: "UserPromptSubmit",
    userPromptTransformed: "UserPromptSubmit",
    preToolUse: "PreToolUse",
    preMcpToolCall: "PreToolUse",
    PreMcpToolCall: "PreToolUse",
    postToolUse: "PostToolUse",
    postToolUseFailure: "PostToolUse",
    PostToolUseFailure: "PostToolUse",
    agentStop: "Stop",
    subagentStart: "SubagentStart",
    subagentStop: "SubagentStop",
    preCompact: "PreCompact",
    PostCompact: "PreCompact",
    permissionRequest: "PermissionRequest",
    notification: "Notification",
    errorOccurred: "Notification",
    ErrorOccurred: "Notification",
    Interrupt: "Notification",
  };
  it.each(Object.entries(expected))("%s → %s", (raw, dispatch) => {
    expect(dispatchEventFor(raw)).toBe(dispatch);
  });
  it("maps every dispatch name to itself and every known spelling to a real handler", () => {
    for (const name of DISPATCH_EVENTS) expect(dispatchEventFor(name)).toBe(name);
    for (const raw of knownEventSpellings()) expect(HANDLERS[dispatchEventFor(raw)!], raw).toBeTypeOf("function");
  });
  it("leaves postResult and prePRDescription unmapped on purpose", () => {
    expect(dispatchEventFor("postResult")).toBeUndefined();
    expect(dispatchEventFor("prePRDescription")).toBeUndefined();
    expect(dispatchEventFor("stop")).toBeUndefined();
  });
  it("spots a tool-permission event name in the first 512 characters of garbled text only", () => {
    expect(garbledNamesToolEvent('x "hookEventName": "preToolUse" {')).toBe(true);
    expect(garbledNamesToolEvent('x "hook_event_name":"PermissionRequest"')).toBe(true);
    expect(garbledNamesToolEvent(`${" ".repeat(600)}"hook_event_name": "PreToolUse"`)).toBe(false);
    expect(garbledNamesToolEvent('"hook_event_name": "SessionStart"')).toBe(false);
  });
});

describe("Claude payloads are untouched", () => {
  it("returns the very same object", () => {
    const a = { hook_event_name: "PostToolUse", tool_response: { out: 1 } };
    const b = { hookEventName: "preToolUse", toolName: "shell" };
    expect(normalizePayload(a, "claude", "", env)).toBe(a);
    expect(normalizePayload(b, "claude", "", env)).toEqual({ hookEventName: "preToolUse", toolName: "shell" });
  });
});

describe("Codex", () => {
  it("fills tool_output/tool_result from tool_response without clobbering", () => {
    const p = normalizePayload({ hook_event_name: "PostToolUse", tool_response: { out: 1 } }, "codex", "", env);
    expect(p.tool_output).toEqual({ out: 1 });
    expect(p.tool_result).toEqual({ out: 1 });
    expect(normalizePayload({ tool_response: "x", tool_output: "old" }, "codex", "", env).tool_output).toBe("old");
  });
  it("maps apply_patch to Edit with content, new_string and file_path", () => {
    const body = "*** Begin Patch\n*** Update File: /repo/pyproject.toml\n@@\n-a\n+b\n*** End Patch";
    const p = normalizePayload({ hook_event_name: "PreToolUse", tool_name: "apply_patch", tool_input: { command: body } }, "codex", "", env);
    expect(p.tool_name).toBe("Edit");
    expect(p.tool_input).toMatchObject({ content: body, new_string: body, file_path: "/repo/pyproject.toml" });
    expect(normalizePayload({ tool_name: "Bash", tool_input: { command: "ls -la" } }, "codex", "", env).tool_input).toEqual({ command: "ls -la" });
  });
  it("maps the shell tools to Bash and joins argv commands", () => {
    for (const name of ["exec", "shell", "local_shell", "unified_exec", "exec_command"]) expect(codexToolCall(name, { command: "ls" }).tool_name).toBe("Bash");
    expect(codexToolCall("shell", { command: ["ls", "a b"] }).tool_input.command).toBe("ls 'a b'");
    expect(codexToolCall("exec", { input: "echo hi" }).tool_input).toEqual({ input: "echo hi", command: "echo hi", content: "echo hi" });
    expect(codexToolCall("request_user_input", { questions: [{ id: "q" }] })).toEqual({
      tool_name: "AskUserQuestion",
      tool_input: { questions: [{ id: "q" }] },
    });
    expect(codexToolCall("update_plan", { plan: [] }).tool_name).toBe("update_plan");
  });
  it("shell-joins with POSIX quoting", () => {
    expect(shellJoin(["bash", "-lc", "cat '.env'"])).toBe(`bash -lc 'cat '"'"'.env'"'"''`);
    expect(shellJoin([""])).toBe("''");
  });
  it("finds a rollout transcript for Stop-like events only, rejecting unsafe ids", () => {
    const codexHome = tempDir();
    const day = join(codexHome, "sessions", "2026", "08", "10");
    mkdirSync(day, { recursive: true });
    const id = "019a2b3c-4d5e-7f60-8a9b-0c1d2e3f4a5b";
    writeFileSync(join(day, `rollout-2026-08-10T10-00-00-${id}.jsonl`), "{}\n");
    const e = { CODEX_HOME: codexHome } as NodeJS.ProcessEnv;
    expect(normalizePayload({ hook_event_name: "SessionEnd", session_id: id }, "codex", "", e).transcript_path).toBe(
      join(day, `rollout-2026-08-10T10-00-00-${id}.jsonl`),
    );
    expect(normalizePayload({ hook_event_name: "SessionEnd", session_id: id, transcript_path: "/given" }, "codex", "", e).transcript_path).toBe("/given");
    expect(normalizePayload({ hook_event_name: "PreToolUse", session_id: id }, "codex", "", e).transcript_path).toBeUndefined();
    for (const bad of ["**", "*", "?", "[a-z]", "../../etc", "a".repeat(500), "", `${id.slice(0, -1)}?`]) expect(codexTranscriptPath(bad, e)).toBe("");
  });
});

describe("Copilot", () => {
  it("maps a camelCase preToolUse onto the dispatch vocabulary", () => {
    const p = normalizePayload({ hookEventName: "preToolUse", sessionId: "s1", toolName: "shell", toolArgs: { command: "ls" } }, "copilot", "", env);
    expect(p).toMatchObject({
      hook_event_name: "PreToolUse",
      copilot_event_name: "preToolUse",
      session_id: "s1",
      tool_name: "Bash",
      tool_input: { command: "ls" },
    });
  });
  it("does not let an empty tool_input shadow toolArgs", () => {
    const p = normalizePayload(
      { hookEventName: "preToolUse", toolName: "Bash", toolArgs: { command: "rm -rf /" }, tool_input: {}, tool_name: "" },
      "copilot",
      "",
      env,
    );
    expect(p.tool_input).toEqual({ command: "rm -rf /" });
    expect(p.tool_name).toBe("Bash");
  });
  it("takes the event from the wrapper when the payload has none, and keeps raw names", () => {
    expect(normalizePayload({ sessionId: "s" }, "copilot", "preToolUse", env).hook_event_name).toBe("PreToolUse");
    expect(normalizePayload({ hook_event_name: "SessionStart" }, "copilot", "", env).hook_event_name).toBe("SessionStart");
    expect(normalizePayload({ hookEventName: "postToolUseFailure" }, "copilot", "", env)).toMatchObject({
      hook_event_name: "PostToolUse",
      copilot_event_name: "postToolUseFailure",
    });
    const r = normalizePayload({ hookEventName: "postToolUse", toolName: "bash", toolArgs: "{}", toolResult: { out: 1 } }, "copilot", "", env);
    expect(r.tool_response).toEqual({ out: 1 });
    expect(r.tool_output).toEqual({ out: 1 });
  });
  it("translates the batched toolCalls shape; calls after the first become extras", () => {
    const p = normalizePayload(
      {
        toolCalls: [
          { id: "1", name: "view", args: '{"path":"/a"}' },
          { id: "2", name: "apply_patch", args: '{"patch":"diff body"}' },
        ],
      },
      "copilot",
      "preToolUse",
      env,
    );
    expect(p.tool_name).toBe("Read");
    expect(p.tool_input).toEqual({ path: "/a", file_path: "/a" });
    expect(p.copilot_extra_tool_calls).toEqual([{ tool_name: "Edit", tool_input: { patch: "diff body", content: "diff body" } }]);
  });
  it("dispatches str_replace_editor on its nested command", () => {
    const names = ["create", "str_replace", "insert", "view", "undo_edit", "other"].map(
      (command) => copilotToolCall("str_replace_editor", JSON.stringify({ command })).tool_name,
    );
    expect(names).toEqual(["Write", "Edit", "Edit", "Read", "Edit", "Edit"]);
  });
  it("maps names and argument keys, keeps unknown names, keeps unparseable args scannable", () => {
    expect(copilotToolCall("create", { path: "/p", file_text: "t" }).tool_input).toEqual({ path: "/p", file_text: "t", file_path: "/p", content: "t" });
    expect(copilotToolCall("edit", { path: "/p", old_str: "a", new_str: "b" })).toEqual({
      tool_name: "Edit",
      tool_input: { path: "/p", old_str: "a", new_str: "b", file_path: "/p", old_string: "a", new_string: "b" },
    });
    expect(copilotToolCall("github-mcp-server-get_file_contents", { owner: "o" }).tool_name).toBe("github-mcp-server-get_file_contents");
    expect(copilotToolCall("bash", "not json").tool_input).toEqual({ command: "not json", content: "not json" });
    expect(copilotToolCall("bash", "[1,2]").tool_input).toEqual({});
    const mapped = ["bash", "shell", "view", "create", "edit", "grep", "glob", "web_fetch", "web_search", "task", "apply_patch"].map(
      (n) => copilotToolCall(n, {}).tool_name,
    );
    expect(mapped).toEqual(["Bash", "Bash", "Read", "Write", "Edit", "Grep", "Glob", "WebFetch", "WebSearch", "Agent", "Edit"]);
  });
  it("reads a freeform apply_patch whose toolArgs is the raw patch text (Copilot 1.0.102, Responses wire)", () => {
    const patch = "*** Begin Patch\n*** Add File: .env\n+A=1\n*** Update File: src/app.py\n@@\n-x\n+y\n*** End Patch\n";
    const expected = { tool_name: "Edit", tool_input: { patch, content: patch, file_path: ".env", file_paths: [".env", "src/app.py"] } };
    expect(copilotToolCall("apply_patch", patch)).toEqual(expected);
    // Double-encoded (a JSON string literal) is unwrapped once.
    expect(copilotToolCall("apply_patch", JSON.stringify(patch))).toEqual(expected);
    // A JSON string holding an object is still read as the object.
    expect(copilotToolCall("apply_patch", JSON.stringify({ patch }))).toEqual(expected);
    const pre = normalizePayload({ hookEventName: "preToolUse", toolName: "apply_patch", toolArgs: patch }, "copilot", "", env);
    expect(pre).toMatchObject({ hook_event_name: "PreToolUse", ...expected });
    const post = normalizePayload(
      { sessionId: "s", toolName: "apply_patch", toolArgs: patch, toolResult: { resultType: "success" } },
      "copilot",
      "postToolUse",
      env,
    );
    expect(post).toMatchObject({ hook_event_name: "PostToolUse", ...expected, tool_output: { resultType: "success" } });
    expect(pre.toolArgs).toBe(patch);
  });
  it("keeps other non-object toolArgs scannable", () => {
    expect(copilotToolCall("bash", JSON.stringify("cat .env")).tool_input).toEqual({ command: "cat .env", content: "cat .env" });
    expect(copilotToolCall("bash", ["cat", "my file"]).tool_input).toEqual({ command: "cat 'my file'", content: "cat\nmy file" });
    expect(copilotToolCall("bash", JSON.stringify(["rm", "-rf", "~"])).tool_input).toEqual({ command: "rm -rf '~'", content: "rm\n-rf\n~" });
    expect(copilotToolCall("bash", "").tool_input).toEqual({});
    expect(copilotToolCall("bash", 42).tool_input).toEqual({});
  });
  it("lists every file an apply_patch touches", () => {
    expect(patchFilePaths("*** Add File: a.txt\n+x\n*** Update File: b/c.py\n*** Move to: d.py\n*** Delete File: e")).toEqual(["a.txt", "b/c.py", "e", "d.py"]);
  });
  it("resolves the events.jsonl transcript for agentStop only when the file exists", () => {
    const copilotHome = tempDir();
    mkdirSync(join(copilotHome, "session-state", "s-1"), { recursive: true });
    writeFileSync(join(copilotHome, "session-state", "s-1", "events.jsonl"), "");
    const e = { COPILOT_HOME: copilotHome } as NodeJS.ProcessEnv;
    expect(normalizePayload({ sessionId: "s-1" }, "copilot", "agentStop", e).transcript_path).toBe(join(copilotHome, "session-state", "s-1", "events.jsonl"));
    expect(normalizePayload({ sessionId: "s-2" }, "copilot", "agentStop", e).transcript_path).toBeUndefined();
    expect(copilotTranscriptPath("../x", e)).toBe("");
  });
});

describe("payloads the runtime cannot place are denied on a tool call (red team, issue 13)", () => {
  const home = tempDir();
  const repo = tempDir();
  const key = "AKIA" + "Z7QW3ERT5YUI8OPB";
  const env = (target: string): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    AGENTIHOOKS_HOME: join(home, ".agentihooks"),
    AGENTIHOOKS_TARGET: target,
    ...(target === "copilot" ? { AGENTIHOOKS_COPILOT_EVENT: "preToolUse" } : {}),
  });
  const deep = `${"[".repeat(20_000)}{"content":"x"}${"]".repeat(20_000)}`;
  const pre = (rest: string): string => `{"hook_event_name":"PreToolUse","cwd":${JSON.stringify(repo)},${rest}}`;
  const attempts: ReadonlyArray<[string, string, string]> = [
    ["claude", "a duplicate content key", pre(`"tool_name":"Write","tool_input":{"file_path":"a.txt","content":"k=${key}","content":"ok"}}`)],
    ["claude", "a duplicate tool name", pre(`"tool_name":"Bash","tool_input":{"command":"echo k=${key} > a.txt"},"tool_name":"Read"`)],
    ["claude", "a duplicate nested key", pre(`"tool_name":"mcp__x__y","tool_input":{"a":{"b":"1","b":"2"}}`)],
    ["codex", "a duplicate command key", pre(`"tool_name":"Bash","tool_input":{"command":"rm -rf ~","command":"ls"}`)],
    ["copilot", "a duplicate toolArgs key", `{"cwd":${JSON.stringify(repo)},"toolName":"bash","toolArgs":{"command":"ls"},"toolArgs":{"command":"rm -rf ~"}}`],
    [
      "claude",
      "edits nested past the stack",
      pre(`"tool_name":"MultiEdit","tool_input":{"file_path":${JSON.stringify(join(home, ".claude/settings.json"))},"edits":${deep}}`),
    ],
    ["claude", "a write's content nested past the stack", pre(`"tool_name":"Write","tool_input":{"file_path":"a.txt","content":${deep}}`)],
    [
      "claude",
      "an event in the wrong case",
      JSON.stringify({ hook_event_name: "pretooluse", cwd: repo, tool_name: "Write", tool_input: { file_path: "a.txt", content: "x" } }),
    ],
    ["claude", "no event at all", JSON.stringify({ cwd: repo, tool_name: "Bash", tool_input: { command: "ls" } })],
    [
      "gemini",
      "an unknown event",
      JSON.stringify({ hook_event_name: "BeforeToolCall", cwd: repo, tool_name: "write_file", tool_input: { file_path: "a", content: "x" } }),
    ],
    ["claude", "a write under a key nobody listed", pre(`"tool_name":"Write","tool_input":{"file_path":"a.txt","text":"k=${key}"}`)],
    ["claude", "a write whose content is an array of lines", pre(`"tool_name":"Write","tool_input":{"file_path":"a.txt","content":["x","k=${key}"]}`)],
    [
      "gemini",
      "a write_file with its content under another key",
      JSON.stringify({ hook_event_name: "BeforeTool", cwd: repo, tool_name: "write_file", tool_input: { file_path: "a", data: `k=${key}` } }),
    ],
    ["codex", "exec_command's `cmd`", pre(`"tool_name":"exec_command","tool_input":{"cmd":"echo k=${key} > a.txt"}`)],
    ["codex", "exec_command's `cmd` as argv", pre(`"tool_name":"exec_command","tool_input":{"cmd":["bash","-lc","rm -rf ~"]}`)],
    ["codex", "write_stdin's `chars` into a running session", pre(`"tool_name":"write_stdin","tool_input":{"session_id":3,"chars":"cat .env\\n"}`)],
  ];
  it.each(attempts)("%s: %s", (target, _what, stdin) => {
    const reply = runHook({ stdin, argv: [], env: env(target), cwd: repo });
    expect(reply.exitCode, reply.stderr).toBe(2);
    expect(reply.stderr).toMatch(/^BLOCKED:/);
  });
  it("a well-formed call with distinct keys and an after-tool payload without an event are not denied for their shape", () => {
    const ok = runHook({ stdin: pre(`"tool_name":"Read","tool_input":{"file_path":"README.md"}`), argv: [], env: env("claude"), cwd: repo });
    expect(ok.exitCode).toBe(0);
    const after = runHook({
      stdin: JSON.stringify({ cwd: repo, tool_name: "Read", tool_input: {}, tool_response: "x" }),
      argv: [],
      env: env("claude"),
      cwd: repo,
    });
    expect(after.exitCode).toBe(0);
  });
  it("hasDuplicateKeys reads strings, escapes and arrays, and is linear", () => {
    expect(hasDuplicateKeys('{"a":1,"b":{"a":2}}')).toBe(false);
    expect(hasDuplicateKeys('{"a":"x\\",\\"a\\":1","b":[{"a":1},{"a":2}]}')).toBe(false);
    expect(hasDuplicateKeys('{"a":1,"a":2}')).toBe(true);
    expect(hasDuplicateKeys('[{"k":[1,{"z":1,"z":2}]}]')).toBe(true);
    const big = `{${Array.from({ length: 200_000 }, (_, i) => `"k${i}":${i}`).join(",")}}`;
    const start = process.hrtime.bigint();
    expect(hasDuplicateKeys(big)).toBe(false);
    expect(Number(process.hrtime.bigint() - start) / 1e6).toBeLessThan(1000);
  });
});

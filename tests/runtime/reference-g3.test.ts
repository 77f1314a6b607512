/**
 * Client detection, normalisation and replies (docs/runtime.md) as subprocess runs of the
 * BUILT dist/runtime.cjs: every scenario with an effect at the process boundary (stdout, stderr and
 * exit code for a given environment and stdin, plus the audit log the process writes, which records
 * the normalised tool name and input). The in-process unit tests of the same items stay in
 * normalize.test.ts and envelope.test.ts.
 *
 * Not observable here, so covered in-process only: Codex `tool_output`/`tool_result` defaults (no
 * handler prints or logs them), the Copilot postToolUse context cap (no handler produces postToolUse
 * context), the Codex transcript's resolved path and which events call the rollout resolver. Where
 * the real clients differ from what the Python original assumed (Codex PreToolUse context, Claude
 * JSON envelopes instead of raw text, Copilot's preToolUse deny shape), the verified behaviour
 * (docs/targets/<id>.md) is asserted.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { claudeProjectKey } from "../../runtime/project-bridge";
import { auditRecords, AWS_KEY, cleanEnv, isEmptyOrOneObject, runRuntime, runWrapper, tempDir, tempRepo, writeWrapper, type RunResult } from "./helpers";

type Target = "copilot" | "claude" | "codex";

const PUSH_MAIN = /^BLOCKED: Pushing to main is not allowed/;
const GUARDS = " agentihooks guardrails in force: ";

let repo: string;
let plain: string;

beforeAll(() => {
  repo = tempRepo("feature/x");
  // No `.claude/` anywhere above: SessionStart context is the banner alone.
  plain = tempDir("ah-plain-");
});

/** A fresh agentihooks home per call site, so each test reads only its own audit lines. */
function freshHome(): string {
  return tempDir("ah-home-");
}

function envFor(home: string, target: Target | undefined, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return cleanEnv(home, target === undefined ? extra : { AGENTIHOOKS_TARGET: target, ...extra });
}

function run(home: string, target: Target | undefined, body: unknown, extra: Record<string, string> = {}): RunResult {
  return runRuntime(typeof body === "string" ? body : JSON.stringify(body), envFor(home, target, extra));
}

function stdoutObject(r: RunResult): Record<string, unknown> {
  expect(isEmptyOrOneObject(r.stdout), r.stdout).toBe(true);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** The context a reply carries, whichever client's shape it is in. */
function contextOf(r: RunResult): string {
  const out = stdoutObject(r);
  const nested = out.hookSpecificOutput as Record<string, unknown> | undefined;
  return String(nested ? nested.additionalContext : out.additionalContext);
}

describe("the target comes from AGENTIHOOKS_TARGET on every call, and the reply is in its shape", () => {
  const start = { hook_event_name: "SessionStart", session_id: "s92" };
  it.each([
    ["unset", undefined, "claude"],
    ["empty", "", "claude"],
    ["' Codex '", " Codex ", "codex"],
    ["COPILOT", "COPILOT", "copilot"],
  ] as const)("AGENTIHOOKS_TARGET %s → %s", (_label, value, expected) => {
    const env = value === undefined ? cleanEnv(freshHome()) : cleanEnv(freshHome(), { AGENTIHOOKS_TARGET: value });
    const r = runRuntime(JSON.stringify({ ...start, cwd: plain }), env);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    const out = stdoutObject(r);
    const names: Record<string, string> = { claude: "Claude Code", codex: "Codex", copilot: "Copilot CLI" };
    const banner = `Your ${names[expected]} session_id is s92.`;
    if (expected === "copilot") {
      expect(Object.keys(out)).toEqual(["additionalContext"]);
      expect(String(out.additionalContext).startsWith(banner + GUARDS)).toBe(true);
    } else {
      expect(out).toEqual({
        hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: expect.stringMatching(new RegExp(`^${banner}${GUARDS}`)) as unknown },
      });
    }
  });
});

describe("an AGENTIHOOKS_TARGET that names no client is an error, never another client", () => {
  const env = () => cleanEnv(freshHome(), { AGENTIHOOKS_TARGET: "no-such-client" });
  it.each([
    ["a PreToolUse payload", JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, cwd: "/" })],
    ["a camelCase preToolUse payload", JSON.stringify({ hookEventName: "preToolUse", toolName: "shell", toolArgs: { command: "ls" } })],
    ["a PermissionRequest payload", JSON.stringify({ hook_event_name: "PermissionRequest", tool_input: { command: "ls" } })],
    ["a payload naming no event", JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } })],
    ["garbled stdin", "not json {"],
  ])("denies %s: exit 2, the reason on stderr, nothing on stdout", (_label, stdin) => {
    const r = runRuntime(stdin, env());
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^BLOCKED: agentihooks: AGENTIHOOKS_TARGET 'no-such-client' names no client this runtime knows \(copilot, claude, codex, gemini\)/,
    );
  });
  it("lets an event that decides no tool call through, with the error on stderr", () => {
    const r = runRuntime(JSON.stringify({ hook_event_name: "SessionStart", session_id: "s" }), env());
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^agentihooks: AGENTIHOOKS_TARGET 'no-such-client' names no client/);
  });
});

describe("Claude payloads are read as they are", () => {
  it("does not read Copilot's camelCase fields under claude, and denies the tool call it cannot read (the same payload is denied by branch protection under copilot)", () => {
    const body = { hookEventName: "preToolUse", toolName: "shell", toolArgs: { command: "git push origin main" }, cwd: repo };
    const claude = run(freshHome(), undefined, body);
    expect(claude.status).toBe(2);
    expect(claude.stderr).toMatch(/could not read this tool call's payload/);
    expect(claude.stderr).not.toMatch(PUSH_MAIN);
    const copilot = run(freshHome(), "copilot", body);
    expect(copilot.status).toBe(2);
    expect(copilot.stderr).toMatch(PUSH_MAIN);
  });

  it("passes a Claude PostToolUse through silently", () => {
    expect(run(freshHome(), "claude", { hook_event_name: "PostToolUse", tool_response: { out: 1 }, cwd: repo })).toEqual({ status: 0, stdout: "", stderr: "" });
  });
});

describe("SessionStart context is uncapped and arrives as one envelope", () => {
  let bridged: string;
  const big = "x".repeat(20_000);
  beforeAll(() => {
    bridged = tempRepo("feature/x");
    mkdirSync(join(bridged, ".claude", "rules"), { recursive: true });
    writeFileSync(join(bridged, ".claude", "rules", "big.md"), `${big}\n`);
  });

  it("copilot: one top-level additionalContext holding the banner and all 20 000 characters", () => {
    // Copilot loads the rules itself; the bridge brings it the project memory.
    const home = freshHome();
    const memory = join(home, ".claude", "projects", claudeProjectKey(bridged), "memory");
    mkdirSync(memory, { recursive: true });
    writeFileSync(join(memory, "MEMORY.md"), `${big}\n`);
    const r = run(home, "copilot", { hookEventName: "sessionStart", sessionId: "s95", cwd: bridged });
    expect(r.status).toBe(0);
    const out = stdoutObject(r);
    expect(Object.keys(out)).toEqual(["additionalContext"]);
    const text = String(out.additionalContext);
    expect(text.startsWith("Your Copilot CLI session_id is s95.")).toBe(true);
    expect(text).toContain(big);
    expect(text.length).toBeGreaterThan(20_000);
    expect(text).not.toContain("truncated");
  });

  it("codex: both context blocks (banner and project bridge) in one hookSpecificOutput line", () => {
    const r = run(freshHome(), "codex", { hook_event_name: "SessionStart", session_id: "s100", cwd: bridged, source: "startup" });
    expect(r.status).toBe(0);
    const out = stdoutObject(r) as { hookSpecificOutput: Record<string, unknown> };
    expect(Object.keys(out)).toEqual(["hookSpecificOutput"]);
    expect(out.hookSpecificOutput.hookEventName).toBe("SessionStart");
    const text = String(out.hookSpecificOutput.additionalContext);
    expect(text.startsWith("Your Codex session_id is s100.")).toBe(true);
    expect(text).toContain("--- .claude/rules/big.md ---");
    expect(text).toContain(big);
  });
});

describe("the Codex tool rule, seen through decisions and the audit log", () => {
  const pre = (tool: string, input: unknown) => ({
    hook_event_name: "PreToolUse",
    session_id: "c",
    cwd: repo,
    tool_name: tool,
    tool_input: input,
    tool_use_id: "t",
    turn_id: "u",
  });

  it("leaves Bash alone and maps apply_patch to Edit with content, new_string and file_path", () => {
    const home = freshHome();
    expect(run(home, "codex", pre("Bash", { command: "ls -la" }))).toEqual({ status: 0, stdout: "", stderr: "" });
    const body = "*** Begin Patch\n*** Update File: /repo/pyproject.toml\n@@\n-a = 1\n+a = 2\n*** End Patch\n";
    expect(run(home, "codex", pre("apply_patch", { command: body }))).toEqual({ status: 0, stdout: "", stderr: "" });
    const [bash, patch] = auditRecords(home);
    expect(bash).toMatchObject({ event: "PreToolUse", tool: "Bash", input: { command: "ls -la" }, decision: "allow" });
    expect(patch).toMatchObject({
      tool: "Edit",
      decision: "allow",
      input: { command: body, content: body, new_string: body, file_path: "/repo/pyproject.toml" },
    });
    // The extracted path is what the dotenv guard reads.
    const dotenv = run(home, "codex", pre("apply_patch", { command: body.replace("/repo/pyproject.toml", "/repo/.env") }));
    expect(dotenv.status).toBe(2);
    expect(dotenv.stderr).toMatch(/^BLOCKED: Writing \/repo\/\.env is not allowed/);
  });

  it("maps exec, shell, local_shell and unified_exec to Bash (argv joined, input as command)", () => {
    const spellings: Array<[string, unknown]> = [
      ["exec", { command: "git push origin main" }],
      ["exec_command", { cmd: "x", command: "git push origin main" }],
      ["shell", { command: ["git", "push", "origin", "main"] }],
      ["local_shell", { command: ["bash", "-lc", "git push origin main"] }],
      ["unified_exec", { input: "git push origin main" }],
      ["exec", { input: "git push origin main" }],
    ];
    for (const [tool, input] of spellings) {
      const r = run(freshHome(), "codex", pre(tool, input));
      expect(r.status, tool).toBe(2);
      expect(r.stderr, tool).toMatch(PUSH_MAIN);
    }
  });

  it("logs the normalised input: argv shell-joined, exec input as command, request_user_input and update_plan as they came", () => {
    const home = freshHome();
    const questions = { questions: [{ id: "q1", question: "Which?", options: [{ label: "a" }] }] };
    for (const [tool, input] of [
      ["shell", { command: ["ls", "a b"] }],
      ["exec", { input: "echo hi" }],
      ["request_user_input", questions],
      ["update_plan", { plan: [{ step: "x", status: "pending" }] }],
    ] as const) {
      expect(run(home, "codex", pre(tool, input)), tool).toEqual({ status: 0, stdout: "", stderr: "" });
    }
    const records = auditRecords(home);
    expect(records.map((r) => r.tool)).toEqual(["Bash", "Bash", "AskUserQuestion", "update_plan"]);
    expect(records[0]?.input).toEqual({ command: "ls 'a b'" });
    expect(records[1]?.input).toEqual({ input: "echo hi", command: "echo hi", content: "echo hi" });
    expect(records[2]?.input).toEqual(questions);
  });
});

describe("which events carry context and which carry a block, per client", () => {
  const inline = `export AWS_ACCESS_KEY_ID=${AWS_KEY} && aws s3 ls`;
  const note = /^NOTE: Secret\(s\) detected inline in Bash command \(aws_access_key\)/;

  it("PreToolUse context (an inline-secret NOTE) reaches every client, Codex included (0.171 schema)", () => {
    const copilot = run(freshHome(), "copilot", { hookEventName: "preToolUse", toolName: "bash", toolArgs: { command: inline }, cwd: repo });
    expect(copilot.status).toBe(0);
    expect(Object.keys(stdoutObject(copilot))).toEqual(["additionalContext"]);
    expect(contextOf(copilot)).toMatch(note);
    for (const target of ["claude", "codex"] as const) {
      const r = run(freshHome(), target, { hook_event_name: "PreToolUse", session_id: "s", cwd: repo, tool_name: "Bash", tool_input: { command: inline } });
      expect(r.status, target).toBe(0);
      expect((stdoutObject(r).hookSpecificOutput as Record<string, unknown>).hookEventName).toBe("PreToolUse");
      expect(contextOf(r)).toMatch(note);
    }
  });

  it("an allowed call prints nothing on any client (no allow decision is ever emitted)", () => {
    for (const target of ["copilot", "claude", "codex"] as const) {
      const r = run(freshHome(), target, { hook_event_name: "PreToolUse", session_id: "s", cwd: repo, tool_name: "Bash", tool_input: { command: "ls" } });
      expect(r, target).toEqual({ status: 0, stdout: "", stderr: "" });
    }
  });

  it("a deny is one stdout object in each client's shape, with exit 2 and the reason on stderr", () => {
    const body = { hook_event_name: "PreToolUse", session_id: "s", cwd: repo, tool_name: "Bash", tool_input: { command: "git push origin main" } };
    const copilot = run(freshHome(), "copilot", body);
    expect(copilot.status).toBe(2);
    const out = stdoutObject(copilot);
    expect(Object.keys(out).sort()).toEqual(["permissionDecision", "permissionDecisionReason"]);
    expect(out.permissionDecisionReason).toMatch(PUSH_MAIN);
    expect(copilot.stderr).toBe(`${String(out.permissionDecisionReason)}\n`);
    for (const target of ["claude", "codex"] as const) {
      const r = run(freshHome(), target, body);
      expect(r.status, target).toBe(2);
      const nested = stdoutObject(r).hookSpecificOutput as Record<string, unknown>;
      expect(nested).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "deny" });
      expect(nested.permissionDecisionReason).toMatch(PUSH_MAIN);
      expect(r.stderr).toMatch(PUSH_MAIN);
    }
    const permission = run(freshHome(), "copilot", {
      hookEventName: "permissionRequest",
      toolName: "bash",
      toolInput: { command: "git push origin main" },
      cwd: repo,
    });
    expect(permission.status).toBe(2);
    expect(Object.keys(stdoutObject(permission)).sort()).toEqual(["behavior", "message"]);
  });
});

describe("context gathered before a block is drained into the reason, never printed as context", () => {
  it("copilot: the NOTE follows the push block inside the one deny object", () => {
    const r = run(freshHome(), "copilot", {
      hookEventName: "preToolUse",
      toolName: "bash",
      toolArgs: { command: `export AWS_ACCESS_KEY_ID=${AWS_KEY} && git push origin main` },
      cwd: repo,
    });
    expect(r.status).toBe(2);
    const out = stdoutObject(r);
    expect(Object.keys(out).sort()).toEqual(["permissionDecision", "permissionDecisionReason"]);
    const [block, drained] = String(out.permissionDecisionReason).split("\n\n");
    expect(block).toMatch(PUSH_MAIN);
    expect(drained).toMatch(/^NOTE: Secret\(s\) detected inline/);
    expect(r.stderr).toBe(`${String(out.permissionDecisionReason)}\n`);
  });

  it("codex: same, in the PreToolUse deny", () => {
    const r = run(freshHome(), "codex", {
      hook_event_name: "PreToolUse",
      session_id: "s",
      cwd: repo,
      tool_name: "exec_command",
      tool_input: { command: `export AWS_ACCESS_KEY_ID=${AWS_KEY} && git push origin main` },
    });
    expect(r.status).toBe(2);
    const nested = stdoutObject(r).hookSpecificOutput as Record<string, unknown>;
    expect(Object.keys(nested).sort()).toEqual(["hookEventName", "permissionDecision", "permissionDecisionReason"]);
    expect(String(nested.permissionDecisionReason)).toContain("\n\nNOTE: Secret(s) detected inline");
  });
});

describe("unsafe Codex session ids never break a transcript-resolving event", () => {
  it("SessionEnd exits 0 silently for every hostile id, with a rollout present", () => {
    const codexHome = tempDir();
    const id = "019a2b3c-4d5e-7f60-8a9b-0c1d2e3f4a5b";
    const day = join(codexHome, "sessions", "2026", "08", "10");
    mkdirSync(day, { recursive: true });
    writeFileSync(join(day, `rollout-2026-08-10T10-00-00-${id}.jsonl`), "{}\n");
    for (const sessionId of [id, "**", "*", "?", "[a-z]", "../../etc", "a".repeat(500), "", `${id.slice(0, -1)}?`]) {
      const r = run(freshHome(), "codex", { hook_event_name: "SessionEnd", session_id: sessionId, cwd: repo }, { CODEX_HOME: codexHome });
      expect(r, sessionId.slice(0, 20)).toEqual({ status: 0, stdout: "", stderr: "" });
    }
  });
});

describe("Copilot normalisation, seen through decisions and the audit log", () => {
  it("107: camelCase preToolUse → PreToolUse, session_id, Bash, {command}", () => {
    const home = freshHome();
    expect(run(home, "copilot", { hookEventName: "preToolUse", sessionId: "s1", toolName: "shell", toolArgs: { command: "ls" }, cwd: repo })).toEqual({
      status: 0,
      stdout: "",
      stderr: "",
    });
    expect(auditRecords(home)).toEqual([
      expect.objectContaining({ target: "copilot", event: "PreToolUse", session: "s1", tool: "Bash", input: { command: "ls" }, decision: "allow" }),
    ]);
  });

  it("109: an empty tool_input and tool_name never shadow toolArgs and toolName", () => {
    const r = run(freshHome(), "copilot", {
      hookEventName: "preToolUse",
      toolName: "Bash",
      toolArgs: { command: "rm -rf /" },
      tool_input: {},
      tool_name: "",
      cwd: repo,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^BLOCKED: Recursive rm of \/ would delete/);
  });

  it("110: a snake_case SessionStart stays SessionStart; postToolUseFailure and a failed toolResult log a failure", () => {
    const start = run(freshHome(), "copilot", { hook_event_name: "SessionStart", cwd: plain });
    expect(start.status).toBe(0);
    expect(contextOf(start).startsWith(`This is a Copilot CLI session.${GUARDS}`)).toBe(true);
    const home = freshHome();
    const post = { sessionId: "s", cwd: repo, toolName: "bash", toolArgs: { command: "false" } };
    expect(run(home, "copilot", { ...post, hookEventName: "postToolUseFailure", error: "exit 1" })).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(run(home, "copilot", { ...post, hookEventName: "postToolUse", toolResult: { resultType: "failure", textResultForLlm: "exit 1" } })).toEqual({
      status: 0,
      stdout: "",
      stderr: "",
    });
    expect(run(home, "copilot", { ...post, hookEventName: "postToolUse", toolResult: { resultType: "success", textResultForLlm: "" } })).toEqual({
      status: 0,
      stdout: "",
      stderr: "",
    });
    expect(auditRecords(home).map((r) => [r.event, r.tool, r.outcome])).toEqual([
      ["PostToolUse", "Bash", "failure"],
      ["PostToolUse", "Bash", "failure"],
      ["PostToolUse", "Bash", "success"],
    ]);
  });

  it("111: batched apply_patch → Edit with the patch as content; str_replace_editor by its command", () => {
    const home = freshHome();
    const calls = [
      { id: "1", name: "apply_patch", args: JSON.stringify({ patch: "diff body" }) },
      ...["create", "str_replace", "insert", "view"].map((command, i) => ({
        id: String(i + 2),
        name: "str_replace_editor",
        args: JSON.stringify({ command, path: "/tmp/notes.md", file_text: "hi", old_str: "a", new_str: "b" }),
      })),
    ];
    expect(run(home, "copilot", { toolCalls: calls, sessionId: "s", cwd: repo }, { AGENTIHOOKS_COPILOT_EVENT: "preToolUse" })).toEqual({
      status: 0,
      stdout: "",
      stderr: "",
    });
    const records = auditRecords(home);
    expect(records.map((r) => r.tool)).toEqual(["Edit", "Write", "Edit", "Edit", "Read"]);
    expect(records[0]?.input).toEqual({ patch: "diff body", content: "diff body" });
  });
});

describe("every Copilot event spelling reaches a handler through the wrapper", () => {
  let wrapper: string;
  beforeAll(() => {
    wrapper = writeWrapper(tempDir(), "copilot");
  });
  const view = { toolName: "view", toolArgs: { path: "README.md" } };
  const expected: Record<string, string> = {
    sessionStart: "SessionStart",
    sessionEnd: "SessionEnd",
    userPromptSubmitted: "UserPromptSubmit",
    preToolUse: "PreToolUse",
    PreToolUse: "PreToolUse",
    preMcpToolCall: "PreToolUse",
    postToolUse: "PostToolUse",
    postToolUseFailure: "PostToolUse",
    PostToolUseFailure: "PostToolUse",
    agentStop: "Stop",
    subagentStart: "SubagentStart",
    subagentStop: "SubagentStop",
    preCompact: "PreCompact",
    permissionRequest: "PermissionRequest",
    notification: "Notification",
    errorOccurred: "Notification",
  };

  it.each(Object.entries(expected))("%s → %s", (raw, dispatch) => {
    const home = freshHome();
    const r = runWrapper(wrapper, JSON.stringify({ sessionId: "s108", timestamp: 1, cwd: plain, ...view }), cleanEnv(home), raw);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    if (dispatch === "SessionStart") expect(contextOf(r)).toMatch(/^Your Copilot CLI session_id is s108\./);
    else expect(r.stdout).toBe("");
    // The handlers that log show which one ran.
    const logged = auditRecords(home).map((record) => record.event);
    if (["PreToolUse", "PermissionRequest", "PostToolUse", "Notification"].includes(dispatch)) expect(logged).toEqual([dispatch]);
    else expect(logged).toEqual([]);
  });

  it.each(["postResult", "prePRDescription"])("%s is deliberately unmapped: exit 0 and a line on stderr", (raw) => {
    const r = runWrapper(wrapper, JSON.stringify({ sessionId: "s", cwd: plain }), cleanEnv(freshHome()), raw);
    expect(r).toEqual({ status: 0, stdout: "", stderr: `agentihooks: unknown hook event '${raw}'; nothing was checked.\n` });
  });
});

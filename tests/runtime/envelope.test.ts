/** Envelopes, exit codes and the Copilot context cap (docs/runtime.md, "Envelopes and exit codes"). */
import { describe, expect, it } from "vitest";
import { contract as copilot } from "../../compiler/targets/copilot/contract";
import { renderReply } from "../../runtime/clients/registry";
import { capContext, TRUNCATION_MARKER } from "../../runtime/envelope";

const COPILOT_CONTEXT_CAP = copilot.contextCaps.PostToolUse;
import { applyStopLoopGuard } from "../../runtime/run-hook";

describe("the Copilot postToolUse context cap", () => {
  it("cuts 20 000 ASCII characters to exactly 10 240, ending with the marker", () => {
    const reply = renderReply("copilot", "PostToolUse", "PostToolUse", { context: ["x".repeat(20_000)] });
    const out = JSON.parse(reply.stdout) as { additionalContext: string };
    expect(out.additionalContext).toHaveLength(10_240);
    expect(out.additionalContext.endsWith("limit]")).toBe(true);
    expect(out.additionalContext.endsWith(TRUNCATION_MARKER)).toBe(true);
  });
  it("leaves SessionStart uncapped on Copilot and PostToolUse uncapped on Codex", () => {
    const big = "x".repeat(20_000);
    expect(
      (JSON.parse(renderReply("copilot", "SessionStart", "SessionStart", { context: [big] }).stdout) as { additionalContext: string }).additionalContext,
    ).toHaveLength(20_000);
    const codex = JSON.parse(renderReply("codex", "PostToolUse", "PostToolUse", { context: [big] }).stdout) as {
      hookSpecificOutput: { additionalContext: string };
    };
    expect(codex.hookSpecificOutput.additionalContext).toHaveLength(20_000);
  });
  it("never splits a surrogate pair", () => {
    const cut = COPILOT_CONTEXT_CAP - TRUNCATION_MARKER.length;
    // An emoji straddling the cut point: its high surrogate would be the last kept unit.
    const text = `${"a".repeat(cut - 1)}😀${"b".repeat(100)}`;
    const capped = capContext(text, COPILOT_CONTEXT_CAP);
    expect(capped.length).toBeLessThanOrEqual(COPILOT_CONTEXT_CAP);
    for (let i = 0; i < capped.length; i += 1) {
      const code = capped.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff) expect(capped.charCodeAt(i + 1)).toBeGreaterThanOrEqual(0xdc00);
      if (code >= 0xdc00 && code <= 0xdfff) expect(capped.charCodeAt(i - 1)).toBeGreaterThanOrEqual(0xd800);
    }
    expect(capped).toBe(`${"a".repeat(cut - 1)}${TRUNCATION_MARKER}`);
    expect(capContext("short", COPILOT_CONTEXT_CAP)).toBe("short");
  });
});

describe("blocks per client and event", () => {
  const cases: Array<[string, Parameters<typeof renderReply>, unknown]> = [
    ["copilot preToolUse", ["copilot", "PreToolUse", "PreToolUse", { block: "R", context: [] }], { permissionDecision: "deny", permissionDecisionReason: "R" }],
    ["copilot permissionRequest", ["copilot", "PermissionRequest", "PermissionRequest", { block: "R", context: [] }], { behavior: "deny", message: "R" }],
    ["copilot userPromptSubmitted", ["copilot", "UserPromptSubmit", "UserPromptSubmit", { block: "R", context: [] }], { decision: "block", reason: "R" }],
    ["copilot agentStop", ["copilot", "Stop", "Stop", { block: "R", context: [] }], { decision: "block", reason: "R" }],
    [
      "claude PreToolUse",
      ["claude", "PreToolUse", "PreToolUse", { block: "R", context: [] }],
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "R" } },
    ],
    [
      "claude PermissionRequest",
      ["claude", "PermissionRequest", "PermissionRequest", { block: "R", context: [] }],
      { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "R" } } },
    ],
    ["claude Stop", ["claude", "Stop", "Stop", { block: "R", context: [] }], { decision: "block", reason: "R" }],
    [
      "codex PreToolUse",
      ["codex", "PreToolUse", "PreToolUse", { block: "R", context: [] }],
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "R" } },
    ],
    ["codex Stop", ["codex", "Stop", "Stop", { block: "R", context: [] }], { decision: "block", reason: "R" }],
  ];
  it.each(cases)("%s: exit 2, reason on stderr, the client's block object on stdout", (_name, args, expected) => {
    const reply = renderReply(...args);
    expect(reply.exitCode).toBe(2);
    expect(reply.stderr).toBe("R\n");
    expect(reply.stdout).toBe(`${JSON.stringify(expected)}\n`);
  });
  it("appends drained context to the reason and never emits it as context", () => {
    const reply = renderReply("copilot", "PreToolUse", "PreToolUse", { block: "BLOCKED: x", context: ["NOTE: y"] });
    expect(reply.stdout).toBe(`${JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: "BLOCKED: x\n\nNOTE: y" })}\n`);
    expect(reply.stderr).toBe("BLOCKED: x\n\nNOTE: y\n");
  });
  it("prints only stderr on a block where the event has no block shape (SessionEnd)", () => {
    expect(renderReply("codex", "SessionEnd", "SessionEnd", { block: "R", context: [] })).toEqual({ stdout: "", stderr: "R\n", exitCode: 2 });
  });
});

describe("context per client and event", () => {
  it("joins several blocks into one object", () => {
    const reply = renderReply("codex", "PostToolUse", "PostToolUse", { context: ["one", "two"] });
    expect(reply.stdout.split("\n")).toHaveLength(2);
    expect(JSON.parse(reply.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "one\n\ntwo" } });
  });
  it("prints nothing for no context", () => {
    expect(renderReply("codex", "PostToolUse", "PostToolUse", { context: [] })).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    expect(renderReply("copilot", "SessionStart", "SessionStart", { context: [""] })).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });
  it("echoes Claude's fired event name (PostToolUseFailure), drops context where a client has no channel", () => {
    expect(JSON.parse(renderReply("claude", "PostToolUse", "PostToolUseFailure", { context: ["c"] }).stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: "c" },
    });
    expect(renderReply("codex", "Stop", "Stop", { context: ["c"] }).stdout).toBe("");
    expect(renderReply("codex", "PreCompact", "PostCompact", { context: ["c"] }).stdout).toBe("");
    expect(renderReply("claude", "SessionEnd", "SessionEnd", { context: ["c"] }).stdout).toBe("");
    expect(JSON.parse(renderReply("copilot", "PreToolUse", "PreToolUse", { context: ["c"] }).stdout)).toEqual({ additionalContext: "c" });
  });
});

describe("stop_hook_active", () => {
  it("drops a Stop or SubagentStop block when a stop hook already forced this continuation", () => {
    const block = { block: "BLOCKED: keep going", context: [] };
    expect(applyStopLoopGuard("Stop", { stop_hook_active: true }, block)).toEqual({ context: [] });
    expect(applyStopLoopGuard("SubagentStop", { stopHookActive: true }, block)).toEqual({ context: [] });
    expect(applyStopLoopGuard("Stop", { stop_hook_active: false }, block)).toBe(block);
    expect(applyStopLoopGuard("PreToolUse", { stop_hook_active: true }, block)).toBe(block);
  });
});

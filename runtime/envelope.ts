/**
 * Output envelopes and exit codes per client and event (reference-spec E.5/E.6 as corrected by the
 * measured contract in clients-today.md, "The hook contract today"). Pure: an outcome in, the exact
 * stdout, stderr and exit code out. stdout is always empty or exactly one JSON object.
 *
 * - Copilot 1.0.102 reads top-level fields only: `additionalContext`; a preToolUse deny is exit 2
 *   plus `{"permissionDecision":"deny","permissionDecisionReason":R}` (`{"decision":"block"}` is
 *   ignored there); userPromptSubmitted/agentStop/postToolUse block with `{"decision":"block",
 *   "reason":R}`; permissionRequest answers `{"behavior":"deny","message":R}`. postToolUse context is
 *   cut at 10 240 characters by the client, so we cut first, visibly.
 * - Claude Code 2.1 reads `hookSpecificOutput` whose `hookEventName` equals the event it fired.
 * - Codex 0.171 validates against its own schemas (additionalProperties false) and runs the tool
 *   when a hook's output is invalid; a deny also needs a non-empty stderr reason with exit 2.
 */
import type { DispatchEvent } from "./events";
import type { PolicyTarget } from "./policy";

/** What a run decided: a block (with its reason) and/or context for the model. */
export interface Outcome {
  block?: string;
  context: string[];
}

/** What the process prints and how it exits. */
export interface Reply {
  stdout: string;
  stderr: string;
  exitCode: 0 | 2;
}

/** Copilot cuts postToolUse / postToolUseFailure context at this many characters. */
export const COPILOT_CONTEXT_CAP = 10_240;

/** Appended where the runtime cut context short, so the model knows text is missing. */
export const TRUNCATION_MARKER = "\n[truncated at the client's additionalContext limit]";

/**
 * `text` cut to at most `cap` UTF-16 units including the marker, never splitting a surrogate pair.
 * Text within the cap is returned unchanged.
 */
export function capContext(text: string, cap: number = COPILOT_CONTEXT_CAP): string {
  if (text.length <= cap) return text;
  let end = Math.max(0, cap - TRUNCATION_MARKER.length);
  const last = text.charCodeAt(end - 1);
  // A high surrogate at the cut would leave half a character: cut before it.
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + TRUNCATION_MARKER;
}

function json(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

// Codex events whose output schema has hookSpecificOutput.additionalContext.
const CODEX_CONTEXT_EVENTS = new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "SubagentStart"]);
// Codex events whose output schema has top-level decision "block" + reason.
const CODEX_DECISION_EVENTS = new Set(["UserPromptSubmit", "PostToolUse", "Stop", "SubagentStop"]);
// Claude events that take hookSpecificOutput.additionalContext.
const CLAUDE_CONTEXT_EVENTS = new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "SubagentStart"]);
const DECISION_EVENTS: ReadonlySet<DispatchEvent> = new Set(["UserPromptSubmit", "PostToolUse", "Stop", "SubagentStop"]);

function blockObject(target: PolicyTarget, event: DispatchEvent, hookEventName: string, reason: string): unknown {
  if (target === "copilot") {
    if (event === "PreToolUse") return { permissionDecision: "deny", permissionDecisionReason: reason };
    if (event === "PermissionRequest") return { behavior: "deny", message: reason };
    if (DECISION_EVENTS.has(event)) return { decision: "block", reason };
    return undefined;
  }
  if (event === "PreToolUse") {
    if (target === "codex" && hookEventName !== "PreToolUse") return undefined;
    return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } };
  }
  if (event === "PermissionRequest") {
    return { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: reason } } };
  }
  if (target === "codex") return CODEX_DECISION_EVENTS.has(hookEventName) ? { decision: "block", reason } : undefined;
  return DECISION_EVENTS.has(event) ? { decision: "block", reason } : undefined;
}

function contextObject(target: PolicyTarget, event: DispatchEvent, hookEventName: string, text: string): unknown {
  if (target === "copilot") return { additionalContext: event === "PostToolUse" ? capContext(text) : text };
  if (target === "codex") return CODEX_CONTEXT_EVENTS.has(hookEventName) ? { hookSpecificOutput: { hookEventName, additionalContext: text } } : undefined;
  return CLAUDE_CONTEXT_EVENTS.has(hookEventName) ? { hookSpecificOutput: { hookEventName, additionalContext: text } } : undefined;
}

/**
 * The reply for `outcome` on `target`. `event` is the dispatch event; `hookEventName` is the name the
 * client fired (Claude and Codex require it back verbatim, e.g. `PostToolUseFailure`).
 *
 * A block exits 2 with the reason on stderr (the channel every client honours) and, where the event
 * has one, the client's JSON block shape on stdout; context gathered before the block is appended to
 * the reason, never emitted as context. Without a block: exit 0 and one context object, or nothing.
 */
export function renderReply(target: PolicyTarget, event: DispatchEvent, hookEventName: string, outcome: Outcome): Reply {
  const context = outcome.context.filter((c) => c.length > 0).join("\n\n");
  if (outcome.block !== undefined) {
    const reason = context ? `${outcome.block}\n\n${context}` : outcome.block;
    const body = blockObject(target, event, hookEventName, reason);
    return { stdout: body === undefined ? "" : json(body), stderr: `${reason}\n`, exitCode: 2 };
  }
  if (!context) return { stdout: "", stderr: "", exitCode: 0 };
  const body = contextObject(target, event, hookEventName, context);
  return { stdout: body === undefined ? "" : json(body), stderr: "", exitCode: 0 };
}

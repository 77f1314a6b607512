/**
 * Replies: an outcome in, the exact stdout, stderr and exit code out. Pure. stdout is always empty
 * or exactly one JSON object; what that object looks like is the client's (runtime/clients/<id>.ts,
 * after its contract in compiler/targets/<id>/contract.ts and docs/runtime.md).
 */
import type { RuntimeEvent } from "../compiler/targets/contract";

/** What a run decided: a block (with its reason) and/or context for the model. */
export interface Outcome {
  block?: string;
  context: string[];
  /**
   * The client's reply that runs the call with changed arguments instead of the block (a
   * `ReplyShape.rewriteBody`); when set it is printed, exit 0, and `block` is not.
   */
  rewrite?: unknown;
}

/** What the process prints and how it exits. */
export interface Reply {
  stdout: string;
  stderr: string;
  exitCode: 0 | 2;
}

/** Appended where the runtime cut context short, so the model knows text is missing. */
export const TRUNCATION_MARKER = "\n[truncated at the client's additionalContext limit]";

/**
 * `text` cut to at most `cap` UTF-16 units including the marker, never splitting a surrogate pair.
 * Text within the cap is returned unchanged.
 */
export function capContext(text: string, cap: number): string {
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

/** How one client shapes its replies (runtime/clients/<id>.ts implements it). */
export interface ReplyShape {
  /** The JSON object that blocks `event` on stdout, or undefined where the event has none (exit 2 and stderr still block). */
  blockBody(event: RuntimeEvent, hookEventName: string, reason: string): unknown;
  /** The JSON object carrying `text` as context for the model, or undefined where the event takes none. */
  contextBody(event: RuntimeEvent, hookEventName: string, text: string): unknown;
  /**
   * The pre-tool reply that runs the call with `args` (the whole argument object in the client's own
   * keys) and tells the model `note`, or undefined where the client cannot change a call's
   * arguments (the contract's `argumentMutation`); then the block stands.
   */
  rewriteBody?(hookEventName: string, args: Record<string, unknown>, note: string): unknown;
}

/**
 * The reply for `outcome` in `shape`'s format. `event` is the runtime event; `hookEventName` is the
 * name the client fired (Claude and Codex require it back verbatim, e.g. `PostToolUseFailure`).
 *
 * A block exits 2 with the reason on stderr (the channel every client honours) and, where the event
 * has one, the client's JSON block shape on stdout; context gathered before the block is appended to
 * the reason, never emitted as context. Without a block: exit 0 and one context object, or nothing.
 */
export function renderReplyWith(shape: ReplyShape, event: RuntimeEvent, hookEventName: string, outcome: Outcome): Reply {
  if (outcome.rewrite !== undefined) return { stdout: json(outcome.rewrite), stderr: "", exitCode: 0 };
  const context = outcome.context.filter((c) => c.length > 0).join("\n\n");
  if (outcome.block !== undefined) {
    const reason = context ? `${outcome.block}\n\n${context}` : outcome.block;
    const body = shape.blockBody(event, hookEventName, reason);
    return { stdout: body === undefined ? "" : json(body), stderr: `${reason}\n`, exitCode: 2 };
  }
  if (!context) return { stdout: "", stderr: "", exitCode: 0 };
  const body = shape.contextBody(event, hookEventName, context);
  return { stdout: body === undefined ? "" : json(body), stderr: "", exitCode: 0 };
}

/**
 * The one event vocabulary the runtime dispatches on, and every spelling the clients send for it
 * (reference-spec E.3.1, plus what Copilot 1.0.102 and Codex 0.171 send today). An unmapped name
 * reaches no handler: that is a silent bypass of every guardrail, so every registered spelling must
 * be in this table.
 */

/** The events the runtime has a handler for. */
export const DISPATCH_EVENTS = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "Notification",
  "PreCompact",
  "PermissionRequest",
] as const;

/** A dispatch event name. */
export type DispatchEvent = (typeof DISPATCH_EVENTS)[number];

// Client spellings that are not a dispatch name themselves. Each dispatch name also maps to itself.
const ALIASES: Readonly<Record<string, DispatchEvent>> = {
  // Copilot's HookType (camelCase) spellings.
  sessionStart: "SessionStart",
  sessionEnd: "SessionEnd",
  userPromptSubmitted: "UserPromptSubmit",
  userPromptTransformed: "UserPromptSubmit",
  preToolUse: "PreToolUse",
  preMcpToolCall: "PreToolUse",
  postToolUse: "PostToolUse",
  postToolUseFailure: "PostToolUse",
  agentStop: "Stop",
  subagentStart: "SubagentStart",
  subagentStop: "SubagentStop",
  preCompact: "PreCompact",
  permissionRequest: "PermissionRequest",
  notification: "Notification",
  errorOccurred: "Notification",
  // PascalCase aliases Copilot accepts, and Claude's failure event.
  PostToolUseFailure: "PostToolUse",
  PreMcpToolCall: "PreToolUse",
  ErrorOccurred: "Notification",
  UserPromptTransformed: "UserPromptSubmit",
  // Codex-only events, folded onto their nearest handler.
  PostCompact: "PreCompact",
  Interrupt: "Notification",
};

const DISPATCH_SET: ReadonlySet<string> = new Set(DISPATCH_EVENTS);

/**
 * The dispatch event for a raw event name from any client, or undefined when the name is unknown
 * (`postResult` and `prePRDescription` are deliberately unmapped: no handler fits them).
 */
export function dispatchEventFor(raw: string): DispatchEvent | undefined {
  if (DISPATCH_SET.has(raw)) return raw as DispatchEvent;
  return Object.prototype.hasOwnProperty.call(ALIASES, raw) ? ALIASES[raw] : undefined;
}

/** Every raw spelling the table knows (aliases and dispatch names), sorted: for tests and docs. */
export function knownEventSpellings(): string[] {
  return [...new Set([...Object.keys(ALIASES), ...DISPATCH_EVENTS])].sort();
}

/** True for the events that decide whether a tool runs: a doubt there must deny, not allow. */
export function isToolPermissionEvent(event: DispatchEvent | undefined): boolean {
  return event === "PreToolUse" || event === "PermissionRequest";
}

const TOOL_PERMISSION_NAME = /:\s*"(preToolUse|PreToolUse|preMcpToolCall|PreMcpToolCall|permissionRequest|PermissionRequest)"/;

/**
 * Deny-on-doubt probe for stdin that is not a JSON object: the tool-permission event its first 512
 * characters name as a value (`"hookEventName": "preToolUse"` and the like), or undefined.
 */
export function toolEventNamedIn(raw: string): DispatchEvent | undefined {
  const match = TOOL_PERMISSION_NAME.exec(raw.slice(0, 512));
  return match ? dispatchEventFor(match[1] as string) : undefined;
}

/** True when garbled stdin names a tool-permission event in its first 512 characters. */
export function garbledNamesToolEvent(raw: string): boolean {
  return toolEventNamedIn(raw) !== undefined;
}

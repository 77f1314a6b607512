/**
 * What Claude Code can express, as data. Every fact names the client version it was observed on
 * (clients-today.md, Claude Code 2.1.332, and the `Settings` type of
 * `@anthropic-ai/claude-agent-sdk` 0.3.332, which is generated from Claude Code's settings schema).
 */
import type { TargetCapabilities } from "../target";

/**
 * The events agentihooks registers, in Claude's PascalCase spelling: every event the runtime
 * handles. Claude sends the event name on stdin (`hook_event_name`), so one command serves all.
 */
export const CLAUDE_HOOK_EVENTS = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PermissionRequest",
  "Notification",
] as const;

/**
 * Every hook event Claude Code 2.1.332 accepts in settings.json (`HOOK_EVENTS` of the SDK; `claude
 * doctor` prints the same 34). A group under any other name is an invalid settings file, and
 * `claude -p` silently drops an invalid settings file whole.
 */
export const CLAUDE_KNOWN_HOOK_EVENTS: ReadonlySet<string> = new Set([
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "Notification", "UserPromptSubmit",
  "UserPromptExpansion", "SessionStart", "SessionEnd", "Stop", "StopFailure", "SubagentStart", "SubagentStop",
  "PreCompact", "PostCompact", "PreModelSwitch", "PostModelSwitch", "PermissionRequest", "PermissionDenied",
  "Setup", "TeammateIdle", "TaskCreated", "TaskCompleted", "Elicitation", "ElicitationResult", "ConfigChange",
  "WorktreeCreate", "WorktreeRemove", "InstructionsLoaded", "CwdChanged", "FileChanged", "DirectoryAdded",
  "MessageDisplay", "PreSkillShellCommand",
]);

/**
 * Claude's handler timeout key is `timeout` (seconds); `timeoutSec` is ignored. Without a timeout,
 * SessionEnd hooks are cancelled after about 1.5 s, so every handler carries one.
 */
export const HOOK_TIMEOUT = { key: "timeout", seconds: 30 } as const;

/** MCP `type` spellings of the canonical shape → what `~/.claude.json` takes. */
export const MCP_TYPES: Readonly<Record<string, "stdio" | "http" | "sse">> = {
  stdio: "stdio",
  local: "stdio",
  http: "http",
  "streamable-http": "http",
  sse: "sse",
};

/** The capability summary the descriptor carries. */
export const claudeCapabilities: TargetCapabilities = {
  hookEvents: CLAUDE_HOOK_EVENTS,
  mcpTransports: ["stdio", "http", "sse"],
  contextCaps: {},
  blockChannels: {
    PreToolUse: ["exit-2", "stdout-deny", "stdout-block"],
    UserPromptSubmit: ["exit-2", "stdout-block"],
    Stop: ["exit-2", "stdout-block"],
    SubagentStop: ["exit-2", "stdout-block"],
    PostToolUse: ["stdout-block"],
    PermissionRequest: ["stdout-behavior"],
  },
  // `updatedInput` replaces tool_input wholesale on 2.1.332.
  argumentMutation: true,
};

/**
 * Claude Code on the wire, as verified on 2.1.332 (docs/targets/claude.md, and the `Settings` type
 * of `@anthropic-ai/claude-agent-sdk` 0.3.332, generated from Claude Code's settings schema): what
 * the compiler registers and what the runtime reads and answers. Data only: a leaf both
 * compiler/targets/claude/ and runtime/clients/claude.ts import.
 */
import type { ClientContract } from "../contract";

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
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "SessionStart",
  "SessionEnd",
  "Stop",
  "StopFailure",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "PreModelSwitch",
  "PostModelSwitch",
  "PermissionRequest",
  "PermissionDenied",
  "Setup",
  "TeammateIdle",
  "TaskCreated",
  "TaskCompleted",
  "Elicitation",
  "ElicitationResult",
  "ConfigChange",
  "WorktreeCreate",
  "WorktreeRemove",
  "InstructionsLoaded",
  "CwdChanged",
  "FileChanged",
  "DirectoryAdded",
  "MessageDisplay",
  "PreSkillShellCommand",
]);

/** Claude Code's contract. */
export const contract = {
  id: "claude",
  displayName: "Claude Code",
  sessionName: "Claude Code",
  verifiedAgainst: { package: "@anthropic-ai/claude-code", version: "2.1.332" },
  home: { dir: ".claude", variable: "CLAUDE_CONFIG_DIR", stateFile: ".claude.json", credentialFiles: [".credentials.json"] },
  // `claude --help` (2.1.332): --bare and --safe-mode skip hooks; --settings adds a settings layer
  // (it may set disableAllHooks); --setting-sources without `user` leaves out the settings holding them.
  cli: { command: "claude", skipsHooks: ["--bare", "--safe-mode", "--settings", "--setting-sources"] },
  machineDir: "etc/claude-code",
  hookEvents: CLAUDE_HOOK_EVENTS,
  knownHookEvents: CLAUDE_KNOWN_HOOK_EVENTS,
  events: {
    SessionStart: "SessionStart",
    SessionEnd: "SessionEnd",
    UserPromptSubmit: "UserPromptSubmit",
    PreToolUse: "PreToolUse",
    PostToolUse: "PostToolUse",
    PostToolUseFailure: "PostToolUse",
    Stop: "Stop",
    SubagentStart: "SubagentStart",
    SubagentStop: "SubagentStop",
    PreCompact: "PreCompact",
    PermissionRequest: "PermissionRequest",
    Notification: "Notification",
  },
  // `timeout` in seconds (`timeoutSec` is ignored). Without one, SessionEnd hooks are cancelled
  // after about 1.5 s, so every handler carries one.
  hookTimeout: { key: "timeout", seconds: 30 },
  exitCodes: { allow: 0, block: 2 },
  blockChannels: {
    PreToolUse: ["exit-2", "stdout-deny", "stdout-block"],
    UserPromptSubmit: ["exit-2", "stdout-block"],
    Stop: ["exit-2", "stdout-block"],
    SubagentStop: ["exit-2", "stdout-block"],
    PostToolUse: ["stdout-block"],
    PermissionRequest: ["stdout-behavior"],
  },
  // Wire names whose hookSpecificOutput takes additionalContext.
  contextEvents: new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "SubagentStart"]),
  decisionEvents: new Set(["UserPromptSubmit", "PostToolUse", "Stop", "SubagentStop"]),
  contextCaps: {},
  // 2.1.332: `updatedInput` replaces tool_input whole; it is applied with `permissionDecision: "allow"`
  // (tests/e2e/search-rewrite.test.ts).
  argumentMutation: { field: "hookSpecificOutput.updatedInput", withAllow: true, merge: "replace" },
  // 2.1.332: Grep runs ripgrep with --no-follow, `glob` split into words, each a `--glob`.
  searchTool: { globs: "words", followsLinks: false },
  mcpTransports: ["stdio", "http", "sse"],
  // Claude reads .claude/rules and CLAUDE.md itself.
  needsProjectBridge: false,
} as const satisfies ClientContract<"claude">;

/**
 * GitHub Copilot CLI on the wire, as verified on 1.0.102 (docs/targets/copilot.md): what the
 * compiler registers and what the runtime reads and answers. Data only: a leaf both
 * compiler/targets/copilot/ and runtime/clients/copilot.ts import.
 */
import type { ClientContract } from "../contract";

/**
 * The 12 events agentihooks registers, under Copilot's camelCase hook names. Copilot 1.0.102 loads
 * 15 events from hook files; `errorOccurred`, `preMcpToolCall` and `userPromptTransformed` have no
 * handler of their own (the runtime maps them if they arrive).
 */
export const COPILOT_HOOK_EVENTS = [
  "sessionStart",
  "sessionEnd",
  "userPromptSubmitted",
  "preToolUse",
  "postToolUse",
  "postToolUseFailure",
  "agentStop",
  "subagentStart",
  "subagentStop",
  "preCompact",
  "permissionRequest",
  "notification",
] as const;

/** Copilot CLI's contract. */
export const contract = {
  id: "copilot",
  displayName: "GitHub Copilot CLI",
  sessionName: "Copilot CLI",
  verifiedAgainst: { package: "@github/copilot", version: "1.0.102" },
  home: { dir: ".copilot", variable: "COPILOT_HOME" },
  cli: { command: "copilot", skipsHooks: [] },
  machineDir: "etc/github-copilot",
  hookEvents: COPILOT_HOOK_EVENTS,
  events: {
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
    // The PascalCase spellings Copilot also accepts in hook files.
    PostToolUseFailure: "PostToolUse",
    PreMcpToolCall: "PreToolUse",
    ErrorOccurred: "Notification",
    UserPromptTransformed: "UserPromptSubmit",
  },
  // One command per event: the wrapper exports the event it was registered for.
  eventVariable: "AGENTIHOOKS_COPILOT_EVENT",
  // 1.0.102 ignores `timeoutSeconds` and honours `timeoutSec`.
  hookTimeout: { key: "timeoutSec", seconds: 30 },
  exitCodes: { allow: 0, block: 2 },
  blockChannels: {
    preToolUse: ["exit-2", "stdout-deny"],
    userPromptSubmitted: ["stdout-block"],
    agentStop: ["stdout-block"],
    postToolUse: ["stdout-block"],
    permissionRequest: ["stdout-behavior"],
  },
  // Copilot reads a top-level `additionalContext` on every event, and `decision: "block"` on these.
  decisionEvents: new Set(["UserPromptSubmit", "PostToolUse", "Stop", "SubagentStop"]),
  // 1.0.102 cuts postToolUse / postToolUseFailure additionalContext at 10 240 characters, silently.
  contextCaps: { PostToolUse: 10_240 },
  // 1.0.102: top-level `modifiedArgs` replaces a call's arguments whole, and the call the model sees
  // (tests/e2e/search-rewrite.test.ts).
  argumentMutation: { field: "modifiedArgs", withAllow: false, merge: "replace" },
  // 1.0.102's rg passes `glob` to ripgrep whole, as one `--glob` (seen live); not known not to follow links.
  searchTool: { globs: "whole", followsLinks: true },
  // compiler/targets/copilot/settings.ts wires `statusLine` to the runtime's `statusline`, with no target.
  untargetedStatusLine: true,
  mcpTransports: ["local", "http", "sse"],
  needsProjectBridge: true,
  // 1.0.102 puts `<repo>/.claude/rules/*.md` in its system prompt on its own (a rule's canary reaches
  // the model with nothing applied: tests/e2e/copilot-project-rules.test.ts); Claude's project
  // memory it does not read.
  loadsProjectRules: true,
} as const satisfies ClientContract<"copilot">;

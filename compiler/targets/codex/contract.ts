/**
 * OpenAI Codex CLI on the wire, as verified on 0.171.0 (docs/targets/codex.md, and probes of the
 * real binary: `codex app-server` `hooks/list`, `codex doctor --json`, `codex debug prompt-input`):
 * what the compiler registers and what the runtime reads and answers. Data only: a leaf both
 * compiler/targets/codex/ and runtime/clients/codex.ts import.
 */
import type { ClientContract } from "../contract";

/**
 * The events agentihooks registers in hooks.json. `Notification` is not a Codex event (0.171
 * ignores unknown names silently): notifications reach the runtime through `notify` instead.
 */
export const CODEX_HOOK_EVENTS = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PermissionRequest",
] as const;

/** Every hook event Codex 0.171.0 loads from hooks.json (the app-server's HookEventName enum). */
export const CODEX_KNOWN_HOOK_EVENTS: ReadonlySet<string> = new Set([
  "PreModelRequest",
  "PostModelRequest",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "SubagentStart",
  "SubagentStop",
  "Stop",
  "Interrupt",
]);

/**
 * Events whose output schema has `hookSpecificOutput.additionalContext`. The compiler gives their
 * handlers `additionalContextLimit: 0`, so the runtime's context is inlined whole instead of being
 * spilled to a file past 2 500 tokens; the runtime prints context on these events only.
 */
export const CODEX_CONTEXT_EVENTS: ReadonlySet<string> = new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "SubagentStart"]);

/** OpenAI Codex CLI's contract. */
export const contract = {
  id: "codex",
  displayName: "OpenAI Codex CLI",
  sessionName: "Codex",
  verifiedAgainst: { package: "@openai/codex", version: "0.171.0" },
  home: { dir: ".codex", variable: "CODEX_HOME", credentialFiles: ["auth.json"] },
  // `codex --help` (0.171.0): -c/--config overrides one config.toml value, hooks and notify included.
  cli: { command: "codex", skipsHooks: [], overrides: { options: ["-c", "--config"], keys: /^(?:hooks|notify|features)\b/ } },
  machineDir: "etc/codex",
  hookEvents: CODEX_HOOK_EVENTS,
  knownHookEvents: CODEX_KNOWN_HOOK_EVENTS,
  events: {
    SessionStart: "SessionStart",
    SessionEnd: "SessionEnd",
    UserPromptSubmit: "UserPromptSubmit",
    PreToolUse: "PreToolUse",
    PostToolUse: "PostToolUse",
    Stop: "Stop",
    SubagentStart: "SubagentStart",
    SubagentStop: "SubagentStop",
    PreCompact: "PreCompact",
    PermissionRequest: "PermissionRequest",
    // Codex-only events, folded onto their nearest handler.
    PostCompact: "PreCompact",
    Interrupt: "Notification",
  },
  // `timeout` in seconds (`timeoutSec` is ignored silently; default 600). 0.171 clamps SessionEnd
  // to 3 s, so 3 is written there (no clamp warning).
  hookTimeout: { key: "timeout", seconds: 30, short: { SessionEnd: 3 } },
  exitCodes: { allow: 0, block: 2 },
  blockChannels: {
    // Exit 2 with a non-empty stderr reason is the one form Codex honours without fail-open risk.
    PreToolUse: ["exit-2", "stdout-deny"],
    UserPromptSubmit: ["exit-2", "stdout-block"],
    Stop: ["stdout-block"],
    PostToolUse: ["stdout-block"],
    PermissionRequest: ["stdout-behavior"],
  },
  // Codex validates hook output against its own schemas (additionalProperties false) and runs the
  // tool when the output is invalid: only these events take context, only these a decision.
  contextEvents: CODEX_CONTEXT_EVENTS,
  decisionEvents: new Set(["UserPromptSubmit", "PostToolUse", "Stop", "SubagentStop"]),
  contextCaps: {},
  // 0.171.0: `updatedInput: {command}` only with `permissionDecision: "allow"`, for Bash and apply_patch
  // (the runtime's Edit); without a string `command` the tool does not run (tests/e2e/search-rewrite.test.ts).
  argumentMutation: { field: "hookSpecificOutput.updatedInput", withAllow: true, tools: ["Bash", "Edit"], merge: "replace" },
  // Codex has no SSE transport; a URL server is streamable HTTP.
  mcpTransports: ["stdio", "streamable_http"],
  needsProjectBridge: true,
} as const satisfies ClientContract<"codex">;

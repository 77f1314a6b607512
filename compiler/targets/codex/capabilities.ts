/**
 * What OpenAI Codex CLI can express, as data. Every fact names the client version it was observed
 * on (clients-today.md and probes of the real `@openai/codex` 0.171.0 binary: `codex app-server`
 * `hooks/list`, `codex doctor --json`, `codex mcp list --json`, `codex debug prompt-input`).
 */
import type { TargetCapabilities } from "../target";

/**
 * The events agentihooks registers in hooks.json (reference-spec C.3.2). `Notification` is not a
 * Codex event (0.171 ignores unknown names silently): notifications reach the runtime through
 * `notify` instead.
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
  "PreModelRequest", "PostModelRequest", "PreToolUse", "PermissionRequest", "PostToolUse", "PreCompact",
  "PostCompact", "SessionStart", "SessionEnd", "UserPromptSubmit", "SubagentStart", "SubagentStop", "Stop", "Interrupt",
]);

/**
 * Handler timeouts in seconds under Codex's key `timeout` (`timeoutSec` is ignored silently;
 * default 600). SessionEnd is clamped to 3 s by 0.171, so 3 is written there (no clamp warning).
 */
export const HOOK_TIMEOUT = { key: "timeout", seconds: 30, short: { SessionEnd: 3 } as Readonly<Record<string, number>> } as const;

/**
 * Events whose handler carries `additionalContextLimit: 0`: the runtime's context (project bridge,
 * banner, guardrail notes) is inlined whole instead of being spilled to a file past 2 500 tokens.
 * The events that inject no context do not get the key (reference-spec C.3.2, G-129).
 */
export const INLINE_CONTEXT_EVENTS: ReadonlySet<string> = new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "SubagentStart"]);

/** The smallest `project_doc_max_bytes` written; AGENTS.md gets a quarter of headroom above its size. */
export const PROJECT_DOC_FLOOR = 65_536;

/** The capability summary the descriptor carries. */
export const codexCapabilities: TargetCapabilities = {
  hookEvents: CODEX_HOOK_EVENTS,
  // Codex has no SSE transport; a URL server is streamable HTTP.
  mcpTransports: ["stdio", "streamable_http"],
  contextCaps: {},
  blockChannels: {
    // Exit 2 with a non-empty stderr reason is the one form Codex honours without fail-open risk.
    PreToolUse: ["exit-2", "stdout-deny"],
    UserPromptSubmit: ["exit-2", "stdout-block"],
    Stop: ["stdout-block"],
    PostToolUse: ["stdout-block"],
    PermissionRequest: ["stdout-behavior"],
  },
  // `updatedInput: {command}` works only with permissionDecision "allow", for Bash and apply_patch.
  argumentMutation: true,
};

/**
 * Gemini CLI on the wire, as verified on 0.61.0 driven offline against a scripted Gemini API server
 * (docs/targets/gemini.md): what the compiler registers and what the runtime reads and answers.
 * Data only: a leaf both compiler/targets/gemini/ and runtime/clients/gemini.ts import.
 */
import type { ClientContract } from "../contract";

/**
 * The events agentihooks registers: every Gemini event the runtime has a handler for. BeforeModel,
 * AfterModel and BeforeToolSelection (each fired around every model call) are left out: the runtime
 * has nothing to check there, and each would cost a Node start per model call. Notification fires
 * only when an interactive run asks for a confirmation.
 */
export const GEMINI_HOOK_EVENTS = [
  "SessionStart",
  "SessionEnd",
  "BeforeAgent",
  "AfterAgent",
  "BeforeTool",
  "AfterTool",
  "PreCompress",
  "Notification",
] as const;

/** Every hook event Gemini CLI 0.61.0 loads; a group under another name is skipped with a warning on stderr. */
export const GEMINI_KNOWN_HOOK_EVENTS: ReadonlySet<string> = new Set([
  "SessionStart",
  "SessionEnd",
  "BeforeAgent",
  "AfterAgent",
  "BeforeModel",
  "AfterModel",
  "BeforeToolSelection",
  "BeforeTool",
  "AfterTool",
  "PreCompress",
  "Notification",
]);

/** Gemini CLI's contract. */
export const contract = {
  id: "gemini",
  displayName: "Gemini CLI",
  sessionName: "Gemini CLI",
  verifiedAgainst: { package: "@google/gemini-cli", version: "0.61.0" },
  // GEMINI_CLI_HOME replaces the home directory: the configuration is `$GEMINI_CLI_HOME/.gemini`.
  home: {
    dir: ".gemini",
    variable: "GEMINI_CLI_HOME",
    variableHolds: "home",
    credentialFiles: ["oauth_creds.json", "mcp-oauth-tokens.json", "gemini-credentials.json"],
  },
  cli: { command: "gemini", skipsHooks: [] },
  machineDir: "etc/gemini-cli",
  hookEvents: GEMINI_HOOK_EVENTS,
  knownHookEvents: GEMINI_KNOWN_HOOK_EVENTS,
  events: {
    SessionStart: "SessionStart",
    SessionEnd: "SessionEnd",
    BeforeAgent: "UserPromptSubmit",
    AfterAgent: "Stop",
    BeforeTool: "PreToolUse",
    AfterTool: "PostToolUse",
    PreCompress: "PreCompact",
    Notification: "Notification",
  },
  // `timeout` is read in milliseconds (default 60 000). A timeout counts as "allow" and does not kill
  // a hook that keeps running, so the wrapper execs the runtime and the runtime keeps its own deadline.
  hookTimeout: { key: "timeout", seconds: 30, milliseconds: true },
  exitCodes: { allow: 0, block: 2 },
  blockChannels: {
    // Gemini reads stdout JSON first (whatever the exit code) and falls back to stderr text with
    // any exit code but 0 and 1 as a deny: both are written, so a garbled stdout still denies.
    BeforeTool: ["exit-2", "stdout-deny"],
    BeforeAgent: ["exit-2", "stdout-deny"],
    // A deny sends the reason back as a new user turn; `stop_hook_active` ends the loop.
    AfterAgent: ["stdout-deny"],
    // The tool already ran: the model gets the reason as the tool's error.
    AfterTool: ["stdout-deny"],
  },
  // Only these events put `hookSpecificOutput.additionalContext` in front of the model.
  contextEvents: new Set(["SessionStart", "BeforeAgent", "AfterTool"]),
  // Gemini's block is `decision: "deny"` (see runtime/clients/gemini.ts), on every event above.
  decisionEvents: new Set(["BeforeTool", "BeforeAgent", "AfterAgent", "AfterTool"]),
  contextCaps: {},
  // 0.61.0: BeforeTool `hookSpecificOutput.tool_input` becomes the call's arguments (the scheduler
  // builds the tool from it alone) and the result gains "[System] Tool input parameters were modified
  // by a hook before execution."; the model's history keeps the original call, and BeforeTool
  // context never reaches the model (tests/e2e/search-rewrite.test.ts).
  argumentMutation: { field: "hookSpecificOutput.tool_input", withAllow: false, merge: "replace" },
  // grep_search's `include_pattern` (read as `glob`) is a git pathspec or grep `--include`, not a
  // ripgrep glob: only one plain positive glob is read. Not known not to follow links.
  searchTool: { globs: "plain", followsLinks: true },
  // `command` is stdio, `httpUrl` (or `url` + `type: "http"`) streamable HTTP, `url` + `type: "sse"` SSE.
  mcpTransports: ["stdio", "http", "sse"],
  // Gemini reads GEMINI.md only (context.fileName), never .claude/rules or CLAUDE.md.
  needsProjectBridge: true,
} as const satisfies ClientContract<"gemini">;

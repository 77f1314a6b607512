/**
 * Gemini CLI in the runtime: its payloads read into the runtime's vocabulary, and its replies. The
 * wire facts are in compiler/targets/gemini/contract.ts.
 *
 * Gemini 0.61.0 names its events in `hook_event_name` (BeforeTool, AfterTool, …) and its tools in
 * snake_case with mostly Claude's argument keys (`file_path`, `content`, `old_string`, `command`).
 * A block is `{"decision": "deny", "reason": R}` on stdout with exit 2 and R on stderr: Gemini reads
 * stdout JSON whatever the exit code, and falls back to stderr text with any exit code but 0 and 1
 * as a deny, so a garbled stdout still denies. The runtime never answers `ask` (it hangs headless
 * runs) and never denies AfterAgent twice in a row (`stop_hook_active`, run-hook.ts).
 */
import { contract } from "../../compiler/targets/gemini/contract";
import { fillToolResponse, isObject, type Payload, type ToolCall, withDerivedCalls } from "../normalize";
import type { Client } from "./client";

/** Gemini CLI 0.61.0 built-in tool names → the runtime's (Claude's) tool names. */
const GEMINI_TOOL_NAMES: Readonly<Record<string, string>> = {
  run_shell_command: "Bash",
  write_file: "Write",
  replace: "Edit",
  read_file: "Read",
  read_many_files: "Read",
  grep_search: "Grep",
  // The name grep_search had before 0.61 (Gemini still accepts it as an alias).
  search_file_content: "Grep",
  glob: "Glob",
  list_directory: "LS",
  web_fetch: "WebFetch",
  google_web_search: "WebSearch",
  write_todos: "TodoWrite",
  ask_user: "AskUserQuestion",
  invoke_agent: "Agent",
};

function own(map: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return value ? [value] : [];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.length > 0) : [];
}

/**
 * Gemini's tool rule: the name mapped, and the arguments Gemini spells its own way copied to the
 * runtime's keys (the originals stay): `dir_path` → `path`, grep's `include_pattern` → `glob`,
 * every path and pattern `read_many_files` names (`include`, `paths`) → `file_paths`. An MCP call
 * (`mcp_<server>_<tool>`, with `mcp_context` naming both parts) becomes `mcp__<server>__<tool>`.
 */
export function geminiToolCall(name: string, args: unknown, mcpContext?: unknown): ToolCall {
  const input: Record<string, unknown> = isObject(args) ? { ...args } : typeof args === "string" ? { command: args, content: args } : {};
  if (typeof input.dir_path === "string" && input.path === undefined) input.path = input.dir_path;
  if (typeof input.include_pattern === "string" && input.glob === undefined) input.glob = input.include_pattern;
  // `read_file` named its path `absolute_path` before 0.61 (the file guards read `file_path`).
  if (typeof input.absolute_path === "string" && input.file_path === undefined) input.file_path = input.absolute_path;
  if (name === "read_many_files") {
    const named = [...strings(input.include), ...strings(input.paths), ...strings(input.file_paths)];
    if (named.length > 0) input.file_paths = [...new Set(named)];
  }
  if (isObject(mcpContext) && typeof mcpContext.server_name === "string" && typeof mcpContext.tool_name === "string" && name.startsWith("mcp_")) {
    return { tool_name: `mcp__${mcpContext.server_name}__${mcpContext.tool_name}`, tool_input: input };
  }
  return { tool_name: own(GEMINI_TOOL_NAMES, name) ?? name, tool_input: input };
}

function normalizeGemini(source: Payload): Payload {
  const payload: Payload = { ...source };
  if (typeof payload.tool_name === "string" && payload.tool_name) {
    const call = geminiToolCall(payload.tool_name, payload.tool_input, payload.mcp_context);
    payload.tool_name = call.tool_name;
    payload.tool_input = call.tool_input;
  }
  fillToolResponse(payload);
  return withDerivedCalls(payload);
}

/** Gemini CLI in the runtime. */
export const geminiClient: Client = {
  contract,
  normalize: (payload) => normalizeGemini(payload),
  blockBody(event, hookEventName, reason) {
    // Deny on doubt answers a call it could not read as PreToolUse: the same deny, in Gemini's words.
    if (event === "PreToolUse" || contract.decisionEvents.has(hookEventName)) return { decision: "deny", reason };
    return undefined;
  },
  // Gemini prepends SessionStart context to the prompt, so `gemini -p "/command"` would reach the
  // model as text: the session-start context goes with the first BeforeAgent (its own user part).
  sessionContextAt: "BeforeAgent",
  contextBody(_event, hookEventName, text) {
    return contract.contextEvents.has(hookEventName) ? { hookSpecificOutput: { hookEventName, additionalContext: text } } : undefined;
  },
  // BeforeTool context never reaches the model: the note goes to the user, and Gemini itself tells
  // the model the arguments were changed.
  rewriteBody: (hookEventName, args, note) =>
    hookEventName === "BeforeTool" ? { hookSpecificOutput: { hookEventName, tool_input: args }, systemMessage: note } : undefined,
};

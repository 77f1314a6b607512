/**
 * GitHub Copilot CLI in the runtime: its payloads read into the runtime's vocabulary, its replies,
 * where it keeps transcripts. The wire facts are in compiler/targets/copilot/contract.ts.
 *
 * Both preToolUse shapes are accepted: the batched `toolCalls` array with JSON-string `args`
 * (1.0.80) and the per-call `toolName` + object `toolArgs` (1.0.102). Replies carry top-level fields
 * only (1.0.102 reads nothing nested): `additionalContext`; a preToolUse deny is exit 2 plus
 * `{"permissionDecision":"deny","permissionDecisionReason":R}` (`{"decision":"block"}` is ignored
 * there); userPromptSubmitted/agentStop/postToolUse block with `{"decision":"block","reason":R}`;
 * permissionRequest answers `{"behavior":"deny","message":R}`. Context is cut where the contract
 * says the client cuts it, visibly.
 */
import { join } from "node:path";
import { contract } from "../../compiler/targets/copilot/contract";
import { capContext } from "../envelope";
import { fs } from "../node-builtins";
import {
  fillPatchPaths,
  fillToolResponse,
  fillTranscriptPath,
  isObject,
  type Payload,
  safeSessionId,
  shellJoin,
  type ToolCall,
  truthy,
  withDerivedCalls,
} from "../normalize";
import { agentihooksHome } from "../policy";
import { pendingShellInput } from "../session-context";
import { type Client, clientHome, wireEvent } from "./client";

const { existsSync } = fs;

const COPILOT_TOOL_NAMES: Readonly<Record<string, string>> = {
  bash: "Bash",
  shell: "Bash",
  powershell: "Bash",
  view: "Read",
  create: "Write",
  edit: "Edit",
  grep: "Grep",
  // 1.0.102 offers `rg` (its ripgrep search, same arguments as `grep`) instead of `grep`.
  rg: "Grep",
  glob: "Glob",
  web_fetch: "WebFetch",
  web_search: "WebSearch",
  task: "Agent",
  apply_patch: "Edit",
  str_replace_editor: "Edit",
};

// Copilot's tools that type into a running async shell session (`{shellId, input, delay}`); the
// 1.0.102 client classifies both as shell input (`write_shell`).
const ASYNC_SHELL_INPUT_TOOLS: ReadonlySet<string> = new Set(["write_bash", "write_powershell"]);

const SPECIAL_KEY = /\{(enter|return|backspace|delete|del|left|right|home|end|tab|up|down|ctrl\+[a-z]|esc|escape)\}/gi;

/**
 * The text an async shell session receives from `write_bash` input: special keys applied the way a
 * line editor would (`{enter}` ends a line, `{backspace}`, `{delete}`, `{left}`, `{right}`, `{home}`,
 * `{end}` edit it), so `cat .envx{backspace}` reads as `cat .env`. When editing or history keys were
 * used, the raw input follows on its own line too, so a guard sees both spellings.
 */
export function shellSessionInput(raw: string): string {
  const lines: string[] = [];
  let line: string[] = [];
  let cursor = 0;
  let edited = false;
  let last = 0;
  const type = (text: string): void => {
    for (const ch of text) {
      if (ch === "\n" || ch === "\r") {
        lines.push(line.join(""));
        line = [];
        cursor = 0;
      } else {
        line.splice(cursor, 0, ch);
        cursor += 1;
      }
    }
  };
  SPECIAL_KEY.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = SPECIAL_KEY.exec(raw)) !== null) {
    type(raw.slice(last, match.index));
    last = match.index + match[0].length;
    const key = (match[1] as string).toLowerCase();
    if (key === "enter" || key === "return") type("\n");
    else if (key === "tab") type("\t");
    else {
      edited = true;
      if (key === "backspace" && cursor > 0) line.splice(--cursor, 1);
      else if ((key === "delete" || key === "del") && cursor < line.length) line.splice(cursor, 1);
      else if (key === "left") cursor = Math.max(0, cursor - 1);
      else if (key === "right") cursor = Math.min(line.length, cursor + 1);
      else if (key === "home") cursor = 0;
      else if (key === "end") cursor = line.length;
    }
  }
  type(raw.slice(last));
  lines.push(line.join(""));
  const typed = lines.join("\n");
  return edited && typed !== raw ? `${typed}\n${raw}` : typed;
}

const STR_REPLACE_EDITOR_COMMANDS: Readonly<Record<string, string>> = {
  create: "Write",
  str_replace: "Edit",
  insert: "Edit",
  view: "Read",
  undo_edit: "Edit",
};

const ARG_ALIASES: ReadonlyArray<readonly [string, string]> = [
  ["path", "file_path"],
  ["file_text", "content"],
  ["old_str", "old_string"],
  ["new_str", "new_string"],
];

function own(map: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}

/**
 * Copilot's arguments as an object. An object is copied. A string is parsed as JSON when it holds an
 * object; otherwise it is the call's raw text: for `apply_patch` (a freeform tool on the Responses
 * wire, whose `toolArgs` is the patch itself) it becomes `patch`, for any other tool both `command`
 * and `content`, so the scans still see it. A JSON string literal is unwrapped once. An argv-like
 * array of strings is kept as a shell-joined `command` and its text as `content`; other values
 * carry nothing to check.
 */
function copilotArgs(name: string, args: unknown): Record<string, unknown> {
  if (isObject(args)) return { ...args };
  if (typeof args === "string") {
    let raw = args;
    try {
      const parsed: unknown = JSON.parse(args);
      if (isObject(parsed)) return { ...parsed };
      if (typeof parsed === "string") raw = parsed;
      else if (Array.isArray(parsed)) return copilotArgs(name, parsed);
    } catch {
      // Not JSON: the raw text of a freeform call.
    }
    if (!raw) return {};
    return name === "apply_patch" ? { patch: raw } : { command: raw, content: raw };
  }
  if (Array.isArray(args) && args.length > 0 && args.every((part) => typeof part === "string")) {
    return { command: shellJoin(args as string[]), content: (args as string[]).join("\n") };
  }
  return {};
}

/** The keystrokes after the last line end of `raw` (an Enter key or a newline): the line still being typed. */
function unfinishedLine(raw: string): string {
  const end = Math.max(raw.lastIndexOf("\n"), raw.lastIndexOf("\r"), ...[...raw.matchAll(/\{(enter|return)\}/gi)].map((m) => (m.index ?? 0) + m[0].length - 1));
  return raw.slice(end + 1);
}

/**
 * `write_bash` into a shell whose last call left a line unfinished: the call is checked as that
 * line continued (runtime/session-context.ts keeps it per session and shell), and what it leaves
 * unfinished is kept for the next. Recorded before the decision, so a denied call is remembered as
 * typed: the next check sees more than the shell does, never less.
 */
function continueShellLine(call: ToolCall, sessionId: unknown, env: NodeJS.ProcessEnv): void {
  const input = call.tool_input;
  if (typeof input.input !== "string") return;
  const shellId = input.sessionId ?? input.shellId ?? input.shell_id;
  const pending = pendingShellInput(agentihooksHome(env), "copilot", sessionId, shellId);
  const typed = pending.text + input.input;
  if (pending.text !== "") input.command = shellSessionInput(typed);
  pending.save(unfinishedLine(typed));
}

/** Copilot's tool-call rule: name and argument keys mapped onto Claude's. */
export function copilotToolCall(name: string, args: unknown): ToolCall {
  const input = copilotArgs(name, args);
  if (name === "apply_patch") {
    const patch = typeof input.patch === "string" ? input.patch : typeof input.input === "string" ? input.input : "";
    if (patch && !truthy(input.patch)) input.patch = patch;
    if (patch && !truthy(input.content)) input.content = patch;
    if (patch) fillPatchPaths(input, patch);
  }
  if (ASYNC_SHELL_INPUT_TOOLS.has(name) && typeof input.input === "string") {
    // Keystrokes typed into a running shell session: checked as the command line they make.
    input.command = shellSessionInput(input.input);
    return { tool_name: "Bash", tool_input: input };
  }
  let mapped = own(COPILOT_TOOL_NAMES, name) ?? name;
  if (name === "str_replace_editor") {
    const command = typeof input.command === "string" ? input.command : "";
    mapped = own(STR_REPLACE_EDITOR_COMMANDS, command) ?? "Edit";
  }
  for (const [from, to] of ARG_ALIASES) {
    if (truthy(input[from]) && !truthy(input[to])) input[to] = input[from];
  }
  return { tool_name: mapped, tool_input: input };
}

const KEY_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ["sessionId", "session_id"],
  ["toolName", "tool_name"],
  ["toolArgs", "tool_input"],
  ["toolInput", "tool_input"],
  ["toolResult", "tool_response"],
  ["transcriptPath", "transcript_path"],
  ["workspaceRoot", "cwd"],
  ["stopHookActive", "stop_hook_active"],
];

/** `<copilot home>/session-state/<id>/events.jsonl` when the id is safe and the file exists; else "". */
export function copilotTranscriptPath(sessionId: unknown, env: NodeJS.ProcessEnv): string {
  if (!safeSessionId(sessionId)) return "";
  const path = join(clientHome(contract, env), "session-state", sessionId, "events.jsonl");
  try {
    return existsSync(path) ? path : "";
  } catch {
    return "";
  }
}

function normalizeCopilot(source: Payload, fallbackEvent: string, env: NodeJS.ProcessEnv): Payload {
  const payload: Payload = { ...source };
  const raw = [payload.hookEventName, payload.hook_event_name, fallbackEvent].find((v) => typeof v === "string" && v.trim() !== "") as string | undefined;
  if (raw !== undefined) {
    const mapped = wireEvent(contract, raw.trim());
    if (mapped) {
      payload.hook_event_name = mapped;
      if (payload.copilot_event_name === undefined) payload.copilot_event_name = raw.trim();
    }
  }

  if (Array.isArray(payload.toolCalls) && payload.toolCalls.length > 0) {
    const calls = payload.toolCalls.filter(isObject).map((c) => copilotToolCall(typeof c.name === "string" ? c.name : "", c.args ?? c.arguments));
    const [first, ...rest] = calls;
    if (first) {
      if (!truthy(payload.tool_name) && !truthy(payload.toolName)) payload.tool_name = first.tool_name;
      if (!truthy(payload.tool_input) && !truthy(payload.toolArgs)) payload.tool_input = first.tool_input;
    }
    if (rest.length > 0) payload.copilot_extra_tool_calls = rest;
  }

  for (const [camel, snake] of KEY_PAIRS) {
    if (truthy(payload[camel]) && !truthy(payload[snake])) payload[snake] = payload[camel];
    else if (!truthy(payload[camel]) && truthy(payload[snake])) payload[camel] = payload[snake];
  }

  if (typeof payload.tool_name === "string" && payload.tool_name) {
    const call = copilotToolCall(payload.tool_name, payload.tool_input);
    if (ASYNC_SHELL_INPUT_TOOLS.has(payload.tool_name) && payload.hook_event_name === "PreToolUse") continueShellLine(call, payload.session_id, env);
    payload.tool_name = call.tool_name;
    if (Object.keys(call.tool_input).length > 0) payload.tool_input = call.tool_input;
  }
  fillToolResponse(payload);
  fillTranscriptPath(payload, copilotTranscriptPath, env);
  return withDerivedCalls(payload);
}

/** Copilot CLI in the runtime. */
export const copilotClient: Client = {
  contract,
  normalize: normalizeCopilot,
  blockBody(event, _hookEventName, reason) {
    if (event === "PreToolUse") return { permissionDecision: "deny", permissionDecisionReason: reason };
    if (event === "PermissionRequest") return { behavior: "deny", message: reason };
    if (contract.decisionEvents.has(event)) return { decision: "block", reason };
    return undefined;
  },
  contextBody(event, _hookEventName, text) {
    const cap = (contract.contextCaps as Readonly<Record<string, number>>)[event];
    return { additionalContext: cap === undefined ? text : capContext(text, cap) };
  },
  // `modifiedArgs` replaces the arguments; the note arrives as a user message after the tool result.
  rewriteBody: (_hookEventName, args, note) => ({ modifiedArgs: args, additionalContext: note }),
};

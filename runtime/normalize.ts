/**
 * Payload normalisation (reference-spec E.3): each client's payload is rewritten into the one
 * vocabulary the handlers read (snake_case keys, Claude event and tool names, Claude argument keys).
 * Claude payloads are returned untouched. Both Copilot preToolUse shapes are accepted: the batched
 * `toolCalls` array with JSON-string `args` (1.0.80) and the per-call `toolName` + object
 * `toolArgs` (1.0.102).
 */
import { join } from "node:path";
import { dispatchEventFor } from "./events";
import type { PolicyTarget } from "./policy";
import { fs, homeDirectory } from "./node-builtins";

const { existsSync, readdirSync, statSync } = fs;

/** A hook payload: one JSON object. */
export type Payload = Record<string, unknown>;

/** One tool call in the runtime's vocabulary. */
export interface ToolCall {
  tool_name: string;
  tool_input: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

const PATCH_FILE_LINE = /^[ \t]*\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;

/** Every file an `apply_patch` body touches (`*** Add|Update|Delete File: <path>` lines), in order. */
export function patchFilePaths(body: string): string[] {
  const paths: string[] = [];
  for (const match of body.matchAll(PATCH_FILE_LINE)) {
    const path = (match[1] ?? "").trim();
    if (path) paths.push(path);
  }
  // `*** Move to: <path>` names a file the patch writes too.
  for (const match of body.matchAll(/^[ \t]*\*\*\* Move to: (.+)$/gm)) {
    const path = (match[1] ?? "").trim();
    if (path) paths.push(path);
  }
  return paths;
}

function fillPatchPaths(input: Record<string, unknown>, body: string): void {
  const paths = patchFilePaths(body);
  if (paths.length === 0) return;
  if (!truthy(input.file_path)) input.file_path = paths[0];
  if (!truthy(input.file_paths)) input.file_paths = paths;
}

const COPILOT_TOOL_NAMES: Readonly<Record<string, string>> = {
  bash: "Bash",
  shell: "Bash",
  powershell: "Bash",
  view: "Read",
  create: "Write",
  edit: "Edit",
  grep: "Grep",
  glob: "Glob",
  web_fetch: "WebFetch",
  web_search: "WebSearch",
  task: "Agent",
  apply_patch: "Edit",
  str_replace_editor: "Edit",
};

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

/** Copilot's tool-call rule: name and argument keys mapped onto Claude's. */
export function copilotToolCall(name: string, args: unknown): ToolCall {
  const input = copilotArgs(name, args);
  if (name === "apply_patch") {
    const patch = typeof input.patch === "string" ? input.patch : typeof input.input === "string" ? input.input : "";
    if (patch && !truthy(input.content)) input.content = patch;
    if (patch) fillPatchPaths(input, patch);
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

const CODEX_TOOL_NAMES: Readonly<Record<string, string>> = {
  apply_patch: "Edit",
  exec: "Bash",
  exec_command: "Bash",
  shell: "Bash",
  local_shell: "Bash",
  unified_exec: "Bash",
  read_file: "Read",
  request_user_input: "AskUserQuestion",
};

const SHELL_SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Joins argv into one POSIX shell string, quoting what needs it (`["ls","a b"]` → `ls 'a b'`). */
export function shellJoin(argv: readonly string[]): string {
  return argv.map((arg) => (arg.length > 0 && SHELL_SAFE.test(arg) ? arg : `'${arg.replace(/'/g, `'"'"'`)}'`)).join(" ");
}

/** Codex's tool rule: names mapped, argv commands joined, `apply_patch` bodies exposed as content. */
export function codexToolCall(name: string, args: unknown): ToolCall {
  const input: Record<string, unknown> = isObject(args) ? { ...args } : typeof args === "string" ? { command: args } : {};
  if (Array.isArray(input.command)) input.command = shellJoin(input.command.map((part) => String(part)));
  if (!truthy(input.command) && typeof input.input === "string") {
    input.command = input.input;
    if (input.content === undefined) input.content = input.input;
  }
  if (name === "apply_patch") {
    const body = typeof input.command === "string" && input.command ? input.command : typeof input.patch === "string" ? input.patch : "";
    if (body) {
      if (input.content === undefined) input.content = body;
      if (input.new_string === undefined) input.new_string = body;
      fillPatchPaths(input, body);
    }
  }
  return { tool_name: own(CODEX_TOOL_NAMES, name) ?? name, tool_input: input };
}

// camelCase ↔ snake_case pairs Copilot may send either side of.
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

const TRANSCRIPT_EVENTS: ReadonlySet<string> = new Set(["SessionEnd", "Stop", "SubagentStop", "PreCompact"]);

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** True for a session id safe to put in a path (no glob or path metacharacters). */
export function safeSessionId(id: unknown): id is string {
  return typeof id === "string" && SESSION_ID.test(id);
}

/** `<copilot home>/session-state/<id>/events.jsonl` when the id is safe and the file exists; else "". */
export function copilotTranscriptPath(sessionId: unknown, env: NodeJS.ProcessEnv): string {
  if (!safeSessionId(sessionId)) return "";
  const home = env.COPILOT_HOME?.trim() || join(homeDirectory(env), ".copilot");
  const path = join(home, "session-state", sessionId, "events.jsonl");
  try {
    return existsSync(path) ? path : "";
  } catch {
    return "";
  }
}

function listDirs(dir: string, pattern: RegExp): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && pattern.test(e.name))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

function findRolloutIn(dir: string, sessionId: string): string {
  try {
    // Sorted so the choice is stable when several rollouts name the same session.
    const names = readdirSync(dir).filter((n) => n.startsWith("rollout-") && n.endsWith(`${sessionId}.jsonl`)).sort();
    return names.length > 0 ? join(dir, names[names.length - 1] as string) : "";
  } catch {
    return "";
  }
}

function findRolloutRecursive(dir: string, sessionId: string, depth: number): string {
  if (depth > 4) return "";
  const here = findRolloutIn(dir, sessionId);
  if (here) return here;
  for (const child of listDirs(dir, /./).reverse()) {
    const found = findRolloutRecursive(join(dir, child), sessionId, depth + 1);
    if (found) return found;
  }
  return "";
}

/**
 * Codex's rollout file for a session: `<CODEX_HOME>/sessions/YYYY/MM/DD/rollout-*<id>.jsonl`, the
 * 8 newest day directories first, then a bounded recursive search. "" when none or the id is unsafe.
 */
export function codexTranscriptPath(sessionId: unknown, env: NodeJS.ProcessEnv): string {
  if (!safeSessionId(sessionId)) return "";
  const root = join(env.CODEX_HOME?.trim() || join(homeDirectory(env), ".codex"), "sessions");
  try {
    if (!statSync(root).isDirectory()) return "";
  } catch {
    return "";
  }
  const days: string[] = [];
  for (const year of listDirs(root, /^\d{4}$/).reverse()) {
    for (const month of listDirs(join(root, year), /^\d{2}$/).reverse()) {
      for (const day of listDirs(join(root, year, month), /^\d{2}$/).reverse()) {
        days.push(join(root, year, month, day));
        if (days.length >= 8) break;
      }
      if (days.length >= 8) break;
    }
    if (days.length >= 8) break;
  }
  for (const day of days) {
    const found = findRolloutIn(day, sessionId);
    if (found) return found;
  }
  return findRolloutRecursive(root, sessionId, 0);
}

function normalizeCopilot(source: Payload, fallbackEvent: string, env: NodeJS.ProcessEnv): Payload {
  const payload: Payload = { ...source };
  const raw = [payload.hookEventName, payload.hook_event_name, fallbackEvent].find((v) => typeof v === "string" && v.trim() !== "") as string | undefined;
  if (raw !== undefined) {
    const mapped = dispatchEventFor(raw.trim());
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
    payload.tool_name = call.tool_name;
    if (Object.keys(call.tool_input).length > 0) payload.tool_input = call.tool_input;
  }
  fillToolResponse(payload);
  if (TRANSCRIPT_EVENTS.has(String(payload.hook_event_name)) && !truthy(payload.transcript_path)) {
    const path = copilotTranscriptPath(payload.session_id, env);
    if (path) payload.transcript_path = path;
  }
  return payload;
}

function fillToolResponse(payload: Payload): void {
  if (payload.tool_response === undefined) return;
  if (payload.tool_output === undefined) payload.tool_output = payload.tool_response;
  if (payload.tool_result === undefined) payload.tool_result = payload.tool_response;
}

function normalizeCodex(source: Payload, env: NodeJS.ProcessEnv): Payload {
  const payload: Payload = { ...source };
  if (typeof payload.tool_name === "string" && payload.tool_name) {
    const call = codexToolCall(payload.tool_name, payload.tool_input);
    payload.tool_name = call.tool_name;
    if (Object.keys(call.tool_input).length > 0) payload.tool_input = call.tool_input;
  }
  fillToolResponse(payload);
  if (TRANSCRIPT_EVENTS.has(String(payload.hook_event_name)) && !truthy(payload.transcript_path)) {
    const path = codexTranscriptPath(payload.session_id, env);
    if (path) payload.transcript_path = path;
  }
  return payload;
}

/**
 * The payload in the runtime's vocabulary. Claude: the same object, untouched. Copilot: event name
 * from the payload, else `fallbackEvent` (the wrapper's argument); keys, tool names and argument keys
 * mapped; batched calls after the first in `copilot_extra_tool_calls`. Codex: tool rule applied.
 * Never mutates `payload`.
 */
export function normalizePayload(payload: Payload, target: PolicyTarget, fallbackEvent: string, env: NodeJS.ProcessEnv): Payload {
  if (target === "copilot") return normalizeCopilot(payload, fallbackEvent, env);
  if (target === "codex") return normalizeCodex(payload, env);
  return payload;
}

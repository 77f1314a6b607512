/**
 * OpenAI Codex CLI in the runtime: its payloads read into the runtime's vocabulary, its replies,
 * where it keeps transcripts. The wire facts are in compiler/targets/codex/contract.ts.
 *
 * Codex 0.171 validates hook output against its own schemas (additionalProperties false) and runs
 * the tool when a hook's output is invalid, so context and decisions go only where the contract
 * lists them; a deny also needs a non-empty stderr reason with exit 2.
 */
import { join } from "node:path";
import { contract } from "../../compiler/targets/codex/contract";
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
import { linkCodexSkills } from "../project-bridge";
import { type Client, clientHome } from "./client";

const { readdirSync, statSync } = fs;

function own(map: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}

const CODEX_TOOL_NAMES: Readonly<Record<string, string>> = {
  apply_patch: "Edit",
  exec: "Bash",
  exec_command: "Bash",
  shell: "Bash",
  local_shell: "Bash",
  unified_exec: "Bash",
  // Unified exec's input to a running session (`{session_id, chars}`): what it types is a command
  // line like any other (Copilot's write_bash is read the same way).
  write_stdin: "Bash",
  read_file: "Read",
  request_user_input: "AskUserQuestion",
};

/** Codex's tool rule: names mapped, argv commands joined, `apply_patch` bodies exposed as content. */
export function codexToolCall(name: string, args: unknown): ToolCall {
  const input: Record<string, unknown> = isObject(args) ? { ...args } : typeof args === "string" ? { command: args } : {};
  // `["apply_patch", body]` through the shell tool: Codex applies the patch itself.
  const argv = Array.isArray(input.command) ? input.command : Array.isArray(input.cmd) ? input.cmd : undefined;
  if (name !== "apply_patch" && argv && /(?:^|\/)apply_?patch$/.test(String(argv[0])) && typeof argv[1] === "string")
    return codexToolCall("apply_patch", { command: argv[1] });
  // `exec_command` names its command line `cmd`, `write_stdin` its input `chars`.
  if (!truthy(input.command) && (typeof input.cmd === "string" || Array.isArray(input.cmd))) input.command = input.cmd;
  if (!truthy(input.command) && name === "write_stdin" && typeof input.chars === "string") input.command = input.chars;
  if (Array.isArray(input.command)) input.command = shellJoin(input.command.map((part) => String(part)));
  if (!truthy(input.command) && typeof input.input === "string") {
    input.command = input.input;
    if (input.content === undefined) input.content = input.input;
  }
  if (name === "apply_patch") {
    const body = typeof input.command === "string" && input.command ? input.command : typeof input.patch === "string" ? input.patch : "";
    if (body) {
      // `patch` marks the body as a patch: the secrets guard reads only its added lines.
      if (input.patch === undefined) input.patch = body;
      if (input.content === undefined) input.content = body;
      if (input.new_string === undefined) input.new_string = body;
      fillPatchPaths(input, body);
    }
  }
  return { tool_name: own(CODEX_TOOL_NAMES, name) ?? name, tool_input: input };
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
    const names = readdirSync(dir)
      .filter((n) => n.startsWith("rollout-") && n.endsWith(`${sessionId}.jsonl`))
      .sort();
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
  const root = join(clientHome(contract, env), "sessions");
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

function normalizeCodex(source: Payload, env: NodeJS.ProcessEnv): Payload {
  const payload: Payload = { ...source };
  if (typeof payload.tool_name === "string" && payload.tool_name) {
    const call = codexToolCall(payload.tool_name, payload.tool_input);
    payload.tool_name = call.tool_name;
    if (Object.keys(call.tool_input).length > 0) payload.tool_input = call.tool_input;
  }
  fillToolResponse(payload);
  fillTranscriptPath(payload, codexTranscriptPath, env);
  return withDerivedCalls(payload);
}

/** Codex CLI in the runtime. */
export const codexClient: Client = {
  contract,
  normalize: (payload, _fallbackEvent, env) => normalizeCodex(payload, env),
  blockBody(event, hookEventName, reason) {
    if (event === "PreToolUse") {
      if (hookEventName !== "PreToolUse") return undefined;
      return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } };
    }
    if (event === "PermissionRequest") {
      return { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: reason } } };
    }
    return contract.decisionEvents.has(hookEventName) ? { decision: "block", reason } : undefined;
  },
  contextBody(_event, hookEventName, text) {
    return contract.contextEvents.has(hookEventName) ? { hookSpecificOutput: { hookEventName, additionalContext: text } } : undefined;
  },
  // Codex reads only `command` from `updatedInput`, and its output schema takes nothing more here.
  rewriteBody(hookEventName, args, note) {
    if (hookEventName !== "PreToolUse" || typeof args.command !== "string") return undefined;
    return { hookSpecificOutput: { hookEventName, permissionDecision: "allow", updatedInput: { command: args.command }, additionalContext: note } };
  },
  onSessionStart: linkCodexSkills,
};

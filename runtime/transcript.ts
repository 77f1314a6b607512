/**
 * A transcript reader for the clients' session logs (docs/runtime.md, "Status line and
 * transcripts"). The format is detected per file: Copilot's `events.jsonl` lines are
 * `{id, timestamp, parentId, type, data}` with a dotted `type` (no other client writes one); Codex
 * rollouts have a top-level `type` of
 * `session_meta|response_item|event_msg|turn_context|world_state`; anything else is read as Claude
 * JSONL. Copilot rules: ephemeral events are skipped except `assistant.usage` (the only usage
 * record); a `user.message` with `source: "system"` is hook-injected context, not a user turn;
 * `session.task_complete` counts as a turn's end only when that turn produced no assistant message.
 */
import { fs } from "./node-builtins";

const { readFileSync } = fs;

/** The client whose log this is. */
export type TranscriptFormat = "copilot" | "codex" | "claude";

/** One record of the unified reading. */
export interface TranscriptRecord {
  kind: "meta" | "user_text" | "assistant_text" | "system_text" | "tool_call" | "tool_result" | "token_usage" | "turn_complete";
  text?: string;
  tool?: string;
  callId?: string;
  isError?: boolean;
  inputTokens?: number;
  outputTokens?: number;
  timestamp?: string;
}

/** What `agentihooks transcript` reports. */
export interface TranscriptSummary {
  format: TranscriptFormat;
  turns: number;
  toolCalls: number;
  failures: number;
  inputTokens: number;
  outputTokens: number;
  /** Tool name → number of calls, sorted by name. */
  tools: Record<string, number>;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function num(...values: unknown[]): number {
  for (const v of values) if (typeof v === "number" && Number.isFinite(v)) return v;
  return 0;
}

const CODEX_TYPES = new Set(["session_meta", "response_item", "event_msg", "turn_context", "world_state", "compacted"]);

/** Parses JSONL text; unparseable lines are skipped (a log being written may end mid-line). */
export function parseLines(text: string): Json[] {
  const out: Json[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isObject(value)) out.push(value);
    } catch {
      // skipped
    }
  }
  return out;
}

/** The format of a parsed log, by its first recognisable line. */
export function detectFormat(lines: readonly Json[]): TranscriptFormat {
  for (const line of lines) {
    const type = line.type;
    if (typeof type !== "string") continue;
    if (type.includes(".") && "data" in line) return "copilot";
    if (CODEX_TYPES.has(type)) return "codex";
    return "claude";
  }
  return "claude";
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => (isObject(part) ? str(part.text) || str(part.input_text) || str(part.output_text) : ""))
    .filter(Boolean)
    .join("\n");
}

function readCopilot(lines: readonly Json[]): TranscriptRecord[] {
  const records: TranscriptRecord[] = [];
  let assistantThisTurn = false;
  for (const line of lines) {
    const type = str(line.type);
    const data = isObject(line.data) ? line.data : {};
    const timestamp = str(line.timestamp) || undefined;
    // Streaming deltas and re-renders are ephemeral; usage is ephemeral too but is the only usage record.
    if (line.ephemeral === true && type !== "assistant.usage") continue;
    switch (type) {
      case "session.start":
        records.push({ kind: "meta", timestamp });
        break;
      case "user.message":
        if (data.source === "system") records.push({ kind: "system_text", text: str(data.content), timestamp });
        else {
          records.push({ kind: "user_text", text: str(data.content), timestamp });
          assistantThisTurn = false;
        }
        break;
      case "assistant.turn_start":
        assistantThisTurn = false;
        break;
      case "assistant.message":
        records.push({ kind: "assistant_text", text: str(data.content), timestamp });
        assistantThisTurn = true;
        break;
      case "system.message":
        records.push({ kind: "system_text", text: str(data.content), timestamp });
        break;
      case "tool.execution_start":
        records.push({ kind: "tool_call", tool: str(data.toolName), callId: str(data.toolCallId), timestamp });
        break;
      case "tool.execution_complete":
        records.push({ kind: "tool_result", tool: str(data.toolName) || undefined, callId: str(data.toolCallId), isError: data.success !== true, timestamp });
        break;
      case "assistant.usage":
        records.push({
          kind: "token_usage",
          inputTokens: num(data.inputTokens, data.input_tokens),
          outputTokens: num(data.outputTokens, data.output_tokens),
          timestamp,
        });
        break;
      case "session.task_complete":
        if (!assistantThisTurn) records.push({ kind: "turn_complete", text: str(data.summary) || str(data.content), timestamp });
        assistantThisTurn = false;
        break;
      default:
        break;
    }
  }
  return records;
}

function readCodex(lines: readonly Json[]): TranscriptRecord[] {
  const records: TranscriptRecord[] = [];
  let assistantThisTurn = false;
  for (const line of lines) {
    const type = str(line.type);
    const payload = isObject(line.payload) ? line.payload : {};
    const timestamp = str(line.timestamp) || undefined;
    const inner = str(payload.type);
    if (type === "session_meta") records.push({ kind: "meta", timestamp });
    else if (type === "response_item") {
      if (inner === "message") {
        const role = str(payload.role);
        const text = contentText(payload.content);
        if (role === "assistant") {
          records.push({ kind: "assistant_text", text, timestamp });
          assistantThisTurn = true;
        } else if (role === "user" && !/^\s*<(environment_context|user_instructions|permissions)/.test(text)) {
          records.push({ kind: "user_text", text, timestamp });
          assistantThisTurn = false;
        } else records.push({ kind: "system_text", text, timestamp });
      } else if (inner === "function_call" || inner === "custom_tool_call" || inner === "local_shell_call") {
        records.push({ kind: "tool_call", tool: str(payload.name) || inner, callId: str(payload.call_id), timestamp });
      } else if (inner === "function_call_output" || inner === "custom_tool_call_output") {
        // Codex outputs carry no error flag.
        records.push({ kind: "tool_result", callId: str(payload.call_id), isError: false, timestamp });
      }
    } else if (type === "event_msg") {
      if (inner === "token_count") {
        const info = isObject(payload.info) ? payload.info : {};
        const last = isObject(info.last_token_usage) ? info.last_token_usage : {};
        records.push({ kind: "token_usage", inputTokens: num(last.input_tokens), outputTokens: num(last.output_tokens), timestamp });
      } else if (inner === "task_complete") {
        if (!assistantThisTurn) records.push({ kind: "turn_complete", text: str(payload.last_agent_message), timestamp });
        assistantThisTurn = false;
      }
    }
  }
  return records;
}

function readClaude(lines: readonly Json[]): TranscriptRecord[] {
  const records: TranscriptRecord[] = [];
  for (const line of lines) {
    const type = str(line.type);
    const message = isObject(line.message) ? line.message : {};
    const timestamp = str(line.timestamp) || undefined;
    const content = message.content;
    if (type === "user") {
      if (typeof content === "string") records.push({ kind: line.isMeta === true ? "system_text" : "user_text", text: content, timestamp });
      else if (Array.isArray(content)) {
        for (const part of content) {
          if (!isObject(part)) continue;
          if (part.type === "tool_result") records.push({ kind: "tool_result", callId: str(part.tool_use_id), isError: part.is_error === true, timestamp });
          else if (part.type === "text") records.push({ kind: line.isMeta === true ? "system_text" : "user_text", text: str(part.text), timestamp });
        }
      }
    } else if (type === "assistant") {
      if (Array.isArray(content)) {
        for (const part of content) {
          if (!isObject(part)) continue;
          if (part.type === "text") records.push({ kind: "assistant_text", text: str(part.text), timestamp });
          else if (part.type === "tool_use") records.push({ kind: "tool_call", tool: str(part.name), callId: str(part.id), timestamp });
        }
      }
      const usage = isObject(message.usage) ? message.usage : undefined;
      if (usage) records.push({ kind: "token_usage", inputTokens: num(usage.input_tokens), outputTokens: num(usage.output_tokens), timestamp });
    } else if (type === "system") records.push({ kind: "system_text", text: str(line.content), timestamp });
  }
  return records;
}

/** The unified records of a log's text, with its detected format. */
export function readTranscriptText(text: string): { format: TranscriptFormat; records: TranscriptRecord[] } {
  const lines = parseLines(text);
  const format = detectFormat(lines);
  const records = format === "copilot" ? readCopilot(lines) : format === "codex" ? readCodex(lines) : readClaude(lines);
  return { format, records };
}

/** Turns, tool calls, failures, tokens and per-tool counts of a reading. */
export function summarizeTranscript(format: TranscriptFormat, records: readonly TranscriptRecord[]): TranscriptSummary {
  const tools: Record<string, number> = {};
  let turns = 0;
  let toolCalls = 0;
  let failures = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  for (const r of records) {
    if (r.kind === "user_text") turns += 1;
    else if (r.kind === "tool_call") {
      toolCalls += 1;
      const name = r.tool || "(unnamed)";
      tools[name] = (tools[name] ?? 0) + 1;
    } else if (r.kind === "tool_result" && r.isError) failures += 1;
    else if (r.kind === "token_usage") {
      inputTokens += r.inputTokens ?? 0;
      outputTokens += r.outputTokens ?? 0;
    }
  }
  // Sorted by name so the report is the same bytes for the same log.
  const sortedTools = Object.fromEntries(Object.entries(tools).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { format, turns, toolCalls, failures, inputTokens, outputTokens, tools: sortedTools };
}

/** Reads and summarises the log at `path` (throws when the file cannot be read). */
export function readTranscript(path: string): { summary: TranscriptSummary; records: TranscriptRecord[] } {
  const { format, records } = readTranscriptText(readFileSync(path, "utf8"));
  return { summary: summarizeTranscript(format, records), records };
}

/** The human-readable report of a summary. */
export function formatSummary(path: string, s: TranscriptSummary): string {
  const lines = [
    `${path} (${s.format})`,
    `  turns:       ${s.turns}`,
    `  tool calls:  ${s.toolCalls}${s.failures > 0 ? ` (${s.failures} failed)` : ""}`,
    `  tokens:      ${s.inputTokens} in, ${s.outputTokens} out`,
  ];
  for (const [name, count] of Object.entries(s.tools)) lines.push(`    ${name}: ${count}`);
  return `${lines.join("\n")}\n`;
}

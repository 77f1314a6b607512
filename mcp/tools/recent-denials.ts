/**
 * `recent_denials`: the tool calls the hook runtime denied most recently, newest first, with the
 * guard's reason, read from the audit log (runtime/audit-log.ts, which redacted every payload value
 * before writing it; the secret gate redacts the answer again on its way out). Reads the current
 * log and its one rotated predecessor, each from its end and at most a bounded number of bytes, so
 * a large log never makes the call slow.
 */
import { auditLogPath, readPolicy } from "../../runtime/policy";
import { fs } from "../../runtime/node-builtins";
import type { ServerContext } from "../context";

/** How much of each log file is read, from its end. */
const TAIL_BYTES = 2 * 1024 * 1024;
/** Longest input summary returned per denial. */
const INPUT_CHARS = 600;

/** One denial as the tool reports it. */
export interface Denial {
  ts: string;
  target: string;
  tool: string;
  reason: string;
  input?: string;
  cwd?: string;
  session?: string;
}

/** What a caller may narrow the search by. */
export interface DenialQuery {
  /** How many to return (1-50, default 5). */
  limit?: number;
  /** Only calls of this tool (the runtime's name: `Bash`, `Write`, `Read`, …; case-insensitive). */
  tool?: string;
  /** Denials of every client, not only this server's. */
  allClients?: boolean;
}

/** The tool's whole answer. */
export interface DenialsAnswer {
  auditLog: string;
  /** False when the policy has the audit log off: nothing is recorded, so nothing can be explained. */
  auditLogOn: boolean;
  denials: Denial[];
  summary: string;
}

/** The last `TAIL_BYTES` of `file` (a first partial line dropped), or "" when unreadable. */
function tail(file: string): string {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, "r");
    const size = fs.fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, size - length);
    const text = buffer.toString("utf8");
    return length < size ? text.slice(text.indexOf("\n") + 1) : text;
  } catch {
    return "";
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

function summarise(input: unknown): string | undefined {
  if (input === undefined) return undefined;
  const raw = typeof input === "string" ? input : JSON.stringify(input);
  return raw.length > INPUT_CHARS ? `${raw.slice(0, INPUT_CHARS)}…` : raw;
}

/** The answer to `query` for the server's client. */
export function denialsAnswer(ctx: ServerContext, query: DenialQuery): DenialsAnswer {
  const policy = readPolicy(ctx.home, ctx.target);
  const file = policy.auditLog ?? auditLogPath(ctx.home);
  const limit = Math.max(1, Math.min(50, Math.trunc(query.limit ?? 5)));
  const tool = query.tool?.toLowerCase();
  const denials: Denial[] = [];
  // Newest first: the current file from its last line, then the rotated one.
  for (const part of [file, `${file}.1`]) {
    const lines = tail(part).split("\n");
    for (let i = lines.length - 1; i >= 0 && denials.length < limit; i--) {
      const line = lines[i] as string;
      if (!line.includes('"deny"')) continue;
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (record.decision !== "deny") continue;
      if (!query.allClients && record.target !== ctx.target) continue;
      if (tool !== undefined && String(record.tool ?? "").toLowerCase() !== tool) continue;
      const denial: Denial = { ts: text(record.ts) ?? "", target: text(record.target) ?? "", tool: text(record.tool) ?? "", reason: text(record.reason) ?? "" };
      const input = summarise(record.input);
      if (input !== undefined) denial.input = input;
      const cwd = text(record.cwd);
      if (cwd) denial.cwd = cwd;
      const session = text(record.session);
      if (session) denial.session = session;
      denials.push(denial);
    }
    if (denials.length >= limit) break;
  }
  const on = policy.guardrails.auditLog;
  const scope = query.allClients ? "any client" : ctx.target;
  const summary = !on
    ? `The audit log is off in the ${ctx.target} policy (guardrails.auditLog: false), so denials are not recorded${denials.length > 0 ? "; these are older records" : ""}. Turn it on in the profile to have denials explained here.`
    : denials.length === 0
      ? `No denied tool call of ${scope}${query.tool ? ` (tool ${query.tool})` : ""} in ${file}.`
      : `The ${denials.length} most recent denied tool call${denials.length === 1 ? "" : "s"} of ${scope}, newest first; each reason says which guard denied it and how to proceed.`;
  return { auditLog: file, auditLogOn: on, denials, summary };
}

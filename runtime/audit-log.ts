/**
 * The audit log: one JSON line per tool call (and per turn notification), appended to the path the
 * policy names (default `<agentihooks home>/logs/audit.jsonl`). Secret-shaped literals (the strict
 * set, whole private-key blocks, bare key-body lines) are redacted in values and keys before
 * anything is written, long strings are clipped, and the file is rotated to `<path>.1` once it
 * passes the policy's size limit, so the log is bounded at about twice that size. Only a regular
 * file of this user is written: a log that is a symlink, a FIFO or another user's file is skipped
 * (opened with O_NOFOLLOW and O_NONBLOCK, checked on the descriptor). Never throws: an
 * audit failure must not change what the hook decided.
 */
import { dirname } from "node:path";
import type { Policy } from "./policy";
import { redactSecrets } from "./secrets";
import { fs } from "./node-builtins";

const { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, renameSync, writeSync } = fs;

// Append without following a final symlink, without waiting on a FIFO, creating the file private.
const APPEND_FLAGS =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** One audit record (before redaction). */
export interface AuditRecord {
  ts: string;
  target: string;
  event: string;
  session?: string;
  cwd?: string;
  tool?: string;
  input?: unknown;
  decision?: "allow" | "deny";
  reason?: string;
  outcome?: string;
  [key: string]: unknown;
}

const MAX_STRING = 2_000;
const MAX_DEPTH = 6;
const MAX_ENTRIES = 100;

/** One string redacted (strict set, whole key blocks) and clipped. */
function redactString(value: string): string {
  if (value.length <= MAX_STRING) return redactSecrets(value);
  // Redact a window a little past the clip, so a token that straddles the cut is still caught,
  // without scanning the whole of a large write. A key block whose END lies past the window is
  // redacted to the window's end.
  const redacted = redactSecrets(value.slice(0, MAX_STRING + 256)).slice(0, MAX_STRING);
  return `${redacted}…[${value.length - MAX_STRING} more chars]`;
}

/**
 * `value` with every string redacted and clipped, object keys included. Bounded: past depth 6 a
 * value is replaced by a marker (never written unredacted), arrays and objects keep their first
 * 100 entries.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactString(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[…nested deeper than the audit log records]";
  if (Array.isArray(value)) return value.slice(0, MAX_ENTRIES).map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  let kept = 0;
  for (const [key, v] of Object.entries(value)) {
    if (++kept > MAX_ENTRIES) break;
    out[redactString(key)] = redactValue(v, depth + 1);
  }
  return out;
}

// Fields the runtime itself fills (timestamps, names, decisions) carry no secrets; redacting them
// would only cost time on every tool call.
const OWN_FIELDS = new Set(["ts", "target", "event", "session", "tool", "decision", "outcome"]);

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/**
 * `date.toISOString()`, from the UTC fields: on Node 20 `toISOString` loads the local time zone
 * (it reads /etc/localtime and resolves its links, a dozen calls on every audited tool call), which
 * a UTC timestamp never needs.
 */
export function utcTimestamp(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}Z`;
}

/** The JSONL line for `record`, every field that came from the payload redacted, with a final newline. */
export function auditLine(record: AuditRecord): string {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record))
    out[key] = OWN_FIELDS.has(key) && typeof value === "string" && value.length <= 200 ? value : redactValue(value);
  return `${JSON.stringify(out)}\n`;
}

/**
 * Creates `dir` (and up to two missing parents), mode 0700. Not `mkdirSync(…, { recursive: true })`:
 * on Node 20 that never returns for some unwritable paths (observed under /proc), and a hook that
 * hangs is a hook that times out.
 */
function ensureDir(dir: string, depth = 0): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return;
    if (code !== "ENOENT" || depth >= 2) throw error;
    ensureDir(dirname(dir), depth + 1);
    mkdirSync(dir, { mode: 0o700 });
  }
}

/** Appends `records` to the policy's audit log (no-op when the log is off). Never throws. */
export function appendAudit(policy: Policy, records: readonly AuditRecord[]): void {
  const path = policy.auditLog;
  if (!policy.guardrails.auditLog || !path || records.length === 0) return;
  try {
    const text = records.map(auditLine).join("");
    try {
      // lstat: a log that is a link is never rotated onto (or through) its target.
      const current = lstatSync(path);
      if (current.isFile() && current.size + text.length > policy.auditLogMaxBytes) renameSync(path, `${path}.1`);
    } catch {
      ensureDir(dirname(path));
    }
    writeOwnLog(path, text);
  } catch {
    // Logging is best effort: the decision already stands.
  }
}

/**
 * Appends `text` to `path` only when it is a regular file of this process's user (or is created as
 * one): a log planted as a symlink (to `~/.bashrc`), a FIFO (a writer would block), a device or
 * another user's file is left alone and nothing is written.
 */
function writeOwnLog(path: string, text: string): void {
  const fd = openSync(path, APPEND_FLAGS, 0o600);
  try {
    const stat = fstatSync(fd);
    const uid = typeof process.getuid === "function" ? process.getuid() : stat.uid;
    if (!stat.isFile() || stat.uid !== uid) return;
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

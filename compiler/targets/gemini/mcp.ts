/**
 * Gemini CLI MCP servers: `mcpServers.<name>` of `~/.gemini/settings.json`, one managed key per
 * server so the operator's own servers stay. Gemini expands `$VAR` and `${VAR}` in settings values
 * when it loads them, so references are written as authored and only credential-shaped literals
 * are dropped (the rules every target shares). Transports: `command` is stdio, `httpUrl` is
 * streamable HTTP, `url` + `type: "sse"` is SSE. Each server object is strict in Gemini (an unknown
 * key prints a warning on every start), so only Gemini's keys are written.
 */
import type { Diagnostic } from "../../diagnostics";
import type { McpServerEntry, Origin } from "../../ir";
import { dropIfCredentialed, escapePointer, headerFindings, scrubMcpEnv, scrubMcpTools, setOwn } from "../../lower/mcp-credentials";
import { isPlainObject } from "../../merge/merge-documents";
import { diagnostic } from "../../messages";

const FILE = "settings.json";

/** Keys this translation reads (directly or by translating another client's spelling); the rest are reported as dropped. */
const HANDLED_KEYS = new Set([
  "type",
  "command",
  "args",
  "env",
  "cwd",
  "url",
  "headers",
  "timeout",
  "tools",
  "includeTools",
  "excludeTools",
  "trust",
  "description",
  "http_headers",
  "env_http_headers",
  "bearer_token_env_var",
  "env_vars",
  "enabled_tools",
  "disabled_tools",
  "tool_timeout_sec",
]);
const LOCAL_ONLY = ["args", "env", "env_vars", "cwd"];
const REMOTE_ONLY = ["url", "headers", "http_headers", "env_http_headers", "bearer_token_env_var"];

/** What translating one server produced: the entry (absent when dropped) and the diagnostics. */
export interface TranslatedServer {
  entry?: Record<string, unknown>;
  diagnostics: Diagnostic[];
}

function at(origin: Origin, name: string, inner: string): Origin {
  const base = origin.pointer ?? `/mcpServers/${escapePointer(name)}`;
  return { ...origin, pointer: `${base}/${inner}` };
}

function names(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : undefined;
}

/**
 * Translates one server to Gemini's shape. Key order: command, args, env, cwd | httpUrl or url +
 * type, headers; then timeout, includeTools, excludeTools, trust, description. Other clients'
 * spellings are carried over: Copilot `tools` (unless the lone "*") and Codex `enabled_tools` →
 * `includeTools`, Codex `disabled_tools` → `excludeTools`, `tool_timeout_sec` → `timeout` in ms,
 * `env_vars` → `${NAME}` env entries, `bearer_token_env_var` → `Authorization: Bearer ${NAME}`.
 */
export function translateServer(name: string, source: McpServerEntry): TranslatedServer {
  const spec = source.server as unknown as Record<string, unknown>;
  const origin = source.origin;
  const dropped = dropIfCredentialed(name, spec, origin, FILE);
  if (dropped) return { diagnostics: [dropped] };
  const hasCommand = typeof spec.command === "string" && spec.command.length > 0;
  const hasUrl = typeof spec.url === "string" && spec.url.length > 0;
  if (!hasCommand && !hasUrl) return { diagnostics: [diagnostic("AH4409", origin, { server: name })] };
  const remoteType = spec.type === "http" || spec.type === "streamable-http" || spec.type === "sse";
  const local = hasCommand && !(hasUrl && remoteType);

  const diagnostics: Diagnostic[] = [];
  const entry: Record<string, unknown> = {};
  if (local) {
    entry.command = spec.command;
    if (Array.isArray(spec.args) && spec.args.length > 0) entry.args = spec.args.map(String);
    const env: Record<string, unknown> = {};
    for (const item of Array.isArray(spec.env_vars) ? spec.env_vars : []) {
      const varName = typeof item === "string" ? item : isPlainObject(item) && typeof item.name === "string" ? item.name : undefined;
      if (varName) setOwn(env, varName, `\${${varName}}`);
    }
    if (isPlainObject(spec.env)) for (const [key, value] of Object.entries(spec.env)) setOwn(env, key, value);
    if (Object.keys(env).length > 0) {
      const scrubbed = scrubMcpEnv(name, env, origin, FILE);
      diagnostics.push(...scrubbed.diagnostics);
      if (Object.keys(scrubbed.env).length > 0) entry.env = scrubbed.env;
    }
    if (typeof spec.cwd === "string") entry.cwd = spec.cwd;
  } else {
    if (spec.type === "sse") {
      entry.url = spec.url;
      entry.type = "sse";
    } else {
      entry.httpUrl = spec.url;
    }
    const headers = remoteHeaders(name, spec, origin, diagnostics);
    if (Object.keys(headers).length > 0) entry.headers = headers;
  }

  if (typeof spec.timeout === "number") entry.timeout = spec.timeout;
  else if (typeof spec.tool_timeout_sec === "number") entry.timeout = Math.round(spec.tool_timeout_sec * 1000);
  const copilotTools = names(spec.tools);
  const include =
    names(spec.includeTools) ??
    names(spec.enabled_tools) ??
    (copilotTools && !(copilotTools.length === 1 && copilotTools[0] === "*") ? copilotTools : undefined);
  if (include) entry.includeTools = scrubbedTools(name, include, origin, diagnostics);
  const exclude = names(spec.excludeTools) ?? names(spec.disabled_tools);
  if (exclude) entry.excludeTools = scrubbedTools(name, exclude, origin, diagnostics);
  if (typeof spec.trust === "boolean") entry.trust = spec.trust;
  if (typeof spec.description === "string") entry.description = spec.description;

  const unknown = Object.keys(spec)
    .filter((key) => !HANDLED_KEYS.has(key) || (local && REMOTE_ONLY.includes(key)) || (!local && (key === "command" || LOCAL_ONLY.includes(key))))
    .sort();
  if (unknown.length > 0) diagnostics.push(diagnostic("AH4410", origin, { server: name, keys: unknown.map((k) => `'${k}'`).join(", ") }));
  return { entry, diagnostics };
}

/** A tool list with credential-shaped entries dropped (reported). */
function scrubbedTools(name: string, tools: readonly string[], origin: Origin, diagnostics: Diagnostic[]): string[] {
  const scrubbed = scrubMcpTools(name, tools, origin, FILE);
  diagnostics.push(...scrubbed.diagnostics);
  return scrubbed.tools;
}

/** A remote server's headers, every spelling folded in; credential-shaped literals dropped with a warning. */
function remoteHeaders(name: string, spec: Record<string, unknown>, origin: Origin, diagnostics: Diagnostic[]): Record<string, string> {
  const candidates: Array<[string, string]> = [];
  if (typeof spec.bearer_token_env_var === "string") candidates.push(["Authorization", `Bearer \${${spec.bearer_token_env_var}}`]);
  if (isPlainObject(spec.env_http_headers)) for (const [h, v] of Object.entries(spec.env_http_headers)) candidates.push([h, `\${${String(v)}}`]);
  if (isPlainObject(spec.http_headers)) for (const [h, v] of Object.entries(spec.http_headers)) candidates.push([h, String(v)]);
  if (isPlainObject(spec.headers)) for (const [h, v] of Object.entries(spec.headers)) candidates.push([h, String(v)]);
  const headers: Record<string, string> = {};
  for (const [header, value] of candidates) {
    // Under its name and as the header line, so `X-API-Key: <literal>` and `Authorization: Bearer <literal>` are both caught.
    const hits = headerFindings(header, value);
    if (hits.length > 0) {
      diagnostics.push(diagnostic("AH4303", at(origin, name, `headers/${escapePointer(header)}`), { server: name, header, hits: hits.join(", "), file: FILE }));
      continue;
    }
    setOwn(headers, header, value);
  }
  return headers;
}

/** Every surviving server, sorted by name. */
export function lowerMcp(servers: Readonly<Record<string, McpServerEntry>>): {
  servers: Array<{ name: string; entry: Record<string, unknown>; origin: Origin }>;
  diagnostics: Diagnostic[];
} {
  const out: Array<{ name: string; entry: Record<string, unknown>; origin: Origin }> = [];
  const diagnostics: Diagnostic[] = [];
  // Sorted by name: the IR's map order must not reach the file.
  for (const name of Object.keys(servers).sort()) {
    const source = servers[name]!;
    const translated = translateServer(name, source);
    diagnostics.push(...translated.diagnostics);
    if (translated.entry) out.push({ name, entry: translated.entry, origin: source.origin });
  }
  return { servers: out, diagnostics };
}

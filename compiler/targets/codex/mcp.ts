/**
 * Codex MCP servers: `[mcp_servers.<name>]` tables in config.toml (docs/targets/codex.md, "MCP servers"), as
 * managed keys so the operator's own servers stay. Codex 0.171 has stdio and streamable HTTP (no
 * SSE) and does not expand `${VAR}` anywhere, so every reference is carried the way Codex can read
 * it, never as an inlined secret: `env_vars` (pass a variable through), `bearer_token_env_var`,
 * `env_http_headers`; an env value that renames or embeds a variable goes through a small bash
 * trampoline that expands it when the server starts.
 */
import type { Diagnostic } from "../../diagnostics";
import type { McpServerEntry, Origin } from "../../ir";
import { dropIfCredentialed, escapePointer, hasEnvReference, headerFindings, scrubMcpEnv, setOwn } from "../../lower/mcp-credentials";
import { ENV_NAME, expandedNames, hasNul, shellExpandingWord } from "../../lower/shell-quote";
import { diagnostic } from "../../messages";

const FILE = "config.toml";

/** Codex keys copied as authored when present, in the order they are written. */
const PASS_THROUGH_KEYS = [
  "startup_timeout_sec",
  "startup_timeout_ms",
  "tool_timeout_sec",
  "enabled",
  "required",
  "enabled_tools",
  "disabled_tools",
  "scopes",
  "oauth_resource",
  "supports_parallel_tool_calls",
  "default_tools_approval_mode",
] as const;

/** Keys this translation reads (directly or translated); anything else is reported as dropped. */
const HANDLED_KEYS = new Set<string>([
  "type",
  "command",
  "args",
  "env",
  "env_vars",
  "cwd",
  "url",
  "headers",
  "http_headers",
  "env_http_headers",
  "bearer_token_env_var",
  "tools",
  "excludeTools",
  "timeout",
  ...PASS_THROUGH_KEYS,
]);
const LOCAL_ONLY = ["args", "env", "env_vars", "cwd"];
const REMOTE_ONLY = ["url", "headers", "http_headers", "env_http_headers", "bearer_token_env_var"];

/** `${NAME}` or `$NAME` and nothing else. */
const WHOLE_REFERENCE = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))$/;
/** `Bearer ${NAME}` / `Bearer $NAME`. */
const BEARER_REFERENCE = /^Bearer\s+\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))$/;

/** What translating one server produced: the table (absent when dropped) and the diagnostics. */
export interface TranslatedServer {
  table?: Record<string, unknown>;
  diagnostics: Diagnostic[];
}

function at(origin: Origin, name: string, inner: string): Origin {
  const base = origin.pointer ?? `/mcp_servers/${escapePointer(name)}`;
  return { ...origin, pointer: `${base}/${inner}` };
}

function wholeReference(value: string): string | undefined {
  const m = WHOLE_REFERENCE.exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** Translates one server to its `[mcp_servers.<name>]` table. */
export function translateServer(name: string, source: McpServerEntry): TranslatedServer {
  const spec = source.server as unknown as Record<string, unknown>;
  const origin = source.origin;
  const dropped = dropIfCredentialed(name, spec, origin, FILE);
  if (dropped) return { diagnostics: [dropped] };
  const hasCommand = typeof spec.command === "string" && spec.command.length > 0;
  const hasUrl = typeof spec.url === "string" && spec.url.length > 0;
  if (!hasCommand && !hasUrl) return { diagnostics: [diagnostic("AH4206", origin, { server: name })] };
  if (spec.type === "sse") return { diagnostics: [diagnostic("AH4203", at(origin, name, "type"), { server: name })] };

  const diagnostics: Diagnostic[] = [];
  const table: Record<string, unknown> = {};
  // A remote type with a url wins over a command; otherwise a command makes a local server.
  const local = hasCommand && !(hasUrl && (spec.type === "http" || spec.type === "streamable-http"));
  if (local) translateLocal(name, spec, origin, table, diagnostics);
  else translateRemote(name, spec, origin, table, diagnostics);

  // Copilot's spellings, where Codex has the same meaning.
  if (Array.isArray(spec.tools) && !(spec.tools.length === 1 && spec.tools[0] === "*") && spec.enabled_tools === undefined) table.enabled_tools = spec.tools;
  if (Array.isArray(spec.excludeTools) && spec.disabled_tools === undefined) table.disabled_tools = spec.excludeTools;
  if (typeof spec.timeout === "number" && spec.tool_timeout_sec === undefined) table.tool_timeout_sec = spec.timeout / 1000;
  for (const key of PASS_THROUGH_KEYS) if (spec[key] !== undefined) table[key] = spec[key];

  const unknown = Object.keys(spec)
    .filter((key) => !HANDLED_KEYS.has(key) || (local && REMOTE_ONLY.includes(key)) || (!local && (key === "command" || LOCAL_ONLY.includes(key))))
    .sort();
  if (unknown.length > 0) diagnostics.push(diagnostic("AH4205", origin, { server: name, keys: unknown.map((k) => `'${k}'`).join(", ") }));
  return { table, diagnostics };
}

/**
 * A local server: `command`, `args`, literal `env`, and `env_vars` for the variables it needs from
 * the parent environment. An env value that is exactly `${KEY}` (same name) is a plain pass-through;
 * any other reference (`TOKEN = "${SRC_TOKEN}"`, `URL = "https://${HOST}"`) runs the server through
 * `bash -c 'TOKEN="${SRC_TOKEN}" exec "$0" "$@"' <command> <args…>` with the source variables passed
 * through. Each assignment's value is one `shellExpandingWord`: the references expand, everything
 * else is quoted data. A name that is not a variable name, or a value holding a NUL, is dropped
 * with a warning (the schema already refuses such names in a profile).
 */
function translateLocal(name: string, spec: Record<string, unknown>, origin: Origin, table: Record<string, unknown>, diagnostics: Diagnostic[]): void {
  let command = spec.command as string;
  let args = Array.isArray(spec.args) ? spec.args.map(String) : [];
  const literal: Record<string, string> = {};
  const passThrough = new Set<string>();
  const assignments: string[] = [];
  if (spec.env && typeof spec.env === "object") {
    const scrubbed = scrubMcpEnv(name, spec.env as Record<string, unknown>, origin, FILE);
    diagnostics.push(...scrubbed.diagnostics);
    for (const [key, value] of Object.entries(scrubbed.env)) {
      if (!ENV_NAME.test(key) || hasNul(value)) {
        diagnostics.push(diagnostic("AH4306", at(origin, name, `env/${escapePointer(key)}`), { server: name, key: JSON.stringify(key) }));
        continue;
      }
      if (!hasEnvReference(value)) setOwn(literal, key, value);
      else if (wholeReference(value) === key) passThrough.add(key);
      else {
        assignments.push(`${key}=${shellExpandingWord(value)}`);
        for (const ref of expandedNames(value)) passThrough.add(ref);
      }
    }
  }
  if (assignments.length > 0) {
    args = ["-c", `${assignments.join(" ")} exec "$0" "$@"`, command, ...args];
    command = "bash";
  }
  const envVars: unknown[] = Array.isArray(spec.env_vars) ? [...spec.env_vars] : [];
  const listed = new Set(envVars.map((v) => (typeof v === "string" ? v : (v as { name?: string }).name)));
  for (const ref of [...passThrough].sort()) if (!listed.has(ref)) envVars.push(ref);

  table.command = command;
  if (args.length > 0) table.args = args;
  if (Object.keys(literal).length > 0) table.env = literal;
  if (envVars.length > 0) table.env_vars = envVars;
  if (typeof spec.cwd === "string") table.cwd = spec.cwd;
}

/**
 * A remote server (streamable HTTP): `url`; `Authorization: Bearer ${NAME}` becomes
 * `bearer_token_env_var`, a header that is exactly `${NAME}` becomes `env_http_headers`, a literal
 * header stays in `http_headers` unless it looks like a credential; any other reference is dropped
 * (Codex would send it as text).
 */
function translateRemote(name: string, spec: Record<string, unknown>, origin: Origin, table: Record<string, unknown>, diagnostics: Diagnostic[]): void {
  table.url = spec.url;
  let bearer = typeof spec.bearer_token_env_var === "string" ? spec.bearer_token_env_var : undefined;
  const httpHeaders: Record<string, string> = {};
  const envHeaders: Record<string, string> =
    spec.env_http_headers && typeof spec.env_http_headers === "object" ? { ...(spec.env_http_headers as Record<string, string>) } : {};
  const authored: Array<[string, string]> = [
    ...Object.entries((spec.http_headers ?? {}) as Record<string, unknown>),
    ...Object.entries((spec.headers ?? {}) as Record<string, unknown>),
  ].map(([h, v]) => [h, String(v)]);
  for (const [header, value] of authored) {
    const where = at(origin, name, `headers/${escapePointer(header)}`);
    if (hasEnvReference(value)) {
      const bearerMatch = header.toLowerCase() === "authorization" ? BEARER_REFERENCE.exec(value) : null;
      const whole = wholeReference(value);
      if (bearerMatch && bearer === undefined) bearer = (bearerMatch[1] ?? bearerMatch[2]) as string;
      else if (whole) setOwn(envHeaders, header, whole);
      else diagnostics.push(diagnostic("AH4204", where, { server: name, header }));
      continue;
    }
    const hits = headerFindings(header, value);
    if (hits.length > 0) {
      diagnostics.push(diagnostic("AH4303", where, { server: name, header, hits: hits.join(", "), file: FILE }));
      continue;
    }
    setOwn(httpHeaders, header, value);
  }
  if (bearer !== undefined) table.bearer_token_env_var = bearer;
  if (Object.keys(httpHeaders).length > 0) table.http_headers = httpHeaders;
  if (Object.keys(envHeaders).length > 0) table.env_http_headers = envHeaders;
}

/** Every server's table, by name (sorted). */
export function lowerMcp(servers: Readonly<Record<string, McpServerEntry>>): {
  tables: Array<{ name: string; table: Record<string, unknown>; origin: Origin }>;
  diagnostics: Diagnostic[];
} {
  const tables: Array<{ name: string; table: Record<string, unknown>; origin: Origin }> = [];
  const diagnostics: Diagnostic[] = [];
  // Sorted by name: the IR's map order must not reach the file.
  for (const name of Object.keys(servers).sort()) {
    const source = servers[name]!;
    const translated = translateServer(name, source);
    diagnostics.push(...translated.diagnostics);
    if (translated.table) tables.push({ name, table: translated.table, origin: source.origin });
  }
  return { tables, diagnostics };
}

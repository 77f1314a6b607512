/**
 * Claude Code user-scope MCP servers: `mcpServers` of `~/.claude.json` (docs/targets/claude.md, "MCP servers").
 * Claude ignores `mcpServers` in settings.json, and `~/.claude.json` is Claude's own state file,
 * so the desired change is our entries only; the operator's servers and everything else in the file
 * stay. Claude expands `${VAR}` in env and header values when it connects, so references are
 * written as authored and only credential-shaped literals are dropped.
 */
import type { JsonEntriesEntry } from "../../desired-tree";
import { defaultJsonStyle } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { McpServerEntry, Origin } from "../../ir";
import { LEGACY_SERVER_NAMES, SERVER_RENAMES } from "../../lower/agentihooks-server";
import { dropIfCredentialed, escapePointer, headerFindings, scrubMcpEnv, setOwn } from "../../lower/mcp-credentials";
import { isPlainObject } from "../../merge/merge-documents";
import { diagnostic } from "../../messages";
import { MCP_TYPES } from "./capabilities";
import type { ClaudePaths } from "./paths";

const FILE = "~/.claude.json";

/** Keys this translation reads (directly or by translating a Codex spelling); the rest are reported as dropped. */
const HANDLED_KEYS = new Set([
  "type",
  "command",
  "args",
  "env",
  "url",
  "headers",
  "timeout",
  "http_headers",
  "env_http_headers",
  "bearer_token_env_var",
  "env_vars",
]);

/** What translating one server produced: the entry (absent when dropped) and the diagnostics. */
export interface TranslatedServer {
  entry?: Record<string, unknown>;
  diagnostics: Diagnostic[];
}

function at(origin: Origin, name: string, inner: string): Origin {
  const base = origin.pointer ?? `/mcpServers/${escapePointer(name)}`;
  return { ...origin, pointer: `${base}/${inner}` };
}

/**
 * Translates one server to Claude's shape. Key order: type, command, args, env | type, url,
 * headers; then timeout. Codex spellings are carried over by reference: `env_vars` names become
 * `${NAME}` env entries, `bearer_token_env_var` an `Authorization: Bearer ${NAME}` header,
 * `env_http_headers` `${NAME}` header values, `http_headers` plain headers.
 */
export function translateServer(name: string, source: McpServerEntry): TranslatedServer {
  const spec = source.server as unknown as Record<string, unknown>;
  const origin = source.origin;
  const dropped = dropIfCredentialed(name, spec, origin, FILE);
  if (dropped) return { diagnostics: [dropped] };

  const hasCommand = typeof spec.command === "string" && spec.command.length > 0;
  const hasUrl = typeof spec.url === "string" && spec.url.length > 0;
  if (!hasCommand && !hasUrl) return { diagnostics: [diagnostic("AH4105", origin, { server: name })] };
  // The authored type decides when the server has what that type needs; otherwise what it has decides.
  const authored = typeof spec.type === "string" ? MCP_TYPES[spec.type] : undefined;
  const type = authored === "stdio" ? (hasCommand ? "stdio" : "http") : authored && hasUrl ? authored : hasCommand ? "stdio" : "http";

  const diagnostics: Diagnostic[] = [];
  const entry: Record<string, unknown> = { type };
  if (type === "stdio") {
    entry.command = spec.command;
    if (Array.isArray(spec.args) && spec.args.length > 0) entry.args = spec.args.map(String);
    const env: Record<string, unknown> = {};
    // Codex's pass-through names: the server sees the variable of the same name.
    if (Array.isArray(spec.env_vars)) {
      for (const item of spec.env_vars) {
        const varName = typeof item === "string" ? item : isPlainObject(item) && typeof item.name === "string" ? item.name : undefined;
        if (varName) setOwn(env, varName, `\${${varName}}`);
      }
    }
    if (isPlainObject(spec.env)) for (const [key, value] of Object.entries(spec.env)) setOwn(env, key, value);
    if (Object.keys(env).length > 0) {
      const scrubbed = scrubMcpEnv(name, env, origin, FILE);
      diagnostics.push(...scrubbed.diagnostics);
      if (Object.keys(scrubbed.env).length > 0) entry.env = scrubbed.env;
    }
  } else {
    entry.url = spec.url;
    const headers: Record<string, string> = {};
    const candidates: Array<[string, string]> = [];
    if (typeof spec.bearer_token_env_var === "string") candidates.push(["Authorization", `Bearer \${${spec.bearer_token_env_var}}`]);
    if (isPlainObject(spec.env_http_headers)) for (const [h, v] of Object.entries(spec.env_http_headers)) candidates.push([h, `\${${String(v)}}`]);
    if (isPlainObject(spec.http_headers)) for (const [h, v] of Object.entries(spec.http_headers)) candidates.push([h, String(v)]);
    if (isPlainObject(spec.headers)) for (const [h, v] of Object.entries(spec.headers)) candidates.push([h, String(v)]);
    for (const [header, value] of candidates) {
      // Under its name and as the header line, so `Authorization: Bearer <literal>` is recognised as a token.
      const hits = headerFindings(header, value);
      if (hits.length > 0) {
        diagnostics.push(
          diagnostic("AH4303", at(origin, name, `headers/${escapePointer(header)}`), { server: name, header, hits: hits.join(", "), file: FILE }),
        );
        continue;
      }
      setOwn(headers, header, value);
    }
    if (Object.keys(headers).length > 0) entry.headers = headers;
  }
  // Claude's per-server tool-call timeout is in milliseconds, like the canonical `timeout`.
  if (typeof spec.timeout === "number") entry.timeout = spec.timeout;

  const unknown = Object.keys(spec)
    .filter(
      (key) =>
        !HANDLED_KEYS.has(key) ||
        (type === "stdio" && ["url", "headers", "http_headers", "env_http_headers", "bearer_token_env_var"].includes(key)) ||
        (type !== "stdio" && ["command", "args", "env", "env_vars"].includes(key)),
    )
    .sort();
  if (unknown.length > 0) diagnostics.push(diagnostic("AH4104", origin, { server: name, keys: unknown.map((k) => `'${k}'`).join(", ") }));
  return { entry, diagnostics };
}

/** The desired `mcpServers` entries of `~/.claude.json` (sorted by name), or undefined when none survives. */
export function lowerMcp(servers: Readonly<Record<string, McpServerEntry>>, paths: ClaudePaths): { entry?: JsonEntriesEntry; diagnostics: Diagnostic[] } {
  const entries: Record<string, unknown> = {};
  const diagnostics: Diagnostic[] = [];
  // Sorted by name: the IR's map order must not reach the file.
  for (const name of Object.keys(servers).sort()) {
    const translated = translateServer(name, servers[name]!);
    diagnostics.push(...translated.diagnostics);
    if (translated.entry) setOwn(entries, name, translated.entry);
  }
  if (Object.keys(entries).length === 0) return { diagnostics };
  return {
    entry: {
      kind: "json-entries",
      path: paths.claudeJson,
      container: ["mcpServers"],
      entries,
      style: defaultJsonStyle,
      mode: 0o600,
      legacyNames: [...LEGACY_SERVER_NAMES],
      // `/mcp disable` of a user server lands in the project's entry of this file; `enabledMcpServers` there
      // holds only Claude's built-in servers, and the `*McpjsonServers` lists name a project's `.mcp.json`
      // servers, never this file's: neither can name ours (docs/mcp-server.md).
      legacyRenames: { names: { ...SERVER_RENAMES }, lists: [{ path: paths.claudeJson, each: ["projects"], key: ["disabledMcpServers"] }] },
    },
    diagnostics,
  };
}

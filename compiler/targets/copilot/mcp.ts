/**
 * Copilot `mcp-config.json` (docs/targets/copilot.md, "MCP servers"): each MCP server of the
 * IR translated to Copilot's shape, credential-shaped literals dropped, servers we write recorded as
 * ours so the operator's own servers in the same file are kept.
 */
import type { JsonEntriesEntry } from "../../desired-tree";
import { defaultJsonStyle } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { Environment } from "../../environment";
import type { McpServerEntry, Origin } from "../../ir";
import { LEGACY_SERVER_NAMES, SERVER_RENAMES } from "../../lower/agentihooks-server";
import { dropIfCredentialed, escapePointer, hasEnvReference, headerFindings, scrubMcpEnv, scrubMcpTools, setOwn } from "../../lower/mcp-credentials";
import { rememberResolvedSecret } from "../../lower/redact";
import { diagnostic } from "../../messages";
import { resolveEnvReferences } from "../../../runtime/secrets";
import { MCP_LOCAL_KEYS, MCP_PASS_THROUGH_KEYS, MCP_REMOTE_KEYS, MCP_TYPES } from "./capabilities";
import type { ResolvedDirectives } from "./directives";
import type { CopilotPaths } from "./paths";

const FILE = "mcp-config.json";

/** Keys of a source server this translation reads; anything else is reported as dropped. */
const COMMON_KEYS = new Set<string>(["type", "tools", "auth", "oidc", ...MCP_PASS_THROUGH_KEYS]);
const LOCAL_KEYS = new Set<string>(["command", "args", "env", ...MCP_LOCAL_KEYS]);
const REMOTE_KEYS = new Set<string>(["url", "headers", ...MCP_REMOTE_KEYS]);

/** What translating one server produced: the entry (absent when dropped), whether a header holds a resolved secret. */
export interface TranslatedServer {
  entry?: Record<string, unknown>;
  resolvedSecret: boolean;
  diagnostics: Diagnostic[];
}

function at(origin: Origin, name: string, inner: string): Origin {
  const base = origin.pointer ?? `/mcpServers/${escapePointer(name)}`;
  return { ...origin, pointer: `${base}/${inner}` };
}

/**
 * Translates one server. Key order of the result: type, command, args, env, cwd | url, headers,
 * tools, deferTools, excludeTools, timeout, filterMapping, [oauthClientId, oauthPublicClient,
 * oauthScopes], auth, oidc. `auth` and `oidc` default to false:
 * left to Copilot, a 401 starts a browser OAuth flow at session start.
 */
export function translateServer(
  name: string,
  source: McpServerEntry,
  directives: Pick<ResolvedDirectives, "resolveHeaderEnv">,
  env: Environment,
): TranslatedServer {
  const spec = source.server as unknown as Record<string, unknown>;
  const origin = source.origin;
  const diagnostics: Diagnostic[] = [];
  const dropped = dropIfCredentialed(name, spec, origin, FILE);
  if (dropped) return { resolvedSecret: false, diagnostics: [dropped] };

  const hasCommand = typeof spec.command === "string" && spec.command.length > 0;
  const hasUrl = typeof spec.url === "string" && spec.url.length > 0;
  if (!hasCommand && !hasUrl) return { resolvedSecret: false, diagnostics: [diagnostic("AH4014", origin, { server: name })] };

  const authored = typeof spec.type === "string" ? spec.type : hasCommand ? "local" : "http";
  const type = MCP_TYPES[authored];
  if (!type) return { resolvedSecret: false, diagnostics: [diagnostic("AH4015", at(origin, name, "type"), { server: name, type: authored })] };

  const entry: Record<string, unknown> = { type };
  let resolvedSecret = false;
  if (hasCommand) {
    entry.command = spec.command;
    if (Array.isArray(spec.args) && spec.args.length > 0) entry.args = spec.args.map(String);
    if (spec.env && typeof spec.env === "object") {
      const scrubbed = scrubMcpEnv(name, spec.env as Record<string, unknown>, origin, FILE);
      diagnostics.push(...scrubbed.diagnostics);
      if (Object.keys(scrubbed.env).length > 0) entry.env = scrubbed.env;
    }
    for (const key of MCP_LOCAL_KEYS) if (spec[key] !== undefined) entry[key] = spec[key];
  } else {
    entry.url = spec.url;
    if (spec.headers && typeof spec.headers === "object") {
      const headers: Record<string, string> = {};
      for (const [header, raw] of Object.entries(spec.headers as Record<string, unknown>)) {
        const value = String(raw);
        const where = at(origin, name, `headers/${escapePointer(header)}`);
        if (hasEnvReference(value)) {
          // Copilot sends header values literally: an unresolved `${VAR}` would go out as text.
          if (!directives.resolveHeaderEnv) {
            diagnostics.push(diagnostic("AH4012", where, { server: name, header }));
            continue;
          }
          const resolved = resolveEnvReferences(value, env.vars);
          if (!resolved.fullyResolved) {
            diagnostics.push(diagnostic("AH4013", where, { server: name, header, reference: value }));
            continue;
          }
          // The resolved value is the intended credential: written, not scanned, and the file is 0600;
          // every view of this run shows it as [REDACTED] (compiler/lower/redact.ts).
          setOwn(headers, header, resolved.text);
          rememberResolvedSecret(resolved.text);
          for (const match of value.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) {
            const secret = env.vars[match[1] as string];
            if (secret !== undefined) rememberResolvedSecret(secret);
          }
          resolvedSecret = true;
          continue;
        }
        const hits = headerFindings(header, value);
        if (hits.length > 0) {
          diagnostics.push(diagnostic("AH4303", where, { server: name, header, hits: hits.join(", "), file: FILE }));
          continue;
        }
        setOwn(headers, header, value);
      }
      if (Object.keys(headers).length > 0) entry.headers = headers;
    }
  }

  if (Array.isArray(spec.tools)) {
    // Design H-8: a pattern matches nothing in Copilot and silently disables the server.
    const patterns = spec.tools.filter((t): t is string => typeof t === "string" && t !== "*" && /[*?]/.test(t));
    if (patterns.length > 0) {
      return {
        resolvedSecret: false,
        diagnostics: [...diagnostics, ...patterns.map((entry) => diagnostic("AH4011", at(origin, name, "tools"), { server: name, entry }))],
      };
    }
    const scrubbed = scrubMcpTools(name, spec.tools, origin, FILE);
    diagnostics.push(...scrubbed.diagnostics);
    if (scrubbed.tools.length > 0) entry.tools = scrubbed.tools;
  }
  for (const key of MCP_PASS_THROUGH_KEYS) if (spec[key] !== undefined) entry[key] = spec[key];
  if (!hasCommand) for (const key of MCP_REMOTE_KEYS) if (spec[key] !== undefined) entry[key] = spec[key];
  entry.auth = spec.auth ?? false;
  entry.oidc = spec.oidc ?? false;

  const kept = hasCommand ? LOCAL_KEYS : REMOTE_KEYS;
  const unknown = Object.keys(spec)
    .filter((key) => !COMMON_KEYS.has(key) && !kept.has(key))
    .sort();
  if (unknown.length > 0) diagnostics.push(diagnostic("AH4025", origin, { server: name, keys: unknown.map((k) => `'${k}'`).join(", ") }));
  return { entry, resolvedSecret, diagnostics };
}

/**
 * The desired `mcp-config.json` entries (sorted by name), or undefined when no server survives.
 * With `resolveHeaderEnv` the file is written 0600: it may hold a resolved credential.
 */
export function lowerMcp(
  servers: Readonly<Record<string, McpServerEntry>>,
  directives: ResolvedDirectives,
  env: Environment,
  paths: CopilotPaths,
): { entry?: JsonEntriesEntry; diagnostics: Diagnostic[] } {
  const entries: Record<string, unknown> = {};
  const diagnostics: Diagnostic[] = [];
  // Sorted by name: the IR's map order must not reach the file.
  for (const name of Object.keys(servers).sort()) {
    const translated = translateServer(name, servers[name]!, directives, env);
    diagnostics.push(...translated.diagnostics);
    if (translated.entry) setOwn(entries, name, translated.entry);
  }
  if (Object.keys(entries).length === 0) return { diagnostics };
  return {
    entry: {
      kind: "json-entries",
      path: paths.mcpConfig,
      container: ["mcpServers"],
      entries,
      style: defaultJsonStyle,
      mode: directives.resolveHeaderEnv ? 0o600 : 0o644,
      legacyNames: [...LEGACY_SERVER_NAMES],
      // Copilot names servers in settings.json: `/mcp enable` and `/mcp disable` record them there (docs/mcp-server.md).
      legacyRenames: {
        names: { ...SERVER_RENAMES },
        lists: [
          { path: paths.settings, key: ["enabledMcpServers"] },
          { path: paths.settings, key: ["disabledMcpServers"] },
        ],
      },
    },
    diagnostics,
  };
}

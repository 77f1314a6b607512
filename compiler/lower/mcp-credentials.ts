/**
 * Credential scrubbing for MCP servers, env maps and settings documents, shared by every target:
 * a literal that looks like a secret, or sits under a name that says secret, never reaches a file
 * on disk (the policy itself is compiler/lower/credentials.ts). References (`${VAR}`) are not
 * secrets. Each dropped value is a located warning naming the key and the fix.
 */
import type { Diagnostic } from "../diagnostics";
import type { Origin } from "../ir";
import { diagnostic } from "../messages";
import { hasEnvReference, scannable } from "../../runtime/secrets";
import { argumentFindings, credentialFindings, credentialHits, urlFindings, withoutCredentials } from "./credentials";

export { credentialHits, hasEnvReference, scannable };

/** One field of a server that carries a credential-shaped literal: `url`, `command` or `args[i]`. */
export interface CredentialFinding {
  field: string;
  hits: readonly string[];
}

/**
 * Scans a server's `url` (userinfo and query parameters too), `command` and `args` (each argument,
 * `--token=…`, and the value after a credential-named flag); returns the fields with hits, in that order.
 */
export function serverCredentialFindings(server: Readonly<Record<string, unknown>>): CredentialFinding[] {
  const findings: CredentialFinding[] = [];
  if (typeof server.url === "string") {
    const hits = urlFindings(server.url);
    if (hits.length > 0) findings.push({ field: "url", hits });
  }
  if (typeof server.command === "string") {
    const hits = credentialHits(server.command);
    if (hits.length > 0) findings.push({ field: "command", hits });
  }
  if (Array.isArray(server.args)) for (const { index, hits } of argumentFindings(server.args)) findings.push({ field: `args[${index}]`, hits });
  return findings;
}

/** The findings for one header: its value under its name, and the header line as a whole (`Authorization: Bearer …`). */
export function headerFindings(header: string, value: string): readonly string[] {
  const line = credentialHits(`${header}: ${value}`);
  return line.length > 0 ? line : credentialFindings(header, value);
}

/** Formats findings the way every warning names them: `url (github_token); args[1] (aws_access_key)`. */
export function describeFindings(findings: readonly CredentialFinding[]): string {
  return findings.map((f) => `${f.field} (${f.hits.join(", ")})`).join("; ");
}

/**
 * The whole-server check: when `url`, `command` or an argument carries a credential-shaped
 * literal, returns the warning that drops the server from `file` (a display name such as
 * `mcp-config.json`); otherwise undefined.
 */
export function dropIfCredentialed(name: string, server: Readonly<Record<string, unknown>>, origin: Origin, file: string): Diagnostic | undefined {
  const findings = serverCredentialFindings(server);
  if (findings.length === 0) return undefined;
  return diagnostic("AH4301", at(origin, name), { server: name, fields: describeFindings(findings), file });
}

/**
 * Keeps the env values that are safe to write: a pure reference (`${TOKEN}`) is kept as written,
 * a value whose literal part scans clean is kept, and a credential-shaped one is dropped with a
 * warning. Key order is preserved.
 */
export function scrubMcpEnv(
  name: string,
  env: Readonly<Record<string, unknown>>,
  origin: Origin,
  file: string,
): { env: Record<string, string>; diagnostics: Diagnostic[] } {
  const kept: Record<string, string> = {};
  const diagnostics: Diagnostic[] = [];
  for (const [key, raw] of Object.entries(env)) {
    const value = typeof raw === "string" ? raw : String(raw);
    const hits = credentialFindings(key, value);
    if (hits.length > 0) {
      diagnostics.push(diagnostic("AH4302", at(origin, name, `env/${escapePointer(key)}`), { server: name, key, hits: hits.join(", "), file }));
      continue;
    }
    setOwn(kept, key, value);
  }
  return { env: kept, diagnostics };
}

/** Drops the `tools` entries that look like credentials (with a warning each); keeps the rest in order. */
export function scrubMcpTools(name: string, tools: readonly unknown[], origin: Origin, file: string): { tools: string[]; diagnostics: Diagnostic[] } {
  const kept: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const entry of tools) {
    if (typeof entry !== "string") continue;
    const hits = credentialHits(entry);
    if (hits.length > 0) diagnostics.push(diagnostic("AH4304", at(origin, name, "tools"), { server: name, hits: hits.join(", "), file }));
    else kept.push(entry);
  }
  return { tools: kept, diagnostics };
}

/**
 * Drops the settings env values (Claude's `env`, or any key → string map written to disk) that the
 * credential policy refuses (a secret shape, or a literal under a name such as `DB_PASSWORD`), with
 * a warning naming the key; keeps the rest in order.
 */
export function scrubSettingsEnv(
  env: Readonly<Record<string, unknown>>,
  origins: (key: string) => Origin,
  file: string,
): { env: Record<string, unknown>; diagnostics: Diagnostic[] } {
  const kept: Record<string, unknown> = {};
  const diagnostics: Diagnostic[] = [];
  for (const [key, value] of Object.entries(env)) {
    const hits = typeof value === "string" ? credentialFindings(key, value) : [];
    if (hits.length > 0) diagnostics.push(diagnostic("AH4305", origins(key), { key, hits: hits.join(", "), file }));
    else setOwn(kept, key, value);
  }
  return { env: kept, diagnostics };
}

/**
 * One managed settings value (`path` from the document root) without the string leaves the
 * credential policy refuses, each reported (AH4307) at its own origin. `value` is undefined when
 * the whole value was a refused string.
 */
export function scrubSettingsValue(
  path: readonly string[],
  value: unknown,
  origins: (path: string[]) => Origin,
  file: string,
): { value: unknown; diagnostics: Diagnostic[] } {
  const scrubbed = withoutCredentials(value, path);
  const diagnostics = scrubbed.findings.map((f) => diagnostic("AH4307", origins(f.path), { key: f.path.join("."), hits: f.hits.join(", "), file }));
  return { value: scrubbed.value, diagnostics };
}

/** Sets an own property even for a key such as `__proto__` (a plain assignment would change the prototype instead). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The diagnostic location for something inside server `name` of an MCP layer. */
function at(origin: Origin, name: string, inner?: string): Origin {
  const base = origin.pointer ?? `/mcpServers/${escapePointer(name)}`;
  return { ...origin, pointer: inner ? `${base}/${inner}` : base };
}

/** Escapes one JSON-pointer segment (RFC 6901). */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

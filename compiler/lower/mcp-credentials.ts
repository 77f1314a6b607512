/**
 * Credential scrubbing for MCP servers and env maps (reference-spec C.0.5), shared by every
 * target: a literal that looks like a secret never reaches a file on disk. References
 * (`${VAR}`) are not secrets; what is left after removing them is scanned in strict mode.
 */
import type { Diagnostic } from "../diagnostics";
import type { Origin } from "../ir";
import { diagnostic } from "../messages";
import { hasEnvReference, scannable, scanSecrets } from "../../runtime/secrets";

export { hasEnvReference, scannable };

/** Scans already made in this process: every target scans the same servers and env values. */
const scanned = new Map<string, readonly string[]>();

/** The secret patterns found in the literal part of `value` (strict mode); empty when clean. Do not mutate the result (it is shared). */
export function credentialHits(value: string): readonly string[] {
  let hits = scanned.get(value);
  if (hits === undefined) {
    hits = scanSecrets(scannable(value), "strict");
    scanned.set(value, hits);
  }
  return hits;
}

/** One field of a server that carries a credential-shaped literal: `url`, `command` or `args[i]`. */
export interface CredentialFinding {
  field: string;
  hits: readonly string[];
}

/** Scans a server's `url`, `command` and each `args[i]`; returns the fields with hits, in that order. */
export function serverCredentialFindings(server: Readonly<Record<string, unknown>>): CredentialFinding[] {
  const findings: CredentialFinding[] = [];
  const check = (field: string, value: unknown): void => {
    if (typeof value !== "string") return;
    const hits = credentialHits(value);
    if (hits.length > 0) findings.push({ field, hits });
  };
  check("url", server.url);
  check("command", server.command);
  if (Array.isArray(server.args)) server.args.forEach((arg, index) => check(`args[${index}]`, arg));
  return findings;
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
export function scrubMcpEnv(name: string, env: Readonly<Record<string, unknown>>, origin: Origin, file: string): { env: Record<string, string>; diagnostics: Diagnostic[] } {
  const kept: Record<string, string> = {};
  const diagnostics: Diagnostic[] = [];
  for (const [key, raw] of Object.entries(env)) {
    const value = typeof raw === "string" ? raw : String(raw);
    const hits = credentialHits(value);
    if (hits.length > 0) {
      diagnostics.push(diagnostic("AH4302", at(origin, name, `env/${escapePointer(key)}`), { server: name, key, hits: hits.join(", "), file }));
      continue;
    }
    kept[key] = value;
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
 * Drops the settings env values (Claude's `env`, or any key → string map written to disk) whose
 * literal part looks like a credential, with a warning naming the key; keeps the rest in order.
 */
export function scrubSettingsEnv(env: Readonly<Record<string, unknown>>, origins: (key: string) => Origin, file: string): { env: Record<string, unknown>; diagnostics: Diagnostic[] } {
  const kept: Record<string, unknown> = {};
  const diagnostics: Diagnostic[] = [];
  for (const [key, value] of Object.entries(env)) {
    const hits = typeof value === "string" ? credentialHits(value) : [];
    if (hits.length > 0) diagnostics.push(diagnostic("AH4305", origins(key), { key, hits: hits.join(", "), file }));
    else kept[key] = value;
  }
  return { env: kept, diagnostics };
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

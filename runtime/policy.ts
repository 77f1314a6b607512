/**
 * The policy file: the one channel from the compiler to the hook runtime. `apply` writes it (with
 * `renderPolicy`) to `<agentihooksHome>/policy.<target>.json`; the runtime reads it on every call
 * (with `readPolicy`). A missing or unreadable policy means the defaults: every guardrail on.
 * Node builtins only: the runtime bundle must not pull in the compiler.
 */
import { join } from "node:path";
import type { TargetId } from "../compiler/targets/ids";
import { BOOLEAN_SWITCHES, GUARDRAIL_DEFAULTS, type GuardrailSwitches } from "./guardrails.generated";
import { homeDirectory } from "./node-builtins";
import { readRegularFile } from "./read-regular-file";

// A policy file is a few hundred bytes; anything past this is not one apply wrote.
const POLICY_MAX_BYTES = 256 * 1024;

/** The clients a policy can be written for: a target id (compiler/targets/ids.ts). */
export type PolicyTarget = TargetId;

export type { GuardrailSwitches };

/** The guardrail block as a profile states it: every key optional (the compiler's merged value). */
export type GuardrailsInput = Partial<GuardrailSwitches> & Record<string, unknown>;

/** The scope whose apply wrote a policy (compiler/scopes/scope.ts): `home`, `repo` or `machine`. */
export type PolicyScope = "home" | "repo" | "machine";

const POLICY_SCOPES: readonly string[] = ["home", "repo", "machine"];

/** The policy file's content. */
export interface Policy {
  version: 1;
  target: PolicyTarget;
  /**
   * The scope that wrote it. The runtime hands a home-scope call over to a running, at least as
   * strict repo-scope hook by it (runtime/scope-handover.ts); absent in a policy written before the
   * field existed, which then neither claims nor hands over.
   */
  scope?: PolicyScope;
  guardrails: GuardrailSwitches;
  /** Absolute path of the audit log (JSONL), present when `guardrails.auditLog` is on. */
  auditLog?: string;
  /** The audit log is rotated to `<auditLog>.1` when it grows past this many bytes. */
  auditLogMaxBytes: number;
  /** Byte budget of the project bridge's context block (0 = unlimited). */
  projectBridgeMaxBytes: number;
  /** The profile chain this policy was compiled from (shown by the status line). */
  chain?: string;
  /** The settings profile this policy was compiled with (shown by the status line). */
  settingsProfile?: string;
  /** Broadcast channels the target's sessions listen to when `AGENTIHOOKS_BASE_CHANNELS` is unset. */
  channels?: string[];
  /** The broadcast store, when the project config names a shared one (else `<home>/broadcasts`). */
  broadcastDir?: string;
}

/** Optional extras for `renderPolicy`. */
export interface PolicyOptions {
  /** The scope the policy is written for (see `Policy.scope`). */
  scope?: PolicyScope;
  /** The profile chain, e.g. `coding,anton` (shown by the status line). */
  chain?: string;
  /** The settings profile's name (shown by the status line). */
  settingsProfile?: string;
  /** Broadcast channels (valid names, each once). */
  channels?: readonly string[];
  /** Absolute path of a shared broadcast store. */
  broadcastDir?: string;
}

/** The default switches, as profile.schema.json declares them (runtime/guardrails.generated.ts): a fresh copy. */
export function defaultGuardrails(): GuardrailSwitches {
  return { ...GUARDRAIL_DEFAULTS, protectedBranches: [...GUARDRAIL_DEFAULTS.protectedBranches] };
}

/** Default rotation size of the audit log: 5 MiB (one rotated file kept, so at most ~10 MiB). */
export const DEFAULT_AUDIT_LOG_MAX_BYTES = 5 * 1024 * 1024;
/** Default byte budget of the project bridge: 64 KiB. */
export const DEFAULT_PROJECT_BRIDGE_MAX_BYTES = 64 * 1024;

/** Fills every switch missing (or of the wrong type) in `input` with its default. */
export function resolveGuardrails(input: GuardrailsInput | undefined): GuardrailSwitches {
  const out = defaultGuardrails();
  if (!input || typeof input !== "object") return out;
  for (const key of BOOLEAN_SWITCHES) {
    const value = input[key];
    if (typeof value === "boolean") out[key] = value;
  }
  const branches = input.protectedBranches;
  if (Array.isArray(branches) && branches.every((b) => typeof b === "string" && b.length > 0)) {
    // Sorted and unique: the rendered policy must not depend on how the profiles listed them.
    out.protectedBranches = [...new Set(branches as string[])].sort();
  }
  return out;
}

/** `<agentihooksHome>/policy.<target>.json`. */
export function policyPath(agentihooksHome: string, target: string): string {
  return join(agentihooksHome, `policy.${target}.json`);
}

/** `<agentihooksHome>/logs/audit.jsonl`, where the audit log lives. */
export function auditLogPath(agentihooksHome: string): string {
  return join(agentihooksHome, "logs", "audit.jsonl");
}

/** Builds the policy value for `target` (defaults filled). */
export function buildPolicy(guardrails: GuardrailsInput | undefined, target: PolicyTarget, agentihooksHome: string, options: PolicyOptions = {}): Policy {
  const switches = resolveGuardrails(guardrails);
  const policy: Policy = {
    version: 1,
    target,
    guardrails: switches,
    auditLogMaxBytes: DEFAULT_AUDIT_LOG_MAX_BYTES,
    projectBridgeMaxBytes: DEFAULT_PROJECT_BRIDGE_MAX_BYTES,
  };
  if (options.scope) policy.scope = options.scope;
  if (switches.auditLog) policy.auditLog = auditLogPath(agentihooksHome);
  if (options.chain) policy.chain = options.chain;
  if (options.settingsProfile) policy.settingsProfile = options.settingsProfile;
  if (options.channels) policy.channels = [...options.channels];
  if (options.broadcastDir) policy.broadcastDir = options.broadcastDir;
  return policy;
}

/**
 * The policy file's text for `target`: deterministic JSON (fixed key order, two-space indent) with
 * a final newline. Same input, same bytes.
 */
export function renderPolicy(guardrails: GuardrailsInput | undefined, target: PolicyTarget, agentihooksHome: string, options: PolicyOptions = {}): string {
  const p = buildPolicy(guardrails, target, agentihooksHome, options);
  const ordered = {
    version: p.version,
    target: p.target,
    ...(p.scope !== undefined ? { scope: p.scope } : {}),
    // The schema's order (GUARDRAIL_DEFAULTS), whatever order the merged input had.
    guardrails: Object.fromEntries(Object.keys(GUARDRAIL_DEFAULTS).map((key) => [key, p.guardrails[key as keyof GuardrailSwitches]])),
    ...(p.auditLog !== undefined ? { auditLog: p.auditLog } : {}),
    auditLogMaxBytes: p.auditLogMaxBytes,
    projectBridgeMaxBytes: p.projectBridgeMaxBytes,
    ...(p.chain !== undefined ? { chain: p.chain } : {}),
    ...(p.settingsProfile !== undefined ? { settingsProfile: p.settingsProfile } : {}),
    ...(p.channels !== undefined ? { channels: p.channels } : {}),
    ...(p.broadcastDir !== undefined ? { broadcastDir: p.broadcastDir } : {}),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** The agentihooks home: `AGENTIHOOKS_HOME`, else `~/.agentihooks`. */
export function agentihooksHome(env: NodeJS.ProcessEnv): string {
  const configured = env.AGENTIHOOKS_HOME?.trim();
  return configured ? configured : join(homeDirectory(env), ".agentihooks");
}

function positiveInteger(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/**
 * Reads the policy for `target` from `home`. Never throws: a missing, unreadable or malformed file
 * yields the defaults (all guardrails on, audit log under `home`), and each malformed key falls
 * back to its own default.
 */
export function readPolicy(home: string, target: PolicyTarget): Policy {
  let raw: unknown;
  try {
    raw = JSON.parse(readRegularFile(policyPath(home, target), POLICY_MAX_BYTES) ?? "");
  } catch {
    return buildPolicy(undefined, target, home);
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return buildPolicy(undefined, target, home);
  const record = raw as Record<string, unknown>;
  const guardrails = record.guardrails && typeof record.guardrails === "object" ? (record.guardrails as GuardrailsInput) : undefined;
  const policy = buildPolicy(guardrails, target, home);
  if (typeof record.scope === "string" && POLICY_SCOPES.includes(record.scope)) policy.scope = record.scope as PolicyScope;
  if (policy.guardrails.auditLog && typeof record.auditLog === "string" && record.auditLog.length > 0) policy.auditLog = record.auditLog;
  policy.auditLogMaxBytes = positiveInteger(record.auditLogMaxBytes, DEFAULT_AUDIT_LOG_MAX_BYTES);
  policy.projectBridgeMaxBytes = positiveInteger(record.projectBridgeMaxBytes, DEFAULT_PROJECT_BRIDGE_MAX_BYTES);
  if (typeof record.chain === "string" && record.chain) policy.chain = record.chain;
  if (typeof record.settingsProfile === "string" && record.settingsProfile) policy.settingsProfile = record.settingsProfile;
  if (Array.isArray(record.channels)) policy.channels = record.channels.filter((c): c is string => typeof c === "string");
  if (typeof record.broadcastDir === "string" && record.broadcastDir) policy.broadcastDir = record.broadcastDir;
  return policy;
}

/**
 * Codex hook trust (Codex CLI 0.171.0). Codex runs a hook from `hooks.json` only when
 * `config.toml` holds `[hooks.state."<key>"] trusted_hash = "sha256:…"` equal to the hook's current
 * hash; otherwise it skips the hook without a word, which would leave every guardrail off. The key
 * and the hash are reproducible offline, so `apply` records trust for exactly the hooks it writes.
 *
 * Derived from Codex's source (hooks discovery: a normalised identity of event, matcher and one
 * handler, serialised through TOML so absent options disappear, converted to JSON with every
 * object's keys sorted, compact, SHA-256) and checked against the real 0.171.0 binary
 * (`codex app-server` → `hooks/list` → `currentHash`); tests/targets/codex-hook-trust.test.ts pins
 * hashes the real client computed.
 */
import { createHash } from "node:crypto";
import { sortKeysDeep } from "../../serialize/json";

/** One command handler as written into hooks.json (Codex's keys). */
export interface CodexCommandHandler {
  type: "command";
  command: string;
  /** Seconds. Codex 0.171 reads only `timeout` (`timeoutSec` is ignored silently); default 600. */
  timeout?: number;
  async?: boolean;
  statusMessage?: string;
  /** `additionalContext` spill threshold in tokens; `0` disables spilling (the context is inlined whole). */
  additionalContextLimit?: number;
}

/** Events whose timeout Codex 0.171 clamps to at most 3 s (default 1 s for SessionEnd). */
const SHORT_TIMEOUT_EVENTS: Readonly<Record<string, { fallback: number; max: number }>> = {
  SessionEnd: { fallback: 1, max: 3 },
  Interrupt: { fallback: 3, max: 3 },
};

/** Events on which Codex 0.171 ignores a group's matcher (observed: the identity carries none). */
const MATCHERLESS_EVENTS: ReadonlySet<string> = new Set(["UserPromptSubmit", "Stop"]);

/** `PreToolUse` → `pre_tool_use`: the event label Codex uses in trust keys and identities. */
export function codexEventLabel(event: string): string {
  return event.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

/** The timeout Codex actually applies to a handler of `event`: default 600 s, at least 1, clamped on short events. */
export function effectiveCodexTimeout(event: string, timeout: number | undefined): number {
  const short = SHORT_TIMEOUT_EVENTS[event];
  const value = Math.max(1, Math.floor(timeout ?? short?.fallback ?? 600));
  return short ? Math.min(value, short.max) : value;
}

/** `<abs hooks.json path>:<snake_case event>:<group index>:<handler index>`: positional, so reordering drops trust. */
export function codexHookStateKey(hooksJsonPath: string, event: string, groupIndex: number, handlerIndex: number): string {
  return `${hooksJsonPath}:${codexEventLabel(event)}:${groupIndex}:${handlerIndex}`;
}

/** The canonical identity JSON Codex hashes for one handler (sorted keys, compact). */
export function codexHookIdentity(event: string, matcher: string | undefined, handler: CodexCommandHandler): string {
  const normalised: Record<string, unknown> = {
    type: "command",
    command: handler.command,
    timeout: effectiveCodexTimeout(event, handler.timeout),
    async: handler.async ?? false,
  };
  if (handler.statusMessage !== undefined) normalised.statusMessage = handler.statusMessage;
  if (handler.additionalContextLimit !== undefined) normalised.additionalContextLimit = handler.additionalContextLimit;
  const identity: Record<string, unknown> = { event_name: codexEventLabel(event), hooks: [normalised] };
  if (matcher !== undefined && !MATCHERLESS_EVENTS.has(event)) identity.matcher = matcher;
  return JSON.stringify(sortKeysDeep(identity));
}

/** `sha256:<hex>` of the identity: the value `trusted_hash` must hold for Codex to run the handler. */
export function codexHookHash(event: string, matcher: string | undefined, handler: CodexCommandHandler): string {
  return `sha256:${createHash("sha256")
    .update(codexHookIdentity(event, matcher, handler), "utf8")
    .digest("hex")}`;
}

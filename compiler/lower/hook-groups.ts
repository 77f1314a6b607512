/**
 * Hook groups a profile's native settings layer declares (`hooks.<Event>: [{matcher, hooks: [...]}]`),
 * read once for every client that takes Claude-shaped groups (Claude Code's settings.json, Codex's
 * hooks.json). The caller says which events its client knows and is told what was dropped or fixed.
 */
import { isPlainObject } from "../merge/merge-documents";

/** One group: an optional matcher and its handlers, as the layer wrote them. */
export interface HookGroup {
  matcher?: string;
  hooks: Array<Record<string, unknown>>;
}

/** What the client knows, and where to report what it does not. */
export interface ReadHookGroupsOptions {
  /** Event names the client loads; groups under any other name are dropped. */
  knownEvents: ReadonlySet<string>;
  /** Keys of the `hooks` object that are not events (Codex's `state`): skipped, reported through `skipped`. */
  notEvents?: ReadonlySet<string>;
  unknownEvent(event: string): void;
  skipped?(key: string): void;
  /** A handler used `timeoutSec` / `timeout_sec`, which these clients ignore; it was rewritten to `timeout`. */
  renamedTimeout(event: string, groupIndex: number): void;
}

/** Handler keys for the timeout that Claude Code 2.1.332 and Codex 0.171 both ignore silently. */
const IGNORED_TIMEOUT_KEYS = ["timeoutSec", "timeout_sec"] as const;

/**
 * The layer's groups per event, events sorted (the merged object's key order carries no meaning),
 * groups and handlers in their authored order. Entries that are not objects are skipped; a group
 * without a handler list is skipped.
 */
export function readHookGroups(hooks: unknown, options: ReadHookGroupsOptions): Record<string, HookGroup[]> {
  const out: Record<string, HookGroup[]> = {};
  if (!isPlainObject(hooks)) return out;
  for (const event of Object.keys(hooks).sort()) {
    if (options.notEvents?.has(event)) {
      options.skipped?.(event);
      continue;
    }
    if (!options.knownEvents.has(event)) {
      options.unknownEvent(event);
      continue;
    }
    const groups = hooks[event];
    if (!Array.isArray(groups)) continue;
    const kept: HookGroup[] = [];
    groups.forEach((group, index) => {
      if (!isPlainObject(group) || !Array.isArray(group.hooks)) return;
      const handlers = group.hooks.filter(isPlainObject).map((handler) => {
        const ignored = IGNORED_TIMEOUT_KEYS.find((key) => key in handler);
        if (!ignored) return { ...handler };
        options.renamedTimeout(event, index);
        const rest = Object.fromEntries(Object.entries(handler).filter(([key]) => !(IGNORED_TIMEOUT_KEYS as readonly string[]).includes(key)));
        return "timeout" in rest ? rest : { ...rest, timeout: handler[ignored] };
      });
      kept.push(typeof group.matcher === "string" ? { matcher: group.matcher, hooks: handlers } : { hooks: handlers });
    });
    if (kept.length > 0) out[event] = kept;
  }
  return out;
}

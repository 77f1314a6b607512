/**
 * Claude Code `~/.claude/settings.json` (docs/targets/claude.md, "settings.json"): the merged
 * native Claude layers become managed keys, recorded in a sidecar so the operator's own keys and
 * hand edits survive. Only keys of Claude's settings schema are written: Claude Code 2.1.332
 * silently drops a settings file that fails validation, and every hook with it.
 */
import type { JsonKeysEntry } from "../../desired-tree";
import { defaultJsonStyle } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { MergedDocument } from "../../ir";
import { type HookGroup, readHookGroups } from "../../lower/hook-groups";
import { scrubSettingsEnv, scrubSettingsValue } from "../../lower/mcp-credentials";
import { isPlainObject } from "../../merge/merge-documents";
import { diagnostic } from "../../messages";
import { originOf } from "../../lower/origins";
import { CLAUDE_KNOWN_HOOK_EVENTS } from "./contract";
import type { ClaudePaths } from "./paths";

/** A hook group as Claude reads it: an optional matcher and its handlers. */
export type ClaudeHookGroup = HookGroup;

/** The settings document split into what goes where. */
export interface LoweredSettings {
  /** The managed-keys edit of settings.json (everything but `hooks`). */
  entry: JsonKeysEntry;
  /** Hook groups the layers declare, per event, in merge order (written after ours). */
  layerHooks: Record<string, ClaudeHookGroup[]>;
  diagnostics: Diagnostic[];
}

/**
 * Top-level objects whose members are independent settings: each member is its own managed key, so
 * an operator's `env.MY_VAR` or extra permission list survives next to ours. Every other key is
 * managed whole (a `statusLine` or `sandbox` object only makes sense as one value).
 */
const MEMBER_KEYS: ReadonlySet<string> = new Set(["env", "permissions", "enabledPlugins"]);

/**
 * Lowers the merged Claude layers: `$schema` dropped; `_agentihooks.env` folded under `env` (the
 * document's own `env` wins); other `_`-keys and `mcpServers` (which Claude ignores in
 * settings.json) dropped with a diagnostic; every `env` value secret-scanned and credential-shaped
 * literals dropped with a warning; `hooks` taken out for the hooks entry. Keys are sorted, so the
 * record does not depend on layer order.
 */
export function lowerSettings(doc: MergedDocument, paths: ClaudePaths): LoweredSettings {
  const diagnostics: Diagnostic[] = [];
  const value = doc.value;
  const wanted = new Map<string, unknown>();
  let directiveEnv: Record<string, unknown> = {};
  let layerHooks: Record<string, ClaudeHookGroup[]> = {};

  for (const key of Object.keys(value).sort()) {
    const at = originOf(doc, [key]);
    const item = value[key];
    if (item === undefined || key === "$schema") continue;
    if (key === "_agentihooks") {
      directiveEnv = readDirectives(item, doc, diagnostics);
      continue;
    }
    if (key.startsWith("_")) {
      diagnostics.push(diagnostic("AH4107", at, { key }));
      continue;
    }
    if (key === "mcpServers") {
      diagnostics.push(diagnostic("AH4101", at));
      continue;
    }
    if (key === "hooks") {
      // A group under an event Claude does not know would invalidate the whole settings file.
      layerHooks = readHookGroups(item, {
        knownEvents: CLAUDE_KNOWN_HOOK_EVENTS,
        unknownEvent: (event) => diagnostics.push(diagnostic("AH4108", originOf(doc, ["hooks", event]), { event })),
        renamedTimeout: (event, index) => diagnostics.push(diagnostic("AH4109", originOf(doc, ["hooks", event, String(index)]), { event })),
      });
      continue;
    }
    wanted.set(key, item);
  }

  // B-claude: `_agentihooks.env` goes under the document's `env`, which wins on a shared name.
  const docEnv = isPlainObject(wanted.get("env")) ? (wanted.get("env") as Record<string, unknown>) : {};
  const foldedEnv = { ...directiveEnv, ...docEnv };
  if (Object.keys(foldedEnv).length > 0 || wanted.has("env")) {
    const envOrigin = (name: string) => originOf(doc, name in docEnv ? ["env", name] : ["_agentihooks", "env", name]);
    const scrubbed = scrubSettingsEnv(foldedEnv, envOrigin, "settings.json");
    diagnostics.push(...scrubbed.diagnostics);
    if (Object.keys(scrubbed.env).length > 0) wanted.set("env", scrubbed.env);
    else wanted.delete("env");
  }

  const keys: JsonKeysEntry["keys"] = [];
  // Every other value passes the same credential policy as env (a literal `apiKey`, a token in a header map).
  const push = (path: string[], item: unknown): void => {
    const scrubbed = path[0] === "env" ? { value: item, diagnostics: [] } : scrubSettingsValue(path, item, (at) => originOf(doc, at), "settings.json");
    diagnostics.push(...scrubbed.diagnostics);
    if (scrubbed.value !== undefined) keys.push({ key: path, value: scrubbed.value, origin: originOf(doc, path) });
  };
  for (const key of [...wanted.keys()].sort()) {
    const item = wanted.get(key);
    if (MEMBER_KEYS.has(key) && isPlainObject(item) && Object.keys(item).length > 0) {
      for (const member of Object.keys(item).sort()) push([key, member], item[member]);
    } else {
      push([key], item);
    }
  }

  return {
    entry: {
      kind: "json-keys",
      path: paths.settings,
      format: "json",
      keys,
      // The Python original kept its ownership marker inside the file; Claude's schema has no such key.
      remove: [["_managedBy"]],
      sidecar: paths.sidecar,
      style: defaultJsonStyle,
      mode: 0o644,
    },
    layerHooks,
    diagnostics,
  };
}

/** Reads the `_agentihooks` block: only `env` means something to Claude. */
function readDirectives(block: unknown, doc: MergedDocument, diagnostics: Diagnostic[]): Record<string, unknown> {
  if (!isPlainObject(block)) return {};
  let env: Record<string, unknown> = {};
  for (const key of Object.keys(block).sort()) {
    const at = originOf(doc, ["_agentihooks", key]);
    if (key !== "env") {
      diagnostics.push(diagnostic("AH4102", at, { directive: key }));
      continue;
    }
    const value = block[key];
    if (isPlainObject(value)) env = value;
    else diagnostics.push(diagnostic("AH4103", at, { got: describe(value) }));
  }
  return env;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "string" ? `the string ${JSON.stringify(value)}` : `a ${typeof value}`;
}

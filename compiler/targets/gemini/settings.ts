/**
 * Gemini CLI `~/.gemini/settings.json`: shared with the operator, so everything we want is a
 * key-level edit recorded in a sidecar (the operator's keys, hooks and comments survive): the
 * merged native Gemini layers as managed leaves, and the MCP servers. Gemini rewrites a settings
 * file that holds deprecated keys (losing its comments), so the layer schema admits none of them.
 */
import type { JsonKeysEntry } from "../../desired-tree";
import { defaultJsonStyle } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { MergedDocument, Origin } from "../../ir";
import { type HookGroup, readHookGroups } from "../../lower/hook-groups";
import { originOf } from "../../lower/origins";
import { scrubSettingsValue } from "../../lower/mcp-credentials";
import { isPlainObject } from "../../merge/merge-documents";
import { diagnostic } from "../../messages";
import { GEMINI_KNOWN_HOOK_EVENTS } from "./contract";
import type { GeminiPaths } from "./paths";

/** The persona file name Gemini must load (`~/.gemini/GEMINI.md`). */
const PERSONA_FILE = "GEMINI.md";

/** The settings layers split into what goes where. */
export interface LoweredSettings {
  /** Managed keys from the layers, leaf by leaf (objects recursed, arrays and scalars whole), sorted. */
  keys: JsonKeysEntry["keys"];
  /** Hook groups the layers declare, per event: written after ours. */
  layerHooks: Record<string, HookGroup[]>;
  diagnostics: Diagnostic[];
}

/**
 * Lowers the merged Gemini layers. Skipped: `_`-keys (reserved), `mcpServers` (declared in the MCP
 * layer) and `hooks` (their groups go into the hooks edit, after ours). Reported: hooks switched
 * off, folder trust switched off (written: a profile may opt in), and a `context.fileName` without
 * GEMINI.md (GEMINI.md added, or the persona would not load).
 */
export function lowerSettings(doc: MergedDocument): LoweredSettings {
  const diagnostics: Diagnostic[] = [];
  const keys: JsonKeysEntry["keys"] = [];
  let layerHooks: Record<string, HookGroup[]> = {};
  for (const key of Object.keys(doc.value).sort()) {
    const value = doc.value[key];
    const at = originOf(doc, [key]);
    if (value === undefined || key === "$schema") continue;
    if (key.startsWith("_")) {
      diagnostics.push(diagnostic("AH4401", at, { key }));
      continue;
    }
    if (key === "mcpServers") {
      diagnostics.push(diagnostic("AH4402", at));
      continue;
    }
    if (key === "hooks") {
      layerHooks = readLayerHooks(value, doc, diagnostics);
      continue;
    }
    if (key === "context" && isPlainObject(value) && value.fileName !== undefined) {
      const names =
        typeof value.fileName === "string"
          ? [value.fileName]
          : Array.isArray(value.fileName)
            ? value.fileName.filter((n): n is string => typeof n === "string")
            : [];
      if (!names.includes(PERSONA_FILE)) {
        diagnostics.push(diagnostic("AH4408", originOf(doc, ["context", "fileName"])));
        flatten([key], { ...value, fileName: [...names, PERSONA_FILE] }, doc, keys, diagnostics);
        continue;
      }
    }
    if (key === "hooksConfig" && isPlainObject(value) && value.enabled === false)
      diagnostics.push(diagnostic("AH4406", originOf(doc, ["hooksConfig", "enabled"])));
    if (key === "security" && isPlainObject(value) && isPlainObject(value.folderTrust) && value.folderTrust.enabled === false) {
      diagnostics.push(diagnostic("AH4407", originOf(doc, ["security", "folderTrust", "enabled"])));
    }
    flatten([key], value, doc, keys, diagnostics);
  }
  return { keys, layerHooks, diagnostics };
}

/**
 * The layers' hook groups. A handler's `timeoutSec` (seconds, ignored by Gemini) becomes `timeout`
 * in milliseconds; a `timeout` under 1000 is reported, since it is almost surely seconds and a hook
 * that times out lets the tool run.
 */
function readLayerHooks(value: unknown, doc: MergedDocument, diagnostics: Diagnostic[]): Record<string, HookGroup[]> {
  const converted = isPlainObject(value)
    ? Object.fromEntries(
        Object.entries(value).map(([event, groups]) => [
          event,
          Array.isArray(groups) ? groups.map((g, i) => secondsToMilliseconds(event, i, g, doc, diagnostics)) : groups,
        ]),
      )
    : value;
  return readHookGroups(converted, {
    knownEvents: GEMINI_KNOWN_HOOK_EVENTS,
    unknownEvent: (event) => diagnostics.push(diagnostic("AH4403", originOf(doc, ["hooks", event]), { event })),
    // Not reached: every seconds key was converted above.
    renamedTimeout: () => undefined,
  });
}

function secondsToMilliseconds(event: string, index: number, group: unknown, doc: MergedDocument, diagnostics: Diagnostic[]): unknown {
  if (!isPlainObject(group) || !Array.isArray(group.hooks)) return group;
  const at: Origin = originOf(doc, ["hooks", event, String(index)]);
  const hooks = group.hooks.map((handler) => {
    if (!isPlainObject(handler)) return handler;
    const { timeoutSec, timeout_sec, ...rest } = handler;
    const seconds = timeoutSec ?? timeout_sec;
    if (seconds !== undefined && rest.timeout === undefined && typeof seconds === "number") {
      const ms = Math.round(seconds * 1000);
      diagnostics.push(diagnostic("AH4404", at, { event, ms }));
      return { ...rest, timeout: ms };
    }
    if (typeof handler.timeout === "number" && handler.timeout < 1000) {
      diagnostics.push(diagnostic("AH4405", at, { event, value: handler.timeout, suggested: handler.timeout * 1000 }));
    }
    return seconds === undefined ? handler : rest;
  });
  return { ...group, hooks };
}

/**
 * Objects are recursed so each leaf is its own managed key (an operator's sibling key survives);
 * arrays and scalars are leaves. Each leaf passes the credential policy (a literal secret is
 * dropped with a warning, docs/profiles.md#secrets).
 */
function flatten(path: string[], value: unknown, doc: MergedDocument, out: JsonKeysEntry["keys"], diagnostics: Diagnostic[]): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const key of Object.keys(value).sort()) flatten([...path, key], value[key], doc, out, diagnostics);
    return;
  }
  if (value === undefined || value === null) return;
  const scrubbed = scrubSettingsValue(path, value, (at) => originOf(doc, at), "settings.json");
  diagnostics.push(...scrubbed.diagnostics);
  if (scrubbed.value !== undefined) out.push({ key: path, value: scrubbed.value, origin: originOf(doc, path) });
}

/** Everything settings.json gets as managed keys: the layers' leaves, then one key per MCP server. */
export function settingsEntry(
  paths: GeminiPaths,
  keys: JsonKeysEntry["keys"],
  mcp: ReadonlyArray<{ name: string; entry: Record<string, unknown>; origin: Origin }>,
): JsonKeysEntry {
  return {
    kind: "json-keys",
    path: paths.settings,
    // Gemini reads comments (strip-json-comments) but refuses a trailing comma: edits keep the operator's comments and add no commas.
    format: "jsonc",
    keys: [...keys, ...mcp.map((server) => ({ key: ["mcpServers", server.name], value: server.entry, origin: server.origin }))],
    sidecar: paths.sidecar,
    style: defaultJsonStyle,
    mode: 0o644,
  };
}

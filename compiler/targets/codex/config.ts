/**
 * Codex `~/.codex/config.toml` (docs/targets/codex.md, "config.toml"): shared with the operator, so everything we
 * want is a key-level edit (their tables, keys and comments survive every apply): the merged native
 * TOML layers as managed keys, `[mcp_servers.<name>]` tables, `project_doc_max_bytes` sized for
 * AGENTS.md, the `[hooks.state]` trust entries of the hooks we write, and `notify` bridged to the
 * runtime when the operator has not set it.
 */
import { LEGACY_SERVER_NAMES } from "../../lower/agentihooks-server";
import type { TomlKeysEntry } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { Environment } from "../../environment";
import type { MergedDocument, Origin } from "../../ir";
import { readHookGroups } from "../../lower/hook-groups";
import { isPlainObject } from "../../merge/merge-documents";
import { diagnostic } from "../../messages";
import { originOf } from "../../lower/origins";
import { scrubSettingsValue } from "../../lower/mcp-credentials";
import { PROJECT_DOC_FLOOR } from "./capabilities";
import { CODEX_KNOWN_HOOK_EVENTS } from "./contract";
import type { CodexHookGroup } from "./hooks";
import type { CodexPaths } from "./paths";

/** The settings layers split into what goes where. */
export interface LoweredConfig {
  /** Managed keys from the layers, leaf by leaf (tables recursed, arrays and scalars whole), sorted. */
  keys: TomlKeysEntry["keys"];
  /** Hook groups the layers declare inline, per event: moved into hooks.json, after ours. */
  layerHooks: Record<string, CodexHookGroup[]>;
  /** A layer sets `notify`: our notification bridge is not registered. */
  notifySet: boolean;
  /** A layer sets `project_doc_max_bytes` (the floor under the computed ceiling). */
  projectDocMaxBytes?: number;
  diagnostics: Diagnostic[];
}

/**
 * Lowers the merged Codex layers. Skipped: `_`-keys (reserved), `agentihooks` (the Python
 * original's in-file record), `mcp_servers` (declared in the MCP layer, mcp.overrides.toml) and
 * `hooks` (inline hooks would fire twice next to hooks.json: their groups move into hooks.json;
 * `hooks.state` is computed, never authored).
 */
export function lowerConfig(doc: MergedDocument): LoweredConfig {
  const diagnostics: Diagnostic[] = [];
  const keys: TomlKeysEntry["keys"] = [];
  let layerHooks: Record<string, CodexHookGroup[]> = {};
  let projectDocMaxBytes: number | undefined;
  for (const key of Object.keys(doc.value).sort()) {
    const value = doc.value[key];
    const at = originOf(doc, [key]);
    if (value === undefined || key === "$schema") continue;
    if (key.startsWith("_") || key === "agentihooks") {
      diagnostics.push(diagnostic("AH4209", at, { key }));
      continue;
    }
    if (key === "mcp_servers") {
      diagnostics.push(diagnostic("AH4208", at));
      continue;
    }
    if (key === "hooks") {
      layerHooks = readHookGroups(value, {
        knownEvents: CODEX_KNOWN_HOOK_EVENTS,
        notEvents: new Set(["state"]),
        skipped: () => diagnostics.push(diagnostic("AH4210", originOf(doc, ["hooks", "state"]))),
        unknownEvent: (event) => diagnostics.push(diagnostic("AH4212", originOf(doc, ["hooks", event]), { event })),
        renamedTimeout: (event, index) => diagnostics.push(diagnostic("AH4214", originOf(doc, ["hooks", event, String(index)]), { event })),
      });
      for (const event of Object.keys(layerHooks)) diagnostics.push(diagnostic("AH4207", originOf(doc, ["hooks", event]), { event }));
      continue;
    }
    if (key === "project_doc_max_bytes" && typeof value === "number") {
      projectDocMaxBytes = value;
      continue;
    }
    if (key === "features" && isPlainObject(value) && value.hooks === false) diagnostics.push(diagnostic("AH4216", originOf(doc, ["features", "hooks"])));
    flatten([key], value, doc, keys, diagnostics);
  }
  const notifySet = keys.some((k) => k.key.length === 1 && k.key[0] === "notify");
  if (notifySet) diagnostics.push(diagnostic("AH4213", originOf(doc, ["notify"])));
  const out: LoweredConfig = { keys, layerHooks, notifySet, diagnostics };
  if (projectDocMaxBytes !== undefined) out.projectDocMaxBytes = projectDocMaxBytes;
  return out;
}

/**
 * Tables are recursed so each leaf is its own managed key (an operator's sibling key survives);
 * arrays and scalars are leaves. Each leaf passes the credential policy: a literal secret
 * (`shell_environment_policy.set.AWS_SECRET_ACCESS_KEY`, `experimental_bearer_token`) is dropped
 * with a warning.
 */
function flatten(path: string[], value: unknown, doc: MergedDocument, out: TomlKeysEntry["keys"], diagnostics: Diagnostic[]): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const key of Object.keys(value).sort()) flatten([...path, key], value[key], doc, out, diagnostics);
    return;
  }
  if (value === undefined || value === null) return;
  const scrubbed = scrubSettingsValue(path, value, (at) => originOf(doc, at), "config.toml");
  diagnostics.push(...scrubbed.diagnostics);
  if (scrubbed.value !== undefined) out.push({ key: path, value: scrubbed.value, origin: originOf(doc, path) });
}

/** `max(floor, ⌊1.25 × AGENTS.md bytes⌋)`: Codex cuts AGENTS.md past `project_doc_max_bytes`, silently. */
export function projectDocMaxBytes(personaBytes: number, floor = PROJECT_DOC_FLOOR): number {
  return Math.max(floor, PROJECT_DOC_FLOOR, Math.floor(personaBytes * 1.25));
}

/** Everything config.toml gets, as one key-level edit. */
export function configEntry(
  paths: CodexPaths,
  env: Environment,
  parts: {
    layerKeys: TomlKeysEntry["keys"];
    mcp: Array<{ name: string; table: Record<string, unknown>; origin: Origin }>;
    trust: Array<{ key: string; hash: string }>;
    projectDocMaxBytes: number;
    notify: boolean;
  },
): TomlKeysEntry {
  const keys: TomlKeysEntry["keys"] = [...parts.layerKeys, { key: ["project_doc_max_bytes"], value: parts.projectDocMaxBytes }];
  for (const server of parts.mcp) keys.push({ key: ["mcp_servers", server.name], value: server.table, origin: server.origin });
  for (const { key, hash } of parts.trust) keys.push({ key: ["hooks", "state", key, "trusted_hash"], value: hash });
  const entry: TomlKeysEntry = {
    kind: "toml-keys",
    path: paths.config,
    keys,
    sidecar: paths.sidecar,
    mode: 0o600,
    legacyTables: { container: ["mcp_servers"], names: [...LEGACY_SERVER_NAMES] },
  };
  // The runtime handles `notify '<json>'` as a Notification (docs/runtime.md). A default: the
  // operator's own `notify` wins and is never reported as a conflict.
  if (parts.notify) entry.defaults = [{ key: ["notify"], value: [env.nodePath, env.runtimePath, "notify"] }];
  return entry;
}

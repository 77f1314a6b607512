/**
 * Copilot `settings.json`: the merged native layers become managed keys (docs/targets/copilot.md, "settings.json"),
 * recorded in a sidecar so an operator's hand edit is told apart from a profile change.
 */
import type { JsonKeysEntry, JsonMembersEntry } from "../../desired-tree";
import { defaultJsonStyle } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { Environment } from "../../environment";
import type { MergedDocument } from "../../ir";
import { scrubSettingsValue } from "../../lower/mcp-credentials";
import { shellCommand } from "../../lower/shell-quote";
import { diagnostic } from "../../messages";
import { FOREIGN_SETTINGS_KEYS } from "./capabilities";
import type { ResolvedDirectives } from "./directives";
import { originOf } from "../../lower/origins";
import type { CopilotPaths } from "./paths";

/** The status line agentihooks wires: the installed runtime's `statusline`, run by the Node that applied it. */
export function statusLine(env: Environment): { type: "command"; command: string } {
  return { type: "command", command: shellCommand([env.nodePath, env.runtimePath, "statusline"]) };
}

/**
 * The managed keys of settings.json: every top-level key of the merged layers except `$schema`,
 * `_`-prefixed keys (the `_agentihooks` block is consumed), `hooks` (registered in the hooks
 * directory instead), `trustedFolders` and other clients' keys (each dropped with a warning); then
 * `disableAllHooks: false` (always: a layer's `true` is refused with a warning) and the agentihooks
 * status line unless a layer set its own. Keys are sorted
 * so the record and a new file do not depend on layer order. A legacy in-file `agentihooks` record
 * is removed.
 */
export function lowerSettings(
  doc: MergedDocument,
  env: Environment,
  paths: CopilotPaths,
  directives?: Pick<ResolvedDirectives, "mcpDefaultDisabled">,
): { entry: JsonKeysEntry; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const wanted = new Map<string, unknown>();
  wanted.set("disableAllHooks", false);
  wanted.set("statusLine", statusLine(env));
  for (const key of Object.keys(doc.value).sort()) {
    const value = doc.value[key];
    const at = originOf(doc, [key]);
    if (key === "$schema" || key === "_agentihooks") continue;
    if (key.startsWith("_")) {
      diagnostics.push(diagnostic("AH4024", at, { key }));
      continue;
    }
    if (key === "hooks") {
      diagnostics.push(diagnostic("AH4001", at));
      continue;
    }
    if (key === "trustedFolders") {
      diagnostics.push(diagnostic("AH4002", at));
      continue;
    }
    const foreign = FOREIGN_SETTINGS_KEYS[key];
    if (foreign) {
      diagnostics.push(diagnostic("AH4003", at, { key, client: foreign.client, hint: foreign.hint ? ` ${foreign.hint}` : "" }));
      continue;
    }
    if (key === "permissions") diagnostics.push(diagnostic("AH4004", at));
    // With mcpDefaultDisabled the list is a set of members (lowerDisabledServers), not one managed value.
    if (key === "disabledMcpServers" && directives?.mcpDefaultDisabled) continue;
    if (key === "disableAllHooks") {
      // Pinned: an inherited true would silently switch off every guardrail.
      if (value !== false) diagnostics.push(diagnostic("AH4027", at));
      continue;
    }
    if (value === undefined) continue;
    wanted.set(key, value);
  }
  const keys: JsonKeysEntry["keys"] = [];
  for (const key of [...wanted.keys()].sort()) {
    if (!(key in doc.value)) {
      keys.push({ key: [key], value: wanted.get(key) });
      continue;
    }
    // A value a layer authored passes the credential policy (a literal token in a settings key is dropped).
    const scrubbed = scrubSettingsValue([key], wanted.get(key), (at) => originOf(doc, at), "settings.json");
    diagnostics.push(...scrubbed.diagnostics);
    if (scrubbed.value !== undefined) keys.push({ key: [key], value: scrubbed.value, origin: originOf(doc, [key]) });
  }
  // `disableAllHooks: false` keeps every hook on: a hand edit to true is set back (AH5043), never kept.
  for (const item of keys) if (item.key.length === 1 && item.key[0] === "disableAllHooks") item.enforced = true;
  return {
    entry: {
      kind: "json-keys",
      path: paths.settings,
      format: "jsonc",
      keys,
      remove: [["agentihooks"]],
      sidecar: paths.sidecar,
      style: defaultJsonStyle,
      mode: 0o644,
    },
    diagnostics,
  };
}

/**
 * `mcpDefaultDisabled` (docs/targets/copilot.md, "Directives"): every server configured in mcp-config.json (ours and
 * the operator's) starts disabled, except the always-on names, which are also lifted out of an
 * existing list, and any name the operator re-enabled (`enabledMcpServers`). A `disabledMcpServers`
 * list in the layers joins as members instead of being one managed value.
 */
export function lowerDisabledServers(directives: ResolvedDirectives, doc: MergedDocument, paths: CopilotPaths): JsonMembersEntry | undefined {
  if (!directives.mcpDefaultDisabled) return undefined;
  // Names a layer lists itself are added as members too (sorted: the layers' order is not meaningful).
  const authored = doc.value.disabledMcpServers;
  const add = Array.isArray(authored) ? [...new Set(authored.filter((n): n is string => typeof n === "string"))].sort() : [];
  return {
    kind: "json-members",
    path: paths.settings,
    key: ["disabledMcpServers"],
    add,
    addKeysOf: { path: paths.mcpConfig, key: ["mcpServers"] },
    exclude: directives.mcpAlwaysEnabled,
    unlessListedAt: ["enabledMcpServers"],
    sidecar: paths.sidecar,
    style: defaultJsonStyle,
    mode: 0o644,
  };
}

/**
 * The `_agentihooks` block of the merged Copilot settings (docs/targets/copilot.md, "Directives"),
 * turned into the values the lowering uses. The block is consumed here and never written to
 * settings.json.
 */
import type { MergedDocument, Origin } from "../../ir";
import type { CopilotDirectives } from "../../../schemas/copilot-settings.generated";
import { DEFAULT_ALWAYS_ENABLED, LEGACY_SERVER_NAMES } from "./capabilities";
import { originOf } from "../../lower/origins";

/**
 * The directives as the lowering uses them: the schema's `CopilotDirectives` (generated from
 * schemas/copilot-settings.schema.json) with defaults filled and values normalised.
 */
export interface ResolvedDirectives {
  allowAll: boolean;
  /** `AGENTIHOOKS_BASE_CHANNELS` value, when set. */
  channels?: string;
  /** The raw `browserCommand` value (resolved later against the Environment) and where it was set. */
  browserCommand?: { value: unknown; origin: Origin };
  suppressBrowserLaunch: boolean;
  mcpDefaultDisabled: boolean;
  /** Server names `mcpDefaultDisabled` never disables (legacy names mapped), sorted. */
  mcpAlwaysEnabled: string[];
  /** Resolve `${VAR}` in MCP headers from the environment when applying (an explicit opt-in). */
  resolveHeaderEnv: boolean;
}

/**
 * Reads `_agentihooks` from the merged settings. Every settings layer was checked against
 * schemas/copilot-settings.schema.json when it was read; a directive with a value of the wrong type
 * was reported there as a warning (AH2021) and is ignored here, so the others still apply.
 */
export function readDirectives(doc: MergedDocument): ResolvedDirectives {
  const raw = doc.value._agentihooks;
  const block = (raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {}) as CopilotDirectives;
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
  const directives: ResolvedDirectives = {
    // Only the boolean true (the schema's `const`); COPILOT_ALLOW_ALL is compared to the string "true" by Copilot.
    allowAll: block.allowAll === true,
    suppressBrowserLaunch: block.suppressBrowserLaunch === true,
    mcpDefaultDisabled: block.mcpDefaultDisabled === true,
    // A supplied list replaces the default (agentihooks itself becomes disable-able).
    mcpAlwaysEnabled: !strings(block.mcpAlwaysEnabled)
      ? [...DEFAULT_ALWAYS_ENABLED]
      : [...new Set(block.mcpAlwaysEnabled.map((n) => LEGACY_SERVER_NAMES[n] ?? n))].sort(),
    resolveHeaderEnv: block.resolveHeaderEnv === true,
  };
  const channels = typeof block.channels === "string" ? block.channels : strings(block.channels) ? block.channels.join(",") : undefined;
  if (channels !== undefined && channels.trim()) directives.channels = channels;
  if (block.browserCommand !== undefined)
    directives.browserCommand = { value: block.browserCommand, origin: originOf(doc, ["_agentihooks", "browserCommand"]) };
  return directives;
}

/** A value's kind for people: `boolean true`, `number 1.5`, `an object`, `a list`. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  return `${typeof value} ${String(value)}`;
}

/**
 * The `_agentihooks` block of the merged Copilot settings (reference-spec B.1): read, checked and
 * turned into typed directives. The block is consumed here and never written to settings.json.
 */
import type { Diagnostic } from "../../diagnostics";
import type { MergedDocument, Origin } from "../../ir";
import { diagnostic } from "../../messages";
import { DEFAULT_ALWAYS_ENABLED, LEGACY_SERVER_NAMES } from "./capabilities";
import { originOf } from "../../lower/origins";

/** The Copilot directives, validated. Absent or ignored directives are undefined/false. */
export interface CopilotDirectives {
  allowAll: boolean;
  /** `AGENTIHOOKS_BASE_CHANNELS` value, when set. */
  channels?: string;
  /** The raw `browserCommand` value (resolved later against the Environment) and where it was set. */
  browserCommand?: { value: unknown; origin: Origin };
  suppressBrowserLaunch: boolean;
  mcpDefaultDisabled: boolean;
  /** Server names `mcpDefaultDisabled` never disables (legacy names mapped), sorted. */
  mcpAlwaysEnabled: string[];
  /** Resolve `${VAR}` in MCP headers from the environment when applying (design H-5 opt-in). */
  resolveHeaderEnv: boolean;
}

/** Every directive this target understands. */
export const KNOWN_DIRECTIVES = ["allowAll", "browserCommand", "channels", "mcpAlwaysEnabled", "mcpDefaultDisabled", "resolveHeaderEnv", "suppressBrowserLaunch"] as const;

/** Reads `_agentihooks` from the merged settings; wrong-typed values are ignored with a warning naming the layer. */
export function readDirectives(doc: MergedDocument): { directives: CopilotDirectives; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const directives: CopilotDirectives = {
    allowAll: false,
    suppressBrowserLaunch: false,
    mcpDefaultDisabled: false,
    mcpAlwaysEnabled: [...DEFAULT_ALWAYS_ENABLED],
    resolveHeaderEnv: false,
  };
  const block = doc.value._agentihooks;
  if (block === undefined || block === null) return { directives, diagnostics };
  const at = (key: string): Origin => originOf(doc, ["_agentihooks", key]);
  if (typeof block !== "object" || Array.isArray(block)) {
    diagnostics.push(diagnostic("AH4005", originOf(doc, ["_agentihooks"]), { directive: "_agentihooks", expected: "an object of directives", got: describe(block) }));
    return { directives, diagnostics };
  }
  const values = block as Record<string, unknown>;
  const wrongType = (key: string, expected: string): void => {
    diagnostics.push(diagnostic("AH4005", at(key), { directive: `_agentihooks.${key}`, expected, got: describe(values[key]) }));
  };
  const flag = (key: "allowAll" | "suppressBrowserLaunch" | "mcpDefaultDisabled" | "resolveHeaderEnv", expected = "a boolean"): void => {
    const value = values[key];
    if (value === undefined || value === false) return;
    if (value === true) directives[key] = true;
    else wrongType(key, expected);
  };

  // Design H-7: only the boolean true; COPILOT_ALLOW_ALL is compared to the string "true" by Copilot.
  flag("allowAll", "the boolean true");
  flag("suppressBrowserLaunch");
  flag("mcpDefaultDisabled");
  flag("resolveHeaderEnv");

  const channels = values.channels;
  if (typeof channels === "string") {
    if (channels.trim()) directives.channels = channels;
  } else if (Array.isArray(channels) && channels.every((c) => typeof c === "string" || typeof c === "number")) {
    if (channels.length > 0) directives.channels = channels.map(String).join(",");
  } else if (channels !== undefined && channels !== null && channels !== false) {
    wrongType("channels", "a string or a list of channel names");
  }

  if (values.browserCommand !== undefined) directives.browserCommand = { value: values.browserCommand, origin: at("browserCommand") };

  const alwaysOn = values.mcpAlwaysEnabled;
  if (alwaysOn !== undefined) {
    if (Array.isArray(alwaysOn) && alwaysOn.every((n) => typeof n === "string")) {
      // A supplied list replaces the default (agentihooks itself becomes disable-able), as in B.3.
      directives.mcpAlwaysEnabled = [...new Set((alwaysOn as string[]).map((n) => LEGACY_SERVER_NAMES[n] ?? n))].sort();
    } else {
      diagnostics.push(diagnostic("AH4023", at("mcpAlwaysEnabled"), { fallback: DEFAULT_ALWAYS_ENABLED.join(", ") }));
    }
  }

  // Sorted so the warnings come out in the same order whatever order the layers wrote them in.
  for (const key of Object.keys(values).sort()) {
    if (!(KNOWN_DIRECTIVES as readonly string[]).includes(key)) {
      diagnostics.push(diagnostic("AH4006", at(key), { directive: key, known: KNOWN_DIRECTIVES.join(", ") }));
    }
  }
  return { directives, diagnostics };
}

/** A value's kind for people: `boolean true`, `number 1.5`, `an object`, `a list`. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  return `${typeof value} ${String(value)}`;
}

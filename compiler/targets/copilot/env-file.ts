/**
 * The managed env file `<agentihooksHome>/copilot.env` (docs/targets/copilot.md, "The env file and the shell"): the directives Copilot
 * has no settings key for, as variables the shell integration exports before Copilot starts.
 * Copilot reads them only from its process environment.
 */
import { parse as shellSplit } from "shell-quote";
import type { FileEntry } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { Environment } from "../../environment";
import type { Origin } from "../../ir";
import { shellQuote } from "../../lower/shell-quote";
import { renderTemplate } from "../../lower/templates";
import { diagnostic } from "../../messages";
import { OAUTH_URL_SINK, WSL_BROWSER_CANDIDATES } from "./capabilities";
import { type ResolvedDirectives, describe } from "./directives";
import type { CopilotPaths } from "./paths";

/** One `# comment` + `NAME=value` pair of the env file. */
interface EnvLine {
  directive: string;
  purpose: string;
  assignment: string;
}

/** A JSON string array with `", "` separators, as earlier releases wrote it (Copilot parses either). */
function jsonArray(items: readonly string[]): string {
  return `[${items.map((item) => JSON.stringify(item)).join(", ")}]`;
}

/**
 * Resolves `browserCommand` to the launcher argv for `COPILOT_DEBUG_BROWSER`, on this machine:
 * `"auto"` is the first WSL launcher that exists (nothing off WSL); a string is shell-split with a
 * real shell parser; a list of strings is taken as is. An empty value means nothing, silently; a
 * launcher that does not resolve, or a value of the wrong shape, is dropped with a warning.
 */
export function resolveBrowserCommand(value: unknown, origin: Origin, env: Environment): { argv?: string[]; diagnostics: Diagnostic[] } {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return { diagnostics: [] };
  let argv: string[];
  if (typeof value === "string") {
    if (value.trim().toLowerCase() === "auto") {
      if (!env.wsl) return { diagnostics: [] };
      const found = WSL_BROWSER_CANDIDATES.find((candidate) => env.resolveExecutable(candidate) !== null);
      if (found) return { argv: [found], diagnostics: [] };
      return { diagnostics: [diagnostic("AH4009", origin, { tried: WSL_BROWSER_CANDIDATES.join(", ") })] };
    }
    // `$NAME` stays literal: the launcher is resolved here, not expanded from our environment.
    const words = shellSplit(value, (name: string) => `$${name}`);
    if (!words.every((w): w is string => typeof w === "string")) {
      return { diagnostics: [diagnostic("AH4010", origin, { value: JSON.stringify(value), reason: "it holds shell operators, globs or comments" })] };
    }
    argv = words;
  } else if (Array.isArray(value) && value.every((v) => typeof v === "string")) {
    argv = value as string[];
  } else {
    const got = Array.isArray(value) ? "a list holding non-strings" : describe(value);
    return { diagnostics: [diagnostic("AH4007", origin, { got })] };
  }
  const head = argv[0];
  if (head === undefined || head === "") return { diagnostics: [] };
  if (env.resolveExecutable(head) === null) return { diagnostics: [diagnostic("AH4008", origin, { head })] };
  return { argv, diagnostics: [] };
}

/**
 * The env file, or undefined when no directive produces a line (a file we wrote before is then
 * deleted by plan). Fixed order: channels, allowAll, then the browser launcher or the OAuth sink.
 */
export function lowerEnvFile(directives: ResolvedDirectives, env: Environment, paths: CopilotPaths): { entry?: FileEntry; diagnostics: Diagnostic[] } {
  const lines: EnvLine[] = [];
  const diagnostics: Diagnostic[] = [];
  if (directives.channels !== undefined) {
    lines.push({ directive: "channels", purpose: "broadcast subscriptions", assignment: `AGENTIHOOKS_BASE_CHANNELS=${shellQuote(directives.channels)}` });
  }
  if (directives.allowAll) {
    lines.push({ directive: "allowAll", purpose: "Copilot allow-all-tools", assignment: "COPILOT_ALLOW_ALL=true" });
  }
  let launcher: string[] | undefined;
  if (directives.browserCommand) {
    const resolved = resolveBrowserCommand(directives.browserCommand.value, directives.browserCommand.origin, env);
    diagnostics.push(...resolved.diagnostics);
    launcher = resolved.argv;
  }
  if (launcher) {
    lines.push({ directive: "browserCommand", purpose: "OAuth browser launcher", assignment: `COPILOT_DEBUG_BROWSER=${shellQuote(jsonArray(launcher))}` });
  } else if (directives.suppressBrowserLaunch) {
    lines.push({
      directive: "suppressBrowserLaunch",
      purpose: "park OAuth URLs, never open a browser",
      assignment: `COPILOT_DEBUG_BROWSER=${shellQuote(jsonArray(OAUTH_URL_SINK))}`,
    });
  }
  if (lines.length === 0) return { diagnostics };
  return { entry: { kind: "file", path: paths.envFile, content: renderTemplate("copilot-env.hbs", { lines }), mode: 0o644 }, diagnostics };
}

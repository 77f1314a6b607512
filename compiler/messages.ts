/**
 * The message catalogue: every diagnostic code with the sentence it prints. One place, so wording
 * stays consistent and a code never means two things. Add new codes inside your stage's block.
 *
 * Placeholders `{name}` are filled by `message(code, args)`.
 */
import type { Diagnostic, Severity, SourceLocation } from "./diagnostics";

export const messages = {
  // AH1xxx: reading and parsing files
  // AH1100–AH1199: reading profile trees and the project config (compiler/load, compiler/config.ts)
  AH1101: { severity: "error", text: "This file is {size} bytes, over the {limit}-byte (1 MiB) limit for profile files. Keep large assets out of profiles, or split the file." },
  AH1102: { severity: "error", text: "Expected a file ({kind}) but found a directory. Remove the directory or move its content into a single file of that name." },
  AH1103: { severity: "error", text: "Expected a directory ({kind}) but found a file. Move the file away and create a directory of that name." },
  AH1104: { severity: "error", text: "This path is a symlink loop: following it never reaches a file or directory. Point the link at a real target or delete it." },
  AH1105: { severity: "error", text: "This symlink points to something that does not exist. Fix the link or delete it." },
  AH1106: { severity: "error", text: "This file could not be read ({code}). Check that it exists and that its permissions allow reading it." },
  AH1107: { severity: "error", text: "Skill directory '{name}' has no SKILL.md. Add a SKILL.md (frontmatter with name and description, then the instructions) or remove the directory." },
  AH1108: { severity: "error", text: "Expected a regular file ({kind}) but found a special file (socket, FIFO or device). Replace it with a regular file." },
  AH1109: { severity: "error", text: "The built-in base layer is missing, so the package is incomplete. Reinstall agentihooks." },
  AH1110: { severity: "error", text: "The project config could not be loaded: {reason}. Fix the file so it evaluates to a plain object." },
  AH1111: { severity: "error", text: "The project config must be an object of settings, not {type}. Write it as a mapping such as {\"profile\": \"default\"}." },
  AH1112: { severity: "error", text: "The config file named with --config does not exist or is not a file. Check the path." },
  // AH2xxx: schema validation
  // AH3xxx: resolution and merge
  // AH3000–AH3099: profile sources, chain and extends (compiler/resolve)
  AH3001: { severity: "error", text: "The profile chain is empty. Name at least one profile, for example `\"profile\": \"default\"` in the config or `--profile default`." },
  AH3002: { severity: "error", text: "Profile '{name}' was not found among the built-in, bundle and linked profiles (available: {available}). Fix the name or add the profile." },
  AH3003: { severity: "error", text: "Profile inheritance cycle: {path}. Remove one of these `extends` entries so inheritance ends." },
  AH3004: { severity: "error", text: "Profile '{name}' not found in inheritance chain: {path} (available: {available}). Fix the name in `extends` or add the profile." },
  AH3005: { severity: "error", text: "Settings profile '{name}' was not found (available: {available}). Fix the name or add the profile." },
  AH3006: { severity: "error", text: "The bundle directory '{path}' does not exist or is not a directory. Fix `bundle` in the config (it is relative to the config file)." },
  AH3007: { severity: "error", text: "The bundle '{path}' has no profiles/ directory. A bundle keeps its profiles in <bundle>/profiles/<name>/; point `bundle` at such a directory." },
  AH3008: { severity: "error", text: "Linked profile '{name}' points to '{path}', which does not exist or is not a directory. Fix `linkedProfiles` in the config (paths are relative to the config file) or remove the entry." },
  AH3009: { severity: "error", text: "Linked profile alias '{name}' is also the name of a {source} profile, which would win and hide it. Choose another alias." },
  AH3010: { severity: "error", text: "'{name}' is not a valid profile name: names are letters, digits, '.', '_' and '-', and may not start with '_' or '.' (reserved). Rename it." },
  AH3011: { severity: "warning", text: "Profile '{name}' appears more than once in the chain ({path}); it is applied once, at its first position." },
  // AH3100–AH3199: merging layers (compiler/merge)
  AH3101: { severity: "error", text: "MCP server '{name}' has no `command` and no `url`. Give it a command (a local stdio server) or a url (an http or sse server)." },
  AH3102: { severity: "error", text: "The MCP layer's `{container}` must be an object of servers by name. Write it as a mapping from server name to definition." },
  // AH40xx: Copilot target; AH41xx: Claude target; AH42xx: Codex target; AH43xx: shared lowering
  // AH5xxx: plan, apply, uninstall, doctor
} as const satisfies Record<string, { severity: Severity; text: string }>;

export type MessageCode = keyof typeof messages;

/** Fills a catalogue entry's placeholders. Unknown placeholders are left visible so tests catch them. */
export function message(code: MessageCode, args: Record<string, string | number> = {}): string {
  const entry = messages[code] as { text: string };
  return entry.text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in args ? String(args[key]) : whole));
}

/** Builds a diagnostic from the catalogue. */
export function diagnostic(code: MessageCode, at: SourceLocation, args: Record<string, string | number> = {}): Diagnostic {
  const entry = messages[code] as { severity: Severity };
  return { ...at, severity: entry.severity, code, message: message(code, args) };
}

/**
 * The message catalogue: every diagnostic code with the sentence it prints. One place, so wording
 * stays consistent and a code never means two things. Add new codes inside your stage's block.
 *
 * Placeholders `{name}` are filled by `message(code, args)`.
 */
import type { Diagnostic, Severity, SourceLocation } from "./diagnostics";

export const messages = {
  // AH1xxx: reading and parsing files
  // AH2xxx: schema validation
  // AH3xxx: resolution and merge
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

/**
 * The Gemini persona `~/.gemini/GEMINI.md`: the shared persona assembly (header, identity preamble,
 * bundle shared persona, each chain profile's CLAUDE.md, the compiled rules, manifesto, footer) as a
 * managed region, so the operator's text after the footer is kept. Gemini puts this file into the
 * system instruction of every session; it has no rules directory, so the rules live here.
 */
import type { ManagedRegionEntry } from "../../desired-tree";
import type { Ir } from "../../ir";
import { assemblePersona, PERSONA_FOOTER, personaHeader } from "../../lower/persona";
import { descriptor } from "./descriptor";
import type { GeminiPaths } from "./paths";

/** The GEMINI.md managed region. */
export function lowerPersona(ir: Ir, paths: GeminiPaths): ManagedRegionEntry {
  const header = personaHeader(descriptor.id);
  return { kind: "managed-region", path: paths.persona, content: assemblePersona(ir, header, PERSONA_FOOTER), header, footer: PERSONA_FOOTER, mode: 0o644 };
}

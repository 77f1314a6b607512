/**
 * The Codex persona `~/.codex/AGENTS.md` (docs/targets/codex.md, "AGENTS.md"): the shared persona assembly
 * (header, identity preamble, bundle shared persona, each chain profile's CLAUDE.md, the compiled
 * rules, manifesto, footer) as a managed region, so the operator's text after the footer is kept.
 * Codex has no rules directory: the rules live here.
 */
import type { ManagedRegionEntry } from "../../desired-tree";
import type { Ir } from "../../ir";
import { assemblePersona, PERSONA_FOOTER, personaHeader } from "../../lower/persona";
import { descriptor } from "./descriptor";
import type { CodexPaths } from "./paths";

/** The AGENTS.md managed region. */
export function lowerPersona(ir: Ir, paths: CodexPaths): ManagedRegionEntry {
  const header = personaHeader(descriptor.id);
  return { kind: "managed-region", path: paths.persona, content: assemblePersona(ir, header, PERSONA_FOOTER), header, footer: PERSONA_FOOTER, mode: 0o644 };
}

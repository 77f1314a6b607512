/**
 * The Claude persona `~/.claude/CLAUDE.md`: the shared persona assembly (docs/targets/claude.md, "CLAUDE.md":
 * header, identity preamble, bundle shared persona, each chain profile's CLAUDE.md, manifesto,
 * footer) as a managed region, so the operator's text after the footer is kept on every apply.
 * Rules are not compiled in: Claude Code loads `~/.claude/rules/*.md` itself, and a
 * second copy in CLAUDE.md would spend the context twice.
 */
import type { ManagedRegionEntry } from "../../desired-tree";
import type { Ir } from "../../ir";
import { assemblePersona, PERSONA_FOOTER, personaHeader } from "../../lower/persona";
import { descriptor } from "./descriptor";
import type { ClaudePaths } from "./paths";

/** The CLAUDE.md managed region. */
export function lowerPersona(ir: Ir, paths: ClaudePaths): ManagedRegionEntry {
  const header = personaHeader(descriptor.id);
  return {
    kind: "managed-region",
    path: paths.persona,
    content: assemblePersona({ ...ir, rules: [] }, header, PERSONA_FOOTER),
    header,
    footer: PERSONA_FOOTER,
    mode: 0o644,
  };
}

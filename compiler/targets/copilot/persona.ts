/** The persona `<copilot home>/copilot-instructions.md` (docs/targets/copilot.md, "Persona"): a managed region, the operator's tail kept. */
import type { ManagedRegionEntry } from "../../desired-tree";
import type { Ir } from "../../ir";
import { assemblePersona, PERSONA_FOOTER, personaHeader } from "../../lower/persona";
import { descriptor } from "./descriptor";
import type { CopilotPaths } from "./paths";

/** The managed region, with the Copilot header. Copilot has no size ceiling for this file. */
export function lowerPersona(ir: Ir, paths: CopilotPaths): ManagedRegionEntry {
  const header = personaHeader(descriptor.id);
  return { kind: "managed-region", path: paths.persona, content: assemblePersona(ir, header, PERSONA_FOOTER), header, footer: PERSONA_FOOTER, mode: 0o644 };
}

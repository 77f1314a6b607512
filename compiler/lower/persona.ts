/**
 * Persona assembly (docs/targets/copilot.md, "Persona"), shared by the Copilot target
 * (`copilot-instructions.md`) and the Codex target (`AGENTS.md`): one managed text between a
 * header and a footer, built from the IR's persona inputs in a fixed order.
 */
import type { Ir, MarkdownFeature } from "../ir";
import { renderTemplate } from "./templates";
import { toLf } from "./text";

/** Separator between persona parts and between rule blocks. */
export const PERSONA_SEPARATOR = "\n\n---\n\n";

/** The footer every agentihooks persona ends its managed region with. */
export const PERSONA_FOOTER = "<!-- agentihooks:managed-end -->";

/** The managed header of a target's persona file (the `init` wording is kept: it is how files written by earlier releases are recognised). */
export function personaHeader(target: string): string {
  return `<!-- managed-by: agentihooks — regenerate with: agentihooks init --target ${target} -->`;
}

/**
 * The identity preamble: who the agent is (the base persona), which layers sit on top of it (every
 * other chain member, linked or not), and that identity grants no precedence. The joined chain
 * (`anton,brain`) never appears: the model would take it for its name.
 */
export function renderIdentity(ir: Pick<Ir, "basePersona" | "chain">): string {
  const base = ir.basePersona.trim() || "default";
  const layers = ir.chain.map((member) => member.name).filter((name) => name !== ir.basePersona);
  const layerList = layers.map((name) => `**${name}**`).join(", ");
  const layerNote =
    layers.length === 1
      ? "a capability layer linked into this persona, not part of its name"
      : "capability layers linked into this persona, not part of its name";
  return toLf(renderTemplate("persona-identity.md.hbs", { base, layerList, layerNote })).trim();
}

/** One rule's block: a marker naming the file and the layer it came from, then its trimmed text. */
function ruleBlock(rule: MarkdownFeature): string {
  const text = toLf(rule.raw).trim();
  return text.length === 0 ? "" : `<!-- rule: ${rule.fileName} (${rule.origin.layer}) -->\n${text}`;
}

/**
 * The whole managed text of a persona file: header, identity, the bundle's shared persona, each
 * chain profile's CLAUDE.md (chain order, with its marker), the compiled rules (in the IR's order:
 * first position, last text), the CI manifesto, each part skipped when empty, joined by
 * `PERSONA_SEPARATOR`, then a blank line, `footer` and a newline. LF line endings throughout.
 */
export function assemblePersona(ir: Ir, header: string, footer: string = PERSONA_FOOTER): string {
  let body = bodies.get(ir);
  if (body === undefined) {
    body = personaBody(ir);
    bodies.set(ir, body);
  }
  return `${[header, body].filter(isNotBlank).join(PERSONA_SEPARATOR)}\n\n${footer}\n`;
}

// Everything below the header is the same for every target, and with hundreds of rules it is the
// largest text the compiler builds (~550 KB at the 10x bench): it is assembled once per IR. The
// IR is not changed once built (targets only read it), so the IR object is the key.
const bodies = new WeakMap<Ir, string>();

/** The persona parts below the header, joined. Each is pushed only when non-blank, so no part needs trimming again. */
function personaBody(ir: Ir): string {
  const identity = renderIdentity(ir);
  const parts: string[] = identity ? [identity] : [];
  const bundle = ir.persona.bundleShared ? toLf(ir.persona.bundleShared.text).trim() : "";
  if (bundle) parts.push(`<!-- bundle shared directives -->\n${bundle}`);
  for (const profile of ir.persona.profiles) {
    const text = toLf(profile.text).trim();
    if (text) parts.push(`<!-- profile: ${profile.profile} -->\n${text}`);
  }
  const rules = ir.rules.map(ruleBlock).filter((block) => block.length > 0);
  if (rules.length > 0) parts.push(`# Rules\n\n${rules.join(PERSONA_SEPARATOR)}`);
  const manifesto = ir.persona.manifesto ? toLf(ir.persona.manifesto.text).trim() : "";
  if (manifesto) parts.push(`<!-- ci-manifesto -->\n${manifesto}`);
  return parts.join(PERSONA_SEPARATOR);
}

function isNotBlank(part: string): boolean {
  return part.trim().length > 0;
}

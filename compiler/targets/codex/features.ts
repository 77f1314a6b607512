/**
 * Skills, agents and commands for Codex (docs/targets/codex.md, "Skills, agents, commands"). Skills are copied into
 * the open-standard directory `~/.agents/skills`, which Codex 0.171 reads and Copilot shares: both
 * targets produce the same files under the same manifest, so neither deletes the other's. Codex has
 * no custom-agent registry, and 0.171 loads no `~/.codex/prompts`: agents and commands are reported,
 * not written (Copilot's command-skills in `~/.agents/skills` reach Codex when both are applied).
 */
import type { FileEntry } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { Ir, MarkdownFeature } from "../../ir";
import { agentSkillEntries } from "../../lower/skills";
import { diagnostic } from "../../messages";
import type { CodexPaths } from "./paths";

/** Skill files, plus one info diagnostic each for the agents and the commands Codex cannot take. */
export function lowerFeatures(ir: Pick<Ir, "agents" | "commands" | "skills">, paths: CodexPaths): { entries: FileEntry[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const report = (code: "AH4201" | "AH4202", items: readonly MarkdownFeature[]): void => {
    if (items.length === 0) return;
    const names = items.map((i) => i.name).sort();
    // One diagnostic for the lot, located at the first item, so a bundle of 15 agents is one line.
    diagnostics.push(diagnostic(code, items[0]!.origin, { count: items.length, names: abbreviateNames(names) }));
  };
  report("AH4201", ir.agents);
  report("AH4202", ir.commands);
  // Codex 0.171.0 skips a SKILL.md without frontmatter or a description, or with a name over 64
  // characters (its skills/list errors); the shared lowering meets that and the other readers' rules.
  const skills = agentSkillEntries(ir.skills, paths.skillsDir);
  return { entries: skills.entries, diagnostics: [...diagnostics, ...skills.diagnostics] };
}

/** How many names a diagnostic lists before it says "and N more": enough to recognise the set. */
export const LISTED_NAMES = 10;

/**
 * `names` joined with ", ", cut after the first `limit` as `a, b, … and 140 more`, so a large
 * bundle's report stays one readable line instead of a screen of names.
 */
export function abbreviateNames(names: readonly string[], limit = LISTED_NAMES): string {
  if (names.length <= limit) return names.join(", ");
  return `${names.slice(0, limit).join(", ")} and ${names.length - limit} more`;
}

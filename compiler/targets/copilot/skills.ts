/**
 * Real skills (docs/targets/copilot.md, "Agents, commands and skills"): copied into
 * `~/.agents/skills/<name>/`, each SKILL.md meeting the loader rules of every client that reads
 * that directory (compiler/lower/skills.ts), Copilot 1.0.102's among them: a name of at most 64
 * characters starting with an ASCII letter or digit, a description of at most 1024.
 */
import type { FileEntry } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { Skill } from "../../ir";
import { agentSkillEntries } from "../../lower/skills";
import type { CopilotPaths } from "./paths";

/** The skill files, and what had to be added to or fixed in their SKILL.md. */
export function lowerSkills(skills: readonly Skill[], paths: CopilotPaths): { entries: FileEntry[]; diagnostics: Diagnostic[] } {
  return agentSkillEntries(skills, paths.skillsDir);
}

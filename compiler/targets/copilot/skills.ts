/** Real skills (docs/targets/copilot.md, "Agents, commands and skills"): copied into `~/.agents/skills/<name>/`, checked against Copilot's description cap. */
import type { FileEntry } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { Skill } from "../../ir";
import { measuredDescription, skillFileEntries } from "../../lower/skills";
import { diagnostic } from "../../messages";
import { SKILL_DESCRIPTION_LIMIT } from "./capabilities";
import type { CopilotPaths } from "./paths";

/** The skill files, and a warning for each skill whose description Copilot would refuse. */
export function lowerSkills(skills: readonly Skill[], paths: CopilotPaths): { entries: FileEntry[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  for (const skill of skills) {
    const description = measuredDescription(skill.frontmatter.description);
    if (description.length > SKILL_DESCRIPTION_LIMIT) {
      diagnostics.push(
        diagnostic(
          "AH4022",
          { ...skill.origin, pointer: "/description" },
          { kind: "Skill", name: skill.name, length: description.length, limit: SKILL_DESCRIPTION_LIMIT },
        ),
      );
    }
  }
  return { entries: skillFileEntries(skills, paths.skillsDir), diagnostics };
}

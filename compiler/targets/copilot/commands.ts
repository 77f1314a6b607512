/**
 * Commands → skills (docs/targets/copilot.md, "Agents, commands and skills"): Copilot has no prompt files, so each command becomes
 * `~/.agents/skills/<name>/SKILL.md` (model-discoverable, no longer a /name). A real skill of the
 * same name always wins. The translated directories are listed in their own manifest.
 */
import path from "node:path";
import type { FileEntry } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { MarkdownFeature, Skill } from "../../ir";
import { renderMarkdownDocument } from "../../lower/frontmatter";
import { agentSkillFrontmatter, measuredDescription } from "../../lower/skills";
import { diagnostic } from "../../messages";
import type { CopilotPaths } from "./paths";

/** One SKILL.md per command not shadowed by a real skill; frontmatter `name` and `description` only. */
export function lowerCommands(
  commands: readonly MarkdownFeature[],
  skills: readonly Skill[],
  paths: CopilotPaths,
): { entries: FileEntry[]; diagnostics: Diagnostic[] } {
  const skillNames = new Set(skills.map((s) => s.name));
  const entries: FileEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const command of commands) {
    if (skillNames.has(command.name)) {
      diagnostics.push(diagnostic("AH4021", command.origin, { name: command.name }));
      continue;
    }
    // The command's own description, or one Copilot's readers accept (AH4020); the name and a long
    // description meet the rules of every reader of ~/.agents/skills (compiler/lower/skills.ts).
    let description = typeof command.frontmatter.description === "string" ? command.frontmatter.description.trim() : "";
    if (!measuredDescription(description)) {
      description = `The /${command.name} command from the agentihooks bundle, as a skill.`;
      diagnostics.push(diagnostic("AH4020", command.origin, { kind: "Command", name: command.name, description }));
    }
    const met = agentSkillFrontmatter("Command", { ...command, frontmatter: { name: command.name, description } });
    diagnostics.push(...met.diagnostics);
    const dropped = Object.keys(command.frontmatter)
      .filter((key) => key !== "name" && key !== "description" && key !== "$schema")
      .sort();
    if (dropped.length > 0) diagnostics.push(diagnostic("AH4026", command.origin, { name: command.name, keys: dropped.map((k) => `'${k}'`).join(", ") }));
    const dir = path.posix.join(paths.skillsDir, command.name);
    entries.push({
      kind: "file",
      path: path.posix.join(dir, "SKILL.md"),
      content: renderMarkdownDocument({ name: met.name, description: met.description }, command.body),
      mode: 0o644,
      manifest: { dir: paths.skillsDir, file: paths.commandsManifest, item: command.name },
      origin: command.origin,
    });
  }
  return { entries, diagnostics };
}

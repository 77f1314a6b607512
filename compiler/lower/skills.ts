/**
 * Real skills into the open-standard skills directory (`~/.agents/skills`), shared by Copilot and
 * Codex. Skills are COPIED as files, not linked: a desired tree is bytes, and a bundle that moves
 * must not leave dangling links behind. Every skill directory we write is listed in one manifest,
 * so an operator's own skill of the same name is left alone (plan decides, from the manifest).
 */
import path from "node:path";
import type { FileEntry } from "../desired-tree";
import type { Skill } from "../ir";
import { authoredMarkdown } from "./frontmatter";

/** Manifest of the real-skill directories agentihooks copied into the shared skills directory. */
export const SKILLS_MANIFEST = ".agentihooks-skills.json";

/** One FileEntry per file of every skill: `<skillsDir>/<skill>/<file>`, mode 0755 for executables. */
export function skillFileEntries(skills: readonly Skill[], skillsDir: string): FileEntry[] {
  const entries: FileEntry[] = [];
  for (const skill of skills) {
    // SKILL.md is written without `$schema` (docs/schemas.md); every other file as authored.
    const skillMd = authoredMarkdown(skill);
    for (const file of skill.files) {
      entries.push({
        kind: "file",
        path: path.posix.join(skillsDir, skill.name, file.path),
        content: file.path === "SKILL.md" && skillMd !== skill.raw ? new TextEncoder().encode(skillMd) : file.content,
        mode: file.executable ? 0o755 : 0o644,
        manifest: { dir: skillsDir, file: SKILLS_MANIFEST, item: skill.name },
        origin: skill.origin,
      });
    }
  }
  return entries;
}

/** A SKILL.md description as Copilot measures it: whitespace runs collapsed to one space, trimmed. */
export function measuredDescription(description: unknown): string {
  return typeof description === "string" ? description.replace(/\s+/g, " ").trim() : "";
}

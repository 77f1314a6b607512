/**
 * Real skills into the open-standard skills directory (`~/.agents/skills`), shared by Copilot and
 * Codex. Skills are COPIED as files, not linked: a desired tree is bytes, and a bundle that moves
 * must not leave dangling links behind. Every skill directory we write is listed in one manifest,
 * so an operator's own skill of the same name is left alone (plan decides, from the manifest).
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import type { FileEntry } from "../desired-tree";
import type { Origin, Skill } from "../ir";
import { diagnostic } from "../messages";
import { authoredMarkdown } from "./frontmatter";
import { toLf } from "./text";

/** Manifest of the real-skill directories agentihooks copied into the shared skills directory. */
export const SKILLS_MANIFEST = ".agentihooks-skills.json";

/**
 * One FileEntry per file of every skill: `<skillsDir>/<skill>/<file>`, mode 0755 for executables.
 * `overrides[i]` holds frontmatter keys to write into skill i's SKILL.md in place of the authored ones.
 */
export function skillFileEntries(skills: readonly Skill[], skillsDir: string, overrides: readonly Readonly<Record<string, unknown>>[] = []): FileEntry[] {
  const entries: FileEntry[] = [];
  for (const [index, skill] of skills.entries()) {
    // SKILL.md is written without `$schema` (docs/schemas.md); every other file as authored.
    const skillMd = authoredMarkdown(skill, overrides[index]);
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

/**
 * What every reader of the open-standard skills directory (`~/.agents/skills`) needs from a
 * SKILL.md, probed on each client (docs/targets/copilot.md, codex.md, gemini.md, "loader rules"):
 * Copilot 1.0.102, Codex 0.171.0 and Gemini CLI 0.61.0 read the same files, and the three targets
 * write the same bytes there, so the file meets all of their rules at once.
 */
export const AGENT_SKILL_RULES = {
  /** Codex and Copilot refuse a longer name (Codex counts characters). */
  nameLimit: 64,
  /** Copilot refuses a longer description; Codex cuts it in the model's prompt. */
  descriptionLimit: 1024,
  /**
   * Copilot: an ASCII letter or digit first, then ASCII letters, digits, `.`, `_`, `-`, `:` or
   * spaces. `:` is left out: Gemini rewrites it to `-`, so the name would differ between clients.
   */
  name: /^[A-Za-z0-9][A-Za-z0-9._ -]*$/,
} as const;

/** `name` as every reader of `~/.agents/skills` loads it (AGENT_SKILL_RULES); empty when nothing of it is usable. */
export function agentSkillName(name: string): string {
  const replaced = name
    .normalize("NFKC")
    .replace(/[^A-Za-z0-9._ -]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "");
  return [...replaced].slice(0, AGENT_SKILL_RULES.nameLimit).join("").trimEnd();
}

/**
 * The first sentence of the body's first paragraph (list markers dropped, whitespace collapsed), or
 * when the body has no prose, its first heading; undefined for a body with neither. Fenced code and
 * HTML comments are skipped.
 */
export function descriptionFromBody(body: string): string | undefined {
  let heading: string | undefined;
  const paragraph: string[] = [];
  let fenced = false;
  for (const line of toLf(body).split("\n")) {
    const text = line.trim();
    if (/^(```|~~~)/.test(text)) {
      fenced = !fenced;
      if (paragraph.length > 0) break;
      continue;
    }
    if (fenced || text.startsWith("<!--")) continue;
    if (text === "") {
      if (paragraph.length > 0) break;
      continue;
    }
    const title = /^#{1,6}\s+(.*?)[\s#]*$/.exec(text);
    if (title) {
      if (paragraph.length > 0) break;
      heading ??= title[1] || undefined;
      continue;
    }
    paragraph.push(text.replace(/^(?:[-*+]|\d+[.)])\s+/, ""));
  }
  const prose = paragraph.join(" ").replace(/\s+/g, " ").trim();
  if (prose) return /^.*?[.!?](?=\s|$)/.exec(prose)?.[0] ?? prose;
  return heading;
}

/** `text` (whitespace collapsed) cut to at most `limit` characters at the last space before it, ending in `…`. */
export function cutDescription(text: string, limit: number = AGENT_SKILL_RULES.descriptionLimit): string {
  const flat = measuredDescription(text);
  const chars = [...flat];
  if (chars.length <= limit) return flat;
  const head = chars.slice(0, limit - 1).join("");
  const space = head.lastIndexOf(" ");
  return `${(space > limit / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** A SKILL.md (a skill's, or one translated from a command) for `~/.agents/skills`: the name and description to write, and what was changed. */
export interface AgentSkillFrontmatter {
  name: string;
  description: string;
  /** Frontmatter keys to write in place of the authored ones (empty when the file is copied as is). */
  overrides: Record<string, string>;
  diagnostics: Diagnostic[];
}

/**
 * The `name` and `description` a SKILL.md in `~/.agents/skills` must carry (AGENT_SKILL_RULES):
 * a missing name is the directory name (Gemini skips a skill without one, info AH4321), a missing
 * description is the body's first sentence or heading (Codex skips a skill without one, info
 * AH4320), a name a reader refuses is fixed (warning AH4322), and a description over the limit is
 * cut (warning AH4323). `kind` names the source in the messages (`Skill`, `Command`).
 */
export function agentSkillFrontmatter(
  kind: "Skill" | "Command",
  item: { name: string; frontmatter: Readonly<Record<string, unknown>>; body: string; origin: Origin },
): AgentSkillFrontmatter {
  const diagnostics: Diagnostic[] = [];
  const overrides: Record<string, string> = {};
  const front = item.frontmatter;
  const authored = typeof front.name === "string" ? front.name.trim() : "";
  let name = authored || item.name;
  if (!authored && kind === "Skill") {
    overrides.name = name;
    diagnostics.push(diagnostic("AH4321", item.origin, { skill: item.name, name }));
  }
  const fixed = agentSkillName(name) || agentSkillName(item.name) || "skill";
  if (fixed !== name) {
    diagnostics.push(diagnostic("AH4322", { ...item.origin, pointer: "/name" }, { kind, item: item.name, name, written: fixed }));
    name = fixed;
    overrides.name = name;
  }
  let description = typeof front.description === "string" ? front.description.trim() : "";
  if (!measuredDescription(description)) {
    description = cutDescription(descriptionFromBody(item.body) ?? `The ${name} ${kind.toLowerCase()} from the agentihooks bundle.`);
    overrides.description = description;
    if (kind === "Skill") diagnostics.push(diagnostic("AH4320", item.origin, { skill: item.name, description }));
  } else if ([...measuredDescription(description)].length > AGENT_SKILL_RULES.descriptionLimit) {
    // Copilot measures the description with its whitespace collapsed, as measuredDescription does.
    const cut = cutDescription(description);
    diagnostics.push(
      diagnostic(
        "AH4323",
        { ...item.origin, pointer: "/description" },
        { kind, item: item.name, length: [...measuredDescription(description)].length, limit: AGENT_SKILL_RULES.descriptionLimit },
      ),
    );
    description = cut;
    overrides.description = description;
  }
  return { name, description, overrides, diagnostics };
}

/**
 * The files of every skill for `~/.agents/skills` (shared by the Copilot, Codex and Gemini
 * targets): skillFileEntries with each SKILL.md meeting AGENT_SKILL_RULES, and what was changed.
 */
export function agentSkillEntries(skills: readonly Skill[], skillsDir: string): { entries: FileEntry[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const met = skills.map((skill) => {
    const checked = agentSkillFrontmatter("Skill", skill);
    diagnostics.push(...checked.diagnostics);
    return checked.overrides;
  });
  return { entries: skillFileEntries(skills, skillsDir, met), diagnostics };
}

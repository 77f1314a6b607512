/**
 * Agents into `~/.claude/agents/<file>`, copied as authored when Claude Code's agent loader takes
 * them as they are. Claude Code 2.1.332 (its agent frontmatter check) skips a file whose frontmatter
 * has no `name`, without a word, and refuses one without a `description`, or whose name starts with
 * `-`, is longer than 256 characters or holds `:` (kept for plugin namespaces). Such an agent's
 * frontmatter is written again with what it lacks: the file name as `name`, a synthesised
 * description (info AH4110), a name the loader accepts (warning AH4111). `$schema` is never
 * written (docs/schemas.md).
 */
import path from "node:path";
import type { Diagnostic } from "../../diagnostics";
import type { FileEntry } from "../../desired-tree";
import type { MarkdownFeature } from "../../ir";
import { authoredMarkdown } from "../../lower/frontmatter";
import { diagnostic } from "../../messages";

/** The longest agent name Claude Code 2.1.332 loads. */
export const CLAUDE_AGENT_NAME_LIMIT = 256;

/** `name` as Claude Code accepts it: no leading `-`, `:` replaced by `-`, at most 256 characters. */
export function claudeAgentName(name: string): string {
  const fixed = name.normalize("NFKC").includes(":") ? name.normalize("NFKC").replace(/:/g, "-") : name;
  return fixed.replace(/^-+/, "").slice(0, CLAUDE_AGENT_NAME_LIMIT);
}

/** One agent file, and the diagnostics of what had to be added or fixed. */
export function lowerAgent(agent: MarkdownFeature, dir: string, manifest: string): { entry: FileEntry; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const front = agent.frontmatter;
  const overrides: Record<string, unknown> = {};
  const authored = typeof front.name === "string" ? front.name.trim() : "";
  let name = authored || agent.name;
  if (!authored) overrides.name = name;
  const fixed = claudeAgentName(name);
  if (fixed !== name || fixed === "") {
    const written = fixed || "agent";
    diagnostics.push(diagnostic("AH4111", { ...agent.origin, pointer: "/name" }, { agent: agent.name, name, written }));
    name = written;
    overrides.name = name;
  }
  if (typeof front.description !== "string" || front.description.trim() === "") {
    const description = `The ${name} agent from the agentihooks bundle.`;
    overrides.description = description;
    diagnostics.push(diagnostic("AH4110", agent.origin, { agent: agent.name, description }));
  }
  return {
    entry: {
      kind: "file",
      path: path.posix.join(dir, agent.fileName),
      content: authoredMarkdown(agent, overrides),
      mode: 0o644,
      manifest: { dir, file: manifest, item: agent.fileName },
      origin: agent.origin,
    },
    diagnostics,
  };
}

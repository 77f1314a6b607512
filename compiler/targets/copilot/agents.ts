/**
 * Custom agents (docs/targets/copilot.md, "Agents, commands and skills"): Claude-format agent files translated into
 * `<copilotHome>/agents/<name>.md`, listed in the directory's manifest so an operator's own agent
 * of the same name wins.
 */
import path from "node:path";
import type { FileEntry } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { MarkdownFeature } from "../../ir";
import { renderMarkdownDocument } from "../../lower/frontmatter";
import { toLf } from "../../lower/text";
import { diagnostic } from "../../messages";
import { AGENT_BODY_LIMIT, AGENT_TOOL_NAMES } from "./capabilities";
import type { CopilotPaths } from "./paths";

/** The marker that ends a body cut to fit Copilot's limit. */
export const TRUNCATION_MARKER = `\n\n<!-- truncated by agentihooks: exceeds Copilot's ${AGENT_BODY_LIMIT}-char agent body limit -->\n`;

/**
 * `body` cut to fit `limit` characters with the marker: at the last blank line (`\n\n`) before
 * `limit - marker length`, or at that index when there is none. Shorter bodies come back unchanged.
 */
export function truncateBody(body: string, limit = AGENT_BODY_LIMIT): { body: string; truncated: boolean } {
  if (body.length <= limit) return { body, truncated: false };
  const room = limit - TRUNCATION_MARKER.length;
  const boundary = body.lastIndexOf("\n\n", room - 2);
  const cut = boundary > 0 ? boundary : room;
  return { body: body.slice(0, cut) + TRUNCATION_MARKER, truncated: true };
}

/**
 * Copilot tool grants from Claude's `tools`: a comma string or a list; each grant reduced to the
 * bare tool (`Bash(git diff*)` → `Bash`, with a warning: Copilot cannot scope a grant), mapped to
 * Copilot's name (unknown names pass through), de-duplicated and sorted.
 */
export function mapAgentTools(agent: string, tools: unknown, origin: MarkdownFeature["origin"]): { tools: string[]; diagnostics: Diagnostic[] } {
  const raw = typeof tools === "string" ? tools.split(",") : Array.isArray(tools) ? tools.filter((t): t is string => typeof t === "string") : [];
  const out = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const grant of raw) {
    const trimmed = grant.trim();
    const bare = trimmed.split("(")[0]!.trim();
    if (!bare) continue;
    const mapped = AGENT_TOOL_NAMES[bare] ?? bare;
    if (trimmed !== bare) diagnostics.push(diagnostic("AH4016", { ...origin, pointer: "/tools" }, { agent, grant: trimmed, tool: mapped }));
    out.add(mapped);
  }
  return { tools: [...out].sort(), diagnostics };
}

/** One agent file: frontmatter `name`, `description` (synthesised when missing), `tools`; other keys dropped and reported. */
export function translateAgent(agent: MarkdownFeature, paths: CopilotPaths): { entry: FileEntry; diagnostics: Diagnostic[] } {
  const front = agent.frontmatter;
  const diagnostics: Diagnostic[] = [];
  const name = typeof front.name === "string" && front.name.trim() ? front.name.trim() : agent.name;
  let description = typeof front.description === "string" ? front.description.trim() : "";
  if (!description) {
    description = `The ${agent.name} agent from the agentihooks bundle.`;
    diagnostics.push(diagnostic("AH4020", agent.origin, { kind: "Agent", name: agent.name, description }));
  }
  const out: Record<string, unknown> = { name, description };
  const tools = mapAgentTools(agent.name, front.tools, agent.origin);
  diagnostics.push(...tools.diagnostics);
  if (tools.tools.length > 0) out.tools = tools.tools;

  if (front.model !== undefined) {
    diagnostics.push(diagnostic("AH4018", { ...agent.origin, pointer: "/model" }, { agent: agent.name, model: String(front.model) }));
  }
  const dropped = Object.keys(front)
    .filter((key) => !["name", "description", "tools", "model", "$schema"].includes(key))
    .sort();
  if (dropped.length > 0) diagnostics.push(diagnostic("AH4017", agent.origin, { agent: agent.name, keys: dropped.map((k) => `'${k}'`).join(", ") }));

  const body = toLf(agent.body);
  const cut = truncateBody(body);
  if (cut.truncated) diagnostics.push(diagnostic("AH4019", agent.origin, { agent: agent.name, length: body.length, limit: AGENT_BODY_LIMIT }));

  return {
    entry: {
      kind: "file",
      path: path.posix.join(paths.agentsDir, `${agent.name}.md`),
      content: renderMarkdownDocument(out, cut.body),
      mode: 0o644,
      manifest: { dir: paths.agentsDir, file: paths.agentsManifest, item: `${agent.name}.md` },
      origin: agent.origin,
    },
    diagnostics,
  };
}

/** Every agent of the IR (already one per name, later layers winning). */
export function lowerAgents(agents: readonly MarkdownFeature[], paths: CopilotPaths): { entries: FileEntry[]; diagnostics: Diagnostic[] } {
  const entries: FileEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const agent of agents) {
    const translated = translateAgent(agent, paths);
    entries.push(translated.entry);
    diagnostics.push(...translated.diagnostics);
  }
  return { entries, diagnostics };
}

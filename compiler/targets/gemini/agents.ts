/**
 * Subagents: Claude-format agent files translated into `~/.gemini/agents/<name>.md` in Gemini's
 * frontmatter (`name`, `description`, `kind: local`, `tools`, `model`, `max_turns`, …; Gemini's
 * schema is strict, so nothing else is written), listed in a manifest so an operator's own agent of
 * the same name wins. The body is the subagent's system prompt, as authored.
 */
import path from "node:path";
import type { FileEntry } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { MarkdownFeature } from "../../ir";
import { renderMarkdownDocument } from "../../lower/frontmatter";
import { toLf } from "../../lower/text";
import { diagnostic } from "../../messages";
import { AGENT_NAME, AGENT_TOOL_NAMES, BUILT_IN_AGENTS, GEMINI_TOOL_NAMES } from "./capabilities";
import type { GeminiPaths } from "./paths";

/** Claude frontmatter keys with a Gemini counterpart: read here, never reported as dropped. */
const TRANSLATED = new Set(["$schema", "name", "description", "tools", "model", "maxTurns"]);

/**
 * Gemini tool names for Claude's `tools` (a comma string or a list). A grant is reduced to its tool
 * (`Bash(git diff*)` → `Bash`); Claude names are mapped, Gemini's own names kept, Claude MCP names
 * `mcp__server__tool` become `mcp_server_tool` (`mcp__server` every tool of it: `mcp_server_*`).
 * Anything else has no Gemini equivalent: returned in `unmapped`. De-duplicated and sorted.
 */
export function mapAgentTools(tools: unknown): { tools: string[]; unmapped: string[]; reduced: Array<{ grant: string; tool: string }> } {
  const raw = typeof tools === "string" ? tools.split(",") : Array.isArray(tools) ? tools.filter((t): t is string => typeof t === "string") : [];
  const out = new Set<string>();
  const unmapped = new Set<string>();
  const reduced: Array<{ grant: string; tool: string }> = [];
  for (const grant of raw) {
    const trimmed = grant.trim();
    const bare = trimmed.split("(")[0]!.trim();
    if (!bare) continue;
    const mcp = /^mcp__([A-Za-z0-9_.:-]+?)(?:__(.+))?$/.exec(bare);
    const mapped = AGENT_TOOL_NAMES[bare] ?? (GEMINI_TOOL_NAMES.has(bare) ? bare : mcp ? `mcp_${mcp[1]}_${mcp[2] ?? "*"}` : undefined);
    if (!mapped) {
      unmapped.add(bare);
      continue;
    }
    if (trimmed !== bare) reduced.push({ grant: trimmed, tool: mapped });
    out.add(mapped);
  }
  return { tools: [...out].sort(), unmapped: [...unmapped].sort(), reduced };
}

/** A Gemini agent name: the authored name lower-cased, every character Gemini refuses replaced by `-`. */
export function agentName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_-]+/g, "-");
}

/**
 * `name`, or when Gemini would ignore an agent of that name (a built-in agent's, or one already
 * taken by an earlier agent of the bundle), the first of `<name>-2`, `<name>-3`, … that is free.
 */
export function freeAgentName(name: string, taken: ReadonlySet<string>): string {
  if (!BUILT_IN_AGENTS.has(name) && !taken.has(name)) return name;
  let n = 2;
  while (BUILT_IN_AGENTS.has(`${name}-${n}`) || taken.has(`${name}-${n}`)) n += 1;
  return `${name}-${n}`;
}

/** The agent's file name: Gemini CLI 0.61.0 skips a file in its agents directory whose name starts with `_`, without a word. */
export function agentFileName(agent: MarkdownFeature): string {
  return `${agent.name.replace(/^_+/, "") || "agent"}.md`;
}

/** One agent file; `taken` holds the names the agents before it were written under. */
export function translateAgent(
  agent: MarkdownFeature,
  paths: GeminiPaths,
  taken: ReadonlySet<string> = new Set(),
): { entry: FileEntry; name: string; diagnostics: Diagnostic[] } {
  const front = agent.frontmatter;
  const diagnostics: Diagnostic[] = [];
  const authored = typeof front.name === "string" && front.name.trim() ? front.name.trim() : agent.name;
  const slug = AGENT_NAME.test(authored) ? authored : agentName(authored);
  if (slug !== authored) diagnostics.push(diagnostic("AH4418", { ...agent.origin, pointer: "/name" }, { agent: agent.name, name: authored, written: slug }));
  const name = freeAgentName(slug, taken);
  if (name !== slug)
    diagnostics.push(
      diagnostic(
        "AH4420",
        { ...agent.origin, pointer: "/name" },
        { agent: agent.name, name: slug, owner: BUILT_IN_AGENTS.has(slug) ? "a Gemini built-in agent" : "an earlier agent of the profiles", written: name },
      ),
    );
  let description = typeof front.description === "string" ? front.description.trim() : "";
  if (!description) {
    description = `The ${agent.name} agent from the agentihooks bundle.`;
    diagnostics.push(diagnostic("AH4416", agent.origin, { kind: "Agent", name: agent.name, description }));
  }
  const out: Record<string, unknown> = { name, description, kind: "local" };
  if (front.tools !== undefined) {
    const mapped = mapAgentTools(front.tools);
    for (const { grant, tool } of mapped.reduced)
      diagnostics.push(diagnostic("AH4417", { ...agent.origin, pointer: "/tools" }, { agent: agent.name, grant, tool }));
    if (mapped.unmapped.length > 0)
      diagnostics.push(
        diagnostic("AH4413", { ...agent.origin, pointer: "/tools" }, { agent: agent.name, tools: mapped.unmapped.map((t) => `'${t}'`).join(", ") }),
      );
    // Written even when empty: an agent granted only unmapped tools must not fall back to every tool.
    out.tools = mapped.tools;
  }
  if (typeof front.model === "string" && front.model.startsWith("gemini-")) out.model = front.model;
  else if (front.model !== undefined)
    diagnostics.push(diagnostic("AH4415", { ...agent.origin, pointer: "/model" }, { agent: agent.name, model: String(front.model) }));
  if (typeof front.maxTurns === "number" && Number.isInteger(front.maxTurns) && front.maxTurns > 0) out.max_turns = front.maxTurns;
  const dropped = Object.keys(front)
    .filter((key) => !TRANSLATED.has(key))
    .sort();
  if (dropped.length > 0) diagnostics.push(diagnostic("AH4414", agent.origin, { agent: agent.name, keys: dropped.map((k) => `'${k}'`).join(", ") }));

  const fileName = agentFileName(agent);
  if (fileName !== `${agent.name}.md`) diagnostics.push(diagnostic("AH4419", agent.origin, { agent: agent.name, file: fileName }));
  return {
    name,
    entry: {
      kind: "file",
      path: path.posix.join(paths.agentsDir, fileName),
      content: renderMarkdownDocument(out, toLf(agent.body)),
      mode: 0o644,
      manifest: { dir: paths.agentsDir, file: paths.manifest, item: fileName },
      origin: agent.origin,
    },
    diagnostics,
  };
}

/** Every agent of the IR (already one per name, later layers winning). */
export function lowerAgents(agents: readonly MarkdownFeature[], paths: GeminiPaths): { entries: FileEntry[]; diagnostics: Diagnostic[] } {
  const entries: FileEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const taken = new Set<string>();
  for (const agent of agents) {
    const translated = translateAgent(agent, paths, taken);
    taken.add(translated.name);
    entries.push(translated.entry);
    diagnostics.push(...translated.diagnostics);
  }
  return { entries, diagnostics };
}

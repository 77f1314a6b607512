/**
 * Small hand-built IRs for target unit tests: every field present and empty unless a test sets it,
 * so a test states only what it is about. Not a front end: no files are read.
 */
import { TARGET_IDS } from "../../compiler/targets/ids";
import type { ChainMember, Ir, MarkdownFeature, McpServerEntry, MergedDocument, Origin, Skill, TargetInput } from "../../compiler/ir";
import { parseMarkdown } from "../../compiler/parse/parse-markdown";

/** An origin in a named layer, pointing at a display path. */
export function origin(file: string, layer = "profile test", pointer?: string): Origin {
  return pointer === undefined ? { file, layer } : { file, layer, pointer };
}

/** A merged settings document from a plain value (provenance: every top-level key set by `file`). */
export function merged(value: Record<string, unknown>, file = "bundle:.copilot/settings.overrides.json"): MergedDocument {
  const layer = origin(file, "bundle");
  const provenance: Record<string, Origin> = {};
  for (const key of Object.keys(value)) provenance[`/${key}`] = { ...layer, pointer: `/${key}` };
  const directives = value._agentihooks;
  if (directives && typeof directives === "object") {
    for (const key of Object.keys(directives)) provenance[`/_agentihooks/${key}`] = { ...layer, pointer: `/_agentihooks/${key}` };
  }
  return { value, provenance, layers: [layer] };
}

/** An empty per-target input. */
export function targetInput(settings: Record<string, unknown> = {}, mcpServers: Record<string, McpServerEntry> = {}): TargetInput {
  return { settings: merged(settings), mcpServers };
}

/** An MCP server entry as the front end would hand it over. */
export function mcp(server: Record<string, unknown>, name = "server", file = "bundle:.copilot/mcp-config.overrides.json"): McpServerEntry {
  return { server: server as McpServerEntry["server"], origin: origin(file, "bundle", `/mcpServers/${name}`) };
}

/** A markdown feature (rule, command, agent) with optional frontmatter. */
export function feature(
  kind: "rules" | "commands" | "agents",
  name: string,
  body: string,
  frontmatter: Record<string, unknown> = {},
  layer = "profile test",
): MarkdownFeature {
  const fm =
    Object.keys(frontmatter).length > 0
      ? `---\n${Object.entries(frontmatter)
          .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
          .join("\n")}\n---\n\n`
      : "";
  return { name, fileName: `${name}.md`, frontmatter, body, raw: `${fm}${body}`, origin: origin(`bundle:.claude/${kind}/${name}.md`, layer) };
}

/** A skill directory: SKILL.md plus extra files. */
export function skill(name: string, skillMd: string, extra: Array<{ path: string; content: string; executable?: boolean }> = []): Skill {
  const enc = new TextEncoder();
  const files = [
    { path: "SKILL.md", content: enc.encode(skillMd), executable: false },
    ...extra.map((f) => ({ path: f.path, content: enc.encode(f.content), executable: f.executable ?? false })),
  ].sort((a, b) => (a.path < b.path ? -1 : 1));
  // Frontmatter and body as the loader reads them (compiler/parse/parse-markdown.ts).
  const document = parseMarkdown(skillMd, `${name}/SKILL.md`).value?.document ?? { frontmatter: {}, body: skillMd, raw: skillMd };
  return { name, ...document, files, origin: origin(`bundle:.claude/skills/${name}/SKILL.md`, "bundle") };
}

/** A chain member. */
export function member(name: string, source: ChainMember["source"] = "bundle"): ChainMember {
  return { name, source, root: `${source}:profiles/${name}` };
}

/** The smallest valid IR; `overrides` replaces whole top-level fields. */
export function makeIr(overrides: Partial<Ir> = {}): Ir {
  return {
    requestedChain: "default",
    chain: [member("default", "built-in")],
    basePersona: "default",
    persona: { profiles: [] },
    rules: [],
    commands: [],
    agents: [],
    skills: [],
    targets: Object.fromEntries(TARGET_IDS.map((id) => [id, targetInput()])) as Ir["targets"],
    guardrails: {} as Ir["guardrails"],
    ...overrides,
  };
}

/** The same IR with the Copilot target's settings and MCP servers replaced. */
export function withCopilot(ir: Ir, settings: Record<string, unknown>, mcpServers: Record<string, McpServerEntry> = {}): Ir {
  return { ...ir, targets: { ...ir.targets, copilot: targetInput(settings, mcpServers) } };
}

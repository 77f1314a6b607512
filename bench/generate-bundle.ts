/**
 * The synthetic input of the benchmark: one persona plus N rules, MCP servers, commands, agents and
 * skills, written three times with the same content, once per tool's input format (an agentihooks
 * bundle, a ruler `.ruler/` project, a rulesync `.rulesync/` project), so the tools are timed on
 * equivalent work. Content is deterministic: the same factor always gives the same bytes.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { TARGET_IDS } from "../compiler/targets/ids";

/** How many of each item one scale holds. */
export interface BenchCounts {
  rules: number;
  mcpServers: number;
  commands: number;
  agents: number;
  skills: number;
}

/** The 1x input of design.md ("Numbers it must reach"), plus a few skills. */
export const baseCounts: Readonly<BenchCounts> = { rules: 50, mcpServers: 20, commands: 15, agents: 15, skills: 5 };

/** The counts at `factor` times the 1x input (the persona stays one). */
export function countsFor(factor: number): BenchCounts {
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`bench scale factor must be a positive integer, got ${factor}`);
  return {
    rules: baseCounts.rules * factor,
    mcpServers: baseCounts.mcpServers * factor,
    commands: baseCounts.commands * factor,
    agents: baseCounts.agents * factor,
    skills: baseCounts.skills * factor,
  };
}

/** Every target agentihooks builds in the benchmark: all of the registry's. */
export const benchTargets: readonly string[] = [...TARGET_IDS];

/** ruler's agent ids for the same four clients (ruler 0.3.44 calls Gemini CLI `gemini-cli`). */
export const rulerAgents: readonly string[] = ["copilot", "claude", "codex", "gemini-cli"];

/** The profile every scale uses; its name is also the chain the config selects. */
export const benchProfile = "bench";

/** Where one scale's three inputs were written, and how many source files each holds. */
export interface GeneratedInputs {
  counts: BenchCounts;
  /** Project dir holding `agentihooks.config.json`; the bundle is `<agentihooks>/bundle`. */
  agentihooks: string;
  /** Project dir holding `.ruler/`. */
  ruler: string;
  /** Project dir holding `.rulesync/` and `rulesync.jsonc`. */
  rulesync: string;
  /** Source files written per tool (configs included), the x axis of the per-file slope. */
  files: { agentihooks: number; ruler: number; rulesync: number };
}

const topics = ["error handling", "naming", "testing", "logging", "security", "dependencies", "documentation", "performance", "reviews", "releases"] as const;

const tools = ["Read", "Grep", "Glob", "Bash", "Edit", "Write"] as const;

function pad(index: number, total: number): string {
  return String(index).padStart(Math.max(3, String(total).length), "0");
}

function topicOf(index: number): string {
  return topics[index % topics.length] ?? "general";
}

function slug(text: string): string {
  return text.replace(/[^a-z0-9]+/g, "-");
}

/** One MCP server in a tool-neutral shape: stdio with an env reference, or http. */
interface ServerSpec {
  name: string;
  stdio?: { command: string; args: string[]; env: Record<string, string> };
  http?: { url: string };
}

/** Every item of one scale, tool-neutral: names, frontmatter fields and bodies. */
interface Catalogue {
  persona: string;
  rules: { name: string; body: string; description: string }[];
  servers: ServerSpec[];
  commands: { name: string; description: string; body: string }[];
  agents: { name: string; description: string; tools: string[]; body: string }[];
  skills: { name: string; description: string; body: string }[];
}

function personaText(): string {
  return [
    "# Bench persona",
    "",
    "You are a careful senior engineer working in a large monorepo. You read before you write,",
    "keep changes small and reviewable, and explain trade-offs in plain words.",
    "",
    "## Working style",
    "",
    "- Plan first, then change one thing at a time and run the tests after each step.",
    "- Prefer the standard library and the project's existing helpers over new dependencies.",
    "- Leave the code a little clearer than you found it, without drive-by rewrites.",
    "- Ask when a requirement is ambiguous instead of guessing.",
    "",
  ].join("\n");
}

function ruleBody(index: number, total: number): string {
  const topic = topicOf(index);
  const lines = [`# Rule ${pad(index, total)}: ${topic}`, ""];
  for (let item = 1; item <= 8; item += 1) {
    lines.push(
      `- Point ${item} on ${topic}: state the intent, keep it consistent with rule ${pad(((index + item) % total) + 1, total)}, and prefer the simplest form that works.`,
    );
  }
  lines.push("", `When in doubt about ${topic}, follow the surrounding code and say why in the change description.`, "");
  return lines.join("\n");
}

function buildCatalogue(counts: BenchCounts): Catalogue {
  const rules = Array.from({ length: counts.rules }, (_, i) => {
    const index = i + 1;
    return {
      name: `rule-${pad(index, counts.rules)}-${slug(topicOf(index))}`,
      description: `Rule ${index} on ${topicOf(index)}`,
      body: ruleBody(index, counts.rules),
    };
  });
  const servers = Array.from({ length: counts.mcpServers }, (_, i): ServerSpec => {
    const index = i + 1;
    const name = `server-${pad(index, counts.mcpServers)}`;
    if (index % 4 === 0) return { name, http: { url: `https://mcp.example.com/${name}/mcp` } };
    return {
      name,
      stdio: {
        command: "npx",
        args: ["-y", `@example/mcp-${name}`, "--stdio"],
        env: { [`BENCH_TOKEN_${pad(index, counts.mcpServers)}`]: `\${BENCH_TOKEN_${pad(index, counts.mcpServers)}}` },
      },
    };
  });
  const commands = Array.from({ length: counts.commands }, (_, i) => {
    const index = i + 1;
    const topic = topicOf(index);
    return {
      name: `cmd-${pad(index, counts.commands)}`,
      description: `Review the current change for ${topic} (command ${index})`,
      body: `Review the staged change for ${topic}. Focus on: $ARGUMENTS\n\nList each finding with its file and line, most important first.\n`,
    };
  });
  const agents = Array.from({ length: counts.agents }, (_, i) => {
    const index = i + 1;
    const topic = topicOf(index);
    return {
      name: `agent-${pad(index, counts.agents)}`,
      description: `Specialist for ${topic}; use it when a change touches ${topic} (agent ${index}).`,
      tools: [tools[index % tools.length] ?? "Read", "Read", "Grep"].filter((tool, at, all) => all.indexOf(tool) === at),
      body: `You are the ${topic} specialist. Read the relevant files, then report concrete, numbered findings.\nNever edit files yourself; propose the change as a diff.\n`,
    };
  });
  const skills = Array.from({ length: counts.skills }, (_, i) => {
    const index = i + 1;
    const topic = topicOf(index);
    return {
      name: `skill-${pad(index, counts.skills)}`,
      description: `How this team handles ${topic} (skill ${index})`,
      body: `# ${topic}\n\nSteps:\n\n1. Find the existing pattern for ${topic} in the codebase.\n2. Apply it to the change at hand.\n3. Run the tests and report the result.\n`,
    };
  });
  return { persona: personaText(), rules, servers, commands, agents, skills };
}

/** YAML frontmatter with JSON-quoted scalars (valid YAML, no escaping questions). */
function frontmatter(fields: Record<string, string | string[] | boolean>): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n\n`;
}

function mcpJson(servers: ServerSpec[], withType: boolean): unknown {
  const out: Record<string, unknown> = {};
  for (const server of servers) {
    if (server.stdio) out[server.name] = { ...(withType ? { type: "stdio" } : {}), ...server.stdio };
    else if (server.http) out[server.name] = { type: "http", url: server.http.url };
  }
  return { mcpServers: out };
}

function rulerToml(servers: ServerSpec[]): string {
  const lines = [
    "# ruler configuration of the agentihooks benchmark",
    `default_agents = ${JSON.stringify(rulerAgents)}`,
    "",
    "[mcp]",
    "enabled = true",
    'merge_strategy = "merge"',
    "",
  ];
  for (const server of servers) {
    lines.push(`[mcp_servers.${JSON.stringify(server.name)}]`);
    if (server.stdio) {
      lines.push(`command = ${JSON.stringify(server.stdio.command)}`, `args = ${JSON.stringify(server.stdio.args)}`, "");
      lines.push(`[mcp_servers.${JSON.stringify(server.name)}.env]`);
      for (const [key, value] of Object.entries(server.stdio.env)) lines.push(`${key} = ${JSON.stringify(value)}`);
    } else if (server.http) {
      lines.push(`url = ${JSON.stringify(server.http.url)}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

/** Writes files under `root`, creating directories; returns how many were written. */
async function writeTree(root: string, files: Map<string, string>): Promise<number> {
  const dirs = new Set<string>();
  for (const relative of files.keys()) dirs.add(path.dirname(path.join(root, relative)));
  // Sorted so parents are created before children and the order is the same on every run.
  for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
  for (const [relative, text] of files) await writeFile(path.join(root, relative), text);
  return files.size;
}

/** The agentihooks project: config at the root, one bundle with one profile holding everything. */
function agentihooksFiles(catalogue: Catalogue): Map<string, string> {
  const files = new Map<string, string>();
  const profile = `bundle/profiles/${benchProfile}`;
  files.set("agentihooks.config.json", `${JSON.stringify({ bundle: "./bundle", profile: benchProfile, targets: benchTargets }, null, 2)}\n`);
  files.set(`${profile}/CLAUDE.md`, catalogue.persona);
  for (const rule of catalogue.rules) files.set(`${profile}/.claude/rules/${rule.name}.md`, rule.body);
  files.set(`${profile}/.claude/.mcp.json`, `${JSON.stringify(mcpJson(catalogue.servers, false), null, 2)}\n`);
  for (const command of catalogue.commands) {
    files.set(`${profile}/.claude/commands/${command.name}.md`, frontmatter({ description: command.description }) + command.body);
  }
  for (const agent of catalogue.agents) {
    files.set(
      `${profile}/.claude/agents/${agent.name}.md`,
      frontmatter({ name: agent.name, description: agent.description, tools: agent.tools.join(", ") }) + agent.body,
    );
  }
  for (const skill of catalogue.skills) {
    files.set(`${profile}/.claude/skills/${skill.name}/SKILL.md`, frontmatter({ name: skill.name, description: skill.description }) + skill.body);
  }
  return files;
}

/**
 * The ruler project. Ruler has no commands, so they have no equivalent here (it is given less work);
 * agents go to `.ruler/agents/` (applied with `--subagents`), skills to `.ruler/skills/`.
 */
function rulerFiles(catalogue: Catalogue): Map<string, string> {
  const files = new Map<string, string>();
  files.set(".ruler/ruler.toml", rulerToml(catalogue.servers));
  files.set(".ruler/AGENTS.md", catalogue.persona);
  for (const rule of catalogue.rules) files.set(`.ruler/rules/${rule.name}.md`, rule.body);
  for (const agent of catalogue.agents) {
    files.set(`.ruler/agents/${agent.name}.md`, frontmatter({ name: agent.name, description: agent.description, tools: agent.tools }) + agent.body);
  }
  for (const skill of catalogue.skills) {
    files.set(`.ruler/skills/${skill.name}/SKILL.md`, frontmatter({ name: skill.name, description: skill.description }) + skill.body);
  }
  return files;
}

/**
 * The rulesync targets equivalent to agentihooks' Copilot, Claude Code and Codex: rulesync 17.0.0
 * names no Gemini CLI target, so it does that much less work.
 */
export const rulesyncTargets = ["copilotcli", "claudecode", "codexcli"] as const;

/** The rulesync project: the persona is the root rule, the other rules are non-root. */
function rulesyncFiles(catalogue: Catalogue): Map<string, string> {
  const files = new Map<string, string>();
  files.set(
    "rulesync.jsonc",
    `${JSON.stringify({ targets: rulesyncTargets, features: ["rules", "mcp", "commands", "subagents", "skills"], outputRoots: ["."], delete: true, verbose: false, silent: true }, null, 2)}\n`,
  );
  files.set(".rulesync/rules/persona.md", frontmatter({ root: true, targets: ["*"], description: "Bench persona", globs: ["**/*"] }) + catalogue.persona);
  for (const rule of catalogue.rules) {
    files.set(`.rulesync/rules/${rule.name}.md`, frontmatter({ root: false, targets: ["*"], description: rule.description, globs: ["**/*"] }) + rule.body);
  }
  files.set(".rulesync/mcp.jsonc", `${JSON.stringify(mcpJson(catalogue.servers, true), null, 2)}\n`);
  for (const command of catalogue.commands) {
    files.set(`.rulesync/commands/${command.name}.md`, frontmatter({ targets: ["*"], description: command.description }) + command.body);
  }
  for (const agent of catalogue.agents) {
    files.set(`.rulesync/subagents/${agent.name}.md`, frontmatter({ name: agent.name, targets: ["*"], description: agent.description }) + agent.body);
  }
  for (const skill of catalogue.skills) {
    files.set(`.rulesync/skills/${skill.name}/SKILL.md`, frontmatter({ name: skill.name, description: skill.description, targets: ["*"] }) + skill.body);
  }
  return files;
}

/**
 * Writes the three inputs of one scale under `dir` (`agentihooks/`, `ruler/`, `rulesync/`),
 * replacing whatever was there.
 */
export async function generateInputs(dir: string, factor: number): Promise<GeneratedInputs> {
  const counts = countsFor(factor);
  const catalogue = buildCatalogue(counts);
  await rm(dir, { recursive: true, force: true });
  const agentihooks = path.join(dir, "agentihooks");
  const ruler = path.join(dir, "ruler");
  const rulesync = path.join(dir, "rulesync");
  const files = {
    agentihooks: await writeTree(agentihooks, agentihooksFiles(catalogue)),
    ruler: await writeTree(ruler, rulerFiles(catalogue)),
    rulesync: await writeTree(rulesync, rulesyncFiles(catalogue)),
  };
  return { counts, agentihooks, ruler, rulesync, files };
}

/**
 * GitHub Copilot CLI driver: load checks on an applied home and live prompt-mode turns against the
 * local model server (BYOK: `COPILOT_PROVIDER_BASE_URL`, no GitHub account). Every check returns a
 * list of problems (empty means it passed), so a test asserts `toEqual([])` and the failure message
 * says exactly what the client did not load.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { clientBinary } from "./clients";
import type { ModelServer, RecordedRequest } from "../model-server";
import { describeRun, runProcess, type ProcessResult } from "./process";
import { readRuntimeTrace, tracerEnv, type RuntimeRun, type Sandbox } from "./sandbox";

/** The deliberate unknown hook event: the loader must name it (proving it validates) and nothing else. */
export const COPILOT_CANARY_EVENT = "e2eCanaryNotARealEvent";
/** The file holding the canary; ours is hooks/agentihooks.json, so the canary never touches it. */
export const COPILOT_CANARY_FILE = "zz-e2e-canary.json";

/** The model id the BYOK provider is told (a well-known id, so Copilot offers its normal tools). */
const MODEL = "gpt-5.4";

/** Writes the canary hooks file next to ours. */
export function writeCopilotCanary(sb: Sandbox): void {
  const dir = path.join(sb.copilotHome, "hooks");
  mkdirSync(dir, { recursive: true });
  const hooks = { version: 1, hooks: { [COPILOT_CANARY_EVENT]: [{ type: "command", bash: "true", timeoutSec: 5 }] } };
  writeFileSync(path.join(dir, COPILOT_CANARY_FILE), `${JSON.stringify(hooks, null, 2)}\n`);
}

function copilotEnv(sb: Sandbox, server: ModelServer | undefined, wire: "completions" | "responses", extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return sb.env({
    COPILOT_OFFLINE: "true",
    COPILOT_AUTO_UPDATE: "false",
    ...(server ? { COPILOT_PROVIDER_BASE_URL: `${server.url}/v1`, COPILOT_MODEL: MODEL, COPILOT_PROVIDER_WIRE_API: wire } : {}),
    ...extra,
  });
}

/** Runs a Copilot subcommand that only reads the home (no model needed). */
export function copilotCommand(sb: Sandbox, args: string[], server?: ModelServer): Promise<ProcessResult> {
  return runProcess(clientBinary("copilot"), args, { cwd: sb.project, env: copilotEnv(sb, server, "completions"), timeoutMs: 60_000 });
}

function parseJsonOutput<T>(r: ProcessResult, what: string, problems: string[]): T | undefined {
  if (r.code !== 0) {
    problems.push(`${what} failed:\n${describeRun(r, 1500)}`);
    return undefined;
  }
  try {
    const start = r.stdout.search(/[[{]/);
    return JSON.parse(r.stdout.slice(start)) as T;
  } catch (error) {
    problems.push(`${what} did not print JSON (${String(error)}):\n${describeRun(r, 1500)}`);
    return undefined;
  }
}

function readJsonc(file: string): unknown {
  return parseJsonc(readFileSync(file, "utf8"), [], { allowTrailingComma: true });
}

/** Names of the skills installed for Copilot: directories with a SKILL.md under its two personal skill dirs. */
export function installedCopilotSkills(sb: Sandbox): string[] {
  const names = new Set<string>();
  for (const dir of [path.join(sb.copilotHome, "skills"), path.join(sb.home, ".agents", "skills")]) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir)) {
      const skill = path.join(dir, entry, "SKILL.md");
      if (!existsSync(skill)) continue;
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(skill, "utf8"));
      const name = front ? /^name:\s*["']?([^"'\n]+)["']?\s*$/m.exec(front[1]!)?.[1]?.trim() : undefined;
      names.add(name ?? entry);
    }
  }
  return [...names].sort();
}

/** Names of the custom agents installed for Copilot (`agents/*.md`, frontmatter name or file stem). */
export function installedCopilotAgents(sb: Sandbox): string[] {
  const dir = path.join(sb.copilotHome, "agents");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => {
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(dir, f), "utf8"));
      const name = front ? /^name:\s*["']?([^"'\n]+)["']?\s*$/m.exec(front[1]!)?.[1]?.trim() : undefined;
      return name ?? f.replace(/(\.agent)?\.md$/, "");
    })
    .sort();
}

/**
 * The static load checks: settings, MCP servers, skills, instructions and agents as the client
 * itself lists them, compared with what apply wrote into the home.
 */
export async function copilotLoadProblems(sb: Sandbox, server: ModelServer): Promise<string[]> {
  const problems: string[] = [];
  // The first run in a fresh HOME unpacks the client into ~/.cache/copilot: do that once, alone,
  // then run the subcommands (they only read the home) together (each starts the client, ~1 s).
  await copilotCommand(sb, ["--version"]);
  const agents = installedCopilotAgents(sb);
  const [configJson, configPlain, mcpRun, skillRun, instructionRun, agentProbe] = await Promise.all([
    copilotCommand(sb, ["config", "--list", "--json"]),
    copilotCommand(sb, ["config", "--list"]),
    copilotCommand(sb, ["mcp", "list", "--json"]),
    copilotCommand(sb, ["skill", "list", "--json"]),
    copilotCommand(sb, ["instruction", "list", "--json"]),
    agents.length > 0 ? copilotCommand(sb, ["--agent", "e2e-no-such-agent", "-p", "hi", "--no-custom-instructions"], server) : undefined,
  ]);
  // settings.json: every key we wrote must come back from the client (one bad value drops them all).
  const settingsFile = path.join(sb.copilotHome, "settings.json");
  const settings = existsSync(settingsFile) ? (readJsonc(settingsFile) as Record<string, unknown> | undefined) : {};
  if (settings === undefined || typeof settings !== "object") problems.push(`settings.json is not a JSON object`);
  const listed = parseJsonOutput<Record<string, unknown>>(configJson, "copilot config --list --json", problems);
  if (listed && settings) {
    for (const [key, value] of Object.entries(settings)) {
      if (!(key in listed)) problems.push(`settings.json key '${key}' is missing from copilot config --list (dropped by the client)`);
      else if (JSON.stringify(listed[key]) !== JSON.stringify(value)) {
        problems.push(`settings.json key '${key}' reads back as ${JSON.stringify(listed[key])}, written ${JSON.stringify(value)}`);
      }
    }
  }
  const plain = configPlain;
  if (/couldn't be loaded|unknown (top-level )?key|invalid/i.test(plain.stdout + plain.stderr)) {
    problems.push(`copilot config --list complains:\n${describeRun(plain, 1500)}`);
  }

  // mcp-config.json: every server must be listed (a bad entry is dropped silently).
  const mcpFile = path.join(sb.copilotHome, "mcp-config.json");
  const mcpWritten = existsSync(mcpFile) ? ((readJsonc(mcpFile) as { mcpServers?: Record<string, unknown> })?.mcpServers ?? {}) : {};
  const mcpListed = parseJsonOutput<{ mcpServers?: Record<string, unknown> }>(mcpRun, "copilot mcp list --json", problems);
  if (mcpListed) {
    for (const name of Object.keys(mcpWritten)) {
      if (!mcpListed.mcpServers?.[name]) problems.push(`MCP server '${name}' in mcp-config.json is missing from copilot mcp list (dropped silently)`);
    }
  }

  // Skills: every installed skill must be listed as enabled, and the loader refuses none of ours
  // (1.0.102 prints "The following skills failed to load:" with one line per file on stderr).
  const ourSkills = path.join(sb.home, ".agents", "skills");
  for (const line of skillRun.stderr.split("\n")) if (line.includes(ourSkills)) problems.push(`copilot skill list: ${line.trim()}`);
  const skills = parseJsonOutput<{ name: string; enabled?: boolean; source?: string }[]>(skillRun, "copilot skill list --json", problems);
  if (skills) {
    for (const name of installedCopilotSkills(sb)) {
      const found = skills.find((s) => s.name === name);
      if (!found) problems.push(`skill '${name}' is installed but copilot skill list does not show it`);
      else if (found.enabled === false) problems.push(`skill '${name}' is listed but disabled`);
    }
  }

  // Instructions: the persona file must be listed.
  const instructions = parseJsonOutput<{ sourcePath?: string }[]>(instructionRun, "copilot instruction list --json", problems);
  const persona = path.join(sb.copilotHome, "copilot-instructions.md");
  if (instructions && existsSync(persona) && !instructions.some((i) => i.sourcePath === persona)) {
    problems.push(`copilot instruction list does not show ${persona}`);
  }

  // Agents: every agent file must be selectable (`--agent` with an unknown name lists what it found).
  if (agentProbe) {
    const probe = agentProbe;
    const available =
      /available:\s*(.*)/
        .exec(probe.stdout + probe.stderr)?.[1]
        ?.split(",")
        .map((s) => s.trim()) ?? [];
    for (const name of agents)
      if (!available.includes(name)) problems.push(`agent '${name}' is not selectable (copilot lists: ${available.join(", ") || "nothing"})`);
    // 1.0.102 logs each agent file it refuses: "[ERROR] agents/x.md: custom agent markdown frontmatter is malformed: …".
    for (const line of copilotLogLines(sb)) if (/\[ERROR\] agents\/.*custom agent/.test(line)) problems.push(`copilot log: ${line.trim()}`);
  }
  return problems;
}

/** Every line of the client's process logs in the sandbox (`~/.copilot/logs/*.log`). */
export function copilotLogLines(sb: Sandbox): string[] {
  const dir = path.join(sb.copilotHome, "logs");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".log"))
    .flatMap((f) => readFileSync(path.join(dir, f), "utf8").split("\n"));
}

/** What the client reported about one hook run (from its session events). */
export interface ClientHookRun {
  event: string;
  ok: boolean;
  output?: unknown;
}

/** One live turn's evidence. */
export interface CopilotTurn {
  run: ProcessResult;
  requests: RecordedRequest[];
  hooks: ClientHookRun[];
  runtime: RuntimeRun[];
  logText: string;
  sessionEvents: { type: string; data: Record<string, unknown> }[];
}

/** Options of a live turn. */
export interface CopilotTurnOptions {
  wire?: "completions" | "responses";
  agent?: string;
  extraArgs?: string[];
  timeoutMs?: number;
  /** Run the client under this argv prefix (a private system: support/private-system.ts). */
  prefix?: readonly string[];
  /** Extra environment (e.g. GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS for repository hooks in prompt mode). */
  env?: NodeJS.ProcessEnv;
}

/** Runs `copilot -p PROMPT` in the project against the model server, with the runtime traced. */
export async function runCopilotTurn(sb: Sandbox, server: ModelServer, prompt: string, options: CopilotTurnOptions = {}): Promise<CopilotTurn> {
  const logDir = path.join(sb.root, `copilot-logs-${Date.now()}`);
  const firstRequest = server.requests.length;
  const traceBefore = readRuntimeTrace(sb).length;
  const sessionsBefore = new Set(listSessions(sb));
  const args = [
    "-p",
    prompt,
    "--allow-all-tools",
    "--log-level",
    "all",
    "--log-dir",
    logDir,
    ...(options.agent ? ["--agent", options.agent] : []),
    ...(options.extraArgs ?? []),
  ];
  const run = await runProcess(clientBinary("copilot"), args, {
    cwd: sb.project,
    env: copilotEnv(sb, server, options.wire ?? "completions", { ...tracerEnv(sb), ...options.env }),
    timeoutMs: options.timeoutMs ?? 90_000,
    ...(options.prefix ? { prefix: options.prefix } : {}),
  });
  const logText = existsSync(logDir)
    ? readdirSync(logDir)
        .map((f) => readFileSync(path.join(logDir, f), "utf8"))
        .join("\n")
    : "";
  const fresh = listSessions(sb).filter((s) => !sessionsBefore.has(s));
  const sessionEvents = fresh.flatMap((s) => readEvents(path.join(sb.copilotHome, "session-state", s, "events.jsonl")));
  const hooks: ClientHookRun[] = sessionEvents
    .filter((e) => e.type === "hook.end")
    .map((e) => ({ event: String(e.data.hookType), ok: e.data.success === true, output: e.data.output }));
  return {
    run,
    requests: server.requests.slice(firstRequest).filter((r) => r.view !== undefined),
    hooks,
    runtime: readRuntimeTrace(sb).slice(traceBefore),
    logText,
    sessionEvents,
  };
}

function listSessions(sb: Sandbox): string[] {
  const dir = path.join(sb.copilotHome, "session-state");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((d) => statSync(path.join(dir, d)).isDirectory());
}

function readEvents(file: string): { type: string; data: Record<string, unknown> }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { type: string; data: Record<string, unknown> });
}

/**
 * The loader's complaints in a session log: unknown hook events per file, unknown settings keys,
 * settings that could not be loaded, hook entries that failed to parse.
 */
export function copilotLoaderComplaints(logText: string): { unknownEvents: { file: string; names: string[] }[]; other: string[] } {
  const unknownEvents: { file: string; names: string[] }[] = [];
  const other: string[] = [];
  for (const line of logText.split("\n")) {
    const unknown = /Ignoring unknown hook event\(s\) in (.*?): (.*)$/.exec(line);
    if (unknown) {
      unknownEvents.push({ file: unknown[1]!, names: unknown[2]!.split(",").map((s) => s.trim()) });
      continue;
    }
    if (/tls_certs/.test(line)) continue;
    // What the loaders say about files they reject (probed on 1.0.102), and any error of the hook
    // engine (a hook that crashed: "Hook from <file> execution failed"). Other warnings are the
    // client's own noise and appear with an empty home too (e.g. "Failed to reload managed hooks").
    const loaderProblem = /Invalid hook configuration|unknown top-level key|couldn't be loaded|Failed to (load|parse)|mcpServers: Required/i.test(line);
    if ((loaderProblem && /\[(WARNING|ERROR)\]/.test(line)) || /\[ERROR\] \[rust:hooks\]/.test(line)) {
      other.push(line.trim());
    }
  }
  return { unknownEvents, other };
}

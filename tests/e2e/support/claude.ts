/**
 * Claude Code driver: load checks (`claude doctor`, `claude mcp list`, the session's own init
 * record) and live `claude -p` turns against the local model server (Anthropic Messages). Checks
 * return lists of problems; empty means passed.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { ModelServer, RecordedRequest } from "../model-server";
import { clientBinary } from "./clients";
import { describeRun, runProcess, type ProcessResult, type TurnPlacement } from "./process";
import { readRuntimeTrace, tracerEnv, type RuntimeRun, type Sandbox } from "./sandbox";

function claudeEnv(sb: Sandbox, server: ModelServer | undefined, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return sb.env({
    ANTHROPIC_API_KEY: "sk-ant-e2e-local-not-a-key",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    // MCP tools are otherwise deferred behind ToolSearch and absent from the first request's tool list.
    ENABLE_TOOL_SEARCH: "false",
    ...(server ? { ANTHROPIC_BASE_URL: server.url } : {}),
    ...extra,
  });
}

/** Runs a Claude subcommand against the sandbox's homes. */
export function claudeCommand(sb: Sandbox, args: string[], server?: ModelServer, timeoutMs = 90_000): Promise<ProcessResult> {
  return runProcess(clientBinary("claude"), args, { cwd: sb.project, env: claudeEnv(sb, server), timeoutMs });
}

/** The bullet lines of `claude doctor`'s "Invalid settings" section (empty when it has none). */
export function doctorInvalidSettings(doctorOutput: string): string[] {
  const lines = doctorOutput.split("\n");
  const start = lines.findIndex((l) => /^Invalid settings/.test(l.trim()));
  if (start < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "") break;
    if (/^\s*-\s/.test(line)) out.push(line.trim());
  }
  return out.length > 0 ? out : ["(an 'Invalid settings' section with no items)"];
}

/** MCP servers the user-scope config names (`.claude.json` in CLAUDE_CONFIG_DIR). */
export function configuredClaudeMcp(sb: Sandbox): string[] {
  const file = path.join(sb.claudeConfigDir, ".claude.json");
  if (!existsSync(file)) return [];
  const doc = JSON.parse(readFileSync(file, "utf8")) as { mcpServers?: Record<string, unknown> };
  return Object.keys(doc.mcpServers ?? {}).sort();
}

/** `claude doctor` reports no invalid settings; `claude mcp list` has no diagnostics and connects every server. */
export async function claudeLoadProblems(sb: Sandbox, server: ModelServer): Promise<string[]> {
  const problems: string[] = [];
  const doctor = await claudeCommand(sb, ["doctor"], server);
  if (doctor.timedOut || !/Claude Code doctor/.test(doctor.stdout)) problems.push(`claude doctor did not run:\n${describeRun(doctor, 1500)}`);
  for (const line of doctorInvalidSettings(doctor.stdout + doctor.stderr)) problems.push(`claude doctor: ${line}`);
  const mcp = await claudeCommand(sb, ["mcp", "list"], server);
  const text = mcp.stdout + mcp.stderr;
  if (/MCP config diagnostics/.test(text)) problems.push(`claude mcp list prints diagnostics:\n${describeRun(mcp, 2000)}`);
  for (const name of configuredClaudeMcp(sb)) {
    const line = text.split("\n").find((l) => l.startsWith(`${name}:`));
    if (!line) problems.push(`MCP server '${name}' from .claude.json is missing from claude mcp list`);
    else if (/✘|Failed/.test(line)) problems.push(`MCP server '${name}' does not connect: ${line.trim()}`);
  }
  return problems;
}

/** Names installed under the Claude home: skills (dirs with SKILL.md), agents and commands (`*.md`). */
export function installedClaudeFeatures(sb: Sandbox): { skills: string[]; agents: string[]; commands: string[] } {
  const list = (dir: string, pick: (entry: string) => string | undefined) =>
    existsSync(dir)
      ? readdirSync(dir)
          .map(pick)
          .filter((n): n is string => n !== undefined)
          .sort()
      : [];
  const base = sb.claudeConfigDir;
  return {
    skills: list(path.join(base, "skills"), (e) => (existsSync(path.join(base, "skills", e, "SKILL.md")) ? e : undefined)),
    agents: list(path.join(base, "agents"), (e) => (e.endsWith(".md") ? e.slice(0, -3) : undefined)),
    commands: list(path.join(base, "commands"), (e) => (e.endsWith(".md") ? e.slice(0, -3) : undefined)),
  };
}

/** One hook run as Claude reported it in its stream. */
export interface ClaudeHookRun {
  event: string;
  name: string;
  exitCode: number | undefined;
  outcome: string | undefined;
  stdout: string;
  stderr: string;
}

/** One live turn's evidence. */
export interface ClaudeTurn {
  run: ProcessResult;
  requests: RecordedRequest[];
  hooks: ClaudeHookRun[];
  runtime: RuntimeRun[];
  init: Record<string, unknown> | undefined;
  messages: Record<string, unknown>[];
}

/** Runs `claude -p PROMPT` in the project (stream-json with hook events), the runtime traced. */
export async function runClaudeTurn(
  sb: Sandbox,
  server: ModelServer,
  prompt: string,
  allowedTools = "Read,Bash",
  extraArgs: string[] = [],
  placement: TurnPlacement = {},
): Promise<ClaudeTurn> {
  const firstRequest = server.requests.length;
  const traceBefore = readRuntimeTrace(sb).length;
  // As root Claude refuses --dangerously-skip-permissions, so the tools a turn needs are allowed by name.
  const args = ["-p", prompt, "--output-format", "stream-json", "--verbose", "--include-hook-events", "--allowedTools", allowedTools, ...extraArgs];
  const run = await runProcess(clientBinary("claude"), args, {
    cwd: sb.project,
    env: claudeEnv(sb, server, { ...tracerEnv(sb), ...placement.env }),
    timeoutMs: 90_000,
    ...(placement.prefix ? { prefix: placement.prefix } : {}),
    ...(placement.input !== undefined ? { input: placement.input } : {}),
  });
  const messages = run.stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return { unparsed: l };
      }
    });
  const hooks: ClaudeHookRun[] = messages
    .filter((m) => m.type === "system" && m.subtype === "hook_response")
    .map((m) => ({
      event: String(m.hook_event),
      name: String(m.hook_name),
      exitCode: typeof m.exit_code === "number" ? m.exit_code : undefined,
      outcome: typeof m.outcome === "string" ? m.outcome : undefined,
      stdout: String(m.stdout ?? ""),
      stderr: String(m.stderr ?? ""),
    }));
  // SessionEnd runs after the stream ends; give the trace a moment to land.
  await new Promise((r) => setTimeout(r, 300));
  return {
    run,
    requests: server.requests.slice(firstRequest).filter((r) => r.view !== undefined),
    hooks,
    runtime: readRuntimeTrace(sb).slice(traceBefore),
    init: messages.find((m) => m.type === "system" && m.subtype === "init"),
    messages,
  };
}

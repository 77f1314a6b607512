/**
 * Codex CLI driver: load checks (`codex mcp list --json`, `codex doctor --json`,
 * `codex debug prompt-input`) and live `codex exec` turns against the local model server (OpenAI
 * Responses, streamed). The provider is given on the command line, so the home's config.toml stays
 * exactly as apply wrote it; hooks run only if apply recorded their trust (no bypass flag).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import type { ModelServer, RecordedRequest } from "../model-server";
import { clientBinary } from "./clients";
import { describeRun, runProcess, type ProcessResult, type TurnPlacement } from "./process";
import { readRuntimeTrace, tracerEnv, type RuntimeRun, type Sandbox } from "./sandbox";

/** A slug from Codex's bundled catalogue: with some default slugs Codex sends a custom provider no tools. */
const MODEL = "gpt-5.5";

function codexEnv(sb: Sandbox, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return sb.env({ CODEX_DISABLE_UPDATE_CHECK: "1", ...extra });
}

/** `-c` overrides that point Codex at the model server without touching config.toml. */
export function codexProviderArgs(server: ModelServer): string[] {
  return ["-c", 'model_provider="e2e"', "-c", `model_providers.e2e={name="e2e", base_url="${server.url}/v1", wire_api="responses"}`, "-m", MODEL];
}

/** Runs a Codex subcommand against the sandbox's homes. */
export function codexCommand(sb: Sandbox, args: string[], timeoutMs = 60_000): Promise<ProcessResult> {
  return runProcess(clientBinary("codex"), args, { cwd: sb.project, env: codexEnv(sb), timeoutMs });
}

/** The config.toml apply wrote, parsed (undefined when absent). */
export function codexConfig(sb: Sandbox): Record<string, unknown> | undefined {
  const file = path.join(sb.codexHome, "config.toml");
  return existsSync(file) ? (parseToml(readFileSync(file, "utf8")) as Record<string, unknown>) : undefined;
}

/** Skill names Codex should load: frontmatter names under ~/.agents/skills and $CODEX_HOME/skills. */
export function installedCodexSkills(sb: Sandbox): string[] {
  const names: string[] = [];
  for (const dir of [path.join(sb.home, ".agents", "skills"), path.join(sb.codexHome, "skills")]) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry, "SKILL.md");
      if (!existsSync(file)) continue;
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(file, "utf8"));
      const name = front ? /^name:\s*["']?([^"'\n]+)["']?\s*$/m.exec(front[1]!)?.[1]?.trim() : undefined;
      if (name) names.push(name);
    }
  }
  return [...new Set(names)].sort();
}

/** One skill as `codex app-server` lists it, and one SKILL.md its loader refused. */
export interface CodexSkillList {
  skills: { name: string; description: string; path: string; scope: string }[];
  errors: { path: string; message: string }[];
}

/**
 * `skills/list` through `codex app-server` (JSON-RPC over stdio) for the project: the skills Codex
 * loaded and, per refused SKILL.md, the loader's reason ("missing field `description`", "invalid
 * name: exceeds maximum length of 64 characters", …), which the TUI only counts.
 */
export async function codexSkillList(sb: Sandbox): Promise<CodexSkillList> {
  const child = spawn(clientBinary("codex"), ["app-server"], { cwd: sb.project, env: codexEnv(sb, { RUST_LOG: "error" }), stdio: ["pipe", "pipe", "ignore"] });
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  try {
    return await new Promise<CodexSkillList>((resolve, reject) => {
      let buffer = "";
      const timer = setTimeout(() => reject(new Error("codex app-server did not answer skills/list in 30 s")), 30_000);
      child.on("error", reject);
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        buffer += chunk;
        for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 1);
          let message: { id?: number; result?: { data: CodexSkillList[] }; error?: unknown };
          try {
            message = JSON.parse(line);
          } catch {
            continue;
          }
          if (message.id === 1) {
            send({ method: "initialized" });
            send({ id: 2, method: "skills/list", params: { cwds: [sb.project] } });
          } else if (message.id === 2) {
            clearTimeout(timer);
            const data = message.result?.data?.[0];
            if (!data) reject(new Error(`skills/list failed: ${JSON.stringify(message.error)}`));
            else resolve({ skills: data.skills, errors: data.errors ?? [] });
          }
        }
      });
      send({ id: 1, method: "initialize", params: { clientInfo: { name: "agentihooks-e2e", version: "0" } } });
    });
  } finally {
    child.kill();
  }
}

/** `codex mcp list --json` and `codex doctor --json` clean; `codex debug prompt-input` shows AGENTS.md and every skill. */
export async function codexLoadProblems(sb: Sandbox): Promise<string[]> {
  const problems: string[] = [];
  const config = codexConfig(sb);
  const configured = Object.keys((config?.mcp_servers as Record<string, unknown> | undefined) ?? {}).sort();

  const mcp = await codexCommand(sb, ["mcp", "list", "--json"]);
  if (mcp.code !== 0) problems.push(`codex mcp list --json failed:\n${describeRun(mcp, 2000)}`);
  else {
    try {
      const listed = JSON.parse(mcp.stdout.slice(mcp.stdout.indexOf("["))) as { name: string }[];
      for (const name of configured)
        if (!listed.some((s) => s.name === name)) problems.push(`MCP server '${name}' from config.toml is missing from codex mcp list`);
    } catch (error) {
      problems.push(`codex mcp list --json printed no JSON list (${String(error)}):\n${describeRun(mcp, 1500)}`);
    }
  }

  const doctor = await codexCommand(sb, ["doctor", "--json"]);
  try {
    const report = JSON.parse(doctor.stdout.slice(doctor.stdout.indexOf("{"))) as {
      checks: Record<string, { status: string; summary?: string; details?: Record<string, string> }>;
    };
    for (const id of ["config.load", "mcp.config", "sandbox.helpers", "state.paths"]) {
      const check = report.checks[id];
      if (!check) problems.push(`codex doctor has no '${id}' check`);
      else if (check.status === "fail") problems.push(`codex doctor ${id}: ${check.summary ?? "fail"}`);
    }
    const details = report.checks["config.load"]?.details ?? {};
    if (details["startup warning"]) problems.push(`codex doctor config.load startup warning: ${details["startup warning"]}`);
    if (details["startup warnings"] && details["startup warnings"] !== "0")
      problems.push(`codex doctor counts ${details["startup warnings"]} startup warning(s)`);
  } catch (error) {
    problems.push(`codex doctor --json printed no JSON (${String(error)}):\n${describeRun(doctor, 1500)}`);
  }

  const prompt = await codexCommand(sb, ["debug", "prompt-input"]);
  if (prompt.code !== 0) problems.push(`codex debug prompt-input failed:\n${describeRun(prompt, 1500)}`);
  else {
    const agentsMd = path.join(sb.codexHome, "AGENTS.md");
    if (!existsSync(agentsMd)) problems.push(`no AGENTS.md in ${sb.codexHome}`);
    else {
      const firstLine = readFileSync(agentsMd, "utf8")
        .split("\n")
        .map((l) => l.trim())
        .find((l) => l.length > 8);
      if (firstLine && !prompt.stdout.includes(JSON.stringify(firstLine).slice(1, -1)))
        problems.push(`the model-visible prompt does not contain AGENTS.md (looked for ${JSON.stringify(firstLine)})`);
    }
    for (const skill of installedCodexSkills(sb)) {
      if (!prompt.stdout.includes(`${skill}: `)) problems.push(`skill '${skill}' is not in the model-visible prompt`);
    }
  }

  // The skill loader's refusals (skipped silently in a turn): none may be a file we wrote.
  const listed = await codexSkillList(sb);
  const ours = `${path.join(sb.home, ".agents", "skills")}${path.sep}`;
  for (const error of listed.errors) if (error.path.startsWith(ours)) problems.push(`Codex refused ${error.path}: ${error.message}`);
  return problems;
}

/** One hook run as Codex reported it on stderr (`hook: <Event> <Status>`). */
export interface CodexHookRun {
  event: string;
  status: string;
}

/** One live turn's evidence. */
export interface CodexTurn {
  run: ProcessResult;
  requests: RecordedRequest[];
  hooks: CodexHookRun[];
  runtime: RuntimeRun[];
}

/** Runs `codex exec PROMPT` in the project against the model server, the runtime traced. */
export async function runCodexTurn(
  sb: Sandbox,
  server: ModelServer,
  prompt: string,
  extraArgs: string[] = [],
  placement: TurnPlacement = {},
): Promise<CodexTurn> {
  const firstRequest = server.requests.length;
  const traceBefore = readRuntimeTrace(sb).length;
  const args = ["exec", "--skip-git-repo-check", ...codexProviderArgs(server), ...extraArgs, prompt];
  const run = await runProcess(clientBinary("codex"), args, {
    cwd: sb.project,
    env: codexEnv(sb, { ...tracerEnv(sb), ...placement.env }),
    timeoutMs: 90_000,
    ...(placement.prefix ? { prefix: placement.prefix } : {}),
  });
  const hooks: CodexHookRun[] = [];
  for (const line of run.stderr.split("\n")) {
    const m = /^hook: (\w+) (\w+)\s*$/.exec(line.trim());
    if (m) hooks.push({ event: m[1]!, status: m[2]! });
  }
  await new Promise((r) => setTimeout(r, 300));
  return {
    run,
    requests: server.requests.slice(firstRequest).filter((r) => r.view !== undefined),
    hooks,
    runtime: readRuntimeTrace(sb).slice(traceBefore),
  };
}

/**
 * Gemini CLI driver: load checks (`gemini mcp list`, a text-only turn whose stderr must carry no
 * settings, hook or agent warning) and live `gemini -p --yolo` turns against the local model server
 * (the Gemini API, streamed). The operator's own settings.json, written before apply, holds what an
 * offline run needs (API-key auth, a pinned model, no usage statistics): apply must keep it. The
 * project folder is trusted through GEMINI_CLI_TRUST_WORKSPACE, never through a file in the home.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ModelServer, RecordedRequest } from "../model-server";
import { clientBinary } from "./clients";
import { lastJsonObject } from "./evidence";
import { runProcess, type ProcessResult, type TurnPlacement } from "./process";
import { eventOfRun, readRuntimeTrace, tracerEnv, type RuntimeRun, type Sandbox } from "./sandbox";

/** A pinned model: without one Gemini first asks a router model which one to use. */
export const GEMINI_MODEL = "gemini-2.5-flash";

/** The operator's keys, written before apply: apply must keep every one of them. */
export const OPERATOR_SETTINGS = {
  security: { auth: { selectedType: "gemini-api-key" } },
  privacy: { usageStatisticsEnabled: false },
  model: { name: GEMINI_MODEL },
};

/** `~/.gemini` of the sandbox (HOME/.gemini: the sandbox sets no GEMINI_CLI_HOME). */
export function geminiHome(sb: Sandbox): string {
  return path.join(sb.home, ".gemini");
}

/** Writes the operator's settings.json before agentihooks touches the home. */
export function seedOperatorSettings(sb: Sandbox): void {
  mkdirSync(geminiHome(sb), { recursive: true });
  writeFileSync(path.join(geminiHome(sb), "settings.json"), `// the operator's own settings\n${JSON.stringify(OPERATOR_SETTINGS, null, 2)}\n`);
}

/** settings.json as it is now, comments stripped (Gemini reads JSON with comments). */
export function geminiSettings(sb: Sandbox): Record<string, unknown> {
  const text = readFileSync(path.join(geminiHome(sb), "settings.json"), "utf8").replace(/^\s*\/\/.*$/gm, "");
  return JSON.parse(text) as Record<string, unknown>;
}

function geminiEnv(sb: Sandbox, server: ModelServer | undefined, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return sb.env({
    GEMINI_API_KEY: "e2e-dummy-key",
    ...(server ? { GOOGLE_GEMINI_BASE_URL: server.url } : {}),
    // Headless runs refuse an untrusted folder (exit 55), and no hook runs in one.
    GEMINI_CLI_TRUST_WORKSPACE: "true",
    // One process instead of a relaunched child: half the start-up, the same loader.
    GEMINI_CLI_NO_RELAUNCH: "true",
    // A capable terminal: with TERM=dumb Gemini warns about the terminal on every run.
    TERM: "xterm-256color",
    COLORTERM: "truecolor",
    ...extra,
  });
}

/** Runs a Gemini subcommand in the project. */
export function geminiCommand(sb: Sandbox, args: string[], server?: ModelServer, timeoutMs = 90_000): Promise<ProcessResult> {
  return runProcess(clientBinary("gemini"), args, { cwd: sb.project, env: geminiEnv(sb, server), timeoutMs });
}

/** Lines of Gemini's stderr that report a problem with what it loaded (settings, hooks, MCP config, agents, skills, commands). */
export function loadWarnings(stderr: string): string[] {
  return stderr
    .split("\n")
    .filter((line) => /invalid configuration|unrecognized key|invalid hook|deprecated|error in|failed to load|could not load|skipping|warning/i.test(line));
}

/** One live turn's evidence. */
export interface GeminiTurn {
  run: ProcessResult;
  requests: RecordedRequest[];
  runtime: RuntimeRun[];
}

/** Runs `gemini -p PROMPT --yolo` (then `extraArgs`, e.g. `--resume latest`) in the project against the model server, the runtime traced. */
export async function runGeminiTurn(
  sb: Sandbox,
  server: ModelServer,
  prompt: string,
  placement: TurnPlacement = {},
  extraArgs: string[] = [],
): Promise<GeminiTurn> {
  const firstRequest = server.requests.length;
  const traceBefore = readRuntimeTrace(sb).length;
  const run = await runProcess(clientBinary("gemini"), ["-p", prompt, "--yolo", ...extraArgs], {
    cwd: sb.project,
    env: geminiEnv(sb, server, { ...tracerEnv(sb), ...placement.env }),
    timeoutMs: 120_000,
    ...(placement.prefix ? { prefix: placement.prefix } : {}),
  });
  await new Promise((r) => setTimeout(r, 300));
  return {
    run,
    requests: server.requests.slice(firstRequest).filter((r) => r.view !== undefined),
    runtime: readRuntimeTrace(sb).slice(traceBefore),
  };
}

/** The BeforeTool runs in which our runtime itself denied: exit 2 and `{"decision":"deny"}` on stdout. */
export function geminiDenials(runs: readonly RuntimeRun[]): RuntimeRun[] {
  return runs.filter((run) => run.scriptExists && eventOfRun(run) === "BeforeTool" && run.exitCode === 2 && lastJsonObject(run.stdout)?.decision === "deny");
}

/** The systemInstruction text of a recorded Gemini request. */
export function systemInstruction(request: RecordedRequest): string {
  const body = request.body as { systemInstruction?: { parts?: { text?: string }[] } } | undefined;
  return (body?.systemInstruction?.parts ?? []).map((p) => p.text ?? "").join("");
}

/**
 * Repo scope, live (docs/scopes.md): `agentihooks apply --scope repo` in a repository, committed,
 * then a fresh clone with a clean home (nothing of agentihooks installed, only Node) run by each
 * real client. The committed hooks must run the vendored runtime, deny a `.env` read, and the
 * context it injects must reach the model.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startModelServer, toolRounds, type ModelServer } from "./model-server";
import { runClaudeTurn } from "./support/claude";
import { clientBinary } from "./support/clients";
import { runCodexTurn } from "./support/codex";
import { runCopilotTurn } from "./support/copilot";
import { contextPrinted, describeRuntimeRuns, requestsContaining } from "./support/evidence";
import { runGeminiTurn, seedOperatorSettings } from "./support/gemini";
import { describeRun, runProcess, type ProcessResult } from "./support/process";
import { agentihooksBin, createSandbox, ENV_SECRET, type RuntimeRun, type Sandbox } from "./support/sandbox";

function git(sb: Sandbox, cwd: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.email=e2e@example.org", "-c", "user.name=e2e", ...args], { cwd, env: sb.env(), stdio: "ignore" });
}

/**
 * Applies the repo scope in `<root>/origin`, commits it, and clones it fresh into the sandbox's
 * project (where the drivers run the clients). The clone gets a `.env`, as a developer's would.
 */
async function cloneWithRepoScope(sb: Sandbox): Promise<ProcessResult> {
  const origin = path.join(sb.root, "origin");
  execFileSync("git", ["init", "-q", "-b", "work", origin], { env: sb.env() });
  writeFileSync(path.join(origin, "README.md"), "# e2e project\n");
  const applied = await runProcess(process.execPath, [agentihooksBin(), "apply", "--scope", "repo", "--yes"], {
    cwd: origin,
    env: sb.env(),
    timeoutMs: 60_000,
  });
  git(sb, origin, "add", "-A");
  git(sb, origin, "commit", "-qm", "agentihooks --scope repo");
  rmSync(sb.project, { recursive: true, force: true });
  git(sb, sb.root, "clone", "-q", origin, sb.project);
  writeFileSync(path.join(sb.project, ".env"), `API_TOKEN=${ENV_SECRET}\n`);
  return applied;
}

/** Runs of the runtime vendored in the clone (never one installed in a home). */
function vendoredRuns(sb: Sandbox, runs: readonly RuntimeRun[]): RuntimeRun[] {
  const vendored = path.join(sb.project, ".agentihooks", "runtime.cjs");
  return runs.filter((r) => r.script === vendored);
}

/** Pre-tool runs of the vendored runtime that denied (any client's envelope, or exit 2). */
function deniedPreTool(runs: readonly RuntimeRun[]): RuntimeRun[] {
  return runs.filter((r) => r.exitCode === 2 || /"permissionDecision"\s*:\s*"deny"|"decision"\s*:\s*"(deny|block)"/.test(r.stdout));
}

describe("repo scope: a fresh clone with a clean home", () => {
  let sb: Sandbox;
  let server: ModelServer;
  let apply: ProcessResult | undefined;

  beforeAll(async () => {
    sb = createSandbox("repo-scope");
    server = await startModelServer();
    apply = await cloneWithRepoScope(sb);
  });
  afterAll(async () => {
    await server?.close();
    sb?.cleanup();
  });

  function requireApplied(): void {
    if (!apply || apply.code !== 0) throw new Error(`agentihooks apply --scope repo did not succeed:\n${apply ? describeRun(apply) : "not run"}`);
  }

  test("the clone holds the vendored runtime and the home holds nothing of agentihooks", () => {
    expect(apply?.code, apply ? describeRun(apply) : "not run").toBe(0);
    expect(existsSync(path.join(sb.project, ".agentihooks", "runtime.cjs"))).toBe(true);
    const home = existsSync(sb.home) ? readdirSync(sb.home) : [];
    expect(home.filter((n) => /agentihooks/.test(n))).toEqual([]);
  });

  for (const client of ["claude", "copilot", "gemini", "codex"] as const) {
    test(`${client}: the committed hooks deny a .env read and their context reaches the model`, async () => {
      requireApplied();
      clientBinary(client);
      const envFile = path.join(sb.project, ".env");
      let runs: RuntimeRun[];
      let requests: { raw: string }[];
      let detail: string;
      if (client === "claude") {
        server.setScript(toolRounds([[{ name: "Read", args: { file_path: envFile } }]]));
        const turn = await runClaudeTurn(sb, server, "read the .env file");
        ({ runtime: runs, requests } = turn);
        detail = `${describeRun(turn.run, 1500)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      } else if (client === "copilot") {
        server.setScript(toolRounds([[{ name: ["view", "read_file"], args: { path: envFile } }]]));
        // Prompt mode loads repository hooks only in a trusted folder or with this opt-in.
        const turn = await runCopilotTurn(sb, server, "read the .env file", { env: { GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS: "true" } });
        ({ runtime: runs, requests } = turn);
        detail = `${describeRun(turn.run, 1500)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      } else if (client === "codex") {
        // Codex reads a project's .codex/ only once the user trusts the project (in their own
        // config.toml), and runs hooks nobody approved only with this flag: both are the user's.
        mkdirSync(sb.codexHome, { recursive: true });
        writeFileSync(path.join(sb.codexHome, "config.toml"), `[projects.${JSON.stringify(sb.project)}]\ntrust_level = "trusted"\n`);
        server.setScript(toolRounds([[{ name: "exec_command", args: { cmd: "cat .env" } }]]));
        const turn = await runCodexTurn(sb, server, "read the .env file", ["--dangerously-bypass-hook-trust"]);
        ({ runtime: runs, requests } = turn);
        detail = `${describeRun(turn.run, 1500)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      } else {
        // Gemini needs its auth settings in the user's home; the folder is trusted through the variable.
        seedOperatorSettings(sb);
        // Gemini refuses a relative read_file itself, before any hook: the shell is the read that reaches us.
        server.setScript(toolRounds([[{ name: "run_shell_command", args: { command: "cat .env" } }]]));
        const turn = await runGeminiTurn(sb, server, "read the .env file");
        ({ runtime: runs, requests } = turn);
        detail = `${describeRun(turn.run, 1500)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      }
      const vendored = vendoredRuns(sb, runs);
      expect(vendored.length, `the clone's vendored runtime ran\n${detail}`).toBeGreaterThan(0);
      expect(vendored.length, `only the vendored runtime ran (the home has none)\n${detail}`).toBe(runs.length);
      expect(deniedPreTool(vendored).length, `the vendored runtime denied the .env read\n${detail}`).toBeGreaterThan(0);
      expect(requestsContaining(requests as never, ENV_SECRET), `requests carrying the .env secret\n${detail}`).toEqual([]);
      const context = contextPrinted(vendored, ["SessionStart", "sessionStart", "UserPromptSubmit", "userPromptSubmitted", "BeforeAgent"]);
      expect(context.length, `the vendored runtime injected context\n${detail}`).toBeGreaterThan(0);
      // A line free of markup characters (Gemini HTML-escapes the context it injects).
      const line = context.flatMap((c) => c.split("\n")).find((l) => l.trim().length > 20 && !/[<>&"'`]/.test(l)) as string;
      expect(line, `a plain line of context\n${context.join("\n---\n")}`).toBeDefined();
      expect(requestsContaining(requests as never, line.trim()).length, `a request carries ${JSON.stringify(line)}\n${detail}`).toBeGreaterThan(0);
    });
  }
});

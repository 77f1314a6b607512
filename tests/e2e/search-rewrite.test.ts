/**
 * Fix instead of deny, live in each real client (docs/guardrails.md, "Rewrites"): the scripted model
 * asks for `grep -rn API_TOKEN .` in a project whose `.env` holds a secret; our runtime rewrites the
 * command to exclude credential files, the client runs the rewritten command, and the tool result it
 * sends back to the model has the source file's match and not the `.env` value.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startModelServer, toolRounds, type ModelServer, type RecordedRequest, type ScriptedToolCall } from "./model-server";
import { runClaudeTurn } from "./support/claude";
import { clientBinary, type ClientName } from "./support/clients";
import { runCodexTurn } from "./support/codex";
import { runCopilotTurn } from "./support/copilot";
import { describeRuntimeRuns, lastJsonObject, requestsContaining } from "./support/evidence";
import { runGeminiTurn, seedOperatorSettings } from "./support/gemini";
import { describeRun, type ProcessResult } from "./support/process";
import { applyAgentihooks, createSandbox, ENV_SECRET, eventOfRun, type RuntimeRun, type Sandbox } from "./support/sandbox";
import { rewriteCredentialSearch, rewriteSearchToolGlob } from "../../runtime/guardrails/search-rewrite";

const SEARCH = "grep -rn API_TOKEN .";
const SOURCE_MATCH = "E2E_SOURCE_MATCH_4c1d";

interface Turn {
  run: ProcessResult;
  requests: RecordedRequest[];
  runtime: RuntimeRun[];
}

/** Each client: its shell tool call for the search, and how a turn is run. */
/** The client's own search tool over the project: rewritten (Claude's Grep, Copilot's rg) or denied (Gemini's grep_search). */
interface ToolSearch {
  call: (sb: Sandbox) => ScriptedToolCall;
  expect: "rewrite" | RegExp;
}

const CLIENTS: ReadonlyArray<{
  id: ClientName;
  call: ScriptedToolCall;
  turn: (sb: Sandbox, server: ModelServer) => Promise<Turn>;
  told: RegExp;
  tool?: ToolSearch;
}> = [
  {
    id: "copilot",
    call: { name: "bash", args: { command: SEARCH, description: "search" } },
    turn: (sb, s) => runCopilotTurn(sb, s, "find API_TOKEN"),
    told: /agentihooks changed this grep command/,
    tool: { call: (sb) => ({ name: "rg", args: { pattern: "API_TOKEN", path: sb.project, output_mode: "content" } }), expect: "rewrite" },
  },
  {
    id: "claude",
    call: { name: "Bash", args: { command: SEARCH, description: "search" } },
    turn: (sb, s) => runClaudeTurn(sb, s, "find API_TOKEN", "Grep,Read,Bash"),
    told: /agentihooks changed this grep command/,
    tool: { call: (sb) => ({ name: "Grep", args: { pattern: "API_TOKEN", path: sb.project, output_mode: "content" } }), expect: "rewrite" },
  },
  {
    id: "codex",
    call: { name: "exec_command", args: { cmd: SEARCH } },
    turn: (sb, s) => runCodexTurn(sb, s, "find API_TOKEN"),
    told: /agentihooks changed this grep command/,
  },
  // Gemini shows BeforeTool context to nobody; it tells the model itself that the input was changed.
  {
    id: "gemini",
    call: { name: "run_shell_command", args: { command: SEARCH } },
    turn: (sb, s) => runGeminiTurn(sb, s, "find API_TOKEN"),
    told: /Tool input parameters were modified by a hook/,
    tool: {
      call: (sb) => ({ name: "grep_search", args: { pattern: "API_TOKEN", dir_path: sb.project } }),
      expect: /Tool execution blocked: BLOCKED: A search of/,
    },
  },
];

/** The PreToolUse/BeforeTool runs of our runtime that answered with a rewrite. */
function rewrites(runs: readonly RuntimeRun[]): string[] {
  const out: string[] = [];
  for (const run of runs) {
    if (!/^(PreToolUse|preToolUse|BeforeTool)$/.test(eventOfRun(run) ?? "") || run.exitCode === 2) continue;
    const body = lastJsonObject(run.stdout) as Record<string, any> | undefined;
    const args = body?.modifiedArgs ?? body?.hookSpecificOutput?.updatedInput ?? body?.hookSpecificOutput?.tool_input;
    if (typeof args?.command === "string") out.push(args.command);
    else if (typeof args?.glob === "string") out.push(args.glob);
  }
  return out;
}

for (const client of CLIENTS) {
  describe(`${client.id}: a recursive search over a .env is rewritten, not denied`, () => {
    let sb: Sandbox;
    let server: ModelServer;
    let apply: ProcessResult | undefined;

    beforeAll(async () => {
      clientBinary(client.id);
      sb = createSandbox(`rewrite-${client.id}`);
      if (client.id === "gemini") seedOperatorSettings(sb);
      mkdirSync(path.join(sb.project, "src"), { recursive: true });
      writeFileSync(path.join(sb.project, "src", "settings.py"), `API_TOKEN = os.environ["API_TOKEN"]  # ${SOURCE_MATCH}\n`);
      server = await startModelServer();
      apply = await applyAgentihooks(sb, client.id);
    });
    afterAll(async () => {
      await server?.close();
      sb?.cleanup();
    });

    test("the client runs the rewritten search: the source match reaches the model, the .env value does not", async () => {
      clientBinary(client.id);
      expect(apply?.code, apply ? describeRun(apply) : "not run").toBe(0);
      server.setScript(toolRounds([[client.call]]));
      const turn = await client.turn(sb, server);
      const detail = `${describeRun(turn.run, 2000)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(turn.requests.length, detail).toBeGreaterThanOrEqual(2);
      const ran = rewrites(turn.runtime);
      expect(ran.length, `our runtime answered with a rewrite\n${detail}`).toBe(1);
      expect(ran[0], detail).toMatch(/^grep -rn '--exclude=\.\[eE\]\[nN\]\[vV\]' .* API_TOKEN \.$/);
      const results = turn.requests
        .at(-1)!
        .view!.toolResults.map((t) => t.output)
        .join("\n");
      expect(results, `the tool really ran and found the source file\n${detail}`).toContain(SOURCE_MATCH);
      expect(results, detail).toContain("settings.py");
      expect(requestsContaining(turn.requests, ENV_SECRET), `requests carrying the .env secret\n${detail}`).toEqual([]);
      // The note may come as its own message (Copilot: a user message after the result).
      expect(turn.requests.at(-1)!.raw, `the model is told what changed\n${detail}`).toMatch(client.told);
    });

    if (client.tool) {
      const tool = client.tool;
      test(`its own search tool over the project is ${tool.expect === "rewrite" ? "rewritten" : "denied"}, and the .env value never reaches the model`, async () => {
        clientBinary(client.id);
        expect(apply?.code, apply ? describeRun(apply) : "not run").toBe(0);
        server.setScript(toolRounds([[tool.call(sb)]]));
        const turn = await client.turn(sb, server);
        const detail = `${describeRun(turn.run, 2000)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
        expect(turn.requests.length, detail).toBeGreaterThanOrEqual(2);
        const results = turn.requests
          .at(-1)!
          .view!.toolResults.map((t) => t.output)
          .join("\n");
        expect(requestsContaining(turn.requests, ENV_SECRET), `requests carrying the .env secret\n${detail}`).toEqual([]);
        if (tool.expect === "rewrite") {
          expect(rewrites(turn.runtime)[0] ?? "", detail).toMatch(/^!\{?\.\[eE\]\[nN\]\[vV\][ ,]/);
          expect(results, `the tool really ran and found the source file\n${detail}`).toContain(SOURCE_MATCH);
          expect(turn.requests.at(-1)!.raw, detail).toMatch(/agentihooks changed this search/);
        } else {
          expect(results, detail).toMatch(tool.expect);
        }
      });
    }
  });
}

// The rg rewrites run with a real ripgrep (the copy Codex ships), over trees holding every kind of
// credential file at any depth and in any case: nothing protected is printed, the rest is found.
describe("rewritten rg searches, run with the real ripgrep", () => {
  const KINDS = [
    [".env"],
    [".ENV"],
    [".env.local"],
    ["prod.env"],
    [".ssh", "id_rsa"],
    [".ssh", "deploy_key"],
    ["id_ed25519"],
    [".aws", "credentials"],
    [".docker", "config.json"],
    [".kube", "config"],
    ["gh", "hosts.yml"],
    [".netrc"],
    [".npmrc"],
    [".git-credentials"],
    [".pgpass"],
    [".bashrc"],
    [".zsh_history"],
    [".vault-token"],
  ];
  const SHAPES = [
    "rg --hidden -n MARK",
    "rg -uu MARK .",
    "rg --hidden --no-ignore -g '*' MARK",
    "rg --hidden -g '*.env' -g '*.md' MARK",
    "rg --hidden -i mark .",
  ];

  test("60 generated trees: the rewritten command never prints a protected file (shell rg, Claude's Grep and Copilot's rg globs)", () => {
    const rg = path.join(
      path.dirname(path.dirname(clientBinary("codex"))),
      "@openai",
      "codex-linux-x64",
      "vendor",
      "x86_64-unknown-linux-musl",
      "codex-path",
      "rg",
    );
    expect(existsSync(rg), rg).toBe(true);
    const failures: string[] = [];
    let seed = 0x5eed;
    const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    for (let t = 0; t < 60; t += 1) {
      const dir = mkdtempSync(path.join(tmpdir(), "ah-rg-prop-"));
      const nest = Array.from({ length: Math.floor(random() * 7) }, (_, i) => `d${i}`);
      const secrets: string[] = [];
      for (let k = 0; k < 3; k += 1) {
        const kind = KINDS[Math.floor(random() * KINDS.length)] as string[];
        const file = path.join(dir, ...nest.slice(0, Math.floor(random() * (nest.length + 1))), ...kind);
        mkdirSync(path.dirname(file), { recursive: true });
        secrets.push(`MARK_SECRET_${t}_${k}_Wq3`);
        writeFileSync(file, `${secrets.at(-1)}\n`);
      }
      mkdirSync(path.join(dir, "src"), { recursive: true });
      writeFileSync(path.join(dir, "src", "a.md"), "MARK_FINE\n");
      const shape = SHAPES[t % SHAPES.length] as string;
      const rewrite = rewriteCredentialSearch(shape);
      const glob = rewriteSearchToolGlob("claude", undefined);
      const single = rewriteSearchToolGlob("copilot", undefined);
      if (!rewrite || !glob || !single) {
        failures.push(`not rewritten: ${shape}`);
        continue;
      }
      // No stdin: rg with no path searches a piped stdin instead of the directory.
      const shell = spawnSync("/bin/sh", ["-c", rewrite.command.replace(/^rg /, `'${rg}' `)], {
        cwd: dir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      // Claude's Grep: --hidden --no-follow, then each word of glob as --glob (docs/guardrails.md).
      const tool = spawnSync(rg, ["--hidden", "--no-follow", ...glob.command.split(" ").flatMap((g) => ["--glob", g]), "MARK", dir], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      // Copilot's rg: the whole glob as one --glob.
      const copilot = spawnSync(rg, ["--hidden", "--glob", single.command, "MARK", dir], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      for (const [label, out] of [
        ["shell", shell.stdout + shell.stderr],
        ["Claude's Grep", tool.stdout + tool.stderr],
        ["Copilot's rg", copilot.stdout + copilot.stderr],
      ] as const) {
        for (const secret of secrets) if (out.includes(secret)) failures.push(`${label} ${shape} printed ${secret} in ${dir}`);
        if (!out.includes("MARK_FINE")) failures.push(`${label} ${shape} found nothing in ${dir}: ${out.slice(0, 200)}`);
      }
      rmSync(dir, { recursive: true, force: true });
    }
    expect(failures, failures.slice(0, 8).join("\n")).toEqual([]);
  });
});

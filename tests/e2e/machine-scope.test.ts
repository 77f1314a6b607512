/**
 * Claude Code, Codex and Gemini CLI in the machine scope (docs/scopes.md, "Machine scope"; Copilot
 * has its own file): `agentihooks apply --scope machine` as root into a private /etc and
 * /usr/local/lib (support/private-system.ts: the real folders never change), the user's own switch
 * for turning hooks off set, and then one live turn per client: the runtime's session banner
 * reaches the model and `cat .env` is denied with our runtime's reason, the secret in no request.
 *
 * The machine wrapper drops NODE_OPTIONS, so the runtime tracer cannot run: the evidence is what
 * reached the model (our banner; our "BLOCKED: " reason, never the wrapper's fail-closed text).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FAIL_CLOSED_REASON } from "../../compiler/lower/hook-wrapper";
import { startModelServer, toolRounds, type ModelServer, type RecordedRequest } from "./model-server";
import { runClaudeTurn } from "./support/claude";
import { clientBinary } from "./support/clients";
import { runCodexTurn } from "./support/codex";
import { requestsContaining } from "./support/evidence";
import { geminiHome, OPERATOR_SETTINGS, runGeminiTurn } from "./support/gemini";
import { createPrivateSystem, privateSystemUnavailable, type PrivateSystem } from "./support/private-system";
import { describeRun, runProcess, type ProcessResult } from "./support/process";
import { agentihooksBin, createSandbox, ENV_SECRET, type Sandbox } from "./support/sandbox";

const unavailable = privateSystemUnavailable();
const BANNER = "agentihooks guardrails in force";

/** Every tool result the model was shown in these requests. */
function toolOutputs(requests: readonly RecordedRequest[]): string {
  return requests.flatMap((r) => r.view?.toolResults.map((t) => t.output) ?? []).join("\n");
}

interface Client {
  name: "claude" | "codex" | "gemini";
  /** The user's own switch for turning hooks off, written into their home. */
  switchOff(sb: Sandbox): void;
  /** The shell tool call that reads .env, as this client's model would make it. */
  readEnv: { name: string | readonly string[]; args: Record<string, unknown> };
  turn(sb: Sandbox, server: ModelServer, sys: PrivateSystem): Promise<{ run: ProcessResult; requests: RecordedRequest[] }>;
}

const CLIENTS: Client[] = [
  {
    name: "claude",
    switchOff(sb) {
      mkdirSync(sb.claudeConfigDir, { recursive: true });
      writeFileSync(path.join(sb.claudeConfigDir, "settings.json"), `${JSON.stringify({ disableAllHooks: true }, null, 2)}\n`);
      mkdirSync(path.join(sb.project, ".claude"), { recursive: true });
      writeFileSync(path.join(sb.project, ".claude", "settings.json"), `${JSON.stringify({ disableAllHooks: true }, null, 2)}\n`);
    },
    readEnv: { name: "Bash", args: { command: "cat .env", description: "read env" } },
    turn: (sb, server, sys) => runClaudeTurn(sb, server, "read the .env file", "Read,Bash", [], { prefix: sys.prefix }),
  },
  {
    name: "codex",
    switchOff(sb) {
      mkdirSync(sb.codexHome, { recursive: true });
      writeFileSync(path.join(sb.codexHome, "config.toml"), "[features]\nhooks = false\n");
    },
    readEnv: { name: ["exec_command", "shell"], args: { cmd: "cat .env", command: ["bash", "-lc", "cat .env"] } },
    turn: (sb, server, sys) => runCodexTurn(sb, server, "read the .env file", ["--disable", "codex_hooks"], { prefix: sys.prefix }),
  },
  {
    name: "gemini",
    switchOff(sb) {
      mkdirSync(geminiHome(sb), { recursive: true });
      writeFileSync(path.join(geminiHome(sb), "settings.json"), `${JSON.stringify({ ...OPERATOR_SETTINGS, hooksConfig: { enabled: false } }, null, 2)}\n`);
    },
    readEnv: { name: "run_shell_command", args: { command: "cat .env" } },
    turn: (sb, server, sys) => runGeminiTurn(sb, server, "read the .env file", { prefix: sys.prefix }),
  },
];

for (const client of CLIENTS) {
  describe.skipIf(unavailable !== undefined)(`${client.name} machine scope`, () => {
    let sb: Sandbox;
    let sys: PrivateSystem;
    let server: ModelServer;
    let apply: ProcessResult | undefined;

    beforeAll(async () => {
      clientBinary(client.name);
      sb = createSandbox(`${client.name}-machine`);
      sys = createPrivateSystem(sb.root);
      server = await startModelServer();
      apply = await runProcess(process.execPath, [agentihooksBin(), "apply", "--yes", "--scope", "machine", "--target", client.name], {
        cwd: sb.applyDir,
        env: sb.env(),
        timeoutMs: 60_000,
        prefix: sys.prefix,
      });
      client.switchOff(sb);
    });
    afterAll(async () => {
      await server?.close();
      sb?.cleanup();
    });

    test("with the user's hooks switched off, the banner reaches the model and the .env read is denied by our runtime", async () => {
      expect(apply?.code, apply && describeRun(apply)).toBe(0);
      server.setScript(toolRounds([[client.readEnv]]));
      const turn = await client.turn(sb, server, sys);
      const shown = toolOutputs(turn.requests);
      const detail = `${describeRun(turn.run, 2000)}\ntool results shown to the model:\n${shown}`;
      expect(requestsContaining(turn.requests, BANNER).length, `our banner reached the model\n${detail}`).toBeGreaterThan(0);
      expect(shown, detail).toMatch(/BLOCKED: /);
      expect(shown, detail).not.toContain(FAIL_CLOSED_REASON.slice(0, 60));
      expect(requestsContaining(turn.requests, ENV_SECRET), `requests carrying the .env secret\n${detail}`).toEqual([]);
    });

    test("uninstall --scope machine leaves nothing of ours in the private system", async () => {
      const un = await runProcess(process.execPath, [agentihooksBin(), "uninstall", "--yes", "--scope", "machine", "--target", client.name], {
        cwd: sb.applyDir,
        env: sb.env(),
        timeoutMs: 60_000,
        prefix: sys.prefix,
      });
      expect(un.code, describeRun(un)).toBe(0);
      const listed = await runProcess(
        "/bin/sh",
        ["-c", "find /etc/claude-code /etc/codex /etc/gemini-cli /etc/agentihooks /usr/local/lib/agentihooks -type f 2>/dev/null; true"],
        { cwd: sb.root, env: sb.env(), prefix: sys.prefix },
      );
      // The runtime's own audit log and session markers stay, as ~/.agentihooks does after a home uninstall.
      const left = listed.stdout.split("\n").filter((f) => f.trim() !== "" && !/^\/etc\/agentihooks\/(logs|sessions)\//.test(f));
      expect(left, "files apply wrote that uninstall left").toEqual([]);
    });
  });
}

test.skipIf(unavailable === undefined)("the machine-scope suite needs a private system", () => {
  expect(unavailable).toBeUndefined();
});

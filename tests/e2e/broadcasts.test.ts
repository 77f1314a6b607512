/**
 * Broadcasts (docs/broadcasts.md) through each pinned real client, offline: `agentihooks broadcast
 * send` with the real CLI into a home applied from the embedded default profile (which subscribes
 * every client to brain and amygdala), then one turn; the scripted model server must have been sent
 * the message. A second message sent between two prompts of a continued session is not needed for
 * this proof: delivery on the next prompt is covered by tests/runtime/broadcasts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startModelServer, toolRounds, type ModelServer } from "./model-server";
import { runClaudeTurn } from "./support/claude";
import { clientBinary, type ClientName } from "./support/clients";
import { runCodexTurn } from "./support/codex";
import { runCopilotTurn } from "./support/copilot";
import { describeRuntimeRuns, requestsContaining } from "./support/evidence";
import { runGeminiTurn, seedOperatorSettings } from "./support/gemini";
import { describeRun, runProcess, type ProcessResult } from "./support/process";
import { agentihooksBin, applyAgentihooks, createSandbox, type RuntimeRun, type Sandbox } from "./support/sandbox";
import type { RecordedRequest } from "./model-server";

type Turn = { run: ProcessResult; requests: RecordedRequest[]; runtime: RuntimeRun[] };

const TURNS: Record<ClientName, (sb: Sandbox, server: ModelServer, prompt: string) => Promise<Turn>> = {
  copilot: (sb, server, prompt) => runCopilotTurn(sb, server, prompt),
  claude: (sb, server, prompt) => runClaudeTurn(sb, server, prompt),
  codex: (sb, server, prompt) => runCodexTurn(sb, server, prompt),
  gemini: (sb, server, prompt) => runGeminiTurn(sb, server, prompt),
};

for (const client of ["copilot", "claude", "codex", "gemini"] as const) {
  describe(`broadcasts reach the model: ${client}`, () => {
    let sb: Sandbox;
    let server: ModelServer;
    let apply: ProcessResult | undefined;
    const canary = `E2E_BROADCAST_CANARY_${client}_4c1d`;

    beforeAll(async () => {
      clientBinary(client);
      sb = createSandbox(`broadcast-${client}`);
      server = await startModelServer();
      if (client === "gemini") seedOperatorSettings(sb);
      apply = await applyAgentihooks(sb, client);
    });
    afterAll(async () => {
      await server?.close();
      sb?.cleanup();
    });

    test(`a message sent with agentihooks broadcast send is in what ${client} sends the model, once`, async () => {
      clientBinary(client);
      expect(apply?.code, apply ? describeRun(apply) : "not run").toBe(0);
      const sent = await runProcess(process.execPath, [agentihooksBin(), "broadcast", "send", "brain", `${canary}: the deploy freeze holds`], {
        cwd: sb.applyDir,
        env: sb.env(),
        timeoutMs: 30_000,
      });
      expect(sent.code, describeRun(sent)).toBe(0);
      server.setScript(toolRounds([]));
      const turn = await TURNS[client](sb, server, "say hi");
      const detail = `${describeRun(turn.run, 1500)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(turn.run.code, detail).toBe(0);
      const carrying = requestsContaining(turn.requests, canary);
      expect(carrying.length, `a model request carries the broadcast\n${detail}`).toBeGreaterThan(0);
      // Given once: the runtime printed it in exactly one hook reply of the session.
      expect(turn.runtime.filter((r) => r.stdout.includes(canary)).length, detail).toBe(1);
      // A second session of the same home is a new session: it is given the message again.
      const again = await TURNS[client](sb, server, "say hi again");
      expect(requestsContaining(again.requests, canary).length, describeRun(again.run, 1500)).toBeGreaterThan(0);
    }, 300_000);
  });
}

/**
 * Copilot CLI without agentihooks loads `<repo>/.claude/rules/*.md` into the model request itself
 * (observed with 1.0.102: the rule's text follows the tools section of the system prompt). The
 * project bridge relies on this to leave the rules out for Copilot (runtime/project-bridge.ts), so
 * the real client proves it here; if a release stops loading them, this test fails.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startModelServer, toolRounds, type ModelServer } from "./model-server";
import { clientBinary, clientVersion } from "./support/clients";
import { runCopilotTurn } from "./support/copilot";
import { requestsContaining } from "./support/evidence";
import { describeRun } from "./support/process";
import { createSandbox, RULE_CANARY, type Sandbox } from "./support/sandbox";

describe("Copilot loads the repository's .claude/rules itself", () => {
  let sb: Sandbox;
  let server: ModelServer;
  beforeAll(async () => {
    clientBinary("copilot");
    sb = createSandbox("copilot-rules");
    server = await startModelServer();
  });
  afterAll(async () => {
    await server?.close();
    sb?.cleanup();
  });

  test("a rule's canary reaches the model with no hook installed", async () => {
    server.setScript(toolRounds([]));
    const turn = await runCopilotTurn(sb, server, "what are the rules?");
    expect(turn.run.code, describeRun(turn.run)).toBe(0);
    expect(turn.runtime, "no agentihooks runtime ran (nothing applied)").toEqual([]);
    const carrying = requestsContaining(turn.requests, RULE_CANARY);
    expect(carrying.length, `copilot ${clientVersion("copilot")} sent the canary itself`).toBeGreaterThan(0);
  });
});

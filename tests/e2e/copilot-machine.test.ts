/**
 * Copilot CLI in the machine scope (docs/scopes.md, "Machine scope"): `agentihooks apply --scope
 * machine` writes /etc/github-copilot/policy.d/agentihooks.json, the wrapper, the policy and the
 * runtime into a private /etc and /usr/local/lib (a mount namespace: the machine's real folders
 * never change), and the guardrails hold although the user switched hooks off everywhere they can:
 * `disableAllHooks: true` in ~/.copilot/settings.json and in the repository's
 * .github/copilot/settings.json, and AGENTIHOOKS_HOME pointing at a policy with every guardrail off.
 *
 * The machine wrapper drops NODE_OPTIONS (no user variable may load code into the runtime), so the
 * runtime tracer cannot run here: "our runtime decided" is read from what Copilot recorded of each
 * hook run (its output carries the runtime's own banner and deny reason, never the wrapper's
 * fail-closed text).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FAIL_CLOSED_REASON } from "../../compiler/lower/hook-wrapper";
import { startModelServer, toolRounds, type ModelServer } from "./model-server";
import { clientBinary } from "./support/clients";
import { runCopilotTurn } from "./support/copilot";
import { requestsContaining } from "./support/evidence";
import { createPrivateSystem, privateSystemUnavailable, type PrivateSystem } from "./support/private-system";
import { describeRun, runProcess, type ProcessResult } from "./support/process";
import { agentihooksBin, createSandbox, ENV_SECRET, type Sandbox } from "./support/sandbox";

const POLICY_FILE = "/etc/github-copilot/policy.d/agentihooks.json";
const unavailable = privateSystemUnavailable();

/** Runs the real agentihooks CLI inside the private system, with the sandbox's environment. */
function agentihooks(sb: Sandbox, sys: PrivateSystem, args: string[]): Promise<ProcessResult> {
  return runProcess(process.execPath, [agentihooksBin(), ...args], { cwd: sb.applyDir, env: sb.env(), timeoutMs: 60_000, prefix: sys.prefix });
}

describe.skipIf(unavailable !== undefined)("Copilot machine scope", () => {
  let sb: Sandbox;
  let sys: PrivateSystem;
  let server: ModelServer;
  let apply: ProcessResult | undefined;
  let userPolicy: string;

  beforeAll(async () => {
    clientBinary("copilot");
    sb = createSandbox("copilot-machine");
    sys = createPrivateSystem(sb.root);
    server = await startModelServer();
    apply = await agentihooks(sb, sys, ["apply", "--yes", "--scope", "machine", "--target", "copilot"]);
    // Every switch the user has: hooks off in their settings and in the repository's, and their
    // own agentihooks home with every guardrail off.
    mkdirSync(sb.copilotHome, { recursive: true });
    writeFileSync(path.join(sb.copilotHome, "settings.json"), `${JSON.stringify({ disableAllHooks: true }, null, 2)}\n`);
    mkdirSync(path.join(sb.project, ".github", "copilot"), { recursive: true });
    writeFileSync(path.join(sb.project, ".github", "copilot", "settings.json"), `${JSON.stringify({ disableAllHooks: true }, null, 2)}\n`);
    userPolicy = path.join(sb.root, "user-agentihooks");
    mkdirSync(userPolicy, { recursive: true });
    const off = {
      secretsInWrites: false,
      credentialReads: false,
      destructiveCommands: false,
      branchProtection: false,
      auditLog: false,
      projectBridge: false,
      sessionBanner: false,
    };
    writeFileSync(path.join(userPolicy, "policy.copilot.json"), `${JSON.stringify({ version: 1, target: "copilot", guardrails: off }, null, 2)}\n`);
  });
  afterAll(async () => {
    await server?.close();
    sb?.cleanup();
  });

  test("apply --scope machine writes the policy hooks into the private /etc, owned by root, not group- or world-writable", () => {
    expect(apply?.code, apply && describeRun(apply)).toBe(0);
    const written = sys.upperPath(POLICY_FILE);
    expect(existsSync(written), `${POLICY_FILE} in the private /etc`).toBe(true);
    expect(existsSync(POLICY_FILE), "the machine's real /etc is untouched").toBe(false);
    const doc = JSON.parse(readFileSync(written, "utf8")) as { version: number; hooks: Record<string, { command: string }[]> };
    expect(doc.version).toBe(1);
    expect(doc.hooks.preToolUse?.[0]?.command).toBe("/etc/github-copilot/agentihooks-hook.sh preToolUse");
  });

  test("with hooks switched off by the user and the repository, the banner reaches the model and the .env read is denied by our runtime", async () => {
    server.setScript(toolRounds([[{ name: "bash", args: { command: "cat .env", description: "read env" } }]]));
    const turn = await runCopilotTurn(sb, server, "read the .env file", { prefix: sys.prefix });
    const hooksSeen = turn.hooks.map((h) => `${h.event} ok=${h.ok} ${JSON.stringify(h.output)?.slice(0, 300)}`).join("\n");
    const detail = `${describeRun(turn.run, 1500)}\nhooks Copilot ran:\n${hooksSeen}`;
    expect(turn.run.code, detail).toBe(0);
    // Injected context: the runtime's session banner, from root's policy (the user's says "off").
    const start = turn.hooks.find((h) => h.event === "sessionStart");
    const banner = /agentihooks guardrails in force[^"]*/.exec(JSON.stringify(start?.output ?? ""))?.[0];
    expect(banner, `our runtime printed the banner at sessionStart\n${detail}`).toBeDefined();
    expect(requestsContaining(turn.requests, "agentihooks guardrails in force").length, `the banner reached the model\n${detail}`).toBeGreaterThan(0);
    // The deny: our runtime's reason reached the model, not the wrapper's fail-closed one.
    const results =
      turn.requests
        .at(-1)
        ?.view?.toolResults.map((t) => t.output)
        .join("\n") ?? "";
    expect(results, detail).toMatch(/Denied by preToolUse hook: BLOCKED: /);
    expect(results, detail).not.toContain(FAIL_CLOSED_REASON.slice(0, 60));
    expect(requestsContaining(turn.requests, ENV_SECRET), `requests carrying the .env secret\n${detail}`).toEqual([]);
  });

  test("AGENTIHOOKS_HOME in the user's environment does not switch the machine guardrails off", async () => {
    server.setScript(toolRounds([[{ name: "bash", args: { command: "cat .env", description: "read env" } }]]));
    const turn = await runCopilotTurn(sb, server, "read the .env file", { prefix: sys.prefix, env: { AGENTIHOOKS_HOME: userPolicy } });
    const detail = describeRun(turn.run, 1500);
    const results =
      turn.requests
        .at(-1)
        ?.view?.toolResults.map((t) => t.output)
        .join("\n") ?? "";
    expect(results, detail).toMatch(/Denied by preToolUse hook: BLOCKED: /);
    expect(requestsContaining(turn.requests, ENV_SECRET), detail).toEqual([]);
  });

  test("uninstall --scope machine removes every file it wrote, and a turn then runs no hook of ours", async () => {
    const un = await agentihooks(sb, sys, ["uninstall", "--yes", "--scope", "machine", "--target", "copilot"]);
    expect(un.code, describeRun(un)).toBe(0);
    const listed = await runProcess("/bin/sh", ["-c", "ls -A /etc/github-copilot/policy.d /etc/agentihooks /usr/local/lib/agentihooks 2>&1; true"], {
      cwd: sb.root,
      env: sb.env(),
      prefix: sys.prefix,
    });
    expect(listed.stdout, "nothing of ours is left in the private system").not.toMatch(/agentihooks\.json|policy\.copilot\.json|state\.json|runtime/);
    server.setScript(toolRounds([]));
    const turn = await runCopilotTurn(sb, server, "say hi", { prefix: sys.prefix });
    expect(turn.hooks, describeRun(turn.run, 1500)).toEqual([]);
  });
});

test.skipIf(unavailable === undefined)("Copilot machine scope needs a private system", () => {
  // Said loudly rather than skipped silently: this machine cannot run the machine-scope suite.
  expect(unavailable).toBeUndefined();
});

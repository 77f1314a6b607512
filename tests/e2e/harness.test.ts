/**
 * The suite's test of itself, on the real clients and with hand-written homes (no agentihooks):
 * each check passes on a home that is right and FAILS, on purpose, on a home that is wrong. A check
 * that cannot fail proves nothing; these show every kind of check in the client suites can.
 * The hooks here run tests/e2e/fixtures/fake-runtime/runtime.mjs, a stand-in for our runtime.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startModelServer, toolRounds, type ModelServer } from "./model-server";
import { claudeLoadProblems, doctorInvalidSettings, claudeCommand, runClaudeTurn } from "./support/claude";
import { clientBinary } from "./support/clients";
import { codexLoadProblems, runCodexTurn } from "./support/codex";
import { copilotLoaderComplaints, copilotLoadProblems, runCopilotTurn, writeCopilotCanary, COPILOT_CANARY_EVENT } from "./support/copilot";
import { contextPrinted, requestsContaining, runsByEvent, runtimeDenials } from "./support/evidence";
import { describeRun } from "./support/process";
import { createSandbox, ENV_SECRET, fixturesDir, RULE_CANARY, WRITE_SECRET, type Sandbox } from "./support/sandbox";

const fake = path.join(fixturesDir, "fake-runtime", "runtime.mjs");
const copilotEvents = ["sessionStart", "sessionEnd", "userPromptSubmitted", "preToolUse", "postToolUse", "agentStop"];
const claudeEvents = ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"];

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Copilot hooks running the fake runtime; `mode` is passed through the environment of the hook command. */
function writeCopilotHooks(sb: Sandbox, mode: "guard" | "noop", extraEvents: string[] = []): void {
  const entry = (event: string) => [
    { type: "command", bash: `E2E_FAKE_MODE=${mode} E2E_FAKE_CANARY=${RULE_CANARY} ${sb.tracingNode} ${fake} copilot ${event}`, timeoutSec: 30 },
  ];
  writeJson(path.join(sb.copilotHome, "hooks", "fake.json"), {
    version: 1,
    hooks: Object.fromEntries([...copilotEvents, ...extraEvents].map((e) => [e, entry(e)])),
  });
}

/** Claude/Codex-shaped hook groups running the fake runtime. */
function claudeShapedHooks(sb: Sandbox, client: string, mode: "guard" | "noop", extraEvents: string[] = []): Record<string, unknown> {
  const group = () => [
    { hooks: [{ type: "command", command: `E2E_FAKE_MODE=${mode} E2E_FAKE_CANARY=${RULE_CANARY} ${sb.tracingNode} ${fake} ${client}`, timeout: 30 }] },
  ];
  return Object.fromEntries([...claudeEvents, ...extraEvents].map((e) => [e, group()]));
}

describe("self-test: Copilot checks pass on a right home and fail on a wrong one", () => {
  let sb: Sandbox;
  let server: ModelServer;
  beforeAll(async () => {
    clientBinary("copilot");
    sb = createSandbox("self-copilot");
    server = await startModelServer();
  });
  afterAll(async () => {
    await server?.close();
    sb?.cleanup();
  });

  test("a guarding hook: events fire and run the runtime, context arrives, .env is denied, nothing leaks", async () => {
    writeCopilotHooks(sb, "guard");
    server.setScript(toolRounds([[{ name: "view", args: { path: path.join(sb.project, ".env") } }]]));
    const turn = await runCopilotTurn(sb, server, "read .env");
    expect(turn.run.code, describeRun(turn.run)).toBe(0);
    for (const event of copilotEvents.filter((e) => e !== "postToolUse")) {
      expect(
        turn.hooks.some((h) => h.event === event),
        `fired ${event}`,
      ).toBe(true);
      expect(runsByEvent(turn.runtime).get(event)?.length ?? 0, `runtime ran for ${event}`).toBeGreaterThan(0);
    }
    expect(contextPrinted(turn.runtime, ["sessionStart"]).join("")).toContain(RULE_CANARY);
    expect(requestsContaining(turn.requests, RULE_CANARY).length).toBeGreaterThan(0);
    expect(turn.requests.at(-1)?.view?.toolResults[0]?.output).toMatch(/Denied by preToolUse hook: e2e fake runtime/);
    expect(requestsContaining(turn.requests, ENV_SECRET)).toEqual([]);
  });

  test("FAILS ON PURPOSE: a hook that does not guard lets the .env secret reach the model, and the leak check sees it", async () => {
    writeCopilotHooks(sb, "noop");
    server.setScript(toolRounds([[{ name: "view", args: { path: path.join(sb.project, ".env") } }]]));
    const turn = await runCopilotTurn(sb, server, "read .env");
    expect(requestsContaining(turn.requests, ENV_SECRET).length, "the leak check must catch the secret").toBeGreaterThan(0);
    expect(contextPrinted(turn.runtime, ["sessionStart"]).join("")).not.toContain(RULE_CANARY);
  });

  test("FAILS ON PURPOSE: a wrapper pointing at a missing runtime fails closed on Copilot, and the checks do not count it as our guard", async () => {
    const missing = path.join(sb.root, "nowhere", "runtime.mjs");
    const entry = (event: string) => [{ type: "command", bash: `${sb.tracingNode} ${missing} ${event}`, timeoutSec: 30 }];
    writeJson(path.join(sb.copilotHome, "hooks", "fake.json"), { version: 1, hooks: Object.fromEntries(copilotEvents.map((e) => [e, entry(e)])) });
    server.setScript(toolRounds([[{ name: "view", args: { path: path.join(sb.project, ".env") } }]]));
    const turn = await runCopilotTurn(sb, server, "read .env");
    const result = turn.requests.at(-1)?.view?.toolResults[0]?.output ?? "";
    // Copilot denies on exit 1, so the secret stays out: a pass for the wrong reason...
    expect(result).toMatch(/Denied by preToolUse hook/);
    expect(requestsContaining(turn.requests, ENV_SECRET)).toEqual([]);
    // ...which the suite's stricter checks refuse: no reason of ours, no run of a real runtime, no decision.
    expect(result).not.toMatch(/Denied by preToolUse hook: (?!hook exited with code)/);
    expect(turn.runtime.length).toBeGreaterThan(0);
    expect(turn.runtime.every((r) => !r.scriptExists)).toBe(true);
    expect(runsByEvent(turn.runtime).size).toBe(0);
    expect(runtimeDenials(turn.runtime)).toEqual([]);
  });

  test("FAILS ON PURPOSE: a misspelt hook event and a bad settings value are caught by the load checks", async () => {
    writeCopilotHooks(sb, "guard", ["preToolUsee"]);
    writeCopilotCanary(sb);
    writeJson(path.join(sb.copilotHome, "settings.json"), { disableAllHooks: "no", bogusE2eKey: true });
    server.setScript(toolRounds([]));
    const turn = await runCopilotTurn(sb, server, "hi");
    const complaints = copilotLoaderComplaints(turn.logText);
    const names = complaints.unknownEvents.flatMap((u) => u.names).sort();
    expect(names).toEqual(["e2eCanaryNotARealEvent", "preToolUsee"].sort());
    expect(names).toContain(COPILOT_CANARY_EVENT);
    expect(complaints.other.join("\n")).toMatch(/couldn't be loaded|unknown top-level key/i);
    const problems = await copilotLoadProblems(sb, server);
    expect(problems.join("\n")).toMatch(/settings\.json key '(disableAllHooks|bogusE2eKey)'/);
    writeJson(path.join(sb.copilotHome, "settings.json"), {});
  });

  test("FAILS ON PURPOSE: an MCP entry Copilot drops silently is reported", async () => {
    writeJson(path.join(sb.copilotHome, "mcp-config.json"), {
      mcpServers: { good: { command: "node", args: ["-e", "0"] }, broken: { type: "local", tools: "*" } },
    });
    const problems = await copilotLoadProblems(sb, server);
    expect(problems).toContain("MCP server 'broken' in mcp-config.json is missing from copilot mcp list (dropped silently)");
    expect(problems.join("\n")).not.toContain("'good'");
  });
});

describe("self-test: Claude Code checks pass on a right home and fail on a wrong one", () => {
  let sb: Sandbox;
  let server: ModelServer;
  beforeAll(async () => {
    clientBinary("claude");
    sb = createSandbox("self-claude");
    server = await startModelServer();
  });
  afterAll(async () => {
    await server?.close();
    sb?.cleanup();
  });

  test("a guarding hook: events fire and run the runtime, context arrives, .env is denied, nothing leaks", async () => {
    writeJson(path.join(sb.claudeConfigDir, "settings.json"), { hooks: claudeShapedHooks(sb, "claude", "guard") });
    expect(await claudeLoadProblems(sb, server)).toEqual([]);
    server.setScript(toolRounds([[{ name: "Read", args: { file_path: path.join(sb.project, ".env") } }]]));
    const turn = await runClaudeTurn(sb, server, "read .env");
    expect(turn.run.code, describeRun(turn.run)).toBe(0);
    for (const event of ["SessionStart", "UserPromptSubmit", "PreToolUse", "Stop"]) {
      expect(
        turn.hooks.some((h) => h.event === event),
        `fired ${event}`,
      ).toBe(true);
      expect(runsByEvent(turn.runtime).get(event)?.length ?? 0, `runtime ran for ${event}`).toBeGreaterThan(0);
    }
    expect(requestsContaining(turn.requests, RULE_CANARY).length).toBeGreaterThan(0);
    expect(turn.requests.at(-1)?.view?.toolResults[0]?.output).toMatch(/PreToolUse:Read hook error/);
    expect(requestsContaining(turn.requests, ENV_SECRET)).toEqual([]);
  });

  test("FAILS ON PURPOSE: a non-guarding hook leaks .env; an unknown event and a bad value are caught by claude doctor", async () => {
    writeJson(path.join(sb.claudeConfigDir, "settings.json"), { hooks: claudeShapedHooks(sb, "claude", "noop") });
    server.setScript(toolRounds([[{ name: "Read", args: { file_path: path.join(sb.project, ".env") } }]]));
    const turn = await runClaudeTurn(sb, server, "read .env");
    expect(requestsContaining(turn.requests, ENV_SECRET).length, "the leak check must catch the secret").toBeGreaterThan(0);

    writeJson(path.join(sb.claudeConfigDir, "settings.json"), {
      hooks: claudeShapedHooks(sb, "claude", "guard", ["UserPromptSubmitted"]),
      permissions: { defaultMode: "yolo" },
    });
    const doctor = await claudeCommand(sb, ["doctor"], server);
    const invalid = doctorInvalidSettings(doctor.stdout);
    expect(invalid.join("\n")).toMatch(/UserPromptSubmitted/);
    expect(invalid.join("\n")).toMatch(/permissions\.defaultMode/);
    expect((await claudeLoadProblems(sb, server)).length).toBeGreaterThanOrEqual(2);
  });
  test("FAILS ON PURPOSE: with a non-guarding hook a secret Write lands, so the file-absence check can fail", async () => {
    writeJson(path.join(sb.claudeConfigDir, "settings.json"), { hooks: claudeShapedHooks(sb, "claude", "noop") });
    const target = path.join(sb.project, "leak-unguarded.txt");
    server.setScript(toolRounds([[{ name: "Write", args: { file_path: target, content: `token=${WRITE_SECRET}\n` } }]]));
    const turn = await runClaudeTurn(sb, server, "save the token", "Write");
    expect(existsSync(target), describeRun(turn.run, 2000)).toBe(true);
  });
});

describe("self-test: Codex checks pass on a right home and fail on a wrong one", () => {
  let sb: Sandbox;
  let server: ModelServer;
  beforeAll(async () => {
    clientBinary("codex");
    sb = createSandbox("self-codex");
    server = await startModelServer();
  });
  afterAll(async () => {
    await server?.close();
    sb?.cleanup();
  });

  test("a guarding hook (trust bypassed here only): events fire, context arrives, .env is blocked, nothing leaks", async () => {
    writeJson(path.join(sb.codexHome, "hooks.json"), { hooks: claudeShapedHooks(sb, "codex", "guard") });
    writeFileSync(path.join(sb.codexHome, "AGENTS.md"), "# Fixture persona for the Codex self-test\n");
    expect(await codexLoadProblems(sb)).toEqual([]);
    server.setScript(toolRounds([[{ name: "exec_command", args: { cmd: "cat .env" } }]]));
    const turn = await runCodexTurn(sb, server, "read .env", ["--dangerously-bypass-hook-trust"]);
    expect(turn.run.code, describeRun(turn.run)).toBe(0);
    for (const event of ["SessionStart", "UserPromptSubmit", "PreToolUse", "Stop"]) {
      expect(
        turn.hooks.some((h) => h.event === event),
        `fired ${event}`,
      ).toBe(true);
      expect(runsByEvent(turn.runtime).get(event)?.length ?? 0, `runtime ran for ${event}`).toBeGreaterThan(0);
    }
    expect(requestsContaining(turn.requests, RULE_CANARY).length).toBeGreaterThan(0);
    expect(turn.requests.at(-1)?.view?.toolResults[0]?.output).toMatch(/Command blocked by PreToolUse hook/);
    expect(requestsContaining(turn.requests, ENV_SECRET)).toEqual([]);
  });

  test("FAILS ON PURPOSE: untrusted hooks are skipped silently, and the fires check sees it", async () => {
    server.setScript(toolRounds([]));
    const turn = await runCodexTurn(sb, server, "hi");
    expect(turn.run.code, describeRun(turn.run)).toBe(0);
    expect(turn.hooks).toEqual([]);
    expect(turn.runtime).toEqual([]);
  });

  test("FAILS ON PURPOSE: with no guarding hook a secret patch lands, so the file-absence check can fail", async () => {
    const target = path.join(sb.project, "leak-unguarded.txt");
    const patch = `*** Begin Patch\n*** Add File: ${target}\n+token=${WRITE_SECRET}\n*** End Patch\n`;
    server.setScript(toolRounds([[{ name: "apply_patch", args: {}, input: patch }]]));
    const turn = await runCodexTurn(sb, server, "save the token", ["--sandbox", "workspace-write"]);
    expect(existsSync(target), describeRun(turn.run, 2000)).toBe(true);
  });

  test("FAILS ON PURPOSE: an ignored config key and a missing skill are caught by the load checks", async () => {
    mkdirSync(sb.codexHome, { recursive: true });
    writeFileSync(path.join(sb.codexHome, "config.toml"), '[mcp_servers.e2e]\ncommand = "node"\nargs = ["-e", "0"]\nbogus_e2e_key = 1\n');
    // A complete skill loads; one without a description is dropped by Codex silently (0.171.0).
    mkdirSync(path.join(sb.home, ".agents", "skills", "e2e-visible"), { recursive: true });
    writeFileSync(path.join(sb.home, ".agents", "skills", "e2e-visible", "SKILL.md"), "---\nname: e2e-visible\ndescription: visible\n---\nbody\n");
    mkdirSync(path.join(sb.home, ".agents", "skills", "e2e-nodesc"), { recursive: true });
    writeFileSync(path.join(sb.home, ".agents", "skills", "e2e-nodesc", "SKILL.md"), "---\nname: e2e-nodesc\n---\nbody\n");
    const problems = await codexLoadProblems(sb);
    expect(problems.join("\n")).toMatch(/mcp_servers\.e2e\.bogus_e2e_key` is ignored/);
    expect(problems).toContain("skill 'e2e-nodesc' is not in the model-visible prompt");
    expect(problems.join("\n")).not.toMatch(/skill 'e2e-visible'/);
  });
});

/**
 * GitHub Copilot CLI (pinned, real binary), offline: apply agentihooks into a fresh home, prove the
 * client loads everything we wrote, and prove our hooks fire, run our runtime and guard.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startModelServer, toolRounds, type ModelServer } from "./model-server";
import { clientBinary } from "./support/clients";
import {
  COPILOT_CANARY_EVENT,
  COPILOT_CANARY_FILE,
  copilotCommand,
  copilotLoaderComplaints,
  copilotLoadProblems,
  copilotLogLines,
  runCopilotTurn,
  writeCopilotCanary,
} from "./support/copilot";
import { contextPrinted, describeRuntimeRuns, requestsContaining, runsByEvent, runtimeDenials } from "./support/evidence";
import { expectExplained, explainDenialScript } from "./support/agentihooks-mcp";
import { describeRun, type ProcessResult } from "./support/process";
import {
  applyAgentihooks,
  createSandbox,
  planAgentihooks,
  uninstallAgentihooks,
  ENV_SECRET,
  RULE_CANARY,
  startedMcpServers,
  WRITE_SECRET,
  type Sandbox,
} from "./support/sandbox";

/** The hook events agentihooks registers in Copilot's hooks file, and whether each runs our runtime. */
function registeredEvents(sb: Sandbox): { events: string[]; foreign: string[] } {
  const file = path.join(sb.copilotHome, "hooks", "agentihooks.json");
  if (!existsSync(file)) return { events: [], foreign: [] };
  const doc = JSON.parse(readFileSync(file, "utf8")) as { hooks?: Record<string, { bash?: string; command?: string }[]> };
  const events: string[] = [];
  const foreign: string[] = [];
  for (const [event, entries] of Object.entries(doc.hooks ?? {})) {
    const ours = entries.some((e) => /agentihooks|runtime\.mjs/.test(`${e.bash ?? ""} ${e.command ?? ""}`));
    (ours ? events : foreign).push(event);
  }
  return { events: events.sort(), foreign };
}

for (const variant of [
  { label: "embedded default", bundle: false },
  { label: "fixture bundle", bundle: true },
]) {
  describe(`Copilot ${variant.label}`, () => {
    let sb: Sandbox;
    let server: ModelServer;
    let apply: ProcessResult | undefined;

    beforeAll(async () => {
      clientBinary("copilot");
      sb = createSandbox(`copilot-${variant.bundle ? "bundle" : "default"}`);
      server = await startModelServer();
      apply = await applyAgentihooks(sb, "copilot", { bundle: variant.bundle });
      writeCopilotCanary(sb);
    });
    afterAll(async () => {
      await server?.close();
      sb?.cleanup();
    });

    /** Every later check needs a successful apply; say so once, clearly. */
    function requireApplied(): void {
      clientBinary("copilot");
      if (!apply || apply.code !== 0)
        throw new Error(`agentihooks apply --target copilot did not succeed, so this check cannot run:\n${apply ? describeRun(apply) : "not run"}`);
    }

    test("agentihooks apply --yes --target copilot writes the home", () => {
      clientBinary("copilot");
      expect(apply?.code, apply ? describeRun(apply) : "not run").toBe(0);
      expect(registeredEvents(sb).events.length, "hooks/agentihooks.json registers our runtime").toBeGreaterThan(0);
    });

    test("the client lists every setting, MCP server, skill, instruction file and agent we wrote", async () => {
      requireApplied();
      expect(await copilotLoadProblems(sb, server)).toEqual([]);
    });

    test("the hook loader names only the canary as unknown, and logs no load warning", async () => {
      requireApplied();
      server.setScript(toolRounds([]));
      const turn = await runCopilotTurn(sb, server, "say hi");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      const complaints = copilotLoaderComplaints(turn.logText);
      // The canary proves the loader validates and read our directory; nothing else may be unknown.
      expect(complaints.unknownEvents).toEqual([{ file: path.join(sb.copilotHome, "hooks", COPILOT_CANARY_FILE), names: [COPILOT_CANARY_EVENT] }]);
      expect(complaints.other).toEqual([]);
    });

    test("every registered event a turn reaches fires and runs our runtime", async () => {
      requireApplied();
      const { events } = registeredEvents(sb);
      server.setScript(
        toolRounds([
          [{ name: "view", args: { path: path.join(sb.project, "README.md") } }],
          [{ name: "bash", args: { command: "echo e2e-bash-ran", description: "echo" } }],
          [{ name: "view", args: { path: path.join(sb.project, "no-such-file.txt") } }],
        ]),
      );
      const turn = await runCopilotTurn(sb, server, "look around");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      const fired = new Set(turn.hooks.map((h) => h.event));
      const ran = runsByEvent(turn.runtime);
      const detail = `client fired: ${[...fired].join(", ")}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      // The events this turn reaches on 1.0.102 (postToolUseFailure and permissionRequest depend on the tool).
      const mustReach = ["sessionStart", "userPromptSubmitted", "preToolUse", "postToolUse", "agentStop", "sessionEnd"];
      for (const event of mustReach) {
        expect(events, `agentihooks registers ${event}`).toContain(event);
        expect(fired.has(event), `Copilot fired ${event}\n${detail}`).toBe(true);
      }
      for (const event of events.filter((e) => fired.has(e))) {
        expect(ran.get(event)?.length ?? 0, `our runtime ran for ${event}\n${detail}`).toBeGreaterThan(0);
      }
      const failed = turn.hooks.filter((h) => !h.ok);
      expect(failed, `hooks the client reports as failed\n${detail}`).toEqual([]);
    });

    test("a subagent fires subagentStart and subagentStop, and both run our runtime", async () => {
      requireApplied();
      const { events } = registeredEvents(sb);
      // The subagent's own requests come without the task tool: they get plain text, so it ends.
      const main = toolRounds([[{ name: "task", args: { description: "e2e subagent", prompt: "Say done.", agent_type: "explore", name: "e2e-sub" } }]]);
      server.setScript((view) => (view.tools.includes("task") ? main(view) : { text: "E2E_SUBAGENT_DONE" }));
      const turn = await runCopilotTurn(sb, server, "delegate something");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      const fired = new Set(turn.hooks.map((h) => h.event));
      const ran = runsByEvent(turn.runtime);
      const detail = `client fired: ${[...fired].join(", ")}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      for (const event of ["subagentStart", "subagentStop"]) {
        expect(events, `agentihooks registers ${event}`).toContain(event);
        expect(fired.has(event), `Copilot fired ${event}\n${detail}`).toBe(true);
        expect(ran.get(event)?.length ?? 0, `our runtime ran for ${event}\n${detail}`).toBeGreaterThan(0);
      }
      expect(
        turn.hooks.filter((h) => !h.ok),
        detail,
      ).toEqual([]);
    });

    test("/compact on a continued session fires preCompact and runs our runtime", async () => {
      requireApplied();
      expect(registeredEvents(sb).events, "agentihooks registers preCompact").toContain("preCompact");
      server.setScript(toolRounds([], "E2E_SUMMARY"));
      await runCopilotTurn(sb, server, "say hi");
      const turn = await runCopilotTurn(sb, server, "/compact", { extraArgs: ["--continue"] });
      const detail = `${describeRun(turn.run, 1500)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(turn.run.code, detail).toBe(0);
      expect(turn.run.stdout, detail).toMatch(/Compacted conversation/);
      expect(runsByEvent(turn.runtime).get("preCompact")?.length ?? 0, `our runtime ran for preCompact\n${detail}`).toBeGreaterThan(0);
    });

    test("the project rule reaches the model once: Copilot loads it, the runtime does not inject it again", async () => {
      requireApplied();
      server.setScript(toolRounds([]));
      const turn = await runCopilotTurn(sb, server, "what are the rules?");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      expect(
        runsByEvent(turn.runtime).get("sessionStart")?.length ?? 0,
        `our runtime ran at sessionStart\n${describeRuntimeRuns(turn.runtime)}`,
      ).toBeGreaterThan(0);
      const injected = contextPrinted(turn.runtime, ["sessionStart", "SessionStart"]).join("\n");
      expect(injected, `the runtime left the rule to Copilot\n${describeRuntimeRuns(turn.runtime)}`).not.toContain(RULE_CANARY);
      const carrying = turn.requests.filter((r) => r.raw.includes(RULE_CANARY));
      expect(carrying.length, "a model request carries the canary").toBeGreaterThan(0);
      expect(carrying[0]!.raw.split(RULE_CANARY).length - 1, "the canary appears once in the request").toBe(1);
    });

    test("a .env read is denied, the client reports it, and the secret never reaches the model", async () => {
      requireApplied();
      server.setScript(
        toolRounds([
          // Two calls in one response: the deny must hit only the .env read (one preToolUse per call).
          [
            { name: "view", args: { path: path.join(sb.project, "README.md") } },
            { name: "view", args: { path: path.join(sb.project, ".env") } },
          ],
          [{ name: "bash", args: { command: "cat .env", description: "read env" } }],
        ]),
      );
      const turn = await runCopilotTurn(sb, server, "read the .env file");
      const detail = `${describeRun(turn.run, 1500)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(turn.requests.length, detail).toBeGreaterThanOrEqual(3);
      // Results may come back in completion order: tell them apart by content.
      const all = turn.requests.at(-1)!.view!.toolResults.map((t) => t.output);
      const readme = all.filter((r) => r.includes("# e2e project"));
      const results = all.filter((r) => !r.includes("# e2e project"));
      expect(readme.length, `the README read in the same response runs\n${all.join("\n---\n")}\n${detail}`).toBe(1);
      expect(results.length, detail).toBe(2);
      // The model must see our reason, not "hook exited with code 1" (a crashed hook that fails closed).
      for (const result of results) expect(result, detail).toMatch(/Denied by preToolUse hook: (?!hook exited with code)/);
      expect(runtimeDenials(turn.runtime).length, `our runtime decided both denials\n${detail}`).toBe(2);
      expect(requestsContaining(turn.requests, ENV_SECRET), `requests carrying the .env secret\n${detail}`).toEqual([]);
      expect(turn.run.stdout + turn.run.stderr, "the client shows the denial").toMatch(/Denied by preToolUse hook/);
    });

    test("a secret written through apply_patch is denied and the file is not created", async () => {
      requireApplied();
      const target = path.join(sb.project, "leak.txt");
      const patch = `*** Begin Patch\n*** Add File: ${target}\n+token=${WRITE_SECRET}\n*** End Patch\n`;
      server.setScript(toolRounds([[{ name: "apply_patch", args: {}, input: patch }]]));
      // apply_patch is offered as a freeform tool on the Responses wire API.
      const turn = await runCopilotTurn(sb, server, "save the token", { wire: "responses" });
      const detail = `${describeRun(turn.run, 1500)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(turn.requests.length, detail).toBeGreaterThanOrEqual(2);
      const results = turn.requests.at(-1)!.view!.toolResults.map((t) => t.output);
      expect(results.join("\n"), detail).toMatch(/Denied by preToolUse hook: (?!hook exited with code)/);
      expect(runtimeDenials(turn.runtime).length, `our runtime decided the denial\n${detail}`).toBe(1);
      expect(existsSync(target), `${target} must not exist\n${detail}`).toBe(false);
    });

    if (variant.bundle) {
      test("the bundle's items that omit optional fields or break a name rule are listed, with no loader error", async () => {
        requireApplied();
        const skillRun = await copilotCommand(sb, ["skill", "list", "--json"]);
        const listed = JSON.parse(skillRun.stdout.slice(skillRun.stdout.indexOf("["))) as { name: string; description: string; source?: string }[];
        const ours = listed.filter((s) => s.source !== "builtin");
        // Skills with only a name / only a description; commands as skills: one without frontmatter, one named '_e2e-under'.
        expect(ours.map((s) => s.name).sort(), describeRun(skillRun, 1500)).toEqual([
          "e2e-bare",
          "e2e-hello",
          "e2e-named",
          "e2e-nameless",
          "e2e-skill",
          "e2e-under",
        ]);
        expect(ours.find((s) => s.name === "e2e-named")?.description).toBe("Explains the E2E_NAMED_SKILL_CANARY_4e1f marker to anyone who asks.");
        expect(skillRun.stderr, describeRun(skillRun, 1500)).not.toMatch(/failed to load/i);
        const probe = await copilotCommand(sb, ["--agent", "e2e-no-such-agent", "-p", "hi", "--no-custom-instructions"], server);
        const available = (/available:\s*(.*)/.exec(probe.stdout + probe.stderr)?.[1] ?? "").split(",").map((s) => s.trim());
        // The agent with no frontmatter at all, and the one without a name.
        for (const name of ["e2e-terse", "E2E_Fixer"]) expect(available, describeRun(probe, 1500)).toContain(name);
        expect(copilotLogLines(sb).filter((l) => /\[ERROR\] agents\//.test(l))).toEqual([]);
      });

      test("the bundle's persona and rule reach the model, and a custom agent's prompt is used when selected", async () => {
        requireApplied();
        server.setScript(toolRounds([]));
        const turn = await runCopilotTurn(sb, server, "hello");
        expect(requestsContaining(turn.requests, "E2E_PERSONA_CANARY_9b41").length, describeRun(turn.run, 1500)).toBeGreaterThan(0);
        expect(requestsContaining(turn.requests, "E2E_BUNDLE_RULE_CANARY_33c7").length, "the compiled rule").toBeGreaterThan(0);
        const agentTurn = await runCopilotTurn(sb, server, "review", { agent: "e2e-reviewer" });
        expect(agentTurn.run.code, describeRun(agentTurn.run)).toBe(0);
        expect(requestsContaining(agentTurn.requests, "E2E_AGENT_CANARY_reviewer").length, "the agent's prompt").toBeGreaterThan(0);
      });

      test("mcpDefaultDisabled: configured servers start disabled except the exempt ones", async () => {
        requireApplied();
        const listed = JSON.parse((await copilotCommand(sb, ["mcp", "list", "--json"])).stdout) as { mcpServers: Record<string, { enabled?: boolean }> };
        expect(listed.mcpServers["e2e-echo"]?.enabled, JSON.stringify(listed)).toBe(true);
        expect(listed.mcpServers["e2e-quiet"]?.enabled, JSON.stringify(listed)).toBe(false);
        // agentihooks' own server is exempt (mcpAlwaysEnabled), so it stays enabled.
        expect(listed.mcpServers.agentihooks?.enabled, JSON.stringify(listed)).toBe(true);
        server.setScript(toolRounds([[{ name: ["e2e-echo-echo_e2e_echo", "echo_e2e_echo"], args: { text: "ping" } }]]));
        const turn = await runCopilotTurn(sb, server, "echo ping");
        const tools = turn.requests[0]?.view?.tools ?? [];
        expect(
          tools.some((t) => t.includes("echo_e2e_echo")),
          `the enabled server's tool is offered: ${tools.join(", ")}`,
        ).toBe(true);
        expect(
          tools.some((t) => t.includes("echo_e2e_quiet")),
          `the disabled server's tool is not offered: ${tools.join(", ")}`,
        ).toBe(false);
        expect(startedMcpServers(sb)).toContain("e2e-echo");
        expect(startedMcpServers(sb)).not.toContain("e2e-quiet");
        expect(
          turn.requests
            .at(-1)
            ?.view?.toolResults.map((t) => t.output)
            .join("\n"),
        ).toContain("e2e-echo echoes: ping");
      });
    }

    test("the agentihooks MCP server is offered and answers: why a call was denied, which guardrails are on", async () => {
      requireApplied();
      const problemsBefore = server.problems.length;
      server.setScript(explainDenialScript({ name: "bash", args: { command: "cat .env", description: "read env" } }));
      const turn = await runCopilotTurn(sb, server, "why was that denied?");
      expectExplained(server, problemsBefore, turn.requests, "copilot", `${describeRun(turn.run, 2000)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`);
    });

    test("after the client has run (and written its own state), the plan changes nothing in the home", async () => {
      requireApplied();
      const plan = await planAgentihooks(sb, "copilot");
      expect(plan.code, `the client's own writes must not look like drift\n${describeRun(plan)}`).toBe(0);
      // Nothing of the home is rewritten and nothing conflicts. (Our own ledger may drop the saved
      // original of a shared file the client has since rewritten, as Claude does with .claude.json:
      // bookkeeping, counted under "records", not a change to the home.)
      const summary = (JSON.parse(plan.stdout) as { result: { summary: Record<string, number> } }).result.summary;
      expect({ create: summary.create, update: summary.update, delete: summary.delete, conflict: summary.conflict }, describeRun(plan)).toEqual({
        create: 0,
        update: 0,
        delete: 0,
        conflict: 0,
      });
    });

    test("uninstall leaves a home the client runs in with no hook of ours", async () => {
      requireApplied();
      const uninstall = await uninstallAgentihooks(sb, "copilot");
      expect(uninstall.code, describeRun(uninstall)).toBe(0);
      server.setScript(toolRounds([]));
      const turn = await runCopilotTurn(sb, server, "say hi");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      expect(turn.runtime, "no runtime run after uninstall").toEqual([]);
    });
  });
}

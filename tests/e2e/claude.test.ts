/**
 * Claude Code (pinned, real binary), offline: apply agentihooks into a fresh home, prove the client
 * accepts every setting and MCP server we wrote, and that our hooks fire, run our runtime and guard.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startModelServer, toolRounds, type ModelServer } from "./model-server";
import { claudeLoadProblems, installedClaudeFeatures, runClaudeTurn } from "./support/claude";
import { clientBinary } from "./support/clients";
import { contextPrinted, describeRuntimeRuns, requestsContaining, runsByEvent, runtimeDenials } from "./support/evidence";
import { expectExplained, explainDenialScript } from "./support/agentihooks-mcp";
import { describeRun, type ProcessResult } from "./support/process";
import {
  applyAgentihooks,
  createSandbox,
  planAgentihooks,
  uninstallAgentihooks,
  ENV_SECRET,
  startedMcpServers,
  WRITE_SECRET,
  type Sandbox,
} from "./support/sandbox";

/** Hook events whose settings.json handlers run our runtime. */
function registeredEvents(sb: Sandbox): string[] {
  const file = path.join(sb.claudeConfigDir, "settings.json");
  if (!existsSync(file)) return [];
  const doc = JSON.parse(readFileSync(file, "utf8")) as { hooks?: Record<string, { hooks?: { command?: string }[] }[]> };
  return Object.entries(doc.hooks ?? {})
    .filter(([, groups]) => groups.some((g) => (g.hooks ?? []).some((h) => /agentihooks|runtime\.mjs/.test(h.command ?? ""))))
    .map(([event]) => event)
    .sort();
}

for (const variant of [
  { label: "embedded default", bundle: false },
  { label: "fixture bundle", bundle: true },
]) {
  describe(`Claude Code ${variant.label}`, () => {
    let sb: Sandbox;
    let server: ModelServer;
    let apply: ProcessResult | undefined;

    beforeAll(async () => {
      clientBinary("claude");
      sb = createSandbox(`claude-${variant.bundle ? "bundle" : "default"}`);
      server = await startModelServer();
      apply = await applyAgentihooks(sb, "claude", { bundle: variant.bundle });
    });
    afterAll(async () => {
      await server?.close();
      sb?.cleanup();
    });

    function requireApplied(): void {
      clientBinary("claude");
      if (!apply || apply.code !== 0)
        throw new Error(`agentihooks apply --target claude did not succeed, so this check cannot run:\n${apply ? describeRun(apply) : "not run"}`);
    }

    test("agentihooks apply --yes --target claude writes the home", () => {
      clientBinary("claude");
      expect(apply?.code, apply ? describeRun(apply) : "not run").toBe(0);
      expect(registeredEvents(sb).length, "settings.json registers our runtime").toBeGreaterThan(0);
    });

    test("claude doctor reports no invalid settings; claude mcp list has no diagnostics", async () => {
      requireApplied();
      expect(await claudeLoadProblems(sb, server)).toEqual([]);
    });

    test("a session sees every skill, agent, command and MCP server we installed", async () => {
      requireApplied();
      server.setScript(toolRounds([]));
      const turn = await runClaudeTurn(sb, server, "say hi");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      const init = turn.init ?? {};
      const features = installedClaudeFeatures(sb);
      const text = JSON.stringify(init);
      for (const skill of features.skills) expect(text, `skill ${skill} in the session`).toContain(skill);
      for (const agent of features.agents) expect((init.agents as string[] | undefined) ?? [], `agent ${agent} in the session`).toContain(agent);
      for (const command of features.commands) expect(text, `command ${command} in the session`).toContain(command);
      const servers = (init.mcp_servers as { name: string; status: string }[] | undefined) ?? [];
      for (const s of servers) expect(s.status, `MCP server ${s.name}`).toBe("connected");
    });

    test("every registered event a turn reaches fires and runs our runtime", async () => {
      requireApplied();
      const events = registeredEvents(sb);
      server.setScript(
        toolRounds([
          [{ name: "Read", args: { file_path: path.join(sb.project, "README.md") } }],
          [{ name: "Bash", args: { command: "echo e2e-bash-ran", description: "echo" } }],
        ]),
      );
      const turn = await runClaudeTurn(sb, server, "look around");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      const fired = new Set(turn.hooks.map((h) => h.event));
      const ran = runsByEvent(turn.runtime);
      const detail = `client fired: ${[...fired].join(", ")}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      for (const event of ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]) {
        expect(events, `agentihooks registers ${event}`).toContain(event);
        expect(fired.has(event), `Claude fired ${event}\n${detail}`).toBe(true);
      }
      // SessionEnd runs after the stream closes: only the runtime trace can show it.
      for (const event of [...events.filter((e) => fired.has(e)), ...(events.includes("SessionEnd") ? ["SessionEnd"] : [])]) {
        expect(ran.get(event)?.length ?? 0, `our runtime ran for ${event}\n${detail}`).toBeGreaterThan(0);
      }
      const failed = turn.hooks.filter((h) => h.outcome !== "success");
      expect(failed, `hooks Claude reports as not successful\n${detail}`).toEqual([]);
    });

    test("a subagent fires SubagentStart and SubagentStop, and both run our runtime", async () => {
      requireApplied();
      const events = registeredEvents(sb);
      const main = toolRounds([[{ name: ["Agent", "Task"], args: { description: "e2e subagent", prompt: "Say done.", subagent_type: "general-purpose" } }]]);
      // The subagent's own requests come without the Agent tool: they get plain text, so it ends.
      server.setScript((view) => (view.tools.includes("Agent") || view.tools.includes("Task") ? main(view) : { text: "E2E_SUBAGENT_DONE" }));
      const turn = await runClaudeTurn(sb, server, "delegate something", "Agent,Task,Read,Bash");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      const ran = runsByEvent(turn.runtime);
      const detail = `client fired: ${turn.hooks.map((h) => h.event).join(", ")}\nruntime:\n${describeRuntimeRuns(turn.runtime)}\n${describeRun(turn.run, 1500)}`;
      for (const event of ["SubagentStart", "SubagentStop"]) {
        expect(events, `agentihooks registers ${event}`).toContain(event);
        expect(ran.get(event)?.length ?? 0, `our runtime ran for ${event}\n${detail}`).toBeGreaterThan(0);
      }
    });

    test("/compact on a continued session fires PreCompact and runs our runtime", async () => {
      requireApplied();
      expect(registeredEvents(sb), "agentihooks registers PreCompact").toContain("PreCompact");
      server.setScript(toolRounds([], "E2E_SUMMARY"));
      await runClaudeTurn(sb, server, "say hi");
      const turn = await runClaudeTurn(sb, server, "/compact", "Read", ["--continue"]);
      const detail = `client fired: ${turn.hooks.map((h) => h.name).join(", ")}\nruntime:\n${describeRuntimeRuns(turn.runtime)}\n${describeRun(turn.run, 1500)}`;
      expect(turn.run.code, detail).toBe(0);
      // The stream does not report PreCompact itself; the compacted session restarts as "SessionStart:compact".
      expect(
        turn.hooks.some((h) => h.name === "SessionStart:compact"),
        `Claude compacted the session\n${detail}`,
      ).toBe(true);
      expect(runsByEvent(turn.runtime).get("PreCompact")?.length ?? 0, `our runtime ran for PreCompact\n${detail}`).toBeGreaterThan(0);
    });

    test("the runtime's session-start context reaches the model", async () => {
      requireApplied();
      server.setScript(toolRounds([]));
      const turn = await runClaudeTurn(sb, server, "hello");
      const injected = contextPrinted(turn.runtime, ["SessionStart"]);
      expect(injected.join("").trim().length, `the runtime printed context at SessionStart\n${describeRuntimeRuns(turn.runtime)}`).toBeGreaterThan(0);
      // A distinctive line of what the runtime printed must arrive in a model request.
      const line =
        injected
          .join("\n")
          .split("\n")
          .map((l) => l.trim())
          .find((l) => l.length >= 12) ?? injected.join("").trim();
      expect(requestsContaining(turn.requests, JSON.stringify(line).slice(1, -1)).length, `a request carries ${JSON.stringify(line)}`).toBeGreaterThan(0);
    });

    test("a .env read is denied, the client reports it, and the secret never reaches the model", async () => {
      requireApplied();
      server.setScript(
        toolRounds([
          // Two calls in one response: the deny must hit only the .env read.
          [
            { name: "Read", args: { file_path: path.join(sb.project, "README.md") } },
            { name: "Read", args: { file_path: path.join(sb.project, ".env") } },
          ],
          [{ name: "Bash", args: { command: "cat .env", description: "read env" } }],
        ]),
      );
      const turn = await runClaudeTurn(sb, server, "read the .env file");
      const detail = `${describeRun(turn.run, 1500)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(turn.requests.length, detail).toBeGreaterThanOrEqual(3);
      // Results may come back in completion order: tell them apart by content.
      const all = turn.requests.at(-1)!.view!.toolResults.map((t) => t.output);
      const readme = all.filter((r) => r.includes("# e2e project"));
      const results = all.filter((r) => !r.includes("# e2e project"));
      expect(readme.length, `the README read in the same response runs\n${all.join("\n---\n")}\n${detail}`).toBe(1);
      expect(results.length, detail).toBe(2);
      for (const result of results) expect(result, detail).toMatch(/PreToolUse:(Read|Bash) hook error|blocked|denied/i);
      expect(runtimeDenials(turn.runtime).length, `our runtime decided both denials\n${detail}`).toBe(2);
      expect(requestsContaining(turn.requests, ENV_SECRET), `requests carrying the .env secret\n${detail}`).toEqual([]);
      const denials = turn.hooks.filter((h) => h.event === "PreToolUse" && h.outcome !== "success");
      expect(denials.length, `Claude reports both PreToolUse denials\n${detail}`).toBe(2);
    });

    test("a secret written with Write is denied and the file is not created", async () => {
      requireApplied();
      const target = path.join(sb.project, "leak.txt");
      server.setScript(toolRounds([[{ name: "Write", args: { file_path: target, content: `token=${WRITE_SECRET}\n` } }]]));
      const turn = await runClaudeTurn(sb, server, "save the token", "Write");
      const detail = `${describeRun(turn.run, 1500)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(turn.requests.length, detail).toBeGreaterThanOrEqual(2);
      expect(
        turn.requests
          .at(-1)!
          .view!.toolResults.map((t) => t.output)
          .join("\n"),
        detail,
      ).toMatch(/PreToolUse:Write hook error|blocked|denied/i);
      expect(runtimeDenials(turn.runtime).length, `our runtime decided the denial\n${detail}`).toBe(1);
      expect(existsSync(target), `${target} must not exist\n${detail}`).toBe(false);
    });

    if (variant.bundle) {
      test("the bundle's persona and rule reach the model", async () => {
        requireApplied();
        server.setScript(toolRounds([]));
        const turn = await runClaudeTurn(sb, server, "hello");
        expect(requestsContaining(turn.requests, "E2E_PERSONA_CANARY_9b41").length, describeRun(turn.run, 1500)).toBeGreaterThan(0);
        expect(requestsContaining(turn.requests, "E2E_BUNDLE_RULE_CANARY_33c7").length, "the rule file").toBeGreaterThan(0);
      });

      test("the bundle's MCP servers are registered, spawned and their tools offered", async () => {
        requireApplied();
        server.setScript(toolRounds([[{ name: "mcp__e2e-echo__echo_e2e_echo", args: { text: "ping" } }]]));
        const turn = await runClaudeTurn(sb, server, "echo ping", "mcp__e2e-echo__echo_e2e_echo");
        const tools = turn.requests[0]?.view?.tools ?? [];
        expect(tools, describeRun(turn.run, 1500)).toContain("mcp__e2e-echo__echo_e2e_echo");
        expect(startedMcpServers(sb)).toContain("e2e-echo");
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
      server.setScript(explainDenialScript({ name: "Bash", args: { command: "cat .env", description: "read env" } }));
      const turn = await runClaudeTurn(sb, server, "why was that denied?", "Bash,mcp__agentihooks__recent_denials,mcp__agentihooks__guardrails");
      expectExplained(server, problemsBefore, turn.requests, "claude", `${describeRun(turn.run, 2000)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`);
    });

    test("after the client has run (and written its own state), the plan changes nothing in the home", async () => {
      requireApplied();
      const plan = await planAgentihooks(sb, "claude");
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
      const uninstall = await uninstallAgentihooks(sb, "claude");
      expect(uninstall.code, describeRun(uninstall)).toBe(0);
      server.setScript(toolRounds([]));
      const turn = await runClaudeTurn(sb, server, "say hi");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      expect(turn.runtime, "no runtime run after uninstall").toEqual([]);
    });
  });
}

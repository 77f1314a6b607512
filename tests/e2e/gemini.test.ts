/**
 * Gemini CLI (pinned, real client), offline: apply agentihooks into a fresh home that already holds
 * the operator's settings, prove Gemini loads settings.json, GEMINI.md, the MCP servers, commands and
 * skills without a warning, and that every registered event a turn reaches runs our runtime, which
 * denies a `.env` read with its reason reaching the model.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contract } from "../../compiler/targets/gemini/contract";
import { ALLOW_EXIT } from "../../compiler/lower/hook-wrapper";
import { startModelServer, toolRounds, type ModelServer } from "./model-server";
import { clientBinary } from "./support/clients";
import { contextPrinted, describeRuntimeRuns, requestsContaining, runsByEvent } from "./support/evidence";
import {
  geminiCommand,
  geminiDenials,
  geminiHome,
  geminiSettings,
  loadWarnings,
  OPERATOR_SETTINGS,
  runGeminiTurn,
  seedOperatorSettings,
  systemInstruction,
} from "./support/gemini";
import { expectExplained, explainDenialScript } from "./support/agentihooks-mcp";
import { describeRun, type ProcessResult } from "./support/process";
import {
  applyAgentihooks,
  createSandbox,
  ENV_SECRET,
  planAgentihooks,
  RULE_CANARY,
  startedMcpServers,
  uninstallAgentihooks,
  type Sandbox,
} from "./support/sandbox";

/** Hook events whose groups in settings.json run our wrapper. */
function registeredEvents(sb: Sandbox): string[] {
  const hooks = (geminiSettings(sb).hooks ?? {}) as Record<string, { hooks?: { command?: string }[] }[]>;
  return Object.entries(hooks)
    .filter(([, groups]) => groups.some((g) => (g.hooks ?? []).some((h) => /agentihooks-hook\.sh/.test(h.command ?? ""))))
    .map(([event]) => event)
    .sort();
}

for (const variant of [
  { label: "embedded default", bundle: false, command: "review", commandText: "Review the changes in e2e-arg", skill: "commit-message" },
  { label: "fixture bundle", bundle: true, command: "e2e-hello", commandText: "E2E_COMMAND_CANARY_5a5a", skill: "e2e-skill" },
]) {
  describe(`Gemini ${variant.label}`, () => {
    let sb: Sandbox;
    let server: ModelServer;
    let apply: ProcessResult | undefined;

    beforeAll(async () => {
      clientBinary("gemini");
      sb = createSandbox(`gemini-${variant.bundle ? "bundle" : "default"}`);
      seedOperatorSettings(sb);
      server = await startModelServer();
      apply = await applyAgentihooks(sb, "gemini", { bundle: variant.bundle });
    });
    afterAll(async () => {
      await server?.close();
      sb?.cleanup();
    });

    function requireApplied(): void {
      clientBinary("gemini");
      if (!apply || apply.code !== 0)
        throw new Error(`agentihooks apply --target gemini did not succeed, so this check cannot run:\n${apply ? describeRun(apply) : "not run"}`);
    }

    test("agentihooks apply --yes --target gemini writes the home and keeps the operator's settings", () => {
      clientBinary("gemini");
      expect(apply?.code, apply ? describeRun(apply) : "not run").toBe(0);
      expect(registeredEvents(sb)).toEqual([...contract.hookEvents].sort());
      expect(geminiSettings(sb)).toMatchObject(OPERATOR_SETTINGS);
      expect(readFileSync(path.join(geminiHome(sb), "settings.json"), "utf8")).toContain("// the operator's own settings");
    });

    test("a turn loads settings, hooks, GEMINI.md, skills and commands without a warning", async () => {
      requireApplied();
      server.setScript(toolRounds([]));
      const turn = await runGeminiTurn(sb, server, "say hi");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      expect(loadWarnings(turn.run.stderr), describeRun(turn.run)).toEqual([]);
      expect(turn.run.stdout).toContain("E2E_DONE");
    });

    test("GEMINI.md is in the system instruction, and the skill is offered there", async () => {
      requireApplied();
      server.setScript(toolRounds([]));
      const turn = await runGeminiTurn(sb, server, "hello");
      const persona = readFileSync(path.join(geminiHome(sb), "GEMINI.md"), "utf8");
      const marker = persona.split("\n").find((l) => l.startsWith("<!-- managed-by: agentihooks"))!;
      const system = turn.requests.map(systemInstruction).join("\n");
      expect(system, describeRun(turn.run, 1500)).toContain(marker);
      expect(system).toContain(`<name>${variant.skill}</name>`);
      if (variant.bundle) expect(system).toContain("E2E_PERSONA_CANARY_9b41");
    });

    test("the command runs headless with its prompt and {{args}} filled in", async () => {
      requireApplied();
      server.setScript(toolRounds([]));
      const turn = await runGeminiTurn(sb, server, `/${variant.command} e2e-arg`);
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      expect(turn.requests.map((r) => r.view!.lastUserText).join("\n"), describeRun(turn.run, 1500)).toContain(variant.commandText);
    });

    test("every registered event a turn reaches runs our runtime", async () => {
      requireApplied();
      server.setScript(toolRounds([[{ name: "run_shell_command", args: { command: "echo e2e-shell-ran" } }]]));
      const turn = await runGeminiTurn(sb, server, "look around");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      const ran = runsByEvent(turn.runtime);
      const detail = `runtime:\n${describeRuntimeRuns(turn.runtime)}\n${turn.run.stderr.slice(-2000)}`;
      // Notification fires only when an interactive run asks for a confirmation.
      for (const event of contract.hookEvents.filter((e) => e !== "Notification")) {
        expect(ran.get(event)?.length ?? 0, `our runtime ran for ${event}\n${detail}`).toBeGreaterThan(0);
      }
      // On a pre-tool event the wrapper asks the runtime to say "checked and allowed" with ALLOW_EXIT
      // (reported to the client as 0), so an undecided exit 0 is told apart; every other event exits 0.
      for (const run of turn.runtime) expect([0, ALLOW_EXIT], `no runtime run failed\n${detail}`).toContain(run.exitCode);
      expect(turn.requests.at(-1)!.view!.toolResults.join("\n"), detail).not.toContain("blocked");
      expect(JSON.stringify(turn.requests.at(-1)!.view!.toolResults), detail).toContain("e2e-shell-ran");
    });

    test("the runtime's session-start context reaches the model", async () => {
      requireApplied();
      server.setScript(toolRounds([]));
      const turn = await runGeminiTurn(sb, server, "what are the rules?");
      // Delivered with the session's first BeforeAgent: Gemini prepends SessionStart context to the
      // prompt, which would turn a headless /command into plain text (docs/targets/gemini.md).
      const injected = contextPrinted(turn.runtime, ["BeforeAgent"]).join("\n");
      expect(injected, `the runtime printed the project rule with the first BeforeAgent\n${describeRuntimeRuns(turn.runtime)}`).toContain(RULE_CANARY);
      expect(contextPrinted(turn.runtime, ["SessionStart"]), "nothing at SessionStart").toEqual([]);
      expect(requestsContaining(turn.requests, RULE_CANARY).length, "a model request carries the canary").toBeGreaterThan(0);
    });

    test("a .env read is denied with our reason reaching the model, and the secret never does", async () => {
      requireApplied();
      // read_file of a relative `.env` is refused by Gemini itself before any hook ("Path not in
      // workspace"), and read_many_files is not offered by 0.61.0: the shell is the read that reaches us.
      server.setScript(toolRounds([[{ name: "run_shell_command", args: { command: "cat .env" } }]]));
      const turn = await runGeminiTurn(sb, server, "read the .env file");
      const detail = `${describeRun(turn.run, 2000)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(turn.requests.length, detail).toBeGreaterThanOrEqual(2);
      const results = turn.requests.at(-1)!.view!.toolResults.map((t) => t.output);
      expect(results, detail).toHaveLength(1);
      expect(results[0], detail).toMatch(/Tool execution blocked: BLOCKED: This command reads \.env, a credential file/);
      expect(geminiDenials(turn.runtime).length, `our runtime decided the denial\n${detail}`).toBe(1);
      expect(requestsContaining(turn.requests, ENV_SECRET), `requests carrying the .env secret\n${detail}`).toEqual([]);
    });

    if (variant.bundle) {
      test("the bundle's items that omit optional fields or break a name rule load: skills listed, agent offered, command run", async () => {
        requireApplied();
        const list = await geminiCommand(sb, ["skills", "list"]);
        expect(list.code, describeRun(list, 1500)).toBe(0);
        const listed = [...list.stdout.matchAll(/^(\S.*?) \[(?:Enabled|Disabled)\]$/gm)].map((m) => m[1]!.trim());
        // Gemini skips a SKILL.md without a name or without a description silently: both are listed.
        for (const name of ["e2e-named", "e2e-nameless", "e2e-skill"]) expect(listed, describeRun(list, 1500)).toContain(name);
        expect(list.stdout).toContain("Description: Explains the E2E_NAMED_SKILL_CANARY_4e1f marker to anyone who asks.");
        expect(
          loadWarnings(list.stdout + list.stderr).filter((l) => !/^Ripgrep/.test(l)),
          describeRun(list, 1500),
        ).toEqual([]);
        server.setScript(toolRounds([]));
        const turn = await runGeminiTurn(sb, server, "/e2e-bare e2e-arg");
        expect(turn.run.code, describeRun(turn.run)).toBe(0);
        expect(loadWarnings(turn.run.stderr), describeRun(turn.run)).toEqual([]);
        expect(turn.requests.map((r) => r.view!.lastUserText).join("\n"), describeRun(turn.run, 1500)).toContain("E2E_BARE_COMMAND_CANARY_c0de and e2e-arg");
        // E2E_Fixer (no name; a file name Gemini does not accept) is offered as e2e_fixer, the bare agent as e2e-terse.
        for (const agent of ["e2e_fixer", "e2e-terse"]) expect(requestsContaining(turn.requests, agent).length, `agent ${agent} offered`).toBeGreaterThan(0);
      });

      test("gemini mcp list lists every MCP server of the profiles, connected", async () => {
        requireApplied();
        const list = await geminiCommand(sb, ["mcp", "list"]);
        expect(list.code, describeRun(list)).toBe(0);
        // 0.61.0 prints the list on stderr.
        const printed = `${list.stdout}\n${list.stderr}`;
        for (const name of ["agentihooks", "e2e-echo", "e2e-quiet"])
          expect(printed, describeRun(list)).toMatch(new RegExp(`✓ ${name}: .*\\(stdio\\) - Connected`));
        expect(loadWarnings(printed), describeRun(list)).toEqual([]);
        expect(startedMcpServers(sb)).toEqual(["e2e-echo", "e2e-quiet"]);
      });
    }

    test("the agentihooks MCP server is offered and answers: why a call was denied, which guardrails are on", async () => {
      requireApplied();
      const problemsBefore = server.problems.length;
      server.setScript(explainDenialScript({ name: "run_shell_command", args: { command: "cat .env" } }));
      const turn = await runGeminiTurn(sb, server, "why was that denied?");
      expectExplained(server, problemsBefore, turn.requests, "gemini", `${describeRun(turn.run, 2000)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`);
    });

    test("after the client has run (and written its own state), the plan changes nothing in the home", async () => {
      requireApplied();
      const plan = await planAgentihooks(sb, "gemini");
      expect(plan.code, `the client's own writes must not look like drift\n${describeRun(plan)}`).toBe(0);
      // `plan --json` prints the CLI's envelope: the plan is its `result`.
      const summary = (JSON.parse(plan.stdout) as { result: { summary: Record<string, number> } }).result.summary;
      expect({ create: summary.create, update: summary.update, delete: summary.delete, conflict: summary.conflict }, describeRun(plan)).toEqual({
        create: 0,
        update: 0,
        delete: 0,
        conflict: 0,
      });
    });

    test("uninstall leaves a home the client runs in with no hook of ours, and the operator's settings", async () => {
      requireApplied();
      const uninstall = await uninstallAgentihooks(sb, "gemini");
      expect(uninstall.code, describeRun(uninstall)).toBe(0);
      expect(registeredEvents(sb)).toEqual([]);
      expect(geminiSettings(sb)).toMatchObject(OPERATOR_SETTINGS);
      server.setScript(toolRounds([]));
      const turn = await runGeminiTurn(sb, server, "say hi");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      expect(turn.runtime, "no runtime run after uninstall").toEqual([]);
    });
  });
}

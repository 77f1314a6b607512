/**
 * Codex CLI (pinned, real binary), offline: apply agentihooks into a fresh home, prove Codex loads
 * the config, AGENTS.md and skills with no ignored key, and that our hooks are trusted, fire, run our
 * runtime and guard, with no `--dangerously-bypass-hook-trust`.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startModelServer, toolRounds, type ModelServer } from "./model-server";
import { clientBinary } from "./support/clients";
import { codexCommand, codexConfig, codexLoadProblems, codexSkillList, runCodexTurn } from "./support/codex";
import { CODEX_TOOL_SEARCH, expectExplained, explainDenialScript } from "./support/agentihooks-mcp";
import { contextPrinted, describeRuntimeRuns, requestsContaining, runsByEvent, runtimeDenials } from "./support/evidence";
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

/** Hook events whose handlers (hooks.json, or an inline [hooks] table) run our runtime. */
function registeredEvents(sb: Sandbox): string[] {
  type Groups = Record<string, { hooks?: { command?: string }[] }[]>;
  const file = path.join(sb.codexHome, "hooks.json");
  const fromFile = existsSync(file) ? ((JSON.parse(readFileSync(file, "utf8")) as { hooks?: Groups }).hooks ?? {}) : {};
  const inline = (codexConfig(sb)?.hooks ?? {}) as Groups & { state?: unknown };
  const all: Groups = { ...fromFile };
  for (const [event, groups] of Object.entries(inline)) if (Array.isArray(groups)) all[event] = [...(all[event] ?? []), ...groups];
  return Object.entries(all)
    .filter(([, groups]) => groups.some((g) => (g.hooks ?? []).some((h) => /agentihooks|runtime\.mjs/.test(h.command ?? ""))))
    .map(([event]) => event)
    .sort();
}

for (const variant of [
  { label: "embedded default", bundle: false },
  { label: "fixture bundle", bundle: true },
]) {
  describe(`Codex ${variant.label}`, () => {
    let sb: Sandbox;
    let server: ModelServer;
    let apply: ProcessResult | undefined;

    beforeAll(async () => {
      clientBinary("codex");
      sb = createSandbox(`codex-${variant.bundle ? "bundle" : "default"}`);
      server = await startModelServer();
      apply = await applyAgentihooks(sb, "codex", { bundle: variant.bundle });
    });
    afterAll(async () => {
      await server?.close();
      sb?.cleanup();
    });

    function requireApplied(): void {
      clientBinary("codex");
      if (!apply || apply.code !== 0)
        throw new Error(`agentihooks apply --target codex did not succeed, so this check cannot run:\n${apply ? describeRun(apply) : "not run"}`);
    }

    test("agentihooks apply --yes --target codex writes the home", () => {
      clientBinary("codex");
      expect(apply?.code, apply ? describeRun(apply) : "not run").toBe(0);
      expect(registeredEvents(sb).length, "hooks.json registers our runtime").toBeGreaterThan(0);
    });

    test("codex mcp list / doctor report no error or ignored key; prompt-input shows AGENTS.md and skills", async () => {
      requireApplied();
      expect(await codexLoadProblems(sb)).toEqual([]);
    });

    test("every registered event a turn reaches fires (trusted, no bypass) and runs our runtime", async () => {
      requireApplied();
      const events = registeredEvents(sb);
      server.setScript(toolRounds([[{ name: "exec_command", args: { cmd: "echo e2e-exec-ran" } }]]));
      const turn = await runCodexTurn(sb, server, "look around");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      const fired = new Set(turn.hooks.map((h) => h.event));
      const ran = runsByEvent(turn.runtime);
      const detail = `client fired: ${turn.hooks.map((h) => `${h.event} ${h.status}`).join(", ")}\nruntime:\n${describeRuntimeRuns(turn.runtime)}\n${turn.run.stderr.slice(-2000)}`;
      for (const event of ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]) {
        expect(events, `agentihooks registers ${event}`).toContain(event);
        expect(fired.has(event), `Codex fired ${event} (an untrusted hook is skipped silently)\n${detail}`).toBe(true);
      }
      for (const event of [...events.filter((e) => fired.has(e)), ...(events.includes("SessionEnd") ? ["SessionEnd"] : [])]) {
        expect(ran.get(event)?.length ?? 0, `our runtime ran for ${event}\n${detail}`).toBeGreaterThan(0);
      }
      // notify (Codex's turn-complete program, not a hook) runs our runtime once per turn when configured.
      const notify = codexConfig(sb)?.notify;
      if (Array.isArray(notify) && notify.some((a) => /runtime\.mjs/.test(String(a)))) {
        expect(turn.runtime.filter((r) => r.scriptExists && r.argv.includes("notify")).length, `notify ran our runtime\n${detail}`).toBe(1);
      }
      const bad = turn.hooks.filter((h) => !["Completed"].includes(h.status) && h.status !== h.event);
      expect(bad, `hooks Codex reports as failed or blocked\n${detail}`).toEqual([]);
    });

    test("the runtime's session-start context reaches the model", async () => {
      requireApplied();
      server.setScript(toolRounds([]));
      const turn = await runCodexTurn(sb, server, "what are the rules?");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      const injected = contextPrinted(turn.runtime, ["SessionStart"]).join("\n");
      expect(injected, `the runtime printed the project rule at SessionStart\n${describeRuntimeRuns(turn.runtime)}`).toContain(RULE_CANARY);
      expect(requestsContaining(turn.requests, RULE_CANARY).length, "a model request carries the canary").toBeGreaterThan(0);
    });

    test("a .env read is denied, the client reports it, and the secret never reaches the model", async () => {
      requireApplied();
      server.setScript(toolRounds([[{ name: "exec_command", args: { cmd: "cat .env" } }]]));
      const turn = await runCodexTurn(sb, server, "read the .env file");
      const detail = `${describeRun(turn.run, 2000)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(turn.requests.length, detail).toBeGreaterThanOrEqual(2);
      const results = turn.requests.at(-1)!.view!.toolResults.map((t) => t.output);
      expect(results.join("\n"), detail).toMatch(/Command blocked by PreToolUse hook/);
      expect(runtimeDenials(turn.runtime).length, `our runtime decided the denial\n${detail}`).toBe(1);
      expect(requestsContaining(turn.requests, ENV_SECRET), `requests carrying the .env secret\n${detail}`).toEqual([]);
      expect(
        turn.hooks.some((h) => h.event === "PreToolUse" && h.status === "Blocked"),
        `Codex reports the block\n${detail}`,
      ).toBe(true);
    });

    test("a secret written with apply_patch is blocked and the file is not created", async () => {
      requireApplied();
      const target = path.join(sb.project, "leak.txt");
      const patch = `*** Begin Patch\n*** Add File: ${target}\n+token=${WRITE_SECRET}\n*** End Patch\n`;
      server.setScript(toolRounds([[{ name: "apply_patch", args: {}, input: patch }]]));
      // A writable sandbox, so only the hook stands between the patch and the file.
      const turn = await runCodexTurn(sb, server, "save the token", ["--sandbox", "workspace-write"]);
      const detail = `${describeRun(turn.run, 2000)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(turn.requests.length, detail).toBeGreaterThanOrEqual(2);
      expect(
        turn.requests
          .at(-1)!
          .view!.toolResults.map((t) => t.output)
          .join("\n"),
        detail,
      ).toMatch(/blocked by PreToolUse hook/i);
      expect(runtimeDenials(turn.runtime).length, `our runtime decided the denial\n${detail}`).toBe(1);
      expect(existsSync(target), `${target} must not exist\n${detail}`).toBe(false);
    });

    if (variant.bundle) {
      test("the bundle's skills load, the one with only a name and the one with only a description included", async () => {
        requireApplied();
        const listed = await codexSkillList(sb);
        const ours = listed.skills.filter((s) => s.path.startsWith(path.join(sb.home, ".agents", "skills")));
        expect(ours.map((s) => s.name).sort(), JSON.stringify(listed.errors)).toEqual(["e2e-named", "e2e-nameless", "e2e-skill"]);
        // The description written for the skill that had none: its body's first sentence.
        expect(ours.find((s) => s.name === "e2e-named")?.description).toBe("Explains the E2E_NAMED_SKILL_CANARY_4e1f marker to anyone who asks.");
        expect(listed.errors).toEqual([]);
        const prompt = await codexCommand(sb, ["debug", "prompt-input"]);
        expect(prompt.stdout, describeRun(prompt, 1500)).toContain("- e2e-named: Explains the E2E_NAMED_SKILL_CANARY_4e1f marker to anyone who asks.");
      });

      test("the bundle's persona and rule reach the model", async () => {
        requireApplied();
        server.setScript(toolRounds([]));
        const turn = await runCodexTurn(sb, server, "hello");
        expect(requestsContaining(turn.requests, "E2E_PERSONA_CANARY_9b41").length, describeRun(turn.run, 1500)).toBeGreaterThan(0);
        expect(requestsContaining(turn.requests, "E2E_BUNDLE_RULE_CANARY_33c7").length, "the compiled rule").toBeGreaterThan(0);
        // Both bundle MCP servers are enabled for Codex (mcpDefaultDisabled is a Copilot directive): both start.
        expect(startedMcpServers(sb), describeRun(turn.run, 1500)).toEqual(["e2e-echo", "e2e-quiet"]);
      });
    }

    test("the agentihooks MCP server is listed, found by tool search and answers: why a call was denied, which guardrails are on", async () => {
      requireApplied();
      const listed = JSON.parse((await codexCommand(sb, ["mcp", "list", "--json"])).stdout) as Array<{
        name: string;
        enabled: boolean;
        transport: { args?: string[] };
      }>;
      const ours = listed.find((s) => s.name === "agentihooks");
      expect(ours?.enabled, JSON.stringify(listed)).toBe(true);
      expect(ours?.transport.args?.slice(1), JSON.stringify(listed)).toEqual(["--target", "codex"]);
      expect(ours?.transport.args?.[0], JSON.stringify(listed)).toMatch(/\/\.agentihooks\/runtime\/[^/]+\/mcp-server\.cjs$/);
      // Codex 0.171 defers MCP tools behind its client-executed tool_search: the prompt names the
      // `mcp__agentihooks` namespace with the server's instructions (known only after the MCP
      // handshake), the model searches, Codex answers with the server's tools (its tools/list),
      // and the model calls them in that namespace.
      const problemsBefore = server.problems.length;
      server.setScript(explainDenialScript({ name: "exec_command", args: { cmd: "cat .env" } }, CODEX_TOOL_SEARCH));
      const turn = await runCodexTurn(sb, server, "why was that denied?");
      const detail = `${describeRun(turn.run, 2000)}\nruntime:\n${describeRuntimeRuns(turn.runtime)}`;
      expect(requestsContaining(turn.requests, "mcp__agentihooks: agentihooks enforces guardrails on this agent's tool calls.").length, detail).toBeGreaterThan(
        0,
      );
      const found = turn.requests.at(-1)?.view?.searchedTools ?? {};
      expect(Object.keys(found).sort(), detail).toEqual(
        ["active_profile", "guardrails", "read_broadcasts", "recent_denials", "send_broadcast"].map((t) => `mcp__agentihooks__${t}`),
      );
      expectExplained(server, problemsBefore, turn.requests, "codex", detail);
      expect(turn.run.stderr, detail).toMatch(/mcp: agentihooks\/recent_denials \(completed\)/);
      expect(turn.run.stderr, detail).toMatch(/mcp: agentihooks\/guardrails \(completed\)/);
    });

    test("after the client has run (and written its own state), the plan changes nothing in the home", async () => {
      requireApplied();
      const plan = await planAgentihooks(sb, "codex");
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
      const uninstall = await uninstallAgentihooks(sb, "codex");
      expect(uninstall.code, describeRun(uninstall)).toBe(0);
      server.setScript(toolRounds([]));
      const turn = await runCodexTurn(sb, server, "say hi");
      expect(turn.run.code, describeRun(turn.run)).toBe(0);
      expect(turn.runtime, "no runtime run after uninstall").toEqual([]);
    });
  });
}

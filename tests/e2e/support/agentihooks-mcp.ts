/**
 * The agentihooks MCP server in a live turn: the scripted model makes a call the runtime denies
 * (reading .env), then asks the server why (`recent_denials`) and which guardrails are on
 * (`guardrails`). Each client names MCP tools its own way; the script lists the spellings and the
 * model server picks the one the client offers (a tool not offered is a recorded problem).
 */
import { expect } from "vitest";
import { toolRounds, type ModelServer, type RecordedRequest, type Script, type ScriptedToolCall } from "../model-server";
import { ENV_SECRET } from "./sandbox";

/** Every client's spelling of one of the server's tools. */
export function agentihooksTool(tool: string): string[] {
  return [`mcp__agentihooks__${tool}`, `agentihooks-${tool}`, `mcp_agentihooks_${tool}`, `agentihooks__${tool}`, tool];
}

/**
 * Codex's way to reach MCP tools: it defers them behind its client-executed `tool_search` tool
 * (the model searches, Codex answers with the matching tools, grouped by server as the namespace
 * `mcp__<server>`, and adds them to the conversation). One search loads all of the server's tools.
 */
export const CODEX_TOOL_SEARCH: ScriptedToolCall = { name: "tool_search", args: { query: "agentihooks guardrails denied broadcasts", limit: 8 } };

/**
 * A denied `.env` read with `shell`, then `recent_denials`, then `guardrails`, one per round; with
 * `discover`, a round that makes the server's tools available first (Codex's tool search).
 */
export function explainDenialScript(shell: ScriptedToolCall, discover?: ScriptedToolCall): Script {
  return toolRounds([
    [shell],
    ...(discover ? [[discover]] : []),
    [{ name: agentihooksTool("recent_denials"), args: { limit: 1 } }],
    [{ name: agentihooksTool("guardrails"), args: {} }],
  ]);
}

/**
 * Checks the turn's requests: the model saw the server's answers (the denial of the .env read with
 * the guard's reason, then the guardrails of `target`), and the .env secret never reached it.
 */
export function expectExplained(server: ModelServer, problemsBefore: number, requests: readonly RecordedRequest[], target: string, detail: string): void {
  expect(server.problems.slice(problemsBefore), detail).toEqual([]);
  const results = requests.flatMap((r) => r.view?.toolResults.map((t) => t.output) ?? []);
  const denial = results.find((r) => r.includes("most recent denied tool call"));
  expect(denial, `recent_denials answered\n${results.join("\n---\n")}\n${detail}`).toBeDefined();
  expect(denial, detail).toMatch(/\.env/);
  expect(denial, detail).toContain(`"target": "${target}"`);
  const guardrails = results.find((r) => r.includes(`Policy for ${target}`));
  expect(guardrails, `guardrails answered\n${results.join("\n---\n")}\n${detail}`).toBeDefined();
  expect(guardrails, detail).toContain('"name": "credentialReads"');
  expect(
    requests.filter((r) => r.raw.includes(ENV_SECRET)).map((r) => r.seq),
    "requests carrying the .env secret",
  ).toEqual([]);
}

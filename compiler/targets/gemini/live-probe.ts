/**
 * `doctor --live` for Gemini CLI: `gemini mcp list` (run in the current folder) must load
 * settings.json without a warning and list every MCP server the profiles define. Its output also
 * says whether Gemini trusts the current folder, where no hook runs otherwise.
 */
import path from "node:path";
import { compareServers, type DoctorCheck, type LiveChecks, probe } from "../../doctor/probe";
import { targetHome } from "../../environment";
import { contract } from "./contract";

/** Lines of Gemini's output that report a problem with what it loaded. */
const LOAD_PROBLEM = /invalid configuration|unrecognized key|invalid hook event|error in .*settings|deprecated/i;

/** Gemini's live checks. */
export const liveChecks: LiveChecks = (tree, binary, env) => {
  const checks: DoctorCheck[] = [];
  const wanted = tree.entries
    .flatMap((e) => (e.kind === "json-keys" ? e.keys.filter(({ key }) => key[0] === "mcpServers" && key.length === 2).map(({ key }) => key[1] as string) : []))
    .sort();
  // GEMINI_CLI_HOME names the directory holding `.gemini`, not `.gemini` itself.
  const vars = { [contract.home.variable]: path.dirname(targetHome(env, contract)), GEMINI_CLI_NO_RELAUNCH: "true" };
  const out = probe(binary, ["mcp", "list"], env.home, vars, false, 60_000);
  if (!out.ok) return [{ id: "live.mcp", status: "fail", message: `live drift: gemini mcp list failed (${out.reason}); settings.json does not load` }];
  const problems = out.stdout.split("\n").filter((line) => LOAD_PROBLEM.test(line));
  for (const line of problems) checks.push({ id: "live.load", status: "fail", message: `live drift: gemini warns: ${line.trim()}` });
  const listed = [...out.stdout.matchAll(/^\s*\S\s+([^:\s]+):/gm)].map((m) => m[1] as string);
  checks.push(...compareServers("gemini mcp list", listed, wanted));
  if (/untrusted/i.test(out.stdout))
    checks.push({ id: "live.trust", status: "note", message: "live: Gemini does not trust the current folder, so no hook (and no MCP server) runs here" });
  return checks;
};

/**
 * `doctor --live` for Copilot CLI: `copilot mcp list --json` must list every MCP server the profiles
 * define (Copilot drops invalid entries silently), and the hook-loader canary
 * (./hook-loader-probe.ts) must see the hooks file load. A probe that cannot run is a note.
 */
import { compareServers, type DoctorCheck, type LiveChecks, probe, wantedServers } from "../../doctor/probe";
import { targetHome } from "../../environment";
import { contract } from "./contract";
import { copilotHookLoaderChecks } from "./hook-loader-probe";

/** Copilot's live checks. */
export const liveChecks: LiveChecks = (tree, binary, env) => {
  const checks: DoctorCheck[] = [];
  const wanted = wantedServers(tree);
  const homeVars = { [contract.home.variable]: targetHome(env, contract) };
  const out = probe(binary, ["mcp", "list", "--json"], env.home, homeVars);
  if (!out.ok) checks.push({ id: "live.mcp", status: "note", message: `live: copilot mcp list failed (${out.reason})` });
  else {
    try {
      const value = JSON.parse(out.stdout) as { mcpServers?: Record<string, unknown> };
      checks.push(...compareServers("copilot mcp list", Object.keys(value.mcpServers ?? {}), wanted));
    } catch {
      checks.push({ id: "live.mcp", status: "fail", message: "live drift: copilot mcp list --json printed something that is not JSON" });
    }
  }
  checks.push(...copilotHookLoaderChecks(tree, binary, { home: env.home, copilotHome: targetHome(env, contract) }));
  return checks;
};

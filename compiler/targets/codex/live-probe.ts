/**
 * `doctor --live` for Codex CLI: `codex mcp list --json` must load config.toml and list every MCP
 * server the profiles define, and `codex doctor --json` must load config.toml without warnings.
 */
import { compareServers, type DoctorCheck, type LiveChecks, probe, wantedServers } from "../../doctor/probe";
import { targetHome } from "../../environment";
import { contract } from "./contract";

/** Codex's live checks. */
export const liveChecks: LiveChecks = (tree, binary, env) => {
  const checks: DoctorCheck[] = [];
  const wanted = wantedServers(tree);
  const homeVars = { [contract.home.variable]: targetHome(env, contract) };
  const out = probe(binary, ["mcp", "list", "--json"], env.home, homeVars);
  if (!out.ok) checks.push({ id: "live.mcp", status: "fail", message: `live drift: codex mcp list failed (${out.reason}); config.toml does not load` });
  else {
    try {
      const value = JSON.parse(out.stdout) as Array<{ name?: string }>;
      checks.push(
        ...compareServers(
          "codex mcp list",
          value.map((s) => s.name ?? ""),
          wanted,
        ),
      );
    } catch {
      checks.push({ id: "live.mcp", status: "fail", message: "live drift: codex mcp list --json printed something that is not JSON" });
    }
  }
  // `codex doctor` exits 1 whenever any check fails (e.g. no credentials); its JSON still describes the config.
  const doctor = probe(binary, ["doctor", "--json"], env.home, homeVars, true);
  if (doctor.ok) {
    try {
      const value = JSON.parse(doctor.stdout.slice(doctor.stdout.indexOf("{"))) as {
        checks?: Record<string, { status?: string; details?: Record<string, string> }>;
      };
      const load = value.checks?.["config.load"];
      const warning = load?.details?.["startup warning"];
      if (load?.status && load.status !== "ok")
        checks.push({ id: "live.codex-doctor", status: "fail", message: `live drift: codex doctor reports config.load ${load.status}` });
      else if (warning) checks.push({ id: "live.codex-doctor", status: "fail", message: `live drift: codex doctor warns: ${warning}` });
      else checks.push({ id: "live.codex-doctor", status: "ok", message: "live: codex doctor loads config.toml without warnings" });
    } catch {
      checks.push({ id: "live.codex-doctor", status: "note", message: "live: codex doctor --json output could not be read" });
    }
  } else checks.push({ id: "live.codex-doctor", status: "note", message: `live: codex doctor failed (${doctor.reason})` });
  return checks;
};

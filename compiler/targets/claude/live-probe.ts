/**
 * `doctor --live` for Claude Code: `claude doctor` must report no invalid settings (Claude drops an
 * invalid settings file whole).
 */
import { type DoctorCheck, type LiveChecks, probe } from "../../doctor/probe";

/** Claude's live checks. */
export const liveChecks: LiveChecks = (_tree, binary, env) => {
  const checks: DoctorCheck[] = [];
  const out = probe(binary, ["doctor"], env.home, {});
  if (!out.ok) return [{ id: "live.claude-doctor", status: "note", message: `live: claude doctor failed (${out.reason})` }];
  const bad = out.stdout.split("\n").filter((l) => /invalid settings|unknown hook|malformed|schema error/i.test(l));
  if (bad.length === 0) checks.push({ id: "live.claude-doctor", status: "ok", message: "live: claude doctor reports no invalid settings" });
  else checks.push({ id: "live.claude-doctor", status: "fail", message: `live drift: claude doctor: ${bad.map((l) => l.trim()).join("; ")}` });
  return checks;
};

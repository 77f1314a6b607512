/**
 * Which scope's guardrails are in force for a client (docs/scopes.md, "Home and repo together" and
 * "Machine scope"), from what is registered and the policies on disk: the machine's run for every
 * user whatever else is set; in a repository that registers our hooks beside the home, the repo
 * hook runs every call and the home hook hands over to it when the repo policy is at least as
 * strict (runtime/scope-handover.ts), else both check every call. `status` and `doctor` print it.
 */
import { existsSync } from "node:fs";
import { policyPath, type PolicyTarget, readPolicy } from "../../runtime/policy";
import { weakerSwitches } from "../../runtime/scope-handover";
import type { HookRegistrations } from "./registered-scopes";

/** The in-force line of one client, and whether its home hook hands over to the repo's. */
export interface ScopeInForce {
  message: string;
  /** Home and repo both registered: true when the home hands over (the repo policy is as strict), else the reason it does not. */
  handover?: true | string;
}

/** The in-force line for `target` given its registrations. */
export function scopeInForce(target: PolicyTarget, registrations: HookRegistrations): ScopeInForce {
  const { agentihooksHomes } = registrations;
  const parts: string[] = [];
  let handover: true | string | undefined;
  const machineHome = agentihooksHomes.machine;
  if (machineHome !== undefined) {
    parts.push(
      existsSync(policyPath(machineHome, target))
        ? `machine (root's policy ${policyPath(machineHome, target)}, which no user setting switches off; see docs/scopes.md for Codex's and Gemini's limits)`
        : `machine, with its policy ${policyPath(machineHome, target)} missing, so the machine hook runs every guardrail at its default (run: sudo agentihooks apply --scope machine)`,
    );
  }
  const homeDir = agentihooksHomes.home;
  const repoDir = agentihooksHomes.repo;
  if (homeDir !== undefined && repoDir !== undefined) {
    handover = handoverReason(target, homeDir, repoDir);
    parts.push(
      handover === true
        ? "repo, in this repository (home hands over to repo when the repo hook has already handled that kind of event in the session: the repo policy is at least as strict as the home's; the first call of each kind is checked by both)"
        : `home and repo, both on every call: the home hook does not hand over because ${handover}; a deny from either blocks`,
    );
  } else if (homeDir !== undefined) parts.push("home");
  else if (repoDir !== undefined) parts.push("repo");
  const message = `guardrails in force: ${parts.length === 0 ? "none (no scope registers our hooks)" : parts.join("; and ")}`;
  return handover === undefined ? { message } : { message, handover };
}

function handoverReason(target: PolicyTarget, homeDir: string, repoDir: string): true | string {
  const home = readPolicy(homeDir, target);
  const repo = readPolicy(repoDir, target);
  if (home.scope !== "home" || repo.scope !== "repo")
    return "a policy was written before the hand-over existed (re-run agentihooks apply and agentihooks apply --scope repo)";
  const weaker = weakerSwitches(repo.guardrails, home.guardrails);
  if (weaker.length > 0) return `the repo policy is weaker than the home's (${weaker.join(", ")})`;
  return true;
}

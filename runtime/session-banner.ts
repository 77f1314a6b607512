/** The session banner: a short SessionStart context block naming the client, the session and the guardrails in force. */
import type { ClientContract } from "../compiler/targets/contract";
import type { Policy } from "./policy";

/** The banner text, e.g. `Your Codex session_id is abc. agentihooks guardrails in force: …`. */
export function sessionBanner(contract: Pick<ClientContract, "sessionName">, sessionId: string, policy: Policy): string {
  const g = policy.guardrails;
  const on: string[] = [];
  if (g.secretsInWrites) on.push("no secrets written to files");
  if (g.credentialReads) on.push("no credential-file reads or environment dumps");
  if (g.destructiveCommands) on.push("no recursive rm of broad paths, no writes to .env files");
  if (g.branchProtection) on.push(`no force pushes, no pushes to or resets of ${g.protectedBranches.join("/")}`);
  const id = sessionId ? `Your ${contract.sessionName} session_id is ${sessionId}.` : `This is a ${contract.sessionName} session.`;
  const rules =
    on.length > 0
      ? ` agentihooks guardrails in force: ${on.join("; ")}. A blocked call says BLOCKED: and what to do instead; follow that advice rather than working around it.`
      : " agentihooks guardrails are switched off for this profile.";
  return id + rules;
}

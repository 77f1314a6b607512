/** The session banner: a short SessionStart context block naming the client, the session and the guardrails in force. */
import type { Policy, PolicyTarget } from "./policy";

const CLIENT_NAMES: Readonly<Record<PolicyTarget, string>> = {
  claude: "Claude Code",
  codex: "Codex",
  copilot: "Copilot CLI",
};

/** The banner text, e.g. `Your Codex session_id is abc. agentihooks guardrails in force: …`. */
export function sessionBanner(target: PolicyTarget, sessionId: string, policy: Policy): string {
  const g = policy.guardrails;
  const on: string[] = [];
  if (g.secretsInWrites) on.push("no secrets written to files");
  if (g.credentialReads) on.push("no credential-file reads or environment dumps");
  if (g.destructiveCommands) on.push("no recursive rm of broad paths, no writes to .env files");
  if (g.branchProtection) on.push(`no force pushes, no pushes to or resets of ${g.protectedBranches.join("/")}`);
  const id = sessionId ? `Your ${CLIENT_NAMES[target]} session_id is ${sessionId}.` : `This is a ${CLIENT_NAMES[target]} session.`;
  const rules = on.length > 0 ? ` agentihooks guardrails in force: ${on.join("; ")}. A blocked call says BLOCKED: and what to do instead; follow that advice rather than working around it.` : " agentihooks guardrails are switched off for this profile.";
  return id + rules;
}

/**
 * Copilot's `statusLine` command: Copilot pipes the session as JSON on stdin and shows the one line
 * printed. The line names the agentihooks profile chain, the settings profile and the broadcast
 * channels the session listens to (each field shown even when empty, so a missing subscription is
 * visible), then the model, the repository and branch, and how many guardrails are off. Never
 * fails: bad or missing input still yields a line.
 */
import { basename } from "node:path";
import { isTargetId, TARGET_IDS } from "../compiler/targets/ids";
import { subscribedChannels } from "./broadcast-delivery";
import { findClient } from "./clients/registry";
import { currentBranch } from "./guardrails/branch-protection";
import { agentihooksHome, readPolicy } from "./policy";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function firstString(...values: unknown[]): string {
  for (const value of values) if (typeof value === "string" && value.trim()) return value.trim();
  return "";
}

function modelName(model: unknown): string {
  if (typeof model === "string") return model;
  if (isObject(model)) return firstString(model.display_name, model.displayName, model.name, model.id);
  return "";
}

/** The status line (with a final newline) for the session JSON `stdin`. */
export function renderStatusLine(stdin: string, env: NodeJS.ProcessEnv, processCwd: string): string {
  let session: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stdin);
    if (isObject(parsed)) session = parsed;
  } catch {
    session = {};
  }
  const workspace = isObject(session.workspace) ? session.workspace : {};
  const cwd = firstString(workspace.current_dir, workspace.currentDir, session.cwd, session.workspaceRoot, processCwd);
  // The client's own policy when the line is drawn for a named target; without one, the policy of
  // the client the compiler wires the line into without a target (its contract's untargetedStatusLine).
  const target = env.AGENTIHOOKS_TARGET?.trim() ?? "";
  const untargeted = TARGET_IDS.find((id) => findClient(id)?.contract.untargetedStatusLine) ?? TARGET_IDS[0];
  const policy = readPolicy(agentihooksHome(env), isTargetId(target) ? target : untargeted);
  const head = `agentihooks: ${policy.chain ?? ""}  settings:${policy.settingsProfile ?? ""}  channels:${subscribedChannels(env, policy).join(",")}`;
  const parts: string[] = [head];
  const model = modelName(session.model);
  if (model) parts.push(model);
  const branch = currentBranch(cwd);
  parts.push(branch ? `${basename(cwd)}@${branch}` : basename(cwd));
  const g = policy.guardrails;
  const off = [g.secretsInWrites, g.credentialReads, g.destructiveCommands, g.branchProtection].filter((on) => !on).length;
  parts.push(off === 0 ? "guardrails on" : `${off} guardrail${off === 1 ? "" : "s"} off`);
  return `${parts.join(" · ")}\n`;
}

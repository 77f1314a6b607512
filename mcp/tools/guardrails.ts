/**
 * `guardrails`: which guardrails are on for this client and why, read from the installed policy
 * file (the one the hook runtime reads on every call), each switch with what it blocks (its
 * description in schemas/profile.schema.json) and whether the profiles changed it from its default.
 */
import profileSchema from "../../schemas/profile.schema.json";
import { GUARDRAIL_DEFAULTS } from "../../runtime/guardrails.generated";
import { policyPath, readPolicy } from "../../runtime/policy";
import { fs } from "../../runtime/node-builtins";
import type { ServerContext } from "../context";

/** One switch as the tool reports it. */
export interface GuardrailReport {
  name: string;
  on: boolean;
  /** What the guard does when on (the schema's description). */
  what: string;
  /** `default` when the value is the schema's default, `profile` when the profile chain changed it. */
  setBy: "default" | "profile";
}

/** The tool's whole answer. */
export interface GuardrailsAnswer {
  target: string;
  policyFile: string;
  /** False when apply never wrote the policy: the runtime then runs with every default. */
  policyInstalled: boolean;
  chain: string | null;
  guardrails: GuardrailReport[];
  protectedBranches: string[];
  auditLog: string | null;
  summary: string;
}

const DESCRIPTIONS = (profileSchema as { definitions: { Guardrails: { properties: Record<string, { description?: string }> } } }).definitions.Guardrails
  .properties;

/** The answer for the server's client. */
export function guardrailsAnswer(ctx: ServerContext): GuardrailsAnswer {
  const file = policyPath(ctx.home, ctx.target);
  const policy = readPolicy(ctx.home, ctx.target);
  const switches = policy.guardrails as unknown as Record<string, unknown>;
  const defaults = GUARDRAIL_DEFAULTS as unknown as Record<string, unknown>;
  const guardrails: GuardrailReport[] = [];
  for (const name of Object.keys(GUARDRAIL_DEFAULTS)) {
    const value = switches[name];
    if (typeof value !== "boolean") continue;
    guardrails.push({ name, on: value, what: DESCRIPTIONS[name]?.description ?? "", setBy: value === defaults[name] ? "default" : "profile" });
  }
  const on = guardrails.filter((g) => g.on).map((g) => g.name);
  const off = guardrails.filter((g) => !g.on).map((g) => g.name);
  const installed = fs.existsSync(file);
  const summary = [
    installed
      ? `Policy for ${ctx.target}${policy.chain ? ` (profile chain ${policy.chain})` : ""}.`
      : `No policy file at ${file}: the hook runtime uses every default until \`agentihooks apply\` writes one.`,
    `On: ${on.join(", ") || "none"}.`,
    `Off: ${off.join(", ") || "none"}.`,
    "A guardrail that is on denies a matching tool call before it runs; the recent_denials tool shows which one denied a call and why.",
  ].join(" ");
  return {
    target: ctx.target,
    policyFile: file,
    policyInstalled: installed,
    chain: policy.chain ?? null,
    guardrails,
    protectedBranches: [...policy.guardrails.protectedBranches],
    auditLog: policy.guardrails.auditLog ? (policy.auditLog ?? null) : null,
    summary,
  };
}

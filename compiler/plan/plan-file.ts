/**
 * A plan saved as a file (`plan --out FILE`, `apply --plan FILE`): the exact bytes to write and the
 * digest of everything the plan read, so a plan whose files changed since is refused (Terraform's
 * "saved plan is stale").
 */
import type { Change, Plan } from "./change";
import { isObject } from "./json-value";

const FORMAT = "agentihooks-plan/1";

const b64 = (bytes: Uint8Array | undefined): string | null => (bytes === undefined ? null : Buffer.from(bytes).toString("base64"));
const unb64 = (text: unknown): Uint8Array | undefined => (typeof text === "string" ? new Uint8Array(Buffer.from(text, "base64")) : undefined);

/** The plan as JSON text. */
export function serializePlanFile(plan: Plan): string {
  return `${JSON.stringify({
    format: FORMAT,
    targets: plan.targets,
    observed: plan.observed,
    pruneDirs: plan.pruneDirs,
    diagnostics: plan.diagnostics,
    changes: plan.changes.map((c) => ({ ...c, before: b64(c.before), after: b64(c.after) })),
  })}\n`;
}

/** Reads a plan file; a reason string when it is not one. */
export function parsePlanFile(text: string): { plan: Plan } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "it is not JSON" };
  }
  if (!isObject(value) || value.format !== FORMAT) return { error: `it is not an ${FORMAT} file` };
  if (!Array.isArray(value.changes) || !isObject(value.observed) || !Array.isArray(value.targets)) return { error: "it is incomplete" };
  const changes: Change[] = (value.changes as Array<Record<string, unknown>>).map((c) => ({
    ...(c as unknown as Change),
    before: unb64(c.before),
    after: unb64(c.after),
  }));
  return {
    plan: {
      targets: value.targets as string[],
      observed: value.observed as Record<string, string>,
      pruneDirs: Array.isArray(value.pruneDirs) ? (value.pruneDirs as string[]) : [],
      diagnostics: Array.isArray(value.diagnostics) ? (value.diagnostics as Plan["diagnostics"]) : [],
      changes,
    },
  };
}

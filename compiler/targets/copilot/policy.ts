/** The runtime policy `<agentihooksHome>/policy.copilot.json`: the guardrail switches the hook runtime reads on every call. */
import type { FileEntry } from "../../desired-tree";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";
import { policyFileEntry } from "../../lower/runtime-files";

/** The policy file, rendered by the runtime's own serializer so both sides agree on the format. */
export function lowerPolicy(ir: Ir, env: Environment): FileEntry {
  return policyFileEntry(ir, env, "copilot");
}

/** The runtime policy `<agentihooksHome>/policy.copilot.json`: the guardrail switches the hook runtime reads on every call. */
import type { FileEntry } from "../../desired-tree";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";
import { renderPolicy } from "../../../runtime/policy";
import type { CopilotPaths } from "./paths";

/** The policy file, rendered by the runtime's own serializer so both sides agree on the format. */
export function lowerPolicy(ir: Ir, env: Environment, paths: CopilotPaths): FileEntry {
  return { kind: "file", path: paths.policyFile, content: renderPolicy(ir.guardrails as Record<string, unknown>, "copilot", env.agentihooksHome), mode: 0o644 };
}

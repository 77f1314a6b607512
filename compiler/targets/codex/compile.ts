import type { DesiredTree } from "../../desired-tree";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";

/** Lowers the IR to this target's desired tree. (Being built: see the target's issue.) */
export function compileTarget(_ir: Ir, _env: Environment): DesiredTree {
  return { target: "codex", entries: [], diagnostics: [] };
}

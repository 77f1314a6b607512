/** The hook wrapper `agentihooks-hook.sh` (reference-spec C.1.2), from the template shared with Codex. */
import type { FileEntry } from "../../desired-tree";
import type { Environment } from "../../environment";
import { renderHookWrapper } from "../../lower/hook-wrapper";
import { descriptor } from "./descriptor";
import type { CopilotPaths } from "./paths";

/** The wrapper file, mode 0755: exports the event from `$1` and the target, then execs the runtime. */
export function lowerWrapper(env: Environment, paths: CopilotPaths): FileEntry {
  return {
    kind: "file",
    path: paths.wrapper,
    content: renderHookWrapper({ target: descriptor.id, displayName: descriptor.displayName, eventFromArg: true, nodePath: env.nodePath, runtimePath: env.runtimePath }),
    mode: 0o755,
  };
}

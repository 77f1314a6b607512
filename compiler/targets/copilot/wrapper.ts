/** The hook wrapper `agentihooks-hook.sh` (docs/targets/copilot.md, "Hooks"), from the template shared with the other targets. */
import type { FileEntry } from "../../desired-tree";
import type { Environment } from "../../environment";
import { hookWrapperEntry } from "../../lower/runtime-files";
import { descriptor } from "./descriptor";
import type { CopilotPaths } from "./paths";

/**
 * The wrapper file, mode 0755: exports the event from `$1` (Copilot's payloads carry no event
 * name; the registration passes it) and the target, then execs the runtime.
 */
export function lowerWrapper(env: Environment, paths: CopilotPaths): FileEntry {
  return hookWrapperEntry(descriptor, env, paths.wrapper);
}

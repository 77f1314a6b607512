/**
 * The hook wrapper script every target registers (Copilot's `agentihooks-hook.sh`, Codex's
 * wrapper): a few lines of bash that name the target and `exec` the bundled runtime with the
 * absolute Node path, so a hook costs one bash start plus one Node start.
 */
import { shellComment, shellQuote } from "./shell-quote";
import { renderTemplate } from "./templates";

/** What a wrapper needs to know. Paths are absolute; they are shell-quoted here. */
export interface HookWrapperOptions {
  /** Target id written into `AGENTIHOOKS_TARGET`, e.g. `copilot`. */
  target: string;
  /** Name for people, used in the script's comment. */
  displayName: string;
  /**
   * True when the client sends no event name in its payload, so the registration passes it as
   * the first argument (Copilot). The wrapper then exports it as `AGENTIHOOKS_<TARGET>_EVENT`.
   */
  eventFromArg: boolean;
  /** Absolute path of the Node binary that ran the compiler. */
  nodePath: string;
  /** Absolute path of the bundled runtime (`dist/runtime.cjs`). */
  runtimePath: string;
}

/** Environment variable that carries the event name for `target` when it comes from `$1`. */
export function eventVariable(target: string): string {
  return `AGENTIHOOKS_${target.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_EVENT`;
}

/**
 * The wrapper script's text (LF, final newline). It passes `bash -n` and runs whatever the paths
 * contain (spaces, quotes, `$`, backticks, non-ASCII): every path is single-quoted when needed.
 */
export function renderHookWrapper(options: HookWrapperOptions): string {
  return renderTemplate("hook-wrapper.sh.hbs", {
    // The comment lines hold the names as text; the export holds the target as one quoted word.
    targetComment: shellComment(options.target),
    displayName: shellComment(options.displayName),
    target: shellQuote(options.target),
    eventVariable: options.eventFromArg ? eventVariable(options.target) : "",
    nodePath: shellQuote(options.nodePath),
    runtimePath: shellQuote(options.runtimePath),
  });
}

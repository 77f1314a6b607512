/**
 * The hook wrapper script every target registers (`agentihooks-hook.sh` in each client's home),
 * called with the event as `$1`. On an event that only informs it `exec`s the installed runtime
 * with the absolute Node path (one bash start plus one Node start). On an event that decides
 * whether a tool runs it fails closed: it runs the runtime with its stdout on a pipe it reads
 * under bash's own timer (`read -t`, no watchdog process), kills it at the deadline, passes its
 * reply on when its last line reports the allow code, or 2 with a reply, and otherwise prints the client's own
 * deny envelope and exits 2 (docs/runtime.md, "Failing closed").
 */
import { findClient, renderReply } from "../../runtime/clients/registry";
import { dispatchEventFor, knownEventSpellings } from "../../runtime/events";
import { DEFAULT_DEADLINE_SECONDS, EXIT_LINE_TAG } from "../../runtime/stdio";
import { shellComment, shellQuote } from "./shell-quote";
import { renderTemplate } from "./templates";

/** The exit code the wrapper asks the runtime to use for "checked and allowed" on pre-tool events. */
export const ALLOW_EXIT = 64;

/** The reason a wrapper gives when it denies because the runtime did not answer. */
export const FAIL_CLOSED_REASON =
  "BLOCKED: agentihooks could not check this call: its hook runtime did not answer, so the call is denied rather than let through unchecked. Run `agentihooks doctor` to find the fault (`agentihooks apply` reinstalls the runtime).";

/** What a wrapper needs to know. Paths are absolute; they are shell-quoted here. */
export interface HookWrapperOptions {
  /** Target id written into `AGENTIHOOKS_TARGET`, e.g. `copilot`. */
  target: string;
  /** Name for people, used in the script's comment. */
  displayName: string;
  /**
   * The contract's `eventVariable`: set when the client sends no event name in its payload, so the
   * registration passes it as the first argument (Copilot) and the wrapper exports it into this
   * variable for the runtime. Absent when the payload names the event.
   */
  eventVariable?: string;
  /** Absolute path of the Node binary that ran the compiler. */
  nodePath: string;
  /** Absolute path of the installed runtime (`<agentihooks home>/runtime/<version>-<digest>/runtime.cjs`). */
  runtimePath: string;
  /**
   * Repo scope: the script is committed beside the runtime and its policies, so it finds them from
   * its own folder and runs the Node on PATH (`nodePath` and `runtimePath` are not written).
   */
  repo?: boolean;
  /**
   * The agentihooks home the wrapper exports as `AGENTIHOOKS_HOME` (the one apply installed the
   * runtime and policies in), also dropping `NODE_OPTIONS` and `NODE_PATH`, so the client's
   * environment cannot change what the runtime reads or loads. Not written in the repo scope.
   */
  agentihooksHome: string;
  /** Machine scope: root's home (the script says so). */
  machine?: boolean;
  /** Absolute path of the bash that runs the script (its `#!` line); the repo scope finds bash on PATH. */
  bashPath: string;
}

function spellingsOf(event: "PreToolUse" | "PermissionRequest"): string {
  return knownEventSpellings()
    .filter((name) => dispatchEventFor(name) === event)
    .join("|");
}

/**
 * The one-line JSON the client reads as a deny of `event`, from the runtime's own envelope code.
 * Empty for a target the runtime has no client for (the runtime itself refuses it): the wrapper
 * then denies by exit code 2 with the reason on stderr, which blocks on every client.
 */
function denyEnvelope(target: string, event: "PreToolUse" | "PermissionRequest"): string {
  return findClient(target) ? renderReply(target, event, event, { block: FAIL_CLOSED_REASON, context: [] }).stdout.trimEnd() : "";
}

/**
 * The `#!` line's interpreter: bash by its absolute path with `-p`, which skips BASH_ENV, imported
 * functions and SHELLOPTS (the kernel passes the one option through); `/usr/bin/env bash` in the
 * repo scope (each clone's own bash) or when the path cannot stand in a `#!` line (not absolute,
 * or holding blanks).
 */
function shebang(options: Pick<HookWrapperOptions, "repo" | "bashPath">): string {
  return options.repo !== true && options.bashPath.startsWith("/") && !/\s/.test(options.bashPath) ? `${options.bashPath} -p` : "/usr/bin/env bash";
}

/**
 * The wrapper script's text (LF, final newline). It passes `bash -n` and runs whatever the paths
 * contain (spaces, quotes, `$`, backticks, non-ASCII): every path is single-quoted when needed.
 */
export function renderHookWrapper(options: HookWrapperOptions): string {
  // The variable is written unquoted after `export`: only a shell identifier may stand there.
  if (options.eventVariable !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(options.eventVariable)) {
    throw new Error(`hook wrapper: the event variable ${JSON.stringify(options.eventVariable)} is not a shell variable name`);
  }
  return renderTemplate("hook-wrapper.sh.hbs", {
    // The comment lines hold the names as text; the export holds the target as one quoted word.
    repo: options.repo === true,
    targetComment: shellComment(options.target),
    displayName: shellComment(options.displayName),
    target: shellQuote(options.target),
    eventVariable: options.eventVariable ?? "",
    nodePath: shellQuote(options.nodePath),
    runtimePath: shellQuote(options.runtimePath),
    interpreter: shebang(options),
    machine: options.machine === true,
    agentihooksHome: shellQuote(options.agentihooksHome),
    preToolEvents: spellingsOf("PreToolUse"),
    permissionEvents: spellingsOf("PermissionRequest"),
    preToolDeny: shellQuote(denyEnvelope(options.target, "PreToolUse")),
    permissionDeny: shellQuote(denyEnvelope(options.target, "PermissionRequest")),
    denyReason: shellQuote(FAIL_CLOSED_REASON),
    deadlineSeconds: String(DEFAULT_DEADLINE_SECONDS),
    allowExit: String(ALLOW_EXIT),
    exitLineTag: EXIT_LINE_TAG,
  });
}

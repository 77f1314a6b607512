/**
 * What a client is on the wire: the facts both halves of agentihooks depend on. The compiler writes
 * hook registrations from them (compiler/targets/<id>/), and the hook runtime reads payloads and
 * writes replies by them (runtime/clients/<id>.ts). Each client has exactly one contract module,
 * `compiler/targets/<id>/contract.ts`: a leaf holding data only, which the runtime may import without
 * pulling compiler code into its bundle (docs/architecture.md, "Dependency rules").
 */

/**
 * The events the hook runtime has a handler for: the one vocabulary every client's wire names are
 * mapped onto. An unmapped wire name reaches no handler, a silent bypass of every guardrail, so a
 * contract maps every name its client sends.
 */
export const RUNTIME_EVENTS = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "Notification",
  "PreCompact",
  "PermissionRequest",
] as const;

/** A runtime event name. */
export type RuntimeEvent = (typeof RUNTIME_EVENTS)[number];

/** How a hook blocks on one event: exit code 2, or a JSON field on stdout. */
export type BlockChannel = "exit-2" | "stdout-deny" | "stdout-block" | "stdout-behavior";

/**
 * How a client's own search tool (the runtime's `Grep`) reads its `glob` argument as ripgrep globs:
 * `words` splits it on blanks, then on commas outside `{…}`, each word one `--glob` (later wins);
 * `whole` passes it as one `--glob`; `plain` is read only when it is one plain positive glob, and
 * anything else counts as no filter (the reading that can only block more).
 */
export type SearchToolGlobs = "words" | "whole" | "plain";

/** One client's wire facts. Every value names what the client version in `verifiedAgainst` does. */
export interface ClientContract<Id extends string = string> {
  id: Id;
  /** Name for people, e.g. `GitHub Copilot CLI`. */
  displayName: string;
  /** How the session banner names the client to the model, e.g. `Copilot CLI`. */
  sessionName: string;
  /** The client release these facts were verified against (docs/targets/<id>.md). */
  verifiedAgainst: { package: string; version: string };
  /**
   * The client's configuration home: `~/<dir>`, or the variable's value when set; with
   * `variableHolds: "home"` the variable replaces the home directory instead (`$VAR/<dir>`).
   */
  home: {
    dir: string;
    variable: string;
    variableHolds?: "home";
    /**
     * A state file the client keeps beside its home directory, in the user's home, while the home is
     * the default one, and inside the home once it is moved (by the variable or the config's
     * `homes`): Claude Code's `.claude.json`, where its user-scope MCP servers live.
     */
    stateFile?: string;
    /**
     * The files directly in the home that hold the client's login (OAuth tokens, an API key), by
     * name: the hook runtime treats them as credential files, whichever client's hook reads them
     * (runtime/guardrails/sensitive-paths.ts).
     */
    credentialFiles?: readonly string[];
  };
  /**
   * The client's command-line program, and how it is started without the hooks agentihooks
   * registers: options that skip them or load other settings (`skipsHooks`; an option given as
   * `--opt=value` counts too), and options that override one configuration value, with the keys
   * whose override reaches the hooks (`overrides`). The hook runtime denies a nested run of the
   * client with one of them, or with its home moved (runtime/guardrails/self-protection.ts).
   */
  cli: { command: string; skipsHooks: readonly string[]; overrides?: { options: readonly string[]; keys: RegExp } };
  /**
   * The client's system folder relative to the machine root (`etc/claude-code`): machine-scope hooks
   * and the administrator's settings live there. The hook runtime protects it whole
   * (runtime/guardrails/self-protection.ts); absent for a client without a machine scope.
   */
  machineDir?: string;
  /** Hook events agentihooks registers, in the client's own spelling and order. */
  hookEvents: readonly string[];
  /**
   * Every hook event name the client's loader accepts. A registration under any other name is an
   * invalid file for some clients (Claude Code drops an invalid settings file whole); absent when
   * the client ignores unknown names.
   */
  knownHookEvents?: ReadonlySet<string>;
  /** Every event name the client sends on the wire (payload, argument or variable) → the runtime event it runs. */
  events: Readonly<Record<string, RuntimeEvent>>;
  /**
   * The variable the hook wrapper exports the event into, for a client that does not send the event
   * name in its payload (Copilot runs one command per event); absent when the payload names it.
   */
  eventVariable?: string;
  /**
   * The handler timeout the loader honours: the key, the seconds written, and per-event clamps;
   * `milliseconds` when the key is read in milliseconds (the value written is seconds × 1000).
   */
  hookTimeout: { key: string; seconds: number; short?: Readonly<Record<string, number>>; milliseconds?: boolean };
  /** The exit codes a hook answers with: 0 lets the call run, 2 blocks it (with the reason on stderr). */
  exitCodes: { allow: 0; block: 2 };
  /** Per wire event name, how a hook blocks there. */
  blockChannels: Readonly<Record<string, readonly BlockChannel[]>>;
  /**
   * Wire event names whose output takes `additionalContext`; absent when every event takes it.
   * Context on any other event is not printed (the client would reject the output).
   */
  contextEvents?: ReadonlySet<string>;
  /** Wire event names whose output takes a top-level `decision: "block"` with a reason. */
  decisionEvents: ReadonlySet<string>;
  /** Per runtime event, the size (UTF-16 units) at which the client silently cuts hook context. */
  contextCaps: Readonly<Partial<Record<RuntimeEvent, number>>>;
  /**
   * How a pre-tool hook changes a call's arguments, or false where it cannot: the output `field`
   * (a dotted path: `hookSpecificOutput.updatedInput`), whether the client needs
   * `permissionDecision: "allow"` beside it, the runtime tool names it works for (absent: every
   * tool), and whether the value replaces the arguments whole or is merged into them key by key.
   */
  argumentMutation: false | { field: string; withAllow: boolean; tools?: readonly string[]; merge: "replace" | "shallow" };
  /**
   * The client's own search tool, as a guard must read a call of it: how its `glob` argument becomes
   * ripgrep globs, and whether it follows symbolic links into the directories it searches. Absent:
   * `plain` globs, links followed (runtime/guardrails/search-rewrite.ts reads the absence so).
   */
  searchTool?: { globs: SearchToolGlobs; followsLinks: boolean };
  /**
   * The compiler wires agentihooks' status line command into this client's settings, and the client
   * runs it without AGENTIHOOKS_TARGET: a status line drawn without a target reads this client's
   * policy (runtime/statusline.ts).
   */
  untargetedStatusLine?: true;
  /** MCP transports the client runs, in its own `type` spelling. */
  mcpTransports: readonly string[];
  /**
   * The client does not read `<repo>/.claude/rules/*.md` and the project memory itself, so the
   * runtime injects them at session start (the project bridge).
   */
  needsProjectBridge: boolean;
  /**
   * The client loads `<repo>/.claude/rules/*.md` itself (verified with the real client), so the
   * project bridge injects only the project memory; the rules would otherwise reach the model twice.
   */
  loadsProjectRules?: boolean;
}

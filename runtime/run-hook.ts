/**
 * One hook invocation, from raw input to reply (docs/runtime.md): parse, deny on doubt for a
 * garbled tool event, normalise, dispatch to the event's handler, run the guardrails the policy
 * switches on over every tool call of the payload, and render the client's envelope. Pure apart from
 * the reads the guardrails and context need, the audit log append and the session's list of the
 * files it wrote; `main.ts` does the process I/O.
 */
import { appendAudit, type AuditRecord, utcTimestamp } from "./audit-log";
import { deliverBroadcasts } from "./broadcast-delivery";
import type { Client } from "./clients/client";
import { clientIds, findClient, runtimeTarget } from "./clients/registry";
import { type Outcome, type Reply, renderReplyWith } from "./envelope";
import { type DispatchEvent, dispatchEventFor, isToolPermissionEvent, toolEventNamedIn } from "./events";
import { branchProtectionGuard } from "./guardrails/branch-protection";
import { selfProtectionGuard } from "./guardrails/self-protection";
import { credentialReadsGuard } from "./guardrails/credential-reads";
import { destructiveCommandsGuard } from "./guardrails/destructive-commands";
import { ghPrBaseGuard } from "./guardrails/gh-pr-base";
import { absoluteToolPath, type Guard, type GuardInput, isShellTool, toolPaths, WRITE_TOOLS } from "./guardrails/guard";
import { METADATA_WRITERS } from "./guardrails/destructive-commands";
import { kubeProductionGuard } from "./guardrails/kube-production";
import { protectedBranchCommitsGuard } from "./guardrails/protected-branch-commits";
import { promptSecretWarning, secretsInWritesGuard } from "./guardrails/secrets-in-writes";
import { rewriteGitHistory } from "./guardrails/git-history-rewrite";
import { rewriteCredentialSearch, rewriteSearchToolGlob } from "./guardrails/search-rewrite";
import { plantedScript, TOO_MANY_DEFINITIONS } from "./guardrails/startup-planting";
import { hasDuplicateKeys, looksLikeToolCall, type Payload, type ToolCall } from "./normalize";
import { agentihooksHome, type Policy, type PolicyTarget, readPolicy } from "./policy";
import { projectBridgeContext } from "./project-bridge";
import { handledKey, handsOver, recordClaim } from "./scope-handover";
import { sessionBanner } from "./session-banner";
import { agentWrites, endSession, firstInSession } from "./session-context";
import { commandEffects, setEarlierWrites } from "./command-effects";
import { writtenNames } from "./code-call-arguments";

/** Everything one invocation reads from its process. */
export interface HookRequest {
  stdin: string;
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  /** The process's working directory (used when the payload names none). */
  cwd: string;
  /** The clock for audit timestamps (injectable for tests). */
  now?: () => Date;
  /** The runtime file this process runs (default `process.argv[1]`: the wrapper runs `node <runtime.cjs>`); the scope hand-over compares it with a repo's vendored copy. */
  runtimeFile?: string;
}

/** What a handler gets. */
export interface HandlerContext {
  target: PolicyTarget;
  /** The client the call came from (its contract and reply shapes). */
  client: Client;
  event: DispatchEvent;
  payload: Payload;
  /** The payload as the client sent it, before `normalize` (a rewrite keeps the client's own keys). */
  raw: Payload;
  policy: Policy;
  env: NodeJS.ProcessEnv;
  cwd: string;
  now: () => Date;
  /** Non-fatal warnings for stderr (a guard that crashed, …). */
  warnings: string[];
}

type Handler = (ctx: HandlerContext) => Outcome;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The guards in the order they run, each with the policy switch that enables it. */
const GUARDS: ReadonlyArray<{ guard: Guard; enabled: (p: Policy) => boolean }> = [
  { guard: secretsInWritesGuard, enabled: (p) => p.guardrails.secretsInWrites },
  { guard: credentialReadsGuard, enabled: (p) => p.guardrails.credentialReads },
  { guard: destructiveCommandsGuard, enabled: (p) => p.guardrails.destructiveCommands },
  { guard: branchProtectionGuard, enabled: (p) => p.guardrails.branchProtection },
  { guard: selfProtectionGuard, enabled: () => true },
  { guard: protectedBranchCommitsGuard, enabled: (p) => p.guardrails.protectedBranchCommits },
  { guard: kubeProductionGuard, enabled: (p) => p.guardrails.kubeProduction },
  { guard: ghPrBaseGuard, enabled: (p) => p.guardrails.prBaseRequired },
];

function toolInputOf(value: unknown): Record<string, unknown> {
  if (isObject(value)) return value;
  if (typeof value === "string" && value) return { command: value, content: value };
  return {};
}

/** Every tool call of a tool event: the primary call, then Copilot's batched extras. */
export function toolCallsOf(payload: Payload): ToolCall[] {
  const calls: ToolCall[] = [];
  if (typeof payload.tool_name === "string" && payload.tool_name) {
    calls.push({ tool_name: payload.tool_name, tool_input: toolInputOf(payload.tool_input) });
  }
  if (Array.isArray(payload.copilot_extra_tool_calls)) {
    for (const extra of payload.copilot_extra_tool_calls) {
      if (isObject(extra) && typeof extra.tool_name === "string") calls.push({ tool_name: extra.tool_name, tool_input: toolInputOf(extra.tool_input) });
    }
  }
  return calls;
}

/**
 * Runs every enabled guard over one call. The first block wins; context from all guards is kept.
 * A guard that throws blocks the call (fail closed: a payload built to crash a guard, such as
 * arguments nested past the stack, must not slip past it).
 */
export function checkToolCall(call: ToolCall, ctx: Pick<HandlerContext, "target" | "policy" | "env" | "cwd" | "warnings">): Outcome {
  const input: GuardInput = { ...call, target: ctx.target, cwd: ctx.cwd, policy: ctx.policy, env: ctx.env };
  const context: string[] = [];
  for (const { guard, enabled } of GUARDS) {
    if (!enabled(ctx.policy)) continue;
    try {
      const verdict = guard.check(input);
      if (verdict?.context) context.push(...verdict.context);
      if (verdict?.block) return { block: verdict.block, context };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        block: `BLOCKED: The ${guard.name} check failed on this call (${message}), so the call is denied rather than let through unchecked. Send simpler arguments (smaller, flatter); if this repeats, report it.`,
        context,
      };
    }
  }
  return { context };
}

function auditBase(ctx: HandlerContext): AuditRecord {
  const record: AuditRecord = { ts: utcTimestamp(ctx.now()), target: ctx.target, event: ctx.event };
  const session = text(ctx.payload.session_id);
  if (session) record.session = session;
  record.cwd = ctx.cwd;
  return record;
}

/**
 * Fix instead of deny (docs/guardrails.md, "Rewrites"): for a blocked call on a client that can
 * change a call's arguments, a recursive search rewritten to exclude credential files (a shell
 * command, or the `glob` of Claude Code's Grep) or a git history view rewritten to leave out the
 * credential files git tracks, when every guard passes the rewritten call;
 * undefined (the block stands) otherwise. Runs only after a block.
 */
function rewriteOutcome(ctx: HandlerContext, call: ToolCall): { outcome: Outcome; changed: string } | undefined {
  const mutation = ctx.client.contract.argumentMutation;
  if (mutation === false || !ctx.client.rewriteBody || ctx.event !== "PreToolUse") return undefined;
  if (mutation.tools && !mutation.tools.includes(call.tool_name)) return undefined;
  // The arguments as the client sent them: the rewrite changes one key and keeps every other.
  const wire = isObject(ctx.raw.toolArgs) ? ctx.raw.toolArgs : isObject(ctx.raw.tool_input) ? ctx.raw.tool_input : undefined;
  if (!wire) return undefined;
  let key: string;
  let rewrite: ReturnType<typeof rewriteCredentialSearch>;
  if (isShellTool(call.tool_name)) {
    key = "command";
    const command = call.tool_input.command;
    if (typeof command !== "string" || wire.command !== command) return undefined;
    rewrite = rewriteCredentialSearch(command) ?? rewriteGitHistory(command, ctx.cwd);
  } else if (call.tool_name === "Grep") {
    key = "glob";
    if (wire.glob !== call.tool_input.glob) return undefined;
    rewrite = rewriteSearchToolGlob(ctx.target, wire.glob);
  } else return undefined;
  if (!rewrite) return undefined;
  const again = checkToolCall({ tool_name: call.tool_name, tool_input: { ...call.tool_input, [key]: rewrite.command } }, ctx);
  if (again.block !== undefined) return undefined;
  const note = [rewrite.note, ...again.context].join("\n\n");
  const body = ctx.client.rewriteBody(text(ctx.payload.hook_event_name) || "PreToolUse", { ...wire, [key]: rewrite.command }, note);
  return body === undefined ? undefined : { outcome: { context: [], rewrite: body }, changed: rewrite.command };
}

// Writers whose effect is on a file's metadata or that restore the repository's own text: what they
// touch is not text the agent wrote.
const NOT_AUTHORING: ReadonlySet<string> = new Set([...METADATA_WRITERS, "git"]);

/** The files a call writes, absolute: a file tool's paths, a shell line's written and moved-to files. */
function pathsWritten(call: ToolCall, ctx: Pick<HandlerContext, "cwd" | "env">): string[] {
  if (WRITE_TOOLS.has(call.tool_name)) return toolPaths(call.tool_input).map((p) => absoluteToolPath(p, ctx.cwd, ctx.env));
  if (!isShellTool(call.tool_name) || typeof call.tool_input.command !== "string") return [];
  const paths: string[] = [];
  for (const c of commandEffects(call.tool_input.command, ctx.cwd, ctx.env).commands) {
    for (const w of [...c.writes, ...c.moves.map((m) => m.to)]) if (!w.glob && !w.dynamic && !NOT_AUTHORING.has(w.via)) paths.push(w.path);
    // What an interpreter's program text writes (`open('run.sh', 'w')`, `fs.writeFileSync(…)`).
    for (const code of c.code) for (const name of writtenNames(code)) paths.push(absoluteToolPath(name, c.cwd, ctx.env));
  }
  return paths;
}

/**
 * `outcome`, or a block when the call puts aliases or functions in a shell startup file that a later
 * shell would run as a command the guards deny (guardrails/startup-planting.ts).
 */
function withPlanting(outcome: Outcome, call: ToolCall, ctx: HandlerContext): Outcome {
  if (outcome.block !== undefined) return outcome;
  const planted = plantedScript(call, ctx.cwd, ctx.env);
  if (planted === undefined) return outcome;
  if (planted.script === TOO_MANY_DEFINITIONS)
    return {
      block: `BLOCKED: This call puts more aliases and functions in ${planted.file} than agentihooks can check. Write the startup file in smaller parts.`,
      context: outcome.context,
    };
  const later = checkToolCall({ tool_name: "Bash", tool_input: { command: planted.script } }, ctx);
  if (later.block === undefined) return outcome;
  return {
    block: `BLOCKED: This call puts an alias or function in ${planted.file} that a later shell would run as a command agentihooks denies: ${later.block.replace(/^BLOCKED: /, "")}`,
    context: outcome.context,
  };
}

function onToolPermission(ctx: HandlerContext): Outcome {
  let calls = toolCallsOf(ctx.payload);
  if (calls.length === 0 && ctx.event === "PermissionRequest") {
    // Copilot's permissionRequest may carry only the input; a command means a shell permission.
    const input = toolInputOf(ctx.payload.tool_input);
    if (typeof input.command === "string") calls = [{ tool_name: "Bash", tool_input: input }];
    else return { context: [] };
  }
  if (calls.length === 0) {
    return {
      block: `BLOCKED: agentihooks found no tool call in this ${ctx.event} payload, so it cannot check it; the call is denied rather than let through unchecked. Retry the call; if this repeats, the client's payload shape has changed and agentihooks needs an update.`,
      context: [],
    };
  }
  const context: string[] = [];
  let block: string | undefined;
  const records: AuditRecord[] = [];
  // A script the agent wrote in an earlier call (of this session or an earlier one, or earlier in
  // this batch) is read when a line runs it; each call's writes are recorded after it is checked,
  // allowed or not.
  const writes = agentWrites(agentihooksHome(ctx.env));
  setEarlierWrites(writes.has);
  for (const call of calls) {
    const outcome = withPlanting(checkToolCall(call, ctx), call, ctx);
    const written = pathsWritten(call, ctx);
    if (written.length > 0) {
      writes.add(written);
      setEarlierWrites(writes.has);
    }
    context.push(...outcome.context);
    const record: AuditRecord = { ...auditBase(ctx), tool: call.tool_name, input: call.tool_input, decision: outcome.block ? "deny" : "allow" };
    if (outcome.block) record.reason = outcome.block;
    records.push(record);
    // A block from any call of a batch denies the whole batch; keep checking so each call is logged.
    if (outcome.block && block === undefined) block = outcome.block;
  }
  const only = calls[0];
  if (block !== undefined && calls.length === 1 && only) {
    const fixed = rewriteOutcome(ctx, only);
    if (fixed) {
      appendAudit(ctx.policy, [{ ...(records[0] as AuditRecord), decision: "allow", rewritten: fixed.changed }]);
      return fixed.outcome;
    }
  }
  appendAudit(ctx.policy, records);
  return block === undefined ? { context } : { block, context };
}

/** The session's unseen broadcasts as context (session start and prompts only: runtime/broadcast-delivery.ts). */
function broadcastContext(ctx: HandlerContext, sessionStart: boolean): string[] {
  const wireEvent = text(ctx.payload.hook_event_name);
  const news = deliverBroadcasts({
    home: agentihooksHome(ctx.env),
    target: ctx.target,
    contract: ctx.client.contract,
    event: ctx.event,
    wireEvent,
    sessionId: ctx.payload.session_id,
    env: ctx.env,
    policy: ctx.policy,
    now: ctx.now(),
    sessionStart,
  });
  return news ? [news] : [];
}

function onSessionStart(ctx: HandlerContext): Outcome {
  const context: string[] = [];
  if (ctx.policy.guardrails.sessionBanner) context.push(sessionBanner(ctx.client.contract, text(ctx.payload.session_id), ctx.policy));
  if (ctx.policy.guardrails.projectBridge && ctx.client.contract.needsProjectBridge) {
    ctx.client.onSessionStart?.(ctx.cwd, ctx.env);
    const bridge = projectBridgeContext(ctx.cwd, ctx.env, ctx.policy.projectBridgeMaxBytes, { rules: ctx.client.contract.loadsProjectRules !== true });
    if (bridge) context.push(bridge);
  }
  context.push(...broadcastContext(ctx, true));
  return { context };
}

function onUserPrompt(ctx: HandlerContext): Outcome {
  const warning = ctx.policy.guardrails.secretsInWrites ? promptSecretWarning(text(ctx.payload.prompt)) : undefined;
  return { context: [...(warning ? [warning] : []), ...broadcastContext(ctx, false)] };
}

function failed(payload: Payload): boolean {
  const raw = text(payload.copilot_event_name) || text(payload.hook_event_name);
  if (/failure/i.test(raw)) return true;
  const result = payload.tool_response;
  if (isObject(result)) {
    if (result.resultType === "failure" || result.success === false || result.is_error === true) return true;
  }
  return false;
}

function onPostToolUse(ctx: HandlerContext): Outcome {
  const call = toolCallsOf(ctx.payload)[0];
  if (call) appendAudit(ctx.policy, [{ ...auditBase(ctx), tool: call.tool_name, outcome: failed(ctx.payload) ? "failure" : "success" }]);
  return { context: [] };
}

function onNotification(ctx: HandlerContext): Outcome {
  const kind = text(ctx.payload.type) || text(ctx.payload.notification_type) || text(ctx.payload.copilot_event_name) || "notification";
  const record: AuditRecord = { ...auditBase(ctx), outcome: kind };
  const turn = text(ctx.payload["turn-id"]) || text(ctx.payload.turn_id);
  if (turn) record.turn = turn;
  appendAudit(ctx.policy, [record]);
  return { context: [] };
}

const nothing: Handler = () => ({ context: [] });

/** The handler of each dispatch event. */
export const HANDLERS: Readonly<Record<DispatchEvent, Handler>> = {
  SessionStart: onSessionStart,
  SessionEnd: nothing,
  UserPromptSubmit: onUserPrompt,
  PreToolUse: onToolPermission,
  PermissionRequest: onToolPermission,
  PostToolUse: onPostToolUse,
  Stop: nothing,
  SubagentStart: nothing,
  SubagentStop: nothing,
  Notification: onNotification,
  PreCompact: nothing,
};

/**
 * The event's outcome, with the session-start context moved where the client's `sessionContextAt`
 * says: SessionStart prints nothing, and the first run of that event in the session carries it
 * ahead of the event's own context. SessionEnd forgets the session (its marker, its shells' unfinished lines).
 */
function withSessionContext(ctx: HandlerContext, hookEventName: string, home: string): Outcome {
  if (ctx.event === "SessionEnd") endSession(home, ctx.target, ctx.payload.session_id);
  const at = ctx.client.sessionContextAt;
  if (at === undefined) return HANDLERS[ctx.event](ctx);
  if (ctx.event === "SessionStart") return { context: [] };
  const outcome = HANDLERS[ctx.event](ctx);
  if (hookEventName !== at || !firstInSession(home, ctx.target, ctx.payload.session_id)) return outcome;
  return { ...outcome, context: [...onSessionStart(ctx).context, ...outcome.context] };
}

/**
 * A Stop or SubagentStop block is dropped when the client says a stop hook already forced this
 * continuation (`stop_hook_active`): Codex has no loop cap, so the runtime must break the loop.
 */
export function applyStopLoopGuard(event: DispatchEvent, payload: Payload, outcome: Outcome): Outcome {
  if ((event === "Stop" || event === "SubagentStop") && outcome.block !== undefined && (payload.stop_hook_active === true || payload.stopHookActive === true)) {
    return { context: outcome.context };
  }
  return outcome;
}

/** The JSON argument of a Codex `notify` call (`runtime.cjs notify '<json>'`, or the JSON alone). */
export function notifyArgument(argv: readonly string[]): string | undefined {
  if (argv[0] === "notify") return argv[1] ?? "";
  if (argv.length === 1 && (argv[0] as string).trimStart().startsWith("{")) return argv[0];
  return undefined;
}

const EMPTY: Reply = { stdout: "", stderr: "", exitCode: 0 };

function withWarnings(reply: Reply, warnings: readonly string[]): Reply {
  if (warnings.length === 0) return reply;
  return { ...reply, stderr: reply.stderr + warnings.map((w) => `${w}\n`).join("") };
}

/** Deny on doubt: the reply to a tool event whose payload cannot be read. */
function unreadableToolCall(client: Client, event: DispatchEvent | undefined): Reply {
  const dispatch = event === "PermissionRequest" ? "PermissionRequest" : "PreToolUse";
  const reason =
    "BLOCKED: agentihooks could not read this tool call's payload, so it cannot check it; the call is denied rather than let through unchecked. Retry the call.";
  return renderReplyWith(client, dispatch, dispatch, { block: reason, context: [] });
}

/** Stdin that is not a JSON object: denied when it names a tool event (or Copilot's wrapper does), else let through. */
function garbledReply(client: Client, stdin: string, fallbackEvent: string): Reply {
  const named = toolEventNamedIn(stdin);
  const fromEnv = dispatchEventFor(fallbackEvent);
  if (named === undefined && !isToolPermissionEvent(fromEnv)) return EMPTY;
  return unreadableToolCall(client, named ?? fromEnv);
}

/**
 * `AGENTIHOOKS_TARGET` names no client: nothing can be read or answered in that client's shape, so
 * the call is refused the one way every client honours (exit 2, reason on stderr) unless its payload
 * or arguments name an event that decides no tool call; then it is let through with the error on
 * stderr. Never run as another client: its payload and reply shapes would be misread.
 */
function clientIdList(): string {
  return clientIds().join(", ");
}

function unknownTargetReply(target: string, request: HookRequest): Reply {
  const problem = `agentihooks: AGENTIHOOKS_TARGET '${target}' names no client this runtime knows (${clientIdList()}); nothing was checked.`;
  let named: DispatchEvent | undefined;
  try {
    const parsed: unknown = JSON.parse(request.stdin);
    if (isObject(parsed)) named = dispatchEventFor(text(parsed.hook_event_name) || text(parsed.hookEventName));
  } catch {
    named = undefined;
  }
  named ??= request.argv.map((a) => dispatchEventFor(a)).find((e) => e !== undefined);
  if (named !== undefined && !isToolPermissionEvent(named)) return { stdout: "", stderr: `${problem}\n`, exitCode: 0 };
  return {
    stdout: "",
    stderr: `BLOCKED: ${problem} The call is denied rather than let through unchecked. Fix the hook wrapper (agentihooks apply rewrites it).\n`,
    exitCode: 2,
  };
}

/** Runs one hook invocation and returns what to print and the exit code. Never throws. */
export function runHook(request: HookRequest): Reply {
  const { env } = request;
  const target = runtimeTarget(env);
  const client = findClient(target);
  if (client === undefined) return unknownTargetReply(target, request);
  const now = request.now ?? (() => new Date());
  const home = agentihooksHome(env);

  const notify = notifyArgument(request.argv);
  if (notify !== undefined) {
    let payload: unknown;
    try {
      payload = JSON.parse(notify);
    } catch {
      return EMPTY;
    }
    if (!isObject(payload)) return EMPTY;
    const ctx: HandlerContext = {
      target: target as PolicyTarget,
      client,
      event: "Notification",
      payload,
      raw: payload,
      policy: readPolicy(home, target as PolicyTarget),
      env,
      cwd: text(payload.cwd) || request.cwd,
      now,
      warnings: [],
    };
    onNotification(ctx);
    return EMPTY;
  }

  const argvEvent = request.argv.find((a) => dispatchEventFor(a) !== undefined) ?? "";
  // The event variable (Copilot's AGENTIHOOKS_COPILOT_EVENT) can leak into a nested hook of
  // another client: only the client whose contract names it reads it.
  const variable = client.contract.eventVariable;
  const fallbackEvent = (variable ? (env[variable] ?? "").trim() : "") || argvEvent;

  let parsed: unknown;
  try {
    parsed = request.stdin.trim() ? JSON.parse(request.stdin) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!isObject(parsed)) return garbledReply(client, request.stdin, fallbackEvent);
  // Two values for one key: the client may act on the one the runtime would not read.
  if (hasDuplicateKeys(request.stdin)) {
    const named = dispatchEventFor(text(parsed.hookEventName) || text(parsed.hook_event_name) || fallbackEvent);
    if (isToolPermissionEvent(named) || looksLikeToolCall(parsed)) return unreadableToolCall(client, named);
  }

  let payload: Payload;
  let event: DispatchEvent | undefined;
  let hookEventName: string;
  try {
    payload = client.normalize(parsed, fallbackEvent, env);
    hookEventName = text(payload.hook_event_name) || fallbackEvent;
    event = dispatchEventFor(hookEventName);
  } catch {
    // Normalisation is total over objects; reaching this is a bug. Deny if the call may be a tool call.
    const named = dispatchEventFor(text(parsed.hookEventName) || text(parsed.hook_event_name) || fallbackEvent);
    return isToolPermissionEvent(named) ? unreadableToolCall(client, named) : EMPTY;
  }
  if (event === undefined) {
    // A call's shape without a known event: a pre-tool payload this runtime cannot place. Deny.
    if (looksLikeToolCall(payload)) return unreadableToolCall(client, undefined);
    const name = hookEventName || "(none)";
    return { stdout: "", stderr: `agentihooks: unknown hook event '${name}'; nothing was checked.\n`, exitCode: 0 };
  }

  const policy = readPolicy(home, target as PolicyTarget);
  const ctx: HandlerContext = {
    target: target as PolicyTarget,
    client,
    event,
    payload,
    raw: parsed,
    policy,
    env,
    cwd: text(payload.cwd) || request.cwd,
    now,
    warnings: [],
  };
  // Home and repo together: the home hook stands aside for a running, at least as strict repo hook.
  const handover = {
    target: ctx.target,
    policy,
    home,
    env,
    sessionId: payload.session_id,
    key: handledKey(event, toolCallsOf(payload)[0]?.tool_name),
    cwd: ctx.cwd,
    now: now(),
    runtimeFile: request.runtimeFile ?? process.argv[1],
  };
  if (handsOver(handover)) return EMPTY;
  let outcome: Outcome;
  try {
    outcome = applyStopLoopGuard(event, payload, withSessionContext(ctx, hookEventName, home));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isToolPermissionEvent(event)) {
      outcome = {
        block: `BLOCKED: agentihooks failed while checking this call (${message}); the call is denied rather than let through unchecked. Retry; if this repeats, report it.`,
        context: [],
      };
    } else {
      return { stdout: "", stderr: `agentihooks: ${event} handler failed (${message}); continuing without it.\n`, exitCode: 0 };
    }
  }
  recordClaim({ ...handover, event });
  return withWarnings(renderReplyWith(client, event, hookEventName, outcome), ctx.warnings);
}

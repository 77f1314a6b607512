/**
 * What a client is to the hook runtime: its contract (the wire facts it shares with the compiler)
 * and the few functions that differ per client. runtime/run-hook.ts reads payloads and writes
 * replies only through a `Client`; it never branches on a target's id.
 */
import { join } from "node:path";
import { type ClientContract, RUNTIME_EVENTS, type RuntimeEvent } from "../../compiler/targets/contract";
import type { ReplyShape } from "../envelope";
import { homeDirectory } from "../node-builtins";
import type { Payload } from "../normalize";

/** One client in the runtime. */
export interface Client extends ReplyShape {
  contract: ClientContract;
  /**
   * The payload in the runtime's vocabulary (snake_case keys, runtime event names in
   * `hook_event_name`, Claude tool and argument names). `fallbackEvent` is the event named outside
   * the payload (the contract's `eventVariable`, else an argument). Never mutates `payload`.
   */
  normalize(payload: Payload, fallbackEvent: string, env: NodeJS.ProcessEnv): Payload;
  /** Work at session start before its context is gathered (Codex links the project's skills). */
  onSessionStart?(cwd: string, env: NodeJS.ProcessEnv): void;
  /**
   * The wire event whose first run in a session carries the session-start context instead of
   * SessionStart (which then prints nothing), for a client where context at SessionStart does harm.
   */
  sessionContextAt?: string;
}

/** The client's configuration home: the contract's variable (trimmed) when set, else `~/<dir>` (`$VAR/<dir>` when the variable holds a home). */
export function clientHome(contract: ClientContract, env: NodeJS.ProcessEnv): string {
  const value = env[contract.home.variable]?.trim();
  if (contract.home.variableHolds === "home") return join(value || homeDirectory(env), contract.home.dir);
  return value || join(homeDirectory(env), contract.home.dir);
}

const RUNTIME_EVENT_SET: ReadonlySet<string> = new Set(RUNTIME_EVENTS);

/** The runtime event a wire name runs under this contract (a runtime name maps to itself), or undefined. */
export function wireEvent(contract: ClientContract, raw: string): RuntimeEvent | undefined {
  if (Object.prototype.hasOwnProperty.call(contract.events, raw)) return contract.events[raw];
  return RUNTIME_EVENT_SET.has(raw) ? (raw as RuntimeEvent) : undefined;
}

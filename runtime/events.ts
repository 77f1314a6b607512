/**
 * The one event vocabulary the runtime dispatches on, and the lookup of every wire name a client's
 * contract maps onto it (compiler/targets/<id>/contract.ts, `events`). An unmapped name reaches no
 * handler: that is a silent bypass of every guardrail, so every registered spelling must be mapped
 * by its contract (tests/runtime/normalize.test.ts checks it).
 */
import { RUNTIME_EVENTS, type RuntimeEvent } from "../compiler/targets/contract";
import { knownWireNames, runtimeEventFor } from "./clients/registry";

/** The events the runtime has a handler for. */
export const DISPATCH_EVENTS = RUNTIME_EVENTS;

/** A dispatch event name. */
export type DispatchEvent = RuntimeEvent;

/**
 * The dispatch event for a raw event name from any client, or undefined when the name is unknown
 * (Copilot's `postResult` and `prePRDescription` are deliberately unmapped: no handler fits them).
 */
export function dispatchEventFor(raw: string): DispatchEvent | undefined {
  return runtimeEventFor(raw);
}

/** Every raw spelling the contracts know (aliases and dispatch names), sorted: for tests and docs. */
export function knownEventSpellings(): string[] {
  return knownWireNames();
}

/** True for the events that decide whether a tool runs: a doubt there must deny, not allow. */
export function isToolPermissionEvent(event: DispatchEvent | undefined): boolean {
  return event === "PreToolUse" || event === "PermissionRequest";
}

// A JSON string value (after a colon) in garbled stdin; its name is looked up in the contracts.
const NAMED_VALUE = /:\s*"([A-Za-z]+)"/g;

/**
 * Deny-on-doubt probe for stdin that is not a JSON object: the tool-permission event its first 512
 * characters name as a value (`"hookEventName": "preToolUse"` and the like), or undefined.
 */
export function toolEventNamedIn(raw: string): DispatchEvent | undefined {
  for (const match of raw.slice(0, 512).matchAll(NAMED_VALUE)) {
    const event = dispatchEventFor(match[1] as string);
    if (isToolPermissionEvent(event)) return event;
  }
  return undefined;
}

/** True when garbled stdin names a tool-permission event in its first 512 characters. */
export function garbledNamesToolEvent(raw: string): boolean {
  return toolEventNamedIn(raw) !== undefined;
}

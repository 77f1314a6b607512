/**
 * The clients the hook runtime serves, by target id. Adding a target adds its client module
 * (runtime/clients/<id>.ts) and its id in compiler/targets/ids.ts: the table of modules is generated
 * from the ids (./registry.generated.ts, `npm run schemas:types`), so this file never changes for a
 * target (docs/architecture.md, "Add a target"). An id that is not here is no client at all:
 * run-hook.ts refuses it (deny on pre-tool events), never runs it as another client.
 */
import { TARGET_IDS } from "../../compiler/targets/ids";
import { RUNTIME_EVENTS, type RuntimeEvent } from "../../compiler/targets/contract";
import { type Outcome, type Reply, renderReplyWith } from "../envelope";
import type { Payload } from "../normalize";
import type { Client } from "./client";
import { BUILT_IN } from "./registry.generated";

const clients: ReadonlyMap<string, Client> = new Map(TARGET_IDS.map((id) => [id, BUILT_IN[id]]));
const eventTable = buildEventTable();

function buildEventTable(): Map<string, RuntimeEvent> {
  const table = new Map<string, RuntimeEvent>();
  for (const name of RUNTIME_EVENTS) table.set(name, name);
  for (const client of clients.values()) for (const [wire, event] of Object.entries(client.contract.events)) if (!table.has(wire)) table.set(wire, event);
  return table;
}

/** The client of target `id`, or undefined when no client has that id. */
export function findClient(id: string): Client | undefined {
  return clients.get(id);
}

/** The ids of every client, in registry order. */
export function clientIds(): string[] {
  return [...clients.keys()];
}

/** The runtime event for a wire name any client sends, or undefined when no contract maps it. */
export function runtimeEventFor(raw: string): RuntimeEvent | undefined {
  return eventTable.get(raw);
}

/** Every wire name some contract maps (and every runtime name), sorted: for tests and docs. */
export function knownWireNames(): string[] {
  return [...eventTable.keys()].sort();
}

/**
 * The target id this call runs for: `AGENTIHOOKS_TARGET` trimmed and lower-cased; unset or empty
 * means `claude` (the documented default of `agentihooks hook`). The id may name no client.
 */
export function runtimeTarget(env: NodeJS.ProcessEnv): string {
  const raw = (env.AGENTIHOOKS_TARGET ?? "").trim().toLowerCase();
  return raw === "" ? "claude" : raw;
}

/** `target`'s payload in the runtime's vocabulary (tests; run-hook.ts calls the client directly). Throws for an unknown target. */
export function normalizePayload(payload: Payload, target: string, fallbackEvent: string, env: NodeJS.ProcessEnv): Payload {
  return known(target).normalize(payload, fallbackEvent, env);
}

/** `target`'s reply for `outcome` (see envelope.ts `renderReplyWith`). Throws for an unknown target. */
export function renderReply(target: string, event: RuntimeEvent, hookEventName: string, outcome: Outcome): Reply {
  return renderReplyWith(known(target), event, hookEventName, outcome);
}

function known(target: string): Client {
  const client = clients.get(target);
  if (!client) throw new Error(`no client '${target}'`);
  return client;
}

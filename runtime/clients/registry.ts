/**
 * The clients the hook runtime serves, by target id. Adding a target adds one line here (and its
 * id in compiler/targets/ids.ts, which types this table): docs/architecture.md, "Add a target".
 * An id that is not here is no client at all: run-hook.ts refuses it (deny on pre-tool events),
 * never runs it as another client.
 */
import { TARGET_IDS, type TargetId } from "../../compiler/targets/ids";
import { RUNTIME_EVENTS, type RuntimeEvent } from "../../compiler/targets/contract";
import { type Outcome, type Reply, renderReplyWith } from "../envelope";
import type { Payload } from "../normalize";
import { claudeClient } from "./claude";
import type { Client } from "./client";
import { codexClient } from "./codex";
import { copilotClient } from "./copilot";
import { geminiClient } from "./gemini";

const BUILT_IN: { readonly [Id in TargetId]: Client } = { copilot: copilotClient, claude: claudeClient, codex: codexClient, gemini: geminiClient };

const clients = new Map<string, Client>(TARGET_IDS.map((id) => [id, BUILT_IN[id]]));
let eventTable = buildEventTable();

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

/** The ids of every client, built-in first. */
export function clientIds(): string[] {
  return [...clients.keys()];
}

/**
 * Adds a client at run time, after the built-in ones: how a test exercises the "add a target"
 * steps with a fixture client. Throws on a duplicate id.
 */
export function registerClient(client: Client): void {
  if (clients.has(client.contract.id)) throw new Error(`client '${client.contract.id}' is already registered`);
  clients.set(client.contract.id, client);
  eventTable = buildEventTable();
}

/** Removes a client `registerClient` added (tests clean up after themselves). */
export function unregisterClient(id: string): void {
  if ((TARGET_IDS as readonly string[]).includes(id)) throw new Error(`client '${id}' is built in`);
  clients.delete(id);
  eventTable = buildEventTable();
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

/**
 * `read_broadcasts` and `send_broadcast`: the broadcast channels (docs/broadcasts.md) seen from an
 * agent. Reading lists the live messages of the channels this client's sessions listen to (or of
 * one channel asked for); sending goes through the same store and the same checks as
 * `agentihooks broadcast send`, so a message with a credential is refused by the store itself.
 */
import { subscribedChannels } from "../../runtime/broadcast-delivery";
import { BroadcastError, broadcastStoreDir, listBroadcasts, parseExpiry, sendBroadcast, type Broadcast } from "../../runtime/broadcasts";
import { readPolicy } from "../../runtime/policy";
import type { ServerContext } from "../context";

/** What `read_broadcasts` answers. */
export interface BroadcastsAnswer {
  /** The channels read: the session's subscription, or the one channel asked for. */
  channels: string[];
  messages: Broadcast[];
  summary: string;
}

/** What `send_broadcast` answers: the stored message, or why the store refused it. */
export type SendAnswer = { sent: Broadcast; summary: string } | { refused: string; code: string; summary: string };

/** The store this client's broadcasts live in, and the channels its sessions listen to. */
function storeAndChannels(ctx: ServerContext): { store: string; channels: string[] } {
  const policy = readPolicy(ctx.home, ctx.target);
  const env = { ...ctx.env, AGENTIHOOKS_HOME: ctx.home };
  return { store: broadcastStoreDir(env, policy.broadcastDir), channels: subscribedChannels(env, policy) };
}

/** The live messages of `query.channel`, else of every subscribed channel, oldest first. */
export function broadcastsAnswer(ctx: ServerContext, query: { channel?: string | undefined }): BroadcastsAnswer {
  const { store, channels: subscribed } = storeAndChannels(ctx);
  const channels = query.channel !== undefined ? [query.channel.trim().toLowerCase()] : subscribed;
  const messages = channels.length === 0 ? [] : listBroadcasts(store, { channels, now: ctx.now() });
  const where = channels.length === 0 ? "no channel (this client's sessions listen to none)" : channels.join(", ");
  return { channels, messages, summary: `${messages.length} live broadcast${messages.length === 1 ? "" : "s"} on ${where}.` };
}

/** Stores a message from this client's agent, or says why the store refused it. */
export function sendAnswer(ctx: ServerContext, draft: { channel: string; text: string; expires?: string | undefined }): SendAnswer {
  const { store } = storeAndChannels(ctx);
  const now = ctx.now();
  try {
    const expiresAt = draft.expires === undefined ? undefined : parseExpiry(draft.expires, now);
    const sent = sendBroadcast(store, { channel: draft.channel, text: draft.text, from: `agent:${ctx.target}`, ...(expiresAt ? { expiresAt } : {}) }, now);
    return {
      sent,
      summary: `Sent to channel ${sent.channel}${sent.expiresAt ? ` until ${sent.expiresAt}` : ""}: every session subscribed to it gets it once, at its start or with its next prompt.`,
    };
  } catch (error) {
    if (error instanceof BroadcastError) return { refused: error.message, code: error.code, summary: `Not sent: ${error.message}` };
    throw error;
  }
}

/**
 * The broadcast store (docs/broadcasts.md): messages for every agent session subscribed to a
 * channel. One JSON file per message, `<store>/<channel>/<id>.json`, written to a dot-named temporary
 * file and renamed into place, so concurrent senders (several machines on one file share included)
 * never see or leave a half-written message and never need a lock. Readers skip anything that is not
 * a whole, valid message. Used by `agentihooks broadcast`, the agentihooks MCP server and the hook
 * runtime's delivery (runtime/broadcast-delivery.ts). Node builtins only: the runtime bundles it.
 */
import { join } from "node:path";
import { TARGET_IDS } from "../compiler/targets/ids";
import { fs } from "./node-builtins";
import { agentihooksHome, policyPath } from "./policy";
import { readRegularFile } from "./read-regular-file";
import { scanSecrets } from "./secrets";

const { mkdirSync, readdirSync, renameSync, unlinkSync, writeFileSync } = fs;

/** One message as stored. */
export interface Broadcast {
  /** Unique, and sorts in sending order: `<UTC yyyymmddThhmmssSSS>Z-<12 hex>`. */
  id: string;
  channel: string;
  text: string;
  /** ISO 8601 UTC. */
  sentAt: string;
  /** ISO 8601 UTC; from then on the message is neither listed nor delivered. */
  expiresAt?: string;
  /** Who sent it, when the sender said (`user@host`, an agent's session). */
  from?: string;
}

/** What `sendBroadcast` takes. */
export interface BroadcastDraft {
  channel: string;
  text: string;
  expiresAt?: Date;
  from?: string;
}

/** A message the store refuses, with a reason meant for the sender (`code` for scripts). */
export class BroadcastError extends Error {
  constructor(
    readonly code: "bad-channel" | "empty-text" | "text-too-long" | "secret" | "bad-expiry" | "bad-from" | "write-failed",
    message: string,
  ) {
    super(message);
    this.name = "BroadcastError";
  }
}

/** A channel name: a letter or digit, then up to 63 letters, digits, `.`, `_` or `-`; stored lower-case. */
export const CHANNEL_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;
/** The longest message text, in UTF-16 units: a broadcast is a note, not a document. */
export const MAX_TEXT = 4000;
const MAX_FROM = 200;
// A message file is its text plus a few hundred bytes of JSON; anything larger is not one we wrote.
const MAX_FILE_BYTES = 64 * 1024;
/** The variable naming a store directory, over everything else. */
export const STORE_VARIABLE = "AGENTIHOOKS_BROADCAST_DIR";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The channel name as stored (trimmed, lower-case), or undefined when it is not one. */
export function normalizeChannel(raw: string): string | undefined {
  const name = raw.trim().toLowerCase();
  return CHANNEL_PATTERN.test(name) ? name : undefined;
}

/**
 * A comma- or whitespace-separated channel list as a list of valid names, each once, in the order
 * given; names that are not channel names are dropped (`invalid` lists them).
 */
export function parseChannelList(raw: string): { channels: string[]; invalid: string[] } {
  const channels = new Set<string>();
  const invalid: string[] = [];
  for (const part of raw.split(/[\s,]+/)) {
    if (!part) continue;
    const name = normalizeChannel(part);
    if (name) channels.add(name);
    else invalid.push(part);
  }
  return { channels: [...channels], invalid };
}

/**
 * The store directory: `AGENTIHOOKS_BROADCAST_DIR` when set, else the `broadcastDir` the installed
 * policies carry (apply writes the project config's `broadcastDir` into every target's policy; the
 * first target in id order that has one wins), else `<agentihooks home>/broadcasts`. `policyDir`,
 * when the caller already read its policy, is used instead of reading the policy files.
 */
export function broadcastStoreDir(env: NodeJS.ProcessEnv, policyDir?: string): string {
  const fromEnv = env[STORE_VARIABLE]?.trim();
  if (fromEnv) return fromEnv;
  if (policyDir) return policyDir;
  const home = agentihooksHome(env);
  for (const target of TARGET_IDS) {
    const text = readRegularFile(policyPath(home, target), 256 * 1024);
    if (text === undefined) continue;
    try {
      const policy: unknown = JSON.parse(text);
      if (isObject(policy) && typeof policy.broadcastDir === "string" && policy.broadcastDir) return policy.broadcastDir;
    } catch {
      // A broken policy names no store.
    }
  }
  return join(home, "broadcasts");
}

function compactTime(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, "");
}

function randomHex(length: number): string {
  let out = "";
  while (out.length < length)
    out += Math.floor(Math.random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, "0");
  return out.slice(0, length);
}

const ID_PATTERN = /^[0-9]{8}T[0-9]{9}Z-[0-9a-f]{12}$/;

/**
 * Checks a draft: a channel name, non-empty text of at most `MAX_TEXT` units without a
 * credential-shaped literal (the runtime's scanner, strict set: a broadcast reaches every subscribed
 * session and sits in a shared directory), an expiry after `now`. Throws `BroadcastError`.
 */
export function validateDraft(draft: BroadcastDraft, now: Date): { channel: string; text: string } {
  const channel = normalizeChannel(draft.channel);
  if (!channel) {
    throw new BroadcastError(
      "bad-channel",
      `'${draft.channel}' is not a channel name: use a letter or digit, then up to 63 letters, digits, '.', '_' or '-' (e.g. brain, ops-eu).`,
    );
  }
  const text = draft.text.trim();
  if (!text) throw new BroadcastError("empty-text", "The message is empty: give the text to send.");
  if (text.length > MAX_TEXT)
    throw new BroadcastError(
      "text-too-long",
      `The message has ${text.length} characters; the limit is ${MAX_TEXT}. Send a shorter note (link to a document for the rest).`,
    );
  const secrets = scanSecrets(text, "strict");
  if (secrets.length > 0) {
    throw new BroadcastError(
      "secret",
      `The message holds what looks like a credential (${secrets.join(", ")}), and a broadcast reaches every subscribed session: remove it and send again. Refer to a secret by where it is kept, never by value.`,
    );
  }
  if (draft.from !== undefined && (draft.from.length > MAX_FROM || /[\u0000-\u001f]/.test(draft.from) || scanSecrets(draft.from, "strict").length > 0)) {
    throw new BroadcastError("bad-from", `The sender name must be at most ${MAX_FROM} printable characters without a credential.`);
  }
  if (draft.expiresAt !== undefined && !(draft.expiresAt.getTime() > now.getTime())) {
    throw new BroadcastError(
      "bad-expiry",
      `The expiry ${Number.isNaN(draft.expiresAt.getTime()) ? "is not a date" : `${draft.expiresAt.toISOString()} is not in the future`}.`,
    );
  }
  return { channel, text };
}

/**
 * Stores one message in `storeDir` and returns it. Atomic: the file appears whole or not at all
 * (temporary file in the channel directory, then rename). Throws `BroadcastError` when the draft is
 * refused (see `validateDraft`) or the store cannot be written (`write-failed`, naming the path).
 */
export function sendBroadcast(storeDir: string, draft: BroadcastDraft, now: Date = new Date()): Broadcast {
  const { channel, text } = validateDraft(draft, now);
  const message: Broadcast = { id: `${compactTime(now)}-${randomHex(12)}`, channel, text, sentAt: now.toISOString() };
  if (draft.expiresAt) message.expiresAt = draft.expiresAt.toISOString();
  if (draft.from) message.from = draft.from;
  const dir = join(storeDir, channel);
  const final = join(dir, `${message.id}.json`);
  const temporary = join(dir, `.${message.id}.tmp`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    writeFileSync(temporary, `${JSON.stringify({ version: 1, ...message })}\n`, { mode: 0o644, flag: "wx" });
    renameSync(temporary, final);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // Never created, or already renamed.
    }
    throw new BroadcastError("write-failed", `Cannot write the message to ${final}: ${(error as Error).message}. Check that the broadcast store is writable.`);
  }
  return message;
}

/** The message in a stored file's text, or undefined when it is not a whole, valid one. */
export function parseBroadcast(text: string, channel: string, id: string): Broadcast | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(raw) || raw.version !== 1 || raw.id !== id || raw.channel !== channel) return undefined;
  if (typeof raw.text !== "string" || !raw.text || raw.text.length > MAX_TEXT) return undefined;
  if (typeof raw.sentAt !== "string" || Number.isNaN(Date.parse(raw.sentAt))) return undefined;
  const message: Broadcast = { id, channel, text: raw.text, sentAt: raw.sentAt };
  if (raw.expiresAt !== undefined) {
    if (typeof raw.expiresAt !== "string" || Number.isNaN(Date.parse(raw.expiresAt))) return undefined;
    message.expiresAt = raw.expiresAt;
  }
  if (typeof raw.from === "string" && raw.from.length <= MAX_FROM) message.from = raw.from;
  return message;
}

/** True when `message` has expired at `now`. */
export function isExpired(message: Broadcast, now: Date): boolean {
  return message.expiresAt !== undefined && Date.parse(message.expiresAt) <= now.getTime();
}

function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The channels that have a directory in the store, sorted. */
export function storedChannels(storeDir: string): string[] {
  return namesIn(storeDir)
    .filter((name) => CHANNEL_PATTERN.test(name))
    .sort();
}

/** What `listBroadcasts` and `clearBroadcasts` select. */
export interface BroadcastQuery {
  /** Only these channels (names are normalised; invalid ones select nothing); default every channel. */
  channels?: readonly string[];
  /** Include expired messages (listing them, or clearing only them with `clearBroadcasts`). */
  includeExpired?: boolean;
  now?: Date;
}

/**
 * The messages in `storeDir`, oldest first (by id, which sorts by sending time). Expired messages
 * are left out unless `includeExpired`. Files that are not whole, valid messages (a temporary file,
 * something planted) are skipped. Never throws: a missing store has no messages.
 */
export function listBroadcasts(storeDir: string, query: BroadcastQuery = {}): Broadcast[] {
  const now = query.now ?? new Date();
  const channels = query.channels ? [...new Set(query.channels.map(normalizeChannel).filter((c): c is string => c !== undefined))] : storedChannels(storeDir);
  const out: Broadcast[] = [];
  for (const channel of channels) {
    const dir = join(storeDir, channel);
    for (const name of namesIn(dir)) {
      if (!name.endsWith(".json")) continue;
      const id = name.slice(0, -5);
      if (!ID_PATTERN.test(id)) continue;
      const text = readRegularFile(join(dir, name), MAX_FILE_BYTES);
      const message = text === undefined ? undefined : parseBroadcast(text, channel, id);
      if (message && (query.includeExpired || !isExpired(message, now))) out.push(message);
    }
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** What `clearBroadcasts` takes: a query, or one message by id. */
export interface ClearQuery extends BroadcastQuery {
  /** Remove this message only. */
  id?: string;
  /** Remove only the expired messages (`includeExpired` is implied). */
  expiredOnly?: boolean;
}

/**
 * Removes the selected messages (every message of the selected channels, live and expired, unless
 * `expiredOnly` or `id` narrows it) and returns them. A message another process removed first is not
 * counted. Directories stay: removing one could race a sender creating its message in it.
 */
export function clearBroadcasts(storeDir: string, query: ClearQuery = {}): Broadcast[] {
  const now = query.now ?? new Date();
  const removed: Broadcast[] = [];
  for (const message of listBroadcasts(storeDir, { ...query, includeExpired: true, now })) {
    if (query.id !== undefined && message.id !== query.id) continue;
    if (query.expiredOnly && !isExpired(message, now)) continue;
    try {
      unlinkSync(join(storeDir, message.channel, `${message.id}.json`));
      removed.push(message);
    } catch {
      // Gone already (another clear), or not ours to remove.
    }
  }
  return removed;
}

/**
 * The messages of `channels` live at `now` whose ids are not in `seen`, oldest first: what a session
 * that has been shown `seen` has not read yet.
 */
export function unseenBroadcasts(storeDir: string, channels: readonly string[], seen: ReadonlySet<string>, now: Date = new Date()): Broadcast[] {
  if (channels.length === 0) return [];
  return listBroadcasts(storeDir, { channels, now }).filter((m) => !seen.has(m.id));
}

const DURATION = /^([0-9]{1,6})\s*(m|min|h|d|w)$/i;
const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * An expiry as the CLI and the MCP server accept it: a duration from `now` (`30m`, `2h`, `7d`, `1w`)
 * or an ISO 8601 date-time with a zone (`2026-12-24T18:00:00Z`). Throws `BroadcastError` (`bad-expiry`).
 */
export function parseExpiry(value: string, now: Date): Date {
  const trimmed = value.trim();
  const duration = DURATION.exec(trimmed);
  if (duration) {
    const amount = Number(duration[1]);
    if (amount > 0) return new Date(now.getTime() + amount * (UNIT_MS[(duration[2] as string).toLowerCase()] as number));
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(trimmed)) {
    const date = new Date(trimmed);
    if (!Number.isNaN(date.getTime())) {
      if (date.getTime() > now.getTime()) return date;
      throw new BroadcastError("bad-expiry", `The expiry ${date.toISOString()} is not in the future.`);
    }
  }
  throw new BroadcastError(
    "bad-expiry",
    `'${value}' is not an expiry: give a duration (30m, 2h, 7d, 1w) or an ISO date-time with a zone (2026-12-24T18:00:00Z).`,
  );
}

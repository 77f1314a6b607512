/**
 * `agentihooks broadcast send|list|clear`: messages to every agent session subscribed to a channel
 * (docs/broadcasts.md). The store is runtime/broadcasts.ts, shared with the hook runtime (which
 * delivers the messages) and the agentihooks MCP server.
 */
import { userInfo, hostname } from "node:os";
import { diagnostic } from "../../compiler/messages";
import {
  type Broadcast,
  BroadcastError,
  broadcastStoreDir,
  clearBroadcasts,
  listBroadcasts,
  normalizeChannel,
  parseExpiry,
  sendBroadcast,
} from "../../runtime/broadcasts";
import { commonHelp, EXIT, parseCommand } from "./contract";

const help = `Usage: agentihooks broadcast send CHANNEL TEXT... [--expires WHEN] [--from NAME]
       agentihooks broadcast list [CHANNEL...] [--expired]
       agentihooks broadcast clear (CHANNEL... | --all) [--id ID] [--expired]

Sends a message to every agent session subscribed to CHANNEL: each session is given it once, as
context, at its start or with its next prompt. Sessions subscribe with AGENTIHOOKS_BASE_CHANNELS,
else with the profile's channels (docs/broadcasts.md).

The store is AGENTIHOOKS_BROADCAST_DIR, else the broadcastDir of the project config that was applied
(a shared folder, so every machine on it sees the same messages), else ~/.agentihooks/broadcasts.

Options:
  --expires WHEN            send: stop delivering after a duration (30m, 2h, 7d, 1w) or an ISO
                            date-time with a zone (2026-12-24T18:00:00Z)
  --from NAME               send: the sender shown with the message (default user@host)
  --expired                 list: include expired messages; clear: remove only expired ones
  --id ID                   clear: remove this message only
  --all                     clear: every channel
  --dir DIR                 use this store instead
${commonHelp}

A message that holds something credential-shaped is refused: a broadcast reaches every subscribed
session. Exit codes: 0 done, 1 refused or bad options.
With --json the envelope's result is {action, store, message} (send), {action, store, messages}
(list) or {action, store, removed} (clear).
`;

/** The command's options (exported for shell completion). */
export const options = {
  expires: { type: "string" },
  from: { type: "string" },
  expired: { type: "boolean", default: false },
  id: { type: "string" },
  all: { type: "boolean", default: false },
  dir: { type: "string" },
} as const;

const AT = { file: "command line" };

function sender(): string {
  try {
    return `${userInfo().username}@${hostname()}`;
  } catch {
    return hostname();
  }
}

function describeMessage(m: Broadcast): string {
  const meta = [m.sentAt, m.from ? `from ${m.from}` : "", m.expiresAt ? `expires ${m.expiresAt}` : ""].filter(Boolean).join(", ");
  const text = m.text.replace(/\n/g, "\n    ");
  return `${m.id}  [${m.channel}]  ${meta}\n    ${text}\n`;
}

/** Runs `broadcast ACTION …`; exit 1 when the message is refused or the command line is wrong. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand({ name: "broadcast", help, options, positionals: true }, argv);
  if ("exit" in parsed) return parsed.exit;
  const { values, positionals, out } = parsed;
  const [action, ...rest] = positionals;
  const usageError = (reason: string): number => {
    out.report([diagnostic("AH5120", AT, { command: "broadcast", reason })]);
    return out.finish(EXIT.error);
  };
  const store = values.dir ?? broadcastStoreDir(process.env);
  const now = new Date();
  // An option of another action is a mistake worth naming, not something to ignore.
  const onlyFor = (allowed: string, flags: Record<string, boolean>): string | undefined => {
    const flag = Object.entries(flags).find(([, set]) => set)?.[0];
    return flag ? `${flag} is not an option of '${allowed}'` : undefined;
  };
  try {
    if (action === "send") {
      const misplaced = onlyFor("send", { "--expired": values.expired, "--id": values.id !== undefined, "--all": values.all });
      if (misplaced) return usageError(misplaced);
      const [channel, ...words] = rest;
      if (channel === undefined || words.length === 0)
        return usageError('send needs a channel and the text, e.g. agentihooks broadcast send brain "deploy freeze until 18:00"');
      const draft = {
        channel,
        text: words.join(" "),
        from: values.from ?? sender(),
        ...(values.expires !== undefined ? { expiresAt: parseExpiry(values.expires, now) } : {}),
      };
      const message = sendBroadcast(store, draft, now);
      out.say(`Sent to channel ${message.channel} (id ${message.id}${message.expiresAt ? `, expires ${message.expiresAt}` : ""}) in ${store}.\n`);
      return out.finish(EXIT.ok, { action, store, message });
    }
    const channels = rest.map((c) => ({ raw: c, name: normalizeChannel(c) }));
    const bad = channels.find((c) => c.name === undefined);
    if (bad) return usageError(`'${bad.raw}' is not a channel name (a letter or digit, then letters, digits, '.', '_' or '-')`);
    const selected = channels.length > 0 ? channels.map((c) => c.name as string) : undefined;
    if (action === "list") {
      const misplaced = onlyFor("list", {
        "--expires": values.expires !== undefined,
        "--from": values.from !== undefined,
        "--id": values.id !== undefined,
        "--all": values.all,
      });
      if (misplaced) return usageError(misplaced);
      const messages = listBroadcasts(store, { ...(selected ? { channels: selected } : {}), includeExpired: values.expired, now });
      out.say(messages.length === 0 ? `No broadcasts in ${store}.\n` : messages.map(describeMessage).join(""));
      return out.finish(EXIT.ok, { action, store, messages });
    }
    if (action === "clear") {
      const misplaced = onlyFor("clear", { "--expires": values.expires !== undefined, "--from": values.from !== undefined });
      if (misplaced) return usageError(misplaced);
      if (selected && values.all) return usageError("name channels or pass --all, not both");
      if (!selected && !values.all && values.id === undefined) return usageError("clear needs the channels to clear, --id ID, or --all for every channel");
      const removed = clearBroadcasts(store, {
        ...(selected ? { channels: selected } : {}),
        ...(values.id !== undefined ? { id: values.id } : {}),
        expiredOnly: values.expired,
        now,
      });
      out.say(`Removed ${removed.length} broadcast${removed.length === 1 ? "" : "s"} from ${store}.\n`);
      return out.finish(EXIT.ok, { action, store, removed });
    }
    return usageError(action === undefined ? "name an action: send, list or clear" : `'${action}' is not an action; use send, list or clear`);
  } catch (error) {
    if (!(error instanceof BroadcastError)) throw error;
    out.report([diagnostic("AH5130", AT, { reason: error.message })]);
    return out.finish(EXIT.error);
  }
}

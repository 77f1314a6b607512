/** The broadcast store (runtime/broadcasts.ts) and its delivery to sessions (runtime/broadcast-delivery.ts). */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deliverBroadcasts, pruneSeenFiles, renderBroadcasts, subscribedChannels } from "../../runtime/broadcast-delivery";
import {
  BroadcastError,
  broadcastStoreDir,
  clearBroadcasts,
  listBroadcasts,
  MAX_TEXT,
  parseChannelList,
  parseExpiry,
  sendBroadcast,
  unseenBroadcasts,
} from "../../runtime/broadcasts";
import { policyPath, renderPolicy } from "../../runtime/policy";
import { runHook } from "../../runtime/run-hook";
import { AWS_KEY, GITHUB_TOKEN, ROOT, tempDir } from "./helpers";

const T0 = new Date("2026-12-01T15:00:00.000Z");
const later = (ms: number): Date => new Date(T0.getTime() + ms);

function refused(fn: () => unknown): BroadcastError {
  try {
    fn();
  } catch (error) {
    if (error instanceof BroadcastError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("broadcast store", () => {
  it("stores one file per message under its channel, and lists them oldest first", () => {
    const store = tempDir();
    const a = sendBroadcast(store, { channel: " Brain ", text: "  deploy freeze until 18:00  ", from: "alice" }, T0);
    const b = sendBroadcast(store, { channel: "ops", text: "second" }, later(1000));
    expect(a.channel).toBe("brain");
    expect(a.text).toBe("deploy freeze until 18:00");
    expect(a.id).toMatch(/^20261201T150000000Z-[0-9a-f]{12}$/);
    expect(readdirSync(join(store, "brain"))).toEqual([`${a.id}.json`]);
    expect(JSON.parse(readFileSync(join(store, "brain", `${a.id}.json`), "utf8"))).toEqual({ version: 1, ...a });
    expect(listBroadcasts(store, { now: later(2000) })).toEqual([a, b]);
    expect(listBroadcasts(store, { channels: ["OPS"], now: later(2000) })).toEqual([b]);
    expect(listBroadcasts(join(store, "missing"))).toEqual([]);
  });

  it("refuses bad channels, empty or long text, credentials and past expiries, writing nothing", () => {
    const store = tempDir();
    expect(refused(() => sendBroadcast(store, { channel: "../etc", text: "x" }, T0)).code).toBe("bad-channel");
    expect(refused(() => sendBroadcast(store, { channel: "", text: "x" }, T0)).code).toBe("bad-channel");
    expect(refused(() => sendBroadcast(store, { channel: "a b", text: "x" }, T0)).code).toBe("bad-channel");
    expect(refused(() => sendBroadcast(store, { channel: "brain", text: "  \n " }, T0)).code).toBe("empty-text");
    expect(refused(() => sendBroadcast(store, { channel: "brain", text: "y".repeat(MAX_TEXT + 1) }, T0)).code).toBe("text-too-long");
    const secret = refused(() => sendBroadcast(store, { channel: "brain", text: `use ${GITHUB_TOKEN} for the release` }, T0));
    expect(secret.code).toBe("secret");
    expect(secret.message).toContain("github_token");
    expect(secret.message).not.toContain(GITHUB_TOKEN);
    expect(refused(() => sendBroadcast(store, { channel: "brain", text: `key=${AWS_KEY}` }, T0)).code).toBe("secret");
    expect(refused(() => sendBroadcast(store, { channel: "brain", text: "x", expiresAt: T0 }, T0)).code).toBe("bad-expiry");
    expect(refused(() => sendBroadcast(store, { channel: "brain", text: "x", from: "a\nb" }, T0)).code).toBe("bad-from");
    expect(existsSync(join(store, "brain"))).toBe(false);
  });

  it("leaves expired messages out of lists and delivery, and clears them on request", () => {
    const store = tempDir();
    const short = sendBroadcast(store, { channel: "brain", text: "soon gone", expiresAt: later(60_000) }, T0);
    const lasting = sendBroadcast(store, { channel: "brain", text: "stays" }, later(1));
    expect(listBroadcasts(store, { now: later(30_000) }).map((m) => m.text)).toEqual(["soon gone", "stays"]);
    expect(listBroadcasts(store, { now: later(60_000) }).map((m) => m.text)).toEqual(["stays"]);
    expect(listBroadcasts(store, { now: later(60_000), includeExpired: true })).toHaveLength(2);
    expect(clearBroadcasts(store, { expiredOnly: true, now: later(60_000) })).toEqual([short]);
    expect(clearBroadcasts(store, { id: "nope" })).toEqual([]);
    expect(clearBroadcasts(store, { channels: ["brain"] })).toEqual([lasting]);
    expect(listBroadcasts(store, { includeExpired: true })).toEqual([]);
  });

  it("skips what is not a whole message: temporaries, planted files, wrong ids, symlinked devices", () => {
    const store = tempDir();
    const ok = sendBroadcast(store, { channel: "brain", text: "real" }, T0);
    const dir = join(store, "brain");
    writeFileSync(join(dir, `.${ok.id.replace("0Z", "1Z")}.tmp`), "{");
    writeFileSync(join(dir, "20261201T150000000Z-aaaaaaaaaaaa.json"), '{"version":1,"id":"other"}');
    writeFileSync(join(dir, "20261201T150000000Z-bbbbbbbbbbbb.json"), "not json");
    writeFileSync(join(dir, "notes.json"), JSON.stringify({ version: 1 }));
    mkdirSync(join(store, "Not A Channel"));
    expect(listBroadcasts(store, { now: T0 })).toEqual([ok]);
  });

  it("keeps every message when many processes send at once", async () => {
    const store = tempDir();
    // Real processes, so the writes really race: the store bundled alone with esbuild.
    const { build } = await import("esbuild");
    const bundle = join(tempDir(), "store.mjs");
    await build({ entryPoints: [join(ROOT, "runtime", "broadcasts.ts")], bundle: true, platform: "node", format: "esm", outfile: bundle, logLevel: "silent" });
    const senders = Array.from(
      { length: 8 },
      (_, n) =>
        new Promise<number | null>((resolve) => {
          const child = spawn(process.execPath, [
            "--input-type=module",
            "-e",
            `const { sendBroadcast } = await import(${JSON.stringify(bundle)}); for (let i = 0; i < 25; i++) sendBroadcast(${JSON.stringify(store)}, { channel: "brain", text: "sender ${n} message " + i });`,
          ]);
          child.on("exit", resolve);
        }),
    );
    expect(await Promise.all(senders)).toEqual(Array(8).fill(0));
    const all = listBroadcasts(store);
    expect(all).toHaveLength(200);
    expect(new Set(all.map((m) => m.text)).size).toBe(200);
    expect(readdirSync(join(store, "brain")).filter((n) => !n.endsWith(".json"))).toEqual([]);
  });

  it("finds its directory: the variable, then the installed policies, then the home", () => {
    const home = tempDir();
    const ah = join(home, ".agentihooks");
    expect(broadcastStoreDir({ HOME: home })).toBe(join(ah, "broadcasts"));
    mkdirSync(ah);
    writeFileSync(policyPath(ah, "codex"), renderPolicy({}, "codex", ah, { broadcastDir: "/mnt/share/ah-broadcasts" }));
    expect(broadcastStoreDir({ HOME: home })).toBe("/mnt/share/ah-broadcasts");
    expect(broadcastStoreDir({ HOME: home }, "/from/policy")).toBe("/from/policy");
    expect(broadcastStoreDir({ HOME: home, AGENTIHOOKS_BROADCAST_DIR: " /x/y " }, "/from/policy")).toBe("/x/y");
  });

  it("parses expiries as durations or zoned ISO dates", () => {
    expect(parseExpiry("30m", T0).toISOString()).toBe("2026-12-01T15:30:00.000Z");
    expect(parseExpiry("2h", T0).toISOString()).toBe("2026-12-01T17:00:00.000Z");
    expect(parseExpiry("7d", T0).toISOString()).toBe("2026-12-08T15:00:00.000Z");
    expect(parseExpiry("1w", T0).toISOString()).toBe("2026-12-08T15:00:00.000Z");
    expect(parseExpiry("2026-12-24T18:00:00+01:00", T0).toISOString()).toBe("2026-12-24T17:00:00.000Z");
    for (const bad of ["0m", "soon", "2026-12-24", "2026-11-30T00:00:00Z", "-1h"]) expect(refused(() => parseExpiry(bad, T0)).code).toBe("bad-expiry");
  });

  it("parses channel lists and reports what is not a channel", () => {
    expect(parseChannelList(" brain, Amygdala ,,brain ops ")).toEqual({ channels: ["brain", "amygdala", "ops"], invalid: [] });
    expect(parseChannelList("brain,../x")).toEqual({ channels: ["brain"], invalid: ["../x"] });
  });

  it("knows what a session has not seen", () => {
    const store = tempDir();
    const a = sendBroadcast(store, { channel: "brain", text: "a" }, T0);
    const b = sendBroadcast(store, { channel: "amygdala", text: "b" }, later(1));
    sendBroadcast(store, { channel: "ops", text: "c" }, later(2));
    expect(unseenBroadcasts(store, ["brain", "amygdala"], new Set([a.id]), later(3))).toEqual([b]);
    expect(unseenBroadcasts(store, [], new Set(), later(3))).toEqual([]);
  });
});

describe("broadcast delivery", () => {
  const contract = { contextEvents: undefined, contextCaps: {} };
  function request(home: string, store: string, over: Partial<Parameters<typeof deliverBroadcasts>[0]> = {}): Parameters<typeof deliverBroadcasts>[0] {
    return {
      home,
      target: "claude",
      contract,
      event: "UserPromptSubmit",
      wireEvent: "UserPromptSubmit",
      sessionId: "s-1",
      env: { AGENTIHOOKS_BROADCAST_DIR: store },
      policy: { channels: ["brain"] },
      now: later(10_000),
      sessionStart: false,
      ...over,
    };
  }

  it("subscribes from the variable when it is set (empty means none), else from the policy", () => {
    expect(subscribedChannels({ AGENTIHOOKS_BASE_CHANNELS: "ops, Brain" }, { channels: ["x"] })).toEqual(["ops", "brain"]);
    expect(subscribedChannels({ AGENTIHOOKS_BASE_CHANNELS: "" }, { channels: ["x"] })).toEqual([]);
    expect(subscribedChannels({}, { channels: ["x", "brain"] })).toEqual(["x", "brain"]);
    expect(subscribedChannels({}, {})).toEqual([]);
  });

  it("gives each live message of the session's channels once, then records only live ids", () => {
    const home = tempDir();
    const store = tempDir();
    const first = sendBroadcast(store, { channel: "brain", text: "first note", from: "alice" }, T0);
    sendBroadcast(store, { channel: "ops", text: "not subscribed" }, T0);
    const text = deliverBroadcasts(request(home, store, { sessionStart: true }));
    expect(text).toContain("[brain] 2026-12-01T15:00:00Z from alice:\nfirst note");
    expect(text).not.toContain("not subscribed");
    expect(deliverBroadcasts(request(home, store))).toBeUndefined();
    const second = sendBroadcast(store, { channel: "brain", text: "second note" }, later(5000));
    const next = deliverBroadcasts(request(home, store));
    expect(next).toContain("second note");
    expect(next).not.toContain("first note");
    // Another session still gets both.
    expect(deliverBroadcasts(request(home, store, { sessionId: "s-2" }))).toContain("first note");
    const seenFile = join(home, "sessions", "claude-s-1.seen");
    expect(readFileSync(seenFile, "utf8")).toBe(`${first.id}\n${second.id}\n`);
    clearBroadcasts(store, { id: first.id });
    const third = sendBroadcast(store, { channel: "brain", text: "third" }, later(6000));
    deliverBroadcasts(request(home, store));
    expect(readFileSync(seenFile, "utf8")).toBe(`${second.id}\n${third.id}\n`);
  });

  it("marks nothing seen where the event takes no context, and tracks no session without an id", () => {
    const home = tempDir();
    const store = tempDir();
    sendBroadcast(store, { channel: "brain", text: "hello" }, T0);
    const picky = { contextEvents: new Set(["SessionStart"]), contextCaps: {} };
    expect(deliverBroadcasts(request(home, store, { contract: picky }))).toBeUndefined();
    expect(existsSync(join(home, "sessions"))).toBe(false);
    expect(deliverBroadcasts(request(home, store, { sessionId: "../x" }))).toBeUndefined();
    expect(deliverBroadcasts(request(home, store, { sessionId: undefined, sessionStart: true }))).toContain("hello");
    expect(deliverBroadcasts(request(home, store, { env: { AGENTIHOOKS_BROADCAST_DIR: store, AGENTIHOOKS_BASE_CHANNELS: "" } }))).toBeUndefined();
  });

  it("stays within the budget and the client's cap; what does not fit comes next time", () => {
    const home = tempDir();
    const store = tempDir();
    for (let i = 0; i < 5; i++) sendBroadcast(store, { channel: "brain", text: `${i}`.repeat(3000) }, later(i));
    const capped = { contextEvents: undefined, contextCaps: { UserPromptSubmit: 7000 } };
    const one = deliverBroadcasts(request(home, store, { contract: capped })) ?? "";
    expect(one.length).toBeLessThanOrEqual(7000);
    expect(one).toContain("0".repeat(3000));
    expect(one).toContain("1".repeat(3000));
    expect(one).not.toContain("2".repeat(100));
    const two = deliverBroadcasts(request(home, store, { contract: capped })) ?? "";
    expect(two).toContain("2".repeat(3000));
    expect(two).not.toContain("0".repeat(100));
    const tiny = renderBroadcasts(listBroadcasts(store, { now: later(10) }), 500);
    expect(tiny.text.length).toBeLessThanOrEqual(500);
    expect(tiny.shown).toHaveLength(1);
    expect(tiny.text).toContain("[message cut");
  });

  it("redacts a credential planted in the store by hand", () => {
    const home = tempDir();
    const store = tempDir();
    const message = sendBroadcast(store, { channel: "brain", text: "placeholder" }, T0);
    const file = join(store, "brain", `${message.id}.json`);
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), text: `token ${GITHUB_TOKEN}` }));
    const text = deliverBroadcasts(request(home, store)) ?? "";
    expect(text).toContain("[REDACTED:github_token]");
    expect(text).not.toContain(GITHUB_TOKEN);
  });

  it("prunes seen-files of sessions untouched for a week", () => {
    const home = tempDir();
    mkdirSync(join(home, "sessions"));
    for (const name of ["claude-old.seen", "claude-new.seen", "gemini-old"]) writeFileSync(join(home, "sessions", name), "");
    const old = (T0.getTime() - 8 * 86_400_000) / 1000;
    utimesSync(join(home, "sessions", "claude-old.seen"), old, old);
    utimesSync(join(home, "sessions", "gemini-old"), old, old);
    pruneSeenFiles(home, T0);
    expect(readdirSync(join(home, "sessions")).sort()).toEqual(["claude-new.seen", "gemini-old"]);
  });

  it("reaches the model at session start and on the next prompt in each client's shape", () => {
    const cases = [
      {
        target: "claude",
        start: { hook_event_name: "SessionStart" },
        prompt: { hook_event_name: "UserPromptSubmit", prompt: "hi" },
        read: (o: any) => o.hookSpecificOutput.additionalContext,
      },
      {
        target: "codex",
        start: { hook_event_name: "SessionStart" },
        prompt: { hook_event_name: "UserPromptSubmit", prompt: "hi" },
        read: (o: any) => o.hookSpecificOutput.additionalContext,
      },
      {
        target: "copilot",
        start: { hookEventName: "sessionStart" },
        prompt: { hookEventName: "userPromptSubmitted", prompt: "hi" },
        read: (o: any) => o.additionalContext,
      },
      {
        target: "gemini",
        start: { hook_event_name: "SessionStart" },
        prompt: { hook_event_name: "BeforeAgent", prompt: "hi" },
        read: (o: any) => o.hookSpecificOutput.additionalContext,
      },
    ];
    for (const c of cases) {
      const home = tempDir();
      const store = tempDir();
      const env = { HOME: home, AGENTIHOOKS_TARGET: c.target, AGENTIHOOKS_BROADCAST_DIR: store, AGENTIHOOKS_BASE_CHANNELS: "brain" };
      const run = (body: Record<string, unknown>): string => {
        const reply = runHook({
          stdin: JSON.stringify({ session_id: "sess-42", sessionId: "sess-42", cwd: home, ...body }),
          argv: [],
          env,
          cwd: home,
          now: () => later(60_000),
        });
        expect(reply.exitCode).toBe(0);
        return reply.stdout ? String(c.read(JSON.parse(reply.stdout))) : "";
      };
      sendBroadcast(store, { channel: "brain", text: `early news for ${c.target}` }, T0);
      const atStart = run(c.start);
      const firstPrompt = run(c.prompt);
      // Gemini takes session-start context on the first prompt (runtime/session-context.ts).
      const startText = c.target === "gemini" ? firstPrompt : atStart;
      expect(startText, c.target).toContain(`early news for ${c.target}`);
      expect(firstPrompt.split(`early news for ${c.target}`).length - 1, c.target).toBe(c.target === "gemini" ? 1 : 0);
      sendBroadcast(store, { channel: "brain", text: `late news for ${c.target}` }, later(1000));
      const next = run(c.prompt);
      expect(next, c.target).toContain(`late news for ${c.target}`);
      expect(next, c.target).not.toContain("early news");
      expect(run(c.prompt), c.target).not.toContain("news for");
      // Never around a tool call.
      sendBroadcast(store, { channel: "brain", text: "tool-time news" }, later(2000));
      const pre = runHook({
        stdin: JSON.stringify({
          session_id: "sess-42",
          sessionId: "sess-42",
          cwd: home,
          hook_event_name: c.target === "gemini" ? "BeforeTool" : "PreToolUse",
          hookEventName: c.target === "copilot" ? "preToolUse" : undefined,
          tool_name: "Read",
          tool_input: { file_path: "README.md" },
          toolName: "view",
          toolArgs: JSON.stringify({ path: "README.md" }),
        }),
        argv: [],
        env,
        cwd: home,
      });
      expect(pre.stdout + pre.stderr, c.target).not.toContain("tool-time news");
    }
  });
});

/**
 * Copilot's hook-loader canary probe (`doctor --live`), against a stand-in `copilot` that behaves
 * like the 1.0.102 loader (it names the unknown events of each hooks file in its debug log) and
 * records what it was given, so the probe's safety (a scrubbed, offline environment, a throwaway
 * home, no-op commands) is asserted on every run; tests/e2e/doctor-live.test.ts runs the real client.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { canaryEvent, copilotHookLoaderChecks, readLoaderLog } from "../../compiler/targets/copilot/hook-loader-probe";
import { apply, copilotTree, get, makeHomes, put, snapshot, type Homes } from "../apply/fixtures";

/**
 * A stand-in client: `mode` is "loader" (behaves like the real loader), "blind" (never names an
 * event), "silent" (no log) or "hang" (logs like the loader, then never exits, with a child of its
 * own that never exits either, whose pid it writes to `grandchild.pid`).
 */
function fakeCopilot(mode: "loader" | "blind" | "silent" | "hang"): { binary: string; dir: string; seen: () => Record<string, unknown> } {
  const dir = mkdtempSync(path.join(tmpdir(), "ah-fake-copilot-"));
  const record = path.join(dir, "seen.json");
  const binary = path.join(dir, "copilot");
  writeFileSync(
    binary,
    `#!${process.execPath}
const fs = require("node:fs"), path = require("node:path");
const known = new Set(["sessionStart","sessionEnd","userPromptSubmitted","preToolUse","postToolUse","postToolUseFailure","agentStop","subagentStart","subagentStop","preCompact","permissionRequest","notification","errorOccurred","preMcpToolCall","userPromptTransformed"]);
const args = process.argv.slice(2);
const home = process.env.COPILOT_HOME;
const hooksDir = path.join(home, "hooks");
const files = fs.readdirSync(hooksDir).sort();
const read = (f) => { try { return fs.readFileSync(f, "utf8"); } catch { return null; } };
fs.writeFileSync(${JSON.stringify(record)}, JSON.stringify({ args, cwd: process.cwd(), env: process.env, files, hooks: files.map((f) => JSON.parse(read(path.join(hooksDir, f)))), settings: read(path.join(home, "settings.json")), homeEntries: fs.readdirSync(home).sort() }));
const logDir = args[args.indexOf("--log-dir") + 1];
const lines = [];
if (["loader", "hang"].includes(${JSON.stringify(mode)})) for (const f of files) {
  const hooks = JSON.parse(read(path.join(hooksDir, f))).hooks;
  const unknown = Object.keys(hooks).filter((e) => !known.has(e));
  if (unknown.length) lines.push("2026-11-30T09:44:04.390Z [DEBUG] [rust:hooks] Ignoring unknown hook event(s) in " + path.join(hooksDir, f) + ": " + unknown.join(", "));
  for (const [e, list] of Object.entries(hooks)) list.forEach((h, i) => { if (typeof h.timeoutSec === "string") lines.push("2026-11-30T09:44:04.391Z [ERROR] [rust:hooks] hooks." + e + "[" + i + "].timeoutSec: timeoutSec must be a number — hook will be skipped"); });
}
if (${JSON.stringify(mode)} !== "silent") { fs.mkdirSync(logDir, { recursive: true }); fs.writeFileSync(path.join(logDir, "process-1.log"), ["2026-11-30T09:44:04.300Z [INFO] starting", ...lines, ""].join("\\n")); }
if (${JSON.stringify(mode)} === "hang") {
  const child = require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  fs.writeFileSync(${JSON.stringify(path.join(dir, "grandchild.pid"))}, String(child.pid));
  setInterval(() => {}, 1000);
  return;
}
console.error("No such agent: " + args[args.indexOf("--agent") + 1] + ", available: ");
process.exit(1);
`,
  );
  chmodSync(binary, 0o755);
  return { binary, dir, seen: () => JSON.parse(readFileSync(record, "utf8")) };
}

const env = (h: Homes) => ({ home: h.home, copilotHome: h.copilot });
const saved = process.env.GH_TOKEN;
afterEach(() => {
  if (saved === undefined) delete process.env.GH_TOKEN;
  else process.env.GH_TOKEN = saved;
});

describe("Copilot hook-loader probe", () => {
  it("reads the loader's messages as the 1.0.102 log prints them", () => {
    const log = readLoaderLog(
      [
        "2026-11-30T09:45:33.502Z [WARNING] [userSettings] Ignoring values from settings.json that couldn't be loaded; fix the reported error to restore those settings: Settings config error: model: Expected string, received number",
        '2026-11-30T09:45:33.502Z [WARNING] [userSettings] Ignoring unknown top-level key(s) in user settings file "/h/.copilot/settings.json": "bogusKey", "other". They are not recognized user settings and have no effect.',
        "2026-11-30T09:45:33.555Z [DEBUG] [rust:hooks] Ignoring unknown hook event(s) in /tmp/x/hooks/agentihooks.json: preToolUsee, zzCanary",
        "2026-11-30T09:45:33.555Z [ERROR] [rust:hooks] hooks.preToolUse[0].timeoutSec: timeoutSec must be a number — hook will be skipped",
      ].join("\n"),
    );
    expect(log).toEqual({
      unknownEvents: [{ file: "/tmp/x/hooks/agentihooks.json", names: ["preToolUsee", "zzCanary"] }],
      skippedEntries: ["hooks.preToolUse[0].timeoutSec: timeoutSec must be a number"],
      settingsDropped: "Settings config error: model: Expected string, received number",
      unknownSettingsKeys: ["bogusKey", "other"],
    });
  });

  it("passes on an applied home, naming the canary; runs offline on a throwaway copy and leaves the home untouched", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    // Operator content the probe must neither run nor copy.
    put(
      `${h.copilot}/settings.json`,
      JSON.stringify({ ...JSON.parse(get(`${h.copilot}/settings.json`)), hooks: { sessionStart: [{ type: "command", bash: "touch /tmp/operator-inline" }] } }),
    );
    put(`${h.copilot}/config.json`, JSON.stringify({ copilot_tokens: { x: "secret" } }));
    put(`${h.copilot}/hooks/operator.json`, JSON.stringify({ version: 1, hooks: { sessionStart: [{ type: "command", bash: "echo operator" }] } }));
    process.env.GH_TOKEN = "ghp_should_not_reach_the_probe";
    const before = snapshot(h.home);
    const fake = fakeCopilot("loader");
    const checks = copilotHookLoaderChecks(copilotTree(h), fake.binary, env(h));
    expect(checks).toEqual([
      { id: "live.copilot-hooks", status: "ok", message: "live: copilot's hook loader reads agentihooks.json (canary named) and knows all 2 of its event(s)" },
    ]);
    expect(snapshot(h.home)).toEqual(before);

    const seen = fake.seen() as {
      args: string[];
      cwd: string;
      env: Record<string, string>;
      files: string[];
      hooks: { hooks: Record<string, { command?: string; bash?: string }[]> }[];
      settings: string;
      homeEntries: string[];
    };
    expect(seen.env.COPILOT_HOME).not.toBe(h.copilot);
    expect(String(seen.env.COPILOT_HOME).startsWith(h.home)).toBe(false);
    expect(seen.env.HOME).not.toBe(h.home);
    expect(seen.env.COPILOT_OFFLINE).toBe("true");
    expect(seen.env.COPILOT_PROVIDER_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(seen.env.GH_TOKEN).toBeUndefined();
    expect(seen.args).toEqual(expect.arrayContaining(["-p", "--agent", "--log-level", "all", "--log-dir"]));
    expect(seen.cwd.startsWith(h.home)).toBe(false);
    // Only our hooks file, with the canary added and every command a no-op; no credentials, no MCP config.
    expect(seen.files).toEqual(["agentihooks.json"]);
    expect(seen.homeEntries).toEqual(["hooks", "settings.json"]);
    expect(Object.keys(seen.hooks[0]!.hooks).sort()).toEqual([canaryEvent, "preToolUse", "sessionStart"].sort());
    expect(seen.hooks[0]!.hooks.sessionStart![0]!.command).toBe("true");
    expect(JSON.parse(seen.settings)).toEqual({ disableAllHooks: false, statusLine: { type: "command", command: "node statusline" } });
  });

  it("reports each of our events the loader does not know as drift, an operator's as a note", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    const file = `${h.copilot}/hooks/agentihooks.json`;
    const doc = JSON.parse(get(file));
    doc.hooks.preToolUsee = doc.hooks.preToolUse;
    delete doc.hooks.preToolUse;
    doc.hooks.operatorTypo = [{ type: "command", bash: "echo mine" }];
    put(file, JSON.stringify(doc));
    // An event the profiles register that this client version dropped is ours too.
    const tree = copilotTree(h, { events: ["sessionStart", "postResult"] });
    const checks = copilotHookLoaderChecks(tree, fakeCopilot("loader").binary, env(h));
    expect(checks).toEqual([
      {
        id: "live.copilot-hooks",
        status: "fail",
        message: "live drift: copilot's hook loader ignores unknown hook event(s) in ~/.copilot/hooks/agentihooks.json: preToolUsee (those hooks never fire)",
      },
      {
        id: "live.copilot-hooks",
        status: "note",
        message: "live: copilot's hook loader ignores operator hook event(s) in ~/.copilot/hooks/agentihooks.json: operatorTypo",
      },
    ]);
  });

  it("reports an entry of ours the loader skips as drift, an operator's as a note", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    const file = `${h.copilot}/hooks/agentihooks.json`;
    const doc = JSON.parse(get(file));
    doc.hooks.preToolUse[0].timeoutSec = "30";
    doc.hooks.sessionStart.unshift({ type: "command", bash: "echo mine", timeoutSec: "5" });
    put(file, JSON.stringify(doc));
    expect(copilotHookLoaderChecks(copilotTree(h), fakeCopilot("loader").binary, env(h))).toEqual([
      { id: "live.copilot-hooks", status: "ok", message: "live: copilot's hook loader reads agentihooks.json (canary named) and knows all 2 of its event(s)" },
      {
        id: "live.copilot-hooks",
        status: "note",
        message:
          "live: copilot's hook loader skips operator entry hooks.sessionStart[0].timeoutSec: timeoutSec must be a number in ~/.copilot/hooks/agentihooks.json",
      },
      {
        id: "live.copilot-hooks",
        status: "fail",
        message: "live drift: copilot's hook loader skips hooks.preToolUse[0].timeoutSec: timeoutSec must be a number in ~/.copilot/hooks/agentihooks.json",
      },
    ]);
  });

  it("fails when the loader does not name the canary (it did not read our file), notes a probe that wrote no log", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    expect(copilotHookLoaderChecks(copilotTree(h), fakeCopilot("blind").binary, env(h))).toEqual([
      {
        id: "live.copilot-hooks",
        status: "fail",
        message:
          "live drift: copilot's hook loader did not name the canary event in ~/.copilot/hooks/agentihooks.json: it did not read the file (or no longer checks event names)",
      },
    ]);
    const silent = copilotHookLoaderChecks(copilotTree(h), fakeCopilot("silent").binary, env(h));
    expect(silent).toHaveLength(1);
    expect(silent[0]!.status).toBe("note");
    expect(silent[0]!.message).toMatch(/^live: copilot hook-loader probe wrote no log \(exit 1: No such agent/);
  });

  it.skipIf(!existsSync("/proc/self/stat"))("on a timeout, kills the client and every process it started, and still reads the log", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    const fake = fakeCopilot("hang");
    const started = Date.now();
    const checks = copilotHookLoaderChecks(copilotTree(h), fake.binary, env(h), 1_500);
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(checks).toEqual([
      { id: "live.copilot-hooks", status: "ok", message: "live: copilot's hook loader reads agentihooks.json (canary named) and knows all 2 of its event(s)" },
    ]);
    const pid = readFileSync(path.join(fake.dir, "grandchild.pid"), "utf8");
    // Gone, or a zombie waiting for its reaper: either way it no longer runs.
    const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
    expect(stat === "" || / Z /.test(stat)).toBe(true);
  });

  it("skips the probe, with a note, when our hooks file is missing or not JSON", () => {
    const h = makeHomes();
    const fake = fakeCopilot("loader");
    expect(copilotHookLoaderChecks(copilotTree(h), fake.binary, env(h))).toEqual([
      { id: "live.copilot-hooks", status: "note", message: "live: copilot hook-loader probe skipped (~/.copilot/hooks/agentihooks.json is missing)" },
    ]);
    put(`${h.copilot}/hooks/agentihooks.json`, "{ not json");
    expect(copilotHookLoaderChecks(copilotTree(h), fake.binary, env(h))).toEqual([
      {
        id: "live.copilot-hooks",
        status: "note",
        message: "live: copilot hook-loader probe skipped (~/.copilot/hooks/agentihooks.json does not parse as a hooks file)",
      },
    ]);
  });
});

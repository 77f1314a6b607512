/**
 * `doctor --live` for Copilot: the hook-loader canary probe (docs/targets/copilot.md,
 * "Checking it against the real client"). Copilot ignores a hook event it does not know and says so only in its debug
 * log ("Ignoring unknown hook event(s) in <path>: <names>"), so a renamed or retired event silently
 * stops firing. The probe runs the installed binary on a throwaway copy of the home whose hooks file
 * carries one extra, deliberately unknown event: the loader must name that canary (proof it read our
 * file and still checks names) and nothing of ours.
 *
 * Safety: the operator's COPILOT_HOME is only read. The copy holds our hooks file (every command
 * replaced by a no-op) and settings.json without its inline `hooks`; no config.json (credentials),
 * no mcp-config.json (a prompt run would spawn the operator's servers, or start OAuth). The client
 * runs offline (`COPILOT_OFFLINE`, a provider on a closed 127.0.0.1 port), with a temp HOME, a
 * scrubbed environment (no token reaches it), a temp working directory and a timeout that kills its
 * whole process group; it is asked for an agent that does not exist, which on 1.0.102 ends the run
 * right after the loaders, before any hook or MCP server starts (1.4 to 2.3 s here). A plain prompt
 * run would fire sessionStart and spawn MCP servers even with no model answering (observed), hence
 * the no-op commands as a second line of defence.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DesiredTree, JsonListsEntry } from "../../desired-tree";
import { parseJsonText } from "../../plan/json-document";
import { isOurItem } from "../../plan/plan-changes";
import { displayPath } from "../../plan/plan-view";
import type { DoctorCheck } from "../../doctor/probe";

/** The event added to the probe copy; no Copilot release knows it, so the loader must name it. */
export const canaryEvent = "agentihooksDoctorCanary";

/** An agent name no home defines: Copilot stops with "No such agent" once the loaders have run. */
const missingAgent = "agentihooks-doctor-no-such-agent";

/** What the loader said, read from a Copilot debug log. */
export interface LoaderLog {
  /** One record per "Ignoring unknown hook event(s) in <file>: <names>" line. */
  unknownEvents: { file: string; names: string[] }[];
  /** Hook entries the loader skips ("hooks.preToolUse[0].timeoutSec: timeoutSec must be a number"). */
  skippedEntries: string[];
  /** Why settings.json was dropped as a whole, when it was. */
  settingsDropped?: string;
  /** Top-level settings.json keys Copilot does not know. */
  unknownSettingsKeys: string[];
}

/** Parses the loader messages of Copilot's debug log (formats observed on 1.0.102). */
export function readLoaderLog(text: string): LoaderLog {
  const log: LoaderLog = { unknownEvents: [], skippedEntries: [], unknownSettingsKeys: [] };
  for (const line of text.split("\n")) {
    const unknown = /Ignoring unknown hook event\(s\) in (.+?): (.+)$/.exec(line);
    if (unknown) {
      log.unknownEvents.push({
        file: unknown[1] as string,
        names: (unknown[2] as string)
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n !== ""),
      });
      continue;
    }
    const skipped = /\[ERROR\] \[rust:hooks\] (hooks\..*?) — hook will be skipped/.exec(line);
    if (skipped) {
      log.skippedEntries.push(skipped[1] as string);
      continue;
    }
    const dropped = /Ignoring values from settings\.json that couldn't be loaded.*?: (.*)$/.exec(line);
    if (dropped) {
      log.settingsDropped = (dropped[1] as string).trim();
      continue;
    }
    const keys = /Ignoring unknown top-level key\(s\) in user settings file .*?: (.*?)\. They are not/.exec(line);
    if (keys) log.unknownSettingsKeys.push(...[...(keys[1] as string).matchAll(/"([^"]*)"/g)].map((m) => m[1] as string));
  }
  return log;
}

/** The hooks file the tree writes into `copilotHome/hooks/`, if any. */
function hooksEntry(tree: DesiredTree, copilotHome: string): JsonListsEntry | undefined {
  return tree.entries.find((e): e is JsonListsEntry => e.kind === "json-lists" && path.dirname(e.path) === path.join(copilotHome, "hooks"));
}

/** Top-level settings.json keys the tree manages. */
function managedSettingsKeys(tree: DesiredTree, copilotHome: string): Set<string> {
  const keys = new Set<string>();
  for (const entry of tree.entries) {
    if (entry.path !== path.join(copilotHome, "settings.json")) continue;
    if (entry.kind === "json-keys") for (const { key } of entry.keys) keys.add(key[0] as string);
    if (entry.kind === "json-entries" || entry.kind === "json-members") keys.add((entry.kind === "json-entries" ? entry.container : entry.key)[0] as string);
  }
  return keys;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** A deep copy in which every hook command is a no-op, so nothing of the operator's can run. */
function neutralize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(neutralize);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      typeof v === "string" && (k === "command" || k === "bash") ? "true" : typeof v === "string" && k === "powershell" ? "exit 0" : neutralize(v),
    ]),
  );
}

/**
 * Runs `argv[1]` with the rest as arguments in a process group of its own and kills the whole group
 * on exit or after `argv[2]` ms: the npm `copilot` is a Node loader that runs the native client as a
 * child, and a timeout that killed only the loader would leave the client running.
 */
const supervisor = `
const { spawn } = require("node:child_process");
const [bin, ms, ...args] = process.argv.slice(1);
const child = spawn(bin, args, { detached: true, stdio: "inherit" });
const killGroup = () => { try { process.kill(-child.pid, "SIGKILL"); } catch {} };
const timer = setTimeout(() => { killGroup(); process.stderr.write("timed out after " + ms + " ms\\n"); process.exit(124); }, Number(ms));
child.on("error", (error) => { clearTimeout(timer); process.stderr.write(error.message + "\\n"); process.exit(127); });
child.on("exit", (code) => { clearTimeout(timer); killGroup(); process.exit(code ?? 1); });
`;

/** The environment of the probe: nothing of the operator's but PATH and locale; offline. */
function probeEnv(root: string, copilotHome: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ["PATH", "LANG", "LC_ALL", "TZ", "TMPDIR"]) if (process.env[name] !== undefined) env[name] = process.env[name];
  return {
    ...env,
    HOME: path.join(root, "home"),
    COPILOT_HOME: copilotHome,
    COPILOT_OFFLINE: "true",
    COPILOT_AUTO_UPDATE: "false",
    // Port 9 (discard) on loopback: nothing answers, and no model call is made anyway.
    COPILOT_PROVIDER_BASE_URL: "http://127.0.0.1:9/v1",
    COPILOT_PROVIDER_WIRE_API: "responses",
    COPILOT_MODEL: "gpt-5.4",
    NO_COLOR: "1",
  };
}

/** Runs the probe and turns what the loader said into checks; a probe that cannot run is a note. */
export function copilotHookLoaderChecks(tree: DesiredTree, binary: string, env: { home: string; copilotHome: string }, timeoutMs = 30_000): DoctorCheck[] {
  const entry = hooksEntry(tree, env.copilotHome);
  if (!entry) return [];
  const show = (p: string) => displayPath(p, env.home);
  const name = path.basename(entry.path);
  let real: unknown;
  try {
    const parsed = parseJsonText(readFileSync(entry.path, "utf8"), false);
    real = parsed.ok ? parsed.value : undefined;
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === "ENOENT" ? "is missing" : `cannot be read: ${(error as Error).message}`;
    return [{ id: "live.copilot-hooks", status: "note", message: `live: copilot hook-loader probe skipped (${show(entry.path)} ${why})` }];
  }
  if (!isObject(real) || !isObject(real.hooks))
    return [
      { id: "live.copilot-hooks", status: "note", message: `live: copilot hook-loader probe skipped (${show(entry.path)} does not parse as a hooks file)` },
    ];
  const realHooks = real.hooks;

  const root = mkdtempSync(path.join(tmpdir(), "agentihooks-doctor-"));
  try {
    const copilotHome = path.join(root, "copilot-home");
    const logDir = path.join(root, "logs");
    for (const dir of [path.join(copilotHome, "hooks"), path.join(root, "home"), path.join(root, "cwd")]) mkdirSync(dir, { recursive: true });
    const copy = {
      ...real,
      hooks: { ...(neutralize(realHooks) as Record<string, unknown>), [canaryEvent]: [{ type: "command", bash: "true", powershell: "exit 0", timeoutSec: 5 }] },
    };
    const copyPath = path.join(copilotHome, "hooks", name);
    writeFileSync(copyPath, `${JSON.stringify(copy, null, 2)}\n`);
    copySettings(path.join(env.copilotHome, "settings.json"), path.join(copilotHome, "settings.json"));

    const result = spawnSync(
      process.execPath,
      ["-e", supervisor, binary, String(timeoutMs), "-p", "hi", "--agent", missingAgent, "--log-level", "all", "--log-dir", logDir],
      {
        cwd: path.join(root, "cwd"),
        env: probeEnv(root, copilotHome),
        encoding: "utf8",
        timeout: timeoutMs + 5_000,
        killSignal: "SIGKILL",
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const logText = existsSync(logDir)
      ? readdirSync(logDir)
          .sort()
          .map((f) => readFileSync(path.join(logDir, f), "utf8"))
          .join("\n")
      : "";
    if (logText.trim() === "") {
      const reason = result.error
        ? result.error.message
        : `exit ${result.status}: ${(result.stderr || result.stdout || "").trim().split("\n").slice(-1)[0] ?? ""}`;
      return [{ id: "live.copilot-hooks", status: "note", message: `live: copilot hook-loader probe wrote no log (${reason})` }];
    }
    const ours = new Set([copyPath, realpathSync(copyPath)]);
    return judge(readLoaderLog(logText), {
      ours,
      shown: show(entry.path),
      name,
      entry,
      realHooks,
      managedKeys: managedSettingsKeys(tree, env.copilotHome),
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** settings.json into the probe home without its inline `hooks` (the operator's, and they would run). */
function copySettings(from: string, to: string): void {
  let text: string;
  try {
    text = readFileSync(from, "utf8");
  } catch {
    return;
  }
  const parsed = parseJsonText(text, true);
  if (parsed.ok && isObject(parsed.value)) {
    const { hooks: _inline, ...rest } = parsed.value;
    writeFileSync(to, `${JSON.stringify(rest, null, 2)}\n`);
  } else writeFileSync(to, text); // as broken as the real one: Copilot treats it the same way
}

function judge(
  log: LoaderLog,
  ctx: { ours: Set<string>; shown: string; name: string; entry: JsonListsEntry; realHooks: Record<string, unknown>; managedKeys: Set<string> },
): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  const named = log.unknownEvents.filter((u) => ctx.ours.has(u.file)).flatMap((u) => u.names);
  if (!named.includes(canaryEvent)) {
    checks.push({
      id: "live.copilot-hooks",
      status: "fail",
      message: `live drift: copilot's hook loader did not name the canary event in ${ctx.shown}: it did not read the file (or no longer checks event names)`,
    });
  } else {
    const unknown = [...new Set(named.filter((n) => n !== canaryEvent))].sort();
    // Ours: an event the profiles register, or one holding an entry that runs our wrapper.
    const isOurs = (event: string) =>
      event in ctx.entry.lists ||
      (Array.isArray(ctx.realHooks[event]) && (ctx.realHooks[event] as unknown[]).some((i) => isOurItem(i, ctx.entry.ownerCommand)));
    const drift = unknown.filter(isOurs);
    const foreign = unknown.filter((e) => !isOurs(e));
    if (drift.length > 0)
      checks.push({
        id: "live.copilot-hooks",
        status: "fail",
        message: `live drift: copilot's hook loader ignores unknown hook event(s) in ${ctx.shown}: ${drift.join(", ")} (those hooks never fire)`,
      });
    if (foreign.length > 0)
      checks.push({
        id: "live.copilot-hooks",
        status: "note",
        message: `live: copilot's hook loader ignores operator hook event(s) in ${ctx.shown}: ${foreign.join(", ")}`,
      });
    if (unknown.length === 0) {
      const events = Object.keys(ctx.realHooks).length;
      checks.push({
        id: "live.copilot-hooks",
        status: "ok",
        message: `live: copilot's hook loader reads ${ctx.name} (canary named) and knows all ${events} of its event(s)`,
      });
    }
  }
  // The message names an entry, not a file; our copy is the only hooks file in the probe home, but
  // an admin policy directory could add entries, so only an entry that exists in ours is judged.
  for (const skipped of log.skippedEntries) {
    const at = /^hooks\.([^[.]+)\[(\d+)\]/.exec(skipped);
    const list = at ? ctx.realHooks[at[1] as string] : undefined;
    const item = Array.isArray(list) ? list[Number(at?.[2])] : undefined;
    if (item === undefined)
      checks.push({ id: "live.copilot-hooks", status: "note", message: `live: copilot's hook loader skips ${skipped} (not in ${ctx.name})` });
    else if (isOurItem(item, ctx.entry.ownerCommand))
      checks.push({ id: "live.copilot-hooks", status: "fail", message: `live drift: copilot's hook loader skips ${skipped} in ${ctx.shown}` });
    else checks.push({ id: "live.copilot-hooks", status: "note", message: `live: copilot's hook loader skips operator entry ${skipped} in ${ctx.shown}` });
  }
  if (log.settingsDropped !== undefined)
    checks.push({ id: "live.copilot-settings", status: "fail", message: `live drift: copilot ignores every value of settings.json: ${log.settingsDropped}` });
  const unknownKeys = [...new Set(log.unknownSettingsKeys)].sort();
  const managed = unknownKeys.filter((k) => ctx.managedKeys.has(k));
  const other = unknownKeys.filter((k) => !ctx.managedKeys.has(k));
  if (managed.length > 0)
    checks.push({
      id: "live.copilot-settings",
      status: "fail",
      message: `live drift: copilot does not know settings.json key(s) ${managed.join(", ")} (no effect)`,
    });
  if (other.length > 0)
    checks.push({ id: "live.copilot-settings", status: "note", message: `live: copilot does not know operator settings.json key(s) ${other.join(", ")}` });
  return checks;
}

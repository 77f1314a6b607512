/**
 * The adversarial corpus runner. Every case of every `tests/runtime/corpus/*.cases.ts` (format:
 * corpus/case.ts) is sent, for each client (Copilot, Claude, Codex, Gemini), as that client's own
 * pre-tool payload:
 *
 * - in-process through `runHook`: every case; in the default run for one client, the clients taking
 *   a class's cases in turn (each client runs about a quarter of every class; all four were 12 s of
 *   the suite's CPU), under the sweep for every client;
 * - through the wrappers `apply` installed for the default profile in a temp home, spawned the way
 *   each client runs a hook (`/bin/sh -c <registered command>`, payload on stdin): in the default
 *   run a fixed sample, one case per class through one client's wrapper, the clients taking the
 *   classes in turn (each of the four wrappers runs about a quarter of the classes; a spawn is a
 *   Node start, ~150 ms here, and one per class and client was 344 of them); the sweep
 *   (`AGENTIHOOKS_FULL_SWEEP=1`, .ci/run sets it) runs every case through every client's wrapper.
 *
 * Each case gets a fresh repository (`.git/HEAD` on its branch, its `files`) and a fresh home
 * holding the installed policy files. Failures are reported by id and class, all at once. A case
 * expecting a rewrite passes when the client's reply runs the call with the protected set excluded
 * (the reply's new command, run as-is by the test's checks) and never when it denies or lets the
 * original through.
 */
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runHook } from "../../runtime/run-hook";
import type { CaseFile, CorpusCase } from "./corpus/case";
import { ROOT } from "./helpers";

type Target = "copilot" | "claude" | "codex" | "gemini";
const TARGETS: readonly Target[] = ["copilot", "claude", "codex", "gemini"];
const FULL_SWEEP = process.env.AGENTIHOOKS_FULL_SWEEP === "1";

const CORPUS_DIR = join(ROOT, "tests", "runtime", "corpus");
const caseFiles = readdirSync(CORPUS_DIR)
  .filter((name) => name.endsWith(".cases.ts"))
  .sort();
const modules = (await Promise.all(caseFiles.map((name) => import(pathToFileURL(join(CORPUS_DIR, name)).href)))) as Array<{ default: CorpusCase[] }>;
const corpus: CorpusCase[] = modules.flatMap((m) => m.default).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

function targetsOf(c: CorpusCase): readonly Target[] {
  return c.targets ?? TARGETS;
}

// ---------------------------------------------------------------------------------------------
// Each client's spelling of a client-neutral call (tool names and argument keys as the clients
// send them; see tests/runtime/bypass-corpus.test.ts for every variant).

function patch(verb: "Add" | "Update", path: string, content: string): string {
  const body = content
    .split("\n")
    .map((line) => `+${line}`)
    .join("\n");
  return verb === "Add"
    ? `*** Begin Patch\n*** Add File: ${path}\n${body}\n*** End Patch\n`
    : `*** Begin Patch\n*** Update File: ${path}\n@@\n-x\n${body}\n*** End Patch\n`;
}

/** The tool name and arguments `target` sends for case `c` (paths already resolved). */
function toolCall(target: Target, c: CorpusCase, path: string): { name: string; args: Record<string, unknown> } {
  const content = c.content ?? "";
  switch (c.kind) {
    case "shell":
      if (target === "copilot") return { name: "bash", args: { command: c.command, description: "corpus" } };
      if (target === "claude") return { name: "Bash", args: { command: c.command, description: "corpus" } };
      if (target === "gemini") return { name: "run_shell_command", args: { command: c.command, description: "corpus" } };
      return { name: "Bash", args: { command: c.command } };
    case "read":
      if (target === "copilot") return { name: "view", args: { path } };
      if (target === "claude") return { name: "Read", args: { file_path: path } };
      return { name: "read_file", args: { file_path: path } };
    case "write":
      if (target === "copilot") return { name: "create", args: { path, file_text: content } };
      if (target === "claude") return { name: "Write", args: { file_path: path, content } };
      if (target === "gemini") return { name: "write_file", args: { file_path: path, content } };
      return { name: "apply_patch", args: { command: patch("Add", path, content) } };
    case "edit":
      if (target === "copilot") return { name: "edit", args: { path, old_str: "x", new_str: content } };
      if (target === "claude") return { name: "Edit", args: { file_path: path, old_string: "x", new_string: content } };
      if (target === "gemini") return { name: "replace", args: { file_path: path, old_string: "x", new_string: content } };
      return { name: "apply_patch", args: { command: patch("Update", path, content) } };
    case "mcp": {
      const m = c.mcp ?? { server: "", tool: "", args: {} };
      if (target === "copilot") return { name: `${m.server}-${m.tool}`, args: m.args };
      if (target === "gemini") return { name: `mcp_${m.server}_${m.tool}`, args: m.args };
      return { name: `mcp__${m.server}__${m.tool}`, args: m.args };
    }
  }
}

/** The pre-tool payload `target` writes to the hook's stdin. */
function payloadFor(target: Target, c: CorpusCase, cwd: string, path: string): string {
  const { name, args } = toolCall(target, c, path);
  if (target === "copilot") return JSON.stringify({ sessionId: "corpus", timestamp: 1764489600123, cwd, toolName: name, toolArgs: args });
  const base = {
    session_id: "corpus",
    transcript_path: null,
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: name,
    tool_input: args,
    tool_use_id: "call_corpus",
  };
  if (target === "claude") return JSON.stringify({ ...base, permission_mode: "default" });
  if (target === "gemini") {
    // Gemini's BeforeTool: its own event name, an ISO timestamp, `mcp_context` naming an MCP call's parts.
    const m = c.kind === "mcp" ? c.mcp : undefined;
    const mcp = m ? { mcp_context: { server_name: m.server, tool_name: m.tool, command: "node", args: ["server.js"], cwd } } : {};
    return JSON.stringify({
      session_id: "corpus",
      transcript_path: "/tmp/corpus-session.jsonl",
      cwd,
      hook_event_name: "BeforeTool",
      timestamp: "2026-12-01T00:00:00.000Z",
      tool_name: name,
      tool_input: args,
      ...mcp,
    });
  }
  return JSON.stringify({ ...base, model: "gpt-5.5", permission_mode: "default", turn_id: "turn_corpus" });
}

// ---------------------------------------------------------------------------------------------
// The case's world: a repository and a home.

let root: string;
let installHome: string;
/**
 * The wrappers export the agentihooks home they were installed in, so a case that switches a
 * guardrail on needs wrappers of a home whose policies say so: one applied home per distinct
 * `guardrails` of the corpus (the key: its JSON, "" for none), its policies then edited.
 */
const installHomes = new Map<string, string>();
let counter = 0;

function overridesKey(c: CorpusCase): string {
  return c.guardrails === undefined ? "" : JSON.stringify(c.guardrails);
}

interface World {
  repo: string;
  home: string;
}

function expandHome(path: string, home: string): string {
  if (path === "~") return home;
  return path.startsWith("~/") ? join(home, path.slice(2)) : path;
}

function makeFile(path: string, spec: CaseFile, home: string): void {
  mkdirSync(dirname(path), { recursive: true });
  rmSync(path, { force: true });
  if (typeof spec === "string") writeFileSync(path, spec);
  else if ("symlink" in spec) symlinkSync(expandHome(spec.symlink, home), path);
  else if ("fifo" in spec) spawnSync("mkfifo", [path]);
  else {
    writeFileSync(path, spec.content);
    chmodSync(path, spec.mode);
  }
}

/** A fresh repository on the case's branch with its files, and a fresh home with the installed policies. */
function worldFor(c: CorpusCase): World {
  counter += 1;
  const dir = join(root, String(counter));
  const repo = join(dir, "repo");
  const home = join(dir, "home");
  mkdirSync(join(repo, ".git"), { recursive: true });
  writeFileSync(join(repo, ".git", "HEAD"), `ref: refs/heads/${c.branch ?? "feature/x"}\n`);
  const policies = join(home, ".agentihooks");
  mkdirSync(policies, { recursive: true });
  for (const t of TARGETS)
    copyFileSync(join(installHomes.get(overridesKey(c)) as string, ".agentihooks", `policy.${t}.json`), join(policies, `policy.${t}.json`));
  for (const [rel, spec] of Object.entries(c.files ?? {})) {
    makeFile(rel.startsWith("~/") ? expandHome(rel, home) : join(repo, rel), spec, home);
  }
  return { repo, home };
}

function envFor(target: Target, world: World): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: world.home,
    AGENTIHOOKS_HOME: join(world.home, ".agentihooks"),
    AGENTIHOOKS_TARGET: target,
  };
  if (target === "copilot") env.AGENTIHOOKS_COPILOT_EVENT = "preToolUse";
  return env;
}

// ---------------------------------------------------------------------------------------------
// Judging a reply.

interface Observed {
  status: number | null;
  stdout: string;
  stderr: string;
}

function parseBody(stdout: string): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(stdout);
    return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The deny reason in the client's own deny envelope, or undefined when stdout holds none. */
function denyReason(target: Target, stdout: string): string | undefined {
  const body = parseBody(stdout);
  if (!body) return undefined;
  if (target === "gemini") return body.decision === "deny" && typeof body.reason === "string" ? body.reason : undefined;
  const decision = target === "copilot" ? body : (body.hookSpecificOutput as Record<string, unknown> | undefined);
  if (!decision || decision.permissionDecision !== "deny") return undefined;
  if (target !== "copilot" && decision.hookEventName !== "PreToolUse") return undefined;
  return typeof decision.permissionDecisionReason === "string" ? decision.permissionDecisionReason : undefined;
}

/** The command a rewrite reply runs instead, in the client's own envelope, or undefined when it is no rewrite. */
function rewrittenCommand(target: Target, stdout: string): string | undefined {
  const body = parseBody(stdout);
  if (!body) return undefined;
  const specific = body.hookSpecificOutput as Record<string, unknown> | undefined;
  let args: unknown;
  if (target === "copilot") args = body.modifiedArgs;
  else if (target === "gemini") args = specific?.hookEventName === "BeforeTool" ? specific.tool_input : undefined;
  else args = specific?.hookEventName === "PreToolUse" && specific.permissionDecision === "allow" ? specific.updatedInput : undefined;
  const command = (args as Record<string, unknown> | undefined)?.command;
  return typeof command === "string" ? command : undefined;
}

/** Why the observed reply is wrong for the case, or undefined when it is right. */
function verdictError(c: CorpusCase, target: Target, r: Observed): string | undefined {
  const reason = denyReason(target, r.stdout);
  const rewritten = rewrittenCommand(target, r.stdout);
  if (c.expect === "rewrite") {
    if (r.status !== 0 || rewritten === undefined)
      return `expected a rewrite, got exit ${r.status}: ${(r.stderr || r.stdout).trim().slice(0, 200) || "(no output)"}`;
    if (rewritten === c.command) return "the rewrite left the command as it was";
    if (c.rewritten && !c.rewritten.test(rewritten)) return `rewritten, but not as ${c.rewritten}: ${rewritten.slice(0, 300)}`;
    return undefined;
  }
  if (rewritten !== undefined) return `expected ${c.expect}, got a rewrite: ${rewritten.slice(0, 200)}`;
  if (c.expect === "deny") {
    if (r.status !== 2 || reason === undefined || !r.stderr.trim())
      return `expected deny, got exit ${r.status}: ${(r.stderr || r.stdout).trim().slice(0, 200) || "(no output)"}`;
    if (c.reason && !c.reason.test(reason)) return `denied, but the reason does not match ${c.reason}: ${reason.slice(0, 200)}`;
    return undefined;
  }
  if (r.status !== 0 || reason !== undefined) return `expected allow, got exit ${r.status}: ${(reason ?? r.stderr).trim().slice(0, 200)}`;
  return undefined;
}

function describeFailures(failures: string[]): string {
  return `${failures.length} corpus case(s) failed:\n${failures.join("\n")}`;
}

/**
 * The case for every client in-process, in one world (a decision reads the world, never changes
 * what a later decision reads: only the audit log grows), removed afterwards.
 */
function runInProcess(c: CorpusCase, targets: readonly Target[]): Array<{ target: Target; error: string }> {
  const world = worldFor(c);
  const path = c.path === undefined ? "" : expandHome(c.path, world.home);
  const errors: Array<{ target: Target; error: string }> = [];
  for (const target of targets) {
    const reply = runHook({ stdin: payloadFor(target, c, world.repo, path), argv: [], env: envFor(target, world), cwd: world.repo });
    const error = verdictError(c, target, { status: reply.exitCode, stdout: reply.stdout, stderr: reply.stderr });
    if (error) errors.push({ target, error });
  }
  rmSync(dirname(world.repo), { recursive: true, force: true });
  return errors;
}

// ---------------------------------------------------------------------------------------------
// The installed wrappers.

/** The shell command the installed registration of `target` runs for a pre-tool event. */
function registeredCommand(target: Target, home = installHome): string {
  if (target === "copilot") {
    const hooks = JSON.parse(readFileSync(join(home, ".copilot", "hooks", "agentihooks.json"), "utf8")) as {
      hooks: Record<string, Array<{ command: string }>>;
    };
    return (hooks.hooks.preToolUse ?? [])[0]?.command ?? "";
  }
  const file =
    target === "claude"
      ? join(home, ".claude", "settings.json")
      : target === "gemini"
        ? join(home, ".gemini", "settings.json")
        : join(home, ".codex", "hooks.json");
  const settings = JSON.parse(readFileSync(file, "utf8")) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
  return (settings.hooks[target === "gemini" ? "BeforeTool" : "PreToolUse"] ?? [])[0]?.hooks[0]?.command ?? "";
}

function runCommand(command: string, stdin: string, env: NodeJS.ProcessEnv, cwd: string): Promise<Observed> {
  return new Promise((resolve) => {
    const child = spawn("/bin/sh", ["-c", command], { env, cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(stdin);
  });
}

async function runThroughWrapper(c: CorpusCase, target: Target, command: string): Promise<string | undefined> {
  const world = worldFor(c);
  const path = c.path === undefined ? "" : expandHome(c.path, world.home);
  const env = envFor(target, world);
  // The client sets none of these; the wrapper must.
  delete env.AGENTIHOOKS_TARGET;
  delete env.AGENTIHOOKS_COPILOT_EVENT;
  const r = await runCommand(command, payloadFor(target, c, world.repo, path), env, world.repo);
  rmSync(dirname(world.repo), { recursive: true, force: true });
  return verdictError(c, target, r);
}

/** `items` through `fn`, at most `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/**
 * For each class one case, through one client's wrapper: the clients take the classes in turn (in
 * class order), so each wrapper runs about a quarter of them and every class runs through the
 * bundled runtime as a client spawns it. A class some client does not take passes to the next client.
 */
function sample(): Array<{ c: CorpusCase; target: Target }> {
  const byClass = new Map<string, CorpusCase[]>();
  for (const c of corpus) byClass.set(c.class, [...(byClass.get(c.class) ?? []), c]);
  const picked: Array<{ c: CorpusCase; target: Target }> = [];
  [...byClass.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .forEach(([name, cases], i) => {
      for (let turn = 0; turn < TARGETS.length; turn++) {
        const target = TARGETS[(i + turn) % TARGETS.length] as Target;
        const eligible = cases.filter((c) => targetsOf(c).includes(target));
        if (eligible.length === 0) continue;
        picked.push({ c: eligible[hash(name) % eligible.length] as CorpusCase, target });
        return;
      }
    });
  return picked;
}

// ---------------------------------------------------------------------------------------------

/** Applies the default profile into `home` (from an empty project) and sets `overrides` in its policies. */
function applyInto(home: string, project: string, overrides: CorpusCase["guardrails"]): Promise<void> {
  mkdirSync(home);
  mkdirSync(project);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "bin", "agentihooks.js"), "apply", "--yes"], {
      cwd: project,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, NO_COLOR: "1" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("close", (status) => {
      if (status !== 0) return reject(new Error(`apply of the default profile failed (exit ${status}):\n${stderr}`));
      for (const t of TARGETS) {
        const file = join(home, ".agentihooks", `policy.${t}.json`);
        const policy = JSON.parse(readFileSync(file, "utf8")) as { guardrails: Record<string, unknown> };
        Object.assign(policy.guardrails, overrides ?? {});
        writeFileSync(file, JSON.stringify(policy));
      }
      resolve();
    });
  });
}

beforeAll(async () => {
  // Every home and repository path holds "agentihooks", as a user's may (a checkout of this very
  // project, a user so named): no harmless case may be denied for that.
  root = mkdtempSync(join(tmpdir(), "agentihooks-corpus-"));
  installHome = join(root, "install-home");
  const keys = [...new Set(["", ...corpus.map(overridesKey)])];
  keys.forEach((key, i) => installHomes.set(key, i === 0 ? installHome : join(root, `install-home-${i}`)));
  await Promise.all(
    keys.map((key, i) =>
      applyInto(installHomes.get(key) as string, join(root, `install-project-${i}`), key === "" ? undefined : (JSON.parse(key) as CorpusCase["guardrails"])),
    ),
  );
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  // One world per case and client: thousands of small trees to remove on a busy disk.
}, 600_000);

describe("adversarial corpus: the cases", () => {
  it("are well formed: unique ids `<class>/<slug>`, the fields their kind needs", () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const c of corpus) {
      if (seen.has(c.id)) problems.push(`${c.id}: duplicate id`);
      seen.add(c.id);
      if (!c.id.includes("/") || c.id.endsWith("/")) problems.push(`${c.id}: id is not <class>/<slug>`);
      const root = c.class.split("/")[0] ?? "";
      if (!c.id.startsWith(`${root}/`)) problems.push(`${c.id}: id does not start with its class's first part '${root}/'`);
      if (c.kind === "shell" && !c.command) problems.push(`${c.id}: shell case without a command`);
      if ((c.kind === "read" || c.kind === "write" || c.kind === "edit") && !c.path) problems.push(`${c.id}: ${c.kind} case without a path`);
      if ((c.kind === "write" || c.kind === "edit") && c.content === undefined) problems.push(`${c.id}: ${c.kind} case without content`);
      if (c.kind === "mcp" && !c.mcp) problems.push(`${c.id}: mcp case without server, tool and args`);
      if (c.targets && c.targets.length === 0) problems.push(`${c.id}: empty targets`);
      if (c.expect !== "deny" && c.reason) problems.push(`${c.id}: a reason on a case that is not denied checks nothing`);
      if (c.expect === "rewrite" && c.kind !== "shell") problems.push(`${c.id}: only shell commands are rewritten`);
      if (c.rewritten && c.expect !== "rewrite") problems.push(`${c.id}: \`rewritten\` on a case that expects no rewrite`);
    }
    expect(problems, problems.join("\n")).toEqual([]);
    expect(corpus.length).toBeGreaterThan(0);
  });
});

const classes = [...new Set(corpus.map((c) => c.class))].sort();

/** The clients case `c`, the `index`th of its class, runs for in-process: all under the sweep, else one in turn. */
function inProcessTargets(c: CorpusCase, index: number): readonly Target[] {
  const eligible = targetsOf(c);
  return FULL_SWEEP ? eligible : [eligible[index % eligible.length] as Target];
}

describe(`adversarial corpus: in-process through runHook, every case (${FULL_SWEEP ? "for every client" : "for one client, in turn"})`, () => {
  it.each(classes)("%s", (name) => {
    const failures: string[] = [];
    corpus
      .filter((x) => x.class === name)
      .forEach((c, i) => {
        for (const { target, error } of runInProcess(c, inProcessTargets(c, i))) failures.push(`  ${c.id} [${target}] (${c.class}): ${error}`);
      });
    expect(failures, describeFailures(failures)).toEqual([]);
  });
});

describe(`adversarial corpus: through the installed wrappers (${FULL_SWEEP ? "every case" : "a sample: one case per class, the clients in turn"})`, () => {
  it.each(TARGETS)(
    "%s",
    async (target) => {
      const command = registeredCommand(target);
      expect(command, `no PreToolUse registration for ${target} in the applied home`).not.toBe("");
      expect(existsSync(command.split(" ")[0] as string)).toBe(true);
      const runs = FULL_SWEEP
        ? corpus.filter((c) => targetsOf(c).includes(target))
        : sample()
            .filter((s) => s.target === target)
            .map((s) => s.c);
      // Whatever the sample, each wrapper is shown a call it must deny and one it must let through.
      expect(new Set(runs.map((c) => (c.expect === "rewrite" ? "allow" : c.expect)))).toEqual(new Set(["deny", "allow"]));
      // Each run is a Node start-up: as many at a time as the machine has cores (at least 3).
      const errors = await pool(runs, Math.max(3, availableParallelism()), (c) =>
        runThroughWrapper(c, target, registeredCommand(target, installHomes.get(overridesKey(c)))),
      );
      const failures = runs.flatMap((c, i) => (errors[i] ? [`  ${c.id} [${target}] (${c.class}): ${errors[i]}`] : []));
      expect(failures, describeFailures(failures)).toEqual([]);
    },
    FULL_SWEEP ? 1_800_000 : 60_000,
  );
});

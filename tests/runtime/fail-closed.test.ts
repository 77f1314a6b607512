/**
 * Failing closed, through the wrappers `apply` installs (docs/runtime.md, "Failing closed"): for
 * each client, a pre-tool event whose runtime cannot answer (runtime file deleted, Node missing at
 * its recorded path, runtime killed by a signal, crashed, ended without deciding, busy past the
 * deadline, or stdin that never closes) is denied in the client's own envelope with exit 2; any other event goes on.
 *
 * The three behaviours that wait out a deadline (a busy runtime, stdin that never closes, a pipe
 * whose writer stays open: 2-4 s of waiting each) run in the default run for one client each, a
 * different client per behaviour, so every wrapper meets one of them; the sweep
 * (AGENTIHOOKS_FULL_SWEEP=1, .ci/run) runs each for every client. Everything else runs for every client.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALLOW_EXIT, FAIL_CLOSED_REASON } from "../../compiler/lower/hook-wrapper";
import { BOOLEAN_SWITCHES } from "../../runtime/guardrails.generated";
import { EXIT_LINE_TAG } from "../../runtime/stdio";
import { ROOT } from "./helpers";

type Target = "copilot" | "claude" | "codex";
const TARGETS: readonly Target[] = ["copilot", "claude", "codex"];
const FULL_SWEEP = process.env.AGENTIHOOKS_FULL_SWEEP === "1";

/** Whether a deadline behaviour runs for `target`: for every client under the sweep, in the default run only for `sampled`. */
function deadlineRuns(target: Target, sampled: Target): boolean {
  return FULL_SWEEP || target === sampled;
}

let root: string;

interface Install {
  home: string;
  repo: string;
  wrapper: string;
  runtime: string;
}

/** Applies the default profile into a fresh home and returns where the target's wrapper and runtime are. */
function install(target: Target): Install {
  const dir = mkdtempSync(join(root, `${target}-`));
  const home = join(dir, "home");
  const repo = join(dir, "repo");
  mkdirSync(home);
  mkdirSync(join(repo, ".git"), { recursive: true });
  writeFileSync(join(repo, ".git", "HEAD"), "ref: refs/heads/feature/x\n");
  const r = spawnSync(process.execPath, [join(ROOT, "bin", "agentihooks.js"), "apply", "--yes", "--target", target], {
    cwd: repo,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, NO_COLOR: "1" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`apply --target ${target} failed (exit ${r.status}):\n${r.stderr}`);
  const wrapper = join(home, `.${target}`, "agentihooks-hook.sh");
  const runtime = /^runtime=(.+)$/m.exec(readFileSync(wrapper, "utf8"))?.[1] ?? "";
  return { home, repo, wrapper, runtime };
}

/** The pre-tool payload of `target` for a harmless shell call, and the event the registration passes. */
function preTool(target: Target, cwd: string): { event: string; stdin: string } {
  if (target === "copilot")
    return { event: "preToolUse", stdin: JSON.stringify({ sessionId: "s", timestamp: 1, cwd, toolName: "bash", toolArgs: { command: "ls" } }) };
  return {
    event: "PreToolUse",
    stdin: JSON.stringify({ session_id: "s", cwd, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "t" }),
  };
}

/** The same with `command` in place of `ls`. */
function preToolCommand(target: Target, cwd: string, command: string): { event: string; stdin: string } {
  const { event, stdin } = preTool(target, cwd);
  return { event, stdin: stdin.replace('"command":"ls"', JSON.stringify({ command }).slice(1, -1)) };
}

function sessionStart(target: Target, cwd: string): { event: string; stdin: string } {
  if (target === "copilot") return { event: "sessionStart", stdin: JSON.stringify({ sessionId: "s", timestamp: 1, cwd, source: "new" }) };
  return { event: "SessionStart", stdin: JSON.stringify({ session_id: "s", cwd, hook_event_name: "SessionStart", source: "startup" }) };
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the wrapper as the clients do (`/bin/sh -c "<wrapper> <event>"`), payload on stdin. */
function run(i: Install, event: string, stdin: string, env: NodeJS.ProcessEnv = {}): Run {
  const started = Date.now();
  const r = spawnSync("/bin/sh", ["-c", `'${i.wrapper}' ${event}`], {
    input: stdin,
    cwd: i.repo,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: i.home, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started };
}

/** The same, with stdin left open after `stdin` was written (a client that never closes it). */
function runOpenStdin(i: Install, event: string, stdin: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("/bin/sh", ["-c", `'${i.wrapper}' ${event}`], {
      cwd: i.repo,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: i.home, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const guard = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("close", (status) => {
      clearTimeout(guard);
      child.stdin.destroy();
      resolve({ status, stdout, stderr, ms: Date.now() - started });
    });
    child.stdin.write(stdin);
  });
}

/** True when stdout is `target`'s own pre-tool deny envelope carrying the fail-closed reason. */
function isFailClosedDeny(target: Target, r: Run): boolean {
  if (r.status !== 2 || !r.stderr.includes(FAIL_CLOSED_REASON)) return false;
  const body = JSON.parse(r.stdout) as Record<string, unknown>;
  const decision = (target === "copilot" ? body : body.hookSpecificOutput) as Record<string, unknown>;
  return (
    decision.permissionDecision === "deny" &&
    decision.permissionDecisionReason === FAIL_CLOSED_REASON &&
    (target === "copilot" || decision.hookEventName === "PreToolUse")
  );
}

/** The ids of running (not zombie) processes whose command line names `file`. */
function processesRunning(file: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      const state = /\) (\S)/.exec(readFileSync(`/proc/${name}/stat`, "utf8"))?.[1];
      if (state !== "Z" && readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").includes(file)) found.push(Number(name));
    } catch {
      // The process ended while it was looked at.
    }
  }
  return found;
}

const installs = new Map<Target, Install>();

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "ah-failclosed-"));
  for (const target of TARGETS) installs.set(target, install(target));
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe.each(TARGETS)("the %s wrapper fails closed", (target) => {
  const fresh = (): Install => install(target);

  it("runs the installed runtime: a harmless call is allowed with exit 0 and no output", () => {
    const i = installs.get(target) as Install;
    expect(i.runtime.startsWith(join(i.home, ".agentihooks", "runtime"))).toBe(true);
    const { event, stdin } = preTool(target, i.repo);
    expect(run(i, event, stdin)).toMatchObject({ status: 0, stdout: "" });
  });

  it("denies a pre-tool event when the runtime file is deleted; other events go on", () => {
    const i = fresh();
    unlinkSync(i.runtime);
    const { event, stdin } = preTool(target, i.repo);
    const r = run(i, event, stdin);
    expect(isFailClosedDeny(target, r), JSON.stringify(r)).toBe(true);
    expect(r.stderr).toContain("no runtime at");
    const start = sessionStart(target, i.repo);
    const s = run(i, start.event, start.stdin);
    expect(s.status).toBe(0);
    expect(s.stdout).toBe("");
    expect(s.stderr).toContain("nothing was checked");
  });

  it("denies a pre-tool event when the runtime's core beside it is deleted, emptied or cut short", () => {
    const i = fresh();
    const core = join(dirname(i.runtime), "runtime-core.js");
    const text = readFileSync(core);
    const { event, stdin } = preTool(target, i.repo);
    for (const spoil of [() => unlinkSync(core), () => writeFileSync(core, ""), () => writeFileSync(core, text.subarray(0, text.length >> 1))]) {
      spoil();
      const r = run(i, event, stdin);
      expect(isFailClosedDeny(target, r), JSON.stringify(r)).toBe(true);
    }
    writeFileSync(core, text);
    expect(run(i, event, stdin)).toMatchObject({ status: 0, stdout: "" });
  });

  it("denies a call that would replace the shell running the wrapper", () => {
    const i = installs.get(target) as Install;
    const bash = realpathSync(spawnSync("/bin/sh", ["-c", "command -v bash"], { encoding: "utf8" }).stdout.trim());
    const { event, stdin } = preToolCommand(target, i.repo, `cp /tmp/fake ${bash}`);
    const r = run(i, event, stdin);
    expect(r.status, JSON.stringify(r)).toBe(2);
    expect(r.stdout + r.stderr).toContain("switch the guardrails off");
  });

  it("denies when Node is missing at its recorded path, and needs no node on PATH", () => {
    const i = fresh();
    // Only bash on PATH: the wrapper runs the Node it recorded, not one it looks up.
    const bin = join(root, `${target}-bash-only`);
    mkdirSync(bin, { recursive: true });
    const bash = spawnSync("/bin/sh", ["-c", "command -v bash"], { encoding: "utf8" }).stdout.trim();
    symlinkSync(bash, join(bin, "bash"));
    const { event, stdin } = preTool(target, i.repo);
    expect(run(i, event, stdin, { PATH: bin })).toMatchObject({ status: 0, stdout: "" });
    const text = readFileSync(i.wrapper, "utf8");
    writeFileSync(i.wrapper, text.replace(/^node=.*$/m, `node=${join(root, "no-such-node")}`));
    const r = run(i, event, stdin);
    expect(isFailClosedDeny(target, r), JSON.stringify(r)).toBe(true);
    expect(r.stderr).toContain("no Node at");
  });

  it("is not steered by the environment an agent can plant in a shell's startup file", () => {
    const i = installs.get(target) as Install;
    const dir = mkdtempSync(join(root, `${target}-planted-`));
    // A bash that allows everything, first on PATH.
    const bin = join(dir, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "bash"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    writeFileSync(join(dir, "bash-env.sh"), "exit 0\n");
    // Code loaded into the runtime that answers "checked and allowed" before anything is checked.
    writeFileSync(join(dir, "allow.cjs"), "process.exit(Number(process.env.AGENTIHOOKS_ALLOW_EXIT || 0));\n");
    // A home whose policies switch every guardrail off.
    const home = join(dir, "agentihooks");
    mkdirSync(home);
    for (const t of ["copilot", "claude", "codex"])
      writeFileSync(
        join(home, `policy.${t}.json`),
        JSON.stringify({ version: 1, target: t, scope: "home", guardrails: Object.fromEntries(BOOLEAN_SWITCHES.map((name) => [name, false])) }),
      );
    const planted: Record<string, NodeJS.ProcessEnv> = {
      "a bash first on PATH": { PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}` },
      BASH_ENV: { BASH_ENV: join(dir, "bash-env.sh") },
      "an exported function": { "BASH_FUNC_wait%%": "() { return 64; }" },
      SHELLOPTS: { SHELLOPTS: "noexec" },
      NODE_OPTIONS: { NODE_OPTIONS: `--require ${join(dir, "allow.cjs")}` },
      AGENTIHOOKS_HOME: { AGENTIHOOKS_HOME: home },
    };
    // A call only a guardrail the policy can switch off denies (self-protection cannot be).
    const { event, stdin } = preToolCommand(target, i.repo, "git push --force origin main");
    for (const [what, env] of Object.entries(planted)) {
      const r = run(i, event, stdin, env);
      expect({ what, status: r.status, blocked: /BLOCKED: Force push/.test(r.stdout + r.stderr) }).toEqual({ what, status: 2, blocked: true });
    }
  });

  it("denies when the runtime is killed by a signal, crashes, or ends without deciding", () => {
    const i = fresh();
    const { event, stdin } = preTool(target, i.repo);
    for (const [body, note] of [
      ['process.kill(process.pid, "SIGKILL");\n', "without a decision"],
      ['process.kill(process.pid, "SIGSEGV");\n', "without a decision"],
      ['throw new Error("boom");\n', "without a decision"],
      ["", "without a decision"],
      // Exits with the allow code but never reports it on stdout: not the runtime's answer.
      ["process.exitCode = Number(process.env.AGENTIHOOKS_ALLOW_EXIT);\n", "without a decision"],
      // A reply, then a crash before the exit line.
      ['require("node:fs").writeSync(1, "{}\\n"); process.exitCode = Number(process.env.AGENTIHOOKS_ALLOW_EXIT);\n', "without a decision"],
      [`require("node:fs").writeSync(1, "\\n${EXIT_LINE_TAG}2\\n"); process.exitCode = 2;\n`, "denied without a reply"],
      [`require("node:fs").writeSync(1, "{}\\0{}\\n${EXIT_LINE_TAG}${ALLOW_EXIT}\\n");\n`, "NUL byte"],
    ] as const) {
      writeFileSync(i.runtime, body);
      const r = run(i, event, stdin);
      expect(isFailClosedDeny(target, r), `${note}: ${JSON.stringify(r)}`).toBe(true);
      expect(r.stderr).toContain(note);
    }
    // The same runtime faults on an event that only informs: the event goes on (exit 0).
    writeFileSync(i.runtime, 'process.kill(process.pid, "SIGKILL");\n');
    const start = sessionStart(target, i.repo);
    expect(run(i, start.event, start.stdin).status).not.toBe(2);
  });

  it.runIf(deadlineRuns(target, "copilot"))("kills a runtime busy past the deadline and denies; no runtime process outlives the hook", () => {
    const i = fresh();
    const { event, stdin } = preTool(target, i.repo);
    // Synchronous JavaScript that never returns: nothing inside the runtime could interrupt it.
    writeFileSync(i.runtime, "for (;;) {}\n");
    const r = run(i, event, stdin, { AGENTIHOOKS_DEADLINE_SECONDS: "2" });
    expect(isFailClosedDeny(target, r), JSON.stringify(r)).toBe(true);
    expect(r.stderr).toContain("did not answer within 2 s");
    expect(r.ms).toBeLessThan(8_000);
    expect(processesRunning(i.runtime)).toEqual([]);
  });

  it.runIf(deadlineRuns(target, "claude"))("denies within the deadline when stdin never closes (garbled so far, or nothing at all)", async () => {
    const i = installs.get(target) as Install;
    const { event, stdin } = preTool(target, i.repo);
    const [partial, nothing] = await Promise.all([
      runOpenStdin(i, event, stdin.slice(0, 40), { AGENTIHOOKS_DEADLINE_SECONDS: "2" }),
      runOpenStdin(i, event, "", { AGENTIHOOKS_DEADLINE_SECONDS: "2" }),
    ]);
    for (const r of [partial, nothing]) {
      expect(r.status, JSON.stringify(r)).toBe(2);
      expect(r.ms).toBeLessThan(8_000);
      const body = JSON.parse(r.stdout) as Record<string, unknown>;
      const decision = (target === "copilot" ? body : body.hookSpecificOutput) as Record<string, unknown>;
      expect(decision.permissionDecision).toBe("deny");
    }
  });

  it.runIf(deadlineRuns(target, "codex"))("decides a whole payload on a pipe whose writer never closes, at the runtime's own deadline", () => {
    const i = installs.get(target) as Install;
    const { event, stdin } = preTool(target, i.repo);
    const payload = join(root, `${target}-payload.json`);
    writeFileSync(payload, stdin);
    // A shell pipe (a FIFO): the runtime reopens it non-blocking and stops waiting at half the deadline.
    const started = Date.now();
    const r = spawnSync("/bin/sh", ["-c", `{ cat '${payload}'; sleep 20 2>/dev/null & } | '${i.wrapper}' ${event}`], {
      cwd: i.repo,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: i.home, AGENTIHOOKS_DEADLINE_SECONDS: "4" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain("stdin did not close within 2 s");
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe("the installed runtime", () => {
  const doctor = (i: Install, target: Target) =>
    spawnSync(process.execPath, [join(ROOT, "bin", "agentihooks.js"), "doctor", "--target", target], {
      cwd: i.repo,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: i.home, NO_COLOR: "1" },
      encoding: "utf8",
    });

  it("lives under the agentihooks home at <version>-<sha256 prefix>; doctor checks it and its canary answer", () => {
    const i = install("codex");
    const bundle = readFileSync(join(ROOT, "dist", "runtime.cjs"));
    expect(readFileSync(i.runtime).equals(bundle)).toBe(true);
    const core = join(dirname(i.runtime), "runtime-core.js");
    expect(readFileSync(core).equals(readFileSync(join(ROOT, "dist", "runtime-core.js")))).toBe(true);
    const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    expect(i.runtime).toMatch(new RegExp(`/\\.agentihooks/runtime/${version.replace(/\./g, "\\.")}-[0-9a-f]{16}/runtime\\.cjs$`));
    // The Codex notify entry points at the same copy.
    expect(readFileSync(join(i.home, ".codex", "config.toml"), "utf8")).toContain(`notify = ["${process.execPath}", "${i.runtime}", "notify"]`);
    const ok = doctor(i, "codex");
    expect(ok.status, ok.stdout).toBe(0);
    expect(ok.stdout).toContain("answers a canary pre-tool call through the runtime");
    const coreText = readFileSync(core);
    writeFileSync(core, "(function () { process.exit(0); })\n");
    expect(doctor(i, "codex").stdout).toContain("is not the bundle's");
    writeFileSync(core, coreText);
    writeFileSync(i.runtime, "process.exit(0);\n");
    const edited = doctor(i, "codex");
    expect(edited.status).toBe(2); // every failure is one apply repairs
    expect(edited.stdout).toContain("is not the bundle's");
    unlinkSync(i.runtime);
    const gone = doctor(i, "codex");
    expect(gone.status).toBe(2);
    expect(gone.stdout).toContain("the hook runtime is missing at");
  });
});

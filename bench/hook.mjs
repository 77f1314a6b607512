// Hook benchmark (`npm run bench:hook`): wall time of one hook invocation through the wrapper apply
// installs (bash → the installed runtime; on pre-tool events under the wrapper's deadline), per event, with a typical
// and a large payload, against `node -e 0` run through the same kind of wrapper in the same run.
// Runs are interleaved (one of each case per round) so machine noise hits every case alike. Prints
// median, p95 and the spread (p95 − p5) in milliseconds, each median as a ratio to the baseline's
// median, and, because wall time on a busy machine mostly measures the scheduler, the fastest run
// and the mean CPU time (Linux) with their ratios too.
//
// `--instructions` instead counts the instructions each case executes under valgrind's callgrind
// (one run per case, ~1 minute): a figure the machine's load cannot move.
//
// `--worst-case` instead times 10 MiB adversarial payloads (the goal: each decided within 1 s).
//
// Usage: node bench/hook.mjs [--runs N] [--warmup N] [--json] [--instructions | --worst-case]
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const runtime = join(root, "dist", "runtime.cjs");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const runs = option("--runs", 40);
const warmup = option("--warmup", 5);
const asJson = args.includes("--json");

if (!existsSync(runtime)) {
  process.stderr.write("bench/hook.mjs: dist/runtime.cjs is missing; run `npm run build` first (npm run bench:hook does).\n");
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), "agentihooks-bench-"));

const quote = (s) => `'${s.replace(/'/g, `'"'"'`)}'`;

// The wrapper `apply` installs for Copilot (templates/hook-wrapper.sh.hbs; docs/runtime.md), from
// the default profile applied into a temp home: the bench measures what the client runs.
const applyHome = join(work, "home");
mkdirSync(applyHome);
const applied = spawnSync(process.execPath, [join(root, "bin", "agentihooks.js"), "apply", "--yes", "--target", "copilot"], {
  cwd: work,
  env: { PATH: process.env.PATH, HOME: applyHome, NO_COLOR: "1" },
  encoding: "utf8",
});
if (applied.status !== 0) {
  process.stderr.write(`bench/hook.mjs: apply into a temp home failed (exit ${applied.status}):\n${applied.stderr}`);
  process.exit(1);
}
const installed = join(applyHome, ".copilot", "agentihooks-hook.sh");
let wrapper = installed;
if (args.includes("--instructions")) {
  // Under callgrind a hook runs ~50x slower: the wrapper's 20 s deadline would kill the runtime
  // mid-count. A copy with a longer limit.
  wrapper = join(work, "agentihooks-hook-callgrind.sh");
  writeFileSync(wrapper, readFileSync(installed, "utf8").replace(/^limit=\d+$/m, "limit=3600"));
  chmodSync(wrapper, 0o755);
}
// The baseline goes through the same kind of script, so both sides pay the same bash start.
const baseline = join(work, "node-e-0.sh");
writeFileSync(baseline, `#!/usr/bin/env bash\nset -euo pipefail\nexec ${quote(process.execPath)} -e 0\n`);
chmodSync(baseline, 0o755);

const cwd = root;
const typicalPre = JSON.stringify({
  sessionId: "bench-session",
  timestamp: 1764489600000,
  cwd,
  toolName: "bash",
  toolArgs: { command: "git status --short && npm test -- --reporter dot 2>&1 | tail -n 40", description: "Run the tests" },
});
const largeContent = Array.from({ length: 4000 }, (_, i) => `export const value${i} = "line ${i} of a generated module with some ordinary text";`).join("\n");
const largePre = JSON.stringify({
  sessionId: "bench-session",
  timestamp: 1764489600000,
  cwd,
  toolName: "create",
  toolArgs: { path: join(work, "generated.ts"), file_text: largeContent },
});
const typicalPost = JSON.stringify({
  sessionId: "bench-session",
  timestamp: 1764489600000,
  cwd,
  toolName: "bash",
  toolArgs: { command: "ls -la" },
  toolResult: { resultType: "success", textResultForLlm: "total 8\ndrwxr-xr-x 2 me me 4096 .\n" },
});
const largePost = JSON.stringify({
  sessionId: "bench-session",
  timestamp: 1764489600000,
  cwd,
  toolName: "view",
  toolArgs: { path: "src/big.ts" },
  toolResult: { resultType: "success", textResultForLlm: largeContent },
});
const sessionStart = JSON.stringify({ sessionId: "bench-session", timestamp: 1764489600000, cwd, source: "new", initialPrompt: "fix the tests" });
const prompt = JSON.stringify({ sessionId: "bench-session", timestamp: 1764489600000, cwd, prompt: "Please refactor the runtime module and run the tests." });

const cases = [
  { name: "node -e 0 (baseline)", script: baseline, event: "", input: typicalPre },
  { name: "preToolUse typical", script: wrapper, event: "preToolUse", input: typicalPre },
  { name: `preToolUse large (${Math.round(largePre.length / 1024)} KiB)`, script: wrapper, event: "preToolUse", input: largePre },
  { name: "postToolUse typical", script: wrapper, event: "postToolUse", input: typicalPost },
  { name: `postToolUse large (${Math.round(largePost.length / 1024)} KiB)`, script: wrapper, event: "postToolUse", input: largePost },
  { name: "sessionStart", script: wrapper, event: "sessionStart", input: sessionStart },
  { name: "userPromptSubmitted", script: wrapper, event: "userPromptSubmitted", input: prompt },
];

const env = { ...process.env, HOME: applyHome, AGENTIHOOKS_HOME: join(applyHome, ".agentihooks") };
delete env.NODE_OPTIONS;
// With NODE_EXTRA_CA_CERTS set, every Node process parses that CA bundle at start-up (~400 M
// instructions for a typical corporate bundle, five times all the rest of `node -e 0`): the baseline
// would mostly measure certificate parsing and every ratio would look better than it is.
delete env.NODE_EXTRA_CA_CERTS;

// CPU time (user + system) of finished children, from /proc (Linux; clock ticks of 10 ms). On a
// loaded machine wall time mostly measures the scheduler; summed over all runs, CPU time does not.
function childCpuMs() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

function once(c) {
  const cpuBefore = childCpuMs();
  const start = process.hrtime.bigint();
  const result = spawnSync(c.script, c.event ? [c.event] : [], { input: c.input, env, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${c.name}: exit ${result.status}\n${result.stderr}`);
  return { ms, cpu: childCpuMs() - cpuBefore };
}

/** Instructions executed by one run of `c` under callgrind (all threads), or NaN. */
function instructions(c) {
  return new Promise((resolveCount) => {
    const child = spawn(
      "valgrind",
      ["--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null", "--smc-check=all-non-file", c.script, ...(c.event ? [c.event] : [])],
      { env, stdio: ["pipe", "ignore", "pipe"] },
    );
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.on("error", () => resolveCount(Number.NaN));
    child.on("close", () => {
      // Each program valgrind starts (bash, env, node, anything exec'd) reports its own count. A
      // child bash forks without exec reports one too, but callgrind starts it from the parent's
      // count at the fork (measured: a subshell forked after 35 M instructions of bash reports
      // 35 M), so those are left out: what such a subshell does after the fork is not counted.
      const started = new Set([...err.matchAll(/^==(\d+)== Command: /gm)].map((m) => m[1]));
      const found = [...err.matchAll(/^==(\d+)== Collected : (\d+)/gm)].filter((m) => started.has(m[1])).map((m) => Number(m[2]));
      resolveCount(found.length > 0 ? found.reduce((a, b) => a + b, 0) : Number.NaN);
    });
    child.stdin.end(c.input);
  });
}

if (args.includes("--worst-case")) {
  // The goal "no payload up to 10 MiB takes over 1 s": 10 MiB adversarial command lines and file
  // contents (the shapes of tests/runtime/command-effects.test.ts and secrets-content.test.ts), each
  // as one preToolUse through the installed wrapper, timed from spawn to exit, best of `--runs`
  // (default 3). A measure of the whole hook on a quiet machine; the tests hold only ratios.
  const mib = 10 * 1024 * 1024;
  const fill = (unit) => unit.repeat(Math.ceil(mib / unit.length)).slice(0, mib);
  const shell = ["a", "$(", '"$(', "`", "${", "'", "a | ", "cat x; ", "{a,b}", "$'\\x41", "<<EOF\n", "cd a/; ", "echo $((", "eval "].map((u) => [
    `command ${JSON.stringify(u)}`,
    fill(u),
  ]);
  shell.push(
    ["command git push origin HEAD:x…", `git push origin HEAD:${"x".repeat(mib)}`],
    ["command rm -rf /a/a…", `rm -rf ${"/a".repeat(mib / 2)}`],
    ["command cat ***…", `cat ${"*".repeat(mib)}`],
  );
  const content = [
    "secret_",
    "PASSWORD ",
    "password=x.y(",
    "a=b:",
    "postgres://u:",
    "ghp_0123456789abcdefghij0123456789 ",
    "AKIA",
    "eyJ",
    "eyJhbGci.eyJzdWIi.",
    "-----BEGIN RSA PUBLIC \n",
    "-",
    "Authorization: Bearer ",
    '\\"password\\": \\"',
    "#   nosecret?",
  ].map((u) => [`content ${JSON.stringify(u)}`, fill(u)]);
  const worst = [
    ...shell.map(([name, command]) => ({
      name,
      input: JSON.stringify({ sessionId: "bench-session", timestamp: 1764489600000, cwd: work, toolName: "bash", toolArgs: { command } }),
    })),
    ...content.map(([name, text]) => ({
      name,
      input: JSON.stringify({
        sessionId: "bench-session",
        timestamp: 1764489600000,
        cwd: work,
        toolName: "create",
        toolArgs: { path: join(work, "big.txt"), file_text: text },
      }),
    })),
  ];
  const rounds = option("--runs", 3);
  const rows = worst.map((w) => {
    let best = Number.POSITIVE_INFINITY;
    let decision = "";
    for (let i = 0; i < rounds; i += 1) {
      const start = process.hrtime.bigint();
      const r = spawnSync(wrapper, ["preToolUse"], { input: w.input, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
      decision = r.status === 0 ? "allow" : r.status === 2 ? "deny" : `exit ${r.status}`;
    }
    return { name: w.name, ms: best, decision };
  });
  rmSync(work, { recursive: true, force: true });
  const slowest = rows.reduce((a, b) => (b.ms > a.ms ? b : a));
  if (asJson) process.stdout.write(`${JSON.stringify({ mode: "worst-case", node: process.version, rows, slowest }, null, 2)}\n`);
  else {
    const width = Math.max(...rows.map((r) => r.name.length));
    const lines = [`hook benchmark: 10 MiB adversarial preToolUse payloads through the wrapper, best of ${rounds}, Node ${process.version}`, ""];
    for (const r of rows) lines.push(`${r.name.padEnd(width)}  ${r.ms.toFixed(0).padStart(6)} ms  ${r.decision}`);
    lines.push("", `slowest: ${slowest.name}, ${slowest.ms.toFixed(0)} ms (goal: every payload up to 10 MiB decided within 1 s)`);
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  process.exit(rows.every((r) => r.decision === "allow" || r.decision === "deny") ? 0 : 1);
}

if (args.includes("--instructions")) {
  // One plain run of each case first, as the wall-time rounds warm up: the first pre-tool call the
  // runtime allows writes its code cache (runtime/load-with-code-cache.ts), which later calls use.
  for (const c of cases) once(c);
  const counts = [];
  // Two at a time: valgrind is slow, and the counts do not depend on what else runs.
  for (let i = 0; i < cases.length; i += 2) counts.push(...(await Promise.all(cases.slice(i, i + 2).map(instructions))));
  rmSync(work, { recursive: true, force: true });
  const rows = cases.map((c, k) => ({ name: c.name, instructions: counts[k], ratio: counts[k] / counts[0] }));
  if (asJson) process.stdout.write(`${JSON.stringify({ mode: "instructions", node: process.version, rows }, null, 2)}\n`);
  else {
    const width = Math.max(...rows.map((r) => r.name.length));
    const lines = [`hook benchmark: instructions per invocation under callgrind (all threads), Node ${process.version}, through bash wrappers`, ""];
    for (const r of rows) lines.push(`${r.name.padEnd(width)}  ${(r.instructions / 1e6).toFixed(1).padStart(8)} M  ${r.ratio.toFixed(3)}x`);
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  process.exit(Number.isFinite(counts[0]) ? 0 : 1);
}

for (let i = 0; i < warmup; i += 1) for (const c of cases) once(c);
const samples = cases.map(() => []);
const cpuTotals = cases.map(() => 0);
for (let i = 0; i < runs; i += 1) {
  cases.forEach((c, k) => {
    const { ms, cpu } = once(c);
    samples[k].push(ms);
    cpuTotals[k] += cpu;
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
const rows = cases.map((c, k) => {
  const sorted = [...samples[k]].sort((a, b) => a - b);
  return {
    name: c.name,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    spread: quantile(sorted, 0.95) - quantile(sorted, 0.05),
    min: sorted[0],
    cpu: cpuTotals[k] / runs,
  };
});
const base = rows[0];
for (const row of rows) {
  row.ratio = row.median / base.median;
  row.minRatio = row.min / base.min;
  row.cpuRatio = row.cpu / base.cpu;
}
rmSync(work, { recursive: true, force: true });

if (asJson) {
  process.stdout.write(`${JSON.stringify({ runs, warmup, node: process.version, rows }, null, 2)}\n`);
} else {
  const width = Math.max(...rows.map((r) => r.name.length));
  const lines = [`hook benchmark: ${runs} runs after ${warmup} warm-up rounds, Node ${process.version}, through bash wrappers`, ""];
  lines.push(`${"case".padEnd(width)}  median ms    p95 ms  spread ms  ratio   min ms  ratio   cpu ms  ratio`);
  const fmt = (n, w) => (Number.isFinite(n) ? n.toFixed(1) : "-").padStart(w);
  const x = (n) => `${Number.isFinite(n) ? n.toFixed(2) : "-"}x`.padStart(6);
  for (const r of rows)
    lines.push(
      `${r.name.padEnd(width)}  ${fmt(r.median, 9)}  ${fmt(r.p95, 8)}  ${fmt(r.spread, 9)}  ${x(r.ratio)}  ${fmt(r.min, 7)} ${x(r.minRatio)}  ${fmt(r.cpu, 7)} ${x(r.cpuRatio)}`,
    );
  const typical = rows[1];
  lines.push(
    "",
    `typical preToolUse: ${typical.ratio.toFixed(2)}x node -e 0 by median wall time (goal: within 1.25x); ${typical.minRatio.toFixed(2)}x by fastest run; ${Number.isFinite(typical.cpuRatio) ? typical.cpuRatio.toFixed(2) : "-"}x by CPU time`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
}

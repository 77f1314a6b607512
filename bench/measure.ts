/**
 * Timing and memory of one child process, and the statistics over several runs. Wall time is taken
 * around a plain spawn (nothing wrapped around the measured program); peak memory comes from
 * separate runs under GNU time (`/usr/bin/time -f %M`) or, where that is missing, from a preload that
 * makes every Node process report its own `process.resourceUsage().maxRSS` on exit.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** One program to run: argv[0] is the executable. */
export interface Invocation {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Exit statuses that count as success (default: only 0). */
  okStatuses?: readonly number[];
}

/** What one run gave. */
export interface RunResult {
  ok: boolean;
  /** Wall milliseconds (spawn to exit). */
  ms: number;
  /** Exit status, or -1 when killed by a signal. */
  status: number;
  /** The last lines of stderr, for a failure message. */
  stderrTail: string;
}

/** Runs the invocation once, timing it; stdout is discarded, stderr kept for failures. */
export function runTimed(invocation: Invocation, timeoutMs: number): RunResult {
  const [file, ...args] = invocation.argv;
  if (!file) throw new Error("empty argv");
  const started = process.hrtime.bigint();
  const child = spawnSync(file, args, {
    cwd: invocation.cwd,
    env: invocation.env,
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const status = child.status ?? -1;
  const stderrTail = (child.stderr ?? "").trim().split("\n").slice(-3).join(" | ");
  return { ok: (invocation.okStatuses ?? [0]).includes(status), ms, status, stderrTail: child.error ? `${child.error.message} ${stderrTail}` : stderrTail };
}

/** How peak memory is read on this machine. */
export type MemoryProbe = { kind: "gnu-time"; path: string } | { kind: "node-preload"; preload: string };

/** GNU time when installed (it sees every process), else the Node preload written into `workDir`. */
export function chooseMemoryProbe(workDir: string): MemoryProbe {
  for (const candidate of ["/usr/bin/time", "/bin/time"]) {
    if (!existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ["-f", "%M", "true"], { encoding: "utf8" });
    if (probe.status === 0 && /^\d+\s*$/m.test(probe.stderr)) return { kind: "gnu-time", path: candidate };
  }
  mkdirSync(workDir, { recursive: true });
  const preload = path.join(workDir, "max-rss-probe.cjs");
  // Appends this process's peak RSS (KiB) to the file named by the variable; children inherit it.
  writeFileSync(
    preload,
    "const f = process.env.AGENTIHOOKS_BENCH_RSS_FILE;\nif (f) process.on('exit', () => { try { require('fs').appendFileSync(f, process.resourceUsage().maxRSS + '\\n'); } catch {} });\n",
  );
  return { kind: "node-preload", preload };
}

/**
 * Runs the invocation once and returns its peak resident memory in MiB and, under GNU time, its CPU
 * time (user + system, 10 ms resolution) in milliseconds; null where unreadable. GNU time adds about a
 * millisecond of wall time, the same for every command.
 */
export function runForMemory(
  invocation: Invocation,
  probe: MemoryProbe,
  scratch: string,
  timeoutMs: number,
): { peakMiB: number | null; cpuMs: number | null; result: RunResult } {
  mkdirSync(scratch, { recursive: true });
  const file = path.join(scratch, "max-rss.txt");
  rmSync(file, { force: true });
  let wrapped: Invocation;
  if (probe.kind === "gnu-time") {
    wrapped = { ...invocation, argv: [probe.path, "-f", "%M %U %S", "-o", file, ...invocation.argv] };
  } else {
    const nodeOptions = [invocation.env.NODE_OPTIONS ?? "", `--require=${probe.preload}`].join(" ").trim();
    wrapped = { ...invocation, env: { ...invocation.env, NODE_OPTIONS: nodeOptions, AGENTIHOOKS_BENCH_RSS_FILE: file } };
  }
  const result = runTimed(wrapped, timeoutMs);
  let peakMiB: number | null = null;
  let cpuMs: number | null = null;
  if (existsSync(file)) {
    const lines = readFileSync(file, "utf8")
      .split("\n")
      .map((line) => line.trim())
      // GNU time prefixes "Command exited with non-zero status N" on failure.
      .filter((line) => /^[0-9]/.test(line));
    const values = lines.map((line) => Number.parseInt(line, 10)).filter((value) => Number.isFinite(value));
    if (values.length > 0) peakMiB = Math.max(...values) / 1024;
    if (probe.kind === "gnu-time") {
      const [, user, system] = (lines[0] ?? "").split(/\s+/).map(Number);
      if (user !== undefined && system !== undefined && Number.isFinite(user) && Number.isFinite(system)) cpuMs = (user + system) * 1000;
    }
  }
  return { peakMiB, cpuMs, result };
}

/** Median, quartiles and range of a sample, in the sample's unit. */
export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
  p25: number;
  p75: number;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const a = sorted[low] ?? Number.NaN;
  const b = sorted[high] ?? Number.NaN;
  return a + (b - a) * (position - low);
}

/** Summarises a non-empty sample (NaNs everywhere for an empty one). */
export function summarise(values: number[]): Summary {
  // Sorted copy: quantiles need order, the caller's array stays as measured.
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
  };
}

/** Least-squares line y = intercept + slope·x, with R². Needs two distinct x values. */
export function fitLine(points: { x: number; y: number }[]): { slope: number; intercept: number; r2: number } | null {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const r2 = syy === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept, r2 };
}

/**
 * `npm run bench`: generates the synthetic inputs at each scale, times agentihooks and its peers on
 * them side by side (interleaved rounds after a warm-up, so machine noise falls on every tool alike),
 * runs the hook benchmark, and writes bench/results.md. Never part of the test suite: timings are
 * reported as ratios measured in the same run, not asserted.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { clientIds, findClient } from "../runtime/clients/registry";
import { benchTargets, type GeneratedInputs, generateInputs, rulerAgents } from "./generate-bundle";
import { type Invocation, type MemoryProbe, chooseMemoryProbe, runForMemory, runTimed } from "./measure";
import { type InstalledPeer, benchCacheDir, installPeers } from "./peers";
import { filesystemOf, inMemory, workRoot } from "./work-dir";
import { type BenchRun, type CommandResult, type HookReport, type MachineInfo, type ScaleResult, readHookReport, renderReport } from "./report";

const root = fileURLToPath(new URL("..", import.meta.url));
/** The raw measurements of the latest run (gitignored), for re-rendering the report. */
const lastRunFile = path.join(root, "bench", "work", "last-run.json");

/** Rounds per scale: warm-up runs (peak memory is read on them) and timed runs. */
interface ScalePlan {
  factor: number;
  warmup: number;
  runs: number;
}

/** Chosen so the whole benchmark stays near ten minutes on a 2-core machine (rulesync takes ~37 s at 100x). */
const defaultPlans: ScalePlan[] = [
  { factor: 1, warmup: 1, runs: 10 },
  { factor: 10, warmup: 1, runs: 5 },
  { factor: 100, warmup: 0, runs: 2 },
];

/** Scale-independent commands this cheap run this many times per round, for a tighter median. */
const cheapRepeat = 3;

interface Options {
  plans: ScalePlan[];
  peers: boolean;
  hook: boolean;
  keep: boolean;
  output: string;
  /** Where inputs, homes and output trees live; by default a RAM-backed directory (see workRoot). */
  workDir?: string;
  /** Re-render the report from a saved run instead of measuring. */
  render?: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { plans: defaultPlans, peers: true, hook: true, keep: false, output: path.join(root, "bench", "results.md") };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const next = () => {
      const value = argv[(i += 1)];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      return value;
    };
    if (arg === "--scales") {
      const factors = next()
        .split(",")
        .map((s) => Number.parseInt(s, 10));
      options.plans = factors.map((factor) => defaultPlans.find((p) => p.factor === factor) ?? { factor, warmup: 1, runs: 3 });
    } else if (arg === "--runs") {
      const runs = Number.parseInt(next(), 10);
      options.plans = options.plans.map((p) => ({ ...p, runs }));
    } else if (arg === "--no-peers") options.peers = false;
    else if (arg === "--no-hook") options.hook = false;
    else if (arg === "--keep") options.keep = true;
    else if (arg === "--output") options.output = path.resolve(next());
    else if (arg === "--work-dir") options.workDir = path.resolve(next());
    else if (arg === "--render") options.render = path.resolve(next());
    else if (arg === "--help" || arg === "-h") {
      process.stdout.write(
        "Usage: node bench/run.mjs [--scales 1,10,100] [--runs N] [--no-peers] [--no-hook] [--keep] [--work-dir DIR] [--output FILE] [--render RUN.json]\n" +
          "The work tree goes in /dev/shm when it exists (RAM), else the system temp dir; --work-dir overrides.\n" +
          "Each run's raw measurements are saved to bench/work/last-run.json; --render rewrites the report from such a file.\n" +
          "Peers are cached in $AGENTIHOOKS_BENCH_CACHE (default ~/.cache/agentihooks-bench).\n",
      );
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

/** The child environment: a throwaway HOME and none of the variables that point a tool elsewhere. */
function isolatedEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: path.join(home, ".config"), NO_COLOR: "1" };
  // Every client's home variable comes from its contract, so a new target is isolated too.
  const clientHomes = clientIds().map((id) => findClient(id)?.contract.home.variable ?? "");
  // NODE_EXTRA_CA_CERTS makes every Node process parse that CA bundle at start-up (most of what a
  // `node -e 0` costs on a machine that sets it), which would flatter every ratio (bench/hook.mjs).
  for (const name of [...clientHomes, "AGENTIHOOKS_HOME", "AGENTIHOOKS_BUNDLE_PATH", "NODE_OPTIONS", "FORCE_COLOR", "NODE_EXTRA_CA_CERTS"]) delete env[name];
  return env;
}

function machineInfo(probe: MemoryProbe, peers: Record<string, InstalledPeer> | undefined, work: string, disk: string | undefined): MachineInfo {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString().slice(0, 16).replace("T", " "),
    cpu: cpus[0]?.model.trim() ?? "unknown CPU",
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    memoryProbe: probe.kind === "gnu-time" ? `GNU time (${probe.path} -f %M)` : "process.resourceUsage().maxRSS of each Node process (GNU time not installed)",
    peers: peers ? Object.values(peers).map((p) => `${p.name} ${p.version}`) : [],
    workFilesystem: `${filesystemOf(work)} (${path.dirname(work)})`,
    ...(disk ? { diskFilesystem: `${filesystemOf(disk)} (${path.dirname(disk)})` } : {}),
  };
}

/** Every file under `dir`, relative and sorted, skipping the named top-level entries. */
function listFiles(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    const absolute = path.join(dir, relative);
    // Sorted so listings compare equal across runs.
    for (const entry of readdirSync(absolute, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (!relative && skip.has(entry.name)) continue;
      if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  if (existsSync(dir)) walk("");
  return out;
}

/** Counts files per top-level entry (`.claude`, `copilot`, `.` for files at the root). */
function countByTop(files: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of files) {
    const slash = file.indexOf("/");
    const top = slash === -1 ? "." : file.slice(0, slash);
    counts[top] = (counts[top] ?? 0) + 1;
  }
  return counts;
}

/** path → size:mtime, to tell whether a run wrote anything. */
function snapshot(dir: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const file of listFiles(dir)) {
    const stat = statSync(path.join(dir, file));
    map.set(file, `${stat.size}:${stat.mtimeMs}`);
  }
  return map;
}

function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = new Set<string>();
  for (const [file, value] of after) if (before.get(file) !== value) changed.add(file);
  for (const file of before.keys()) if (!after.has(file)) changed.add(file);
  return [...changed].sort();
}

/** One measured command of a scale. */
interface CommandSpec {
  id: string;
  label: string;
  tool: "node" | "agentihooks" | "ruler" | "rulesync";
  invocation: Invocation;
  cheap: boolean;
  /** Runs before every run, untimed (clears an output dir). */
  before?: () => void;
}

/**
 * Copies the built package (what npm would install: package.json, bin, dist, profiles, schemas,
 * templates) into the work dir and returns its CLI entry. Other runs in the same checkout rebuild
 * dist/ (tests do, before every suite); the copy keeps the measured program fixed for the whole run.
 */
function snapshotPackage(work: string): string {
  const target = path.join(work, "package");
  for (let attempt = 0; ; attempt += 1) {
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    try {
      cpSync(path.join(root, "package.json"), path.join(target, "package.json"));
      for (const dir of ["bin", "dist", "profiles", "schemas", "templates"]) {
        if (existsSync(path.join(root, dir))) cpSync(path.join(root, dir), path.join(target, dir), { recursive: true });
      }
      if (existsSync(path.join(target, "dist", "cli.js"))) break;
    } catch (error) {
      if (attempt >= 20) throw error;
    }
    if (attempt >= 20) throw new Error("dist/cli.js is missing: run `npm run build` (npm run bench does it first)");
    // A concurrent build is swapping dist/ in; try again shortly.
    spawnSync("sleep", ["0.5"]);
  }
  return path.join(target, "bin", "agentihooks.js");
}

/** The directories of one scale; `outDisk` only when the work tree is in RAM and the disk is elsewhere. */
interface ScaleDirs {
  home: string;
  peerHome: string;
  out: string;
  outKept: string;
  outDisk?: string;
}

function commandsFor(cli: string, inputs: GeneratedInputs, dirs: ScaleDirs, peers: Record<string, InstalledPeer> | undefined): CommandSpec[] {
  const node = process.execPath;
  const env = isolatedEnv(dirs.home);
  const peerEnv = isolatedEnv(dirs.peerHome);
  const ours = (args: string[]): Invocation => ({ argv: [node, cli, ...args], cwd: inputs.agentihooks, env });
  const specs: CommandSpec[] = [
    { id: "node", label: "node -e 0", tool: "node", cheap: true, invocation: { argv: [node, "-e", "0"], cwd: inputs.agentihooks, env } },
    { id: "version", label: "agentihooks --version", tool: "agentihooks", cheap: true, invocation: ours(["--version"]) },
    {
      id: "build",
      label: `agentihooks build --out (${benchTargets.length} targets)`,
      tool: "agentihooks",
      cheap: false,
      invocation: ours(["build", "--out", dirs.out]),
      before: () => rmSync(dirs.out, { recursive: true, force: true }),
    },
    ...(dirs.outDisk ? [diskBuild(ours, dirs.outDisk)] : []),
    {
      // The same build into a tree it already wrote (a bundle repo's committed output): the plan finds
      // nothing to write. Shown beside the fresh build; the goals use the fresh one.
      id: "build-again",
      label: "agentihooks build --out (tree up to date)",
      tool: "agentihooks",
      cheap: false,
      invocation: ours(["build", "--out", dirs.outKept]),
    },
    {
      id: "dry-run",
      label: "agentihooks build --dry-run (populated home)",
      tool: "agentihooks",
      cheap: false,
      // Exit 2 means "changes pending": still a complete plan, so still a valid run to time.
      invocation: { ...ours(["build", "--dry-run"]), okStatuses: [0, 2] },
    },
    { id: "apply", label: "agentihooks apply --yes (no-op)", tool: "agentihooks", cheap: false, invocation: ours(["apply", "--yes"]) },
  ];
  if (peers?.ruler) {
    specs.push({
      id: "ruler",
      label: "ruler apply",
      tool: "ruler",
      cheap: false,
      // --subagents: the agents are part of the input; ruler leaves them out unless asked.
      invocation: { argv: [node, peers.ruler.script, "apply", "--agents", rulerAgents.join(","), "--subagents"], cwd: inputs.ruler, env: peerEnv },
    });
  }
  if (peers?.rulesync) {
    specs.push({
      id: "rulesync",
      label: "rulesync generate",
      tool: "rulesync",
      cheap: false,
      invocation: { argv: [node, peers.rulesync.script, "generate"], cwd: inputs.rulesync, env: peerEnv },
    });
  }
  return specs;
}

/** The fresh build again, its output tree on the disk: what file creation costs on this machine. */
function diskBuild(ours: (args: string[]) => Invocation, out: string): CommandSpec {
  return {
    id: "build-disk",
    label: `agentihooks build --out (${benchTargets.length} targets), output on disk`,
    tool: "agentihooks",
    cheap: false,
    invocation: ours(["build", "--out", out]),
    before: () => rmSync(out, { recursive: true, force: true }),
  };
}

const timeoutMs = 10 * 60 * 1000;

function measureScale(
  cli: string,
  plan: ScalePlan,
  inputs: GeneratedInputs,
  work: string,
  disk: string | undefined,
  probe: MemoryProbe,
  peers: Record<string, InstalledPeer> | undefined,
): ScaleResult {
  const dirs: ScaleDirs = {
    home: path.join(work, "home"),
    peerHome: path.join(work, "peer-home"),
    out: path.join(work, "out"),
    outKept: path.join(work, "out-kept"),
  };
  if (disk) dirs.outDisk = path.join(disk, `x${plan.factor}`, "out");
  mkdirSync(dirs.home, { recursive: true });
  mkdirSync(dirs.peerHome, { recursive: true });
  const specs = commandsFor(cli, inputs, dirs, peers);
  const notes: string[] = [];

  // Populate the home once, so --dry-run and the timed applies see an installed agentihooks.
  const applySpec = specs.find((s) => s.id === "apply");
  if (applySpec) {
    const first = runTimed(applySpec.invocation, timeoutMs);
    if (!first.ok) notes.push(`the first apply into the temporary home failed (exit ${first.status}): ${first.stderrTail}`);
  }
  const againSpec = specs.find((s) => s.id === "build-again");
  if (againSpec) {
    const first = runTimed(againSpec.invocation, timeoutMs);
    if (!first.ok) notes.push(`the first build into the kept output tree failed (exit ${first.status}): ${first.stderrTail}`);
  }

  const results = new Map<string, CommandResult>();
  for (const spec of specs)
    results.set(spec.id, { id: spec.id, label: spec.label, tool: spec.tool, samples: [], cpuSamples: [], peakMiB: null, failure: null });

  // Warm-up (read peak memory here, so no timed run carries the probe). Without warm-up (the
  // slowest scale), memory is read on the first timed run: the probe costs about a millisecond.
  for (const spec of specs) {
    const result = results.get(spec.id);
    if (!result) continue;
    for (let i = 0; i < plan.warmup; i += 1) {
      spec.before?.();
      const measured = runForMemory(spec.invocation, probe, path.join(work, "probe"), timeoutMs);
      if (!measured.result.ok) {
        result.failure = `exit ${measured.result.status}: ${measured.result.stderrTail || "(no stderr)"}`;
        break;
      }
      if (measured.peakMiB !== null) result.peakMiB = Math.max(result.peakMiB ?? 0, measured.peakMiB);
    }
  }

  const homeBefore = snapshot(dirs.home);
  for (let round = 0; round < plan.runs; round += 1) {
    for (const spec of specs) {
      const result = results.get(spec.id);
      if (!result || result.failure) continue;
      const repeat = spec.cheap ? cheapRepeat : 1;
      for (let i = 0; i < repeat; i += 1) {
        spec.before?.();
        let run;
        // Under GNU time every run also yields CPU time, which load on the machine disturbs far less
        // than wall time; without it only the first run of a scale with no warm-up is probed.
        if (probe.kind === "gnu-time" || (plan.warmup === 0 && round === 0 && i === 0)) {
          const measured = runForMemory(spec.invocation, probe, path.join(work, "probe"), timeoutMs);
          if (measured.peakMiB !== null) result.peakMiB = Math.max(result.peakMiB ?? 0, measured.peakMiB);
          if (measured.cpuMs !== null && measured.result.ok) result.cpuSamples.push(measured.cpuMs);
          run = measured.result;
        } else {
          run = runTimed(spec.invocation, timeoutMs);
        }
        if (!run.ok) {
          result.failure = `exit ${run.status} in round ${round + 1}: ${run.stderrTail || "(no stderr)"}`;
          break;
        }
        result.samples.push(run.ms);
      }
    }
    log(`  ${plan.factor}x round ${round + 1}/${plan.runs} done`);
  }
  // What each tool wrote (the last run's output): proof that every tool produced the equivalent outputs.
  const outputs: Record<string, Record<string, number>> = {};
  if (!results.get("build")?.failure) outputs["agentihooks build --out"] = countByTop(listFiles(dirs.out));
  if (peers?.ruler && !results.get("ruler")?.failure) outputs["ruler apply"] = countByTop(listFiles(inputs.ruler, new Set([".ruler"])));
  if (peers?.rulesync && !results.get("rulesync")?.failure)
    outputs["rulesync generate"] = countByTop(listFiles(inputs.rulesync, new Set([".rulesync", "rulesync.jsonc"])));
  const written = changedFiles(homeBefore, snapshot(dirs.home));
  if (written.length > 0 && !results.get("apply")?.failure) {
    notes.push(`the repeated apply / dry-run wrote ${written.length} file(s) in the populated home (not a no-op): ${written.slice(0, 5).join(", ")}`);
  }
  const homeFiles = listFiles(dirs.home).length;
  return {
    factor: plan.factor,
    counts: inputs.counts,
    inputFiles: inputs.files,
    warmup: plan.warmup,
    runs: plan.runs,
    commands: [...results.values()],
    outputs,
    homeFiles,
    notes,
  };
}

function runHookBench(): HookReport {
  const script = path.join(root, "bench", "hook.mjs");
  if (!existsSync(script)) return { ok: false, output: "bench/hook.mjs does not exist yet (the hook runtime's benchmark).", rows: [], ratio: null };
  log("running bench/hook.mjs --json");
  const child = spawnSync(process.execPath, [script, "--json"], { cwd: root, encoding: "utf8", timeout: timeoutMs, env: { ...process.env, NO_COLOR: "1" } });
  return readHookReport(child.status, child.stdout ?? "", child.stderr ?? "");
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.render) {
    const saved = JSON.parse(readFileSync(options.render, "utf8")) as BenchRun;
    const report = renderReport(saved);
    writeFileSync(options.output, report.markdown);
    process.stdout.write(`${report.console}\n`);
    return;
  }
  const started = Date.now();
  let peers: Record<string, InstalledPeer> | undefined;
  if (options.peers) {
    const installed = installPeers(log);
    if ("error" in installed) log(`peers skipped: ${installed.error}`);
    else peers = installed;
  }
  const work = mkdtempSync(path.join(workRoot(options.workDir), "agentihooks-bench-"));
  // With the work tree in RAM, one row per scale still writes to the disk (see bench/work-dir.ts).
  const disk =
    inMemory(filesystemOf(work)) && !inMemory(filesystemOf(os.tmpdir())) ? mkdtempSync(path.join(os.tmpdir(), "agentihooks-bench-disk-")) : undefined;
  const probe = chooseMemoryProbe(work);
  const cli = snapshotPackage(work);
  const machine = machineInfo(probe, peers, work, disk);
  log(`work dir ${work}${disk ? ` (output on disk: ${disk})` : ""}; peers cached in ${benchCacheDir()}; memory via ${probe.kind}`);
  const scales: ScaleResult[] = [];
  try {
    for (const plan of options.plans) {
      const dir = path.join(work, `x${plan.factor}`);
      log(`${plan.factor}x: generating inputs`);
      const inputs = await generateInputs(path.join(dir, "input"), plan.factor);
      log(`${plan.factor}x: ${inputs.files.agentihooks} agentihooks input files; ${plan.warmup} warm-up + ${plan.runs} timed rounds`);
      scales.push(measureScale(cli, plan, inputs, dir, disk, probe, peers));
    }
  } finally {
    if (!options.keep) {
      rmSync(work, { recursive: true, force: true });
      if (disk) rmSync(disk, { recursive: true, force: true });
    } else log(`kept ${work}${disk ? ` and ${disk}` : ""}`);
  }
  const hook = options.hook ? runHookBench() : null;
  const run: BenchRun = { machine, scales, hook, elapsedSeconds: (Date.now() - started) / 1000 };
  mkdirSync(path.dirname(lastRunFile), { recursive: true });
  writeFileSync(lastRunFile, `${JSON.stringify(run, null, 2)}\n`);
  const report = renderReport(run);
  writeFileSync(options.output, report.markdown);
  process.stdout.write(`${report.console}\n`);
  log(`results written to ${path.relative(process.cwd(), options.output) || options.output} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

/**
 * Turns the measurements into bench/results.md (machine, date, input sizes, the timing table with
 * ratios, the goals of design.md marked met or not, the per-file slope, the outputs each tool wrote,
 * the hook benchmark) and a shorter console view. Pure: no clock or file access here.
 */
import { clientIds, findClient } from "../runtime/clients/registry";
import type { BenchCounts } from "./generate-bundle";
import { type Summary, fitLine, summarise } from "./measure";

/** The machine the figures were taken on. */
export interface MachineInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  memoryProbe: string;
  peers: string[];
  /** Filesystem of the work tree (inputs, homes, output trees), e.g. `tmpfs (/dev/shm)`; absent in older runs. */
  workFilesystem?: string;
  /** Filesystem of the extra on-disk output tree, when the work tree is in RAM. */
  diskFilesystem?: string;
}

/** One command at one scale. */
export interface CommandResult {
  id: string;
  label: string;
  tool: "node" | "agentihooks" | "ruler" | "rulesync";
  /** Wall milliseconds of the timed runs. */
  samples: number[];
  /** CPU milliseconds (user + system) of the timed runs, where GNU time could read them. */
  cpuSamples: number[];
  /** Peak resident memory of the warm-up run(s), MiB. */
  peakMiB: number | null;
  /** Why the command could not be timed, when it failed. */
  failure: string | null;
}

/** Everything measured at one scale. */
export interface ScaleResult {
  factor: number;
  counts: BenchCounts;
  inputFiles: { agentihooks: number; ruler: number; rulesync: number };
  warmup: number;
  runs: number;
  commands: CommandResult[];
  /** Files each tool wrote, per top-level directory. */
  outputs: Record<string, Record<string, number>>;
  /** Files in the populated home after the runs. */
  homeFiles: number;
  notes: string[];
}

/** One case of bench/hook.mjs (`--json`): milliseconds, and the median as a ratio to `node -e 0`. */
export interface HookRow {
  name: string;
  median: number;
  p95: number;
  spread: number;
  ratio: number;
}

/** What bench/hook.mjs reported. */
export interface HookReport {
  ok: boolean;
  /** Its output when it could not be read as JSON (a failure, or an older text-only version). */
  output: string;
  rows: HookRow[];
  /** The headline: the typical preToolUse median as a ratio to `node -e 0`. */
  ratio: number | null;
}

/** The case design.md's hook goal is about. */
export const hookHeadlineCase = "preToolUse typical";

/**
 * Reads `node bench/hook.mjs --json` (`{ rows: [{ name, median, p95, spread, ratio }] }`); anything
 * else is kept as text, with the ratio taken from the text when it states one.
 */
export function readHookReport(status: number | null, stdout: string, stderr: string): HookReport {
  try {
    const parsed = JSON.parse(stdout) as { rows?: unknown };
    if (Array.isArray(parsed.rows)) {
      const rows = (parsed.rows as Record<string, unknown>[])
        .filter((r) => typeof r.name === "string" && typeof r.median === "number" && typeof r.ratio === "number")
        .map((r) => ({ name: r.name as string, median: r.median as number, p95: Number(r.p95), spread: Number(r.spread), ratio: r.ratio as number }));
      const headline = rows.find((r) => r.name === hookHeadlineCase);
      return { ok: status === 0, output: "", rows, ratio: headline ? headline.ratio : null };
    }
  } catch {
    // not JSON: fall through to the text
  }
  const output = [stdout.trim(), stderr.trim()].filter((part) => part.length > 0).join("\n");
  return { ok: status === 0, output, rows: [], ratio: parseHookRatio(stdout) };
}

/** Input of `renderReport`. */
export interface BenchRun {
  machine: MachineInfo;
  scales: ScaleResult[];
  hook: HookReport | null;
  elapsedSeconds: number;
}

/** Goal thresholds of design.md, "Numbers it must reach". */
export const goals = {
  buildVsRuler: 0.4,
  build10xMs: 500,
  versionVsNode: 1.3,
  hookVsNode: 1.25,
  /** Linear: the per-file cost from 10x to 100x at most this multiple of the cost from 1x to 10x. */
  slopeGrowth: 1.5,
} as const;

/**
 * The headline ratio of bench/hook.mjs: from a JSON line carrying `ratio` / `medianRatio` /
 * `typicalRatio` if it prints one, else the first figure after the word "ratio", else the first
 * "N x node -e 0". Null when absent.
 */
export function parseHookRatio(stdout: string): number | null {
  for (const line of stdout.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed.startsWith("{")) continue;
    try {
      const value = JSON.parse(trimmed) as Record<string, unknown>;
      for (const key of ["ratio", "medianRatio", "typicalRatio"]) {
        const found = value[key];
        if (typeof found === "number") return found;
      }
    } catch {
      // not JSON: keep looking
    }
  }
  const match = /ratio[^0-9\n]*([0-9]+(?:\.[0-9]+)?)/i.exec(stdout) ?? /([0-9]+(?:\.[0-9]+)?)\s*[x×]\s*(?:of\s*)?`?node -e 0/i.exec(stdout);
  return match?.[1] ? Number.parseFloat(match[1]) : null;
}

function ms(value: number): string {
  if (!Number.isFinite(value)) return "–";
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

function ratio(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "–" : `${value.toFixed(2)}x`;
}

function median(result: CommandResult | undefined): number | null {
  if (!result || result.failure || result.samples.length === 0) return null;
  return summarise(result.samples).median;
}

/** Median CPU time (user + system), when every timed run had one. */
function cpuMedian(result: CommandResult | undefined): number | null {
  const cpu = result?.cpuSamples ?? [];
  if (!result || result.failure || cpu.length === 0) return null;
  return summarise(cpu).median;
}

/** Which time a slope is computed on. */
type Metric = "wall" | "cpu";

function valueOf(result: CommandResult | undefined, metric: Metric): number | null {
  return metric === "cpu" ? cpuMedian(result) : median(result);
}

function find(scale: ScaleResult | undefined, id: string): CommandResult | undefined {
  return scale?.commands.find((c) => c.id === id);
}

function divide(a: number | null, b: number | null): number | null {
  return a === null || b === null || b === 0 ? null : a / b;
}

function inputFilesOf(scale: ScaleResult, tool: CommandResult["tool"]): number {
  return tool === "ruler" ? scale.inputFiles.ruler : tool === "rulesync" ? scale.inputFiles.rulesync : scale.inputFiles.agentihooks;
}

function timingTable(scales: ScaleResult[]): string[] {
  const lines = [
    "| scale | command | median | p25–p75 | min–max | runs | CPU median | peak MiB | × node -e 0 | × ruler apply | × rulesync generate |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const scale of scales) {
    const node = median(find(scale, "node"));
    const ruler = median(find(scale, "ruler"));
    const rulesync = median(find(scale, "rulesync"));
    for (const command of scale.commands) {
      if (command.failure) {
        lines.push(`| ${scale.factor}x | ${command.label} | failed | | | | | | | | |`);
        continue;
      }
      const s: Summary = summarise(command.samples);
      const peer = command.tool === "agentihooks";
      lines.push(
        `| ${scale.factor}x | ${command.label} | ${ms(s.median)} | ${ms(s.p25)}–${ms(s.p75)} | ${ms(s.min)}–${ms(s.max)} | ${s.n} | ${cpuMedian(command) === null ? "–" : ms(cpuMedian(command) ?? Number.NaN)} | ${command.peakMiB === null ? "–" : command.peakMiB.toFixed(0)} | ${command.id === "node" ? "1.00x" : ratio(divide(s.median, node))} | ${peer || command.tool === "rulesync" ? ratio(divide(s.median, ruler)) : command.tool === "ruler" ? "1.00x" : "–"} | ${peer || command.tool === "ruler" ? ratio(divide(s.median, rulesync)) : command.tool === "rulesync" ? "1.00x" : "–"} |`,
      );
    }
  }
  return lines;
}

/** One goal's verdict. */
interface GoalVerdict {
  id: "build-vs-ruler" | "build-10x" | "linear" | "version" | "hook";
  goal: string;
  measured: string;
  met: boolean | null;
  why: string;
}

function slopeOf(scales: ScaleResult[], id: string, metric: Metric): { perFileMs: number; r2: number; segments: number[] } | null {
  const points: { x: number; y: number }[] = [];
  for (const scale of scales) {
    const command = find(scale, id);
    const value = valueOf(command, metric);
    if (command && value !== null) points.push({ x: inputFilesOf(scale, command.tool), y: value });
  }
  const fit = fitLine(points);
  if (!fit) return null;
  const segments: number[] = [];
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b && b.x !== a.x) segments.push((b.y - a.y) / (b.x - a.x));
  }
  return { perFileMs: fit.slope, r2: fit.r2, segments };
}

function verdicts(run: BenchRun): GoalVerdict[] {
  const byFactor = (factor: number) => run.scales.find((s) => s.factor === factor);
  const one = byFactor(1);
  const ten = byFactor(10);
  const out: GoalVerdict[] = [];

  const build1 = median(find(one, "build"));
  const ruler1 = median(find(one, "ruler"));
  const buildVsRuler = divide(build1, ruler1);
  out.push({
    id: "build-vs-ruler",
    goal: `build at 1x under ${goals.buildVsRuler}x the time of ruler apply`,
    measured: buildVsRuler === null ? "–" : `${ratio(buildVsRuler)} (${ms(build1 ?? Number.NaN)} vs ${ms(ruler1 ?? Number.NaN)})`,
    met: buildVsRuler === null ? null : buildVsRuler < goals.buildVsRuler,
    why:
      buildVsRuler === null ? (find(one, "build")?.failure ? `build failed: ${find(one, "build")?.failure}` : "not measured (1x scale or ruler missing)") : "",
  });

  const build10 = median(find(ten, "build"));
  const disk10 = median(find(ten, "build-disk"));
  out.push({
    id: "build-10x",
    goal: `build at 10x under ${goals.build10xMs} ms`,
    measured: build10 === null ? "–" : `${ms(build10)}${disk10 === null ? "" : ` (${ms(disk10)} with the output tree on the disk)`}`,
    met: build10 === null ? null : build10 < goals.build10xMs,
    why: build10 === null ? (find(ten, "build")?.failure ? `build failed: ${find(ten, "build")?.failure}` : "not measured (10x scale missing)") : "",
  });

  // Judged on CPU time where GNU time read it: load from other jobs stretches wall time unevenly
  // between scales (each scale runs minutes apart), CPU time much less.
  const metric: Metric = run.scales.every((scale) => cpuMedian(find(scale, "build")) !== null) ? "cpu" : "wall";
  const slope = slopeOf(run.scales, "build", metric);
  const growth =
    slope && slope.segments.length >= 2 && (slope.segments[0] ?? 0) > 0 ? (slope.segments[slope.segments.length - 1] ?? 0) / (slope.segments[0] ?? 1) : null;
  out.push({
    id: "linear",
    goal: `build cost linear in input size (per-file cost 10x→100x within ${goals.slopeGrowth}x of 1x→10x)`,
    measured: slope
      ? `${metric === "cpu" ? "CPU time" : "wall time"}: ${slope.perFileMs.toFixed(3)} ms/file, R² ${slope.r2.toFixed(4)}${growth === null ? "" : `, segment slopes ${slope.segments.map((s) => s.toFixed(3)).join(" → ")} ms/file (${growth.toFixed(2)}x)`}`
      : "–",
    met: growth === null ? null : growth <= goals.slopeGrowth,
    why: growth === null ? "needs build timings at three scales" : "",
  });

  // Start-up does not depend on the input: pool every scale's samples for a steadier median.
  const pooled = (id: string): number[] =>
    run.scales.flatMap((scale) => {
      const command = find(scale, id);
      return command && !command.failure ? command.samples : [];
    });
  const versionSamples = pooled("version");
  const nodeSamples = pooled("node");
  const versionMedian = versionSamples.length > 0 ? summarise(versionSamples).median : null;
  const nodeMedian = nodeSamples.length > 0 ? summarise(nodeSamples).median : null;
  const versionVsNode = divide(versionMedian, nodeMedian);
  out.push({
    id: "version",
    goal: `agentihooks --version within ${goals.versionVsNode}x of node -e 0`,
    measured:
      versionVsNode === null
        ? "–"
        : `${ratio(versionVsNode)} (${ms(versionMedian ?? Number.NaN)} vs ${ms(nodeMedian ?? Number.NaN)}, ${versionSamples.length} runs each, all scales)`,
    met: versionVsNode === null ? null : versionVsNode <= goals.versionVsNode,
    why:
      versionVsNode === null ? (find(run.scales[0], "version")?.failure ? `--version failed: ${find(run.scales[0], "version")?.failure}` : "not measured") : "",
  });

  const hookRatio = run.hook?.ratio ?? null;
  out.push({
    id: "hook",
    goal: `hook invocation within ${goals.hookVsNode}x of node -e 0 (bench/hook.mjs)`,
    measured: hookRatio === null ? "–" : ratio(hookRatio),
    met: hookRatio === null ? null : hookRatio <= goals.hookVsNode,
    why:
      hookRatio === null
        ? run.hook
          ? run.hook.ok
            ? "bench/hook.mjs printed no ratio"
            : "bench/hook.mjs did not run to the end"
          : "skipped (--no-hook)"
        : "",
  });
  return out;
}

function goalTable(list: GoalVerdict[]): string[] {
  return [
    "| goal | measured | met |",
    "|---|---|---|",
    ...list.map(
      (g) => `| ${g.goal} | ${g.measured} | ${g.met === null ? `not measured${g.why ? `: ${g.why.replace(/\|/g, "\\|")}` : ""}` : g.met ? "met" : "NOT met"} |`,
    ),
  ];
}

function slopeTable(scales: ScaleResult[]): string[] {
  const ids = [...new Set(scales.flatMap((s) => s.commands.filter((c) => c.id !== "node" && c.id !== "version").map((c) => c.id)))];
  const lines = [
    "| command | input files per scale | wall median per scale | wall ms per file (fit, R²) | wall segment slopes | CPU median per scale | CPU ms per file (fit, R²) | CPU segment slopes |",
    "|---|---|---|--:|---|---|--:|---|",
  ];
  const cell = (slope: ReturnType<typeof slopeOf>) => (slope ? `${slope.perFileMs.toFixed(3)} (${slope.r2.toFixed(4)})` : "–");
  const segments = (slope: ReturnType<typeof slopeOf>) => (slope ? slope.segments.map((s) => s.toFixed(3)).join(" → ") : "–");
  for (const id of ids) {
    const label = scales.flatMap((s) => s.commands).find((c) => c.id === id)?.label ?? id;
    const files = scales.map((s) => {
      const c = find(s, id);
      return c ? inputFilesOf(s, c.tool) : 0;
    });
    const medians = (metric: Metric) =>
      scales
        .map((s) => {
          const value = valueOf(find(s, id), metric);
          return value === null ? "–" : ms(value);
        })
        .join(" / ");
    const wall = slopeOf(scales, id, "wall");
    const cpu = slopeOf(scales, id, "cpu");
    lines.push(
      `| ${label} | ${files.join(" / ")} | ${medians("wall")} | ${cell(wall)} | ${segments(wall)} | ${medians("cpu")} | ${cell(cpu)} | ${segments(cpu)} |`,
    );
  }
  return lines;
}

function inputTable(scales: ScaleResult[]): string[] {
  return [
    "| scale | rules | MCP servers | commands | agents | skills | input files: agentihooks / ruler / rulesync |",
    "|---|--:|--:|--:|--:|--:|---|",
    ...scales.map(
      (s) =>
        `| ${s.factor}x | ${s.counts.rules} | ${s.counts.mcpServers} | ${s.counts.commands} | ${s.counts.agents} | ${s.counts.skills} | ${s.inputFiles.agentihooks} / ${s.inputFiles.ruler} / ${s.inputFiles.rulesync} |`,
    ),
  ];
}

function outputLines(scales: ScaleResult[]): string[] {
  const lines: string[] = [];
  for (const scale of scales) {
    for (const [tool, counts] of Object.entries(scale.outputs)) {
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      const parts = Object.entries(counts)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([dir, n]) => `${dir === "." ? "(root)" : dir} ${n}`);
      lines.push(`- ${scale.factor}x ${tool}: ${total} files (${parts.join(", ")})`);
    }
    lines.push(`- ${scale.factor}x populated home after apply: ${scale.homeFiles} files`);
    for (const note of scale.notes) lines.push(`- ${scale.factor}x NOTE: ${note}`);
    for (const command of scale.commands) if (command.failure) lines.push(`- ${scale.factor}x ${command.label} FAILED: ${command.failure}`);
  }
  return lines;
}

/** The clients the benchmark builds for, by the registry: `A, B, C and D`. */
function clientNames(): string {
  const names = clientIds().map((id) => findClient(id)?.contract.displayName ?? id);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : (names[0] ?? "");
}

function summaryParagraph(run: BenchRun, list: GoalVerdict[]): string {
  const first = run.scales.find((s) => s.factor === 1) ?? run.scales[0];
  const ten = run.scales.find((s) => s.factor === 10 && s !== first);
  const m = run.machine;
  const parts: string[] = [`On a ${m.cores}-core machine with Node ${m.node.replace(/^v/, "")} (${m.date} UTC),`];
  const build = median(find(first, "build"));
  if (first && build !== null) {
    const c = first.counts;
    const ruler = median(find(first, "ruler"));
    const rulesync = median(find(first, "rulesync"));
    let sentence = `\`agentihooks build\` compiles a bundle of one persona, ${c.rules} rules, ${c.mcpServers} MCP servers, ${c.commands} commands, ${c.agents} agents and ${c.skills} skills for ${clientNames()} in ${ms(build)}`;
    if (ruler !== null && rulesync !== null)
      sentence += `, ${ratio(build / ruler)} the time of \`ruler apply\` and ${ratio(build / rulesync)} that of \`rulesync generate\` on the same input`;
    const build10 = median(find(ten, "build"));
    if (build10 !== null) {
      const ruler10 = median(find(ten, "ruler"));
      const rulesync10 = median(find(ten, "rulesync"));
      sentence +=
        `; ten times that input takes ${ms(build10)}` + (ruler10 !== null && rulesync10 !== null ? ` (ruler ${ms(ruler10)}, rulesync ${ms(rulesync10)})` : "");
    }
    parts.push(`${sentence}.`);
  } else {
    parts.push("`agentihooks build` could not be timed (see the failures below).");
  }
  const version = list.find((g) => g.id === "version");
  const hook = list.find((g) => g.id === "hook");
  if (version && version.measured !== "–") {
    parts.push(
      `\`agentihooks --version\` takes ${version.measured.split(" ")[0]} the time of \`node -e 0\`${hook && hook.measured !== "–" ? `, and a typical preToolUse hook ${hook.measured}` : ""}.`,
    );
  }
  const met = list.filter((g) => g.met === true).length;
  parts.push(`${met} of ${list.length} goals of the design are met in this run (ratios from one run on a shared machine; see bench/results.md).`);
  return parts.join(" ");
}

function hookLines(hook: HookReport | null): string[] {
  if (!hook) return ["Skipped (--no-hook)."];
  const lines: string[] = [];
  if (hook.rows.length > 0) {
    lines.push(
      "One invocation through the generated wrapper (`/bin/sh` → `node dist/runtime.cjs`) against `node -e 0` through the same kind of wrapper, interleaved.",
      "",
      "| case | median | p95 | spread (p95 − p5) | × node -e 0 |",
      "|---|--:|--:|--:|--:|",
      ...hook.rows.map((r) => `| ${r.name} | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.spread.toFixed(1)} ms | ${r.ratio.toFixed(2)}x |`),
    );
  }
  if (hook.output) lines.push("```text", hook.output, "```");
  if (!hook.ok) lines.push("", "bench/hook.mjs did not exit 0.");
  return lines;
}

/** The Markdown of bench/results.md and the console summary. */
export function renderReport(run: BenchRun): { markdown: string; console: string } {
  const m = run.machine;
  const list = verdicts(run);
  const timing = timingTable(run.scales);
  const goalLines = goalTable(list);
  const summary = summaryParagraph(run, list);
  const markdown = [
    "# Benchmark results",
    "",
    "Written by `npm run bench` (bench/run.mjs); do not edit by hand. Figures are from one run on a",
    "shared machine: compare the ratios, measured side by side in the same run, not the absolute times.",
    "",
    `- Date: ${m.date} UTC; the whole run took ${run.elapsedSeconds.toFixed(0)} s`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB.toFixed(1)} GiB memory, ${m.os}`,
    `- Node: ${m.node}; peers: ${m.peers.length > 0 ? m.peers.join(", ") : "not installed (run without peers)"}`,
    `- Peak memory: ${m.memoryProbe}, the largest over a command's runs`,
    ...(m.workFilesystem
      ? [
          `- Work tree (inputs, homes, every tool's output): ${m.workFilesystem}${m.diskFilesystem ? `; the "output on disk" rows write to ${m.diskFilesystem}` : ""}. On this kind of shared VM, creating a file on the disk costs 0.1–0.7 ms and varies fivefold from minute to minute, so the tools are compared in RAM (see bench/work-dir.ts).`,
        ]
      : []),
    `- Method: per scale, each command runs ${run.scales.map((s) => `${s.warmup} warm-up + ${s.runs}`).join(" / ")} timed rounds (${run.scales.map((s) => `${s.factor}x`).join(" / ")}), the commands interleaved round by round; \`node -e 0\` and \`--version\` run 3 times per round. Wall time is spawn to exit of the child; with GNU time each run is wrapped by it (about 1 ms more for every command), which also gives its CPU time (user + system) and peak memory.`,
    "",
    "## Summary",
    "",
    summary,
    "",
    '## Goals (design.md, "Numbers it must reach")',
    "",
    ...goalLines,
    "",
    "## Input per scale",
    "",
    ...inputTable(run.scales),
    "",
    "## Wall time and peak memory",
    "",
    ...timing,
    "",
    "## Cost per input file",
    "",
    "A least-squares line through the medians of each scale against the number of input files; equal",
    "segment slopes mean the cost grows linearly. CPU time (user + system, from GNU time) is shown beside",
    "wall time because load from other jobs changes between scales, which run minutes apart.",
    "",
    ...slopeTable(run.scales),
    "",
    "## Outputs each tool wrote",
    "",
    ...outputLines(run.scales),
    "",
    "## Hook benchmark (bench/hook.mjs)",
    "",
    ...hookLines(run.hook),
    "",
  ].join("\n");
  const consoleView = [...timing, "", ...goalLines, "", summary].join("\n");
  return { markdown, console: consoleView };
}

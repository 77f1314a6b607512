import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseToml } from "smol-toml";
import { benchProfile, countsFor, generateInputs } from "../../bench/generate-bundle";
import { TARGET_IDS } from "../../compiler/targets/ids";
import { fitLine, summarise } from "../../bench/measure";
import { parseHookRatio, readHookReport } from "../../bench/report";

const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-generator-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every file under dir, relative, sorted. */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(dir, relative)).sort()) {
      const child = relative ? `${relative}/${name}` : name;
      if (statSync(path.join(dir, child)).isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk("");
  return out;
}

function count(list: string[], pattern: RegExp): number {
  return list.filter((file) => pattern.test(file)).length;
}

describe("bench generator", () => {
  it("scales the 1x input (docs/benchmarks.md) by the factor", () => {
    expect(countsFor(1)).toEqual({ rules: 50, mcpServers: 20, commands: 15, agents: 15, skills: 5 });
    expect(countsFor(10)).toEqual({ rules: 500, mcpServers: 200, commands: 150, agents: 150, skills: 50 });
    expect(() => countsFor(0)).toThrow(/positive integer/);
  });

  it.each([1, 3])("writes the promised counts for all three tools at %ix", async (factor) => {
    const counts = countsFor(factor);
    const inputs = await generateInputs(path.join(scratch, `x${factor}`), factor);
    expect(inputs.counts).toEqual(counts);

    const ours = files(inputs.agentihooks);
    const profile = `bundle/profiles/${benchProfile}`;
    expect(ours).toContain("agentihooks.config.json");
    expect(ours).toContain(`${profile}/CLAUDE.md`);
    expect(count(ours, new RegExp(`^${profile}/\\.claude/rules/[^/]+\\.md$`))).toBe(counts.rules);
    expect(count(ours, new RegExp(`^${profile}/\\.claude/commands/[^/]+\\.md$`))).toBe(counts.commands);
    expect(count(ours, new RegExp(`^${profile}/\\.claude/agents/[^/]+\\.md$`))).toBe(counts.agents);
    expect(count(ours, new RegExp(`^${profile}/\\.claude/skills/[^/]+/SKILL\\.md$`))).toBe(counts.skills);
    const mcp = JSON.parse(readFileSync(path.join(inputs.agentihooks, profile, ".claude/.mcp.json"), "utf8")) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(mcp.mcpServers)).toHaveLength(counts.mcpServers);
    expect(inputs.files.agentihooks).toBe(ours.length);
    // Every target of the registry is built, Gemini included; ruler is asked for the same four clients.
    const config = JSON.parse(readFileSync(path.join(inputs.agentihooks, "agentihooks.config.json"), "utf8")) as { targets: string[] };
    expect(config.targets).toEqual([...TARGET_IDS]);
    expect(config.targets).toContain("gemini");

    const ruler = files(inputs.ruler);
    expect(ruler).toContain(".ruler/AGENTS.md");
    expect(count(ruler, /^\.ruler\/rules\/[^/]+\.md$/)).toBe(counts.rules);
    expect(count(ruler, /^\.ruler\/agents\/[^/]+\.md$/)).toBe(counts.agents);
    expect(count(ruler, /^\.ruler\/skills\/[^/]+\/SKILL\.md$/)).toBe(counts.skills);
    const rulerToml = parseToml(readFileSync(path.join(inputs.ruler, ".ruler/ruler.toml"), "utf8")) as {
      default_agents: string[];
      mcp_servers: Record<string, unknown>;
    };
    expect(rulerToml.default_agents).toEqual(["copilot", "claude", "codex", "gemini-cli"]);
    expect(Object.keys(rulerToml.mcp_servers)).toHaveLength(counts.mcpServers);
    expect(inputs.files.ruler).toBe(ruler.length);

    const rulesync = files(inputs.rulesync);
    // The persona is rulesync's root rule, beside the N ordinary rules.
    expect(count(rulesync, /^\.rulesync\/rules\/[^/]+\.md$/)).toBe(counts.rules + 1);
    expect(count(rulesync, /^\.rulesync\/commands\/[^/]+\.md$/)).toBe(counts.commands);
    expect(count(rulesync, /^\.rulesync\/subagents\/[^/]+\.md$/)).toBe(counts.agents);
    expect(count(rulesync, /^\.rulesync\/skills\/[^/]+\/SKILL\.md$/)).toBe(counts.skills);
    const rulesyncMcp = JSON.parse(readFileSync(path.join(inputs.rulesync, ".rulesync/mcp.jsonc"), "utf8")) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(rulesyncMcp.mcpServers)).toHaveLength(counts.mcpServers);
    expect(inputs.files.rulesync).toBe(rulesync.length);
  });

  it("writes the same bytes every time", async () => {
    const a = await generateInputs(path.join(scratch, "a"), 2);
    const b = await generateInputs(path.join(scratch, "b"), 2);
    const listA = files(a.agentihooks);
    expect(files(b.agentihooks)).toEqual(listA);
    for (const file of listA) expect(readFileSync(path.join(b.agentihooks, file), "utf8")).toBe(readFileSync(path.join(a.agentihooks, file), "utf8"));
  });
});

describe("bench statistics", () => {
  it("summarises a sample and fits a line", () => {
    expect(summarise([5, 1, 3, 2, 4])).toEqual({ n: 5, median: 3, min: 1, max: 5, p25: 2, p75: 4 });
    const fit = fitLine([
      { x: 10, y: 25 },
      { x: 100, y: 205 },
      { x: 1000, y: 2005 },
    ]);
    expect(fit?.slope).toBeCloseTo(2, 10);
    expect(fit?.intercept).toBeCloseTo(5, 10);
    expect(fit?.r2).toBeCloseTo(1, 10);
  });

  it("reads the hook benchmark's ratio from JSON or text", () => {
    expect(parseHookRatio('noise\n{"event":"preToolUse","ratio":1.12}\n')).toBe(1.12);
    expect(parseHookRatio("preToolUse typical: median 80 ms, 1.18x node -e 0")).toBe(1.18);
    expect(parseHookRatio("nothing here")).toBeNull();
  });

  it("takes the typical preToolUse row of bench/hook.mjs --json as the hook's headline", () => {
    const json = JSON.stringify({
      runs: 40,
      rows: [
        { name: "node -e 0 (baseline)", median: 70, p95: 80, spread: 12, ratio: 1 },
        { name: "preToolUse typical", median: 77, p95: 90, spread: 15, ratio: 1.1 },
        { name: "postToolUse typical", median: 90, p95: 99, spread: 15, ratio: 1.29 },
      ],
    });
    const report = readHookReport(0, json, "");
    expect(report).toMatchObject({ ok: true, ratio: 1.1, output: "" });
    expect(report.rows).toHaveLength(3);
    const failed = readHookReport(1, "", "dist/runtime.cjs is missing");
    expect(failed).toEqual({ ok: false, output: "dist/runtime.cjs is missing", rows: [], ratio: null });
  });
});

/**
 * Reference-spec scenarios 90 and 91 (docs/mcp-server.md, "Lists that name the migrated server"):
 * when apply migrates the Python original's `hooks-utils` server to agentihooks' own, the lists in
 * which the client keeps the operator's choices about servers name `agentihooks` in its place,
 * where it stood (Copilot's `enabledMcpServers`/`disabledMcpServers`, Claude's per-project
 * `disabledMcpServers`). The operator's own `hooks-utils` keeps its name everywhere; uninstall takes
 * out the names the rename put in.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { planAndApply, uninstallTargets } from "../../compiler/apply/run";
import { portableEnvironment } from "../../compiler/environment";
import { compileTarget as compileClaude } from "../../compiler/targets/claude/compile";
import { compileTarget as compileCopilot } from "../../compiler/targets/copilot/compile";
import { get, makeHomes, put, type Homes } from "../apply/fixtures";
import { makeIr, withCopilot } from "../targets/ir-fixtures";

const homes: Homes[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h.home, { recursive: true, force: true });
});

const PYTHON = { command: "/opt/agentihooks/.venv/bin/python", args: ["-m", "hooks.mcp"], cwd: "/opt/agentihooks", env: { MCP_CATEGORIES: "all" } };
const FOREIGN = { command: "node", args: ["/opt/other/server.js"] };

function setup() {
  const h = makeHomes();
  homes.push(h);
  return { h, env: portableEnvironment({ home: h.home, agentihooksHome: h.agentihooks }) };
}

const json = (file: string) => JSON.parse(get(file));
const codes = (outcome: ReturnType<typeof planAndApply>, code: string) =>
  (outcome.plan?.diagnostics ?? []).filter((d) => d.code === code).map((d) => `${d.file}: ${d.message}`);
const write = (file: string, value: unknown) => put(file, `${JSON.stringify(value, null, 2)}\n`);

describe("Copilot: the lists in settings.json follow the migrated server (scenario 90)", () => {
  it("renames hooks-utils where it stands, keeps the other settings and members, and a second apply is quiet", () => {
    const { h, env } = setup();
    const mcpConfig = path.join(h.copilot, "mcp-config.json");
    const settings = path.join(h.copilot, "settings.json");
    write(mcpConfig, { mcpServers: { "hooks-utils": { type: "local", ...PYTHON }, drawio: FOREIGN } });
    write(settings, { theme: "dim", enabledMcpServers: ["hooks-utils"], disabledMcpServers: ["zeta", "hooks-utils", "drawio"] });
    const first = planAndApply([compileCopilot(makeIr(), env)], h.ctx());
    expect(first.result?.ok).toBe(true);
    // plan shows the rename: a note per list, and settings.json among the changes.
    const renamed = codes(first, "AH5046");
    expect(renamed).toHaveLength(2);
    expect(renamed[0]).toContain("~/.copilot/settings.json: 'hooks-utils' in enabledMcpServers");
    expect(renamed[1]).toContain("'hooks-utils' in disabledMcpServers");
    expect(first.plan?.changes.some((c) => c.path === settings && c.action === "update")).toBe(true);
    expect(Object.keys(json(mcpConfig).mcpServers).sort()).toEqual(["agentihooks", "drawio"]);
    const doc = json(settings);
    expect(doc.enabledMcpServers).toEqual(["agentihooks"]);
    expect(doc.disabledMcpServers).toEqual(["zeta", "agentihooks", "drawio"]);
    expect(doc.theme).toBe("dim");
    const again = planAndApply([compileCopilot(makeIr(), env)], h.ctx());
    expect(codes(again, "AH5046")).toEqual([]);
    expect(again.result?.touched).toEqual([]);
  });

  it("a list already naming agentihooks only loses hooks-utils; uninstall keeps that agentihooks (it was the operator's)", () => {
    const { h, env } = setup();
    const settings = path.join(h.copilot, "settings.json");
    write(path.join(h.copilot, "mcp-config.json"), { mcpServers: { "hooks-utils": { type: "local", ...PYTHON } } });
    write(settings, { enabledMcpServers: ["hooks-utils", "alpha", "agentihooks", "hooks-utils"] });
    expect(planAndApply([compileCopilot(makeIr(), env)], h.ctx()).result?.ok).toBe(true);
    expect(json(settings).enabledMcpServers).toEqual(["alpha", "agentihooks"]);
    put(settings, get(settings).replace("{", '{\n  "model": "mine",')); // edited since: no whole-file restore
    expect(uninstallTargets(["copilot"], h.ctx()).result?.ok).toBe(true);
    expect(json(settings)).toEqual({ model: "mine", enabledMcpServers: ["alpha", "agentihooks"] });
  });

  it("uninstall takes out the names the rename put in; the operator's other members and the lists stay", () => {
    const { h, env } = setup();
    const settings = path.join(h.copilot, "settings.json");
    write(path.join(h.copilot, "mcp-config.json"), { mcpServers: { "hooks-utils": { type: "local", ...PYTHON } } });
    write(settings, { enabledMcpServers: ["hooks-utils"], disabledMcpServers: ["zeta", "hooks-utils"] });
    expect(planAndApply([compileCopilot(makeIr(), env)], h.ctx()).result?.ok).toBe(true);
    const ledger = json(path.join(h.agentihooks, "state.json"));
    const record = ledger.targets.global.copilot.owned.find((r: { kind: string }) => r.kind === "json-entries");
    expect(record.renamed).toEqual([
      { path: settings, key: ["enabledMcpServers"], name: "agentihooks" },
      { path: settings, key: ["disabledMcpServers"], name: "agentihooks" },
    ]);
    put(settings, get(settings).replace("{", '{\n  "model": "mine",'));
    expect(uninstallTargets(["copilot"], h.ctx()).result?.ok).toBe(true);
    expect(json(settings)).toEqual({ model: "mine", enabledMcpServers: [], disabledMcpServers: ["zeta"] });
  });

  it("uninstall of an unedited home restores settings.json byte for byte, hooks-utils included", () => {
    const { h, env } = setup();
    const settings = path.join(h.copilot, "settings.json");
    write(path.join(h.copilot, "mcp-config.json"), { mcpServers: { "hooks-utils": { type: "local", ...PYTHON } } });
    const before = '{\n  "enabledMcpServers": ["hooks-utils"]\n}\n';
    put(settings, before);
    expect(planAndApply([compileCopilot(makeIr(), env)], h.ctx()).result?.ok).toBe(true);
    expect(json(settings).enabledMcpServers).toEqual(["agentihooks"]);
    expect(uninstallTargets(["copilot"], h.ctx()).result?.ok).toBe(true);
    expect(get(settings)).toBe(before);
  });

  it("with mcpDefaultDisabled the renamed agentihooks is lifted out of disabledMcpServers (always enabled, scenario 86)", () => {
    const { h, env } = setup();
    const settings = path.join(h.copilot, "settings.json");
    write(path.join(h.copilot, "mcp-config.json"), { mcpServers: { "hooks-utils": { type: "local", ...PYTHON }, drawio: FOREIGN } });
    write(settings, { enabledMcpServers: ["hooks-utils"], disabledMcpServers: ["hooks-utils"] });
    const ir = withCopilot(makeIr(), { _agentihooks: { mcpDefaultDisabled: true } });
    expect(planAndApply([compileCopilot(ir, env)], h.ctx()).result?.ok).toBe(true);
    const doc = json(settings);
    expect(doc.enabledMcpServers).toEqual(["agentihooks"]);
    expect(doc.disabledMcpServers).toEqual(["drawio"]);
  });

  it("the operator's own hooks-utils keeps its name in every list, with the warning to review it", () => {
    const { h, env } = setup();
    const settings = path.join(h.copilot, "settings.json");
    write(path.join(h.copilot, "mcp-config.json"), { mcpServers: { "hooks-utils": FOREIGN } });
    write(settings, { enabledMcpServers: ["hooks-utils"], disabledMcpServers: ["hooks-utils"] });
    const outcome = planAndApply([compileCopilot(makeIr(), env)], h.ctx());
    expect(codes(outcome, "AH5046")).toEqual([]);
    expect(codes(outcome, "AH5045").join("\n")).toContain("'hooks-utils' under mcpServers has no install record and does not run agentihooks");
    expect(json(settings)).toMatchObject({ enabledMcpServers: ["hooks-utils"], disabledMcpServers: ["hooks-utils"] });
    expect(json(path.join(h.copilot, "mcp-config.json")).mcpServers["hooks-utils"]).toEqual(FOREIGN);
  });
});

describe("Claude: per-project disabledMcpServers in ~/.claude.json follow the migrated server (scenario 91)", () => {
  it("renames hooks-utils in every project's list, keeps order, other projects, Claude's state and the .mcp.json lists", () => {
    const { h, env } = setup();
    const file = path.join(h.home, ".claude.json");
    const projects = {
      "/work/one": { disabledMcpServers: ["hooks-utils", "zeta"], allowedTools: [] },
      "/work/two": { disabledMcpServers: ["zeta"], disabledMcpjsonServers: ["hooks-utils"], enabledMcpjsonServers: ["hooks-utils"] },
      "/work/three": { hasTrustDialogAccepted: true },
    };
    write(file, { numStartups: 7, mcpServers: { "hooks-utils": PYTHON, zeta: FOREIGN }, projects });
    const first = planAndApply([compileClaude(makeIr(), env)], h.ctx());
    expect(first.result?.ok).toBe(true);
    expect(codes(first, "AH5046")).toEqual([expect.stringContaining("'hooks-utils' in projects./work/one.disabledMcpServers")]);
    const doc = json(file);
    expect(doc.numStartups).toBe(7);
    expect(Object.keys(doc.mcpServers).sort()).toEqual(["agentihooks", "zeta"]);
    expect(doc.projects).toEqual({ ...projects, "/work/one": { disabledMcpServers: ["agentihooks", "zeta"], allowedTools: [] } });
    const again = planAndApply([compileClaude(makeIr(), env)], h.ctx());
    expect(again.result?.touched).toEqual([]);
    // Claude rewrites its state file all the time, so uninstall strips by record rather than restoring.
    write(file, { ...json(file), numStartups: 8 });
    expect(uninstallTargets(["claude"], h.ctx()).result?.ok).toBe(true);
    const after = json(file);
    expect(after.mcpServers).toEqual({ zeta: FOREIGN });
    expect(after.projects["/work/one"]).toEqual({ disabledMcpServers: ["zeta"], allowedTools: [] });
    expect(after.projects["/work/two"]).toEqual(projects["/work/two"]);
  });

  it("a foreign hooks-utils (node /opt/other/server.js) is kept with 'does not run agentihooks', and no list changes", () => {
    const { h, env } = setup();
    const file = path.join(h.home, ".claude.json");
    write(file, { mcpServers: { "hooks-utils": FOREIGN }, projects: { "/work/one": { disabledMcpServers: ["hooks-utils", "zeta"] } } });
    const outcome = planAndApply([compileClaude(makeIr(), env)], h.ctx());
    expect(codes(outcome, "AH5045").join("\n")).toContain("does not run agentihooks");
    expect(codes(outcome, "AH5046")).toEqual([]);
    const doc = json(file);
    expect(doc.mcpServers["hooks-utils"]).toEqual(FOREIGN);
    expect(doc.projects["/work/one"].disabledMcpServers).toEqual(["hooks-utils", "zeta"]);
  });
});

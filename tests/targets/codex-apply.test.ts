/**
 * The Codex target applied over an operator's existing Codex home (docs/targets/codex.md): comments, keys, tables and hooks of the operator survive; a second apply writes
 * nothing; uninstall takes back exactly what agentihooks added.
 */
import { parse } from "smol-toml";
import { afterEach, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import path from "node:path";
import { planAndApply, uninstallTargets } from "../../compiler/apply/run";
import { portableEnvironment } from "../../compiler/environment";
import { realFileSystem } from "../../compiler/fs/real";
import type { Ir } from "../../compiler/ir";
import { compileTarget } from "../../compiler/targets/codex/compile";
import { get, makeHomes, put, type Homes } from "../apply/fixtures";
import { makeIr, mcp, merged } from "./ir-fixtures";

const homes: Homes[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h.home, { recursive: true, force: true });
});

const OPERATOR_CONFIG = `# my own Codex settings: keep this comment
model = "o3" # inline comment too

[model_providers.litellm]
name = "LiteLLM"
base_url = "http://localhost:4000"

[mcp_servers.mine]
command = "my-mcp"
`;

const OPERATOR_HOOKS = `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "/opt/operator/audit.sh" }] }] } }, null, 2)}\n`;

function setup(): { h: Homes; tree: () => ReturnType<typeof compileTarget>; ctx: () => Parameters<typeof planAndApply>[1] } {
  const h = makeHomes();
  homes.push(h);
  const env = portableEnvironment({
    home: h.home,
    homes: { codex: h.codex },
    agentsSkills: path.join(h.home, ".agents", "skills"),
    agentihooksHome: h.agentihooks,
  });
  const ir: Ir = makeIr();
  ir.targets.codex = {
    settings: merged(
      { approval_policy: "on-request", sandbox_mode: "workspace-write", tui: { status_line: ["model-with-reasoning"] } },
      "base:config.base.toml",
    ),
    mcpServers: { github: mcp({ command: "npx", args: ["-y", "gh"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}" } }, "github") },
  };
  return {
    h,
    tree: () => compileTarget(ir, env),
    ctx: () => ({ fs: realFileSystem(), env: { home: h.home, agentihooksHome: h.agentihooks }, now: new Date(Date.UTC(2026, 10, 30, 12)) }),
  };
}

describe("Codex target applied over an existing home", () => {
  it("keeps the operator's comments, keys, tables, servers and hooks, and records trust for ours", () => {
    const { h, tree, ctx } = setup();
    put(path.join(h.codex, "config.toml"), OPERATOR_CONFIG);
    put(path.join(h.codex, "hooks.json"), OPERATOR_HOOKS);
    const outcome = planAndApply([tree()], ctx());
    expect(outcome.result?.ok, JSON.stringify(outcome.diagnostics)).toBe(true);

    const text = get(path.join(h.codex, "config.toml"));
    expect(text.startsWith('# my own Codex settings: keep this comment\nmodel = "o3" # inline comment too\n')).toBe(true);
    const config = parse(text) as Record<string, any>;
    expect(config.model).toBe("o3");
    expect(config.model_providers.litellm).toEqual({ name: "LiteLLM", base_url: "http://localhost:4000" });
    expect(config.mcp_servers.mine).toEqual({ command: "my-mcp" });
    expect(config.mcp_servers.github).toEqual({ command: "npx", args: ["-y", "gh"], env_vars: ["GITHUB_TOKEN"] });
    expect(config.approval_policy).toBe("on-request");
    expect(Object.keys(config.hooks.state)).toHaveLength(10);
    expect(config).not.toHaveProperty("agentihooks");

    const hooks = JSON.parse(get(path.join(h.codex, "hooks.json"))) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
    expect(hooks.hooks.PreToolUse!.map((g) => g.hooks[0]!.command)).toEqual([
      `${path.join(h.codex, "agentihooks-hook.sh")} PreToolUse`,
      "/opt/operator/audit.sh",
    ]);
    expect(get(path.join(h.codex, "agentihooks-hook.sh"))).toContain("export AGENTIHOOKS_TARGET=codex\n");

    // A second apply with unchanged profiles writes nothing.
    const again = planAndApply([tree()], ctx());
    expect(again.result?.touched).toEqual([]);
  });

  it("leaves a hand-set managed key alone and reports it", () => {
    const { h, tree, ctx } = setup();
    planAndApply([tree()], ctx());
    const file = path.join(h.codex, "config.toml");
    put(file, get(file).replace('approval_policy = "on-request"', 'approval_policy = "untrusted"'));
    const outcome = planAndApply([tree()], ctx());
    expect(parse(get(file)).approval_policy).toBe("untrusted");
    expect(outcome.plan?.diagnostics.map((d) => d.code)).toContain("AH5001");
  });

  it("uninstall takes back exactly what was added", () => {
    const { h, tree, ctx } = setup();
    put(path.join(h.codex, "config.toml"), OPERATOR_CONFIG);
    put(path.join(h.codex, "hooks.json"), OPERATOR_HOOKS);
    planAndApply([tree()], ctx());
    const outcome = uninstallTargets(["codex"], ctx());
    expect(outcome.result?.ok, JSON.stringify(outcome.diagnostics)).toBe(true);
    const config = parse(get(path.join(h.codex, "config.toml"))) as Record<string, any>;
    expect(config.model).toBe("o3");
    expect(config.mcp_servers).toEqual({ mine: { command: "my-mcp" } });
    for (const key of ["approval_policy", "sandbox_mode", "notify", "project_doc_max_bytes", "hooks", "tui"]) expect(config, key).not.toHaveProperty(key);
    const hooks = JSON.parse(get(path.join(h.codex, "hooks.json"))) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
    expect(hooks.hooks).toEqual({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "/opt/operator/audit.sh" }] }] });
  });
});

/**
 * The Copilot desired tree through the real planner, against homes that already hold operator
 * files (docs/targets/copilot.md; scenarios that start from an existing home): proves the entries
 * this target emits keep foreign hooks, operator settings and servers, and the `disabledMcpServers` rules (docs/targets/copilot.md, "MCP servers").
 */
import { describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import { memoryFileSystem } from "../../compiler/fs/memory";
import { planChanges } from "../../compiler/plan/plan-changes";
import { compileTarget } from "../../compiler/targets/copilot/compile";
import { makeIr, mcp, withCopilot } from "./ir-fixtures";

const H = "/home/agent/.copilot";
const wrapper = `${H}/agentihooks-hook.sh`;

function apply(seed: Record<string, string>, settings: Record<string, unknown> = {}, servers: Record<string, Record<string, unknown>> = {}) {
  const env = portableEnvironment();
  const ir = withCopilot(makeIr(), settings, Object.fromEntries(Object.entries(servers).map(([n, s]) => [n, mcp(s, n)])));
  const plan = planChanges([compileTarget(ir, env)], { fs: memoryFileSystem(seed), env, now: new Date(0) });
  const after = (p: string): unknown => {
    const change = plan.changes.find((c) => c.path === p);
    return change?.after === undefined ? undefined : JSON.parse(new TextDecoder().decode(change.after));
  };
  return { plan, after };
}

describe("copilot entries through the planner", () => {
  it("keeps operator settings and never touches config.json", () => {
    const { plan, after } = apply({ [`${H}/settings.json`]: '{"theme":"dim","allowedUrls":["github.com"],"beep":true}', [`${H}/config.json`]: '{"auth":"x"}' });
    expect(after(`${H}/settings.json`)).toMatchObject({ theme: "dim", allowedUrls: ["github.com"], beep: true, disableAllHooks: false });
    expect(plan.changes.some((c) => c.path === `${H}/config.json`)).toBe(false);
  });

  it("keeps foreign hook entries, appends ours last, drops our stale events", () => {
    const existing = {
      version: 1,
      hooks: {
        preToolUse: [
          { type: "command", command: "/usr/bin/audit-hook" },
          { type: "command", command: `${wrapper}.disabled-by-operator` },
        ],
        PostCompact: [
          { type: "command", command: `${wrapper} PostCompact` },
          { type: "command", command: "/usr/local/bin/operator-hook" },
        ],
        Stop: [{ type: "command", command: `${wrapper} Stop` }],
      },
    };
    const { after } = apply({ [`${H}/hooks/agentihooks.json`]: JSON.stringify(existing) });
    const hooks = after(`${H}/hooks/agentihooks.json`) as { version: number; hooks: Record<string, Array<{ command: string }>> };
    expect(hooks.version).toBe(1);
    expect(hooks.hooks.preToolUse!.map((h) => h.command)).toEqual(["/usr/bin/audit-hook", `${wrapper}.disabled-by-operator`, `${wrapper} preToolUse`]);
    expect(hooks.hooks.PostCompact!.map((h) => h.command)).toEqual(["/usr/local/bin/operator-hook"]);
    expect(hooks.hooks.Stop).toBeUndefined();
    expect(hooks.hooks.sessionStart).toEqual([{ type: "command", command: `${wrapper} sessionStart`, timeoutSec: 30 }]);
  });

  it("keeps the operator's MCP servers and disables every configured server except always-on and re-enabled ones", () => {
    const { after } = apply(
      {
        [`${H}/mcp-config.json`]: JSON.stringify({ mcpServers: { mine: { type: "local", command: "/bin/mine" }, WorkIQ: { type: "http", url: "https://w" } } }),
        [`${H}/settings.json`]: JSON.stringify({ disabledMcpServers: ["agentihooks"], enabledMcpServers: ["atlassian"] }),
      },
      { _agentihooks: { mcpDefaultDisabled: true } },
      { agentihooks: { command: "/usr/local/bin/node", args: ["x"] }, atlassian: { type: "http", url: "https://a" }, drawio: { command: "drawio" } },
    );
    expect(Object.keys((after(`${H}/mcp-config.json`) as { mcpServers: object }).mcpServers).sort()).toEqual([
      "WorkIQ",
      "agentihooks",
      "atlassian",
      "drawio",
      "mine",
    ]);
    expect((after(`${H}/settings.json`) as { disabledMcpServers: string[] }).disabledMcpServers).toEqual(["WorkIQ", "drawio", "mine"]);
  });
});

describe("copilot mcpDefaultDisabled with nothing to disable", () => {
  it("writes no empty disabledMcpServers list", () => {
    const { after } = apply({}, { _agentihooks: { mcpDefaultDisabled: true } });
    expect(after(`${H}/settings.json`)).not.toHaveProperty("disabledMcpServers");
  });
});

describe("copilot shell integration through the planner (text-block)", () => {
  const bashrc = "/home/agent/.bashrc";
  const zshrc = "/home/agent/.zshrc";
  const settings = { _agentihooks: { allowAll: true } };
  type MemFs = ReturnType<typeof memoryFileSystem>;
  const run = (fs: MemFs, s: Record<string, unknown>, uninstall = false) => {
    const env = portableEnvironment();
    const trees = [uninstall ? { target: "copilot" as const, entries: [], diagnostics: [] } : compileTarget(withCopilot(makeIr(), s), env)];
    const plan = planChanges(trees, { fs, env, now: new Date(0) }, { uninstall });
    for (const c of plan.changes) {
      if (c.after === undefined) fs.remove(c.path);
      else fs.write(c.path, c.after, c.mode);
    }
    return plan;
  };
  const text = (fs: MemFs, p: string) => (fs.files.has(p) ? new TextDecoder().decode(fs.files.get(p)!.content) : undefined);

  it("appends the block after the operator's lines, leaves a missing ~/.zshrc absent, and is idempotent", () => {
    const fs = memoryFileSystem({ [bashrc]: "export EDITOR=vim\n\n\n" });
    run(fs, settings);
    const after = text(fs, bashrc)!;
    expect(after.startsWith("export EDITOR=vim\n\n# === agentihooks ===\n# Exports the agentihooks env files")).toBe(true);
    expect(after.endsWith("agentienv\n# === end-agentihooks ===\n")).toBe(true);
    expect(text(fs, zshrc)).toBeUndefined();
    const again = run(fs, settings);
    expect(again.changes.find((c) => c.path === bashrc)?.action).toBe("keep");
    expect(text(fs, bashrc)).toBe(after);
  });

  it("moves an older block to the end and writes ~/.zshrc only when it exists", () => {
    const fs = memoryFileSystem({ [bashrc]: "# === agentihooks ===\nold\n# === end-agentihooks ===\nalias ll='ls -l'\n", [zshrc]: "setopt autocd\n" });
    run(fs, settings);
    expect(text(fs, bashrc)!.startsWith("alias ll='ls -l'\n\n# === agentihooks ===\n")).toBe(true);
    expect(text(fs, bashrc)).not.toContain("\nold\n");
    expect(text(fs, zshrc)!.startsWith("setopt autocd\n\n# === agentihooks ===\n")).toBe(true);
  });

  it("removes the block when no directive needs it any more, and uninstall restores the files", () => {
    const fs = memoryFileSystem({ [bashrc]: "export EDITOR=vim\n" });
    run(fs, settings);
    fs.write(bashrc, new TextEncoder().encode(`${text(fs, bashrc)}export LATER=1\n`), 0o644);
    run(fs, {});
    expect(text(fs, bashrc)).toBe("export EDITOR=vim\nexport LATER=1\n");
    const fresh = memoryFileSystem({});
    run(fresh, settings);
    expect(text(fresh, bashrc)!.startsWith("# === agentihooks ===\n")).toBe(true);
    run(fresh, {}, true);
    expect(text(fresh, bashrc)).toBeUndefined();
  });
});

// Uninstall withdraws agentihooks' roots from Copilot's trustedFolders (compiler/uninstall/trusted-folders.ts):
// the Python original's root (read from its wrapper and status line) and the agentihooks home, never
// another entry; the key goes when nothing is left.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyPlan } from "../../compiler/apply/apply-plan";
import { legacyRoots, withdrawRoots } from "../../compiler/uninstall/trusted-folders";
import { planUninstall } from "../../compiler/uninstall/uninstall";
import { copilotTree, get, makeHomes, put } from "../apply/fixtures";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;

describe("trustedFolders at uninstall", () => {
  it("reads the original's root from what runs its runtime, and withdraws only those entries", () => {
    expect(
      legacyRoots([
        "#!/usr/bin/env bash\ncd '/opt/agenti hooks' && exec /usr/bin/python3 -m hooks \"$@\"\n",
        "cd /app && python -m hooks.statusline",
        "cd /elsewhere && ./run.sh",
      ]),
    ).toEqual(["/opt/agenti hooks", "/app"]);
    expect(legacyRoots(["cd relative && python -m hooks"])).toEqual([]);
    expect(withdrawRoots(["/app/", "/src/mine", 3], ["/app"])).toEqual(["/src/mine", 3]);
    expect(withdrawRoots(["/src/mine"], ["/app"])).toBeUndefined();
  });

  it("a home the Python original installed: its root leaves trustedFolders, the operator's folders stay", () => {
    const h = makeHomes();
    const wrapper = `${h.copilot}/agentihooks-hook.sh`;
    put(
      wrapper,
      "#!/usr/bin/env bash\n# managed-by: agentihooks — regenerate with: agentihooks init --target copilot\ncd '/opt/agentihooks' && exec python -m hooks \"$@\"\n",
    );
    put(
      `${h.copilot}/hooks/agentihooks.json`,
      JSON.stringify({ version: 1, hooks: { sessionStart: [{ type: "command", command: `${wrapper} sessionStart` }] } }),
    );
    put(
      `${h.copilot}/settings.json`,
      JSON.stringify({
        theme: "dim",
        trustedFolders: ["/opt/agentihooks/", "/src/mine", "/app"],
        statusLine: { type: "command", command: "cd /app && python -m hooks.statusline" },
      }),
    );
    const ctx = h.ctx();
    expect(applyPlan(planUninstall(["copilot"], ctx, [copilotTree(h)]), ctx.fs, ctx.env).ok).toBe(true);
    expect(JSON.parse(get(`${h.copilot}/settings.json`))).toEqual({ theme: "dim", trustedFolders: ["/src/mine"] });
  });

  it("an install of ours with allowAll: the agentihooks home is withdrawn (the key goes when empty), the env file is deleted", () => {
    for (const operatorFolders of [[], ["/src/mine"]]) {
      const root = mkdtempSync(path.join(tmpdir(), "ah-trusted-"));
      const home = path.join(root, "home");
      const project = path.join(root, "project");
      mkdirSync(home);
      mkdirSync(path.join(project, "b", ".copilot"), { recursive: true });
      mkdirSync(path.join(project, "b", "profiles", "p"), { recursive: true });
      writeFileSync(path.join(project, "agentihooks.config.json"), '{ "bundle": "b", "profile": "p" }\n');
      writeFileSync(path.join(project, "b", ".copilot", "settings.overrides.json"), '{ "_agentihooks": { "allowAll": true } }\n');
      writeFileSync(path.join(project, "b", "profiles", "p", "CLAUDE.md"), "# p\n");
      const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, NO_COLOR: "1" };
      const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args, "--yes", "--target", "copilot"], { cwd: project, env, encoding: "utf8" });
      const applied = run("apply");
      expect(applied.status, applied.stderr).toBe(0);
      const envFile = path.join(home, ".agentihooks", "copilot.env");
      expect(readFileSync(envFile, "utf8")).toContain("COPILOT_ALLOW_ALL=true");
      const settingsFile = path.join(home, ".copilot", "settings.json");
      const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as Record<string, unknown>;
      writeFileSync(settingsFile, JSON.stringify({ ...settings, trustedFolders: [path.join(home, ".agentihooks"), ...operatorFolders] }, null, 2));
      const removed = run("uninstall");
      expect(removed.status, removed.stderr).toBe(0);
      const after = existsSync(settingsFile) ? (JSON.parse(readFileSync(settingsFile, "utf8")) as Record<string, unknown>) : {};
      expect(after.trustedFolders).toEqual(operatorFolders.length ? operatorFolders : undefined);
      expect(existsSync(envFile)).toBe(false);
    }
  });
});

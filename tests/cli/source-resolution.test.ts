// Where a run's source comes from when the current directory has no config (docs/cli.md): the
// recorded source first, then the user-level config under XDG_CONFIG_HOME, then the embedded default.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;

describe("source resolution without a project config", () => {
  it("uses the user-level config (XDG_CONFIG_HOME respected), and the recorded source once applied", () => {
    const root = mkdtempSync(path.join(tmpdir(), "ah-source-"));
    const home = path.join(root, "home");
    const xdg = path.join(root, "xdg");
    const cwd = path.join(root, "work");
    for (const dir of [home, cwd, path.join(xdg, "agentihooks/profiles/mine")]) mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(xdg, "agentihooks/agentihooks.config.json"), JSON.stringify({ bundle: ".", profile: "mine", targets: ["codex"] }));
    writeFileSync(path.join(xdg, "agentihooks/profiles/mine/CLAUDE.md"), "# Mine\n");
    const run = (env: NodeJS.ProcessEnv, ...args: string[]) =>
      spawnSync(process.execPath, [cli, ...args], { cwd, env: { PATH: "/usr/bin:/bin", HOME: home, NO_COLOR: "1", ...env }, encoding: "utf8" });
    const chainOf = (env: NodeJS.ProcessEnv) => JSON.parse(run(env, "inspect", "--json").stdout).result.chain.requested;
    expect(chainOf({})).toBe("default"); // no user config in ~/.config: the embedded default
    expect(chainOf({ XDG_CONFIG_HOME: xdg })).toBe("mine");
    // ~/.config is the default XDG_CONFIG_HOME.
    mkdirSync(path.join(home, ".config"));
    spawnSync("cp", ["-r", path.join(xdg, "agentihooks"), path.join(home, ".config/agentihooks")]);
    expect(chainOf({})).toBe("mine");
    // After an apply of the embedded default (--profile), that recorded source wins over the user config.
    expect(run({}, "apply", "--yes", "--profile", "default", "--target", "codex").status).toBe(0);
    const inspect = run({}, "inspect", "--json");
    expect(JSON.parse(inspect.stdout).result.chain.requested).toBe("default");
    expect(JSON.parse(inspect.stdout).diagnostics.map((d: { code: string }) => d.code)).toContain("AH5126");
  }, 60_000);
});

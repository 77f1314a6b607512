// A week in the life of one operator, through the installed command on a temp home: init a bundle,
// edit it, apply from it, plan from another directory (the recorded source is used), an upgrade of
// agentihooks, a newer client's settings key let through by the escape hatch, another bundle that
// needs --switch, and uninstall.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { snapshot } from "../apply/fixtures";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

describe("a week in the life", () => {
  it("init, edit, apply, plan from elsewhere, upgrade, a newer client key, a second bundle, uninstall", () => {
    const root = mkdtempSync(path.join(tmpdir(), "ah-week-"));
    const home = path.join(root, "home");
    const bundle = path.join(root, "bundle");
    const elsewhere = path.join(root, "elsewhere");
    for (const dir of [home, bundle, elsewhere]) mkdirSync(dir);
    // The operator's own Copilot settings, there before agentihooks.
    mkdirSync(path.join(home, ".copilot"));
    writeFileSync(path.join(home, ".copilot/settings.json"), '{\n  // mine\n  "theme": "dim"\n}\n');
    const seed = snapshot(home);
    const run = (cwd: string, ...args: string[]) => {
      const r = spawnSync(process.execPath, [cli, ...args], {
        cwd,
        env: { PATH: "/usr/bin:/bin", HOME: home, NO_COLOR: "1" },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    };
    const state = path.join(home, ".agentihooks/source.json");

    // Monday: a bundle from init, edited.
    const init = run(bundle, "init", "team");
    expect(init.status).toBe(0);
    expect(init.stdout).toContain("agentihooks apply");
    expect(snapshot(home)).toEqual(seed); // init touches no home
    writeFileSync(path.join(bundle, "profiles/team/.claude/rules/tests.md"), "# Tests\n\nRun the tests before every commit.\n");
    writeFileSync(
      path.join(bundle, "profiles/team/.copilot/settings.overrides.json"),
      '{\n  "$schema": "https://agentihooks.dev/schemas/copilot-settings.schema.json",\n  "banner": "never"\n}\n',
    );

    // Apply from the bundle: the source is recorded.
    expect(run(bundle, "plan").status).toBe(2);
    const applied = run(bundle, "apply", "--yes");
    expect(applied.status, applied.stderr).toBe(0);
    expect(readFileSync(path.join(home, ".copilot/copilot-instructions.md"), "utf8")).toContain("Run the tests before every commit.");
    const record = JSON.parse(readFileSync(state, "utf8"));
    expect(record).toMatchObject({
      config: path.join(bundle, "agentihooks.config.json"),
      chain: "team",
      version: pkg.version,
      targets: ["claude", "codex", "copilot", "gemini"],
    });

    // Tuesday, from another directory: plan and doctor use the recorded source, so nothing is pending.
    const plan = run(elsewhere, "plan");
    expect(plan.status, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stderr).toContain("info AH5126");
    expect(run(elsewhere, "doctor").status).toBe(0);
    const status = JSON.parse(run(elsewhere, "status", "--json").stdout);
    expect(status.exitCode).toBe(0);
    expect(status.result.source.chain).toBe("team");
    expect(status.result.targets.map((t: { ownedFiles: number }) => t.ownedFiles > 0)).toEqual([true, true, true, true]);
    // Each target's installed runtime is found and healthy (it read the wrapper's old layout before).
    expect(
      status.result.targets.map(
        (t: { runtime: { path: string | null; ok: boolean } }) => t.runtime.ok && /\/runtime\/[^/]+\/runtime\.cjs$/.test(t.runtime.path ?? ""),
      ),
    ).toEqual([true, true, true, true]);

    // Wednesday: agentihooks was upgraded (the record says an older release applied the homes).
    writeFileSync(state, JSON.stringify({ ...record, version: "0.0.1" }, null, 2));
    expect(run(elsewhere, "status").stdout).toContain(`applied by agentihooks 0.0.1 (this is ${pkg.version}`);
    expect(run(elsewhere, "apply", "--yes").status).toBe(0);
    expect(JSON.parse(readFileSync(state, "utf8")).version).toBe(pkg.version);

    // Thursday: Copilot shipped a settings key the pinned schema does not know yet.
    const overrides = path.join(bundle, "profiles/team/.copilot/settings.overrides.json");
    writeFileSync(overrides, '{\n  "banner": "never",\n  "autoUpdatesChanel": "beta"\n}\n');
    const unknown = run(elsewhere, "plan");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("error AH2001: Unknown key 'autoUpdatesChanel'");
    const config = path.join(bundle, "agentihooks.config.json");
    writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(config, "utf8")), allowUnknownKeys: { copilot: ["autoUpdatesChanel"] } }, null, 2));
    const hatch = run(elsewhere, "apply", "--yes");
    expect(hatch.status, hatch.stderr).toBe(0);
    expect(hatch.stderr).toContain("warning AH2020");
    expect(hatch.stderr).toContain("1.0.102");
    expect(JSON.parse(readFileSync(path.join(home, ".copilot/settings.json"), "utf8").replace(/^\s*\/\/.*$/gm, ""))).toMatchObject({
      theme: "dim",
      autoUpdatesChanel: "beta",
    });

    // Friday: a second bundle elsewhere is a different source: plan says so, apply needs --switch.
    expect(run(elsewhere, "init", "solo").status).toBe(0);
    const other = run(elsewhere, "plan");
    expect(other.stderr).toContain("warning AH5127");
    expect(other.status).toBe(2);
    const refused = run(elsewhere, "apply", "--yes");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("error AH5125");
    expect(refused.stdout).toBe("");
    expect(run(elsewhere, "apply", "--yes", "--switch").status).toBe(0);
    expect(JSON.parse(readFileSync(state, "utf8")).chain).toBe("solo");

    // The weekend: uninstall puts the home back as it was and forgets the source.
    expect(run(bundle, "uninstall", "--yes").status).toBe(0);
    expect(existsSync(state)).toBe(false);
    expect(snapshot(home, (rel) => rel.startsWith(".agentihooks") || /\.bak\./.test(rel))).toEqual(seed);
  }, 120_000);
});

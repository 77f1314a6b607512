/**
 * `plan --adopt` and `apply --dry-run --adopt` show what `apply --adopt` would do over a populated
 * home (each adopted key with the operator's and the profile's value) and write nothing; a plan
 * saved with `--adopt` applies the adoption, and uninstall puts the operator's bytes back.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { snapshot } from "../apply/fixtures";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;

function sandbox() {
  const root = mkdtempSync(path.join(tmpdir(), "ah-cli-adopt-"));
  const home = path.join(root, "home");
  const project = path.join(root, "project");
  mkdirSync(path.join(home, ".copilot"), { recursive: true });
  mkdirSync(project);
  const env: NodeJS.ProcessEnv = { PATH: "/usr/bin:/bin", HOME: home, NO_COLOR: "1" };
  const run = (args: string[]) => {
    const r = spawnSync(process.execPath, [cli, ...args], { cwd: project, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  return { root, home, run };
}

const SETTINGS = '{\n  // mine\n  "theme": "dim",\n  "statusLine": { "type": "command", "command": "my-status" }\n}\n';

describe("plan --adopt", () => {
  it("lists each adopted key with both values and the diff that takes the profile's, writing nothing; apply --dry-run --adopt says the same", () => {
    const s = sandbox();
    const settings = path.join(s.home, ".copilot/settings.json");
    writeFileSync(settings, SETTINGS);
    const seed = snapshot(s.home);

    const plain = s.run(["plan", "--target", "copilot"]);
    expect(plain.status).toBe(2);
    expect(plain.stderr).toContain("warning AH5039");
    expect(plain.stderr).not.toContain("AH5040");

    const adopt = s.run(["plan", "--target", "copilot", "--adopt"]);
    expect(adopt.status, adopt.stderr).toBe(2);
    const line = adopt.stderr.split("\n").find((l) => l.includes("AH5040")) ?? "";
    expect(line).toContain("~/.copilot/settings.json");
    expect(line).toContain('\'statusLine\' was {"type":"command","command":"my-status"}');
    expect(line).toMatch(/adopted the profile's value \{"type":"command","command":"[^"]*node /);
    expect(adopt.stderr).not.toContain("AH5039");
    expect(adopt.stdout).toContain('-  "statusLine": { "type": "command", "command": "my-status" }');
    expect(snapshot(s.home)).toEqual(seed);

    const dry = s.run(["apply", "--dry-run", "--adopt", "--target", "copilot"]);
    expect(dry.status, dry.stderr).toBe(2);
    expect(dry.stdout).toBe(adopt.stdout);
    expect(dry.stderr).toBe(adopt.stderr);
    expect(snapshot(s.home)).toEqual(seed);

    const json = JSON.parse(s.run(["plan", "--target", "copilot", "--adopt", "--json"]).stdout);
    expect(json.diagnostics.map((d: { code: string }) => d.code)).toContain("AH5040");
  });

  it("a plan saved with --adopt applies the adoption; uninstall restores the operator's file byte for byte", () => {
    const s = sandbox();
    const settings = path.join(s.home, ".copilot/settings.json");
    writeFileSync(settings, SETTINGS);
    const saved = path.join(s.root, "adopt.plan");
    expect(s.run(["plan", "--target", "copilot", "--adopt", "--out", saved]).status).toBe(2);
    // The saved plan already decided: --adopt beside --plan is a conflicting flag.
    expect(s.run(["apply", "--plan", saved, "--adopt", "--yes"]).status).toBe(1);
    const applied = s.run(["apply", "--plan", saved, "--yes"]);
    expect(applied.status, applied.stderr).toBe(0);
    expect(JSON.parse(readFileSync(settings, "utf8").replace("// mine", "")).statusLine.command).not.toBe("my-status");
    expect(s.run(["plan", "--target", "copilot"]).status).toBe(0);
    expect(s.run(["uninstall", "--yes", "--target", "copilot"]).status).toBe(0);
    expect(readFileSync(settings, "utf8")).toBe(SETTINGS);
  });
});

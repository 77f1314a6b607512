/**
 * An upgrade as an operator lives it: the package is packed with `npm pack` at two versions (this
 * tree, and a copy with the next patch version), the first installed into a temp prefix and applied
 * to a temp home, hand edits made, then the second installed over it. The new command plans the
 * move of the hook runtime to the new version's path, applies it, and the home is consistent
 * (plan: nothing pending; doctor finds the new runtime and nothing but the hand edit it found before;
 * the wrappers run the new runtime) with every hand edit kept.
 *
 * The install lays each tarball out as `npm install -g --prefix` does (`lib/node_modules/<name>`,
 * a `bin/` link, the old package directory replaced), with the dependencies taken from this
 * checkout's node_modules, so the test needs no network.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repo = new URL("../..", import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { name: string; version: string; files: string[] };

/** Packs the packages in `dirs` into `dest` with one npm run; returns the tarballs' paths, in order. */
function pack(dirs: string[], dest: string): string[] {
  // The build already ran (tests/global-setup.ts): `prepare` is not run again.
  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", dest, ...dirs], {
    cwd: dest,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  return out
    .trim()
    .split("\n")
    .slice(-dirs.length)
    .map((name) => path.join(dest, name));
}

/** Installs `tarball` into `prefix` the way a global npm install lays it out, over any earlier version. */
function install(tarball: string, prefix: string): string {
  const pkgDir = path.join(prefix, "lib/node_modules", manifest.name);
  rmSync(pkgDir, { recursive: true, force: true });
  mkdirSync(pkgDir, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", pkgDir, "--strip-components=1"]);
  symlinkSync(path.join(repo, "node_modules"), path.join(pkgDir, "node_modules"));
  const bin = path.join(prefix, "bin", manifest.name);
  mkdirSync(path.dirname(bin), { recursive: true });
  rmSync(bin, { force: true });
  symlinkSync(path.relative(path.dirname(bin), path.join(pkgDir, "bin/agentihooks.js")), bin);
  return bin;
}

/** The runtime path a wrapper script runs. */
function runtimeOf(wrapper: string): string {
  const line =
    readFileSync(wrapper, "utf8")
      .split("\n")
      .find((l) => l.startsWith("runtime=")) ?? "";
  return line.slice("runtime=".length).replace(/^'|'$/g, "");
}

describe("upgrading the installed package", () => {
  it("moves the installed runtime to the new version, keeps the home consistent and every hand edit", () => {
    const root = mkdtempSync(path.join(tmpdir(), "ah-upgrade-"));
    const home = path.join(root, "home");
    const work = path.join(root, "work");
    const prefix = path.join(root, "prefix");
    for (const dir of [home, work, prefix]) mkdirSync(dir);

    // Two releases: this tree, and a copy of what it publishes with the next patch version.
    const next = manifest.version.replace(/(\d+)(?!.*\d)/, (n) => String(Number(n) + 1));
    const copy = path.join(root, "next");
    mkdirSync(copy);
    for (const entry of manifest.files) cpSync(path.join(repo, entry), path.join(copy, entry), { recursive: true });
    writeFileSync(
      path.join(copy, "package.json"),
      JSON.stringify({ ...JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")), version: next }, null, 2),
    );
    const [first, second] = pack([repo, copy], root) as [string, string];
    expect(path.basename(first)).toBe(`${manifest.name}-${manifest.version}.tgz`);
    expect(path.basename(second)).toBe(`${manifest.name}-${next}.tgz`);

    const run = (bin: string, ...args: string[]) => {
      const r = spawnSync(process.execPath, [bin, ...args], {
        cwd: work,
        env: { PATH: "/usr/bin:/bin", HOME: home, NO_COLOR: "1" },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      return { status: r.status ?? -1, out: r.stdout + r.stderr };
    };

    // The operator's Copilot settings, there before agentihooks; the first release applies.
    mkdirSync(path.join(home, ".copilot"));
    const settings = path.join(home, ".copilot/settings.json");
    writeFileSync(settings, '{\n  // mine\n  "theme": "dim"\n}\n');
    const v1 = install(first, prefix);
    expect(run(v1, "--version").out).toContain(manifest.version);
    const applied = run(v1, "apply", "--yes");
    expect(applied.status, applied.out).toBe(0);
    const wrappers = [".copilot/agentihooks-hook.sh", ".claude/agentihooks-hook.sh", ".codex/agentihooks-hook.sh"]
      .map((w) => path.join(home, w))
      .filter((w) => existsSync(w));
    expect(wrappers.length).toBeGreaterThan(0);
    const oldRuntime = runtimeOf(wrappers[0] as string);
    expect(oldRuntime).toContain(`/.agentihooks/runtime/${manifest.version}-`);
    expect(existsSync(oldRuntime)).toBe(true);

    // Hand edits: a key of the operator's, a managed value changed by hand, a persona tail, a server of theirs.
    const edited = readFileSync(settings, "utf8").replace('"theme": "dim"', '"theme": "dim",\n  "myOwnKey": 42');
    const statusLine = (JSON.parse(edited.replace("// mine", "")) as { statusLine: { command: string } }).statusLine.command;
    expect(statusLine).toContain(oldRuntime);
    writeFileSync(settings, edited.replace(JSON.stringify(statusLine), JSON.stringify("/usr/local/bin/my-status")));
    const persona = path.join(home, ".copilot/copilot-instructions.md");
    writeFileSync(persona, `${readFileSync(persona, "utf8")}\nMy own note, after the managed text.\n`);
    const servers = path.join(home, ".copilot/mcp-config.json");
    const config = JSON.parse(readFileSync(servers, "utf8")) as { mcpServers: Record<string, unknown> };
    config.mcpServers.mine = { command: "/opt/mine/server" };
    writeFileSync(servers, `${JSON.stringify(config, null, 2)}\n`);
    const handEdited = readFileSync(settings, "utf8");
    const kept = run(v1, "plan");
    expect(kept.status, kept.out).toBe(0); // hand edits alone are nothing to apply
    expect(kept.out).toContain("AH5001");
    // doctor reports the kept hand edit (and nothing else) before and after the upgrade.
    const flagged = (out: string) => out.split("\n").filter((l) => l.includes("[!!]"));
    const doctorBefore = run(v1, "doctor");
    expect(flagged(doctorBefore.out)).toHaveLength(1);
    expect(flagged(doctorBefore.out)[0]).toContain(`'statusLine' is {"type":"command","command":"/usr/local/bin/my-status"}`);

    // The second release installed over the first: it plans and applies the runtime's move.
    const v2 = install(second, prefix);
    expect(run(v2, "--version").out).toContain(next);
    const plan = run(v2, "plan");
    expect(plan.status, plan.out).toBe(2);
    expect(plan.out).toContain(`runtime/${next}-`);
    const upgraded = run(v2, "apply", "--yes");
    expect(upgraded.status, upgraded.out).toBe(0);
    for (const wrapper of wrappers) expect(runtimeOf(wrapper), wrapper).toContain(`/.agentihooks/runtime/${next}-`);
    const newRuntime = runtimeOf(wrappers[0] as string);
    expect(existsSync(newRuntime)).toBe(true);
    expect(existsSync(oldRuntime)).toBe(false);
    expect(readdirSync(path.join(home, ".agentihooks/runtime"))).toEqual([path.basename(path.dirname(newRuntime))]);

    // The home is consistent, and nothing of the operator's was lost.
    expect(run(v2, "plan").status).toBe(0);
    const doctor = run(v2, "doctor");
    expect(doctor.status, doctor.out).toBe(doctorBefore.status);
    expect(flagged(doctor.out)).toHaveLength(1);
    expect(flagged(doctor.out)[0]).toContain(`'statusLine' is {"type":"command","command":"/usr/local/bin/my-status"}`);
    expect(doctor.out).toContain(`[OK] the hook runtime ${next} is installed at ~/.agentihooks/runtime/${next}-`);
    const after = readFileSync(settings, "utf8");
    expect(after).toContain("// mine");
    expect(after).toContain('"myOwnKey": 42');
    expect(after).toContain('"command": "/usr/local/bin/my-status"');
    expect(after).toBe(handEdited);
    expect(readFileSync(persona, "utf8").endsWith("\nMy own note, after the managed text.\n")).toBe(true);
    expect((JSON.parse(readFileSync(servers, "utf8")) as typeof config).mcpServers.mine).toEqual({ command: "/opt/mine/server" });
    // The new runtime answers a hook through the wrapper the client runs.
    const hook = spawnSync("bash", [path.join(home, ".copilot/agentihooks-hook.sh"), "sessionStart"], {
      input: "{}",
      env: { PATH: "/usr/bin:/bin", HOME: home },
      encoding: "utf8",
    });
    expect(hook.status, hook.stderr).toBe(0);
    rmSync(root, { recursive: true, force: true });
    // About 5 s of CPU (two packs, two installs, a dozen CLI runs, two doctors): 30 s is too short
    // for its wall time while the rest of the suite shares two cores.
  }, 180_000);
});

import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderPolicy } from "../../runtime/policy";
import { scopeInForce } from "../../compiler/scopes/scope-in-force";
import { type LstatLike, machineProgramDiagnostics, nodeOwnershipProblems, wrapperNodePath, wrapperPrograms } from "../../compiler/scopes/machine-node";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;

function policies(homeGuardrails: Record<string, unknown>, repoGuardrails: Record<string, unknown>, scopes = true) {
  const root = mkdtempSync(path.join(tmpdir(), "ah-inforce-"));
  const home = path.join(root, "home", ".agentihooks");
  const repo = path.join(root, "repo", ".agentihooks");
  mkdirSync(home, { recursive: true });
  mkdirSync(repo, { recursive: true });
  writeFileSync(path.join(home, "policy.claude.json"), renderPolicy(homeGuardrails, "claude", home, scopes ? { scope: "home" } : {}));
  writeFileSync(path.join(repo, "policy.claude.json"), renderPolicy(repoGuardrails, "claude", repo, scopes ? { scope: "repo" } : {}));
  return { root, home, repo };
}

describe("scopeInForce: the line status and doctor print", () => {
  it("home and repo: the repo is in force when its policy is as strict, else both, naming what the repo leaves out", () => {
    const p = policies({}, { kubeProduction: true });
    const both = { scopes: ["home", "repo"] as const, agentihooksHomes: { home: p.home, repo: p.repo }, wrappers: {} };
    const strict = scopeInForce("claude", { ...both, scopes: [...both.scopes] });
    expect(strict.handover).toBe(true);
    expect(strict.message).toMatch(/^guardrails in force: repo, in this repository \(home hands over to repo when/);
    const w = policies({ kubeProduction: true }, { credentialReads: false, protectedBranches: ["main"] });
    const weak = scopeInForce("claude", { scopes: ["home", "repo"], agentihooksHomes: { home: w.home, repo: w.repo }, wrappers: {} });
    expect(weak.handover).toContain("weaker");
    expect(weak.message).toContain("home and repo, both on every call");
    expect(weak.message).toContain("credentialReads, kubeProduction, protectedBranches: master");
    const old = policies({}, {}, false);
    const unscoped = scopeInForce("claude", { scopes: ["home", "repo"], agentihooksHomes: { home: old.home, repo: old.repo }, wrappers: {} });
    expect(unscoped.message).toContain("written before the hand-over existed");
  });

  it("one scope, none, and the machine's policy present or missing", () => {
    const p = policies({}, {});
    expect(scopeInForce("claude", { scopes: ["home"], agentihooksHomes: { home: p.home }, wrappers: {} }).message).toBe("guardrails in force: home");
    expect(scopeInForce("claude", { scopes: ["repo"], agentihooksHomes: { repo: p.repo }, wrappers: {} }).message).toBe("guardrails in force: repo");
    expect(scopeInForce("claude", { scopes: [], agentihooksHomes: {}, wrappers: {} }).message).toContain("none");
    const machine = path.join(p.root, "etc", "agentihooks");
    mkdirSync(machine, { recursive: true });
    const missing = scopeInForce("claude", { scopes: ["home", "machine"], agentihooksHomes: { home: p.home, machine }, wrappers: {} }).message;
    expect(missing).toContain("policy.claude.json missing");
    writeFileSync(path.join(machine, "policy.claude.json"), renderPolicy({}, "claude", machine, { scope: "machine" }));
    const present = scopeInForce("claude", { scopes: ["home", "machine"], agentihooksHomes: { home: p.home, machine }, wrappers: {} }).message;
    expect(present).toMatch(/^guardrails in force: machine \(root's policy .*policy\.claude\.json, which no user setting switches off.*; and home$/);
  });
});

describe("the Node a machine wrapper runs", () => {
  const fake = (entries: Record<string, { uid?: number; mode?: number; link?: string }>): { lstat: LstatLike; readlink: (f: string) => string } => ({
    lstat: (f) => {
      const e = entries[f];
      if (!e) throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
      return { uid: e.uid ?? 0, mode: e.mode ?? 0o755, isSymbolicLink: () => e.link !== undefined, isDirectory: () => !f.endsWith("node") };
    },
    readlink: (f) => entries[f]?.link ?? "",
  });

  it("is safe only when it and every folder above it are root's and writable by no one else", () => {
    const safe = fake({ "/": {}, "/usr": {}, "/usr/bin": {}, "/usr/bin/node": {} });
    expect(nodeOwnershipProblems("/usr/bin/node", safe.lstat, safe.readlink)).toEqual([]);
    const userDir = fake({ "/": {}, "/home": {}, "/home/u": { uid: 1000 }, "/home/u/node": { uid: 1000 } });
    expect(nodeOwnershipProblems("/home/u/node", userDir.lstat, userDir.readlink)).toEqual([
      { path: "/home/u", problem: "owned by uid 1000, not root" },
      { path: "/home/u/node", problem: "owned by uid 1000, not root" },
    ]);
    const groupWritable = fake({ "/": {}, "/opt": { mode: 0o775 }, "/opt/node": {} });
    expect(nodeOwnershipProblems("/opt/node", groupWritable.lstat, groupWritable.readlink)).toEqual([
      { path: "/opt", problem: "writable by group or others (mode 0775)" },
    ]);
    // A sticky world-writable folder (/tmp) is fine; a plain world-writable one, or a world-writable binary, is not.
    const sticky = fake({ "/": {}, "/tmp": { mode: 0o41777 }, "/tmp/n": { mode: 0o40777 }, "/tmp/n/node": { mode: 0o100777 } });
    expect(nodeOwnershipProblems("/tmp/n/node", sticky.lstat, sticky.readlink)).toEqual([
      { path: "/tmp/n", problem: "writable by group or others (mode 0777)" },
      { path: "/tmp/n/node", problem: "writable by group or others (mode 0777)" },
    ]);
    // A link in a root folder that points into a user's folder: the user's folder decides.
    const hop = fake({
      "/": {},
      "/usr": {},
      "/usr/bin": {},
      "/usr/bin/node": { link: "/srv/nvm/node" },
      "/srv": {},
      "/srv/nvm": { uid: 1000 },
      "/srv/nvm/node": {},
    });
    expect(nodeOwnershipProblems("/usr/bin/node", hop.lstat, hop.readlink)).toEqual([{ path: "/srv/nvm", problem: "owned by uid 1000, not root" }]);
  });

  it("reads the wrapper's node line, quoted or bare", () => {
    expect(wrapperNodePath("x\nnode=/usr/bin/node\nruntime=/r\n")).toBe("/usr/bin/node");
    expect(wrapperNodePath("node='/opt/my node/it'\\''s/node'\n")).toBe("/opt/my node/it's/node");
    expect(wrapperNodePath("node=$(command -v node || true)\n")).toBeUndefined();
    expect(machineProgramDiagnostics({ node: process.execPath })).toEqual([]);
  });

  it("reads the bash of the wrapper's #! line, and none from env", () => {
    expect(wrapperPrograms("#!/usr/bin/bash -p\nnode=/usr/bin/node\n")).toEqual({ node: "/usr/bin/node", bash: "/usr/bin/bash" });
    expect(wrapperPrograms("#!/usr/bin/env bash\nnode=$(command -v node)\n")).toEqual({ node: undefined, bash: undefined });
  });

  it("names bash as it names Node when a user could replace it", () => {
    const bashBehindUser = fake({ "/": {}, "/home": {}, "/home/u": { uid: 1000 }, "/home/u/bash": { uid: 1000 } });
    const [problem] = machineProgramDiagnostics({ bash: "/home/u/bash" }, bashBehindUser.lstat);
    expect(problem?.code).toBe("AH5162");
    expect(problem?.message).toContain("run the bash at /home/u/bash, but /home/u is owned by uid 1000, not root");
  });
});

/** A temp machine root, a home, a repository and the CLI run against them (as root, with `node` as the Node). */
function machineSandbox() {
  const dir = mkdtempSync(path.join(tmpdir(), "ah-inforce-machine-"));
  chmodSync(dir, 0o755);
  const root = path.join(dir, "root");
  const home = path.join(dir, "home");
  const repo = path.join(dir, "repo");
  for (const d of [root, home, repo]) mkdirSync(d, { recursive: true });
  execFileSync("git", ["init", "-q"], { cwd: repo });
  const env = { PATH: process.env.PATH ?? "", HOME: home, AGENTIHOOKS_MACHINE_ROOT: root, NO_COLOR: "1" };
  const run = (args: string[], node = process.execPath) =>
    spawnSync(node, [cli, ...args], { cwd: repo, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return { dir, root, home, repo, run };
}

type DoctorJson = { result: { targets: Array<{ target: string; checks: Array<{ id: string; status: string; message: string }> }> } };

describe.runIf(process.getuid?.() === 0)("machine scope: in force, and its Node", () => {
  it("apply --scope machine refuses a Node under a folder others can write (AH5162) and writes nothing", () => {
    const s = machineSandbox();
    // /tmp is world-writable: a Node there could be replaced by any user.
    const loose = mkdtempSync(path.join(tmpdir(), "ah-loose-node-"));
    chmodSync(loose, 0o777);
    const node = path.join(loose, "node");
    try {
      linkSync(process.execPath, node);
    } catch {
      copyFileSync(process.execPath, node);
      chmodSync(node, 0o755);
    }
    const r = s.run(["apply", "--yes", "--scope", "machine", "--target", "copilot"], node);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain("AH5162");
    expect(r.stderr).toContain(`${loose} is writable by group or others (mode 0777)`);
    expect(existsSync(path.join(s.root, "etc"))).toBe(false);
  });

  it("apply --plan refuses a saved machine plan whose wrappers run a Node others could replace (AH5162) and writes nothing", () => {
    const s = machineSandbox();
    const loose = mkdtempSync(path.join(tmpdir(), "ah-loose-node-"));
    chmodSync(loose, 0o777);
    const node = path.join(loose, "node");
    copyFileSync(process.execPath, node);
    chmodSync(node, 0o755);
    const saved = path.join(s.dir, "machine.plan.json");
    // plan only shows: the check belongs to the run that writes, whoever made the plan.
    expect([0, 2]).toContain(s.run(["plan", "--scope", "machine", "--target", "copilot", "--out", saved], node).status);
    const r = s.run(["apply", "--yes", "--plan", saved]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain("AH5162");
    expect(r.stderr).toContain(`${loose} is writable by group or others (mode 0777)`);
    expect(existsSync(path.join(s.root, "etc"))).toBe(false);
  });

  it("doctor, by default and with --scope machine, says the machine policy is in force and checks the wrapper's Node", () => {
    const s = machineSandbox();
    expect(s.run(["apply", "--yes", "--scope", "machine", "--target", "claude"]).status).toBe(0);
    expect(s.run(["apply", "--yes", "--target", "claude"]).status).toBe(0);
    for (const args of [
      ["doctor", "--json", "--target", "claude"],
      ["doctor", "--json", "--target", "claude", "--scope", "machine"],
    ]) {
      const checks = (JSON.parse(s.run(args).stdout) as DoctorJson).result.targets[0]?.checks ?? [];
      expect(checks.find((c) => c.id === "hooks.scopes")?.message, args.join(" ")).toBe("hooks registered in: home and machine");
      expect(checks.find((c) => c.id === "scopes.in-force")?.message).toMatch(
        /^guardrails in force: machine \(root's policy .*\/etc\/agentihooks\/policy\.claude\.json.*; and home$/,
      );
      expect(checks.find((c) => c.id === "machine.node")).toMatchObject({ status: "ok" });
    }
    // The wrapper made to run a Node any user could replace: doctor fails the check, naming the path.
    const loose = mkdtempSync(path.join(tmpdir(), "ah-loose-node-"));
    chmodSync(loose, 0o777);
    const wrapper = readdirSync(path.join(s.root, "etc", "claude-code")).find((f) => f.endsWith("hook.sh")) as string;
    const wrapperPath = path.join(s.root, "etc", "claude-code", wrapper);
    writeFileSync(wrapperPath, readFileSync(wrapperPath, "utf8").replace(/^node=.*$/m, `node=${loose}/node`));
    const checks = (JSON.parse(s.run(["doctor", "--json", "--target", "claude", "--scope", "machine"]).stdout) as DoctorJson).result.targets[0]?.checks ?? [];
    const node = checks.find((c) => c.id === "machine.node");
    expect(node?.status).toBe("fail");
    expect(node?.message).toContain(`${loose} is writable by group or others (mode 0777)`);
    expect(node?.message).toContain(`sudo chown root ${loose}`);
  });
});

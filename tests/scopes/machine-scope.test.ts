import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import { isInstalledRuntime } from "../../compiler/lower/runtime-files";
import { machineEnvironment, machineRoot, machineRootOf, machineWriteDiagnostics } from "../../compiler/scopes/machine-environment";
import { scopeEnvironment } from "../../compiler/scopes/scope-environment";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;

describe("the machine environment", () => {
  it("is rooted at / unless AGENTIHOOKS_MACHINE_ROOT names an absolute folder", () => {
    expect(machineRoot({})).toBe("/");
    expect(machineRoot({ AGENTIHOOKS_MACHINE_ROOT: "relative/x" })).toBe("/");
    expect(machineRoot({ AGENTIHOOKS_MACHINE_ROOT: "/tmp/m//x/" })).toBe("/tmp/m/x/");
  });
  it("keeps state and policies in /etc/agentihooks and the runtime, versioned by digest, under /usr/local/lib", () => {
    const base = portableEnvironment();
    const env = machineEnvironment(base, "/");
    expect(env.scope).toEqual({ name: "machine", root: "/" });
    expect(env.agentihooksHome).toBe("/etc/agentihooks");
    expect(env.runtimePath).toBe(`/usr/local/lib/agentihooks/runtime/${base.runtime.version}-${base.runtime.digest.slice(0, 16)}/runtime.cjs`);
    expect(env.homes).toEqual({});
    expect(machineRootOf("/etc/agentihooks")).toBe("/");
    expect(machineRootOf("/tmp/r/etc/agentihooks")).toBe("/tmp/r");
    expect(machineRootOf("/home/u/.agentihooks")).toBeUndefined();
    // The plan shows it by digest, like the home install; a file beside it is not a runtime.
    expect(isInstalledRuntime(env.agentihooksHome, env.runtimePath)).toBe(true);
    expect(isInstalledRuntime(env.agentihooksHome, "/usr/local/lib/agentihooks/other.cjs")).toBe(false);
    expect(isInstalledRuntime("/home/u/.agentihooks", env.runtimePath)).toBe(false);
  });
  it("is what --scope machine locates", () => {
    const located = scopeEnvironment("machine", { ...portableEnvironment(), vars: { AGENTIHOOKS_MACHINE_ROOT: "/srv/m" } }, "/", () => false);
    expect(located.diagnostics).toEqual([]);
    expect(located.env?.agentihooksHome).toBe("/srv/m/etc/agentihooks");
  });
  it("may be written only by root (AH5160 names the command and the uid)", () => {
    expect(machineWriteDiagnostics(0, "apply")).toEqual([]);
    const refused = machineWriteDiagnostics(1000, "uninstall");
    expect(refused.map((d) => d.code)).toEqual(["AH5160"]);
    expect(refused[0]?.severity).toBe("error");
    expect(refused[0]?.message).toContain("uninstall --scope machine");
    expect(refused[0]?.message).toContain("uid 1000");
    expect(machineWriteDiagnostics(undefined, "apply")[0]?.message).toContain("uid unknown");
  });
});

/** A temp machine root, a home and a working folder, and the CLI run against them. */
function machineSandbox() {
  const dir = mkdtempSync(path.join(tmpdir(), "ah-machine-"));
  const root = path.join(dir, "root");
  const home = path.join(dir, "home");
  const cwd = path.join(dir, "cwd");
  for (const d of [root, home, cwd]) mkdirSync(d, { recursive: true });
  chmodSync(dir, 0o755);
  const env = { PATH: process.env.PATH ?? "", HOME: home, AGENTIHOOKS_MACHINE_ROOT: root, NO_COLOR: "1" };
  const run = (args: string[], prefix: string[] = []) => {
    const [file, ...argv] = [...prefix, process.execPath, cli, ...args];
    return spawnSync(file!, argv, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  };
  return { dir, root, home, cwd, env, run };
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe("apply and uninstall --scope machine (Copilot)", () => {
  it("refuses a user who is not root and writes nothing", () => {
    const s = machineSandbox();
    // A real unprivileged process (uid/gid 65534), not a faked uid.
    const r = s.run(["apply", "--yes", "--scope", "machine", "--target", "copilot"], ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain("AH5160");
    expect(r.stderr).toContain("uid 65534");
    expect(listFiles(s.root)).toEqual([]);
    const un = s.run(["uninstall", "--yes", "--scope", "machine"], ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]);
    expect(un.status, un.stderr).toBe(1);
    expect(un.stderr).toContain("AH5160");
  });

  it("writes the policy hooks, wrapper, policy and runtime as root-owned files no one else can write", () => {
    const s = machineSandbox();
    const r = s.run(["apply", "--yes", "--scope", "machine", "--target", "copilot"]);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    const files = listFiles(s.root);
    expect(files.filter((f) => !f.includes("/runtime/"))).toEqual([
      "etc/agentihooks/policy.copilot.json",
      "etc/agentihooks/state.json",
      "etc/github-copilot/agentihooks-hook.sh",
      "etc/github-copilot/policy.d/agentihooks.json",
    ]);
    const runtime = files.filter((f) => f.includes("/runtime/"));
    expect(runtime).toHaveLength(2);
    for (const [i, name] of ["runtime-core\\.js", "runtime\\.cjs"].entries())
      expect(runtime[i]).toMatch(new RegExp(`^usr/local/lib/agentihooks/runtime/[0-9A-Za-z.+-]+-[0-9a-f]{16}/${name}$`));
    for (const f of files) {
      const st = statSync(path.join(s.root, f));
      expect(st.uid, f).toBe(0);
      // Copilot skips a policy file that is group- or world-writable.
      expect(st.mode & 0o022, `${f} mode ${(st.mode & 0o777).toString(8)}`).toBe(0);
    }
    const hooks = JSON.parse(readFileSync(path.join(s.root, "etc/github-copilot/policy.d/agentihooks.json"), "utf8")) as {
      version: number;
      hooks: Record<string, { command: string }[]>;
    };
    expect(hooks.version).toBe(1);
    expect(hooks.hooks.preToolUse?.[0]?.command).toBe(`${s.root}/etc/github-copilot/agentihooks-hook.sh preToolUse`);
    // Nothing in the user's home.
    expect(listFiles(s.home)).toEqual([]);
    // A second apply writes nothing.
    const again = s.run(["apply", "--yes", "--scope", "machine", "--target", "copilot"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("No changes");
  });

  it("runs the guard with root's policy whatever AGENTIHOOKS_HOME and NODE_OPTIONS the user's environment holds", () => {
    const s = machineSandbox();
    expect(s.run(["apply", "--yes", "--scope", "machine", "--target", "copilot"]).status).toBe(0);
    const userHome = path.join(s.dir, "user-agentihooks");
    mkdirSync(userHome);
    const off = {
      secretsInWrites: false,
      credentialReads: false,
      destructiveCommands: false,
      branchProtection: false,
      auditLog: false,
      projectBridge: false,
      sessionBanner: false,
    };
    writeFileSync(path.join(userHome, "policy.copilot.json"), JSON.stringify({ version: 1, target: "copilot", guardrails: off }));
    const marker = path.join(s.dir, "injected");
    const inject = path.join(s.dir, "inject.cjs");
    writeFileSync(inject, `require("fs").writeFileSync(${JSON.stringify(marker)}, "ran"); process.exit(0);\n`);
    const payload = JSON.stringify({ sessionId: "s1", timestamp: 1, cwd: s.cwd, toolName: "bash", toolArgs: { command: "cat .env" } });
    const wrapper = path.join(s.root, "etc/github-copilot/agentihooks-hook.sh");
    const r = spawnSync(wrapper, ["preToolUse"], {
      input: payload,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: s.home, AGENTIHOOKS_HOME: userHome, NODE_OPTIONS: `--require ${inject}` },
    });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stdout).toMatch(/"permissionDecision":"deny","permissionDecisionReason":"BLOCKED: (?!agentihooks could not check)/);
    expect(existsSync(marker), "NODE_OPTIONS loaded code into the runtime").toBe(false);
    // The same call under the home-scope meaning of AGENTIHOOKS_HOME would pass: the switch is real.
    expect(readFileSync(wrapper, "utf8")).toContain(`export AGENTIHOOKS_HOME=${s.root}/etc/agentihooks`);
  });

  it("uninstall restores an administrator's file of the same name byte for byte and leaves other policy files alone", () => {
    const s = machineSandbox();
    const policyDir = path.join(s.root, "etc/github-copilot/policy.d");
    mkdirSync(policyDir, { recursive: true });
    const admin =
      '{\n  // corporate audit hook\n  "version": 1,\n  "hooks": {"preToolUse": [{"type": "command", "bash": "/usr/local/bin/corp-audit", "timeoutSec": 5}]}\n}\n';
    writeFileSync(path.join(policyDir, "agentihooks.json"), admin);
    writeFileSync(path.join(policyDir, "corp.json"), '{"version":1,"hooks":{}}');
    expect(s.run(["apply", "--yes", "--scope", "machine", "--target", "copilot"]).status).toBe(0);
    const merged = readFileSync(path.join(policyDir, "agentihooks.json"), "utf8");
    expect(merged).toContain("/usr/local/bin/corp-audit");
    expect(merged).toContain("agentihooks-hook.sh preToolUse");
    const un = s.run(["uninstall", "--yes", "--scope", "machine", "--target", "copilot"]);
    expect(un.status, un.stderr).toBe(0);
    expect(readFileSync(path.join(policyDir, "agentihooks.json"), "utf8")).toBe(admin);
    expect(readFileSync(path.join(policyDir, "corp.json"), "utf8")).toBe('{"version":1,"hooks":{}}');
    expect(listFiles(s.root).sort()).toEqual(["etc/github-copilot/policy.d/agentihooks.json", "etc/github-copilot/policy.d/corp.json"]);
  });
});

describe("apply --scope machine for every client", () => {
  it("writes each client's machine files, adds only [features] hooks = true to an administrator's requirements.toml, and uninstall puts it back byte for byte", () => {
    const s = machineSandbox();
    const codexDir = path.join(s.root, "etc/codex");
    mkdirSync(codexDir, { recursive: true });
    const admin = '# fleet requirements\nallowed_approval_policies = ["never"]\n';
    writeFileSync(path.join(codexDir, "requirements.toml"), admin);
    const r = s.run(["apply", "--yes", "--scope", "machine"]);
    expect(r.status, r.stderr).toBe(0);
    const files = listFiles(s.root).filter((f) => !f.startsWith("etc/agentihooks/") && !f.startsWith("usr/"));
    expect(files).toEqual([
      "etc/claude-code/agentihooks-hook.sh",
      "etc/claude-code/managed-settings.d/agentihooks.json",
      "etc/codex/.agentihooks-managed.json",
      "etc/codex/agentihooks-hook.sh",
      "etc/codex/hooks.json",
      "etc/codex/requirements.toml",
      "etc/gemini-cli/.agentihooks-managed.json",
      "etc/gemini-cli/agentihooks-hook.sh",
      "etc/gemini-cli/settings.json",
      "etc/github-copilot/agentihooks-hook.sh",
      "etc/github-copilot/policy.d/agentihooks.json",
    ]);
    for (const f of listFiles(s.root)) expect(statSync(path.join(s.root, f)).mode & 0o022, f).toBe(0);
    // Every file a client reads as the user must be readable by all.
    for (const f of files.filter((f) => !f.endsWith(".agentihooks-managed.json"))) expect(statSync(path.join(s.root, f)).mode & 0o004, f).toBe(0o004);
    expect(readFileSync(path.join(codexDir, "requirements.toml"), "utf8")).toBe(`${admin}\n[features]\nhooks = true\n`);
    const claude = JSON.parse(readFileSync(path.join(s.root, "etc/claude-code/managed-settings.d/agentihooks.json"), "utf8")) as {
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    };
    expect(claude.hooks.PreToolUse?.[0]?.hooks[0]?.command).toBe(`${s.root}/etc/claude-code/agentihooks-hook.sh PreToolUse`);
    const gemini = JSON.parse(readFileSync(path.join(s.root, "etc/gemini-cli/settings.json"), "utf8")) as {
      hooksConfig: { enabled: boolean };
      hooks: Record<string, unknown[]>;
    };
    expect(gemini.hooksConfig.enabled).toBe(true);
    expect(Object.keys(gemini.hooks)).toContain("BeforeTool");
    const codexHooks = JSON.parse(readFileSync(path.join(codexDir, "hooks.json"), "utf8")) as { hooks: Record<string, unknown[]> };
    expect(Object.keys(codexHooks.hooks)).toContain("PreToolUse");
    const un = s.run(["uninstall", "--yes", "--scope", "machine"]);
    expect(un.status, un.stderr).toBe(0);
    expect(readFileSync(path.join(codexDir, "requirements.toml"), "utf8")).toBe(admin);
    expect(listFiles(s.root)).toEqual(["etc/codex/requirements.toml"]);
  });
});

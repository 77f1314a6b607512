// The command-line contract (docs/cli.md "The contract"): exit codes, refusals, --help, --json
// envelopes checked against schemas/cli/envelope.schema.json on real output, conflicting flags,
// --quiet, and shell completion generated from the command table.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { TARGET_IDS } from "../../compiler/targets/ids";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;
const schema = JSON.parse(readFileSync(new URL("../../schemas/cli/envelope.schema.json", import.meta.url), "utf8"));
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

function sandbox(): { home: string; project: string; run: (args: string[], input?: string) => Run } {
  const root = mkdtempSync(path.join(tmpdir(), "ah-contract-"));
  const home = path.join(root, "home");
  const project = path.join(root, "project");
  mkdirSync(home);
  mkdirSync(project);
  const env: NodeJS.ProcessEnv = { PATH: "/usr/bin:/bin", HOME: home, NO_COLOR: "1" };
  return {
    home,
    project,
    run: (args, input) => {
      const r = spawnSync(process.execPath, [cli, ...args], { cwd: project, env, encoding: "utf8", input: input ?? "", stdio: ["pipe", "pipe", "pipe"] });
      return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
  };
}

/** Parses stdout as one envelope, checks it against the schema and the exit code; returns it. */
type Envelope = { command: string; version: string; result: any; diagnostics: Array<{ code: string; severity: string }>; exitCode: number };

function envelope(r: Run, command: string): Envelope {
  const doc = JSON.parse(r.stdout) as Envelope;
  if (!validate(doc))
    throw new Error(
      `${command}: envelope does not match schemas/cli/envelope.schema.json: ${JSON.stringify(validate.errors, null, 2)}\n${r.stdout.slice(0, 2000)}`,
    );
  expect(doc.command).toBe(command);
  expect(doc.version).toBe(pkg.version);
  expect(doc.exitCode).toBe(r.status);
  return doc;
}

const commands = [
  "build",
  "inspect",
  "plan",
  "diff",
  "apply",
  "init",
  "uninstall",
  "status",
  "doctor",
  "profiles",
  "statusline",
  "hook",
  "transcript",
  "broadcast",
  "completion",
];

describe("the CLI contract", () => {
  it("exit codes agree across build --dry-run, plan, apply --dry-run, uninstall --dry-run and doctor: 2 pending, 0 in sync", () => {
    const s = sandbox();
    for (const args of [["build", "--dry-run"], ["plan"], ["apply", "--dry-run"], ["doctor"], ["status"]]) expect(s.run(args).status, args.join(" ")).toBe(2);
    expect(s.run(["uninstall", "--dry-run"]).status).toBe(0); // nothing installed: nothing to remove
    expect(s.run(["apply", "--yes"]).status).toBe(0);
    for (const args of [["build", "--dry-run"], ["plan"], ["apply", "--dry-run"], ["doctor"], ["status"], ["apply", "--yes"]])
      expect(s.run(args).status, args.join(" ")).toBe(0);
    expect(s.run(["uninstall", "--dry-run"]).status).toBe(2);
    // Fifteen CLI runs: over 30 s when the machine is loaded.
  }, 120_000);

  it("a non-terminal apply or uninstall without --yes refuses with exit 1 before printing the plan, and writes nothing", () => {
    const s = sandbox();
    for (const command of ["apply", "uninstall"]) {
      const r = s.run([command]);
      expect(r.status, command).toBe(1);
      expect(r.stdout, command).toBe("");
      expect(r.stderr).toContain("error AH5122: Not on a terminal");
      const json = s.run([command, "--json"]);
      expect(envelope(json, command).diagnostics.map((d) => d.code)).toEqual(["AH5122"]);
    }
    expect(existsSync(path.join(s.home, ".copilot"))).toBe(false);
    expect(existsSync(path.join(s.home, ".agentihooks"))).toBe(false);
  });

  it.skipIf(!existsSync("/usr/bin/script"))("a declined prompt exits 1 and writes nothing", () => {
    const s = sandbox();
    // script(1) gives the command a terminal; "n" answers the prompt.
    const r = spawnSync("/usr/bin/script", ["-qec", `${process.execPath} ${cli} apply --target codex`, "/dev/null"], {
      cwd: s.project,
      env: { PATH: "/usr/bin:/bin", HOME: s.home, NO_COLOR: "1" },
      input: "n\n",
      encoding: "utf8",
    });
    expect(r.stdout).toContain("Apply these changes? [y/N]");
    expect(r.stdout).toContain("Aborted: nothing was written.");
    expect(r.status).toBe(1);
    expect(existsSync(path.join(s.home, ".codex"))).toBe(false);
  });

  it("hook with no event or an unknown event is an error (exit 1) naming the known events", () => {
    const s = sandbox();
    for (const args of [["hook"], ["hook", "preToolUsee"]]) {
      const r = s.run(args, "{}");
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr).toContain("error AH5123");
      expect(r.stderr).toContain("PreToolUse");
    }
    const ok = s.run(["hook", "sessionStart", "--json"], JSON.stringify({ hook_event_name: "SessionStart", session_id: "s", cwd: s.project }));
    expect(envelope(ok, "hook").result.event).toBe("sessionStart");
  });

  it("--help works on every command: exit 0, usage on stdout, nothing on stderr", () => {
    const s = sandbox();
    for (const command of commands) {
      const r = s.run([command, "--help"]);
      expect({ command, status: r.status, stderr: r.stderr }).toEqual({ command, status: 0, stderr: "" });
      expect(r.stdout, command).toMatch(/^Usage: agentihooks /);
      expect(r.stdout, command).toContain("--json");
    }
  });

  it("every command's --json prints one envelope that matches its schema", () => {
    const s = sandbox();
    expect(envelope(s.run(["init", "--json"]), "init").result.created).toContain("agentihooks.config.json");
    expect(envelope(s.run(["build", "--json"]), "build").result.targets.map((t: { target: string }) => t.target)).toEqual([...TARGET_IDS]);
    expect(envelope(s.run(["build", "--json", "--out", path.join(s.project, "out")]), "build").result.out).toBe(path.join(s.project, "out"));
    expect(envelope(s.run(["build", "--json", "--dry-run"]), "build").result.summary.create).toBeGreaterThan(0);
    expect(envelope(s.run(["plan", "--json"]), "plan").result.changes.length).toBeGreaterThan(0);
    expect(envelope(s.run(["apply", "--json", "--dry-run"]), "apply").exitCode).toBe(2);
    expect(envelope(s.run(["inspect", "--json"]), "inspect").result.chain.persona).toBe("my-profile");
    expect(envelope(s.run(["profiles", "--json"]), "profiles").result.profiles.map((p: { name: string }) => p.name)).toContain("my-profile");
    const applied = envelope(s.run(["apply", "--json", "--yes"]), "apply");
    expect(applied.result.written).toContain("~/.copilot/settings.json");
    const status = envelope(s.run(["status", "--json"]), "status");
    expect(status.result.source.chain).toBe("my-profile");
    expect(status.result.targets.map((t: { pending: number }) => t.pending)).toEqual([0, 0, 0, 0]);
    const doctor = envelope(s.run(["doctor", "--json"]), "doctor");
    expect(doctor.result.ok).toBe(true);
    expect(doctor.result.targets[0].checks.map((c: { id: string }) => c.id)).toContain("plan.pending");
    expect(envelope(s.run(["statusline", "--json"], "{}"), "statusline").result.line).toEqual(expect.any(String));
    const transcript = path.join(s.project, "events.jsonl");
    spawnSync("sh", ["-c", `printf '%s\\n' '{"type":"user.message","data":{"content":"hi"}}' > ${transcript}`]);
    expect(envelope(s.run(["transcript", transcript, "--json"]), "transcript").result.turns).toBe(1);
    expect(envelope(s.run(["completion", "fish", "--json"]), "completion").result.script).toContain("complete -c agentihooks");
    expect(envelope(s.run(["uninstall", "--json", "--dry-run"]), "uninstall").exitCode).toBe(2);
    expect(envelope(s.run(["uninstall", "--json", "--yes"]), "uninstall").result.written.length).toBeGreaterThan(0);
    // An error still answers with an envelope (result null, the diagnostic inside, stderr empty).
    const bad = s.run(["plan", "--json", "--bogus"]);
    expect(bad.stderr).toBe("");
    expect(envelope(bad, "plan").diagnostics.map((d) => d.code)).toEqual(["AH5120"]);
  });

  it("conflicting flags are errors, whichever command", () => {
    const s = sandbox();
    for (const args of [
      ["plan", "--json", "--markdown"],
      ["diff", "--markdown", "--json"],
      ["build", "--dry-run", "--out", "x"],
      ["apply", "--plan", "p.json", "--dry-run"],
    ]) {
      const r = s.run(args);
      expect(r.status, args.join(" ")).toBe(1);
      // With --json the error is inside the envelope on stdout; otherwise it is on stderr.
      if (args.includes("--json")) expect(envelope(r, args[0] as string).diagnostics.map((d) => d.code)).toEqual(["AH5121"]);
      else expect(r.stderr, args.join(" ")).toContain("error AH5121");
    }
  });

  it("--quiet hides info diagnostics and keeps warnings and errors", () => {
    const s = sandbox();
    expect(s.run(["init"]).status).toBe(0);
    // The scaffold's agent and command give Codex info diagnostics (AH4201, AH4202).
    expect(s.run(["build"]).stderr).toContain("info AH4201");
    const quiet = s.run(["build", "--quiet"]);
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).not.toContain(" info ");
    expect(envelope(s.run(["build", "--json", "--quiet"]), "build").diagnostics.filter((d) => d.severity === "info")).toEqual([]);
  });

  it("completion scripts name every command and every option of each, and parse in their shell", () => {
    const s = sandbox();
    const bash = s.run(["completion", "bash"]);
    expect(bash.status).toBe(0);
    for (const command of commands) expect(bash.stdout).toMatch(new RegExp(`\\b${command}\\) opts="`));
    expect(bash.stdout).toMatch(/plan\) opts="[^"]*--markdown[^"]*--target/);
    expect(bash.stdout).toContain('--target) COMPREPLY=( $(compgen -W "copilot claude codex');
    expect(spawnSync("bash", ["-n"], { input: bash.stdout }).status).toBe(0);
    const zsh = s.run(["completion", "zsh"]).stdout;
    expect(zsh).toContain("#compdef agentihooks");
    expect(zsh).toContain("'--dry-run[dry-run]'");
    const fish = s.run(["completion", "fish"]).stdout;
    expect(fish).toContain("complete -c agentihooks -n '__fish_seen_subcommand_from apply' -l yes -s y");
    const none = s.run(["completion", "tcsh"]);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain("error AH5120");
  });
});

/** The transcript reader (section F), `agentihooks transcript`, the status line, the audit log and the project bridge. */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync, lstatSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendAudit, auditLine, utcTimestamp } from "../../runtime/audit-log";
import { buildPolicy, renderPolicy, policyPath } from "../../runtime/policy";
import { claudeProjectKey, findProjectRoot, fitBudget, linkCodexSkills, projectBridgeContext, BRIDGE_TRUNCATION_MARKER } from "../../runtime/project-bridge";
import { renderStatusLine } from "../../runtime/statusline";
import { readTranscript, readTranscriptText } from "../../runtime/transcript";
import { AWS_KEY, cleanEnv, ROOT, runRuntime, tempDir, tempRepo } from "./helpers";

const FIXTURES = join(ROOT, "tests", "fixtures", "runtime", "transcripts");

describe("transcript reader", () => {
  it("reads a Copilot events.jsonl by section F's rules", () => {
    const { summary, records } = readTranscript(join(FIXTURES, "copilot-events.jsonl"));
    // Two user turns: the hook-injected (source: system) message is not one.
    expect(summary).toEqual({ format: "copilot", turns: 2, toolCalls: 3, failures: 1, inputTokens: 3600, outputTokens: 140, tools: { bash: 2, edit: 1 } });
    expect(records.filter((r) => r.kind === "system_text").map((r) => r.text?.slice(0, 24))).toEqual(["Your Copilot CLI session"]);
    // task_complete counts only for the turn without an assistant.message; ephemeral deltas are skipped.
    expect(records.filter((r) => r.kind === "turn_complete").map((r) => r.text)).toEqual(["Lint is clean"]);
    expect(records.filter((r) => r.kind === "assistant_text").map((r) => r.text)).toEqual([
      "I'll run the tests first.",
      "Fixed: the expected value was off by one.",
    ]);
    expect(records[0]).toMatchObject({ kind: "meta" });
  });
  it("reads a Codex rollout (task_complete only as a fallback, no error flags)", () => {
    const { summary, records } = readTranscript(join(FIXTURES, "codex-rollout.jsonl"));
    expect(summary).toEqual({ format: "codex", turns: 1, toolCalls: 1, failures: 0, inputTokens: 700, outputTokens: 30, tools: { exec_command: 1 } });
    expect(records.some((r) => r.kind === "turn_complete")).toBe(false);
  });
  it("reads a Claude transcript", () => {
    const { summary } = readTranscript(join(FIXTURES, "claude-transcript.jsonl"));
    expect(summary).toEqual({ format: "claude", turns: 1, toolCalls: 1, failures: 1, inputTokens: 1050, outputTokens: 35, tools: { Read: 1 } });
  });
  it("detects the format from the first line with a type", () => {
    expect(readTranscriptText('{"type":"session.start","data":{}}\n').format).toBe("copilot");
    expect(readTranscriptText('{"type":"turn_context","payload":{}}\n').format).toBe("codex");
    expect(readTranscriptText("not json\n").format).toBe("claude");
  });
  it("is exposed as `agentihooks transcript PATH [--json]`", () => {
    const cli = join(ROOT, "bin", "agentihooks.js");
    const json = spawnSync(process.execPath, [cli, "transcript", join(FIXTURES, "copilot-events.jsonl"), "--json"], { encoding: "utf8" });
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout).result).toMatchObject({ format: "copilot", turns: 2, toolCalls: 3, failures: 1 });
    const text = spawnSync(process.execPath, [cli, "transcript", join(FIXTURES, "copilot-events.jsonl")], { encoding: "utf8" });
    expect(text.stdout).toContain("tool calls:  3 (1 failed)");
    const missing = spawnSync(process.execPath, [cli, "transcript", "/nonexistent/events.jsonl"], { encoding: "utf8" });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("/nonexistent/events.jsonl: error AH1106: This file could not be read (ENOENT)");
  });
});

describe("status line", () => {
  it("prints one line naming the chain, model, repo@branch and guardrail state", () => {
    const repo = tempRepo("feature/x");
    const home = tempDir();
    const env = { HOME: home, AGENTIHOOKS_HOME: join(home, ".ah") };
    mkdirSync(join(home, ".ah"));
    writeFileSync(policyPath(join(home, ".ah"), "copilot"), renderPolicy({ branchProtection: false }, "copilot", join(home, ".ah"), { chain: "coding,anton" }));
    const line = renderStatusLine(JSON.stringify({ model: { display_name: "GPT-5.5" }, cwd: repo }), env, "/");
    const base = repo.split("/").pop();
    expect(line).toBe(`agentihooks: coding,anton  settings:  channels: · GPT-5.5 · ${base}@feature/x · 1 guardrail off\n`);
    expect(renderStatusLine("garbage", { HOME: home, AGENTIHOOKS_HOME: join(home, "none") }, repo)).toBe(
      `agentihooks:   settings:  channels: · ${base}@feature/x · guardrails on\n`,
    );
  });
  it("shows the chain, the settings profile and the channels in the seed's format, empty fields included", () => {
    const repo = tempRepo("main");
    const home = tempDir();
    const ah = join(home, ".ah");
    mkdirSync(ah);
    writeFileSync(
      policyPath(ah, "copilot"),
      renderPolicy({}, "copilot", ah, { chain: "smith,brain", settingsProfile: "smith", channels: ["brain", "amygdala"] }),
    );
    writeFileSync(policyPath(ah, "claude"), renderPolicy({}, "claude", ah, { chain: "claude-chain" }));
    const base = repo.split("/").pop();
    const env = { HOME: home, AGENTIHOOKS_HOME: ah };
    expect(renderStatusLine("{}", env, repo)).toBe(`agentihooks: smith,brain  settings:smith  channels:brain,amygdala · ${base}@main · guardrails on\n`);
    // The session's environment wins over the policy; set and empty means no channel.
    expect(renderStatusLine("{}", { ...env, AGENTIHOOKS_BASE_CHANNELS: "ops" }, repo)).toContain("  channels:ops · ");
    expect(renderStatusLine("{}", { ...env, AGENTIHOOKS_BASE_CHANNELS: "" }, repo)).toMatch(/^agentihooks: smith,brain {2}settings:smith {2}channels: · /);
    // Drawn for another client, the line reads that client's policy.
    expect(renderStatusLine("{}", { ...env, AGENTIHOOKS_TARGET: "claude" }, repo)).toMatch(/^agentihooks: claude-chain {2}settings: {2}channels: · /);
  });
  it("runs as `runtime.cjs statusline` and `agentihooks statusline`", () => {
    const repo = tempRepo("main");
    const home = tempDir();
    const r = runRuntime(JSON.stringify({ model: "gpt-5.5", workspace: { current_dir: repo } }), cleanEnv(home), ["statusline"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`agentihooks:   settings:  channels: · gpt-5.5 · ${repo.split("/").pop()}@main · guardrails on\n`);
    const cli = spawnSync(process.execPath, [join(ROOT, "bin", "agentihooks.js"), "statusline"], {
      input: JSON.stringify({ model: "m", cwd: repo }),
      env: cleanEnv(home),
      encoding: "utf8",
    });
    expect(cli.stdout).toBe(`agentihooks:   settings:  channels: · m · ${repo.split("/").pop()}@main · guardrails on\n`);
  });
});

describe("status line over the policy file the compiler writes", () => {
  it("shows the profile chain as the operator wrote it (compiler/lower/runtime-files)", async () => {
    const { policyFileEntry } = await import("../../compiler/lower/runtime-files");
    const { portableEnvironment } = await import("../../compiler/environment");
    const { makeIr } = await import("../targets/ir-fixtures");
    const repo = tempRepo("feature/x");
    const home = tempDir();
    const agentihooksHome = join(home, ".agentihooks");
    const render = (chain: string): string => {
      const entry = policyFileEntry(makeIr({ requestedChain: chain }), portableEnvironment({ agentihooksHome }), "copilot");
      if (typeof entry.content !== "string") throw new Error("the policy file is text");
      return entry.content;
    };
    const policy = render(" coding, anton ");
    expect(JSON.parse(policy).chain).toBe("coding,anton");
    mkdirSync(agentihooksHome);
    writeFileSync(policyPath(agentihooksHome, "copilot"), policy);
    const r = runRuntime(JSON.stringify({ model: "gpt-5.5", cwd: repo }), cleanEnv(home), ["statusline"]);
    expect(r.stdout).toBe(`agentihooks: coding,anton  settings:  channels: · gpt-5.5 · ${repo.split("/").pop()}@feature/x · guardrails on\n`);
    expect("chain" in JSON.parse(render(" , "))).toBe(false);
  });
});

describe("audit log", () => {
  it("stamps records with the same text as toISOString, without loading the local time zone", () => {
    for (const ms of [0, 1764489600000, 1764489600007, 951782400999, 4102444799999]) expect(utcTimestamp(new Date(ms))).toBe(new Date(ms).toISOString());
  });

  it("redacts secrets in every nested string before writing and clips long strings", () => {
    const line = auditLine({
      ts: "t",
      target: "claude",
      event: "PreToolUse",
      input: { command: `echo ${AWS_KEY}`, nested: [{ content: `x ${AWS_KEY}` }], long: "y".repeat(3000) },
    });
    expect(line).not.toContain(AWS_KEY);
    const parsed = JSON.parse(line) as { input: { command: string; nested: Array<{ content: string }>; long: string } };
    expect(parsed.input.command).toBe("echo [REDACTED:aws_access_key]");
    expect(parsed.input.nested[0]?.content).toBe("x [REDACTED:aws_access_key]");
    expect(parsed.input.long).toBe(`${"y".repeat(2000)}…[1000 more chars]`);
  });
  it("never leaks a token that straddles the clip point of a long string", () => {
    const line = auditLine({ ts: "t", target: "claude", event: "PreToolUse", input: { content: `${"a".repeat(1990)} ${AWS_KEY} ${"b".repeat(5000)}` } });
    expect(line).not.toContain(AWS_KEY.slice(0, 8));
    expect(line).toContain("…[5012 more chars]");
  });
  it("rotates to <path>.1 past the size limit, so the log stays bounded", () => {
    const home = tempDir();
    const policy = { ...buildPolicy({}, "copilot", home), auditLogMaxBytes: 2000 };
    const record = { ts: "2026-11-30T00:00:00.000Z", target: "copilot", event: "PreToolUse", tool: "Bash", input: { command: "z".repeat(300) } };
    for (let i = 0; i < 40; i += 1) appendAudit(policy, [record]);
    const path = policy.auditLog as string;
    expect(statSync(path).size).toBeLessThanOrEqual(2000);
    expect(statSync(`${path}.1`).size).toBeLessThanOrEqual(2000);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
  it("redacts every pattern of the strict set and whole key blocks, in arguments, reasons and paths", () => {
    const slack = "xoxb-" + "1234567890-" + "abcdefghijKLMNOP";
    const sendgrid = "SG." + "abcdefghijklmnopqrstuv" + "." + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq";
    const key =
      "-----BEGIN PRIVATE KEY-----\nMIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQC7\nQ2xpZW50U2VjcmV0VmFsdWVGb3JUZXN0aW5nT25seTEyMzQ1Njc4\n-----END PRIVATE KEY-----";
    const line = auditLine({
      ts: "t",
      target: "claude",
      event: "PreToolUse",
      cwd: `/srv/${slack}`,
      reason: `denied ${sendgrid}`,
      input: { [`k-${slack}`]: { body: key, auth: `AUTH_TOKEN=${"q1w2e3r4t5y6u7i8o9p0"}` } },
    });
    expect(line).not.toMatch(/xoxb-1234567890|SG\.abcdefghij|MIIEvAIBADAN|Q2xpZW50U2Vj|q1w2e3r4t5y6/);
    expect(line).toContain("[REDACTED:private_key]");
  });
  it("logs no piece of a secret the scan sees only joined, escaped or decoded: the line that holds it goes whole", () => {
    const [head, tail] = [AWS_KEY.slice(0, 4), AWS_KEY.slice(4)];
    const pieces = {
      joined: `python3 -c 'k = "${head}" + "${tail}"; print(k)'`,
      listed: `node -e 'const t = ["${head}", "${tail}"].join("")'`,
      escaped: `x = "\\u0041${AWS_KEY.slice(1)}"`,
      encoded: `echo ${Buffer.from(`aws_access_key_id=${AWS_KEY}`).toString("base64")} | base64 -d >> ~/.aws/credentials`,
    };
    for (const [how, command] of Object.entries(pieces)) {
      const line = auditLine({ ts: "t", target: "claude", event: "PreToolUse", input: { command: `cd /repo\n${command}\necho done` } });
      expect(line, how).toContain("[REDACTED:aws_access_key]");
      expect(line, how).not.toContain(tail.slice(0, 8));
      expect(line, how).not.toContain(command.slice(-12));
      expect(line, how).toContain("cd /repo\\n");
      expect(line, how).toContain("echo done");
    }
  });
  it("never writes through a log that is a symlink, a FIFO or a directory", () => {
    const home = tempDir();
    const policy = buildPolicy({}, "claude", home);
    const path = policy.auditLog as string;
    mkdirSync(join(path, ".."), { recursive: true });
    const victim = join(home, ".bashrc");
    writeFileSync(victim, "# rc\n");
    symlinkSync(victim, path);
    appendAudit(policy, [{ ts: "t", target: "claude", event: "PreToolUse", tool: "Bash" }]);
    expect(readFileSync(victim, "utf8")).toBe("# rc\n");
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
    const fifoHome = tempDir();
    const fifoPolicy = buildPolicy({}, "claude", fifoHome);
    mkdirSync(join(fifoPolicy.auditLog as string, ".."), { recursive: true });
    spawnSync("mkfifo", [fifoPolicy.auditLog as string]);
    const started = Date.now();
    appendAudit(fifoPolicy, [{ ts: "t", target: "claude", event: "PreToolUse", tool: "Bash" }]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(lstatSync(fifoPolicy.auditLog as string).isFIFO()).toBe(true);
  });
  it("writes nothing when the policy switches it off, and never throws on an unwritable path", () => {
    const home = tempDir();
    const off = buildPolicy({ auditLog: false }, "codex", home);
    appendAudit(off, [{ ts: "t", target: "codex", event: "PreToolUse" }]);
    expect(existsSync(join(home, "logs"))).toBe(false);
    const blocked = { ...buildPolicy({}, "codex", home), auditLog: "/proc/forbidden/audit.jsonl" };
    expect(() => appendAudit(blocked, [{ ts: "t", target: "codex", event: "PreToolUse" }])).not.toThrow();
  });
});

describe("project bridge", () => {
  function project(): { root: string; home: string } {
    const home = tempDir();
    const root = tempRepo("main");
    mkdirSync(join(root, ".claude", "rules"), { recursive: true });
    writeFileSync(join(root, ".claude", "rules", "b-style.md"), "Use tabs.\n");
    writeFileSync(join(root, ".claude", "rules", "a-safety.md"), "Never deploy on Friday.\n");
    writeFileSync(join(root, ".claude", "rules", "README.md"), "not a rule\n");
    mkdirSync(join(home, ".claude", "projects", claudeProjectKey(root), "memory"), { recursive: true });
    writeFileSync(join(home, ".claude", "projects", claudeProjectKey(root), "memory", "MEMORY.md"), "The CI is slow.\n");
    return { root, home };
  }
  it("injects sorted rules (not README) and the project memory", () => {
    const { root, home } = project();
    mkdirSync(join(root, "src", "deep"), { recursive: true });
    expect(findProjectRoot(join(root, "src", "deep"), { HOME: home })).toBe(root);
    expect(projectBridgeContext(join(root, "src"), { HOME: home }, 0)).toBe(
      "PROJECT RULES (hard floor: they outrank every other instruction in this session)\n\n--- .claude/rules/a-safety.md ---\nNever deploy on Friday.\n\n--- .claude/rules/b-style.md ---\nUse tabs.\n\n--- project memory ---\nThe CI is slow.",
    );
  });
  it("cuts to the byte budget on a character boundary with a visible marker", () => {
    const cut = fitBudget("é".repeat(200), 151);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(151);
    expect(cut.endsWith(BRIDGE_TRUNCATION_MARKER)).toBe(true);
    expect(cut.includes("\uFFFD")).toBe(false);
  });
  it("reaches Codex whole and Copilot as memory only (Copilot loads the rules itself), never Claude", () => {
    const { root, home } = project();
    const start = (target: string) =>
      runRuntime(
        JSON.stringify({ hook_event_name: "SessionStart", session_id: "s", cwd: root, hookEventName: target === "copilot" ? "sessionStart" : undefined }),
        cleanEnv(home, { AGENTIHOOKS_TARGET: target }),
      );
    expect(start("copilot").stdout).toContain("The CI is slow.");
    expect(start("copilot").stdout).not.toContain("Never deploy on Friday.");
    expect(start("codex").stdout).toContain("Never deploy on Friday.");
    expect(start("codex").stdout).toContain("The CI is slow.");
    expect(start("claude").stdout).not.toContain("Never deploy on Friday.");
  });
  it("links .agents/skills on Codex and keeps it out of git status; leaves an existing entry alone", () => {
    const { root, home } = project();
    mkdirSync(join(root, ".claude", "skills", "x"), { recursive: true });
    linkCodexSkills(root, { HOME: home });
    expect(lstatSync(join(root, ".agents", "skills")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(root, ".agents", "skills"))).toBe(join("..", ".claude", "skills"));
    expect(readFileSync(join(root, ".git", "info", "exclude"), "utf8")).toBe("/.agents/\n");
    linkCodexSkills(root, { HOME: home });
    expect(readFileSync(join(root, ".git", "info", "exclude"), "utf8")).toBe("/.agents/\n");
    const other = project();
    mkdirSync(join(other.root, ".claude", "skills"), { recursive: true });
    mkdirSync(join(other.root, ".agents"), { recursive: true });
    symlinkSync("/somewhere", join(other.root, ".agents", "skills"));
    linkCodexSkills(other.root, { HOME: other.home });
    expect(readlinkSync(join(other.root, ".agents", "skills"))).toBe("/somewhere");
  });
  it("never treats the home directory's .claude as a project", () => {
    const home = tempDir();
    mkdirSync(join(home, ".claude", "rules"), { recursive: true });
    mkdirSync(join(home, "scratch"));
    expect(findProjectRoot(join(home, "scratch"), { HOME: home })).toBe("");
  });
});

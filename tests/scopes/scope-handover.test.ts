import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildPolicy, type GuardrailsInput, renderPolicy } from "../../runtime/policy";
import { runHook } from "../../runtime/run-hook";
import {
  atLeastAsStrict,
  CLAIM_MAX_FILES,
  CLAIM_TTL_MS,
  claimPath,
  handledKey,
  type HandoverRequest,
  handsOver,
  parseClaim,
  pruneClaims,
  recordClaim,
} from "../../runtime/scope-handover";
import { sha256Hex } from "../../runtime/node-builtins";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;
const T0 = new Date("2026-12-01T12:00:00Z");

/** A user home (`<root>/user/.agentihooks`) and a repository (`<root>/repo/.agentihooks`) with a repo policy for Claude. */
function world(repoGuardrails: GuardrailsInput = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "ah-handover-"));
  const userHome = path.join(root, "user", ".agentihooks");
  const repo = path.join(root, "repo");
  const repoDir = path.join(repo, ".agentihooks");
  mkdirSync(userHome, { recursive: true });
  mkdirSync(repoDir, { recursive: true });
  const writeRepoPolicy = (guardrails: GuardrailsInput): void =>
    writeFileSync(path.join(repoDir, "policy.claude.json"), renderPolicy(guardrails, "claude", repoDir, { scope: "repo" }));
  writeRepoPolicy(repoGuardrails);
  const env: NodeJS.ProcessEnv = { HOME: path.join(root, "user"), AGENTIHOOKS_USER_HOME: userHome };
  const homePolicy = buildPolicy({}, "claude", userHome, { scope: "home" });
  const repoPolicy = buildPolicy(repoGuardrails, "claude", repoDir, { scope: "repo" });
  const base = { target: "claude" as const, env, sessionId: "s1", key: handledKey("PreToolUse", "Bash"), cwd: path.join(repo, "src"), now: T0 };
  const home: HandoverRequest = { ...base, policy: homePolicy, home: userHome };
  const claimAs: HandoverRequest & { event: string } = { ...base, policy: repoPolicy, home: repoDir, event: "PreToolUse" };
  return { root, userHome, repo, repoDir, env, home, claimAs, writeRepoPolicy, claimFile: claimPath(userHome, "claude", "s1") };
}

describe("scope hand-over: the rule", () => {
  it("hands over only after the repo hook claimed this session and event", () => {
    const w = world();
    expect(handsOver(w.home)).toBe(false);
    recordClaim(w.claimAs);
    const claim = parseClaim(readFileSync(w.claimFile, "utf8"));
    expect(claim).toMatchObject({ target: "claude", session: "s1", repo: w.repoDir, handled: ["PreToolUse:Bash"] });
    expect(claim?.policyDigest).toBe(sha256Hex(readFileSync(path.join(w.repoDir, "policy.claude.json"), "utf8")));
    expect(handsOver(w.home)).toBe(true);
    // Another event, tool, session or client: not proven, so the home hook runs.
    expect(handsOver({ ...w.home, key: handledKey("PreToolUse", "Read") })).toBe(false);
    expect(handsOver({ ...w.home, key: "SessionStart" })).toBe(false);
    expect(handsOver({ ...w.home, sessionId: "s2" })).toBe(false);
    expect(handsOver({ ...w.home, target: "codex" })).toBe(false);
    // The repo hook handles a Read: now that one is proven too, and the Bash key is kept.
    recordClaim({ ...w.claimAs, key: handledKey("PreToolUse", "Read"), now: new Date(T0.getTime() + 1000) });
    expect(handsOver({ ...w.home, key: handledKey("PreToolUse", "Read") })).toBe(true);
    expect(handsOver(w.home)).toBe(true);
  });

  it("a stale claim, a session outside the repository or a home policy without scope never hands over", () => {
    const w = world();
    recordClaim(w.claimAs);
    expect(handsOver({ ...w.home, now: new Date(T0.getTime() + CLAIM_TTL_MS - 1) })).toBe(true);
    expect(handsOver({ ...w.home, now: new Date(T0.getTime() + CLAIM_TTL_MS + 1) })).toBe(false);
    // A claim dated in the future is not one this clock wrote.
    expect(handsOver({ ...w.home, now: new Date(T0.getTime() - 5 * 60_000) })).toBe(false);
    expect(handsOver({ ...w.home, cwd: path.join(w.root, "elsewhere") })).toBe(false);
    const { scope: _scope, ...unscoped } = w.home.policy;
    expect(handsOver({ ...w.home, policy: unscoped })).toBe(false);
    expect(handsOver({ ...w.home, policy: { ...w.home.policy, scope: "machine" } })).toBe(false);
    // A repo-scope runtime never hands over (and a home one never claims).
    expect(handsOver({ ...w.home, policy: { ...w.home.policy, scope: "repo" } })).toBe(false);
    recordClaim({ ...w.claimAs, policy: w.home.policy, sessionId: "s9" });
    expect(existsSync(claimPath(w.userHome, "claude", "s9"))).toBe(false);
  });

  it("a weaker repo policy never silences the home, a stricter one does", () => {
    for (const [guardrails, expected] of [
      [{ credentialReads: false }, false],
      [{ auditLog: false }, false],
      [{ sessionBanner: false }, false],
      [{ protectedBranches: ["main"] }, false],
      [{ protectedBranches: ["main", "master", "release"], kubeProduction: true, protectedBranchCommits: true }, true],
    ] as Array<[GuardrailsInput, boolean]>) {
      const w = world(guardrails);
      recordClaim(w.claimAs);
      expect(handsOver(w.home), JSON.stringify(guardrails)).toBe(expected);
    }
    const on = buildPolicy({}, "claude", "/h").guardrails;
    expect(atLeastAsStrict(on, { ...on, kubeProduction: true })).toBe(false);
    expect(atLeastAsStrict({ ...on, kubeProduction: true }, on)).toBe(true);
  });

  it("a forged claim: a changed repo policy, a wrong digest, a foreign folder or a malformed file never hands over", () => {
    const w = world();
    recordClaim(w.claimAs);
    expect(handsOver(w.home)).toBe(true);
    // The repo policy changes after the claim (weaker or not): the digest no longer matches.
    w.writeRepoPolicy({ protectedBranches: ["main", "master", "dev"] });
    expect(handsOver(w.home)).toBe(false);
    const text = readFileSync(path.join(w.repoDir, "policy.claude.json"), "utf8");
    const forge = (fields: Record<string, unknown>): void =>
      writeFileSync(
        w.claimFile,
        JSON.stringify({
          version: 1,
          target: "claude",
          session: "s1",
          repo: w.repoDir,
          policyDigest: sha256Hex(text),
          at: T0.getTime(),
          handled: ["PreToolUse:Bash"],
          ...fields,
        }),
      );
    forge({});
    expect(handsOver(w.home)).toBe(true);
    forge({ policyDigest: "0".repeat(64) });
    expect(handsOver(w.home)).toBe(false);
    // A weaker policy with its correct digest: still refused on strictness.
    w.writeRepoPolicy({ destructiveCommands: false });
    forge({ policyDigest: sha256Hex(readFileSync(path.join(w.repoDir, "policy.claude.json"), "utf8")) });
    expect(handsOver(w.home)).toBe(false);
    // A folder that is not a repo scope's, holding an as-strict policy with its digest.
    const fake = path.join(w.repo, "src");
    mkdirSync(fake, { recursive: true });
    const fakePolicy = renderPolicy({}, "claude", fake, { scope: "repo" });
    writeFileSync(path.join(fake, "policy.claude.json"), fakePolicy);
    forge({ repo: fake, policyDigest: sha256Hex(fakePolicy) });
    expect(handsOver(w.home)).toBe(false);
    // A home-scope policy placed in the repo folder: not a repo policy.
    const homeText = renderPolicy({}, "claude", w.repoDir, { scope: "home" });
    writeFileSync(path.join(w.repoDir, "policy.claude.json"), homeText);
    forge({ policyDigest: sha256Hex(homeText) });
    expect(handsOver(w.home)).toBe(false);
    for (const bad of ["{", "[]", JSON.stringify({ version: 2 }), "x".repeat(40 * 1024)]) {
      writeFileSync(w.claimFile, bad);
      expect(handsOver(w.home)).toBe(false);
    }
  });

  it("reads only a regular claim file: a FIFO or a folder there is no claim (and does not block)", () => {
    const w = world();
    mkdirSync(path.dirname(w.claimFile), { recursive: true });
    execFileSync("mkfifo", [w.claimFile]);
    const started = Date.now();
    expect(handsOver(w.home)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    const w2 = world();
    mkdirSync(w2.claimFile, { recursive: true });
    expect(handsOver(w2.home)).toBe(false);
  });

  it("SessionEnd removes the claim; session start prunes old claims and keeps at most CLAIM_MAX_FILES", () => {
    const w = world();
    recordClaim(w.claimAs);
    expect(existsSync(w.claimFile)).toBe(true);
    recordClaim({ ...w.claimAs, event: "SessionEnd", key: "SessionEnd" });
    expect(existsSync(w.claimFile)).toBe(false);
    const dir = path.join(w.userHome, "sessions");
    const old = new Date(T0.getTime() - 2 * 86_400_000);
    writeFileSync(path.join(dir, "claude-old.repo-claim"), "{}");
    utimesSync(path.join(dir, "claude-old.repo-claim"), old, old);
    writeFileSync(path.join(dir, "claude-x.seen"), "");
    utimesSync(path.join(dir, "claude-x.seen"), old, old);
    for (let i = 0; i < CLAIM_MAX_FILES + 5; i++) {
      const file = path.join(dir, `claude-n${i}.repo-claim`);
      writeFileSync(file, "{}");
      const when = new Date(T0.getTime() - (CLAIM_MAX_FILES + 5 - i) * 1000);
      utimesSync(file, when, when);
    }
    pruneClaims(w.userHome, T0);
    const left = readdirSync(dir);
    expect(left.filter((n) => n.endsWith(".repo-claim"))).toHaveLength(CLAIM_MAX_FILES);
    expect(left).not.toContain("claude-old.repo-claim");
    expect(left).not.toContain("claude-n0.repo-claim");
    expect(left).toContain(`claude-n${CLAIM_MAX_FILES + 4}.repo-claim`);
    // Not a claim: left to its own pruning.
    expect(left).toContain("claude-x.seen");
  });
});

describe("scope hand-over: through runHook", () => {
  const preTool = (repo: string, command: string) =>
    JSON.stringify({ session_id: "s1", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, cwd: repo });

  it("the repo runtime claims; the home runtime then answers nothing and logs nothing; the repo runtime still denies", () => {
    const w = world();
    writeFileSync(path.join(w.userHome, "policy.claude.json"), renderPolicy({}, "claude", w.userHome, { scope: "home" }));
    const homeEnv = { HOME: path.join(w.root, "user"), AGENTIHOOKS_TARGET: "claude" };
    const repoEnv = { ...homeEnv, AGENTIHOOKS_HOME: w.repoDir, AGENTIHOOKS_USER_HOME: "" };
    const audit = path.join(w.userHome, "logs", "audit.jsonl");
    runHook({ stdin: preTool(w.repo, "ls"), argv: [], env: homeEnv, cwd: w.repo });
    const before = readFileSync(audit, "utf8");
    expect(before.split("\n").filter(Boolean)).toHaveLength(1);
    runHook({ stdin: preTool(w.repo, "ls"), argv: [], env: repoEnv, cwd: w.repo });
    expect(existsSync(w.claimFile)).toBe(true);
    const handed = runHook({ stdin: preTool(w.repo, "cat .env"), argv: [], env: homeEnv, cwd: w.repo });
    expect(handed).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    expect(readFileSync(audit, "utf8")).toBe(before);
    const repoReply = runHook({ stdin: preTool(w.repo, "cat .env"), argv: [], env: repoEnv, cwd: w.repo });
    expect(repoReply.stdout).toContain('"permissionDecision":"deny"');
  });

  it("the repo runtime's self-protection covers the claim folder of a user home outside ~/.agentihooks", () => {
    const w = world();
    const custom = path.join(w.root, "custom-home");
    const env = { HOME: path.join(w.root, "user"), AGENTIHOOKS_TARGET: "claude", AGENTIHOOKS_HOME: w.repoDir, AGENTIHOOKS_USER_HOME: custom };
    const forged = path.join(custom, "sessions", "claude-s1.repo-claim");
    const write = JSON.stringify({
      session_id: "s1",
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { file_path: forged, content: "{}" },
      cwd: w.repo,
    });
    expect(runHook({ stdin: write, argv: [], env, cwd: w.repo }).stdout).toContain('"permissionDecision":"deny"');
    const shell = preTool(w.repo, `echo '{}' > ${forged}`);
    expect(runHook({ stdin: shell, argv: [], env, cwd: w.repo }).stdout).toContain('"permissionDecision":"deny"');
  });
});

describe("scope hand-over: both installed wrappers", () => {
  it("home and repo applied for Claude: after the repo wrapper ran, the home wrapper hands over and its audit log is untouched", () => {
    const root = mkdtempSync(path.join(tmpdir(), "ah-handover-cli-"));
    const home = path.join(root, "home");
    const repo = path.join(root, "repo");
    mkdirSync(home);
    mkdirSync(repo);
    execFileSync("git", ["init", "-q"], { cwd: repo });
    const env = { PATH: process.env.PATH, HOME: home, NO_COLOR: "1" };
    for (const scope of ["home", "repo"]) {
      const applied = spawnSync(process.execPath, [cli, "apply", "--yes", "--target", "claude", "--scope", scope], { cwd: repo, env, encoding: "utf8" });
      expect(applied.status, applied.stderr).toBe(0);
    }
    const homeWrapper = path.join(home, ".claude", "agentihooks-hook.sh");
    const repoWrapper = path.join(repo, ".agentihooks", "claude-hook.sh");
    const run = (wrapper: string, event: string, payload: Record<string, unknown>) =>
      spawnSync("bash", [wrapper, event], {
        cwd: repo,
        env: { ...env, CLAUDE_PROJECT_DIR: repo },
        input: JSON.stringify({ session_id: "sess-1", hook_event_name: event, cwd: repo, ...payload }),
        encoding: "utf8",
      });
    const audit = path.join(home, ".agentihooks", "logs", "audit.jsonl");
    const auditText = () => (existsSync(audit) ? readFileSync(audit, "utf8") : "");
    const ls = { tool_name: "Bash", tool_input: { command: "ls" } };

    // First event of its kind: nothing claimed yet, so the home hook does its full work.
    const first = run(homeWrapper, "PreToolUse", ls);
    expect(first.status).toBe(0);
    expect(auditText()).toContain('"command":"ls"');
    expect(run(repoWrapper, "PreToolUse", ls).status).toBe(0);
    const logged = auditText();

    // Now the same call, and a credential read, through the home wrapper: handed over, nothing printed or logged.
    for (const command of ["ls -la", "cat .env"]) {
      const handed = run(homeWrapper, "PreToolUse", { tool_name: "Bash", tool_input: { command } });
      expect(handed.status).toBe(0);
      expect(handed.stdout).toBe("");
    }
    expect(auditText()).toBe(logged);
    // The repo hook, which the client runs beside it, still denies the read.
    const denied = run(repoWrapper, "PreToolUse", { tool_name: "Bash", tool_input: { command: "cat .env" } });
    expect(denied.stdout).toContain('"permissionDecision":"deny"');

    // Session start: the repo hook's banner, then none from the home hook.
    const repoStart = run(repoWrapper, "SessionStart", { source: "startup" });
    expect(repoStart.stdout).toContain("agentihooks");
    expect(run(homeWrapper, "SessionStart", { source: "startup" }).stdout).toBe("");

    // A weaker repo policy (credential reads off) is not trusted with the home's calls: the home denies again.
    const policyFile = path.join(repo, ".agentihooks", "policy.claude.json");
    const weaker = JSON.parse(readFileSync(policyFile, "utf8")) as { guardrails: Record<string, unknown> };
    weaker.guardrails.credentialReads = false;
    writeFileSync(policyFile, `${JSON.stringify(weaker, null, 2)}\n`);
    expect(run(repoWrapper, "PreToolUse", ls).status).toBe(0);
    const homeAgain = run(homeWrapper, "PreToolUse", { tool_name: "Bash", tool_input: { command: "cat .env" } });
    expect(homeAgain.stdout).toContain('"permissionDecision":"deny"');
    expect(auditText()).not.toBe(logged);
  });
});

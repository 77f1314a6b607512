/**
 * End-to-end: each client's real payload shapes piped into the wrapper a target generates, running
 * the BUILT dist/runtime.cjs, with exact stdout, exit codes and stderr where the contract needs it
 * (docs/runtime.md, "How a hook is invoked" and "Envelopes and exit codes").
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { auditRecords, AWS_KEY, cleanEnv, payloadText, ROOT, runRuntime, runWrapper, tempDir, tempRepo, writeWrapper } from "./helpers";

const PUSH_MAIN =
  "BLOCKED: Pushing to main is not allowed: it is a protected branch. Push your work to a feature branch (git push -u origin HEAD:my-feature) and open a pull request.";
const SECRET_WRITE =
  'BLOCKED: Secret(s) detected in Write content (aws_access_key). Keep credentials out of files: read the value from an environment variable or a secret store instead. If this is a false positive, add "# nosecret" to the line.';
const SECRET_EDIT =
  'BLOCKED: Secret(s) detected in Edit content (aws_access_key). Keep credentials out of files: read the value from an environment variable or a secret store instead. If this is a false positive, add "# nosecret" to the line.';
const AWS_CREDENTIALS =
  "BLOCKED: This command reads ~/.aws/credentials, a credential file; its values must not reach the transcript. Ask the operator for the non-secret setting you need, or read a template such as .env.example instead.";
const DOTENV_WRITE =
  "BLOCKED: Writing .env is not allowed: dotenv files hold credentials and are the operator's to edit. Tell the operator which variable to set, or edit a template such as .env.example.";
const RM_HOME = "BLOCKED: Recursive rm of ~ would delete a broad or home directory. Delete the specific files or subdirectories you mean, by path.";
const READ_DOTENV =
  "BLOCKED: This command reads .env, a credential file; its values must not reach the transcript. Ask the operator for the non-secret setting you need, or read a template such as .env.example instead.";
const PATCH_TOKEN =
  'BLOCKED: Secret(s) detected in Edit content (generic_secret, github_token). Keep credentials out of files: read the value from an environment variable or a secret store instead. If this is a false positive, add "# nosecret" to the line.';
const FORCE_PUSH =
  "BLOCKED: Force push rewrites published history. Push without --force (rebase or merge onto the remote branch first); if the branch really must be rewritten, ask the operator to do it.";
const PROMPT_WARNING =
  "WARNING: the prompt contains what looks like a secret (aws_access_key). Treat it as exposed: do not repeat it, write it to a file or commit it, and suggest rotating it.";
const GUARDS_IN_FORCE =
  "agentihooks guardrails in force: no secrets written to files; no credential-file reads or environment dumps; no recursive rm of broad paths, no writes to .env files; no force pushes, no pushes to or resets of main/master. A blocked call says BLOCKED: and what to do instead; follow that advice rather than working around it.";

let repo: string;
let home: string;
let wrappers: Record<"copilot" | "claude" | "codex", string>;

beforeAll(() => {
  repo = tempRepo("main");
  home = tempDir();
  const dir = tempDir();
  wrappers = { copilot: writeWrapper(dir, "copilot"), claude: writeWrapper(dir, "claude"), codex: writeWrapper(dir, "codex") };
});

const json = (value: unknown): string => `${JSON.stringify(value)}\n`;

describe("Copilot CLI 1.0.102 through its wrapper (event as the wrapper's argument)", () => {
  const run = (fixture: string, event: string) => runWrapper(wrappers.copilot, payloadText(fixture, repo), cleanEnv(home), event);

  it("denies a push to main with exit 2 and the permissionDecision deny object", () => {
    const r = run("copilot/pre-tool-use", "preToolUse");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(json({ permissionDecision: "deny", permissionDecisionReason: PUSH_MAIN }));
    expect(r.stderr).toBe(`${PUSH_MAIN}\n`);
  });

  it("denies a create whose file_text holds an AWS key", () => {
    const r = run("copilot/pre-tool-use-create-secret", "preToolUse");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(json({ permissionDecision: "deny", permissionDecisionReason: SECRET_WRITE }));
  });

  it("allows a plain view with no output", () => {
    expect(run("copilot/pre-tool-use-view", "preToolUse")).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("denies the whole 1.0.80 batch when only its second call carries a secret", () => {
    const r = run("copilot/pre-tool-use-batched", "preToolUse");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(json({ permissionDecision: "deny", permissionDecisionReason: SECRET_WRITE }));
  });

  it("says nothing after tool use, success or failure", () => {
    expect(run("copilot/post-tool-use", "postToolUse")).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(run("copilot/post-tool-use-failure", "postToolUseFailure")).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("injects the session banner as top-level additionalContext at sessionStart", () => {
    const r = run("copilot/session-start", "sessionStart");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(json({ additionalContext: `Your Copilot CLI session_id is 0f3c2a9e-7b1d-4c55-9a0e-5d6f7a8b9c01. ${GUARDS_IN_FORCE}` }));
  });

  it("warns (does not block) when the prompt carries a secret", () => {
    const r = run("copilot/user-prompt-submitted", "userPromptSubmitted");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(json({ additionalContext: PROMPT_WARNING }));
  });

  it("answers permissionRequest with the behavior object", () => {
    const r = run("copilot/permission-request", "permissionRequest");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(json({ behavior: "deny", message: AWS_CREDENTIALS }));
  });

  it("reads PascalCase-registered snake_case payloads with Copilot argument keys", () => {
    const r = run("copilot/pascal-pre-tool-use", "PreToolUse");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(json({ permissionDecision: "deny", permissionDecisionReason: DOTENV_WRITE }));
  });

  it("guards a freeform apply_patch whose toolArgs is the raw patch text (Responses wire), before and after", () => {
    const patchHome = tempDir();
    const send = (event: string, body: Record<string, unknown>) =>
      runWrapper(wrappers.copilot, JSON.stringify({ sessionId: "s-patch", timestamp: 1, cwd: repo, ...body }), cleanEnv(patchHome), event);
    const patch = (line: string, body: string): string => `*** Begin Patch\n${line}\n${body}\n*** End Patch\n`;
    const dotenv = send("preToolUse", { toolName: "apply_patch", toolArgs: patch("*** Add File: .env", "+API_URL=http://localhost") });
    expect(dotenv).toEqual({ status: 2, stdout: json({ permissionDecision: "deny", permissionDecisionReason: DOTENV_WRITE }), stderr: `${DOTENV_WRITE}\n` });
    const secret = send("preToolUse", { toolName: "apply_patch", toolArgs: patch("*** Update File: src/config.py", `@@\n-KEY = ""\n+KEY = "${AWS_KEY}"`) });
    expect(secret).toEqual({ status: 2, stdout: json({ permissionDecision: "deny", permissionDecisionReason: SECRET_EDIT }), stderr: `${SECRET_EDIT}\n` });
    const harmless = patch("*** Add File: docs/notes.md", "+hello");
    expect(send("preToolUse", { toolName: "apply_patch", toolArgs: harmless })).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(send("postToolUse", { toolName: "apply_patch", toolArgs: harmless, toolResult: { resultType: "success", textResultForLlm: "Done" } })).toEqual({
      status: 0,
      stdout: "",
      stderr: "",
    });
    const log = auditRecords(patchHome);
    expect(log.map((r) => [r.event, r.tool, r.decision ?? r.outcome])).toEqual([
      ["PreToolUse", "Edit", "deny"],
      ["PreToolUse", "Edit", "deny"],
      ["PreToolUse", "Edit", "allow"],
      ["PostToolUse", "Edit", "success"],
    ]);
    expect(log[2]?.input).toEqual({ patch: harmless, content: harmless, file_path: "docs/notes.md", file_paths: ["docs/notes.md"] });
    expect(JSON.stringify(log)).not.toContain(AWS_KEY);
  });

  it("stays silent at agentStop and sessionEnd", () => {
    expect(run("copilot/agent-stop", "agentStop")).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(run("copilot/session-end", "sessionEnd")).toEqual({ status: 0, stdout: "", stderr: "" });
  });
});

describe("Claude Code 2.1 through its wrapper (event in the payload)", () => {
  const run = (fixture: string) => runWrapper(wrappers.claude, payloadText(fixture, repo), cleanEnv(home));

  it("denies rm -rf ~ with the nested PreToolUse deny, exit 2 and the reason on stderr", () => {
    const r = run("claude/pre-tool-use");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: RM_HOME } }));
    expect(r.stderr).toBe(`${RM_HOME}\n`);
  });

  it("allows an ordinary Read silently; PostToolUseFailure and Stop are silent", () => {
    expect(run("claude/pre-tool-use-read")).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(run("claude/post-tool-use-failure")).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(run("claude/stop")).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("names Claude Code in the SessionStart banner, in hookSpecificOutput", () => {
    const r = run("claude/session-start");
    expect(r.stdout).toBe(
      json({
        hookSpecificOutput: {
          hookEventName: "SessionStart",
          additionalContext: `Your Claude Code session_id is 9d1e6f1c-2a3b-4c5d-8e9f-0a1b2c3d4e5f. ${GUARDS_IN_FORCE}`,
        },
      }),
    );
  });
});

describe("Codex 0.171 through its wrapper", () => {
  const run = (fixture: string) => runWrapper(wrappers.codex, payloadText(fixture, repo), cleanEnv(home));

  it("denies cat .env: exit 2, non-empty stderr reason, schema-shaped deny", () => {
    const r = run("codex/pre-tool-use");
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${READ_DOTENV}\n`);
    expect(r.stdout).toBe(json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: READ_DOTENV } }));
  });

  it("scans an apply_patch body as content", () => {
    const r = run("codex/pre-tool-use-apply-patch");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: PATCH_TOKEN } }));
  });

  it("denies a force push at PermissionRequest with the nested decision", () => {
    const r = run("codex/permission-request");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(json({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: FORCE_PUSH } } }));
  });

  it("prints nothing where Codex has no context channel (Stop, SessionEnd, PreCompact) and for allowed calls", () => {
    for (const fixture of [
      "codex/pre-tool-use-allowed",
      "codex/post-tool-use",
      "codex/stop",
      "codex/session-end",
      "codex/pre-compact",
      "codex/subagent-start",
    ]) {
      expect(run(fixture), fixture).toEqual({ status: 0, stdout: "", stderr: "" });
    }
  });

  it("names Codex in the SessionStart banner and warns on a secret in the prompt", () => {
    expect(run("codex/session-start").stdout).toBe(
      json({
        hookSpecificOutput: {
          hookEventName: "SessionStart",
          additionalContext: `Your Codex session_id is 019a2b3c-4d5e-7f60-8a9b-0c1d2e3f4a5b. ${GUARDS_IN_FORCE}`,
        },
      }),
    );
    expect(run("codex/user-prompt-submit").stdout).toBe(json({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: PROMPT_WARNING } }));
  });

  it("takes notify's JSON from argv (stdin empty) and logs the turn", () => {
    const notifyHome = tempDir();
    const env = cleanEnv(notifyHome, { AGENTIHOOKS_TARGET: "codex" });
    const r = runRuntime("", env, ["notify", payloadText("codex/notify", repo)]);
    expect(r).toEqual({ status: 0, stdout: "", stderr: "" });
    const bare = runRuntime("", env, [payloadText("codex/notify", repo)]);
    expect(bare).toEqual({ status: 0, stdout: "", stderr: "" });
    const log = auditRecords(notifyHome);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ target: "codex", event: "Notification", outcome: "agent-turn-complete", turn: "019a2b3c-0000-7000-8000-000000000001" });
  });
});

describe("the wrapper and the built runtime (subprocess, target copilot unless stated)", () => {
  const copilot = (extra: Record<string, string> = {}) => cleanEnv(home, { AGENTIHOOKS_TARGET: "copilot", ...extra });

  it("113: SessionStart in a git repo gives one top-level additionalContext object, never hookSpecificOutput", () => {
    for (const body of [
      { hook_event_name: "SessionStart", session_id: "s1", cwd: repo },
      { hookEventName: "sessionStart", sessionId: "s1", cwd: repo },
    ]) {
      const r = runRuntime(JSON.stringify(body), copilot());
      expect(r.status).toBe(0);
      const out = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(Object.keys(out)).toEqual(["additionalContext"]);
    }
  });

  it("115/116: a Write of an AWS key is denied in every spelling; Codex gets stderr and its own shape", () => {
    const bodies = [
      { hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: "/tmp/a.py", content: `k = "${AWS_KEY}"` } },
      { hookEventName: "preToolUse", toolName: "Write", toolArgs: { file_path: "/tmp/a.py", content: `k = "${AWS_KEY}"` } },
      { hookEventName: "PreToolUse", toolName: "Write", toolArgs: { file_path: "/tmp/a.py", content: `k = "${AWS_KEY}"` } },
    ];
    for (const body of bodies) {
      const r = runRuntime(JSON.stringify(body), copilot());
      expect(r.status).toBe(2);
      expect(r.stderr).not.toBe("");
      const out = JSON.parse(r.stdout) as Record<string, string>;
      expect(out.permissionDecision).toBe("deny");
      expect(out.permissionDecisionReason).toContain("BLOCKED");
    }
    const codex = runRuntime(JSON.stringify(bodies[0]), cleanEnv(home, { AGENTIHOOKS_TARGET: "codex" }));
    expect(codex.status).toBe(2);
    expect(codex.stderr).toContain("BLOCKED");
  });

  it("117: an inline key plus git push origin main is blocked, with the NOTE kept on stderr", () => {
    const r = runRuntime(
      JSON.stringify({ hookEventName: "preToolUse", toolName: "bash", toolArgs: { command: `export AWS_ACCESS_KEY_ID=${AWS_KEY} && git push origin main` } }),
      copilot(),
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("BLOCKED");
    expect(r.stderr).toContain("NOTE");
  });

  it("118: garbled stdin naming a tool-permission event is denied", () => {
    for (const stdin of [
      'not json {{{ "hookEventName": "preToolUse", "toolName": "bash"',
      'zzz "hook_event_name": "PreToolUse" zzz',
      'xx "hookEventName": "permissionRequest" {{{',
    ]) {
      const r = runRuntime(stdin, copilot());
      expect(r.status, stdin).toBe(2);
      expect(r.stderr).toContain("BLOCKED");
    }
  });

  it("119: garbled stdin otherwise fails open", () => {
    const late = `${" ".repeat(600)}"hook_event_name": "PreToolUse" {{{`;
    for (const stdin of [`{"hook_event_name": "SessionStart", ${late}`, "not json at all {{{", 'xx "hook_event_name": "SessionStart" xx{{{', ""]) {
      expect(runRuntime(stdin, copilot()).status, stdin.slice(0, 40)).toBe(0);
    }
  });

  it("120: a nameless payload takes the wrapper's event; the payload's own name wins", () => {
    const nameless = JSON.stringify({ toolName: "Write", toolArgs: { file_path: "/tmp/x", content: AWS_KEY }, sessionId: "s" });
    expect(runRuntime(nameless, copilot({ AGENTIHOOKS_COPILOT_EVENT: "preToolUse" })).status).toBe(2);
    expect(runRuntime(JSON.stringify({ reason: "complete", sessionId: "s" }), copilot()).status).toBe(0);
    expect(
      runRuntime(
        JSON.stringify({ hookEventName: "sessionEnd", toolName: "Write", toolArgs: { content: AWS_KEY } }),
        copilot({ AGENTIHOOKS_COPILOT_EVENT: "preToolUse" }),
      ).status,
    ).toBe(0);
  });

  it("121: garbled stdin follows the wrapper's event on Copilot only", () => {
    expect(runRuntime("garbage {{", copilot({ AGENTIHOOKS_COPILOT_EVENT: "preToolUse" })).status).toBe(2);
    expect(runRuntime("garbage {{", copilot({ AGENTIHOOKS_COPILOT_EVENT: "sessionEnd" })).status).toBe(0);
    expect(runRuntime("garbage {{", cleanEnv(home, { AGENTIHOOKS_COPILOT_EVENT: "permissionRequest" })).status).toBe(0);
    expect(runRuntime("garbage {{", cleanEnv(home, { AGENTIHOOKS_TARGET: "codex", AGENTIHOOKS_COPILOT_EVENT: "permissionRequest" })).status).toBe(0);
    expect(runRuntime("garbage {{", copilot({ AGENTIHOOKS_COPILOT_EVENT: "permissionRequest" })).status).toBe(2);
  });

  it("122: batched create/view calls with secrets are denied, also when args are not JSON", () => {
    const env = copilot({ AGENTIHOOKS_COPILOT_EVENT: "preToolUse" });
    const create = { name: "create", args: JSON.stringify({ path: "/tmp/creds.py", file_text: `aws_key = '${AWS_KEY}'\n` }) };
    const view = { name: "view", args: JSON.stringify({ path: "/tmp/readme.md" }) };
    expect(runRuntime(JSON.stringify({ toolCalls: [create] }), env).stderr).toContain("BLOCKED");
    expect(runRuntime(JSON.stringify({ toolCalls: [create] }), env).status).toBe(2);
    expect(runRuntime(JSON.stringify({ toolCalls: [view, create] }), env).status).toBe(2);
    expect(runRuntime(JSON.stringify({ toolCalls: [{ name: "create", args: `not json ${AWS_KEY}` }] }), env).status).toBe(2);
    expect(runRuntime(JSON.stringify({ toolCalls: [view] }), env).status).toBe(0);
  });

  it("123: a batched git push origin main is denied by the branch guard", () => {
    const r = runRuntime(
      JSON.stringify({ toolCalls: [{ name: "bash", args: '{"command":"git push origin main"}' }] }),
      copilot({ AGENTIHOOKS_COPILOT_EVENT: "preToolUse" }),
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${PUSH_MAIN}\n`);
  });

  it("124: apply_patch and str_replace_editor writes of a key are denied", () => {
    const env = copilot({ AGENTIHOOKS_COPILOT_EVENT: "preToolUse" });
    const calls = [
      { name: "apply_patch", args: JSON.stringify({ patch: `@@ creds.py @@\n+AWS = ${AWS_KEY}\n` }) },
      { name: "str_replace_editor", args: JSON.stringify({ command: "str_replace", path: "/tmp/a.py", old_str: "x", new_str: `k = "${AWS_KEY}"` }) },
      { name: "str_replace_editor", args: JSON.stringify({ command: "create", path: "/tmp/a.py", file_text: `k = "${AWS_KEY}"` }) },
    ];
    for (const call of calls) expect(runRuntime(JSON.stringify({ toolCalls: [call] }), env).status, call.name).toBe(2);
  });

  it("writes a redacted audit line per call (no key in the log)", () => {
    const auditHome = tempDir();
    runRuntime(
      JSON.stringify({ hookEventName: "preToolUse", toolName: "bash", toolArgs: { command: `echo ${AWS_KEY}` } }),
      cleanEnv(auditHome, { AGENTIHOOKS_TARGET: "copilot" }),
    );
    const path = join(auditHome, ".agentihooks", "logs", "audit.jsonl");
    expect(existsSync(path)).toBe(true);
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain(AWS_KEY);
    expect(JSON.parse(text.trim())).toMatchObject({
      target: "copilot",
      event: "PreToolUse",
      tool: "Bash",
      decision: "allow",
      input: { command: "echo [REDACTED:aws_access_key]" },
    });
  });
});

describe("agentihooks hook EVENT (the CLI entry)", () => {
  it("runs the same runtime in-process, with EVENT as Copilot's event", () => {
    const cli = join(ROOT, "bin", "agentihooks.js");
    const stdin = JSON.stringify({ sessionId: "s", cwd: repo, toolName: "bash", toolArgs: { command: "git push origin main" } });
    const r = spawnSync(process.execPath, [cli, "hook", "preToolUse"], {
      input: stdin,
      env: cleanEnv(home, { AGENTIHOOKS_TARGET: "copilot" }),
      encoding: "utf8",
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(json({ permissionDecision: "deny", permissionDecisionReason: PUSH_MAIN }));
    expect(r.stderr).toBe(`${PUSH_MAIN}\n`);
    const ok = spawnSync(process.execPath, [cli, "hook", "PreToolUse"], {
      input: payloadText("claude/pre-tool-use-read", repo),
      env: cleanEnv(home),
      encoding: "utf8",
    });
    expect({ status: ok.status, stdout: ok.stdout }).toEqual({ status: 0, stdout: "" });
  });
});

describe("the wrapper the compiler really renders (compiler/lower/hook-wrapper)", () => {
  it("gives each client's documented envelope and exit code", async () => {
    const { renderHookWrapper } = await import("../../compiler/lower/hook-wrapper");
    const dir = tempDir();
    const write = (target: "copilot" | "claude" | "codex"): string => {
      const path = join(dir, `rendered-${target}.sh`);
      writeFileSync(
        path,
        renderHookWrapper({
          target,
          displayName: target,
          eventVariable: target === "copilot" ? "AGENTIHOOKS_COPILOT_EVENT" : undefined,
          nodePath: process.execPath,
          runtimePath: join(ROOT, "dist", "runtime.cjs"),
          agentihooksHome: join(home, ".agentihooks"),
          bashPath: "/bin/bash",
        }),
      );
      chmodSync(path, 0o755);
      return path;
    };
    const copilot = runWrapper(write("copilot"), payloadText("copilot/pre-tool-use", repo), cleanEnv(home), "preToolUse");
    expect(copilot).toEqual({ status: 2, stdout: json({ permissionDecision: "deny", permissionDecisionReason: PUSH_MAIN }), stderr: `${PUSH_MAIN}\n` });
    const claude = runWrapper(write("claude"), payloadText("claude/pre-tool-use", repo), cleanEnv(home));
    expect(claude.status).toBe(2);
    expect(claude.stdout).toBe(json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: RM_HOME } }));
    const codex = runWrapper(write("codex"), payloadText("codex/pre-tool-use", repo), cleanEnv(home));
    expect(codex).toEqual({
      status: 2,
      stdout: json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: READ_DOTENV } }),
      stderr: `${READ_DOTENV}\n`,
    });
    const allowed = runWrapper(write("copilot"), payloadText("copilot/pre-tool-use-view", repo), cleanEnv(home), "preToolUse");
    expect(allowed).toEqual({ status: 0, stdout: "", stderr: "" });
  });
});

describe("Node 20 releases before process.getBuiltinModule (20.16)", () => {
  it("falls back to createRequire and still guards", () => {
    const dir = tempDir();
    const preload = join(dir, "no-get-builtin.cjs");
    writeFileSync(preload, "delete process.getBuiltinModule;\n");
    const r = spawnSync(process.execPath, ["-r", preload, join(ROOT, "dist", "runtime.cjs")], {
      input: payloadText("codex/pre-tool-use", repo),
      env: cleanEnv(home, { AGENTIHOOKS_TARGET: "codex" }),
      encoding: "utf8",
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${READ_DOTENV}\n`);
  });
});

describe("dist/runtime.mjs, the entry wrappers of earlier versions name", () => {
  it("runs the CommonJS runtime: the same deny, reason and exit code", () => {
    const env = cleanEnv(home, { AGENTIHOOKS_TARGET: "codex" });
    const input = payloadText("codex/pre-tool-use", repo);
    const run = (file: string) => spawnSync(process.execPath, [join(ROOT, "dist", file)], { input, env, encoding: "utf8" });
    const legacy = run("runtime.mjs");
    expect(legacy.status).toBe(2);
    expect(legacy.stderr).toBe(`${READ_DOTENV}\n`);
    const current = run("runtime.cjs");
    expect({ status: legacy.status, stdout: legacy.stdout, stderr: legacy.stderr }).toEqual({
      status: current.status,
      stdout: current.stdout,
      stderr: current.stderr,
    });
  });
});

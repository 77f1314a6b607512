/**
 * Codex accepts only schema-valid hook output and fails OPEN on anything else (the tool runs), so
 * everything the runtime prints for Codex is validated against the schemas Codex 0.171.0 embeds
 * (vendored in tests/fixtures/codex-hook-schemas/): a matrix of events × decisions in-process, and
 * every Codex payload fixture through the built runtime. The fixtures themselves are validated
 * against the input schemas, so they are shapes Codex really sends.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import { renderReply } from "../../runtime/clients/registry";
import { dispatchEventFor } from "../../runtime/events";
import { runHook } from "../../runtime/run-hook";
import { AWS_KEY, cleanEnv, payload, payloadText, ROOT, runRuntime, tempDir, tempRepo } from "./helpers";

const SCHEMA_DIR = join(ROOT, "tests", "fixtures", "codex-hook-schemas");
const ajv = new Ajv({ allErrors: true, strict: false });

const KEBAB: Record<string, string> = {
  PreToolUse: "pre-tool-use",
  PostToolUse: "post-tool-use",
  PermissionRequest: "permission-request",
  SessionStart: "session-start",
  SessionEnd: "session-end",
  UserPromptSubmit: "user-prompt-submit",
  Stop: "stop",
  SubagentStart: "subagent-start",
  SubagentStop: "subagent-stop",
  PreCompact: "pre-compact",
  PostCompact: "post-compact",
  Interrupt: "interrupt",
};
const CODEX_EVENTS = Object.keys(KEBAB);

const validators = new Map<string, ValidateFunction>();
function validator(event: string, kind: "input" | "output"): ValidateFunction | undefined {
  const file = join(SCHEMA_DIR, `${KEBAB[event]}.command.${kind}.schema.json`);
  const key = `${event}:${kind}`;
  if (!validators.has(key)) {
    let schema: unknown;
    try {
      schema = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      return undefined;
    }
    validators.set(key, ajv.compile(schema as object));
  }
  return validators.get(key);
}

/** Asserts `stdout` is empty or one object valid for `event`'s output schema. */
function expectValidCodexOutput(event: string, stdout: string): void {
  if (stdout === "") return;
  expect(stdout.endsWith("\n") && stdout.indexOf("\n") === stdout.length - 1).toBe(true);
  const validate = validator(event, "output");
  expect(validate, `${event} has no output schema, so the runtime must print nothing`).toBeDefined();
  const ok = (validate as ValidateFunction)(JSON.parse(stdout));
  expect(ok, `${event}: ${stdout} → ${ajv.errorsText((validate as ValidateFunction).errors)}`).toBe(true);
}

describe("Codex output schemas", () => {
  it("vendors all 23 schemas (12 input, 11 output: SessionEnd has none) with the provenance note", () => {
    const files = readdirSync(SCHEMA_DIR);
    expect(files.filter((f) => f.endsWith(".schema.json"))).toHaveLength(23);
    expect(readFileSync(join(SCHEMA_DIR, "README.md"), "utf8")).toContain("@openai/codex@0.171.0");
  });

  const outcomes = [
    { name: "nothing", outcome: { context: [] } },
    { name: "context", outcome: { context: ["some context"] } },
    { name: "two contexts", outcome: { context: ["a", "b"] } },
    { name: "block", outcome: { block: "BLOCKED: no.", context: [] } },
    { name: "block with context", outcome: { block: "BLOCKED: no.", context: ["NOTE: kept"] } },
  ];

  for (const event of CODEX_EVENTS) {
    for (const { name, outcome } of outcomes) {
      it(`${event} × ${name} renders schema-valid output`, () => {
        const dispatch = dispatchEventFor(event);
        expect(dispatch, `${event} must map to a handler`).toBeDefined();
        const reply = renderReply("codex", dispatch!, event, outcome);
        expectValidCodexOutput(event, reply.stdout);
        if ("block" in outcome) {
          expect(reply.exitCode).toBe(2);
          // Codex honours exit 2 only with a non-empty stderr reason.
          expect(reply.stderr.trim()).not.toBe("");
        } else {
          expect(reply.exitCode).toBe(0);
          expect(reply.stderr).toBe("");
        }
      });
    }
  }

  it("a PreToolUse deny always carries a non-empty reason (a reasonless deny fails open)", () => {
    const reply = renderReply("codex", "PreToolUse", "PreToolUse", { block: "BLOCKED: x", context: [] });
    const out = JSON.parse(reply.stdout) as { hookSpecificOutput: { permissionDecisionReason: string } };
    expect(out.hookSpecificOutput.permissionDecisionReason).toBe("BLOCKED: x");
  });
});

describe("Codex payload fixtures", () => {
  const repo = tempRepo("main");
  const fixtures = readdirSync(join(ROOT, "tests", "fixtures", "runtime", "payloads", "codex"))
    .filter((f) => f.endsWith(".json") && f !== "notify.json")
    .map((f) => `codex/${f.replace(/\.json$/, "")}`)
    .sort();

  it.each(fixtures)("%s matches Codex's input schema", (fixture) => {
    const body = payload(fixture, repo);
    const validate = validator(String(body.hook_event_name), "input");
    expect(validate).toBeDefined();
    expect((validate as ValidateFunction)(body), ajv.errorsText((validate as ValidateFunction).errors)).toBe(true);
  });

  it.each(fixtures)("%s through the built runtime prints schema-valid output", (fixture) => {
    const body = payload(fixture, repo);
    const r = runRuntime(payloadText(fixture, repo), cleanEnv(tempDir(), { AGENTIHOOKS_TARGET: "codex" }));
    expect([0, 2]).toContain(r.status);
    expectValidCodexOutput(String(body.hook_event_name), r.stdout);
    if (r.status === 2) expect(r.stderr.trim()).not.toBe("");
  });

  it("every guardrail's deny and every context producer stays schema-valid in-process", () => {
    const home = tempDir();
    const env = cleanEnv(home, { AGENTIHOOKS_TARGET: "codex" });
    const base = payload("codex/pre-tool-use", repo);
    const commands = ["cat .env", "rm -rf /", `echo ${AWS_KEY} > creds.txt`, "git push --force", "git push origin main", "env", `echo ${AWS_KEY}`, "ls"];
    for (const command of commands) {
      const reply = runHook({ stdin: JSON.stringify({ ...base, tool_input: { command } }), argv: [], env, cwd: repo });
      expectValidCodexOutput("PreToolUse", reply.stdout);
    }
    for (const fixture of ["codex/session-start", "codex/user-prompt-submit", "codex/post-tool-use", "codex/stop", "codex/session-end"]) {
      const body = payload(fixture, repo);
      const reply = runHook({ stdin: JSON.stringify(body), argv: [], env, cwd: repo });
      expectValidCodexOutput(String(body.hook_event_name), reply.stdout);
    }
  });
});

/**
 * Property test (fast-check): over generated and mutated payloads, for every client, the runtime
 * only ever answers exit 0 or 2, prints nothing or exactly one JSON object on stdout, and denies a
 * garbled tool event. In-process (the same code the bundle contains), plus a sample through the
 * built dist/runtime.cjs to hold the process to the same properties. `npm test` runs a sixth of the
 * generated cases (fresh ones each run); AGENTIHOOKS_FULL_SWEEP=1 (.ci/run) runs 10 500.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knownEventSpellings } from "../../runtime/events";
import { runHook } from "../../runtime/run-hook";
import { AWS_KEY, cleanEnv, GITHUB_TOKEN, isEmptyOrOneObject, runRuntime, tempDir, tempRepo } from "./helpers";

const repo = tempRepo("main");
const home = tempDir();
const TARGETS = ["copilot", "claude", "codex"] as const;
const EVENTS = [...knownEventSpellings(), "postResult", "prePRDescription", "Unknown", ""];
const TOOL_NAMES = [
  "bash",
  "shell",
  "view",
  "create",
  "edit",
  "grep",
  "glob",
  "apply_patch",
  "str_replace_editor",
  "task",
  "web_fetch",
  "Bash",
  "Read",
  "Write",
  "Edit",
  "MultiEdit",
  "exec",
  "local_shell",
  "unified_exec",
  "read_file",
  "mcp__fs__read_file",
  "github-mcp-server-get_me",
  "",
  "??",
];
const TEXTS = [
  "ls -la",
  "cat .env",
  "rm -rf /",
  "git push origin main",
  "git push -f",
  `echo ${AWS_KEY} > f`,
  `token ${GITHUB_TOKEN}`,
  ".env",
  "~/.bashrc",
  "README.md",
  "*** Begin Patch\n*** Add File: .env\n+A=1\n*** End Patch",
  "x".repeat(300),
  "😀",
  "'unterminated",
  '"',
  "$(cat .env)",
  "printenv",
  "a && b || c | d; e &",
  "<<EOF\nbody\nEOF",
];

const text = fc.oneof(fc.constantFrom(...TEXTS), fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }));
const toolArgs = fc.oneof(
  fc.dictionary(
    fc.constantFrom("command", "path", "file_path", "file_text", "content", "new_str", "new_string", "old_str", "patch", "input", "pattern", "glob", "edits"),
    fc.oneof(text, fc.array(text, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 })),
    { maxKeys: 4 },
  ),
  text,
  fc.jsonValue({ maxDepth: 2 }),
);
const toolCall = fc.record(
  {
    id: fc.string({ maxLength: 4 }),
    name: fc.constantFrom(...TOOL_NAMES),
    args: fc.oneof(
      toolArgs.map((a) => JSON.stringify(a)),
      text,
      toolArgs,
    ),
  },
  { requiredKeys: [] },
);

/** A payload in any client's shape, with keys left out, wrongly typed or added at random. */
const payloadObject = fc.record(
  {
    hookEventName: fc.constantFrom(...EVENTS),
    hook_event_name: fc.constantFrom(...EVENTS),
    sessionId: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("s-1", "../x", "*")),
    session_id: fc.string({ maxLength: 12 }),
    cwd: fc.constantFrom(repo, "/nonexistent", "", "relative/dir"),
    toolName: fc.constantFrom(...TOOL_NAMES),
    tool_name: fc.oneof(fc.constantFrom(...TOOL_NAMES), fc.jsonValue({ maxDepth: 1 })),
    toolArgs: toolArgs,
    tool_input: toolArgs,
    toolInput: toolArgs,
    toolCalls: fc.oneof(fc.array(toolCall, { maxLength: 4 }), fc.jsonValue({ maxDepth: 1 })),
    toolResult: fc.oneof(fc.record({ resultType: fc.constantFrom("success", "failure", "denied"), textResultForLlm: text }), fc.jsonValue({ maxDepth: 1 })),
    tool_response: fc.jsonValue({ maxDepth: 2 }),
    prompt: text,
    stop_hook_active: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 0 })),
    transcriptPath: text,
    source: fc.constantFrom("new", "startup", "resume"),
    extra: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

const target = fc.constantFrom(...TARGETS);
const envEvent = fc.option(fc.constantFrom(...EVENTS), { nil: undefined });

function run(stdin: string, t: (typeof TARGETS)[number], event: string | undefined) {
  const extra: Record<string, string> = { AGENTIHOOKS_TARGET: t };
  if (event !== undefined) extra.AGENTIHOOKS_COPILOT_EVENT = event;
  return runHook({ stdin, argv: [], env: cleanEnv(home, extra), cwd: repo, now: () => new Date(0) });
}

function expectWellFormed(reply: { stdout: string; exitCode: number; stderr: string }): void {
  expect([0, 2]).toContain(reply.exitCode);
  expect(isEmptyOrOneObject(reply.stdout), reply.stdout).toBe(true);
  if (reply.exitCode === 2) expect(reply.stderr.trim()).not.toBe("");
}

/** Garbled text that still names a tool-permission event in its first 512 characters. */
const garbledToolEvent = fc
  .record({
    name: fc.constantFrom("preToolUse", "PreToolUse", "preMcpToolCall", "permissionRequest", "PermissionRequest"),
    key: fc.constantFrom("hookEventName", "hook_event_name"),
    rest: payloadObject,
    cut: fc.nat(),
    junk: fc.constantFrom("{", "}}", "not json", "\u0000", ",,", '"'),
    mode: fc.constantFrom("truncate", "insert", "append"),
  })
  .map(({ name, key, rest, cut, junk, mode }) => {
    const full = JSON.stringify({ [key]: name, ...rest, [key === "hookEventName" ? "hookEventName" : "hook_event_name"]: name });
    const head = `{"${key}": "${name}"`;
    const body = `${head},${full.slice(1)}`;
    const at = head.length + (cut % Math.max(1, body.length - head.length));
    if (mode === "truncate") return body.slice(0, Math.max(head.length, at));
    if (mode === "insert") return body.slice(0, at) + junk + body.slice(at);
    return body + junk;
  })
  .filter((s) => {
    try {
      const v: unknown = JSON.parse(s);
      return typeof v !== "object" || v === null || Array.isArray(v);
    } catch {
      return true;
    }
  });

/** `full` generated cases under AGENTIHOOKS_FULL_SWEEP=1, a sixth of them otherwise. */
function runs(full: number): number {
  return process.env.AGENTIHOOKS_FULL_SWEEP === "1" ? full : Math.ceil(full / 6);
}

describe("runtime properties (fast-check)", () => {
  it(`well-formed replies for ${runs(6_000)} mutated payloads in every client's shape`, () => {
    fc.assert(
      fc.property(payloadObject, target, envEvent, (body, t, event) => {
        expectWellFormed(run(JSON.stringify(body), t, event));
      }),
      { numRuns: runs(6_000) },
    );
  });

  it(`well-formed replies for ${runs(2_000)} arbitrary JSON values and raw strings`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc.string({ maxLength: 200 }),
          fc.string({ unit: "binary", maxLength: 100 }),
        ),
        target,
        envEvent,
        (stdin, t, event) => {
          expectWellFormed(run(stdin, t, event));
        },
      ),
      { numRuns: runs(2_000) },
    );
  });

  it(`denies ${runs(2_000)} garbled tool-event payloads on every client`, () => {
    fc.assert(
      fc.property(garbledToolEvent, target, (stdin, t) => {
        const reply = run(stdin, t, undefined);
        expect(reply.exitCode, stdin.slice(0, 120)).toBe(2);
        expect(reply.stderr).toMatch(/^BLOCKED: /);
        expectWellFormed(reply);
      }),
      { numRuns: runs(2_000) },
    );
  });

  it(`denies any unreadable stdin when Copilot's wrapper says it is a tool event (${runs(500)} runs)`, () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 100 }).filter((s) => {
          try {
            const v: unknown = JSON.parse(s);
            return typeof v !== "object" || v === null || Array.isArray(v);
          } catch {
            return true;
          }
        }),
        fc.constantFrom("preToolUse", "PreToolUse", "permissionRequest", "preMcpToolCall"),
        (stdin, event) => {
          expect(run(stdin, "copilot", event).exitCode).toBe(2);
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it("holds the built process to the same properties (sample of 24 through dist/runtime.cjs)", () => {
    const samples = fc.sample(
      fc.tuple(
        fc.oneof(
          payloadObject.map((b) => JSON.stringify(b)),
          garbledToolEvent,
        ),
        target,
        envEvent,
      ),
      { numRuns: 24, seed: 20261130 },
    );
    for (const [stdin, t, event] of samples) {
      const extra: Record<string, string> = { AGENTIHOOKS_TARGET: t };
      if (event !== undefined) extra.AGENTIHOOKS_COPILOT_EVENT = event;
      const r = runRuntime(stdin, cleanEnv(home, extra));
      expect([0, 2], stdin.slice(0, 120)).toContain(r.status);
      expect(isEmptyOrOneObject(r.stdout), r.stdout).toBe(true);
      expect(r).toEqual(expect.objectContaining({ stdout: run(stdin, t, event).stdout }));
    }
  });
});

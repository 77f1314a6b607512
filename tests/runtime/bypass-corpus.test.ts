/**
 * The bypass corpus: a guardrail that a payload shape, a tool spelling or an event spelling can
 * route around protects nothing. Every guardrail probe is sent in every spelling each client can
 * produce (tool names, event names in the payload or from the wrapper, both Copilot preToolUse
 * shapes, first or later call of a batch, PascalCase registration, MCP tool names) and must come
 * back denied by that guardrail. In-process over the whole corpus, plus one probe per guardrail
 * and client through the built runtime.
 */
import { describe, expect, it } from "vitest";
import { runHook } from "../../runtime/run-hook";
import { AWS_KEY, cleanEnv, GITHUB_TOKEN, runRuntime, tempDir, tempRepo } from "./helpers";

type Target = "copilot" | "claude" | "codex";
type Kind = "shell" | "read" | "write";

/** One probe: what a guardrail must block, as a shell command or as a file tool call. */
interface Probe {
  guard: string;
  kind: Kind;
  /** Shell: the command. Read/write: path (and content for writes). */
  command?: string;
  path?: string;
  content?: string;
  /** A fragment the block message must contain (proves which guard answered). */
  expect: RegExp;
}

const PROBES: Probe[] = [
  { guard: "secrets", kind: "shell", command: `echo ${AWS_KEY} > creds.txt`, expect: /Secret\(s\) detected in Bash command writing to a file/ },
  { guard: "secrets", kind: "write", path: "src/creds.py", content: `KEY = "${AWS_KEY}"\n`, expect: /Secret\(s\) detected in (Write|Edit|MultiEdit) content/ },
  { guard: "credentials", kind: "shell", command: "cat .env", expect: /reads \.env, a credential file/ },
  { guard: "credentials", kind: "read", path: ".env", expect: /(Reading|reads) \.env, a credential file/ },
  { guard: "destructive", kind: "shell", command: "rm -rf ~", expect: /Recursive rm of ~/ },
  { guard: "destructive", kind: "write", path: ".env", content: "A=1\n", expect: /Writing \.env is not allowed/ },
  { guard: "branches", kind: "shell", command: "git push origin main", expect: /Pushing to main is not allowed/ },
  { guard: "branches", kind: "shell", command: "git push --force origin feature", expect: /Force push rewrites published history/ },
];

/** A tool call in a client's own spelling: its tool name and arguments. */
type Spelling = { name: string; args: (p: Probe) => Record<string, unknown> };

const SHELL: Record<Target, Spelling[]> = {
  copilot: [
    { name: "bash", args: (p) => ({ command: p.command }) },
    { name: "shell", args: (p) => ({ command: p.command }) },
  ],
  claude: [{ name: "Bash", args: (p) => ({ command: p.command, description: "probe" }) }],
  codex: [
    { name: "Bash", args: (p) => ({ command: p.command }) },
    { name: "exec_command", args: (p) => ({ command: p.command }) },
    { name: "shell", args: (p) => ({ command: ["bash", "-lc", p.command] }) },
    { name: "local_shell", args: (p) => ({ command: ["sh", "-c", p.command] }) },
    { name: "unified_exec", args: (p) => ({ input: p.command }) },
    { name: "write_stdin", args: (p) => ({ session_id: 1, chars: `${p.command}\n` }) },
    { name: "exec", args: (p) => ({ command: p.command }) },
  ],
};

const READ: Record<Target, Spelling[]> = {
  copilot: [
    { name: "view", args: (p) => ({ path: p.path }) },
    { name: "str_replace_editor", args: (p) => ({ command: "view", path: p.path }) },
  ],
  claude: [{ name: "Read", args: (p) => ({ file_path: p.path }) }],
  codex: [
    { name: "read_file", args: (p) => ({ file_path: p.path }) },
    { name: "Bash", args: (p) => ({ command: `cat ${p.path}` }) },
  ],
};

const WRITE: Record<Target, Spelling[]> = {
  copilot: [
    { name: "create", args: (p) => ({ path: p.path, file_text: p.content }) },
    { name: "edit", args: (p) => ({ path: p.path, old_str: "x", new_str: p.content }) },
    { name: "apply_patch", args: (p) => ({ patch: `*** Begin Patch\n*** Add File: ${p.path}\n+${p.content}*** End Patch\n` }) },
    { name: "str_replace_editor", args: (p) => ({ command: "create", path: p.path, file_text: p.content }) },
    { name: "str_replace_editor", args: (p) => ({ command: "str_replace", path: p.path, old_str: "x", new_str: p.content }) },
    { name: "str_replace_editor", args: (p) => ({ command: "insert", path: p.path, insert_line: 1, new_str: p.content }) },
  ],
  claude: [
    { name: "Write", args: (p) => ({ file_path: p.path, content: p.content }) },
    { name: "Edit", args: (p) => ({ file_path: p.path, old_string: "x", new_string: p.content }) },
    { name: "MultiEdit", args: (p) => ({ file_path: p.path, edits: [{ old_string: "x", new_string: p.content }] }) },
  ],
  codex: [
    { name: "apply_patch", args: (p) => ({ command: `*** Begin Patch\n*** Add File: ${p.path}\n+${p.content}*** End Patch\n` }) },
    { name: "apply_patch", args: (p) => ({ command: `*** Begin Patch\n*** Update File: ${p.path}\n@@\n-x\n+${p.content}*** End Patch\n` }) },
  ],
};

/**
 * Copilot 1.0.102 on the Responses wire: `apply_patch` is a freeform tool and `toolArgs` is the raw
 * patch text, not an object (docs/e2e.md). Each write probe as such a patch.
 */
const FREEFORM_PATCHES: ReadonlyArray<{ label: string; text: (p: Probe) => string }> = [
  { label: "Add File", text: (p) => `*** Begin Patch\n*** Add File: ${p.path}\n+${p.content}*** End Patch\n` },
  { label: "Update File", text: (p) => `*** Begin Patch\n*** Update File: ${p.path}\n@@\n-x\n+${p.content}*** End Patch\n` },
];

const SPELLINGS: Record<Kind, Record<Target, Spelling[]>> = { shell: SHELL, read: READ, write: WRITE };

interface Case {
  label: string;
  target: Target;
  stdin: string;
  envEvent?: string;
  probe: Probe;
}

const HARMLESS_COPILOT = { name: "view", args: JSON.stringify({ path: "README.md" }) };

function copilotCases(probe: Probe, cwd: string): Case[] {
  const cases: Case[] = [];
  const events = ["preToolUse", "PreToolUse", "preMcpToolCall", "PreMcpToolCall", "permissionRequest", "PermissionRequest"];
  for (const spelling of SPELLINGS[probe.kind].copilot) {
    const args = spelling.args(probe);
    for (const event of events) {
      const base = { sessionId: "s", timestamp: 1, cwd };
      const label = `copilot ${event} ${spelling.name}`;
      // 1.0.102: per-call object args, event from the wrapper (no event field).
      cases.push({
        label: `${label} object args, wrapper event`,
        target: "copilot",
        envEvent: event,
        probe,
        stdin: JSON.stringify({ ...base, toolName: spelling.name, toolArgs: args }),
      });
      // Event named in the payload (wins over the wrapper).
      cases.push({
        label: `${label} object args, payload event`,
        target: "copilot",
        probe,
        stdin: JSON.stringify({ ...base, hookEventName: event, toolName: spelling.name, toolArgs: args }),
      });
      // postToolUse-style JSON-string args on a tool event.
      cases.push({
        label: `${label} string args`,
        target: "copilot",
        envEvent: event,
        probe,
        stdin: JSON.stringify({ ...base, toolName: spelling.name, toolArgs: JSON.stringify(args) }),
      });
      if (event.startsWith("pre") || event.startsWith("Pre")) {
        // 1.0.80: batched toolCalls with JSON-string args, probe first and probe second.
        const call = { id: "c2", name: spelling.name, args: JSON.stringify(args) };
        cases.push({ label: `${label} batch first`, target: "copilot", envEvent: event, probe, stdin: JSON.stringify({ ...base, toolCalls: [call] }) });
        cases.push({
          label: `${label} batch second`,
          target: "copilot",
          envEvent: event,
          probe,
          stdin: JSON.stringify({ ...base, toolCalls: [{ id: "c1", ...HARMLESS_COPILOT }, call] }),
        });
      } else {
        // permissionRequest carries toolInput.
        cases.push({
          label: `${label} toolInput`,
          target: "copilot",
          envEvent: event,
          probe,
          stdin: JSON.stringify({ ...base, hookName: "permissionRequest", toolName: spelling.name, toolInput: args }),
        });
      }
    }
  }
  if (probe.kind === "write") {
    for (const patch of FREEFORM_PATCHES) {
      const text = patch.text(probe);
      for (const event of events) {
        const base = { sessionId: "s", timestamp: 1, cwd };
        const label = `copilot ${event} freeform apply_patch (${patch.label})`;
        cases.push({
          label: `${label} raw toolArgs, wrapper event`,
          target: "copilot",
          envEvent: event,
          probe,
          stdin: JSON.stringify({ ...base, toolName: "apply_patch", toolArgs: text }),
        });
        cases.push({
          label: `${label} raw toolArgs, payload event`,
          target: "copilot",
          probe,
          stdin: JSON.stringify({ ...base, hookEventName: event, toolName: "apply_patch", toolArgs: text }),
        });
        cases.push({
          label: `${label} JSON string literal`,
          target: "copilot",
          envEvent: event,
          probe,
          stdin: JSON.stringify({ ...base, toolName: "apply_patch", toolArgs: JSON.stringify(text) }),
        });
        if (event.startsWith("pre") || event.startsWith("Pre")) {
          cases.push({
            label: `${label} batch second, raw args`,
            target: "copilot",
            envEvent: event,
            probe,
            stdin: JSON.stringify({
              ...base,
              toolCalls: [
                { id: "c1", ...HARMLESS_COPILOT },
                { id: "c2", name: "apply_patch", args: text },
              ],
            }),
          });
        } else {
          cases.push({
            label: `${label} raw toolInput`,
            target: "copilot",
            envEvent: event,
            probe,
            stdin: JSON.stringify({ ...base, toolName: "apply_patch", toolInput: text }),
          });
        }
      }
    }
    // What permissionRequest carried for that apply_patch: `toolName: "edit"`, `toolInput: {file_path, diff}`.
    const diff = `--- a/${probe.path}\n+++ b/${probe.path}\n@@ -1 +1 @@\n-x\n+${probe.content}`;
    cases.push({
      label: "copilot permissionRequest edit {file_path, diff}",
      target: "copilot",
      envEvent: "permissionRequest",
      probe,
      stdin: JSON.stringify({ sessionId: "s", cwd, toolName: "edit", toolInput: { file_path: probe.path, diff } }),
    });
  }
  // PascalCase registration: snake_case, Claude tool names, Copilot argument keys.
  for (const spelling of SPELLINGS[probe.kind].claude) {
    const args = spelling.args(probe);
    const copilotKeys = Object.fromEntries(Object.entries(args).map(([k, v]) => [k === "file_path" ? "path" : k, v]));
    cases.push({
      label: `copilot PascalCase ${spelling.name}`,
      target: "copilot",
      envEvent: "PreToolUse",
      probe,
      stdin: JSON.stringify({ session_id: "s", cwd, hook_event_name: "PreToolUse", tool_name: spelling.name, tool_input: copilotKeys }),
    });
  }
  return cases;
}

function hookCases(target: "claude" | "codex", probe: Probe, cwd: string): Case[] {
  const cases: Case[] = [];
  for (const spelling of SPELLINGS[probe.kind][target]) {
    for (const event of ["PreToolUse", "PermissionRequest"]) {
      const body: Record<string, unknown> = {
        session_id: "s",
        transcript_path: null,
        cwd,
        hook_event_name: event,
        tool_name: spelling.name,
        tool_input: spelling.args(probe),
        tool_use_id: "t",
      };
      if (target === "codex") Object.assign(body, { model: "gpt-5.5", permission_mode: "default", turn_id: "u" });
      cases.push({ label: `${target} ${event} ${spelling.name}`, target, probe, stdin: JSON.stringify(body) });
    }
  }
  return cases;
}

/** MCP tools: the same guardrails reach tools that are not built in. */
function mcpCases(cwd: string): Case[] {
  const cases: Case[] = [];
  const mcp: Array<{ names: Record<Target, string>; args: Record<string, unknown>; expect: RegExp; guard: string }> = [
    {
      guard: "secrets",
      names: { copilot: "github-mcp-server-create_or_update_file", claude: "mcp__github__create_or_update_file", codex: "mcp__github__create_or_update_file" },
      args: { path: "a.txt", content: `token ${GITHUB_TOKEN}` },
      expect: /Secret\(s\) detected in the arguments of/,
    },
    {
      guard: "credentials",
      names: { copilot: "filesystem-read_file", claude: "mcp__filesystem__read_file", codex: "mcp__filesystem__read_text_file" },
      args: { path: `${cwd}/.env` },
      expect: /would read .*\.env, a credential file/,
    },
    {
      guard: "destructive",
      names: { copilot: "filesystem-write_file", claude: "mcp__filesystem__write_file", codex: "mcp__filesystem__edit_file" },
      args: { path: ".env.production", content: "A=1" },
      expect: /Writing \.env\.production is not allowed/,
    },
  ];
  for (const m of mcp) {
    const probe: Probe = { guard: m.guard, kind: "write", expect: m.expect };
    cases.push({
      label: `copilot MCP ${m.names.copilot}`,
      target: "copilot",
      envEvent: "preToolUse",
      probe,
      stdin: JSON.stringify({ sessionId: "s", cwd, toolName: m.names.copilot, toolArgs: m.args }),
    });
    cases.push({
      label: `copilot MCP batched ${m.names.copilot}`,
      target: "copilot",
      envEvent: "preMcpToolCall",
      probe,
      stdin: JSON.stringify({
        sessionId: "s",
        cwd,
        toolCalls: [
          { id: "1", ...HARMLESS_COPILOT },
          { id: "2", name: m.names.copilot, args: JSON.stringify(m.args) },
        ],
      }),
    });
    for (const target of ["claude", "codex"] as const) {
      cases.push({
        label: `${target} MCP ${m.names[target]}`,
        target,
        probe,
        stdin: JSON.stringify({ session_id: "s", cwd, hook_event_name: "PreToolUse", tool_name: m.names[target], tool_input: m.args }),
      });
    }
  }
  return cases;
}

const repo = tempRepo("main");
const home = tempDir();
const corpus: Case[] = [
  ...PROBES.flatMap((probe) => [...copilotCases(probe, repo), ...hookCases("claude", probe, repo), ...hookCases("codex", probe, repo)]),
  ...mcpCases(repo),
];

function envFor(c: Case): NodeJS.ProcessEnv {
  const extra: Record<string, string> = { AGENTIHOOKS_TARGET: c.target };
  if (c.envEvent) extra.AGENTIHOOKS_COPILOT_EVENT = c.envEvent;
  return cleanEnv(home, extra);
}

describe("bypass corpus", () => {
  it("is large enough to mean something", () => {
    expect(corpus.length).toBeGreaterThan(300);
    for (const guard of ["secrets", "credentials", "destructive", "branches"]) expect(corpus.some((c) => c.probe.guard === guard)).toBe(true);
  });

  it.each(corpus.map((c) => [`${c.probe.guard}: ${c.label} (${c.probe.kind})`, c] as const))("%s is denied by its guardrail", (_label, c) => {
    const reply = runHook({ stdin: c.stdin, argv: [], env: envFor(c), cwd: repo });
    expect(reply.exitCode).toBe(2);
    expect(reply.stderr).toMatch(/^BLOCKED: /);
    expect(reply.stderr).toMatch(c.probe.expect);
  });

  // One case per guard and client through the bundled file, so the corpus is not only in-process truth.
  const sample = new Map<string, Case>();
  for (const c of corpus) if (!sample.has(`${c.probe.guard}/${c.target}`)) sample.set(`${c.probe.guard}/${c.target}`, c);
  it.each([...sample.entries()])("%s through dist/runtime.cjs", (_key, c) => {
    const r = runRuntime(c.stdin, envFor(c));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(c.probe.expect);
  });
});

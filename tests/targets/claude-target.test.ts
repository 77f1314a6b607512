import { describe, expect, it } from "vitest";
import type { DesiredTree, FileEntry, JsonEntriesEntry, JsonKeysEntry, JsonListsEntry, ManagedRegionEntry } from "../../compiler/desired-tree";
import { installedMcpServerPath, installedRuntimeCorePath, portableEnvironment } from "../../compiler/environment";
import type { Ir } from "../../compiler/ir";
import { renderHookWrapper } from "../../compiler/lower/hook-wrapper";
import { renderFresh } from "../../compiler/render-fresh";
import { compileTarget } from "../../compiler/targets/claude/compile";
import { withoutAgentihooks } from "./builtin-server";
import { feature, makeIr, mcp, member, merged, skill, targetInput } from "./ir-fixtures";

const env = portableEnvironment();

function withClaude(ir: Ir, settings: Record<string, unknown>, servers: Parameters<typeof targetInput>[1] = {}): Ir {
  return { ...ir, targets: { ...ir.targets, claude: { settings: merged(settings, "bundle:.claude/settings.overrides.json"), mcpServers: servers } } };
}

function entry<K extends DesiredTree["entries"][number]["kind"]>(
  tree: DesiredTree,
  kind: K,
  path: string,
): Extract<DesiredTree["entries"][number], { kind: K }> {
  const found = tree.entries.find((e) => e.kind === kind && e.path === path);
  if (!found) throw new Error(`no ${kind} entry at ${path}; have ${tree.entries.map((e) => `${e.kind}:${e.path}`).join(", ")}`);
  return found as Extract<DesiredTree["entries"][number], { kind: K }>;
}

function text(content: string | Uint8Array): string {
  return typeof content === "string" ? content : new TextDecoder().decode(content);
}

function renderedFile(tree: DesiredTree, path: string): string {
  const file = renderFresh(tree).find((f) => f.path === path);
  if (!file) throw new Error(`renderFresh wrote no ${path}`);
  return text(file.content);
}

const WRAPPER = "/home/agent/.claude/agentihooks-hook.sh";
const EVENTS = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PermissionRequest",
  "Notification",
];

describe("Claude target: settings.json", () => {
  it("renders the merged layers, _agentihooks.env folded under env (document wins), and one group per event", () => {
    const ir = withClaude(makeIr(), {
      $schema: "https://agentihooks.dev/schemas/claude-settings.schema.json",
      model: "opus",
      env: { SHARED: "from-doc", DOC_ONLY: "1" },
      _agentihooks: { env: { SHARED: "from-directive", DIRECTIVE_ONLY: "2" } },
      permissions: { allow: ["Bash(git status)"] },
    });
    const tree = compileTarget(ir, env);
    expect(tree.diagnostics).toEqual([]);
    const groups = Object.fromEntries(EVENTS.map((e) => [e, [{ hooks: [{ type: "command", command: `${WRAPPER} ${e}`, timeout: 30 }] }]]));
    expect(JSON.parse(renderedFile(tree, "/home/agent/.claude/settings.json"))).toEqual({
      env: { DIRECTIVE_ONLY: "2", DOC_ONLY: "1", SHARED: "from-doc" },
      model: "opus",
      permissions: { allow: ["Bash(git status)"] },
      hooks: groups,
    });
  });

  it("manages env, permissions and enabledPlugins member by member, everything else whole, in sorted order", () => {
    const tree = compileTarget(
      withClaude(makeIr(), { statusLine: { type: "command", command: "x" }, env: { B: "2", A: "1" }, permissions: { deny: ["Read(.env)"] } }),
      env,
    );
    const keys = entry(tree, "json-keys", "/home/agent/.claude/settings.json") as JsonKeysEntry;
    expect(keys.keys.map((k) => k.key)).toEqual([["env", "A"], ["env", "B"], ["permissions", "deny"], ["statusLine"]]);
    expect(keys.sidecar).toBe("/home/agent/.claude/.agentihooks-managed.json");
    expect(keys.remove).toEqual([["_managedBy"]]);
  });

  it("drops credential-shaped env literals with a warning and keeps references", () => {
    const tree = compileTarget(withClaude(makeIr(), { env: { GH: "ghp_" + "adTPZlxitTCaB300TbT7aHecssFSbROgSrSn", REF: "${GITHUB_TOKEN}", PLAIN: "x" } }), env);
    const keys = entry(tree, "json-keys", "/home/agent/.claude/settings.json") as JsonKeysEntry;
    expect(keys.keys.map((k) => [k.key.join("."), k.value])).toEqual([
      ["env.PLAIN", "x"],
      ["env.REF", "${GITHUB_TOKEN}"],
    ]);
    expect(tree.diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([["AH4305", "warning", "/env/GH"]]);
  });

  it("drops mcpServers, reserved keys and unknown directives from settings.json with diagnostics", () => {
    const tree = compileTarget(withClaude(makeIr(), { mcpServers: { x: { command: "y" } }, _private: 1, _agentihooks: { allowAll: true, env: "nope" } }), env);
    expect(tree.diagnostics.map((d) => d.code).sort()).toEqual(["AH4101", "AH4102", "AH4103", "AH4107"]);
    const keys = entry(tree, "json-keys", "/home/agent/.claude/settings.json") as JsonKeysEntry;
    expect(keys.keys).toEqual([]);
  });

  it("puts our group first in every event, then the layers' groups; drops unknown events; renames timeoutSec", () => {
    const tree = compileTarget(
      withClaude(makeIr(), {
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "/opt/audit.sh", timeoutSec: 5 }] }],
          Bogus: [{ hooks: [{ type: "command", command: "x" }] }],
          FileChanged: [{ hooks: [{ type: "command", command: "/opt/fmt.sh" }] }],
        },
      }),
      env,
    );
    const lists = entry(tree, "json-lists", "/home/agent/.claude/settings.json") as JsonListsEntry;
    expect(lists.position).toBe("first");
    expect(lists.ownerCommand).toBe(WRAPPER);
    expect(lists.recordItems).toBe(true);
    expect(lists.lists.PreToolUse).toEqual([
      { hooks: [{ type: "command", command: `${WRAPPER} PreToolUse`, timeout: 30 }] },
      { matcher: "Bash", hooks: [{ type: "command", command: "/opt/audit.sh", timeout: 5 }] },
    ]);
    expect(lists.lists.FileChanged).toEqual([{ hooks: [{ type: "command", command: "/opt/fmt.sh" }] }]);
    expect(lists.lists.Bogus).toBeUndefined();
    expect(tree.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["AH4108", "/hooks/Bogus"],
      ["AH4109", "/hooks/PreToolUse/0"],
    ]);
  });

  it("shell-quotes a wrapper path holding spaces", () => {
    const tree = compileTarget(makeIr(), portableEnvironment({ homes: { claude: "/home/Jane O'Neil/.claude" } }));
    const lists = entry(tree, "json-lists", "/home/Jane O'Neil/.claude/settings.json") as JsonListsEntry;
    expect(lists.ownerCommand).toBe(`'/home/Jane O'\\''Neil/.claude/agentihooks-hook.sh'`);
  });
});

describe("Claude target: wrapper, policy, persona", () => {
  it("writes the wrapper (0755) exporting AGENTIHOOKS_TARGET=claude, running the installed runtime", () => {
    const wrapper = entry(compileTarget(makeIr(), env), "file", WRAPPER) as FileEntry;
    expect(wrapper.mode).toBe(0o755);
    expect(text(wrapper.content)).toBe(
      renderHookWrapper({
        target: "claude",
        displayName: "Claude Code",
        nodePath: "/usr/local/bin/node",
        runtimePath: env.runtimePath,
        agentihooksHome: env.agentihooksHome,
        bashPath: env.bashPath,
      }),
    );
    expect(text(wrapper.content)).toContain(
      `\nexport AGENTIHOOKS_HOME=/home/agent/.agentihooks\nunset NODE_OPTIONS NODE_PATH\nnode=/usr/local/bin/node\nruntime=/home/agent/.agentihooks/runtime/${env.runtime.version}-${env.runtime.digest.slice(0, 16)}/runtime.cjs\n`,
    );
  });

  it("installs the bundled runtime (0644) at its versioned, content-addressed path", () => {
    const copy = entry(compileTarget(makeIr(), env), "file", env.runtimePath) as FileEntry;
    expect(copy.mode).toBe(0o644);
    expect(copy.content).toBe(env.runtime.bytes);
    const core = entry(compileTarget(makeIr(), env), "file", installedRuntimeCorePath(env.runtimePath)) as FileEntry;
    expect([core.content, core.mode]).toEqual([env.runtime.core, 0o644]);
  });

  it("writes the runtime policy for claude", () => {
    const policy = entry(
      compileTarget(makeIr({ guardrails: { branchProtection: false } as Ir["guardrails"] }), env),
      "file",
      "/home/agent/.agentihooks/policy.claude.json",
    ) as FileEntry;
    const parsed = JSON.parse(text(policy.content));
    expect(parsed.target).toBe("claude");
    expect(parsed.guardrails.branchProtection).toBe(false);
  });

  it("assembles CLAUDE.md as a managed region without the rules (Claude loads rules/ itself)", () => {
    const ir = makeIr({
      chain: [member("anton"), member("brain", "linked")],
      basePersona: "anton",
      persona: { profiles: [{ profile: "anton", text: "I am anton.\n", origin: { file: "bundle:profiles/anton/CLAUDE.md", layer: "profile anton" } }] },
      rules: [feature("rules", "security", "Never leak secrets.\n")],
    });
    const persona = entry(compileTarget(ir, env), "managed-region", "/home/agent/.claude/CLAUDE.md") as ManagedRegionEntry;
    expect(persona.header).toBe("<!-- managed-by: agentihooks — regenerate with: agentihooks init --target claude -->");
    expect(persona.footer).toBe("<!-- agentihooks:managed-end -->");
    expect(persona.content.startsWith(`${persona.header}\n\n---\n\n# Identity`)).toBe(true);
    expect(persona.content).toContain("You are **anton**");
    expect(persona.content).toContain("Layered on top: **brain**");
    expect(persona.content).toContain("<!-- profile: anton -->\nI am anton.");
    expect(persona.content).not.toContain("Never leak secrets");
    expect(persona.content.endsWith("\n\n<!-- agentihooks:managed-end -->\n")).toBe(true);
  });
});

describe("Claude target: rules, agents, commands, skills", () => {
  it("copies each file as authored under a manifest, skill files with their modes", () => {
    const ir = makeIr({
      rules: [feature("rules", "security", "No secrets.\n")],
      agents: [feature("agents", "reviewer", "Review code.\n", { description: "Reviews" })],
      commands: [feature("commands", "ship", "Ship it $ARGUMENTS\n", { description: "Ships" })],
      skills: [skill("deploy", "---\ndescription: Deploys\n---\nDo it.\n", [{ path: "run.sh", content: "#!/bin/sh\n", executable: true }])],
    });
    const files = compileTarget(ir, env).entries.filter(
      (e): e is FileEntry =>
        e.kind === "file" &&
        !e.path.endsWith(".sh") &&
        !e.path.endsWith(".json") &&
        e.path !== env.runtimePath &&
        e.path !== installedRuntimeCorePath(env.runtimePath) &&
        e.path !== installedMcpServerPath(env.runtimePath),
    );
    expect(files.map((f) => [f.path, f.mode, f.manifest?.file, f.manifest?.item])).toEqual([
      ["/home/agent/.claude/agents/reviewer.md", 0o644, ".agentihooks-manifest.json", "reviewer.md"],
      ["/home/agent/.claude/commands/ship.md", 0o644, ".agentihooks-manifest.json", "ship.md"],
      ["/home/agent/.claude/rules/security.md", 0o644, ".agentihooks-manifest.json", "security.md"],
      ["/home/agent/.claude/skills/deploy/SKILL.md", 0o644, ".agentihooks-skills.json", "deploy"],
    ]);
    expect(text(files[1]!.content)).toBe('---\ndescription: "Ships"\n---\n\nShip it $ARGUMENTS\n');
    const script = compileTarget(ir, env).entries.find((e) => e.path === "/home/agent/.claude/skills/deploy/run.sh") as FileEntry;
    expect(script.mode).toBe(0o755);
  });
});

describe("Claude target: MCP servers in ~/.claude.json", () => {
  it("translates stdio and remote servers, keeping references and carrying Codex spellings over", () => {
    const servers = {
      github: mcp({ command: "npx", args: ["-y", "gh-mcp"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}" } }, "github"),
      codexish: mcp({ command: "srv", env_vars: ["API_KEY"] }, "codexish"),
      remote: mcp(
        {
          type: "streamable-http",
          url: "https://mcp.example/mcp",
          bearer_token_env_var: "GW",
          env_http_headers: { "X-Org": "ORG" },
          headers: { "X-Plain": "1" },
        },
        "remote",
      ),
      events: mcp({ type: "sse", url: "https://mcp.example/sse" }, "events"),
    };
    const tree = compileTarget(withClaude(makeIr(), {}, servers), env);
    const mcpEntry = entry(tree, "json-entries", "/home/agent/.claude.json") as JsonEntriesEntry;
    expect(mcpEntry.container).toEqual(["mcpServers"]);
    expect(mcpEntry.mode).toBe(0o600);
    expect(withoutAgentihooks(mcpEntry.entries)).toEqual({
      codexish: { type: "stdio", command: "srv", env: { API_KEY: "${API_KEY}" } },
      events: { type: "sse", url: "https://mcp.example/sse" },
      github: { type: "stdio", command: "npx", args: ["-y", "gh-mcp"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}" } },
      remote: { type: "http", url: "https://mcp.example/mcp", headers: { Authorization: "Bearer ${GW}", "X-Org": "${ORG}", "X-Plain": "1" } },
    });
    expect(Object.keys(mcpEntry.entries)).toEqual(["agentihooks", "codexish", "events", "github", "remote"]);
    expect(tree.diagnostics).toEqual([]);
  });

  it("drops a server carrying a credential literal, and a literal credential header, and reports keys Claude cannot express", () => {
    const servers = {
      leaky: mcp({ command: "srv", args: ["--token", "ghp_" + "bleELApvYhT3ou5DLKpuE1zTvvupJoRuDzzy"] }, "leaky"),
      hdr: mcp({ url: "https://x.example/mcp", headers: { Authorization: "Bearer " + "c1I0na2jF9W7VJiOjy8xyu42bCRFqi" }, tools: ["a"], cwd: "/tmp" }, "hdr"),
      empty: mcp({ env: {} }, "empty"),
    };
    const tree = compileTarget(withClaude(makeIr(), {}, servers), env);
    const mcpEntry = entry(tree, "json-entries", "/home/agent/.claude.json") as JsonEntriesEntry;
    expect(withoutAgentihooks(mcpEntry.entries)).toEqual({ hdr: { type: "http", url: "https://x.example/mcp" } });
    expect(tree.diagnostics.map((d) => d.code).sort()).toEqual(["AH4104", "AH4105", "AH4301", "AH4303"]);
    expect(tree.diagnostics.find((d) => d.code === "AH4104")!.message).toContain("'cwd', 'tools'");
  });

  it("follows the authored type when the server has what it needs, and reports the other half", () => {
    const servers = {
      both: mcp({ type: "http", command: "srv", url: "https://both.example/mcp" }, "both"),
      mislabelled: mcp({ type: "sse", command: "srv" }, "mislabelled"),
    };
    const tree = compileTarget(withClaude(makeIr(), {}, servers), env);
    expect(withoutAgentihooks((entry(tree, "json-entries", "/home/agent/.claude.json") as JsonEntriesEntry).entries)).toEqual({
      both: { type: "http", url: "https://both.example/mcp" },
      mislabelled: { type: "stdio", command: "srv" },
    });
    expect(tree.diagnostics.map((d) => [d.code, d.message.split(":")[1]?.trim()])).toEqual([
      ["AH4104", "'command' has no Claude Code equivalent and was dropped from ~/.claude.json."],
    ]);
  });

  it("registers only the agentihooks server, running the installed copy for Claude, when the profiles declare none", () => {
    const mcpEntry = entry(compileTarget(makeIr(), env), "json-entries", "/home/agent/.claude.json") as JsonEntriesEntry;
    expect(mcpEntry.entries).toEqual({
      agentihooks: { type: "stdio", command: "/usr/local/bin/node", args: [installedMcpServerPath(env.runtimePath), "--target", "claude"] },
    });
    expect(installedMcpServerPath(env.runtimePath)).toBe(env.runtimePath.replace(/runtime\.cjs$/, "mcp-server.cjs"));
  });
});

describe("Claude target: determinism", () => {
  it("gives the same entries whatever the order of the input maps", () => {
    const a = withClaude(makeIr(), { model: "x", env: { A: "1", B: "2" } }, { s1: mcp({ command: "a" }, "s1"), s2: mcp({ command: "b" }, "s2") });
    const b = withClaude(makeIr(), { env: { B: "2", A: "1" }, model: "x" }, { s2: mcp({ command: "b" }, "s2"), s1: mcp({ command: "a" }, "s1") });
    expect(JSON.stringify(compileTarget(b, env))).toBe(JSON.stringify(compileTarget(a, env)));
  });
});

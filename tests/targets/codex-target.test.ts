import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import type { DesiredTree, FileEntry, JsonListsEntry, ManagedRegionEntry, TomlKeysEntry } from "../../compiler/desired-tree";
import { installedMcpServerPath, portableEnvironment } from "../../compiler/environment";
import type { Ir } from "../../compiler/ir";
import { renderFresh } from "../../compiler/render-fresh";
import { compileTarget } from "../../compiler/targets/codex/compile";
import { abbreviateNames } from "../../compiler/targets/codex/features";
import { codexHookHash } from "../../compiler/targets/codex/hook-trust";
import { withoutAgentihooks } from "./builtin-server";
import { feature, makeIr, mcp, member, merged, skill } from "./ir-fixtures";

const env = portableEnvironment();
const WRAPPER = "/home/agent/.codex/agentihooks-hook.sh";
const HOOKS = "/home/agent/.codex/hooks.json";
const CONFIG = "/home/agent/.codex/config.toml";
const EVENTS = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PermissionRequest",
];

function withCodex(ir: Ir, settings: Record<string, unknown>, servers: Ir["targets"]["codex"]["mcpServers"] = {}): Ir {
  return { ...ir, targets: { ...ir.targets, codex: { settings: merged(settings, "bundle:.codex/config.overrides.toml"), mcpServers: servers } } };
}

function entry<K extends DesiredTree["entries"][number]["kind"]>(
  tree: DesiredTree,
  kind: K,
  path: string,
): Extract<DesiredTree["entries"][number], { kind: K }> {
  const found = tree.entries.find((e) => e.kind === kind && e.path === path);
  if (!found) throw new Error(`no ${kind} entry at ${path}`);
  return found as Extract<DesiredTree["entries"][number], { kind: K }>;
}

function text(content: string | Uint8Array): string {
  return typeof content === "string" ? content : new TextDecoder().decode(content);
}

function rendered(tree: DesiredTree, path: string): string {
  const file = renderFresh(tree).find((f) => f.path === path);
  if (!file) throw new Error(`renderFresh wrote no ${path}`);
  return text(file.content);
}

function keyMap(e: TomlKeysEntry): Record<string, unknown> {
  return Object.fromEntries(e.keys.map((k) => [k.key.join(" > "), k.value]));
}

describe("Codex target: hooks.json", () => {
  it("registers the ten Codex events, our group first, with timeout and additionalContextLimit where context flows", () => {
    const tree = compileTarget(makeIr(), env);
    const hooks = entry(tree, "json-lists", HOOKS) as JsonListsEntry;
    expect(Object.keys(hooks.lists)).toEqual(EVENTS);
    expect(hooks.position).toBe("first");
    expect(hooks.skeleton).toBeUndefined();
    expect(hooks.ownerCommand).toBe(WRAPPER);
    // The event is the wrapper's argument: it must know a pre-tool event before the runtime runs.
    expect(hooks.lists.PreToolUse).toEqual([{ hooks: [{ type: "command", command: `${WRAPPER} PreToolUse`, timeout: 30, additionalContextLimit: 0 }] }]);
    expect(hooks.lists.Stop).toEqual([{ hooks: [{ type: "command", command: `${WRAPPER} Stop`, timeout: 30 }] }]);
    expect(hooks.lists.SessionEnd).toEqual([{ hooks: [{ type: "command", command: `${WRAPPER} SessionEnd`, timeout: 3 }] }]);
    const withLimit = EVENTS.filter((e) => "additionalContextLimit" in (hooks.lists[e]![0] as { hooks: Array<Record<string, unknown>> }).hooks[0]!);
    expect(withLimit).toEqual(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "SubagentStart"]);
    const file = rendered(tree, HOOKS);
    expect(file).not.toContain("$schema");
    expect(file).not.toContain('"version"');
    expect(file).not.toContain("Notification");
  });

  it("moves inline layer hooks into hooks.json after ours, drops unknown events and hooks.state", () => {
    const tree = compileTarget(
      withCodex(makeIr(), {
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "/opt/audit.sh", timeoutSec: 5 }] }],
          Notification: [{ hooks: [{ type: "command", command: "/opt/n.sh" }] }],
          state: { x: { trusted_hash: "sha256:0" } },
        },
      }),
      env,
    );
    const hooks = entry(tree, "json-lists", HOOKS) as JsonListsEntry;
    expect(hooks.recordItems).toBe(true);
    expect(hooks.lists.PreToolUse![1]).toEqual({ matcher: "Bash", hooks: [{ type: "command", command: "/opt/audit.sh", timeout: 5 }] });
    expect(hooks.lists.Notification).toBeUndefined();
    expect(tree.diagnostics.map((d) => d.code).sort()).toEqual(["AH4207", "AH4210", "AH4212", "AH4214"]);
    const trust = keyMap(entry(tree, "toml-keys", CONFIG) as TomlKeysEntry);
    expect(trust[`hooks > state > ${HOOKS}:pre_tool_use:1:0 > trusted_hash`]).toBe(
      codexHookHash("PreToolUse", "Bash", { type: "command", command: "/opt/audit.sh", timeout: 5 }),
    );
  });
});

describe("Codex target: config.toml", () => {
  it("renders a default config that parses, with trust for exactly our ten handlers", () => {
    const tree = compileTarget(withCodex(makeIr(), { approval_policy: "on-request", tui: { status_line: ["model-with-reasoning"] } }), env);
    const toml = parse(rendered(tree, CONFIG)) as Record<string, any>;
    expect(toml.approval_policy).toBe("on-request");
    expect(toml.tui).toEqual({ status_line: ["model-with-reasoning"] });
    expect(toml.notify).toEqual(["/usr/local/bin/node", env.runtimePath, "notify"]);
    expect(toml.project_doc_max_bytes).toBe(65536);
    expect(toml.features).toBeUndefined();
    const state = toml.hooks.state as Record<string, { trusted_hash: string }>;
    expect(Object.keys(state).sort()).toEqual(EVENTS.map((e) => `${HOOKS}:${e.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase()}:0:0`).sort());
    // The real Codex 0.171.0 computed this hash for this exact handler (tests/targets/codex-hook-trust.test.ts).
    expect(state[`${HOOKS}:pre_tool_use:0:0`]!.trusted_hash).toBe(
      codexHookHash("PreToolUse", undefined, { type: "command", command: `${WRAPPER} PreToolUse`, timeout: 30, additionalContextLimit: 0 }),
    );
    expect(state[`${HOOKS}:stop:0:0`]!.trusted_hash).toBe(codexHookHash("Stop", undefined, { type: "command", command: `${WRAPPER} Stop`, timeout: 30 }));
    // agentihooks' own server, for Codex, is the one table the default profile has.
    expect(toml.mcp_servers).toEqual({ agentihooks: { command: "/usr/local/bin/node", args: [installedMcpServerPath(env.runtimePath), "--target", "codex"] } });
  });

  it("records no trust with codexHookTrust: false, and warns", () => {
    const tree = compileTarget(makeIr({ options: { codexHookTrust: false } }), env);
    const keys = (entry(tree, "toml-keys", CONFIG) as TomlKeysEntry).keys.map((k) => k.key[0]);
    expect(keys).not.toContain("hooks");
    expect(tree.diagnostics.map((d) => d.code)).toEqual(["AH4211"]);
  });

  it("manages layer tables leaf by leaf, sorted, and keeps notify as a default only", () => {
    const tree = compileTarget(
      withCodex(makeIr(), { model: "gpt-5.5", model_providers: { litellm: { name: "LiteLLM", base_url: "http://localhost:4000" } } }),
      env,
    );
    const e = entry(tree, "toml-keys", CONFIG) as TomlKeysEntry;
    expect(e.keys.slice(0, 3).map((k) => k.key)).toEqual([["model"], ["model_providers", "litellm", "base_url"], ["model_providers", "litellm", "name"]]);
    expect(e.defaults).toEqual([{ key: ["notify"], value: ["/usr/local/bin/node", env.runtimePath, "notify"] }]);
    expect(e.sidecar).toBe("/home/agent/.codex/.agentihooks-managed.json");
  });

  it("lets a layer's notify win (no bridge) and reports reserved keys and stray mcp_servers", () => {
    const tree = compileTarget(
      withCodex(makeIr(), {
        notify: ["/usr/bin/notify-send"],
        _agentihooks: { x: 1 },
        agentihooks: { managed: {} },
        mcp_servers: { a: { command: "x" } },
        features: { hooks: false },
      }),
      env,
    );
    const e = entry(tree, "toml-keys", CONFIG) as TomlKeysEntry;
    expect(e.defaults).toBeUndefined();
    expect(keyMap(e).notify).toEqual(["/usr/bin/notify-send"]);
    expect(tree.diagnostics.map((d) => d.code).sort()).toEqual(["AH4208", "AH4209", "AH4209", "AH4213", "AH4216"]);
  });

  it("sizes project_doc_max_bytes to a quarter above AGENTS.md", () => {
    const big = "x".repeat(100_000);
    const tree = compileTarget(makeIr({ rules: [feature("rules", "big", big)] }), env);
    const persona = entry(tree, "managed-region", "/home/agent/.codex/AGENTS.md") as ManagedRegionEntry;
    const bytes = Buffer.byteLength(persona.content, "utf8");
    expect(keyMap(entry(tree, "toml-keys", CONFIG) as TomlKeysEntry).project_doc_max_bytes).toBe(Math.floor(bytes * 1.25));
  });
});

describe("Codex target: MCP servers", () => {
  it("writes stdio and streamable http tables with env and headers by reference, never inlined", () => {
    const servers = {
      gh: mcp({ command: "npx", args: ["-y", "gh"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}", LEVEL: "debug" } }, "gh"),
      wsl: mcp({ command: "cmd.exe", args: ["/c", "npx"], env: { TOKEN: "${SRC_TOKEN}", WSLENV: "TOKEN" } }, "wsl"),
      gw: mcp(
        {
          type: "http",
          url: "https://gw.example/mcp",
          headers: { Authorization: "Bearer ${MCP_GATEWAY_KEY}", "X-Org": "${ORG_ID}", "X-Env": "prefix-${OTHER}", "X-Plain": "yes" },
        },
        "gw",
      ),
      gw2: mcp({ url: "https://gw2.example/mcp", headers: { Authorization: "Bearer $GW_TOKEN" }, tools: ["read"], timeout: 60000 }, "gw2"),
      events: mcp({ type: "sse", url: "https://x.example/sse" }, "events"),
    };
    const tree = compileTarget(withCodex(makeIr(), {}, servers), env);
    const text = rendered(tree, CONFIG);
    // The only reference left in the file is the trampoline's, which bash expands when the server starts.
    expect(text.split("\n").filter((line) => line.includes("${"))).toEqual([
      'args = ["-c", "TOKEN=\\"${SRC_TOKEN}\\" exec \\"$0\\" \\"$@\\"", "cmd.exe", "/c", "npx"]',
    ]);
    const toml = parse(text) as Record<string, any>;
    expect(withoutAgentihooks(toml.mcp_servers)).toEqual({
      gh: { command: "npx", args: ["-y", "gh"], env: { LEVEL: "debug" }, env_vars: ["GITHUB_TOKEN"] },
      wsl: { command: "bash", args: ["-c", 'TOKEN="${SRC_TOKEN}" exec "$0" "$@"', "cmd.exe", "/c", "npx"], env: { WSLENV: "TOKEN" }, env_vars: ["SRC_TOKEN"] },
      gw: {
        url: "https://gw.example/mcp",
        bearer_token_env_var: "MCP_GATEWAY_KEY",
        http_headers: { "X-Plain": "yes" },
        env_http_headers: { "X-Org": "ORG_ID" },
      },
      gw2: { url: "https://gw2.example/mcp", bearer_token_env_var: "GW_TOKEN", enabled_tools: ["read"], tool_timeout_sec: 60 },
    });
    expect(tree.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["AH4203", "/mcpServers/events/type"],
      ["AH4204", "/mcpServers/gw/headers/X-Env"],
    ]);
  });

  it("writes a server with both a command and a url by its authored remote type", () => {
    const tree = compileTarget(withCodex(makeIr(), {}, { both: mcp({ type: "http", command: "srv", url: "https://both.example/mcp" }, "both") }), env);
    expect(withoutAgentihooks(parse(rendered(tree, CONFIG)).mcp_servers as Record<string, unknown>)).toEqual({ both: { url: "https://both.example/mcp" } });
    expect(tree.diagnostics.map((d) => d.message)).toEqual(["MCP server 'both': 'command' has no Codex equivalent and was dropped from config.toml."]);
  });

  it("drops credential literals and reports keys Codex cannot express", () => {
    const servers = {
      leak: mcp({ url: "https://x.example/mcp?token=ghp_" + "dARZ8pKSqKpXiVrYK2d1aTyuF6NsGsDgC6yT" }, "leak"),
      hdr: mcp({ url: "https://y.example/mcp", headers: { Authorization: "Bearer " + "eiPrei6kJgkh7cpcMyL9RbHNEex6iY" }, oidc: true }, "hdr"),
      none: mcp({ args: ["x"] }, "none"),
    };
    const tree = compileTarget(withCodex(makeIr(), {}, servers), env);
    const toml = parse(rendered(tree, CONFIG)) as Record<string, any>;
    expect(withoutAgentihooks(toml.mcp_servers)).toEqual({ hdr: { url: "https://y.example/mcp" } });
    expect(tree.diagnostics.map((d) => d.code).sort()).toEqual(["AH4205", "AH4206", "AH4301", "AH4303"]);
  });
});

describe("Codex target: wrapper, persona, skills, agents, commands", () => {
  it("writes the wrapper exporting AGENTIHOOKS_TARGET=codex", () => {
    const wrapper = entry(compileTarget(makeIr(), env), "file", WRAPPER) as FileEntry;
    expect(wrapper.mode).toBe(0o755);
    expect(text(wrapper.content)).toContain(`\nexport AGENTIHOOKS_TARGET=codex\n`);
    expect(text(wrapper.content)).toContain(
      `\nexport AGENTIHOOKS_HOME=${env.agentihooksHome}\nunset NODE_OPTIONS NODE_PATH\nnode=/usr/local/bin/node\nruntime=${env.runtimePath}\n`,
    );
  });

  it("compiles the rules into AGENTS.md under the codex header", () => {
    const tree = compileTarget(makeIr({ rules: [feature("rules", "security", "Never leak secrets.\n")] }), env);
    const persona = entry(tree, "managed-region", "/home/agent/.codex/AGENTS.md") as ManagedRegionEntry;
    expect(persona.header).toBe("<!-- managed-by: agentihooks — regenerate with: agentihooks init --target codex -->");
    expect(persona.content).toContain("# Rules\n\n<!-- rule: security.md (profile test) -->\nNever leak secrets.");
  });

  it("copies skills into ~/.agents/skills, reports agents and commands, writes no prompts", () => {
    const ir = makeIr({
      skills: [skill("deploy", "---\nname: deploy\ndescription: Deploys\n---\nDo it.\n")],
      agents: [feature("agents", "reviewer", "Review.\n"), feature("agents", "architect", "Design.\n")],
      commands: [feature("commands", "ship", "Ship.\n")],
    });
    const tree = compileTarget(ir, env);
    expect(tree.entries.filter((e) => e.path.startsWith("/home/agent/.agents/")).map((e) => e.path)).toEqual(["/home/agent/.agents/skills/deploy/SKILL.md"]);
    expect(tree.entries.some((e) => e.path.includes("/prompts/") || e.path.includes("/agents/reviewer"))).toBe(false);
    expect(tree.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["AH4201", "info", "Codex has no custom-agent registry; 2 agent(s) were not installed for Codex: architect, reviewer."],
      ["AH4202", "info", expect.stringContaining("1 command(s) were not installed for Codex: ship.")],
    ]);
  });

  it("lists at most 10 agent and command names, then says how many more", () => {
    const names = (n: number, prefix: string): string[] => Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(3, "0")}`);
    const ir = makeIr({
      agents: names(150, "agent")
        .reverse()
        .map((name) => feature("agents", name, "Do.\n")),
      commands: names(11, "cmd").map((name) => feature("commands", name, "Do.\n")),
    });
    expect(compileTarget(ir, env).diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["AH4201", `Codex has no custom-agent registry; 150 agent(s) were not installed for Codex: ${names(10, "agent").join(", ")} and 140 more.`],
      ["AH4202", expect.stringContaining(`; 11 command(s) were not installed for Codex: ${names(10, "cmd").join(", ")} and 1 more. Applying`)],
    ]);
    expect(abbreviateNames(["a", "b"], 2)).toBe("a, b");
    expect(abbreviateNames(["a", "b", "c"], 2)).toBe("a, b and 1 more");
  });
});

describe("Codex target: shared pieces", () => {
  it("writes a wrapper that bash accepts when every path holds spaces and quotes", async () => {
    const { spawnSync } = await import("node:child_process");
    const odd = portableEnvironment({
      homes: { codex: "/home/Jane O'Neil/.codex" },
      nodePath: "/opt/my node/bin/node",
      runtimePath: "/opt/agenti hooks/dist/runtime.cjs",
    });
    const tree = compileTarget(makeIr(), odd);
    const wrapper = entry(tree, "file", "/home/Jane O'Neil/.codex/agentihooks-hook.sh") as FileEntry;
    const check = spawnSync("bash", ["-n"], { input: text(wrapper.content), encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    expect(text(wrapper.content)).toContain(`node='/opt/my node/bin/node'\nruntime='/opt/agenti hooks/dist/runtime.cjs'\n`);
    const hooks = entry(tree, "json-lists", "/home/Jane O'Neil/.codex/hooks.json") as JsonListsEntry;
    expect(hooks.ownerCommand).toBe(`'/home/Jane O'\\''Neil/.codex/agentihooks-hook.sh'`);
  });

  it("names the base persona and its linked layers in AGENTS.md, never the joined chain", () => {
    const ir = makeIr({ requestedChain: "anton,brain", chain: [member("anton"), member("brain", "linked")], basePersona: "anton" });
    const persona = entry(compileTarget(ir, env), "managed-region", "/home/agent/.codex/AGENTS.md") as ManagedRegionEntry;
    expect(persona.content).toContain("You are **anton**");
    expect(persona.content).toContain("Layered on top: **brain**");
    expect(persona.content).not.toContain("**anton,brain**");
    expect(persona.content).toContain("It grants no precedence");
  });

  it("writes the same skill files, under the same manifest, as the Copilot target (neither deletes the other's)", async () => {
    const { compileTarget: compileCopilot } = await import("../../compiler/targets/copilot/compile");
    const ir = makeIr({
      skills: [skill("deploy", "---\ndescription: Deploys\n---\nDo it.\n", [{ path: "run.sh", content: "#!/bin/sh\n", executable: true }])],
    });
    const shared = (tree: DesiredTree) => tree.entries.filter((e) => e.path.startsWith(env.agentsSkills) && e.path.includes("/deploy/"));
    const codexSkills = shared(compileTarget(ir, env));
    expect(codexSkills).toHaveLength(2);
    expect(codexSkills).toEqual(shared(compileCopilot(ir, env)));
  });
});

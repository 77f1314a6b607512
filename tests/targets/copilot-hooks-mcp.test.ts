import { describe, expect, it } from "vitest";
import type { FileEntry, JsonEntriesEntry, JsonListsEntry } from "../../compiler/desired-tree";
import { installedMcpServerPath, portableEnvironment, type Environment } from "../../compiler/environment";
import { COPILOT_HOOK_EVENTS } from "../../compiler/targets/copilot/contract";
import { compileTarget } from "../../compiler/targets/copilot/compile";
import { isOurHookCommand } from "../../compiler/targets/copilot/hooks";
import { withoutAgentihooks } from "./builtin-server";
import { makeIr, mcp, withCopilot } from "./ir-fixtures";

const HOME = "/home/agent";

function tree(settings: Record<string, unknown> = {}, servers: Record<string, Record<string, unknown>> = {}, env: Partial<Environment> = {}) {
  const entries = Object.fromEntries(Object.entries(servers).map(([name, s]) => [name, mcp(s, name)]));
  return compileTarget(withCopilot(makeIr(), settings, entries), portableEnvironment(env));
}
/** The mcp-config.json entry with agentihooks' own server (checked present) left out, or undefined when only that one is written. */
function mcpEntry(servers: Record<string, Record<string, unknown>>, settings: Record<string, unknown> = {}, env: Partial<Environment> = {}) {
  const t = tree(settings, servers, env);
  const found = t.entries.find((e): e is JsonEntriesEntry => e.kind === "json-entries");
  const entries = withoutAgentihooks(found?.entries);
  return { entry: found && Object.keys(entries).length > 0 ? { ...found, entries } : undefined, diagnostics: t.diagnostics };
}

describe("copilot hooks/agentihooks.json", () => {
  it("registers the 12 camelCase events, one entry each, timeoutSec 30, ours last", () => {
    const hooks = tree().entries.find((e): e is JsonListsEntry => e.kind === "json-lists")!;
    expect(hooks.path).toBe(`${HOME}/.copilot/hooks/agentihooks.json`);
    expect(hooks.container).toEqual(["hooks"]);
    expect(hooks.skeleton).toEqual({ version: 1 });
    expect(hooks.position).toBe("last");
    expect(hooks.ownerCommand).toBe(`${HOME}/.copilot/agentihooks-hook.sh`);
    expect(Object.keys(hooks.lists)).toEqual([...COPILOT_HOOK_EVENTS]);
    expect(Object.keys(hooks.lists)).toHaveLength(12);
    expect(Object.keys(hooks.lists)).toContain("agentStop");
    expect(Object.keys(hooks.lists)).toContain("userPromptSubmitted");
    expect(Object.keys(hooks.lists).every((e) => /^[a-z]/.test(e))).toBe(true);
    for (const [event, list] of Object.entries(hooks.lists)) {
      expect(list).toEqual([{ type: "command", command: `${HOME}/.copilot/agentihooks-hook.sh ${event}`, timeoutSec: 30 }]);
    }
  });

  it("quotes the wrapper path in the command when the home holds a space, and owns by that prefix", () => {
    const hooks = tree({}, {}, { homes: { copilot: "/home/jane doe/.copilot" } }).entries.find((e): e is JsonListsEntry => e.kind === "json-lists")!;
    expect(hooks.ownerCommand).toBe("'/home/jane doe/.copilot/agentihooks-hook.sh'");
    expect(hooks.lists.preToolUse).toEqual([{ type: "command", command: "'/home/jane doe/.copilot/agentihooks-hook.sh' preToolUse", timeoutSec: 30 }]);
  });

  it("recognises ours: the wrapper alone or followed by whitespace, nothing else", () => {
    const w = "/h/.copilot/agentihooks-hook.sh";
    expect(isOurHookCommand(w, w)).toBe(true);
    expect(isOurHookCommand(`${w} preToolUse`, w)).toBe(true);
    expect(isOurHookCommand(`${w}\tpreToolUse`, w)).toBe(true);
    expect(isOurHookCommand(`${w}.disabled-by-operator`, w)).toBe(false);
    expect(isOurHookCommand("/usr/bin/audit-hook", w)).toBe(false);
    expect(isOurHookCommand(undefined, w)).toBe(false);
  });

  it("writes the wrapper executable", () => {
    const wrapper = tree().entries.find((e): e is FileEntry => e.path === `${HOME}/.copilot/agentihooks-hook.sh`)!;
    expect(wrapper.mode).toBe(0o755);
    expect(String(wrapper.content)).toContain(`export AGENTIHOOKS_COPILOT_EVENT="\${1:-}"\nexport AGENTIHOOKS_TARGET=copilot\n`);
    expect(String(wrapper.content)).toContain(`\nunset NODE_OPTIONS NODE_PATH\nnode=/usr/local/bin/node\nruntime=${portableEnvironment().runtimePath}\n`);
  });
});

describe("copilot mcp-config.json", () => {
  it("writes agentihooks' own server, running the installed copy for Copilot, when the profiles declare none", () => {
    expect(mcpEntry({}).entry).toBeUndefined();
    const only = tree().entries.find((e): e is JsonEntriesEntry => e.kind === "json-entries")!;
    expect(only.entries).toEqual({
      agentihooks: {
        type: "local",
        command: "/usr/local/bin/node",
        args: [installedMcpServerPath(portableEnvironment().runtimePath), "--target", "copilot"],
        auth: false,
        oidc: false,
      },
    });
  });

  it("replaces a layer's hooks-utils or agentihooks entry that runs the Python original's server (AH4308), keeps an operator's own", () => {
    const legacy = tree({}, { "hooks-utils": { command: "/usr/bin/python3", args: ["-m", "hooks.mcp"] }, docs: { command: "/bin/docs" } });
    const entries = legacy.entries.find((e): e is JsonEntriesEntry => e.kind === "json-entries")!.entries;
    expect(Object.keys(entries)).toEqual(["agentihooks", "docs"]);
    expect(legacy.diagnostics.map((d) => [d.code, d.severity, d.file])).toEqual([["AH4308", "info", "bundle:.copilot/mcp-config.overrides.json"]]);
    const own = tree({}, { agentihooks: { command: "/opt/mine/server" } });
    expect(own.entries.find((e): e is JsonEntriesEntry => e.kind === "json-entries")!.entries).toEqual({
      agentihooks: { type: "local", command: "/opt/mine/server", auth: false, oidc: false },
    });
    expect(own.diagnostics).toEqual([]);
  });

  it("translates a stdio server to local with auth/oidc false, in key order", () => {
    const { entry } = mcpEntry({ tools: { command: "/usr/bin/python", args: ["-m", "tools.mcp"] }, events: { type: "sse", url: "https://mcp.example/sse" } });
    expect(entry).toEqual({
      kind: "json-entries",
      path: `${HOME}/.copilot/mcp-config.json`,
      container: ["mcpServers"],
      entries: {
        events: { type: "sse", url: "https://mcp.example/sse", auth: false, oidc: false },
        tools: { type: "local", command: "/usr/bin/python", args: ["-m", "tools.mcp"], auth: false, oidc: false },
      },
      style: { indent: 2, asciiOnly: false, finalNewline: true },
      mode: 0o644,
      legacyNames: ["agentihooks", "hooks-utils"],
      legacyRenames: {
        names: { "hooks-utils": "agentihooks" },
        lists: [
          { path: "/home/agent/.copilot/settings.json", key: ["enabledMcpServers"] },
          { path: "/home/agent/.copilot/settings.json", key: ["disabledMcpServers"] },
        ],
      },
    });
    expect(
      JSON.stringify(mcpEntry({ s: { type: "stdio", command: "/bin/srv", tools: ["a"], timeout: 30000, excludeTools: ["c"], auth: true } }).entry!.entries.s),
    ).toBe('{"type":"local","command":"/bin/srv","tools":["a"],"excludeTools":["c"],"timeout":30000,"auth":true,"oidc":false}');
  });

  it("keeps plain headers, passes through deferTools, and drops credential-shaped literals naming server and field", () => {
    const token = `ghp_${"adTPZlxitTCaB300TbT7aHecssFSbROgSrSn"}`;
    const { entry, diagnostics } = mcpEntry({
      gw: { type: "http", url: "https://gw.example/mcp", headers: { "X-Env": "prod", Authorization: `Bearer ${token}` }, deferTools: "auto" },
      srv: {
        command: "/bin/srv",
        env: { API_KEY: `ghp_${"bleELApvYhT3ou5DLKpuE1zTvvupJoRuDzzy"}`, SAFE: "${MY_TOKEN}" },
        tools: ["read_file", `leaked-${token}`],
      },
      leaky: { command: "/bin/srv", args: ["--token", token] },
    });
    expect(entry!.entries).toEqual({
      gw: { type: "http", url: "https://gw.example/mcp", headers: { "X-Env": "prod" }, deferTools: "auto", auth: false, oidc: false },
      srv: { type: "local", command: "/bin/srv", env: { SAFE: "${MY_TOKEN}" }, tools: ["read_file"], auth: false, oidc: false },
    });
    expect(diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["AH4301", "/mcpServers/leaky"],
      ["AH4302", "/mcpServers/srv/env/API_KEY"],
      ["AH4303", "/mcpServers/gw/headers/Authorization"],
      ["AH4304", "/mcpServers/srv/tools"],
    ]);
    expect(diagnostics.find((d) => d.code === "AH4301")!.message).toContain(
      "MCP server 'leaky' carries credential-shaped literals in args[1] (github_token); the server was NOT written to mcp-config.json.",
    );
    expect(diagnostics.every((d) => d.file === "bundle:.copilot/mcp-config.overrides.json")).toBe(true);
  });

  it("drops a ${VAR} header with a warning by default, even when the variable is set", () => {
    const { entry, diagnostics } = mcpEntry(
      { gw: { type: "http", url: "https://gw", headers: { Authorization: "Bearer ${TOKEN}" } } },
      {},
      { vars: { TOKEN: "abc" } },
    );
    expect(entry!.entries.gw).toEqual({ type: "http", url: "https://gw", auth: false, oidc: false });
    expect(entry!.mode).toBe(0o644);
    expect(diagnostics.map((d) => d.code)).toEqual(["AH4012"]);
  });

  it("resolves ${VAR} and $VAR headers from env.vars with resolveHeaderEnv, writing the file 0600", () => {
    const settings = { _agentihooks: { resolveHeaderEnv: true } };
    const servers = { gw: { type: "http", url: "https://gw", headers: { Authorization: "Bearer ${TOKEN}", "X-Tok": "$MY_TOKEN" } } };
    const set = mcpEntry(servers, settings, { vars: { TOKEN: "resolved-secret-value", MY_TOKEN: "abc123" } });
    expect(set.entry!.entries.gw).toEqual({
      type: "http",
      url: "https://gw",
      headers: { Authorization: "Bearer resolved-secret-value", "X-Tok": "abc123" },
      auth: false,
      oidc: false,
    });
    expect(set.entry!.mode).toBe(0o600);
    expect(set.diagnostics).toEqual([]);
    // The portable environment has no variables: golden output never holds a secret.
    const portable = mcpEntry(servers, settings);
    expect(portable.entry!.entries.gw).toEqual({ type: "http", url: "https://gw", auth: false, oidc: false });
    expect(portable.diagnostics.map((d) => [d.code, d.message.includes("unset variable")])).toEqual([
      ["AH4013", true],
      ["AH4013", true],
    ]);
  });

  it("makes a wildcard tools entry other than the lone * an error and leaves the server out", () => {
    const { entry, diagnostics } = mcpEntry({ lit: { command: "/bin/lit", tools: ["litellm_tools-*"] }, all: { command: "/bin/all", tools: ["*"] } });
    expect(Object.keys(entry!.entries)).toEqual(["all"]);
    expect(entry!.entries.all).toMatchObject({ tools: ["*"] });
    expect(diagnostics.map((d) => [d.severity, d.code])).toEqual([["error", "AH4011"]]);
    expect(diagnostics[0]!.message).toContain("'litellm_tools-*'");
  });

  it("reports servers Copilot cannot run and keys it cannot express", () => {
    const { entry, diagnostics } = mcpEntry({
      empty: { type: "local" },
      ws: { type: "websocket", url: "wss://x" },
      odd: { command: "/bin/x", cwd: "/tmp", url: "https://ignored", oauthClientId: "c", bearer_token_env_var: "TOKEN" },
    });
    expect(Object.keys(entry!.entries)).toEqual(["odd"]);
    expect(entry!.entries.odd).toEqual({ type: "local", command: "/bin/x", cwd: "/tmp", auth: false, oidc: false });
    expect(diagnostics.map((d) => d.code).sort()).toEqual(["AH4014", "AH4015", "AH4025"]);
    expect(diagnostics.find((d) => d.code === "AH4025")!.message).toBe(
      "MCP server 'odd': 'bearer_token_env_var', 'oauthClientId', 'url' has no Copilot equivalent and was dropped.",
    );
  });

  it("maps streamable-http to http and keeps the OAuth client keys of a remote server, in order", () => {
    const { entry } = mcpEntry({
      h: { oidc: true, oauthScopes: ["s"], oauthClientId: "c", type: "streamable-http", url: "https://h", timeout: 5, auth: { redirectPort: 8080 } },
    });
    expect(JSON.stringify(entry!.entries.h)).toBe(
      '{"type":"http","url":"https://h","timeout":5,"oauthClientId":"c","oauthScopes":["s"],"auth":{"redirectPort":8080},"oidc":true}',
    );
  });
});

import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../compiler/diagnostics";
import { formatDiagnostics } from "../../compiler/diagnostics";
import { documentWithoutPositions, parseDocument, type DocumentFormat } from "../../compiler/parse/parse-document";
import { parseMarkdown } from "../../compiler/parse/parse-markdown";
import { schemaId, validate, type SchemaName } from "../../compiler/validate";
import { closestName } from "../../compiler/validate-suggest";

function check(name: SchemaName, text: string, format: DocumentFormat, file = "layer"): Diagnostic[] {
  const parsed = parseDocument(text, format, file);
  expect(parsed.diagnostics).toEqual([]);
  return validate(schemaId(name), parsed.value!, file);
}

describe("validate: unknown keys", () => {
  it("names the key, its place and the likely intended key (YAML, at the key's position)", () => {
    const diagnostics = check("profile", "name: anton\nguardrails:\n  auditLg: false\n", "yaml", "bundle:profiles/anton/profile.yml");
    expect(diagnostics).toEqual([
      {
        file: "bundle:profiles/anton/profile.yml",
        pointer: "/guardrails/auditLg",
        line: 3,
        column: 3,
        severity: "error",
        code: "AH2001",
        message: "Unknown key 'auditLg' in 'guardrails'. Did you mean 'auditLog'? Remove it or correct its spelling (keys are case-sensitive).",
      },
    ]);
  });

  it("suggests 'timeout' for a misspelt MCP key (JSON)", () => {
    const diagnostics = check("copilot-mcp", '{\n  "mcpServers": {\n    "gh": { "command": "gh", "timout": 5000 }\n  }\n}\n', "json", "m.json");
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: "AH2001", line: 3, column: 30, pointer: "/mcpServers/gh/timout" });
    expect(diagnostics[0]!.message).toContain("Unknown key 'timout' in 'mcpServers.gh'. Did you mean 'timeout'?");
  });

  it("reports a top-level typo in a Copilot settings layer (JSONC)", () => {
    const diagnostics = check("copilot-settings", '// layer\n{\n  "modle": "gpt-5.5",\n}\n', "jsonc");
    expect(diagnostics).toMatchObject([{ code: "AH2001", line: 3, column: 3, pointer: "/modle" }]);
    expect(diagnostics[0]!.message).toContain("Unknown key 'modle' at the top level. Did you mean 'model'?");
  });

  it("reports an unknown key in TOML at its line", () => {
    const text = '[mcp_servers.docs]\nurl = "https://example.test/mcp"\nbearer_token_env = "DOCS_TOKEN"\n';
    const diagnostics = check("codex-mcp", text, "toml", "c.toml");
    expect(diagnostics).toMatchObject([{ code: "AH2001", line: 3, column: 1, pointer: "/mcp_servers/docs/bearer_token_env" }]);
    expect(diagnostics[0]!.message).toContain("Did you mean 'bearer_token_env_var'?");
  });

  it("reports a typo inside a checked Codex table", () => {
    const text =
      'model = "gpt-5.5"\n\n[sandbox_workspace_write]\nnetwork_acess = true\n\n[model_providers.local]\nbase_url = "http://127.0.0.1:8080/v1"\nenv_keys = "LOCAL_KEY"\n';
    const diagnostics = check("codex-config", text, "toml", "config.overrides.toml");
    expect(diagnostics.map((d) => [d.line, d.column, d.pointer, d.message.split(" Remove")[0]])).toEqual([
      [4, 1, "/sandbox_workspace_write/network_acess", "Unknown key 'network_acess' in 'sandbox_workspace_write'. Did you mean 'network_access'?"],
      [8, 1, "/model_providers/local/env_keys", "Unknown key 'env_keys' in 'model_providers.local'. Did you mean 'env_key'?"],
    ]);
  });

  it("reports a frontmatter error at the markdown file's own line", () => {
    const parsed = parseMarkdown("---\nname: reviewer\ndescription: Reviews code\ntool: Read, Grep\n---\n\nBody\n", "agents/reviewer.md");
    const diagnostics = validate(schemaId("agent-frontmatter"), parsed.value!.frontmatter, "agents/reviewer.md");
    expect(diagnostics).toMatchObject([{ code: "AH2001", file: "agents/reviewer.md", line: 4, column: 1, pointer: "/tool" }]);
    expect(diagnostics[0]!.message).toContain("Did you mean 'tools'?");
  });

  it("names the client a key belongs to when it sits in another client's layer", () => {
    const diagnostics = check("copilot-settings", '{\n  "env": { "A": "1" }\n}\n', "json", "bundle:profiles/a/.copilot/settings.overrides.json");
    expect(diagnostics).toEqual([
      {
        file: "bundle:profiles/a/.copilot/settings.overrides.json",
        pointer: "/env",
        line: 2,
        column: 3,
        severity: "error",
        code: "AH2013",
        message:
          "'env' is a setting of Claude Code, not of GitHub Copilot CLI. Move it to the Claude Code layer (.claude/settings.overrides.json), or remove it.",
      },
    ]);
    expect(check("claude-settings", '{"sandbox_mode": "read-only"}', "json")[0]!.message).toContain(
      "is a setting of OpenAI Codex CLI, not of Claude Code. Move it to the OpenAI Codex CLI layer (.codex/config.overrides.toml)",
    );
    // Nested keys are not attributed: only a whole top-level setting belongs to a client.
    expect(check("copilot-settings", '{"footer": {"env": 1}}', "json")[0]!.code).toBe("AH2001");
  });

  it("explains a key the client does not read from its settings file", () => {
    const [d] = check("copilot-settings", '{"trustedFolders": ["/src"]}', "json");
    expect(d).toMatchObject({ code: "AH2014", pointer: "/trustedFolders", line: 1, column: 2 });
    expect(d!.message).toMatch(
      /^'trustedFolders' does not belong in this layer: Copilot CLI 1\.0\.102 reads it only from its own config\.json .+\. Remove it\.$/,
    );
  });

  it("explains a Claude key that only managed settings may set", () => {
    const [d] = check("claude-settings", '{"deniedModels": ["opus"]}', "json");
    expect(d).toMatchObject({ code: "AH2014", pointer: "/deniedModels" });
    expect(d!.message).toBe(
      "'deniedModels' does not belong in this layer: Claude Code 2.1.332 honours it only from managed (enterprise) settings and ignores it in user settings. Remove it.",
    );
  });

  it("offers no suggestion when nothing is close", () => {
    const [d] = check("config", '{"zzzzqqq": 1}', "json");
    expect(d!.message).toBe("Unknown key 'zzzzqqq' at the top level. Remove it or correct its spelling (keys are case-sensitive).");
  });

  it("rejects hooks' Claude spelling in a Copilot layer's MCP server nowhere, but a Claude-only settings key in Copilot settings", () => {
    const diagnostics = check("copilot-settings", '{"permissions": {"defaultMode": "plan"}}', "json");
    expect(diagnostics).toMatchObject([{ code: "AH2001", pointer: "/permissions/defaultMode" }]);
  });
});

describe("validate: values", () => {
  it("reports a wrong type with the expected type and the value found", () => {
    const diagnostics = check("profile", "guardrails:\n  secretsInWrites: yes\nextends: base\n", "yaml", "p.yml");
    expect(diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([
      [2, 20, "'guardrails.secretsInWrites' must be true or false, but it is the string \"yes\". Change the value to true or false."],
      [3, 10, "'extends' must be a list, but it is the string \"base\". Change the value to a list."],
    ]);
  });

  it("degrades `allowAll: 1` to a warning that drops the directive, and accepts `allowAll: true`", () => {
    const bad = check("copilot-settings", '{\n  "_agentihooks": { "allowAll": 1 }\n}\n', "json", "s.json");
    expect(bad).toEqual([
      {
        file: "s.json",
        pointer: "/_agentihooks/allowAll",
        line: 2,
        column: 33,
        severity: "warning",
        code: "AH2021",
        message:
          "'_agentihooks.allowAll' must be exactly true, but it is the number 1. Set it to true, or remove the key. The directive '_agentihooks.allowAll' is ignored; the other directives apply.",
      },
    ]);
    expect(check("copilot-settings", '{"_agentihooks": {"allowAll": "true"}}', "json")).toMatchObject([{ code: "AH2021", severity: "warning" }]);
    expect(check("copilot-settings", '{"_agentihooks": {"allowAll": false}}', "json")).toMatchObject([{ code: "AH2021" }]);
    expect(check("copilot-settings", '{"_agentihooks": {"allowAll": true}}', "json")).toEqual([]);
  });

  it("lists the allowed values of an enum", () => {
    const [d] = check("copilot-settings", '{"theme": "dark"}', "json");
    expect(d!.message).toBe(
      `'theme' must be one of "default", "github", "dim", "high-contrast" or "colorblind", but it is the string "dark". Use one of the allowed values.`,
    );
  });

  it("describes the allowed forms of a value that may take several", () => {
    const [channels] = check("copilot-settings", '{"_agentihooks": {"channels": 5}}', "json");
    expect(channels!.message).toBe(
      "'_agentihooks.channels' must be a string or a list of strings, but it is the number 5. Rewrite it in one of those forms. The directive '_agentihooks.channels' is ignored; the other directives apply.",
    );
    const [filter] = check("copilot-mcp", '{"mcpServers": {"a": {"command": "x", "filterMapping": "html"}}}', "json");
    expect(filter!.message).toContain('must be a mapping (an object of keys and values) or one of "none", "markdown" or "hidden_characters"');
  });

  it("reports the problem inside the form that matched rather than a list of forms", () => {
    const diagnostics = check("copilot-mcp", '{"mcpServers": {"a": {"url": "https://x.test", "auth": {"redirectPrt": 8080}}}}', "json");
    expect(diagnostics).toMatchObject([{ code: "AH2001", pointer: "/mcpServers/a/auth/redirectPrt" }]);
  });

  it("reports a missing required key where it belongs", () => {
    const diagnostics = check("copilot-settings", '{"telemetry": {"headersProvider": {}}}', "json");
    expect(diagnostics).toMatchObject([{ code: "AH2005", pointer: "/telemetry/headersProvider" }]);
    expect(diagnostics[0]!.message).toContain("Required key 'path' is missing");
  });

  it("accepts a skill whose frontmatter has only a name (the description is synthesised where a client needs one)", () => {
    const parsed = parseMarkdown("---\nname: deploy\n---\nSteps.\n", "skills/deploy/SKILL.md");
    expect(validate(schemaId("skill-frontmatter"), parsed.value!.frontmatter, "skills/deploy/SKILL.md")).toEqual([]);
  });

  it("reports duplicates, empty lists and empty strings", () => {
    const diagnostics = check("config", '{"targets": ["copilot", "copilot"], "bundle": "", "profile": []}', "json");
    expect(diagnostics.map((d) => d.message).sort()).toEqual([
      "'bundle' must not be empty. Write a value, or remove the key.",
      "'profile' must list at least 1 entry. Add an entry, or remove the key.",
      "'targets' lists \"copilot\" more than once. Remove the duplicate.",
    ]);
  });

  it("reports a number out of range", () => {
    const [d] = check("copilot-mcp", '{"mcpServers": {"a": {"url": "https://x.test", "auth": {"redirectPort": 70000}}}}', "json");
    expect(d!.message).toBe("'mcpServers.a.auth.redirectPort' is the number 70000, but it must be <= 65535. Change the number.");
  });

  it("reports an empty document once", () => {
    expect(check("profile", "", "yaml", "p.yml")).toMatchObject([{ code: "AH2010", file: "p.yml", pointer: "" }]);
  });

  it("collects every error in one pass and never throws", () => {
    const text = '{"modle": 1, "theme": 2, "beep": "loud", "_agentihooks": {"allowAll": 0, "mcpDefaultDisabled": "yes"}}';
    const diagnostics = check("copilot-settings", text, "json");
    expect(diagnostics).toHaveLength(5);
    expect(formatDiagnostics(diagnostics).split("\n").filter(Boolean)).toHaveLength(5);
  });

  it("validates documents without positions", () => {
    const diagnostics = validate(schemaId("config"), documentWithoutPositions({ targets: ["vim"] }), "config:agentihooks.config.js");
    expect(diagnostics).toEqual([
      {
        file: "config:agentihooks.config.js",
        pointer: "/targets/0",
        severity: "error",
        code: "AH2003",
        message: `'targets[0]' must be one of "copilot", "claude", "codex" or "gemini", but it is the string "vim". Use one of the allowed values.`,
      },
    ]);
  });
});

describe("validate: accepts what the clients accept", () => {
  it("a full Copilot layer", () => {
    const text = JSON.stringify({
      $schema: "https://agentihooks.dev/schemas/copilot-settings.schema.json",
      model: "gpt-5.5",
      theme: "dim",
      footer: { showQuota: false },
      statusLine: { type: "command", command: "~/bin/status", refreshInterval: 5 },
      disabledMcpServers: ["slow"],
      hooks: { preToolUse: [{ type: "command", bash: "echo hi" }] },
      include_coauthor: false,
      _agentihooks: {
        allowAll: true,
        channels: ["stable"],
        browserCommand: "auto",
        mcpDefaultDisabled: true,
        mcpAlwaysEnabled: ["agentihooks"],
        resolveHeaderEnv: true,
      },
    });
    expect(check("copilot-settings", text, "json")).toEqual([]);
  });

  it("a Claude layer with hooks, permissions, env and the env directive", () => {
    const text = JSON.stringify({
      permissions: { allow: ["Bash(npm test)"], deny: ["Read(.env)"], defaultMode: "acceptEdits" },
      env: { FOO: "1" },
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "x", timeout: 30 }] }] },
      statusLine: { type: "command", command: "x" },
      _agentihooks: { env: { A: "b" } },
    });
    expect(check("claude-settings", text, "json")).toEqual([]);
    expect(check("claude-settings", '{"_agentihooks": {"allowAll": true}}', "json")).toMatchObject([{ code: "AH2001" }]);
    // Copilot's timeoutSec is let through for the Claude target to rewrite; a typo is not.
    const hook = (extra: string) => `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", ${extra}}]}]}}`;
    expect(check("claude-settings", hook('"timeoutSec": 30'), "json")).toEqual([]);
    expect(check("claude-settings", hook('"timeot": 30'), "json")).toMatchObject([{ code: "AH2001", pointer: "/hooks/Stop/0/hooks/0/timeot" }]);
  });

  it("a Codex layer and its MCP servers", () => {
    const text = [
      'model = "gpt-5.5"',
      'approval_policy = "on-request"',
      'sandbox_mode = "workspace-write"',
      "[features]",
      "hooks = true",
      "[mcp_servers.docs]",
      'url = "https://example.test/mcp"',
      'bearer_token_env_var = "DOCS_TOKEN"',
      "startup_timeout_sec = 20",
      'enabled_tools = ["search"]',
    ].join("\n");
    expect(check("codex-config", text, "toml")).toEqual([]);
  });

  it("the frontmatter of agents, commands and skills", () => {
    const agent = parseMarkdown("---\nname: r\ndescription: d\ntools: Read, Grep\nmodel: sonnet\ncolor: blue\n---\nx", "a.md");
    expect(validate(schemaId("agent-frontmatter"), agent.value!.frontmatter, "a.md")).toEqual([]);
    const command = parseMarkdown("---\ndescription: d\nargument-hint: '[n]'\nallowed-tools: [Bash]\ndisable-model-invocation: true\n---\nx", "c.md");
    expect(validate(schemaId("command-frontmatter"), command.value!.frontmatter, "c.md")).toEqual([]);
    const skill = parseMarkdown("---\nname: s\ndescription: d\nlicense: MIT\nmetadata:\n  version: '1'\n---\nx", "SKILL.md");
    expect(validate(schemaId("skill-frontmatter"), skill.value!.frontmatter, "SKILL.md")).toEqual([]);
  });
});

describe("closestName", () => {
  it("finds typos, case and separator slips, and nothing for unrelated names", () => {
    expect(closestName("timout", ["timeout", "type"])).toBe("timeout");
    expect(closestName("Model", ["model"])).toBe("model");
    expect(closestName("timeout_sec", ["timeoutSec"])).toBe("timeoutSec");
    expect(closestName("evn", ["env", "cwd"])).toBe("env");
    expect(closestName("timeoutSeconds", ["timeout", "type"])).toBe("timeout");
    expect(closestName("banana", ["model", "theme"])).toBeUndefined();
    expect(closestName("ab", ["cd"])).toBeUndefined();
  });
});

describe("validate: tagged unions", () => {
  const hook = (handler: string) => `{"hooks": {"Stop": [{"hooks": [${handler}]}]}}`;

  it("reports only the errors of the branch whose tag matched", () => {
    const diagnostics = check("claude-settings", hook('{"type": "command", "command": "x", "timeot": 30}'), "json");
    expect(diagnostics).toMatchObject([{ code: "AH2001", pointer: "/hooks/Stop/0/hooks/0/timeot" }]);
    expect(diagnostics[0]!.message).toContain("Did you mean 'timeout'?");
    const missing = check("claude-settings", hook('{"type": "http"}'), "json");
    expect(missing.map((d) => d.message)).toEqual(["Required key 'url' is missing in 'hooks.Stop[0].hooks[0]'. Add it."]);
  });

  it("lists the allowed tags when none matched", () => {
    const [d, ...rest] = check("claude-settings", hook('{"type": "shell", "command": "x"}'), "json");
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: "AH2003", pointer: "/hooks/Stop/0/hooks/0/type" });
    expect(d!.message).toBe(
      `'hooks.Stop[0].hooks[0].type' must be one of "command", "prompt", "agent", "http" or "mcp_tool", but it is the string "shell". Use one of the allowed values.`,
    );
  });
});

/**
 * Untrusted bundle input refused at load time with a located error: names that would reach a shell
 * or an object's prototype, nesting that would exhaust the stack, empty configs.
 */
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../compiler/parse/parse-document";
import { schemaId, validate } from "../../compiler/validate";

function check(schema: Parameters<typeof schemaId>[0], text: string, format: "json" | "toml" | "yaml" = "json") {
  const parsed = parseDocument(text, format, `f.${format}`);
  expect(parsed.diagnostics).toEqual([]);
  return validate(schemaId(schema), parsed.value!, `f.${format}`).map((d) => [d.code, d.pointer, d.line, d.message]);
}

describe("names from a profile", () => {
  it("refuses env names that are not variable names, in every place a profile names one", () => {
    const rule =
      "it must be an environment variable name: letters, digits and '_', not starting with a digit (and not __proto__, which no JSON object can hold as a key)";
    expect(check("claude-settings", '{"env": {"OK_1": "x", "A;touch X;B": "y"},\n "_agentihooks": {"env": {"1A": "z"}}}')).toEqual([
      ["AH2015", "/env/A;touch X;B", 1, `Key "A;touch X;B" in 'env' is not allowed: ${rule}. Rename it.`],
      ["AH2015", "/_agentihooks/env/1A", 2, `Key "1A" in '_agentihooks.env' is not allowed: ${rule}. Rename it.`],
    ]);
    expect(check("codex-config", '[shell_environment_policy.set]\n"A B" = "1"\nOK = "2"\n', "toml").map((d) => d.slice(0, 3))).toEqual([
      ["AH2015", "/shell_environment_policy/set/A B", 2],
    ]);
    const mcp = check(
      "claude-mcp",
      '{"mcpServers": {"s": {"command": "x", "env": {"$(id)": "1"}, "env_vars": ["ok", "b-ad"]},\n "r": {"url": "https://x", "bearer_token_env_var": "T;x", "env_http_headers": {"H": "a b"}}}}',
    );
    expect(mcp.map((d) => [d[0], d[1]])).toEqual([
      ["AH2015", "/mcpServers/s/env/$(id)"],
      ["AH2008", "/mcpServers/s/env_vars/1"],
      ["AH2008", "/mcpServers/r/bearer_token_env_var"],
      ["AH2008", "/mcpServers/r/env_http_headers/H"],
    ]);
  });

  it("refuses MCP server names that are empty or name a prototype member, in every MCP layer format", () => {
    const rule = "a server name must not be empty, __proto__, constructor or prototype";
    for (const name of ["", "__proto__", "constructor", "prototype"]) {
      const json = JSON.stringify({ mcpServers: { [name]: { command: "x" }, fine: { command: "y" } } });
      for (const schema of ["claude-mcp", "copilot-mcp", "codex-mcp"] as const) {
        expect(check(schema, json)).toEqual([
          ["AH2015", `/mcpServers/${name}`, 1, `Key ${JSON.stringify(name)} in 'mcpServers' is not allowed: ${rule}. Rename it.`],
        ]);
      }
    }
    expect(check("codex-mcp", '[mcp_servers.__proto__]\ncommand = "x"\n', "toml").map((d) => d.slice(0, 2))).toEqual([["AH2015", "/mcp_servers/__proto__"]]);
    expect(check("claude-mcp", "mcpServers:\n  __proto__:\n    command: x\n", "yaml").map((d) => d.slice(0, 2))).toEqual([["AH2015", "/mcpServers/__proto__"]]);
  });
});

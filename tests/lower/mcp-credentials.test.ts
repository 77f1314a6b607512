import { describe, expect, it } from "vitest";
import { dropIfCredentialed, scrubMcpEnv, scrubMcpTools, scrubSettingsEnv } from "../../compiler/lower/mcp-credentials";
import { renderMarkdownDocument } from "../../compiler/lower/frontmatter";
import { origin } from "../targets/ir-fixtures";

const token = `ghp_${"adTPZlxitTCaB300TbT7aHecssFSbROgSrSn"}`;
const at = origin("bundle:.copilot/mcp-config.overrides.json", "bundle", "/mcpServers/gw");

describe("credential scrubbing", () => {
  it("drops a server whose url or args carry a literal, naming every field", () => {
    const d = dropIfCredentialed("gw", { url: `https://user:${token}@gw.example/mcp`, args: ["--token", token] }, at, "mcp-config.json");
    expect(d?.code).toBe("AH4301");
    expect(d?.severity).toBe("warning");
    expect(d?.message).toBe(
      "MCP server 'gw' carries credential-shaped literals in url (github_token, url_credentials); args[1] (github_token); the server was NOT written to mcp-config.json. Reference secrets through environment variables instead of embedding the value.",
    );
    expect(d?.file).toBe("bundle:.copilot/mcp-config.overrides.json");
    expect(dropIfCredentialed("gw", { command: "/bin/srv", args: ["${TOKEN}"] }, at, "mcp-config.json")).toBeUndefined();
  });

  it("keeps references, drops literals from env, in order", () => {
    const { env, diagnostics } = scrubMcpEnv("gw", { A: "${MY_TOKEN}", B: token, C: `\${SAFE}-and-${token}`, D: "plain" }, at, "mcp-config.json");
    expect(env).toEqual({ A: "${MY_TOKEN}", D: "plain" });
    expect(diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["AH4302", "/mcpServers/gw/env/B"],
      ["AH4302", "/mcpServers/gw/env/C"],
    ]);
  });

  it("drops credential-shaped tools entries and settings env values", () => {
    expect(scrubMcpTools("gw", ["read_file", `leaked-${token}`, "*"], at, "mcp-config.json").tools).toEqual(["read_file", "*"]);
    const settings = scrubSettingsEnv({ KEEP: "1", LEAK: token }, (key) => origin("x", "bundle", `/env/${key}`), "settings.json");
    expect(settings.env).toEqual({ KEEP: "1" });
    expect(settings.diagnostics[0]?.message).toContain("'LEAK' looks like a credential (github_token)");
  });
});

describe("renderMarkdownDocument", () => {
  it("renders ordered block YAML, quoting only when needed, LF and a final newline", () => {
    expect(renderMarkdownDocument({ name: "x", description: "Reviews: code", tools: ["shell", "view"] }, "\n\nBody\r\n\n")).toBe(
      '---\nname: x\ndescription: "Reviews: code"\ntools:\n  - shell\n  - view\n---\n\nBody\n',
    );
    expect(renderMarkdownDocument({ name: "y", description: "123" }, "")).toBe('---\nname: y\ndescription: "123"\n---\n');
  });
});

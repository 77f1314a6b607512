import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { formatTomlKey, formatTomlString, serializeToml, serializeTomlValue, type TomlValue } from "../../compiler/serialize/toml";

describe("serializeToml (the canonical TOML serializer)", () => {
  it("writes plain values first, then sub-tables, omitting headers of tables that hold only tables", () => {
    const text = serializeToml({
      approval_policy: "on-request",
      notify: ["/usr/local/bin/node", "/opt/agentihooks/dist/runtime.cjs", "notify"],
      project_doc_max_bytes: 65536,
      tui: { status_line: ["model-with-reasoning", "current-dir"] },
      mcp_servers: { github: { command: "npx", args: ["-y", "gh-mcp"], env: { A: "1" } }, "my.server": { url: "https://x.example/mcp" } },
      hooks: { state: { "/home/agent/.codex/hooks.json:pre_tool_use:0:0": { trusted_hash: "sha256:abc" } } },
    });
    expect(text).toBe(
      [
        'approval_policy = "on-request"',
        'notify = ["/usr/local/bin/node", "/opt/agentihooks/dist/runtime.cjs", "notify"]',
        "project_doc_max_bytes = 65536",
        "",
        "[tui]",
        'status_line = ["model-with-reasoning", "current-dir"]',
        "",
        "[mcp_servers.github]",
        'command = "npx"',
        'args = ["-y", "gh-mcp"]',
        "",
        "[mcp_servers.github.env]",
        'A = "1"',
        "",
        '[mcp_servers."my.server"]',
        'url = "https://x.example/mcp"',
        "",
        '[hooks.state."/home/agent/.codex/hooks.json:pre_tool_use:0:0"]',
        'trusted_hash = "sha256:abc"',
        "",
      ].join("\n"),
    );
  });

  it("round-trips through a TOML parser", () => {
    const value = {
      a: 1,
      b: 1.5,
      c: true,
      s: 'quote " backslash \\ tab \t newline \n bell \u0007 del \u007f é ✓',
      list: [1, 2, 3],
      empty: {},
      nested: { deeper: { x: "y" }, list: [{ k: 1 }, { k: 2, sub: { z: false } }] },
    };
    expect(parse(serializeToml(value as Record<string, TomlValue>))).toEqual(value);
  });

  it("writes arrays of tables as [[...]] sections", () => {
    expect(serializeToml({ arr: [{ a: 1 }, { a: 2 }] })).toBe("[[arr]]\na = 1\n\n[[arr]]\na = 2\n");
  });

  it("quotes keys only when needed and escapes control characters", () => {
    expect(formatTomlKey(["hooks", "state", "/p:x:0:0"])).toBe('hooks.state."/p:x:0:0"');
    expect(formatTomlKey(["bare-key_1"])).toBe("bare-key_1");
    expect(formatTomlString("a\u0001b")).toBe('"a\\u0001b"');
    expect(serializeTomlValue({ k: "v", n: 2 })).toBe('{ k = "v", n = 2 }');
    expect(serializeTomlValue([])).toBe("[]");
  });

  it("refuses null and is empty for an empty document", () => {
    expect(() => serializeToml({ a: null as unknown as string })).toThrow(/null/);
    expect(serializeToml({})).toBe("");
  });

  it("keeps smol-toml datetimes in their original form", () => {
    const doc = parse("d = 1979-05-27\nt = 1979-05-27T07:32:00Z\n") as Record<string, Date>;
    expect(serializeToml(doc)).toBe("d = 1979-05-27\nt = 1979-05-27T07:32:00.000Z\n");
  });
});

import { describe, expect, it } from "vitest";
import { decodeUtf8 } from "../../compiler/parse/decode-utf8";
import { formatOf, parseDocument, type DocumentFormat } from "../../compiler/parse/parse-document";
import { parseMarkdown } from "../../compiler/parse/parse-markdown";
import { displayPath, joinPointer, splitPointer } from "../../compiler/parse/positions";

function parsed(text: string, format: DocumentFormat, file = "f") {
  const result = parseDocument(text, format, file);
  expect(result.diagnostics).toEqual([]);
  if (result.value === undefined) throw new Error("no value");
  return result.value;
}

function onlyDiagnostic(text: string, format: DocumentFormat, file = "bad") {
  const result = parseDocument(text, format, file);
  expect(result.value).toBeUndefined();
  expect(result.diagnostics).toHaveLength(1);
  return result.diagnostics[0]!;
}

describe("formatOf", () => {
  it("maps file names to formats", () => {
    expect(formatOf("profile.yml")).toBe("yaml");
    expect(formatOf("X.YAML")).toBe("yaml");
    expect(formatOf("settings.overrides.json")).toBe("json");
    expect(formatOf("tsconfig.jsonc")).toBe("jsonc");
    expect(formatOf("config.overrides.toml")).toBe("toml");
    expect(formatOf("CLAUDE.md")).toBeUndefined();
  });
});

describe("JSON pointers", () => {
  it("round-trips escaped segments and renders paths for people", () => {
    expect(splitPointer("")).toEqual([]);
    expect(splitPointer("/a~1b/c~0d/0")).toEqual(["a/b", "c~d", "0"]);
    expect(joinPointer(["a/b", "c~d", 0])).toBe("/a~1b/c~0d/0");
    expect(displayPath("/mcpServers/gh/args/0")).toBe("mcpServers.gh.args[0]");
    expect(displayPath("/env/MY VAR")).toBe('env["MY VAR"]');
    expect(displayPath("")).toBe("(document root)");
  });
});

describe("YAML", () => {
  it("parses values and locates values and keys", () => {
    const doc = parsed("name: anton\nguardrails:\n  auditLog: false\n  protectedBranches:\n    - main\n    - release\n", "yaml");
    expect(doc.value).toEqual({ name: "anton", guardrails: { auditLog: false, protectedBranches: ["main", "release"] } });
    expect(doc.locate("")).toEqual({ line: 1, column: 1 });
    expect(doc.locate("/name")).toEqual({ line: 1, column: 7 });
    expect(doc.locate("/guardrails/auditLog")).toEqual({ line: 3, column: 13 });
    expect(doc.locateKey?.("/guardrails/auditLog")).toEqual({ line: 3, column: 3 });
    expect(doc.locate("/guardrails/protectedBranches/1")).toEqual({ line: 6, column: 7 });
    // Unknown paths fall back to the nearest ancestor.
    expect(doc.locate("/guardrails/nope/deeper")).toEqual({ line: 3, column: 3 });
  });

  it("reports a syntax error with line, column and a fix hint", () => {
    const d = onlyDiagnostic("a:\n  b: 1\n c: 2\n", "yaml", "bundle:profiles/x/profile.yml");
    expect(d).toMatchObject({ code: "AH1002", severity: "error", file: "bundle:profiles/x/profile.yml", line: 3, column: 1 });
    expect(d.message).toMatch(/^This YAML file has a syntax error: .+\. Check the indentation/);
  });

  it("rejects tabs used for indentation at their position", () => {
    const d = onlyDiagnostic("a:\n\tb: 1\n", "yaml");
    expect(d).toMatchObject({ code: "AH1002", line: 2, column: 1 });
  });

  it("rejects duplicate keys", () => {
    const d = onlyDiagnostic("name: a\nname: b\n", "yaml");
    expect(d).toMatchObject({ code: "AH1002", line: 2, column: 1 });
    expect(d.message).toContain("Remove or rename one of the two keys.");
  });

  it("rejects a file holding two documents", () => {
    const d = onlyDiagnostic("a: 1\n---\nb: 2\n", "yaml");
    expect(d).toMatchObject({ code: "AH1011", line: 2 });
  });

  it("resolves anchors, aliases and merge keys", () => {
    const doc = parsed("base: &base\n  auditLog: false\nguardrails:\n  <<: *base\n  sessionBanner: false\n", "yaml");
    expect(doc.value).toEqual({ base: { auditLog: false }, guardrails: { auditLog: false, sessionBanner: false } });
  });

  it("parses an empty file as null", () => {
    expect(parsed("", "yaml").value).toBeNull();
    expect(parsed("# only a comment\n", "yaml").value).toBeNull();
  });
});

describe("JSON (strict)", () => {
  it("parses and locates values and keys", () => {
    const doc = parsed('{\n  "mcpServers": {\n    "gh": { "command": "gh", "args": ["mcp", "serve"] }\n  }\n}\n', "json");
    expect(doc.value).toEqual({ mcpServers: { gh: { command: "gh", args: ["mcp", "serve"] } } });
    expect(doc.locate("/mcpServers/gh/command")).toEqual({ line: 3, column: 24 });
    expect(doc.locateKey?.("/mcpServers/gh/command")).toEqual({ line: 3, column: 13 });
    expect(doc.locate("/mcpServers/gh/args/1")).toEqual({ line: 3, column: 46 });
    expect(doc.locate("/mcpServers/missing")).toEqual({ line: 2, column: 17 });
  });

  it("rejects a comment at its position", () => {
    const d = onlyDiagnostic('{\n  "a": 1 // why\n}\n', "json", "s.json");
    expect(d).toEqual({
      file: "s.json",
      line: 2,
      column: 10,
      severity: "error",
      code: "AH1006",
      message: "Comments are not allowed in a plain .json file. Remove the comment.",
    });
  });

  it("rejects a trailing comma at the comma", () => {
    const d = onlyDiagnostic('{\n  "a": [1, 2,],\n  "b": 1\n}\n', "json");
    expect(d).toMatchObject({ code: "AH1007", line: 2, column: 13 });
  });

  it("reports a missing comma where the next entry starts", () => {
    const d = onlyDiagnostic('{\n  "a": 1\n  "b": 2\n}\n', "json");
    expect(d).toMatchObject({ code: "AH1003", line: 3, column: 3 });
    expect(d.message).toBe(
      "This JSON file has a syntax error: a ',' was expected between entries. Add a ',' between entries (and quote strings with double quotes).",
    );
  });

  it("reports a truncated file at its end", () => {
    const d = onlyDiagnostic('{\n  "a": {\n', "json");
    expect(d).toMatchObject({ code: "AH1003", line: 3, column: 1 });
    expect(d.message).toContain("the file ends here");
  });

  it("rejects duplicate keys at the second one", () => {
    const d = onlyDiagnostic('{\n  "model": "a",\n  "model": "b"\n}\n', "json");
    expect(d).toMatchObject({ code: "AH1005", line: 3, column: 3 });
    expect(d.message).toContain("'model' appears twice");
  });

  it("keeps a __proto__ key as plain data", () => {
    const doc = parsed('{"__proto__": {"polluted": true}}', "json");
    expect(Object.keys(doc.value as object)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("JSONC", () => {
  it("accepts comments and trailing commas, and positions stay exact", () => {
    const doc = parsed('// user settings\n{\n  /* theme */ "theme": "dim",\n  "beep": true,\n}\n', "jsonc");
    expect(doc.value).toEqual({ theme: "dim", beep: true });
    expect(doc.locate("/beep")).toEqual({ line: 4, column: 11 });
  });

  it("reports a block comment left open", () => {
    const d = onlyDiagnostic('{\n  "theme": "dim"\n}\n/* not closed\n', "jsonc");
    expect(d).toMatchObject({ code: "AH1003", line: 4, column: 1 });
  });

  it("still reports real syntax errors", () => {
    const d = onlyDiagnostic('{\n  "theme": "dim"\n  "beep": true\n}', "jsonc");
    expect(d).toMatchObject({ code: "AH1003", line: 3, column: 3 });
  });
});

describe("TOML", () => {
  const text = [
    'model = "o4"',
    "",
    "[mcp_servers.github]",
    'command = "gh"',
    "args = [",
    '  "[not a header]",',
    '  "serve",',
    "]",
    "startup_timeout_sec = 20",
    "",
    '[mcp_servers."my server".env]',
    'TOKEN = "${TOKEN}"',
    "",
    "[[profiles_list]]",
    'name = "a"',
    "[[profiles_list]]",
    'name = "b"',
    'notes = """',
    "name = not a key",
    '"""',
    "after = 1",
  ].join("\n");

  it("parses and locates keys, tables, quoted keys and arrays of tables", () => {
    const doc = parsed(text, "toml");
    expect(doc.value).toMatchObject({ model: "o4", mcp_servers: { github: { command: "gh", startup_timeout_sec: 20 } } });
    expect(doc.locate("/model")).toEqual({ line: 1, column: 9 });
    expect(doc.locateKey?.("/mcp_servers/github/command")).toEqual({ line: 4, column: 1 });
    expect(doc.locate("/mcp_servers/github")).toEqual({ line: 3, column: 1 });
    expect(doc.locate("/mcp_servers/github/startup_timeout_sec")).toEqual({ line: 9, column: 23 });
    expect(doc.locate("/mcp_servers/github/args/1")).toEqual({ line: 5, column: 8 });
    expect(doc.locateKey?.("/mcp_servers/my server/env/TOKEN")).toEqual({ line: 12, column: 1 });
    expect(doc.locateKey?.("/profiles_list/1/name")).toEqual({ line: 17, column: 1 });
    expect(doc.locateKey?.("/profiles_list/0/name")).toEqual({ line: 15, column: 1 });
    expect(doc.locateKey?.("/profiles_list/1/after")).toEqual({ line: 21, column: 1 });
  });

  it("reports a syntax error with smol-toml's line and column", () => {
    const d = onlyDiagnostic('a = 1\n[t]\nb = "unterminated\n', "toml", "c.toml");
    expect(d).toMatchObject({ code: "AH1004", file: "c.toml", line: 3 });
    expect(d.message).toMatch(/^This TOML file has a syntax error: .+\. .+/);
  });

  it("reports a redefined key at the second definition", () => {
    const d = onlyDiagnostic("a = 1\na = 2\n", "toml");
    expect(d).toMatchObject({ code: "AH1004", line: 2, column: 1 });
    expect(d.message).toContain("may be defined only once");
  });
});

describe("markdown frontmatter", () => {
  it("splits frontmatter and body; positions are the markdown file's own lines", () => {
    const result = parseMarkdown("---\nname: reviewer\ndescription: Reviews code\n---\n\n# Reviewer\n", "agents/reviewer.md");
    expect(result.diagnostics).toEqual([]);
    const { document, frontmatter } = result.value!;
    expect(document).toEqual({
      frontmatter: { name: "reviewer", description: "Reviews code" },
      body: "# Reviewer\n",
      raw: "---\nname: reviewer\ndescription: Reviews code\n---\n\n# Reviewer\n",
    });
    expect(frontmatter.locate("/description")).toEqual({ line: 3, column: 14 });
  });

  it("treats a file without frontmatter as all body", () => {
    const result = parseMarkdown("\n\nJust rules.\n---\nnot frontmatter\n", "rules/a.md");
    expect(result.value!.document.frontmatter).toEqual({});
    expect(result.value!.document.body).toBe("Just rules.\n---\nnot frontmatter\n");
  });

  it("accepts an empty block and CRLF line ends", () => {
    expect(parseMarkdown("---\n---\nBody", "a.md").value!.document).toMatchObject({ frontmatter: {}, body: "Body" });
    const crlf = parseMarkdown("---\r\ndescription: x\r\n---\r\nBody\r\n", "a.md");
    expect(crlf.value!.document).toMatchObject({ frontmatter: { description: "x" }, body: "Body\r\n" });
  });

  it("reports invalid YAML at the markdown file's line", () => {
    const result = parseMarkdown("---\nname: a\ndescription: [unclosed\nmodel: x\n---\nBody\n", "commands/a.md");
    expect(result.value).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ code: "AH1002", file: "commands/a.md" });
    expect(result.diagnostics[0]!.line).toBeGreaterThanOrEqual(3);
  });

  it("reports frontmatter that is not a mapping", () => {
    const result = parseMarkdown("---\n- a\n- b\n---\nBody\n", "a.md");
    expect(result.diagnostics).toEqual([
      {
        file: "a.md",
        line: 2,
        column: 1,
        severity: "error",
        code: "AH1009",
        message: "The frontmatter must be a mapping of keys to values, but it is a list. Write it as `key: value` lines between the two '---' lines.",
      },
    ]);
  });

  it("reports an unclosed frontmatter block", () => {
    const result = parseMarkdown("---\nname: a\n\nBody\n", "a.md");
    expect(result.diagnostics).toMatchObject([{ code: "AH1008", line: 1, column: 1 }]);
  });
});

describe("decodeUtf8", () => {
  it("decodes UTF-8 and strips a byte-order mark", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("name: é\n")]);
    expect(decodeUtf8(bytes, "p.yml")).toEqual({ value: "name: é\n", diagnostics: [] });
  });

  it("reports the first invalid byte with its offset and line", () => {
    const bytes = new Uint8Array([...new TextEncoder().encode("a: 1\nb: caf"), 0xe9, 0x0a]);
    const result = decodeUtf8(bytes, "latin1.yml");
    expect(result.value).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        file: "latin1.yml",
        line: 2,
        column: 7,
        severity: "error",
        code: "AH1001",
        message: "This file is not valid UTF-8 (the first bad byte is at byte offset 11). Save it as UTF-8 text.",
      },
    ]);
  });

  it("names UTF-16 files", () => {
    const utf16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x3a, 0x00]);
    expect(decodeUtf8(utf16, "w.yml").diagnostics).toMatchObject([{ code: "AH1012", line: 1, column: 1, file: "w.yml" }]);
  });

  it("rejects overlong encodings and UTF-16 surrogates", () => {
    expect(decodeUtf8(new Uint8Array([0x41, 0xc0, 0xaf]), "x").diagnostics[0]!.message).toContain("offset 1");
    expect(decodeUtf8(new Uint8Array([0xed, 0xa0, 0x80]), "x").diagnostics[0]!.message).toContain("offset 0");
  });
});

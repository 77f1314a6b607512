/** The Gemini CLI target's translations (compiler/targets/gemini): what golden/gemini-* pins as bytes, here as rules. */
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import type { MarkdownFeature, McpServerEntry } from "../../compiler/ir";
import { mapAgentTools, translateAgent } from "../../compiler/targets/gemini/agents";
import { geminiPrompt, tomlText, translateCommand } from "../../compiler/targets/gemini/commands";
import { translateServer } from "../../compiler/targets/gemini/mcp";
import { geminiPaths } from "../../compiler/targets/gemini/paths";
import { portableEnvironment } from "../../compiler/environment";

const origin = { file: "bundle:.mcp.json", layer: "bundle" };
const paths = geminiPaths(portableEnvironment());

function server(spec: Record<string, unknown>): McpServerEntry {
  return { server: spec as unknown as McpServerEntry["server"], origin };
}

function feature(name: string, frontmatter: Record<string, unknown>, body: string): MarkdownFeature {
  return { name, fileName: `${name}.md`, frontmatter, body, raw: body, origin: { file: `bundle:${name}.md`, layer: "bundle" } };
}

describe("Gemini MCP servers", () => {
  it("writes streamable HTTP as httpUrl and SSE as url + type", () => {
    expect(translateServer("a", server({ type: "http", url: "https://a/mcp" })).entry).toEqual({ httpUrl: "https://a/mcp" });
    expect(translateServer("a", server({ url: "https://a/mcp" })).entry).toEqual({ httpUrl: "https://a/mcp" });
    expect(translateServer("a", server({ type: "sse", url: "https://a/sse" })).entry).toEqual({ url: "https://a/sse", type: "sse" });
  });
  it("maps every client's tool filters and timeouts onto includeTools, excludeTools and milliseconds", () => {
    expect(translateServer("a", server({ command: "x", tools: ["q"], excludeTools: ["r"], timeout: 900 })).entry).toEqual({
      command: "x",
      timeout: 900,
      includeTools: ["q"],
      excludeTools: ["r"],
    });
    expect(translateServer("a", server({ command: "x", tools: ["*"] })).entry).toEqual({ command: "x" });
    expect(translateServer("a", server({ command: "x", enabled_tools: ["q"], disabled_tools: ["r"], tool_timeout_sec: 1.5 })).entry).toEqual({
      command: "x",
      timeout: 1500,
      includeTools: ["q"],
      excludeTools: ["r"],
    });
  });
  it("keeps references, drops literal credentials and reports keys Gemini has no place for", () => {
    const r = translateServer(
      "a",
      server({
        url: "https://a",
        headers: { Authorization: "Bearer ${TOKEN}", "X-Key": `ghp_${"adTPZlxitTCaB300TbT7aHecssFSbROgSrSn"}` },
        includeTools: ["q", `leaked-ghp_${"bleELApvYhT3ou5DLKpuE1zTvvupJoRuDzzy"}`],
        oauth_resource: "r",
      }),
    );
    expect(r.entry).toEqual({ httpUrl: "https://a", headers: { Authorization: "Bearer ${TOKEN}" }, includeTools: ["q"] });
    expect(r.diagnostics.map((d) => d.code).sort()).toEqual(["AH4303", "AH4304", "AH4410"]);
    expect(translateServer("a", server({ bearer_token_env_var: "T", url: "https://a" })).entry).toEqual({
      httpUrl: "https://a",
      headers: { Authorization: "Bearer ${T}" },
    });
  });
});

describe("Gemini commands", () => {
  it("turns $ARGUMENTS into {{args}} and !`cmd` into !{cmd}", () => {
    expect(geminiPrompt("Ship $ARGUMENTS on !`git branch`.")).toBe("Ship {{args}} on !{git branch}.");
  });
  it("writes TOML Gemini parses back to the same prompt, whatever the text holds", () => {
    for (const body of ["plain\n", "quotes ''' and \"\"\" and \\ back\n", "ends with a quote'\n", "tab\tand\u0007bell\n"]) {
      const { entry } = translateCommand(feature("c", { description: "d" }, body), paths);
      expect(parse(String(entry.content))).toEqual({ description: "d", prompt: geminiPrompt(body) });
    }
    expect(tomlText("a\nb\n")).toBe("'''\na\nb\n'''");
  });
  it("reports positional arguments and frontmatter Gemini has no place for", () => {
    const { diagnostics } = translateCommand(feature("c", { description: "d", "argument-hint": "[v]" }, "use $1 and $2"), paths);
    expect(diagnostics.map((d) => d.code).sort()).toEqual(["AH4411", "AH4412"]);
  });
});

describe("Gemini agents", () => {
  it("maps Claude tools, keeps Gemini's own, maps MCP names and reports the rest", () => {
    expect(mapAgentTools("Read, Bash(git diff*), Task, read_many_files, mcp__gh__list, mcp__docs")).toEqual({
      tools: ["mcp_docs_*", "mcp_gh_list", "read_file", "read_many_files", "run_shell_command"],
      unmapped: ["Task"],
      reduced: [{ grant: "Bash(git diff*)", tool: "run_shell_command" }],
    });
  });
  it("writes a slug name, kind local, and an empty tool list when nothing maps (never every tool)", () => {
    const { entry, diagnostics } = translateAgent(
      feature("Big Planner", { name: "Big Planner", description: "d", tools: "Task", model: "sonnet" }, "body"),
      paths,
    );
    expect(String(entry.content)).toBe("---\nname: big-planner\ndescription: d\nkind: local\ntools: []\n---\n\nbody\n");
    expect(diagnostics.map((d) => d.code).sort()).toEqual(["AH4413", "AH4415", "AH4418"]);
  });
});

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findConfig } from "../../compiler/config";
import { formatDiagnostics } from "../../compiler/diagnostics";
import { portableEnvironment } from "../../compiler/environment";
import { compileTargets, loadProject } from "../../compiler/front-end";
import { claudePaths } from "../../compiler/targets/claude/paths";
import { codexPaths } from "../../compiler/targets/codex/paths";
import { copilotPaths } from "../../compiler/targets/copilot/paths";

const root = mkdtempSync(path.join(tmpdir(), "ah-project-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
/** A fresh project directory holding `files`. */
function project(files: Record<string, string>): string {
  const dir = path.join(root, `p${counter++}`);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}
const load = (cwd: string, extra: Partial<Parameters<typeof loadProject>[0]> = {}) =>
  loadProject({ cwd, env: portableEnvironment(), configSearch: "none", ...extra });

describe("config discovery (cosmiconfig)", () => {
  it("uses the embedded default profile when there is no config", () => {
    const result = load(project({}));
    expect(result.diagnostics).toEqual([]);
    expect(result.value?.configFile).toBeUndefined();
    expect(result.value?.ir.chain.map((m) => `${m.name}:${m.source}`)).toEqual(["default:built-in"]);
    expect(result.value?.targets).toEqual(["copilot", "claude", "codex", "gemini"]);
    expect(result.value?.ir.rules.length).toBeGreaterThan(0);
    expect(result.value?.ir.persona.profiles[0]?.origin.file).toBe("built-in:profiles/default/CLAUDE.md");
  });

  it.each([
    ["agentihooks.config.json", '{ "profile": "default", "targets": ["codex"] }\n'],
    ["agentihooks.config.yaml", "profile: default\ntargets: [codex]\n"],
    [".agentihooksrc", "profile: default\ntargets: [codex]\n"],
    [".agentihooksrc.json", '{ "profile": "default", "targets": ["codex"] }\n'],
    [".config/agentihooksrc.yml", "profile: default\ntargets: [codex]\n"],
    ["agentihooks.config.cjs", 'module.exports = { profile: "default", targets: ["codex"] };\n'],
    ["agentihooks.config.mjs", 'export default { profile: "default", targets: ["codex"] };\n'],
    ["agentihooks.config.ts", 'const config: { targets: string[] } = { targets: ["codex"] };\nexport default config;\n'],
  ])("finds %s", (file, content) => {
    const result = load(project({ [file]: content }));
    expect(formatDiagnostics(result.diagnostics)).toBe("");
    expect(result.value?.configFile).toBe(`config:${file}`);
    expect(result.value?.targets).toEqual(["codex"]);
  });

  it("reads package.json#agentihooks and points errors into it", () => {
    const dir = project({ "package.json": '{\n  "name": "x",\n  "agentihooks": {\n    "profile": 42\n  }\n}\n' });
    const result = load(dir);
    expect(result.value).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ file: "config:package.json", line: 4, pointer: "/profile", severity: "error" });
  });

  it("skips a package.json without an agentihooks key", () => {
    const result = findConfig({ cwd: project({ "package.json": '{ "name": "x" }\n' }), strategy: "none" });
    expect(result).toEqual({ value: undefined, diagnostics: [] });
  });

  it("walks up to the project root with the project strategy", () => {
    const dir = project({ "package.json": '{ "name": "x" }\n', "agentihooks.config.json": '{ "targets": ["claude"] }\n', "src/deep/.keep": "" });
    const result = loadProject({ cwd: path.join(dir, "src", "deep"), env: portableEnvironment() });
    expect(result.value?.configFile).toBe("config:agentihooks.config.json");
    expect(result.value?.targets).toEqual(["claude"]);
  });

  it("reports a config module that throws, without a machine path", () => {
    const dir = project({ "agentihooks.config.cjs": 'throw new Error("boom in " + __dirname);\n' });
    const result = load(dir);
    expect(result.value).toBeUndefined();
    expect(result.diagnostics[0]?.code).toBe("AH1110");
    expect(result.diagnostics[0]?.message).not.toContain(dir);
  });

  it("reports a config file that is not UTF-8", () => {
    const dir = project({});
    writeFileSync(path.join(dir, "agentihooks.config.yaml"), new Uint8Array([0x70, 0x72, 0x6f, 0x66, 0x69, 0x6c, 0x65, 0x3a, 0x20, 0xe9, 0x0a]));
    expect(load(dir).diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([["AH1001", "config:agentihooks.config.yaml", 1]]);
  });

  it("reports an explicit --config that does not exist", () => {
    const result = load(project({}), { configFile: "missing.json" });
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([["AH1112", "config:missing.json"]]);
  });

  it("reports a config that is not an object", () => {
    const result = load(project({ "agentihooks.config.json": "[1, 2]\n" }));
    expect(result.diagnostics.map((d) => d.code)).toEqual(["AH1111"]);
  });
});

describe("loadProject", () => {
  it("applies home overrides: ~ against the environment's home, Claude's .claude.json inside its home", () => {
    const result = load(project({ "agentihooks.config.json": '{ "homes": { "copilot": "~/alt-copilot", "claude": "~/cc", "state": "~/.ah" } }\n' }));
    const env = result.value!.env;
    expect(env.homes).toEqual({ copilot: "/home/agent/alt-copilot", claude: "/home/agent/cc" });
    expect(env.agentihooksHome).toBe("/home/agent/.ah");
    expect(copilotPaths(env).settings).toBe("/home/agent/alt-copilot/settings.json");
    expect(claudePaths(env).settings).toBe("/home/agent/cc/settings.json");
    expect(claudePaths(env).claudeJson).toBe("/home/agent/cc/.claude.json");
    expect(codexPaths(env).config).toBe("/home/agent/.codex/config.toml");
  });

  it("lets --profile, --settings-profile and --target override the config", () => {
    const dir = project({
      "agentihooks.config.json": '{ "bundle": "b", "profile": "one", "targets": ["codex"] }\n',
      "b/profiles/one/CLAUDE.md": "one\n",
      "b/profiles/two/CLAUDE.md": "two\n",
      "b/profiles/admin/.copilot/settings.overrides.json": '{ "model": "x" }\n',
    });
    const result = load(dir, { profile: "two", settingsProfile: "admin", targets: ["claude", "copilot"] });
    expect(formatDiagnostics(result.diagnostics)).toBe("");
    expect(result.value?.ir.requestedChain).toBe("two");
    expect(result.value?.ir.settingsProfile?.name).toBe("admin");
    expect(result.value?.targets).toEqual(["copilot", "claude"]);
    expect(result.value?.ir.targets.copilot.settings.provenance["/model"]?.layer).toBe("settings profile admin");
  });

  it("collects errors from every file before giving up", () => {
    const dir = project({
      "agentihooks.config.json": '{ "bundle": "b", "profile": "a,b" }\n',
      "b/profiles/a/profile.yml": "guardrails:\n  auditLog: maybe\n",
      "b/profiles/b/.codex/config.overrides.toml": "model = \n",
      "b/profiles/b/.claude/settings.overrides.json": '{ "modle": "x" }\n',
    });
    const result = load(dir);
    expect(result.value).toBeUndefined();
    expect(result.diagnostics.map((d) => d.file).sort()).toEqual([
      "bundle:profiles/a/profile.yml",
      "bundle:profiles/b/.claude/settings.overrides.json",
      "bundle:profiles/b/.codex/config.overrides.toml",
    ]);
  });

  it("reads the CI manifesto named by CI_MANIFESTO_PATH, and warns when it is missing", () => {
    const dir = project({ "ci/MANIFESTO.md": "Ship small.\n" });
    const found = load(dir, { env: portableEnvironment({ vars: { CI_MANIFESTO_PATH: "ci/MANIFESTO.md" } }) });
    expect(found.value?.ir.persona.manifesto).toEqual({ text: "Ship small.\n", origin: { file: "manifesto:MANIFESTO.md", layer: "manifesto" } });
    const missing = load(dir, { env: portableEnvironment({ vars: { CI_MANIFESTO_PATH: "ci/NOPE.md" } }) });
    expect(missing.value?.ir.persona.manifesto).toBeUndefined();
    expect(missing.diagnostics.map((d) => [d.code, d.severity])).toEqual([["AH1113", "warning"]]);
  });

  it("treats an empty --target list as no override", () => {
    const dir = project({ "agentihooks.config.json": '{ "targets": ["codex"] }\n' });
    expect(load(dir, { targets: [] }).value?.targets).toEqual(["codex"]);
  });

  it("rejects a linked alias that is not a valid profile name", () => {
    const dir = project({ "agentihooks.config.json": '{ "linkedProfiles": { "_hidden": "x" } }\n', "x/CLAUDE.md": "x\n" });
    expect(load(dir).diagnostics.map((d) => [d.code, d.pointer])).toEqual([["AH3010", "/linkedProfiles/_hidden"]]);
  });

  it("strips a top-level $schema from every layer before merging", () => {
    const dir = project({
      "agentihooks.config.json": '{ "bundle": "b", "profile": "a" }\n',
      "b/profiles/a/.claude/settings.overrides.json": '{ "$schema": "https://agentihooks.dev/schemas/claude-settings.schema.json", "model": "opus" }\n',
    });
    const settings = load(dir).value?.ir.targets.claude.settings.value;
    expect(settings).toMatchObject({ model: "opus" });
    expect(settings).not.toHaveProperty("$schema");
  });

  it("uses the target's native MCP layer, else the root's .mcp.json, later roots replacing a server whole", () => {
    const dir = project({
      "agentihooks.config.json": '{ "bundle": "b", "profile": "a,c" }\n',
      "b/profiles/a/.mcp.json": '{ "mcpServers": { "gh": { "url": "https://a", "headers": { "X": "1" } }, "fs": { "command": "fs" } } }\n',
      "b/profiles/c/.codex/mcp.overrides.toml": '[mcp_servers.gh]\nurl = "https://c"\n',
    });
    const ir = load(dir).value!.ir;
    expect(ir.targets.codex.mcpServers.gh?.server).toEqual({ url: "https://c" });
    expect(ir.targets.codex.mcpServers.gh?.origin).toMatchObject({ layer: "profile c", file: "bundle:profiles/c/.codex/mcp.overrides.toml", line: 1 });
    expect(ir.targets.codex.mcpServers.gh?.replaces?.map((o) => o.file)).toEqual(["bundle:profiles/a/.mcp.json"]);
    expect(ir.targets.copilot.mcpServers.gh?.server).toEqual({ url: "https://a", headers: { X: "1" } });
    expect(ir.targets.copilot.mcpServers.gh?.replaces).toBeUndefined();
    expect(Object.keys(ir.targets.claude.mcpServers)).toEqual(["fs", "gh"]);
  });

  it("puts the package layer's features first (rules at profiles/package/rules), later layers replacing by name", () => {
    const pkg = project({
      "package.json": '{ "name": "agentihooks" }\n',
      "profiles/default/CLAUDE.md": "default\n",
      "profiles/package/rules/house.md": "package house rule\n",
      "profiles/package/rules/zz-last.md": "package rule\n",
      "profiles/package/commands/ship.md": "---\ndescription: package ship\n---\nship\n",
    });
    cpSync(new URL("../../profiles/_base", import.meta.url), path.join(pkg, "profiles", "_base"), { recursive: true });
    const dir = project({
      "agentihooks.config.json": '{ "bundle": "b", "profile": "a" }\n',
      "b/profiles/a/.claude/rules/aa-first.md": "profile rule\n",
      "b/profiles/a/.claude/rules/house.md": "profile house rule\n",
      "b/profiles/a/.claude/commands/ship.md": "---\ndescription: profile ship\n---\nship\n",
    });
    const result = load(dir, { packageRoot: pkg });
    expect(formatDiagnostics(result.diagnostics)).toBe("");
    const ir = result.value!.ir;
    expect(ir.rules.map((r) => `${r.fileName}:${r.origin.layer}`)).toEqual(["house.md:profile a", "zz-last.md:package", "aa-first.md:profile a"]);
    expect(ir.rules[1]?.origin.file).toBe("built-in:profiles/package/rules/zz-last.md");
    expect(ir.commands.map((c) => c.frontmatter.description)).toEqual(["profile ship"]);
  });

  it("compiles every selected target over the IR, in registry order", () => {
    const result = load(project({}));
    const trees = compileTargets(result.value!.ir, result.value!.env, ["codex", "copilot"]);
    expect(trees.map((t) => t.target)).toEqual(["copilot", "codex"]);
  });
});

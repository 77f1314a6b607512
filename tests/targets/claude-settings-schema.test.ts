/**
 * Every Claude settings.json the target renders must be valid for Claude Code 2.1.332: `claude -p`
 * silently drops a settings file that fails validation, hooks included. Two checks:
 *  - the project's claude-settings schema (schemas/claude-settings.schema.json, precompiled ajv);
 *  - the `Settings` type of `@anthropic-ai/claude-agent-sdk` 0.3.332 (generated from Claude Code
 *    2.1.332's own settings schema), through the TypeScript compiler: an object literal with an
 *    unknown key or a wrong type is a compile error. The SDK's sdk.d.ts is read from the shared cache
 *    (`~/.cache/agentihooks-e2e/claude-agent-sdk@0.3.332`), fetched there with `npm pack` when
 *    missing; the check is skipped, visibly, only when neither works.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import type { Ir } from "../../compiler/ir";
import { renderFresh } from "../../compiler/render-fresh";
import { CLAUDE_KNOWN_HOOK_EVENTS } from "../../compiler/targets/claude/contract";
import { compileTarget } from "../../compiler/targets/claude/compile";
import { claudeSettings } from "../../schemas/validators.generated.js";
import { makeIr, merged } from "./ir-fixtures";

const SDK_VERSION = "0.3.332";
const sdkDir = path.join(process.env.AGENTIHOOKS_E2E_CACHE ?? path.join(homedir(), ".cache", "agentihooks-e2e"), `claude-agent-sdk@${SDK_VERSION}`);
const sdkTypes = path.join(sdkDir, "package", "sdk.d.ts");

/** sdk.d.ts from the cache, fetched with npm (types only, no install scripts) when absent. */
function sdkDeclarations(): string | undefined {
  if (!existsSync(sdkTypes)) {
    try {
      mkdirSync(sdkDir, { recursive: true });
      const tarball = execFileSync("npm", ["pack", `@anthropic-ai/claude-agent-sdk@${SDK_VERSION}`, "--silent", "--pack-destination", sdkDir], {
        encoding: "utf8",
        timeout: 60_000,
      })
        .trim()
        .split("\n")
        .pop()!;
      execFileSync("tar", ["xzf", path.join(sdkDir, tarball), "-C", sdkDir, "package/sdk.d.ts", "package/package.json"], { timeout: 60_000 });
    } catch {
      return undefined;
    }
  }
  // The package ships sdk.d.ts with CRLF line endings.
  return existsSync(sdkTypes) ? readFileSync(sdkTypes, "utf8").replace(/\r\n/g, "\n") : undefined;
}

/** The `Settings` interface of sdk.d.ts, as a standalone declaration (it references no other type). */
function settingsInterface(dts: string): string {
  const start = dts.indexOf("export declare interface Settings {");
  if (start < 0) throw new Error("sdk.d.ts has no `export declare interface Settings`");
  const end = dts.indexOf("\n}\n", start);
  return dts.slice(start, end + 3).replace("export declare interface Settings", "interface Settings");
}

/**
 * TypeScript diagnostics of `const value_<i>: Settings = <json i>` for each document, checked in one
 * program (loading the default library is the slow part): one list of messages per document.
 */
function typeErrors(declaration: string, jsons: readonly string[]): string[][] {
  const fileName = "/virtual/settings-check.ts";
  const lines: string[] = [declaration];
  const starts: number[] = [];
  jsons.forEach((json, i) => {
    starts.push(lines.join("\n").split("\n").length);
    lines.push(`export const value_${i}: Settings = ${json};`);
  });
  const source = `${lines.join("\n")}\n`;
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, types: [], lib: ["lib.es5.d.ts"] };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => (name === fileName ? source : read(name));
  host.fileExists = (
    (exists) => (name: string) =>
      name === fileName || exists(name)
  )(host.fileExists.bind(host));
  host.getSourceFile = ((get) => (name: string, lang: ts.ScriptTarget | ts.CreateSourceFileOptions) =>
    name === fileName ? ts.createSourceFile(name, source, lang) : get(name, lang))(host.getSourceFile.bind(host));
  const program = ts.createProgram([fileName], options, host);
  const out: string[][] = jsons.map(() => []);
  const global = ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName !== fileName);
  if (global.length > 0) throw new Error(`type-check setup failed: ${global.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("; ")}`);
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (d.file?.fileName !== fileName || d.start === undefined) continue;
    const line = d.file.getLineAndCharacterOfPosition(d.start).line;
    let index = -1;
    starts.forEach((start, i) => {
      if (line >= start) index = i;
    });
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (index < 0) throw new Error(`the Settings declaration itself does not type-check: ${message}`);
    out[index]!.push(message);
  }
  return out;
}

/** A settings-heavy IR: env folded from the directive, permissions, status line, sandbox-free keys, layer hooks. */
function richIr(): Ir {
  const ir = makeIr();
  ir.targets.claude = {
    settings: merged(
      {
        $schema: "https://agentihooks.dev/schemas/claude-settings.schema.json",
        model: "opus",
        env: { LOG_LEVEL: "debug", TOKEN_REF: "${GITHUB_TOKEN}" },
        _agentihooks: { env: { FROM_DIRECTIVE: "1" } },
        permissions: { allow: ["Bash(git status)", "Read"], deny: ["Read(./.env)"], defaultMode: "acceptEdits" },
        statusLine: { type: "command", command: "~/.claude/statusline.sh" },
        enabledPlugins: { "formatter@market": true },
        includeCoAuthoredBy: false,
        cleanupPeriodDays: 30,
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "/opt/audit.sh", timeout: 5 }] }],
          FileChanged: [{ hooks: [{ type: "command", command: "/opt/fmt.sh", timeoutSec: 10 }] }],
        },
      },
      "bundle:.claude/settings.overrides.json",
    ),
    mcpServers: {},
  };
  return ir;
}

const cases: Array<[string, Ir]> = [
  ["default (no layer)", makeIr()],
  ["rich layers", richIr()],
];

/** Every settings.json the golden cases pin (`golden/<case>/expected/out/claude/.claude/settings.json`). */
const goldenRoot = fileURLToPath(new URL("../../golden/", import.meta.url));
const goldenSettings: Array<[string, string]> = readdirSync(goldenRoot)
  .sort()
  .map((name): [string, string] => [name, path.join(goldenRoot, name, "expected", "out", "claude", ".claude", "settings.json")])
  .filter(([, file]) => existsSync(file));

function renderedSettings(ir: Ir): string {
  const env = portableEnvironment();
  const file = renderFresh(compileTarget(ir, env)).find((f) => f.path === `${env.home}/.claude/settings.json`);
  if (!file) throw new Error("no settings.json rendered");
  return new TextDecoder().decode(file.content);
}

describe("Claude settings.json validity", () => {
  it("finds the golden settings files", () => {
    expect(goldenSettings.map(([name]) => name)).toEqual(expect.arrayContaining(["claude-default", "claude-codex-rich"]));
  });

  it.each(goldenSettings)("golden %s: settings.json passes the claude-settings schema", (_name, file) => {
    const settings = JSON.parse(readFileSync(file, "utf8")) as unknown;
    expect(claudeSettings(settings), JSON.stringify(claudeSettings.errors)).toBe(true);
  });

  it.each(cases)("%s: passes the claude-settings schema and uses only Claude's hook events and handler keys", (_name, ir) => {
    const settings = JSON.parse(renderedSettings(ir)) as Record<string, unknown> & { hooks: Record<string, Array<{ hooks: Array<Record<string, unknown>> }>> };
    const valid = claudeSettings(settings);
    expect(claudeSettings.errors ?? [], JSON.stringify(claudeSettings.errors)).toEqual([]);
    expect(valid).toBe(true);
    expect(Object.keys(settings).filter((k) => k.startsWith("_") || k === "$schema" || k === "mcpServers")).toEqual([]);
    for (const [event, groups] of Object.entries(settings.hooks)) {
      expect(CLAUDE_KNOWN_HOOK_EVENTS.has(event), event).toBe(true);
      for (const group of groups)
        for (const handler of group.hooks) expect(Object.keys(handler).filter((k) => !["type", "command", "timeout"].includes(k))).toEqual([]);
    }
  });

  const dts = sdkDeclarations();
  describe.skipIf(!dts)(`against the Settings type of @anthropic-ai/claude-agent-sdk ${SDK_VERSION}${dts ? "" : " (sdk.d.ts unavailable: skipped)"}`, () => {
    const declaration = dts ? settingsInterface(dts) : "";

    // Settings passes unknown top-level keys through (`[k: string]: unknown`): the ajv check above
    // catches those. This one checks the value of every known key, nested shapes included.
    it("the type check rejects bad documents (it can fail) and accepts every rendered settings.json", () => {
      const bad = ['{ "permissions": { "defaultMode": "yolo" } }', '{ "hooks": { "PreToolUse": { "hooks": [] } } }', '{ "cleanupPeriodDays": "30" }'];
      const rendered = [...cases.map(([, ir]) => renderedSettings(ir)), ...goldenSettings.map(([, file]) => readFileSync(file, "utf8"))];
      const results = typeErrors(declaration, [...bad, ...rendered]);
      for (let i = 0; i < bad.length; i += 1) expect(results[i]!.length, bad[i]).toBeGreaterThan(0);
      expect(results.slice(bad.length)).toEqual(rendered.map(() => []));
    });
  });
});

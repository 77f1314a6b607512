/**
 * The Claude target's files read back by the real Claude Code 2.1.332: `claude doctor` lists every
 * problem of a settings.json (Claude itself drops an invalid file silently, hooks included), and
 * `claude mcp list` prints "MCP config diagnostics" for `~/.claude.json` entries.
 *
 * Needs the pinned client in the shared cache (`~/.cache/agentihooks-e2e/anthropic-ai-claude-code@2.1.332`,
 * installed by `node scripts/install-clients.mjs`); skipped, with a visible reason, when it is absent.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import type { Ir } from "../../compiler/ir";
import { renderFresh } from "../../compiler/render-fresh";
import { compileTarget } from "../../compiler/targets/claude/compile";
import { makeIr, mcp, merged } from "../targets/ir-fixtures";

const claudeBin = path.join(
  process.env.AGENTIHOOKS_E2E_CACHE ?? path.join(homedir(), ".cache", "agentihooks-e2e"),
  "anthropic-ai-claude-code@2.1.332",
  "node_modules",
  ".bin",
  "claude",
);
const available = existsSync(claudeBin);
const scratchParent = path.join(homedir(), ".cache", "agentihooks-test");
const roots: string[] = [];

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Renders the Claude target for a config dir under a scratch home; returns the home. */
function install(ir: Ir): string {
  mkdirSync(scratchParent, { recursive: true });
  const root = mkdtempSync(path.join(scratchParent, "claude-"));
  roots.push(root);
  const claudeHome = path.join(root, ".claude");
  const env = portableEnvironment({ home: root, homes: { claude: claudeHome }, agentihooksHome: path.join(root, ".agentihooks") });
  for (const file of renderFresh(compileTarget(ir, env))) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.content, { mode: file.mode });
  }
  return root;
}

/** Runs `claude <args>` offline against the scratch home (no credentials, no network use needed). */
function claude(root: string, args: string[], extra: Record<string, string> = {}): string {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: root, CLAUDE_CONFIG_DIR: path.join(root, ".claude"), LANG: "C.UTF-8", ...extra };
  const run = spawnSync(claudeBin, args, { cwd: root, env, encoding: "utf8", timeout: 60_000, input: "" });
  return `${run.stdout}${run.stderr}`;
}

function richIr(): Ir {
  const ir = makeIr();
  ir.targets.claude = {
    settings: merged(
      {
        model: "opus",
        env: { LOG_LEVEL: "debug", TOKEN_REF: "${GITHUB_TOKEN}" },
        _agentihooks: { env: { FROM_DIRECTIVE: "1" } },
        permissions: { allow: ["Bash(git status)"], deny: ["Read(./.env)"], defaultMode: "acceptEdits" },
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "/opt/audit.sh", timeoutSec: 5 }] }] },
      },
      "bundle:.claude/settings.overrides.json",
    ),
    mcpServers: {
      // Nothing listens on this port: the health check fails fast, the config diagnostics still run.
      remote: mcp({ type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer ${AH_TEST_TOKEN}" } }, "remote"),
      events: mcp({ type: "sse", url: "http://127.0.0.1:9/sse" }, "events"),
      local: mcp({ command: process.execPath, args: ["-e", "process.exit(0)"], env: { AH_TEST_REF: "${AH_TEST_REF}" } }, "local"),
    },
  };
  return ir;
}

describe.skipIf(!available)(`Claude target against the real client (${available ? claudeBin : "not installed: skipped"})`, () => {
  it("claude doctor reports an invalid settings.json (the check can fail)", () => {
    const root = install(makeIr());
    writeFileSync(path.join(root, ".claude", "settings.json"), JSON.stringify({ permissions: { defaultMode: "yolo" } }));
    expect(claude(root, ["doctor"])).toContain("Invalid settings");
  }, 90_000);

  it.each<[string, () => Ir]>([
    ["the default", () => makeIr()],
    ["rich layers", richIr],
  ])(
    "claude doctor finds nothing invalid in the settings.json rendered from %s",
    (_name, build) => {
      // The referenced variables are set, as they would be in the operator's shell: doctor reports unset ones too.
      const output = claude(install(build()), ["doctor"], { AH_TEST_REF: "x", AH_TEST_TOKEN: "y" });
      expect(output).toContain("Claude Code doctor");
      expect(output).not.toContain("Invalid settings");
    },
    90_000,
  );

  it("claude mcp list reads every ~/.claude.json entry we write, with only the missing-variable warnings", () => {
    const output = claude(install(richIr()), ["mcp", "list"]);
    for (const name of ["remote", "events", "local"]) expect(output).toMatch(new RegExp(`^${name}: `, "m"));
    const diagnostics = output.split("\n").filter((line) => /\[(Warning|Error)\]/.test(line));
    expect(
      diagnostics.every((line) => line.includes("Missing environment variables")),
      diagnostics.join("\n"),
    ).toBe(true);
    expect(output).not.toContain("[Error]");
  }, 90_000);
});

if (!available) console.warn(`claude-real-client: ${claudeBin} not found; run node scripts/install-clients.mjs to run these checks.`);

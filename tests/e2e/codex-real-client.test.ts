/**
 * The Codex target's hooks.json and config.toml read back by the real Codex CLI 0.171.0: every
 * hook agentihooks writes must come back `trusted` (Codex skips untrusted hooks silently, which
 * would leave every guardrail off), and config.toml must load without unknown-key warnings.
 *
 * Needs the pinned client in the shared cache (`~/.cache/agentihooks-e2e/openai-codex@0.171.0`,
 * installed by the e2e suite's installer or `npm install --prefix <dir> @openai/codex@0.171.0`);
 * skipped, with a visible reason, when it is absent.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import { renderFresh } from "../../compiler/render-fresh";
import { compileTarget } from "../../compiler/targets/codex/compile";
import { feature, makeIr, merged, mcp, skill } from "../targets/ir-fixtures";

const codexBin = path.join(
  process.env.AGENTIHOOKS_E2E_CACHE ?? path.join(homedir(), ".cache", "agentihooks-e2e"),
  "openai-codex@0.171.0",
  "node_modules",
  ".bin",
  "codex",
);
const available = existsSync(codexBin);
// Codex refuses helper binaries under /tmp; a scratch dir elsewhere keeps its startup quiet.
const scratchParent = path.join(homedir(), ".cache", "agentihooks-test");
const roots: string[] = [];

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Compiles `ir` for a Codex home under a fresh scratch dir and writes what a first apply writes. */
function install(ir: Parameters<typeof compileTarget>[0]): string {
  mkdirSync(scratchParent, { recursive: true });
  const root = mkdtempSync(path.join(scratchParent, "codex-"));
  roots.push(root);
  const env = portableEnvironment({ home: root, agentsSkills: path.join(root, ".agents", "skills"), agentihooksHome: path.join(root, ".agentihooks") });
  for (const file of renderFresh(compileTarget(ir, env))) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.content);
    chmodSync(file.path, file.mode);
  }
  return root;
}

/** `hooks/list` through `codex app-server` (JSON-RPC over stdio). */
async function listHooks(
  root: string,
): Promise<{ hooks: Array<{ key: string; eventName: string; trustStatus: string; currentHash: string }>; warnings: string[] }> {
  const child: ChildProcess = spawn(codexBin, ["app-server"], {
    env: { ...process.env, HOME: root, CODEX_HOME: path.join(root, ".codex"), RUST_LOG: "error" },
    stdio: ["pipe", "pipe", "ignore"],
    cwd: root,
  });
  const send = (message: unknown) => child.stdin!.write(`${JSON.stringify(message)}\n`);
  try {
    return await new Promise((resolve, reject) => {
      let buffer = "";
      const timer = setTimeout(() => reject(new Error("codex app-server did not answer in 20 s")), 20_000);
      child.stdout!.on("data", (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 1);
          let message: { id?: number; result?: { data: Array<{ hooks: never[]; warnings: string[] }> }; error?: unknown };
          try {
            message = JSON.parse(line);
          } catch {
            continue;
          }
          if (message.id === 1) {
            send({ method: "initialized" });
            send({ id: 2, method: "hooks/list", params: { cwds: [root] } });
          } else if (message.id === 2) {
            clearTimeout(timer);
            if (!message.result) reject(new Error(`hooks/list failed: ${JSON.stringify(message.error)}`));
            else resolve({ hooks: message.result.data[0]!.hooks, warnings: message.result.data[0]!.warnings });
          }
        }
      });
      send({ id: 1, method: "initialize", params: { clientInfo: { name: "agentihooks-test", version: "0" } } });
    });
  } finally {
    child.kill();
  }
}

describe.skipIf(!available)(`Codex target against the real client (${available ? codexBin : "not installed: skipped"})`, () => {
  it("every hook agentihooks writes is trusted by Codex 0.171.0, layer-declared groups included", async () => {
    const ir = makeIr();
    ir.targets.codex = {
      settings: merged(
        { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "/usr/bin/true", timeout: 5 }] }] } },
        "bundle:.codex/config.overrides.toml",
      ),
      mcpServers: {},
    };
    const root = install(ir);
    const { hooks, warnings } = await listHooks(root);
    expect(warnings).toEqual([]);
    expect(hooks.map((h) => `${h.eventName} ${h.trustStatus}`).sort()).toEqual(
      [
        "permissionRequest",
        "postToolUse",
        "preCompact",
        "preToolUse",
        "preToolUse",
        "sessionEnd",
        "sessionStart",
        "stop",
        "subagentStart",
        "subagentStop",
        "userPromptSubmit",
      ].map((e) => `${e} trusted`),
    );
  }, 60_000);

  it("AGENTS.md (rules compiled in) and the skills reach the model-visible prompt (codex debug prompt-input)", () => {
    const ir = makeIr({
      rules: [feature("rules", "canary", "Rule canary zq7-rule: never force-push.\n")],
      skills: [skill("canary-skill", "---\ndescription: Skill canary zq7-skill\n---\nBody.\n")],
    });
    const root = install(ir);
    const run = spawnSync(codexBin, ["debug", "prompt-input", "hello"], {
      env: { ...process.env, HOME: root, CODEX_HOME: path.join(root, ".codex") },
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stdout).toContain("zq7-rule");
    expect(run.stdout).toContain("You are **default**");
    expect(run.stdout).toContain("canary-skill: Skill canary zq7-skill");
  }, 60_000);

  it("config.toml with MCP tables loads with no unknown-key warning (codex doctor)", () => {
    const ir = makeIr();
    ir.targets.codex = {
      settings: merged({ approval_policy: "on-request", tui: { status_line: ["model-with-reasoning"] } }, "bundle:.codex/config.overrides.toml"),
      mcpServers: {
        gh: mcp({ command: "npx", args: ["-y", "gh"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}", TOKEN: "${SRC}" } }, "gh"),
        gw: mcp({ url: "https://gw.example/mcp", headers: { Authorization: "Bearer ${GW}", "X-Org": "${ORG}" } }, "gw"),
      },
    };
    const root = install(ir);
    const run = spawnSync(codexBin, ["doctor", "--json"], {
      env: { ...process.env, HOME: root, CODEX_HOME: path.join(root, ".codex") },
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    });
    const report = JSON.parse(run.stdout) as { checks: Record<string, { details: Record<string, string> }> };
    const details = report.checks["config.load"]!.details;
    expect(details["config.toml parse"]).toBe("ok");
    expect(details["startup warning"] ?? "").not.toMatch(/ignored|unrecognized/);
    // The profile's two servers and agentihooks' own.
    expect(details["mcp servers"]).toBe("3");
  }, 60_000);
});

// Keep the reason visible in the run output when the client is absent.
if (!available) console.warn(`codex-real-client: ${codexBin} not found; install @openai/codex@0.171.0 there to run these checks.`);

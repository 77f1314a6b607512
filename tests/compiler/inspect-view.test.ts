import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import { loadProject } from "../../compiler/front-end";
import { inspectData, renderInspect } from "../../compiler/inspect-view";

const root = mkdtempSync(path.join(tmpdir(), "ah-inspect-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const token = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB";
const files: Record<string, string> = {
  "agentihooks.config.json": '{ "bundle": "b", "profile": "a" }\n',
  "b/profiles/a/.claude/settings.overrides.json": `{ "env": { "GH": "${token}", "PLAIN": "ok" } }\n`,
  "b/profiles/a/.mcp.json": `{ "mcpServers": { "gh": { "url": "https://x", "headers": { "Authorization": "${token}" } } } }\n`,
};
for (const [rel, content] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), content);
}

describe("inspect view", () => {
  const project = loadProject({ cwd: root, env: portableEnvironment(), configSearch: "none" }).value!;

  it("never prints a secret-shaped literal, in text or JSON", () => {
    const data = inspectData(project);
    expect(renderInspect(data)).not.toContain(token);
    expect(JSON.stringify(data)).not.toContain(token);
    expect(renderInspect(data)).toContain('/env/GH = "[REDACTED:github_token]"');
    expect(renderInspect(data)).toContain('/env/PLAIN = "ok"');
  });

  it("leaves the IR itself untouched (targets still see the authored value and scrub it themselves)", () => {
    expect((project.ir.targets.claude.settings.value.env as Record<string, string>).GH).toBe(token);
  });

  it("limits the per-target sections to the targets asked for, in registry order", () => {
    expect(inspectData(project, ["codex", "copilot"]).perTarget.map((t) => t.target)).toEqual(["copilot", "codex"]);
  });
});

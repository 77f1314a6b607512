/**
 * `doctor --live` against the real pinned clients, when scripts/install-clients.mjs has put them in
 * the e2e cache (skipped otherwise: the static doctor suite does not need them).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const cache = process.env.AGENTIHOOKS_E2E_CACHE || path.join(homedir(), ".cache", "agentihooks-e2e");
const bins = { copilot: path.join(cache, "github-copilot@1.0.102/node_modules/.bin"), codex: path.join(cache, "openai-codex@0.171.0/node_modules/.bin") };
const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;

function run(home: string, project: string, args: string[], extraPath: string) {
  return spawnSync(process.execPath, [cli, ...args], {
    cwd: project,
    encoding: "utf8",
    env: { PATH: `${extraPath}:/usr/bin:/bin`, HOME: home, NO_COLOR: "1" },
    timeout: 120_000,
  });
}

describe("doctor --live", () => {
  for (const target of ["copilot", "codex"] as const) {
    it.skipIf(!existsSync(path.join(bins[target], target)))(
      `${target}: the client lists every MCP server; a server it drops is reported as drift`,
      () => {
        const root = mkdtempSync(path.join(tmpdir(), "ah-live-"));
        const home = path.join(root, "home");
        const project = path.join(root, "project");
        mkdirSync(home);
        mkdirSync(path.join(project, "bundle/profiles/solo"), { recursive: true });
        writeFileSync(path.join(project, "agentihooks.config.json"), JSON.stringify({ bundle: "./bundle", profile: "solo", targets: [target] }));
        writeFileSync(path.join(project, "bundle/profiles/solo/CLAUDE.md"), "# Solo\n");
        writeFileSync(path.join(project, "bundle/.mcp.json"), JSON.stringify({ mcpServers: { docs: { type: "http", url: "https://docs.example.com/mcp" } } }));
        expect(run(home, project, ["apply", "--yes"], bins[target]).status).toBe(0);
        const ok = run(home, project, ["doctor", "--live", "--json"], bins[target]);
        const report = JSON.parse(ok.stdout).result;
        const messages = report.targets[0].checks.map((c: { message: string }) => c.message);
        expect(messages).toContain(`live: ${target} mcp list lists every MCP server the profiles define (2)`);
        // Break the entry the way the clients silently drop it: the client no longer lists it.
        if (target === "copilot") {
          const file = path.join(home, ".copilot/mcp-config.json");
          const doc = JSON.parse(readFileSync(file, "utf8"));
          doc.mcpServers.docs.type = "bogus";
          writeFileSync(file, JSON.stringify(doc));
        } else {
          const file = path.join(home, ".codex/config.toml");
          writeFileSync(file, readFileSync(file, "utf8").replace(/\[mcp_servers\.docs\][\s\S]*?(?=\n\[|$)/, ""));
        }
        const drift = run(home, project, ["doctor", "--live"], bins[target]);
        expect(drift.status).toBe(1);
        expect(drift.stdout).toMatch(/\[!!\] live drift: .* does not list MCP server\(s\) docs/);
      },
      180_000,
    );
  }

  it.skipIf(!existsSync(path.join(bins.copilot, "copilot")))(
    "copilot: the hook loader names only the canary on an applied home; a misspelt event and a skipped entry are drift; the home is never written",
    () => {
      const root = mkdtempSync(path.join(tmpdir(), "ah-live-"));
      const home = path.join(root, "home");
      const project = path.join(root, "project");
      mkdirSync(home);
      mkdirSync(project);
      expect(run(home, project, ["apply", "--yes", "--target", "copilot"], bins.copilot).status).toBe(0);
      const copilotHome = path.join(home, ".copilot");
      const before = snapshot(copilotHome);
      const ok = run(home, project, ["doctor", "--live", "--json", "--target", "copilot"], bins.copilot);
      const report = JSON.parse(ok.stdout).result;
      const checks = report.targets[0].checks as { status: string; message: string }[];
      const events = Object.keys(JSON.parse(readFileSync(path.join(copilotHome, "hooks/agentihooks.json"), "utf8")).hooks).length;
      expect(checks).toContainEqual({
        id: "live.copilot-hooks",
        status: "ok",
        message: `live: copilot's hook loader reads agentihooks.json (canary named) and knows all ${events} of its event(s)`,
      });
      expect(checks.filter((c) => c.message.startsWith("live drift"))).toEqual([]);
      expect(ok.status).toBe(0);
      // The probe ran on a copy: not one file of the real COPILOT_HOME was added, changed or removed.
      expect(snapshot(copilotHome)).toEqual(before);

      const file = path.join(copilotHome, "hooks/agentihooks.json");
      const doc = JSON.parse(readFileSync(file, "utf8"));
      doc.hooks.preToolUsee = doc.hooks.preToolUse;
      delete doc.hooks.preToolUse;
      doc.hooks.sessionStart[0].timeoutSec = "30";
      writeFileSync(file, JSON.stringify(doc, null, 2));
      const drift = run(home, project, ["doctor", "--live", "--target", "copilot"], bins.copilot);
      expect(drift.status).toBe(1);
      expect(drift.stdout).toContain(
        "[!!] live drift: copilot's hook loader ignores unknown hook event(s) in ~/.copilot/hooks/agentihooks.json: preToolUsee (those hooks never fire)",
      );
      expect(drift.stdout).toContain(
        "[!!] live drift: copilot's hook loader skips hooks.sessionStart[0].timeoutSec: timeoutSec must be a number in ~/.copilot/hooks/agentihooks.json",
      );
    },
    180_000,
  );
});

/** Every file under `dir` with its bytes (relative path → content). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, rel);
    out[rel] = statSync(full).isDirectory() ? "<dir>" : readFileSync(full, "utf8");
  }
  return out;
}

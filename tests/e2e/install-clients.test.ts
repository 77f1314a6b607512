/**
 * The installer's failure path: when a pinned client cannot be installed (here: the registry is
 * unreachable), it exits 1 and names the client, the pinned version and npm's reason, so CI fails
 * loudly instead of passing without the client.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { repoRoot } from "./support/sandbox";

test("an uninstallable client fails the installer, naming the client and why", () => {
  const cache = mkdtempSync(path.join(tmpdir(), "agentihooks-e2e-cache-"));
  try {
    const result = spawnSync(process.execPath, [path.join(repoRoot, "scripts", "install-clients.mjs"), "codex"], {
      encoding: "utf8",
      timeout: 120_000,
      env: {
        ...process.env,
        AGENTIHOOKS_E2E_CACHE: cache,
        npm_config_registry: "http://127.0.0.1:9/",
        npm_config_fetch_retries: "0",
        npm_config_cache: path.join(cache, "npm-cache"),
        npm_config_offline: "false",
      },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("codex (@openai/codex@0.171.0) could not be installed");
    expect(JSON.parse(result.stdout.trim().split("\n")[0]!)).toMatchObject({
      name: "codex",
      error: expect.stringContaining("npm install @openai/codex@0.171.0 exited"),
    });
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
});

test("an installed client is reused, not downloaded again", () => {
  const out = execFileSync(process.execPath, [path.join(repoRoot, "scripts", "install-clients.mjs"), "claude"], { encoding: "utf8" });
  expect(JSON.parse(out.trim())).toMatchObject({ name: "claude", version: "2.1.332", reused: true });
});

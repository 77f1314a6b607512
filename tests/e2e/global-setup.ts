/**
 * Before the real-client suites: bundle dist/ (the suites run the program users get), install the
 * pinned clients into the cache outside the repository (reused when present), and hand each
 * client's outcome to the suites. A client that cannot be installed does not stop the others; its
 * suite fails on its first test with the reason (see support/clients.ts), and the run fails.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { CLIENTS, cacheRoot, ensureClient, type ClientName, type InstallResult } from "../../scripts/install-clients.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Install outcome per client, keyed by client name. */
    e2eClients: Record<string, InstallResult>;
  }
}

export default function setup(project: TestProject): void {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  try {
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  } catch {
    // Another build swapping dist/ at the same moment is the usual cause; a real error repeats.
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  }
  const results: Record<string, InstallResult> = {};
  for (const name of Object.keys(CLIENTS) as ClientName[]) {
    const started = Date.now();
    const result = ensureClient(name);
    results[name] = result;
    const where = result.bin ?? cacheRoot();
    if (result.error) {
      process.stderr.write(`\n[e2e] CLIENT NOT INSTALLED: ${name} (${CLIENTS[name].pkg}@${CLIENTS[name].version}): ${result.error}\n\n`);
    } else {
      process.stderr.write(`[e2e] ${name} ${result.version} ${result.reused ? "reused" : "installed"} (${Date.now() - started} ms) at ${where}\n`);
    }
  }
  project.provide("e2eClients", results);
}

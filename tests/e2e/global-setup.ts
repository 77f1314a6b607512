/**
 * Before the real-client suites: bundle dist/, copy the package as npm would publish it (the files
 * `npm pack` lists) into a private temp directory the suites apply from, install the pinned clients
 * into the cache outside the repository (reused when present), and hand each client's outcome to
 * the suites. A client that cannot be installed does not stop the others; its suite fails on its
 * first test with the reason (see support/clients.ts), and the run fails.
 *
 * The private copy is what the hook wrappers point at, so a rebuild of the working tree's dist/
 * during the run (other work in the same checkout) cannot pull the runtime from under a client,
 * and a file missing from the published package fails here rather than for a user.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { CLIENTS, cacheRoot, ensureClient, type ClientName, type InstallResult } from "../../scripts/install-clients.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Install outcome per client, keyed by client name. */
    e2eClients: Record<string, InstallResult>;
    /** The private copy of the package (bin/agentihooks.js, dist/, profiles/, …) the suites run. */
    e2ePackageRoot: string;
  }
}

/** Copies the files `npm pack` would publish into a fresh directory; its dependencies come from the repo. */
function copyPackage(root: string): string {
  const listing = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const files = (JSON.parse(listing) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
  const target = mkdtempSync(path.join(tmpdir(), "agentihooks-e2e-package-"));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(target, file));
  }
  // An installed package has its dependencies next to it; the repository's stand in for them.
  symlinkSync(path.join(root, "node_modules"), path.join(target, "node_modules"), "dir");
  for (const needed of ["bin/agentihooks.js", "dist/cli.js", "dist/runtime.cjs", "package.json"]) {
    if (!existsSync(path.join(target, needed))) throw new Error(`the published package would lack ${needed} (npm pack lists ${files.length} files)`);
  }
  execFileSync(process.execPath, [path.join(target, "bin", "agentihooks.js"), "--version"], { stdio: "ignore" });
  return target;
}

export default function setup(project: TestProject): () => void {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  try {
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  } catch {
    // Another build swapping dist/ at the same moment is the usual cause; a real error repeats.
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  }
  let packageRoot: string;
  try {
    packageRoot = copyPackage(root);
  } catch {
    // dist/ may have been swapped by a concurrent build between the listing and the copy: once more.
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
    packageRoot = copyPackage(root);
  }
  project.provide("e2ePackageRoot", packageRoot);
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
  return () => rmSync(packageRoot, { recursive: true, force: true });
}

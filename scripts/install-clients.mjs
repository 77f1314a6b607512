#!/usr/bin/env node
// Installs the pinned real clients the end-to-end suite runs, into a cache outside the repository:
//   ${AGENTIHOOKS_E2E_CACHE:-~/.cache/agentihooks-e2e}/<scope-name>@<version>/node_modules/.bin/<bin>
// A client already installed there is reused. Prints one JSON line per client on stdout (for the
// suite) and exits 1, naming the client and the reason, when any client cannot be installed: the
// suite must fail loudly rather than pass without a client.
//
// Usage: node scripts/install-clients.mjs [<target id> ...] [--json]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadContracts } from "./client-contracts.mjs";

/**
 * The pinned clients, one per target: the package and version its contract was verified against
 * (`verifiedAgainst`), so the end-to-end suite runs exactly the release the compiler's facts name.
 * The executable is named by the target id, as `doctor` looks it up on PATH. To move a pin, bump
 * `verifiedAgainst` in the contract, run `npm run test:e2e` and read the drift (docs/e2e.md).
 * (Claude Code must stay pinned: on Node 20 an unpinned install silently picks 2.1.197.)
 */
export const CLIENTS = Object.fromEntries(
  (await loadContracts()).map((contract) => [
    contract.id,
    { pkg: contract.verifiedAgainst.package, version: contract.verifiedAgainst.version, bin: contract.id },
  ]),
);

/** The cache root: AGENTIHOOKS_E2E_CACHE, else ~/.cache/agentihooks-e2e. */
export function cacheRoot() {
  return process.env.AGENTIHOOKS_E2E_CACHE || join(homedir(), ".cache", "agentihooks-e2e");
}

/** The install directory of one client: `<cache>/<scope-name>@<version>` (e.g. github-copilot@1.0.102). */
export function clientDir(name) {
  const c = CLIENTS[name];
  const dirName = `${c.pkg.replace(/^@/, "").replace("/", "-")}@${c.version}`;
  return join(cacheRoot(), dirName);
}

/** The client's executable inside its install directory. */
export function clientBin(name) {
  return join(clientDir(name), "node_modules", ".bin", CLIENTS[name].bin);
}

function installedVersion(name) {
  const manifest = join(clientDir(name), "node_modules", ...CLIENTS[name].pkg.split("/"), "package.json");
  if (!existsSync(manifest)) return undefined;
  try {
    return JSON.parse(readFileSync(manifest, "utf8")).version;
  } catch {
    return undefined;
  }
}

/**
 * Ensures one client is installed; returns {name, pkg, version, bin, reused, seconds} or
 * {name, error}. Never throws.
 */
export function ensureClient(name) {
  const c = CLIENTS[name];
  if (!c) return { name, error: `unknown client '${name}' (known: ${Object.keys(CLIENTS).join(", ")})` };
  const dir = clientDir(name);
  const bin = clientBin(name);
  const started = Date.now();
  if (installedVersion(name) === c.version && existsSync(bin)) {
    return { name, pkg: c.pkg, version: c.version, bin, reused: true, seconds: 0 };
  }
  mkdirSync(dir, { recursive: true });
  // A package.json of our own keeps npm from walking up to an unrelated project.
  if (!existsSync(join(dir, "package.json"))) {
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "agentihooks-e2e-client", private: true }) + "\n");
  }
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // 8 minutes per client keeps a hung registry inside the CI budget (fresh installs take 8-30 s here).
  const result = spawnSync(npm, ["install", "--prefix", dir, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `${c.pkg}@${c.version}`], {
    encoding: "utf8",
    timeout: 8 * 60_000,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  if (result.error) {
    const why = result.error.code === "ETIMEDOUT" ? "npm install did not finish within 8 minutes" : `npm install could not run: ${result.error.message}`;
    return { name, pkg: c.pkg, version: c.version, error: why };
  }
  if (result.status !== 0) {
    const tail = `${result.stderr}${result.stdout}`.trim().split("\n").slice(-12).join("\n");
    return { name, pkg: c.pkg, version: c.version, error: `npm install ${c.pkg}@${c.version} exited ${result.status}:\n${tail}` };
  }
  const got = installedVersion(name);
  if (got !== c.version) return { name, pkg: c.pkg, version: c.version, error: `installed version is ${got ?? "missing"}, expected ${c.version}` };
  if (!existsSync(bin)) return { name, pkg: c.pkg, version: c.version, error: `no executable at ${bin} after install` };
  return { name, pkg: c.pkg, version: c.version, bin, reused: false, seconds };
}

async function main(argv) {
  const names = argv.filter((a) => !a.startsWith("--"));
  const wanted = names.length > 0 ? names : Object.keys(CLIENTS);
  let failed = 0;
  for (const name of wanted) {
    const r = ensureClient(name);
    process.stdout.write(JSON.stringify(r) + "\n");
    if (r.error) {
      failed++;
      process.stderr.write(`install-clients: ${name} (${CLIENTS[name]?.pkg ?? "?"}@${CLIENTS[name]?.version ?? "?"}) could not be installed: ${r.error}\n`);
    } else {
      process.stderr.write(`install-clients: ${name} ${r.version} ${r.reused ? "reused" : `installed in ${r.seconds}s`} at ${r.bin}\n`);
    }
  }
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}

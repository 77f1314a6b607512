/**
 * The peer tools the benchmark compares against, installed with npm into a cache outside the
 * repository (never a dependency of agentihooks). Versions are pinned so figures are comparable
 * between runs; override them with AGENTIHOOKS_BENCH_RULER / AGENTIHOOKS_BENCH_RULESYNC.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

/**
 * ruler 0.3.44 declares Node ^20.19. rulesync 17.0.0 declares Node >= 22 but runs on Node 20 and
 * writes every output the benchmark checks for (the runner verifies the output counts each run);
 * the newest release that declares Node 20 (3.15.0) is a year older and not what users run today.
 */
export const pinnedPeers = { ruler: "0.3.44", rulesync: "17.0.0" } as const;

/** One installed peer: its version and the JavaScript file its `bin` points at. */
export interface InstalledPeer {
  name: string;
  version: string;
  /** Run as `node <script>`, the same way agentihooks is run, so no shell or shim is timed. */
  script: string;
}

/** The cache root: `$AGENTIHOOKS_BENCH_CACHE`, else `~/.cache/agentihooks-bench`. */
export function benchCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.AGENTIHOOKS_BENCH_CACHE && env.AGENTIHOOKS_BENCH_CACHE.length > 0
    ? path.resolve(env.AGENTIHOOKS_BENCH_CACHE)
    : path.join(homedir(), ".cache", "agentihooks-bench");
}

function binScript(prefix: string, pkg: string, bin: string): { version: string; script: string } | null {
  const manifestPath = path.join(prefix, "node_modules", pkg, "package.json");
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { version: string; bin?: string | Record<string, string> };
  const relative = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[bin];
  if (!relative) return null;
  return { version: manifest.version, script: path.join(prefix, "node_modules", pkg, relative) };
}

/**
 * Installs (once per version pair) and locates ruler and rulesync. Returns null with a reason when
 * npm cannot install them (offline machine): the benchmark then runs without the peer columns.
 */
export function installPeers(
  log: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): { ruler: InstalledPeer; rulesync: InstalledPeer } | { error: string } {
  const rulerVersion = env.AGENTIHOOKS_BENCH_RULER || pinnedPeers.ruler;
  const rulesyncVersion = env.AGENTIHOOKS_BENCH_RULESYNC || pinnedPeers.rulesync;
  const prefix = path.join(benchCacheDir(env), `peers-ruler-${rulerVersion}-rulesync-${rulesyncVersion}`);
  const locate = () => {
    const ruler = binScript(prefix, "@intellectronica/ruler", "ruler");
    const rulesync = binScript(prefix, "rulesync", "rulesync");
    if (!ruler || !rulesync || ruler.version !== rulerVersion || rulesync.version !== rulesyncVersion) return null;
    return { ruler: { name: "ruler", ...ruler }, rulesync: { name: "rulesync", ...rulesync } };
  };
  const found = locate();
  if (found) return found;
  mkdirSync(prefix, { recursive: true });
  log(`installing peers into ${prefix} (ruler ${rulerVersion}, rulesync ${rulesyncVersion})`);
  try {
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        prefix,
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--no-package-lock",
        "--loglevel=error",
        `@intellectronica/ruler@${rulerVersion}`,
        `rulesync@${rulesyncVersion}`,
      ],
      { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    return { error: `npm could not install the peers: ${stderr.trim().split("\n").slice(-3).join(" ")}` };
  }
  return locate() ?? { error: `npm ran but the peers were not found under ${prefix}` };
}

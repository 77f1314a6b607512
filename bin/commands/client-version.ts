/**
 * A client's installed version (`<binary> --version`), compared with the version its target was
 * verified with, for `status` and `doctor`: a newer client may read settings keys the pinned schema
 * does not know yet (docs/profiles.md, "A newer client").
 */
import { spawnSync } from "node:child_process";

/** The first `x.y.z` in the client's `--version` output, or null when it cannot be run or says none. */
export function clientVersion(binary: string): string | null {
  const result = spawnSync(binary, ["--version"], {
    encoding: "utf8",
    timeout: 15_000,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  if (result.error) return null;
  return /\b(\d+\.\d+\.\d+)\b/.exec(`${result.stdout}\n${result.stderr}`)?.[1] ?? null;
}

/** True when version `a` is newer than `b` (numeric x.y.z; a suffix is ignored). */
export function isNewer(a: string, b: string): boolean {
  const pa = a.split(/[.-]/).slice(0, 3).map(Number);
  const pb = b.split(/[.-]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

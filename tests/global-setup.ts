import { execFileSync } from "node:child_process";
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, statfsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The tmpfs the default run keeps its temp trees on when the machine has one. */
const RAM_DISK = "/dev/shm";
/** Less free space than this and the suites stay on the machine's temp directory (a container's /dev/shm is often 64 MiB). */
const MIN_FREE_BYTES = 2 * 1024 ** 3;

/**
 * A private directory on a tmpfs for every temp home, repository and out tree of this run, or
 * undefined to leave the temp directory as it is: when TMPDIR is already set (the caller chose),
 * under AGENTIHOOKS_FULL_SWEEP=1 (the sweep also covers a real disk), or when no writable tmpfs with
 * room exists. The suites create and remove thousands of small trees and the runtime syncs its
 * audit log; on this machine's ext4 that was two thirds of the adversarial corpus's 49 s (15 s on tmpfs).
 */
function ramScratch(): string | undefined {
  if (process.env.TMPDIR || process.env.AGENTIHOOKS_FULL_SWEEP === "1") return undefined;
  try {
    accessSync(RAM_DISK, constants.W_OK);
    const fs = statfsSync(RAM_DISK);
    // 0x01021994 is TMPFS_MAGIC (linux/magic.h): anything else may be a slow disk under that name.
    if (fs.type !== 0x01021994 || fs.bavail * fs.bsize < MIN_FREE_BYTES) return undefined;
    // Not named after the package: a home whose path holds "agentihooks" changes what the runtime's self-protection matches.
    const dir = mkdtempSync(path.join(RAM_DISK, "ah-tests-"));
    // Open like /tmp: suites that run a command as an unprivileged user (machine scope) need to reach their trees.
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Builds dist/ once before the suites, so CLI and runtime tests run the bundled program users get,
 * and points the suites' temp directory at a tmpfs when there is one (the workers inherit TMPDIR).
 */
export default function setup(): () => void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  const scratch = ramScratch();
  if (scratch) process.env.TMPDIR = scratch;
  return () => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
}

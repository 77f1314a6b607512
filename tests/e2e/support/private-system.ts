/**
 * A private copy of the machine's system folders for a test: each command runs in a new mount
 * namespace (`unshare -m --propagation private`) with an overlay mounted on `/etc` and
 * `/usr/local/lib`. Inside, a command sees the machine's files plus whatever earlier commands of the
 * same test wrote (the overlay's upper folders persist between commands); outside, nothing changes:
 * the machine's real `/etc` is never written. Needs root (the suite runs as root) and overlayfs.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The system folders made private (the machine scope writes into both). */
export const PRIVATE_DIRS = ["/etc", "/usr/local/lib"] as const;

/** One private system: where its changes live, and how to run a command inside it. */
export interface PrivateSystem {
  /** The folder holding each overlay's upper and work folders. */
  root: string;
  /** Where a file written inside at `systemPath` (under a private folder) lands on the host. */
  upperPath(systemPath: string): string;
  /** The argv prefix that runs a command inside: `[...prefix, file, ...args]`. */
  prefix: readonly string[];
}

/**
 * The shell script run by `unshare`: mounts each overlay, then execs the command. `$0` is the
 * state folder; the overlays are named by their index in PRIVATE_DIRS.
 */
const MOUNT_SCRIPT = [
  ...PRIVATE_DIRS.map((dir, i) => `mount -t overlay overlay -o lowerdir=${dir},upperdir="$0/${i}/upper",workdir="$0/${i}/work" ${dir} || exit 97`),
  'exec "$@"',
].join("\n");

/** Creates a private system under the OS temp folder (or `parent`). */
export function createPrivateSystem(parent = tmpdir()): PrivateSystem {
  const root = mkdtempSync(path.join(parent, "agentihooks-private-system-"));
  PRIVATE_DIRS.forEach((_, i) => {
    mkdirSync(path.join(root, String(i), "upper"), { recursive: true });
    mkdirSync(path.join(root, String(i), "work"), { recursive: true });
  });
  return {
    root,
    upperPath(systemPath) {
      const i = PRIVATE_DIRS.findIndex((dir) => systemPath === dir || systemPath.startsWith(`${dir}/`));
      if (i < 0) throw new Error(`${systemPath} is not under a private folder (${PRIVATE_DIRS.join(", ")})`);
      return path.join(root, String(i), "upper", path.relative(PRIVATE_DIRS[i]!, systemPath));
    },
    prefix: ["unshare", "-m", "--propagation", "private", "--", "/bin/sh", "-c", MOUNT_SCRIPT, root],
  };
}

/** Why private systems cannot be made here (not root, no unshare, no overlayfs), or undefined when they can. */
export function privateSystemUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return "the suite does not run as root";
  const probe = createPrivateSystem();
  try {
    execFileSync(probe.prefix[0]!, [...probe.prefix.slice(1), "true"], { stdio: "pipe", timeout: 10_000 });
    return undefined;
  } catch (error) {
    return `unshare with an overlay on ${PRIVATE_DIRS.join(" and ")} failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`;
  }
}

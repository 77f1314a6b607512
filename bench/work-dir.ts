/**
 * Where the benchmark keeps its inputs, homes and output trees, and what filesystem that is.
 *
 * The default is RAM (/dev/shm): on the shared VMs these figures come from, creating a file on the
 * disk costs 0.1–0.7 ms and swings fivefold from minute to minute (1 280 files took 118 ms to 950 ms
 * within ten minutes), which would drown the compilers being compared. Every tool writes to the same
 * place, so the ratios stay fair; one extra row per scale still writes agentihooks' tree to the disk.
 */
import { accessSync, constants, readFileSync, realpathSync } from "node:fs";
import os from "node:os";

/** A directory for the work tree: `requested` when given, else RAM when the machine has it, else the temp dir. */
export function workRoot(requested: string | undefined): string {
  if (requested) return requested;
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return os.tmpdir();
  }
}

/** The type of the filesystem holding `dir` (`tmpfs`, `ext4`, ...), from /proc/mounts; "unknown" elsewhere. */
export function filesystemOf(dir: string): string {
  let mounts: string;
  let real: string;
  try {
    mounts = readFileSync("/proc/mounts", "utf8");
    real = realpathSync(dir);
  } catch {
    return "unknown";
  }
  let best = { point: "", type: "unknown" };
  for (const line of mounts.split("\n")) {
    const [, point, type] = line.split(" ");
    if (!point || !type) continue;
    const inside = real === point || real.startsWith(point.endsWith("/") ? point : `${point}/`);
    if (inside && point.length >= best.point.length) best = { point, type };
  }
  return best.type;
}

/** True for filesystems held in memory. */
export function inMemory(type: string): boolean {
  return type === "tmpfs" || type === "ramfs";
}

/**
 * Doctor's checks of the installed hook runtime, for a target whose tree installs it: the copy (its
 * loader and its core) exists at its versioned path, its bytes are the bundle's (sha256), and the target's wrapper gets
 * an answer from it. The canary is a pre-tool call whose payload is not JSON: only a runtime that
 * actually ran denies it with its own reason; a wrapper whose runtime did not answer denies with
 * the fail-closed reason instead, which is a failure here.
 */
import path from "node:path";
import type { DesiredTree } from "../desired-tree";
import { type Environment, installedRuntimeCorePath, runtimeDigest } from "../environment";
import type { FileSystem } from "../fs/file-system";
import { FAIL_CLOSED_REASON } from "../lower/hook-wrapper";
import { displayPath } from "../plan/plan-view";
import { type DoctorCheck, runProbe } from "./probe";

/** What the runtime says when a pre-tool payload cannot be read (runtime/run-hook.ts). */
const CANARY_ANSWER = "could not read this tool call's payload";

/** The runtime checks for `tree`; [] when the tree installs no runtime. */
export async function runtimeChecks(
  tree: DesiredTree,
  ctx: { fs: FileSystem; env: Pick<Environment, "home" | "runtime" | "runtimePath"> },
): Promise<DoctorCheck[]> {
  const { env } = ctx;
  if (!tree.entries.some((e) => e.kind === "file" && e.path === env.runtimePath)) return [];
  const shown = displayPath(env.runtimePath, env.home);
  const bytes = ctx.fs.read(env.runtimePath);
  const core = ctx.fs.read(installedRuntimeCorePath(env.runtimePath));
  if (bytes === undefined || core === undefined)
    return [
      {
        id: "runtime.installed",
        status: "fail",
        message: `the hook runtime is missing at ${shown}: every pre-tool call is denied until it is back — run: agentihooks apply --target ${tree.target}`,
      },
    ];
  const digest = runtimeDigest(bytes, core);
  if (digest !== env.runtime.digest)
    return [
      {
        id: "runtime.installed",
        status: "fail",
        message: `the hook runtime at ${shown} is not the bundle's (sha256 ${digest.slice(0, 16)}…, want ${env.runtime.digest.slice(0, 16)}…) — run: agentihooks apply --target ${tree.target}`,
      },
    ];
  const checks: DoctorCheck[] = [
    { id: "runtime.installed", status: "ok", message: `the hook runtime ${env.runtime.version} is installed at ${shown} (sha256 ${digest.slice(0, 16)}…)` },
  ];
  const wrapper = tree.entries.find((e) => e.kind === "file" && path.basename(e.path) === "agentihooks-hook.sh");
  if (!wrapper) return checks;
  const quoted = `'${wrapper.path.replace(/'/g, `'\\''`)}'`;
  const run = await runProbe("/bin/sh", ["-c", `${quoted} PreToolUse`], '{"agentihooks_doctor_canary": ');
  const answered = run.status === 2 && run.stderr.includes(CANARY_ANSWER) && !run.stderr.includes(FAIL_CLOSED_REASON);
  checks.push(
    answered
      ? {
          id: "runtime.canary",
          status: "ok",
          message: `${displayPath(wrapper.path, env.home)} answers a canary pre-tool call through the runtime (denied, as an unreadable payload must be)`,
        }
      : {
          id: "runtime.canary",
          status: "fail",
          message: `${displayPath(wrapper.path, env.home)} did not get the runtime's answer to a canary pre-tool call (exit ${run.status ?? run.signal}: ${(run.stderr || run.stdout).trim().split("\n").slice(-1)[0] ?? ""}) — run: agentihooks apply --target ${tree.target}`,
        },
  );
  return checks;
}

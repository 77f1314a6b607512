/**
 * Home and repo together (docs/scopes.md, "Home and repo together"): when a client registers our
 * hooks in the user's home and in the repository, both run on every event. The repository's scope
 * wins inside its repository, and the home hook hands over only to a repo hook that is proven to be
 * running and is at least as strict:
 *
 *  - the repo-scope runtime, on each event it handles, records a session claim under the user's
 *    agentihooks home, `<home>/sessions/<target>-<session>.repo-claim`: which repository's policy it
 *    ran with (with the sha256 of that policy file) and which events (and, for tool events, which
 *    tools) it has handled in this session;
 *  - the home-scope runtime, on each event, reads that one file. When the claim is for this client,
 *    session and event, fresh, for the repository the session works in, and the repository's policy
 *    file still has the recorded digest and switches on every switch the home policy has on (and
 *    protects every branch the home protects), and the repository's vendored runtime is the very
 *    build the home runs (its bytes after the generated-file note: an older or altered repo runtime
 *    may check less than the home's, whatever its policy says), the home hook answers "allow, no
 *    output" at once: no
 *    context, no audit record. Anything else (no claim, a stale, foreign, malformed or forged one, a
 *    weaker or changed repo policy) and it does its full work.
 *
 * A claim is written only by a running repo hook, so the first event of each kind in a session may
 * still run in both; a repo hook that is untrusted or switched off never claims, so the home keeps
 * checking. The claim folder lies in the agentihooks home, which self-protection covers (a
 * `.agentihooks` path component in every scope, and `AGENTIHOOKS_USER_HOME` in the repo runtime);
 * a claim forged past that still silences nothing unless the repo policy it names is as strict.
 * The home's cost when nothing is claimed is one failed stat.
 */
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { RUNTIME_CORE_FILE, RUNTIME_FILE } from "./installed-files";
import { BOOLEAN_SWITCHES, type GuardrailSwitches } from "./guardrails.generated";
import { fs, homeDirectory, sha256Hex } from "./node-builtins";
import { safeSessionId } from "./normalize";
import { type Policy, policyPath, type PolicyTarget, resolveGuardrails } from "./policy";
import { readRegularFile } from "./read-regular-file";

const { mkdirSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } = fs;

/**
 * The variable the repo-scope wrapper sets to the caller's `AGENTIHOOKS_HOME` before it points
 * `AGENTIHOOKS_HOME` at the repository (templates/hook-wrapper.sh.hbs): where the user's home-scope
 * runtime looks for claims. Empty or unset: `~/.agentihooks`.
 */
export const USER_HOME_VARIABLE = "AGENTIHOOKS_USER_HOME";

/** A claim older than this (10 minutes) proves nothing: the repo hook may have stopped running. */
export const CLAIM_TTL_MS = 10 * 60_000;
/** The repo runtime rewrites a claim that is older than this, or lacks the event it handles. */
export const CLAIM_REFRESH_MS = CLAIM_TTL_MS / 4;
/** Claim files untouched this long (1 day) are removed at session start. */
export const CLAIM_PRUNE_MS = 86_400_000;
/** At most this many claim files are kept; the oldest go first at session start. */
export const CLAIM_MAX_FILES = 256;
/** At most this many event keys per claim (a session uses a few dozen tools). */
export const CLAIM_MAX_KEYS = 256;

const CLAIM_SUFFIX = ".repo-claim";
const CLAIM_MAX_BYTES = 32 * 1024;
const POLICY_MAX_BYTES = 256 * 1024;
// A claim dated this far in the future is not one a clock on this machine wrote.
const CLOCK_SKEW_MS = 60_000;

/** What a repo-scope runtime records for one session. */
export interface SessionClaim {
  version: 1;
  target: string;
  session: string;
  /** The repo scope's agentihooks folder, `<repo>/.agentihooks` (absolute). */
  repo: string;
  /** sha256 (hex) of `<repo>/.agentihooks/policy.<target>.json` as the claiming runtime read it. */
  policyDigest: string;
  /** When the claim was last written (ms since the epoch). */
  at: number;
  /** The events handled in this session: `Event`, or `Event:Tool` for a tool event. */
  handled: string[];
}

/** What the hand-over needs from one invocation. */
export interface HandoverRequest {
  target: PolicyTarget;
  /** The policy this runtime read (its `scope` says which side of the hand-over it is). */
  policy: Pick<Policy, "scope" | "guardrails">;
  /** This runtime's agentihooks home (`AGENTIHOOKS_HOME`, else `~/.agentihooks`). */
  home: string;
  env: NodeJS.ProcessEnv;
  sessionId: unknown;
  /** The event key (`handledKey`). */
  key: string;
  /** The session's working directory. */
  cwd: string;
  now: Date;
  /** The file of the runtime build handling this invocation (the wrapper runs `node <file>`): compared with the repo's vendored copy. */
  runtimeFile?: string;
}

/** The claim's key for an event: the dispatch event, and the primary tool's name on a tool event. */
export function handledKey(event: string, toolName: string | undefined): string {
  return toolName ? `${event}:${toolName}` : event;
}

/** `<home>/sessions/<target>-<session>.repo-claim`. */
export function claimPath(home: string, target: string, sessionId: string): string {
  return join(home, "sessions", `${target}-${sessionId}${CLAIM_SUFFIX}`);
}

/** The user's agentihooks home as the repo-scope runtime sees it: `AGENTIHOOKS_USER_HOME`, else `~/.agentihooks`. */
export function userAgentihooksHome(env: NodeJS.ProcessEnv): string {
  const set = env[USER_HOME_VARIABLE]?.trim();
  return set && isAbsolute(set) ? set : join(homeDirectory(env), ".agentihooks");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A claim file's value, or undefined when it is not one (every field checked). */
export function parseClaim(text: string | undefined): SessionClaim | undefined {
  if (!text) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(raw) || raw.version !== 1) return undefined;
  const { target, session, repo, policyDigest, at, handled } = raw;
  if (typeof target !== "string" || typeof session !== "string" || typeof repo !== "string" || !isAbsolute(repo)) return undefined;
  if (typeof policyDigest !== "string" || !/^[0-9a-f]{64}$/.test(policyDigest) || typeof at !== "number" || !Number.isFinite(at)) return undefined;
  if (!Array.isArray(handled) || !handled.every((k) => typeof k === "string")) return undefined;
  return { version: 1, target, session, repo, policyDigest, at, handled: handled as string[] };
}

/**
 * True when `repo` switches on every boolean switch `home` has on and protects every branch `home`
 * protects: the repo hook then blocks at least what the home hook would, logs when it logs, and
 * gives the context it gives.
 */
export function atLeastAsStrict(repo: GuardrailSwitches, home: GuardrailSwitches): boolean {
  return weakerSwitches(repo, home).length === 0;
}

/** What `repo` leaves out of `home`: each switch home has on and repo off, and `protectedBranches: <branch>` for each branch only home protects. */
export function weakerSwitches(repo: GuardrailSwitches, home: GuardrailSwitches): string[] {
  const out: string[] = BOOLEAN_SWITCHES.filter((key) => home[key] && !repo[key]);
  for (const branch of home.protectedBranches) if (!repo.protectedBranches.includes(branch)) out.push(`protectedBranches: ${branch}`);
  return out;
}

const RUNTIME_MAX_BYTES = 16 * 1024 * 1024;

/**
 * True when the repository's vendored runtime (`repoFile`) is the build at `ownFile`: the same bytes,
 * loader and core (`runtime-core.js` beside each), once each one's first line, the generated-file
 * note (compiler/scopes/repo-files.ts), is set aside. Read
 * only once every cheaper condition of the hand-over holds.
 */
export function sameRuntimeBuild(ownFile: string | undefined, repoFile: string): boolean {
  if (ownFile === undefined) return false;
  const core = (file: string): string => join(dirname(file), RUNTIME_CORE_FILE);
  return sameVendored(ownFile, repoFile) && sameVendored(core(ownFile), core(repoFile));
}

/** True when `repoFile` is `ownFile` after a first line of `//` comment. */
function sameVendored(ownFile: string, repoFile: string): boolean {
  const own = readRegularFile(ownFile, RUNTIME_MAX_BYTES);
  const vendored = readRegularFile(repoFile, RUNTIME_MAX_BYTES);
  if (own === undefined || vendored === undefined || own.length === 0) return false;
  const body = vendored.startsWith("//") ? vendored.slice(vendored.indexOf("\n") + 1) : vendored;
  return body === own;
}

function inside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * True when the home-scope hook of this invocation hands over to the repo scope's (see the module
 * comment for each condition). Never throws; any doubt is `false` (the home hook does its work).
 */
export function handsOver(request: HandoverRequest): boolean {
  if (request.policy.scope !== "home" || !safeSessionId(request.sessionId)) return false;
  try {
    const claim = parseClaim(readRegularFile(claimPath(request.home, request.target, request.sessionId), CLAIM_MAX_BYTES));
    if (!claim || claim.target !== request.target || claim.session !== request.sessionId || !claim.handled.includes(request.key)) return false;
    const age = request.now.getTime() - claim.at;
    if (age > CLAIM_TTL_MS || age < -CLOCK_SKEW_MS) return false;
    // Only a repo scope's own folder, and only for a session working inside that repository.
    if (!claim.repo.endsWith("/.agentihooks") || !inside(resolve(request.cwd), dirname(claim.repo))) return false;
    const text = readRegularFile(policyPath(claim.repo, request.target), POLICY_MAX_BYTES);
    if (text === undefined || sha256Hex(text) !== claim.policyDigest) return false;
    const repoPolicy: unknown = JSON.parse(text);
    if (!isObject(repoPolicy) || repoPolicy.scope !== "repo" || repoPolicy.target !== request.target) return false;
    const guardrails = isObject(repoPolicy.guardrails) ? repoPolicy.guardrails : undefined;
    return atLeastAsStrict(resolveGuardrails(guardrails), request.policy.guardrails) && sameRuntimeBuild(request.runtimeFile, join(claim.repo, RUNTIME_FILE));
  } catch {
    return false;
  }
}

/**
 * The repo-scope runtime's side: records (or refreshes) this session's claim after it handled the
 * event. A claim that is fresh, for this repository and already lists the event is left as it is,
 * so most events cost one read. Written whole (temporary file, then rename); failures are ignored:
 * without a claim the home hook simply keeps checking. Removed at SessionEnd; at session start
 * claims past `CLAIM_PRUNE_MS` (and all but the newest `CLAIM_MAX_FILES`) are pruned.
 */
export function recordClaim(request: HandoverRequest & { event: string }): void {
  if (request.policy.scope !== "repo" || !safeSessionId(request.sessionId)) return;
  const userHome = userAgentihooksHome(request.env);
  const path = claimPath(userHome, request.target, request.sessionId);
  try {
    if (request.event === "SessionEnd") {
      unlinkSync(path);
      return;
    }
  } catch {
    return;
  }
  const repo = resolve(request.home);
  const now = request.now.getTime();
  const existing = parseClaim(readRegularFile(path, CLAIM_MAX_BYTES));
  const same = existing !== undefined && existing.repo === repo && existing.target === request.target && existing.session === request.sessionId;
  if (same && now - existing.at < CLAIM_REFRESH_MS && now >= existing.at && existing.handled.includes(request.key)) return;
  const text = readRegularFile(policyPath(repo, request.target), POLICY_MAX_BYTES);
  if (text === undefined) return;
  const kept = same && now - existing.at < CLAIM_TTL_MS ? existing.handled.filter((k) => k !== request.key) : [];
  const claim: SessionClaim = {
    version: 1,
    target: request.target,
    session: request.sessionId,
    repo,
    policyDigest: sha256Hex(text),
    at: now,
    handled: [...kept.slice(-(CLAIM_MAX_KEYS - 1)), request.key],
  };
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, `${JSON.stringify(claim)}\n`, { mode: 0o600 });
    renameSync(temporary, path);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // Never created.
    }
  }
  if (request.event === "SessionStart") pruneClaims(userHome, request.now);
}

/** Removes claim files (and leftover temporaries) older than `CLAIM_PRUNE_MS`, then all but the newest `CLAIM_MAX_FILES`. */
export function pruneClaims(home: string, now: Date): void {
  const dir = join(home, "sessions");
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const kept: Array<{ path: string; mtime: number }> = [];
  for (const name of names) {
    if (!name.endsWith(CLAIM_SUFFIX) && !/\.repo-claim\.[0-9]+\.tmp$/.test(name)) continue;
    const path = join(dir, name);
    try {
      const mtime = statSync(path).mtimeMs;
      if (now.getTime() - mtime > CLAIM_PRUNE_MS) unlinkSync(path);
      else kept.push({ path, mtime });
    } catch {
      // Removed by another session's prune.
    }
  }
  kept.sort((a, b) => b.mtime - a.mtime);
  for (const { path } of kept.slice(CLAIM_MAX_FILES)) {
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
  }
}

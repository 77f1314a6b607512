/**
 * Reading the evidence a live turn leaves: what the model server recorded and what agentihooks'
 * runtime printed. Shared by the three client suites.
 */
import type { RecordedRequest } from "../model-server";
import { eventOfRun, type RuntimeRun } from "./sandbox";

/** The recorded requests whose raw body contains `text` (their sequence numbers). */
export function requestsContaining(requests: readonly RecordedRequest[], text: string): number[] {
  return requests.filter((r) => r.raw.includes(text)).map((r) => r.seq);
}

/** The additionalContext strings the runtime printed on the given events (any envelope shape). */
export function contextPrinted(runs: readonly RuntimeRun[], events: readonly string[]): string[] {
  const out: string[] = [];
  for (const run of runs) {
    const event = eventOfRun(run);
    if (event === undefined || !events.includes(event)) continue;
    const json = lastJsonObject(run.stdout);
    const nested = (json?.hookSpecificOutput as { additionalContext?: unknown } | undefined)?.additionalContext;
    const context = typeof json?.additionalContext === "string" ? json.additionalContext : typeof nested === "string" ? nested : undefined;
    if (context !== undefined) out.push(context);
    else if (json === undefined && run.stdout.trim() !== "") out.push(run.stdout.trim());
  }
  return out;
}

/** The JSON object a hook printed (the last `{…}` block of its stdout), if any. */
export function lastJsonObject(stdout: string): Record<string, unknown> | undefined {
  const start = stdout.indexOf("{");
  if (start < 0) return undefined;
  try {
    const value: unknown = JSON.parse(stdout.slice(start));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The runtime runs per event name (as the runtime saw it); only runs whose runtime file exists count. */
export function runsByEvent(runs: readonly RuntimeRun[]): Map<string, RuntimeRun[]> {
  const map = new Map<string, RuntimeRun[]>();
  for (const run of runs) {
    if (!run.scriptExists) continue;
    const event = eventOfRun(run) ?? "(unknown)";
    map.set(event, [...(map.get(event) ?? []), run]);
  }
  return map;
}

/** A compact account of runtime runs for a failure message. */
export function describeRuntimeRuns(runs: readonly RuntimeRun[]): string {
  if (runs.length === 0) return "(the runtime never ran)";
  return runs
    .map(
      (r) =>
        `${eventOfRun(r) ?? "?"}${r.scriptExists ? "" : ` (MISSING RUNTIME ${r.script})`} exit=${r.exitCode} ${r.ms}ms stdout=${JSON.stringify(r.stdout.slice(0, 300))} stderr=${JSON.stringify(r.stderr.slice(0, 300))}`,
    )
    .join("\n");
}

/** Tool results the model server saw, across all requests, newest last. */
export function toolResultsSeen(requests: readonly RecordedRequest[]): string[] {
  const last = requests.at(-1);
  return last?.view?.toolResults.map((t) => t.output) ?? [];
}

/**
 * The PreToolUse runs in which our runtime itself decided to deny: it loaded, and it exited 2 or
 * printed a deny in any client's envelope. A hook that crashed (exit 1, which Copilot also treats
 * as a deny) does not count: that is a broken guard that happens to fail closed.
 */
export function runtimeDenials(runs: readonly RuntimeRun[]): RuntimeRun[] {
  return runs.filter((run) => {
    if (!run.scriptExists || !/^(PreToolUse|preToolUse)$/.test(eventOfRun(run) ?? "")) return false;
    if (run.exitCode === 2) return true;
    const json = lastJsonObject(run.stdout);
    const nested = json?.hookSpecificOutput as { permissionDecision?: unknown } | undefined;
    return json?.permissionDecision === "deny" || json?.decision === "block" || nested?.permissionDecision === "deny";
  });
}

/**
 * Session-start context for a client that cannot take it at SessionStart (Gemini CLI 0.61.0 prepends
 * SessionStart context to the first prompt, so a headless `gemini -p "/command"` no longer starts
 * with `/` and is sent to the model as text): the context moves to the client's first prompt event of
 * the session instead. Which prompt event is the first is remembered by an empty marker file per
 * session, created exclusively and removed at SessionEnd.
 */
import { join } from "node:path";
import { fs } from "./node-builtins";
import { safeSessionId } from "./normalize";

const { mkdirSync, openSync, closeSync, unlinkSync } = fs;

function markerPath(home: string, target: string, sessionId: string): string {
  return join(home, "sessions", `${target}-${sessionId}`);
}

/**
 * True the first time it is asked for this session (the marker did not exist and was created). An id
 * that cannot name a file, or a marker that cannot be written, also answers true: repeating the
 * context is better than losing it.
 */
export function firstInSession(home: string, target: string, sessionId: unknown): boolean {
  if (!safeSessionId(sessionId)) return true;
  const path = markerPath(home, target, sessionId);
  try {
    mkdirSync(join(home, "sessions"), { recursive: true });
    closeSync(openSync(path, "wx"));
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "EEXIST";
  }
}

/** Forgets the session (SessionEnd): its marker is removed; nothing happens when there is none. */
export function endSession(home: string, target: string, sessionId: unknown): void {
  if (!safeSessionId(sessionId)) return;
  try {
    unlinkSync(markerPath(home, target, sessionId));
  } catch {
    // No marker: the session never reached a prompt event.
  }
}

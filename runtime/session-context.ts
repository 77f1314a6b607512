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
import { readRegularFile } from "./read-regular-file";

const { mkdirSync, openSync, closeSync, readdirSync, renameSync, unlinkSync, writeFileSync } = fs;

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

/**
 * Forgets the session (SessionEnd): its marker, its shells' unfinished lines and a per-session list
 * of written files an earlier version kept are removed (the home's list, `agentWrites`, stays);
 * nothing happens when there are none.
 */
export function endSession(home: string, target: string, sessionId: unknown): void {
  if (!safeSessionId(sessionId)) return;
  const prefix = `${target}-${sessionId}`;
  let names: string[] = [];
  try {
    names = readdirSync(join(home, "sessions")).filter((name) => name === prefix || name.startsWith(`${prefix}.shell-`) || name === `${prefix}.written`);
  } catch {
    // No folder: the session never reached a prompt event or a shell.
  }
  for (const name of names) {
    try {
      unlinkSync(join(home, "sessions", name));
    } catch {
      // Gone already.
    }
  }
}

/** The most of an unfinished line kept (its end): longer input still reaches the guards whole, in the call that sends it. */
const MAX_PENDING = 64 * 1024;

/**
 * What was typed into the session's shell `shellId` (Copilot's `write_bash`) after its last Enter,
 * and a way to record what the next call leaves unfinished: keystrokes split over two calls
 * (`cat .e`, then `nv{enter}`) make one command line, and the second call is checked as that line.
 * An id that cannot name a file, or state that cannot be read or written, is no state.
 */
export function pendingShellInput(home: string, target: string, sessionId: unknown, shellId: unknown): { text: string; save: (text: string) => void } {
  if (!safeSessionId(sessionId) || !safeSessionId(shellId)) return { text: "", save: () => undefined };
  const dir = join(home, "sessions");
  const path = join(dir, `${target}-${sessionId}.shell-${shellId}`);
  const text = readRegularFile(path, MAX_PENDING) ?? "";
  return {
    text,
    save: (next) => {
      try {
        if (next === "") {
          if (text !== "") unlinkSync(path);
          return;
        }
        mkdirSync(dir, { recursive: true });
        // Through a new file and a rename: a link planted at `path` is replaced, never written through.
        const temp = `${path}.tmp-${process.pid}`;
        writeFileSync(temp, next.slice(-MAX_PENDING), { mode: 0o600, flag: "wx" });
        renameSync(temp, path);
      } catch {
        // Not recorded: the next call is checked on its own.
      }
    },
  };
}

/** The most of the list of files the agent wrote that is kept (its newest entries). */
const MAX_WRITTEN = 64 * 1024;

/**
 * The files the agent wrote, in any session of any client of this agentihooks home (docs/guardrails.md,
 * "How a command line is read"): a script it wrote in one call and runs in a later one, in the same
 * session or a later one, is read as the line that runs it, as one written earlier in the same line
 * is. `has` loads the list on first use (most calls never ask); `add` records more, before the call
 * is decided, so a denied write is remembered too. The list keeps its newest 64 KiB of paths; a list
 * that cannot be read or written is an empty one (two sessions adding at once may lose a path).
 */
export function agentWrites(home: string): { has: (path: string) => boolean; add: (paths: readonly string[]) => void } {
  const dir = join(home, "sessions");
  const path = join(dir, "written");
  let known: Set<string> | undefined;
  const load = (): Set<string> => (known ??= new Set((readRegularFile(path, MAX_WRITTEN) ?? "").split("\n").filter((line) => line !== "")));
  return {
    has: (file) => load().has(file),
    add: (paths) => {
      const all = load();
      const fresh = paths.filter((p) => p.startsWith("/") && !p.includes("\n") && !all.has(p));
      if (fresh.length === 0) return;
      for (const p of fresh) all.add(p);
      let text = `${[...all].join("\n")}\n`;
      if (text.length > MAX_WRITTEN) text = text.slice(text.indexOf("\n", text.length - MAX_WRITTEN) + 1);
      try {
        mkdirSync(dir, { recursive: true });
        // Through a new file and a rename: a link planted at `path` is replaced, never written through.
        const temp = `${path}.tmp-${process.pid}`;
        writeFileSync(temp, text, { mode: 0o600, flag: "wx" });
        renameSync(temp, path);
      } catch {
        // Not recorded: a later run of the file is judged without its content.
      }
    },
  };
}

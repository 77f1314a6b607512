/**
 * A script the agent writes in one call and runs in a later one (docs/guardrails.md, "How a
 * command line is read"): the run is judged with the script's text, as if the line held it, within
 * the session that wrote it. A project's own scripts, and other sessions, are judged by the line alone.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runHook } from "../../runtime/run-hook";
import { tempDir } from "./helpers";

function sandbox() {
  const home = tempDir("written-earlier-");
  const repo = join(home, "repo");
  mkdirSync(repo);
  writeFileSync(join(repo, ".env"), "API_KEY=x\n");
  const env = { HOME: home, AGENTIHOOKS_TARGET: "claude", AGENTIHOOKS_HOME: join(home, ".agentihooks"), PATH: process.env.PATH };
  /** One PreToolUse call of `session`; true when it is denied. */
  const denied = (session: string, tool: string, input: Record<string, unknown>, event = "PreToolUse"): boolean => {
    const stdin = JSON.stringify({ session_id: session, hook_event_name: event, cwd: repo, tool_name: tool, tool_input: input });
    return runHook({ stdin, argv: [], env, cwd: repo }).exitCode === 2;
  };
  /** The agent's Write of `name`, then the file as the client writes it. */
  const write = (session: string, name: string, content: string): boolean => {
    const verdict = denied(session, "Write", { file_path: name, content });
    writeFileSync(join(repo, name), content);
    return verdict;
  };
  return { home, repo, denied, write };
}

describe("a script the agent wrote earlier in the session", () => {
  it("is read when a later call runs it, by a shell, source, its path or an interpreter", () => {
    const s = sandbox();
    expect(s.write("s1", "run.sh", "#!/bin/sh\ncat .env\n")).toBe(false);
    for (const command of ["bash run.sh", "sh ./run.sh", ". ./run.sh", "chmod +x run.sh && ./run.sh", "cd . && source run.sh"])
      expect({ command, denied: s.denied("s1", "Bash", { command }) }).toEqual({ command, denied: true });
    expect(s.write("s1", "show.py", "print(open('.env').read())\n")).toBe(false);
    expect(s.denied("s1", "Bash", { command: "python3 show.py" })).toBe(true);
  });

  it("is recorded from a shell line's writes too, and from a call that was denied", () => {
    const s = sandbox();
    expect(s.denied("s1", "Bash", { command: "printf 'cat .e''nv\\n' > r.sh" })).toBe(false);
    writeFileSync(join(s.repo, "r.sh"), "cat .env\n");
    expect(s.denied("s1", "Bash", { command: "sh r.sh" })).toBe(true);
  });

  it("passes when what it runs is harmless, and for another session or a project's own script", () => {
    const s = sandbox();
    expect(s.write("s1", "ok.sh", "echo hello\n")).toBe(false);
    expect(s.denied("s1", "Bash", { command: "bash ok.sh" })).toBe(false);
    s.write("s1", "run.sh", "cat .env\n");
    expect(s.denied("s2", "Bash", { command: "bash run.sh" })).toBe(false);
    writeFileSync(join(s.repo, "dev.sh"), "#!/bin/sh\n. ./.env\nexec node server.js\n");
    expect(s.denied("s1", "Bash", { command: "./dev.sh" })).toBe(false);
  });

  it("is too large to read past 1 MiB, and then denied as text the line does not show", () => {
    const s = sandbox();
    s.write("s1", "big.sh", `${"echo x\n".repeat(160_000)}cat .env\n`);
    expect(s.denied("s1", "Bash", { command: "bash big.sh" })).toBe(true);
  });

  it("is forgotten at the session's end", () => {
    const s = sandbox();
    s.write("s1", "run.sh", "cat .env\n");
    const list = join(s.home, ".agentihooks", "sessions", "claude-s1.written");
    expect(existsSync(list)).toBe(true);
    s.denied("s1", "", {}, "SessionEnd");
    expect(existsSync(list)).toBe(false);
    expect(s.denied("s1", "Bash", { command: "bash run.sh" })).toBe(false);
  });
});

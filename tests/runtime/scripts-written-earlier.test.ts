/**
 * A script the agent writes in one call and runs in a later one (docs/guardrails.md, "How a
 * command line is read"): the run is judged with the script's text, as if the line held it, in the
 * session that wrote it and in later ones. A project's own scripts are judged by the line alone.
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

  it("is recorded from what an interpreter's program text writes", () => {
    const s = sandbox();
    for (const [i, command] of [
      `python3 -c "open('w0.sh', 'w').write('echo hi')"`,
      `node -e "const f = 'w1.sh'; require('fs').writeFileSync(f, process.argv[1])" x`,
      `ruby -e "File.write('w2.sh', ARGV[0])" x`,
      `python3 -c "from pathlib import Path; Path('w3.sh').write_text('x')"`,
      `perl -e 'open(my $f, ">", "w4.sh"); print $f "x"'`,
    ].entries()) {
      expect(s.denied("s1", "Bash", { command })).toBe(false);
      writeFileSync(join(s.repo, `w${i}.sh`), "cat .env\n");
      expect({ command, denied: s.denied("s1", "Bash", { command: `sh w${i}.sh` }) }).toEqual({ command, denied: true });
    }
  });

  it("passes when what it runs is harmless, and for a project's own script", () => {
    const s = sandbox();
    expect(s.write("s1", "ok.sh", "echo hello\n")).toBe(false);
    expect(s.denied("s1", "Bash", { command: "bash ok.sh" })).toBe(false);
    writeFileSync(join(s.repo, "dev.sh"), "#!/bin/sh\n. ./.env\nexec node server.js\n");
    expect(s.denied("s1", "Bash", { command: "./dev.sh" })).toBe(false);
  });

  it("is too large to read past 1 MiB, and then denied as text the line does not show", () => {
    const s = sandbox();
    s.write("s1", "big.sh", `${"echo x\n".repeat(160_000)}cat .env\n`);
    expect(s.denied("s1", "Bash", { command: "bash big.sh" })).toBe(true);
  });

  it("is remembered after the session ends, for later sessions of any client", () => {
    const s = sandbox();
    s.write("s1", "run.sh", "cat .env\n");
    s.denied("s1", "", {}, "SessionEnd");
    expect(existsSync(join(s.home, ".agentihooks", "sessions", "written"))).toBe(true);
    expect(s.denied("s2", "Bash", { command: "bash run.sh" })).toBe(true);
    expect(s.denied("", "Bash", { command: "bash run.sh" })).toBe(true);
  });

  it("keeps the newest 64 KiB of paths", () => {
    const s = sandbox();
    s.write("s1", "first.sh", "cat .env\n");
    const names = Array.from({ length: 700 }, (_, i) => `${"n".repeat(90)}${i}.txt`);
    for (let i = 0; i < names.length; i += 100)
      s.denied("s1", "Bash", {
        command: names
          .slice(i, i + 100)
          .map((n) => `echo x > ${n}`)
          .join("; "),
      });
    s.write("s1", "last.sh", "cat .env\n");
    expect(s.denied("s2", "Bash", { command: "bash last.sh" })).toBe(true);
    expect(s.denied("s2", "Bash", { command: "bash first.sh" })).toBe(false);
  });
});

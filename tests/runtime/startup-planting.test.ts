/**
 * Aliases and functions planted in a shell startup file (runtime/guardrails/startup-planting.ts):
 * judged as the script they define, within bounds that keep a 10 MiB write under a second.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { definedScript, TOO_MANY_DEFINITIONS } from "../../runtime/guardrails/startup-planting";
import { runHook } from "../../runtime/run-hook";
import { tempDir } from "./helpers";

function decide(input: Record<string, unknown>): { status: number; stderr: string; ms: number } {
  const home = tempDir("planting-");
  const repo = join(home, "repo");
  mkdirSync(repo);
  const env = { HOME: home, AGENTIHOOKS_TARGET: "claude", AGENTIHOOKS_HOME: join(home, ".agentihooks"), PATH: process.env.PATH };
  const stdin = JSON.stringify({ session_id: "p", hook_event_name: "PreToolUse", cwd: repo, ...input });
  const before = process.cpuUsage();
  const reply = runHook({ stdin, argv: [], env, cwd: repo });
  const used = process.cpuUsage(before);
  return { status: reply.exitCode, stderr: reply.stderr, ms: (used.user + used.system) / 1000 };
}

describe("aliases and functions planted in a startup file", () => {
  it("are read as the script they define, each called once", () => {
    expect(definedScript("export X=1\nalias ls='cat .env'\nmk() { mkdir -p \"$1\"; }\n")).toBe("alias ls='cat .env'\nmk() { mkdir -p \"$1\"; }\nls\nmk\n");
    expect(definedScript('eval "$(pyenv init -)"\nexport PATH=$PATH:~/bin\n')).toBeUndefined();
  });

  it("deny what a later shell would run as a denied command, and pass an everyday alias", () => {
    const planted = decide({ tool_name: "Bash", tool_input: { command: `echo "alias ls='rm -rf ~'" >> ~/.bashrc` } });
    expect(planted.status).toBe(2);
    expect(planted.stderr).toMatch(/alias or function in .*\.bashrc that a later shell would run/);
    expect(decide({ tool_name: "Bash", tool_input: { command: `echo 'alias ll="ls -la"' >> ~/.bashrc` } }).status).toBe(0);
  });

  it("are bounded: 10 MiB of definitions is denied as too many to check, in well under a second", () => {
    const mib = 10 * 1024 * 1024;
    for (const content of ["alias a=b\n".repeat(mib / 10), "f() { :; }\n".repeat(mib / 11), "f() {\n".repeat(mib / 6)]) {
      expect(definedScript(content)).toBe(TOO_MANY_DEFINITIONS);
      const r = decide({ tool_name: "Write", tool_input: { file_path: "~/.bashrc", content } });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain("more aliases and functions");
      expect(r.ms).toBeLessThan(1000);
    }
  });
});

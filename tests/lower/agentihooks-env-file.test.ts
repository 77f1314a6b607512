// `~/.agentihooks/.env` (compiler/lower/agentihooks-env.ts): seeded with a managed block of commented
// defaults, the operator's lines kept byte for byte, an assignment activated inside the block moved
// under "# User overrides", idempotent, mode 0600, exported by agentienv; uninstall removes the block only.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_BLOCK_BEGIN, ENV_BLOCK_END, envDefaults } from "../../compiler/lower/agentihooks-env";
import { runCommand, type CommandName } from "../fixtures/run-command";

function sandbox() {
  const root = mkdtempSync(path.join(tmpdir(), "ah-dotenv-"));
  const home = path.join(root, "home");
  const project = path.join(root, "project");
  mkdirSync(home);
  mkdirSync(project);
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, NO_COLOR: "1" };
  // In process: this suite is about the file, not the CLI (tests/cli/ runs the built CLI).
  const run = async (name: CommandName, ...args: string[]) => (await runCommand(name, args, { cwd: project, env })).code;
  return { home, run, dotenv: path.join(home, ".agentihooks", ".env") };
}

const BLOCK = `${ENV_BLOCK_BEGIN}\n${envDefaults()}${ENV_BLOCK_END}\n`;

describe("the agentihooks .env", () => {
  it("keeps the operator's lines, adds the managed block, is idempotent, moves activated values, and is exported by agentienv", async () => {
    const s = sandbox();
    const operator = '# my settings\nFOO="bar baz"\nexport DEPLOY_ENV=staging\n';
    mkdirSync(path.dirname(s.dotenv), { recursive: true });
    writeFileSync(s.dotenv, operator);
    chmodSync(s.dotenv, 0o644);
    expect(await s.run("apply", "--yes", "--target", "copilot")).toBe(0);
    const first = readFileSync(s.dotenv, "utf8");
    expect(first).toBe(`${operator}\n${BLOCK}`);
    expect(statSync(s.dotenv).mode & 0o777).toBe(0o600);
    expect(await s.run("apply", "--yes", "--target", "claude")).toBe(0);
    expect(readFileSync(s.dotenv, "utf8")).toBe(first);
    expect(await s.run("plan", "--target", "copilot")).toBe(0);

    // The operator activates a default inside the block: kept, moved below, and the block restored.
    writeFileSync(s.dotenv, first.replace("# AGENTIHOOKS_DEADLINE_SECONDS=20", "AGENTIHOOKS_DEADLINE_SECONDS=9"));
    expect(await s.run("apply", "--yes", "--target", "copilot")).toBe(0);
    const moved = readFileSync(s.dotenv, "utf8");
    expect(moved).toBe(`${operator}\n# User overrides\nAGENTIHOOKS_DEADLINE_SECONDS=9\n\n${BLOCK}`);
    expect(await s.run("apply", "--yes", "--target", "copilot")).toBe(0);
    expect(readFileSync(s.dotenv, "utf8")).toBe(moved);

    // agentienv (the ~/.bashrc block) exports .env, then the generated copilot.env.
    const shell = spawnSync("bash", ["-c", '. "$HOME/.bashrc"; printf "%s|%s|%s" "$FOO" "$AGENTIHOOKS_DEADLINE_SECONDS" "$AGENTIHOOKS_BASE_CHANNELS"'], {
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home },
      encoding: "utf8",
    });
    expect(shell.stdout).toBe("bar baz|9|brain,amygdala");

    // Uninstalling one client keeps the block another still owns; uninstalling both keeps only the operator's lines.
    expect(await s.run("uninstall", "--yes", "--target", "copilot")).toBe(0);
    expect(readFileSync(s.dotenv, "utf8")).toBe(moved);
    expect(await s.run("uninstall", "--yes", "--target", "claude")).toBe(0);
    expect(readFileSync(s.dotenv, "utf8")).toBe(`${operator}\n# User overrides\nAGENTIHOOKS_DEADLINE_SECONDS=9\n`);
  });

  it("is created 0600 with only the block when there was none", async () => {
    const s = sandbox();
    expect(await s.run("apply", "--yes", "--target", "codex")).toBe(0);
    expect(readFileSync(s.dotenv, "utf8")).toBe(BLOCK);
    expect(statSync(s.dotenv).mode & 0o777).toBe(0o600);
  });
});

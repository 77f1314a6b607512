import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderProfileList } from "../../bin/commands/profiles";

const cli = fileURLToPath(new URL("../../bin/agentihooks.js", import.meta.url));
const golden = (name: string) => fileURLToPath(new URL(`../../golden/${name}/input`, import.meta.url));

/** Runs the built CLI in `cwd`; returns exit status, stdout and stderr. */
function run(args: string[], cwd: string): { status: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", stdio: "pipe" });
    return { status: 0, stdout, stderr: "" };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("agentihooks inspect", () => {
  it("shows the resolved chain with provenance and exits 0", () => {
    const { status, stdout } = run(["inspect"], golden("chain-extends"));
    expect(status).toBe(0);
    expect(stdout).toContain("  1. base (bundle: bundle:profiles/base, extended by coding)\n");
    expect(stdout).toContain('/model = "claude-sonnet-4.5"  <- profile coding  bundle:profiles/coding/.copilot/settings.overrides.json:3:12\n');
  });

  it("limits the per-target sections with --target", () => {
    const { stdout } = run(["inspect", "--target", "codex"], golden("chain-extends"));
    expect(stdout).toContain("== codex (OpenAI Codex CLI) ==");
    expect(stdout).not.toContain("== copilot");
    expect(stdout).not.toContain("== claude");
  });

  it("prints the same view as JSON with --json", () => {
    const { status, stdout } = run(["inspect", "--json", "--target", "claude"], golden("bundle-linked-settings"));
    expect(status).toBe(0);
    const data = JSON.parse(stdout).result as { chain: { persona: string; settingsProfile: { name: string } }; perTarget: Array<{ target: string }> };
    expect(data.chain.persona).toBe("anton");
    expect(data.chain.settingsProfile.name).toBe("admin");
    expect(data.perTarget.map((t) => t.target)).toEqual(["claude"]);
  });

  it("resolves --profile instead of the config's chain", () => {
    const { stdout } = run(["inspect", "--profile", "reviewer"], golden("chain-extends"));
    expect(stdout).toContain("chain: reviewer\n  1. base (bundle: bundle:profiles/base, extended by reviewer)\n  2. reviewer");
  });

  it("exits 1 with sorted file:line:col diagnostics and no stack trace on bad input", () => {
    const { status, stdout, stderr } = run(["inspect"], golden("bad-extends-cycle"));
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "bundle:profiles/c/profile.yml:2:11: error AH3003: Profile inheritance cycle: a -> b -> c -> a. Remove one of these `extends` entries so inheritance ends. (at /extends/0)\n",
    );
  });

  it("rejects an unknown option or target with exit 1", () => {
    expect(run(["inspect", "--bogus"], golden("default-profile")).status).toBe(1);
    expect(run(["inspect", "--target", "vscode"], golden("default-profile")).stderr).toContain("error AH5104: Unknown target 'vscode'");
  });
});

describe("agentihooks profiles", () => {
  it("lists built-in, bundle and linked profiles with their source", () => {
    const { status, stdout } = run(["profiles"], golden("bundle-linked-settings"));
    expect(status).toBe(0);
    expect(stdout).toBe("Available profiles:\n\n  admin (bundle)\n  anton (bundle)\n  brain (linked)\n  default (built-in)\n");
  });

  it("marks profiles without a persona, and says when there are none", () => {
    expect(renderProfileList([{ name: "x", source: "bundle", hasPersona: false }])).toBe("Available profiles:\n\n  x (bundle)  [no CLAUDE.md]\n");
    expect(renderProfileList([])).toBe("No profiles found.\n");
  });
});

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const cli = new URL("../bin/agentihooks.js", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

describe("agentihooks CLI", () => {
  it("prints its version", () => {
    expect(execFileSync(process.execPath, [cli, "--version"], { encoding: "utf8" })).toBe(`${pkg.version}\n`);
  });

  it("lists every command in --help", () => {
    const out = execFileSync(process.execPath, [cli, "--help"], { encoding: "utf8" });
    for (const command of ["build", "inspect", "plan", "apply", "uninstall", "doctor", "profiles"]) {
      expect(out).toMatch(new RegExp(`^  ${command} `, "m"));
    }
  });

  it("rejects an unknown command with exit 1", () => {
    let status = 0;
    try {
      execFileSync(process.execPath, [cli, "bogus"], { encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(1);
  });
});

import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const cli = new URL("../bin/agentihooks.js", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

describe("agentihooks CLI", () => {
  it("prints its version", () => {
    expect(execFileSync(process.execPath, [cli, "--version"], { encoding: "utf8" })).toBe(`${pkg.version}\n`);
    expect(execFileSync(process.execPath, [cli, "-v"], { encoding: "utf8" })).toBe(`${pkg.version}\n`);
  });

  it("answers --version from package.json without the bundle, and says so when another command needs it", () => {
    // A package with bin/ and package.json but no dist/: the version still prints (bin/agentihooks.js
    // answers it alone, so it loads none of the bundle), and a command names the missing build step.
    const root = mkdtempSync(path.join(tmpdir(), "ah-cli-"));
    try {
      mkdirSync(path.join(root, "bin"));
      for (const file of ["bin/agentihooks.js", "bin/package.json", "package.json"]) copyFileSync(new URL(`../${file}`, import.meta.url), path.join(root, file));
      const bin = path.join(root, "bin/agentihooks.js");
      const version = spawnSync(process.execPath, [bin, "--version"], { encoding: "utf8" });
      expect({ status: version.status, stdout: version.stdout, stderr: version.stderr }).toEqual({ status: 0, stdout: `${pkg.version}\n`, stderr: "" });
      const build = spawnSync(process.execPath, [bin, "build"], { encoding: "utf8" });
      expect({ status: build.status, stdout: build.stdout, stderr: build.stderr }).toEqual({
        status: 1,
        stdout: "",
        stderr: "agentihooks: the CLI is not built yet; run `npm run build` in the package directory.\n",
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
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

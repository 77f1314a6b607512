import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CODE_CACHE_SUFFIX, loadChunk, wrapChunk, writeCodeCache } from "../bin/load-chunk";

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

describe("bundled chunks and their code caches", () => {
  it("ships a code cache beside every chunk, and a fresh Node process accepts each", () => {
    // Checked in a child: a process that has compiled a source already reuses that compilation and
    // never looks at the cache, so it cannot tell an accepted cache from a rejected one.
    const chunks = fileURLToPathOf("../dist/chunks/");
    const files = readdirSync(chunks).filter((name) => name.endsWith(".js"));
    expect(files).toContain("project-commands.js");
    const dir = mkdtempSync(path.join(tmpdir(), "ah-cache-"));
    try {
      const checks = files.map((name) => {
        const wrapped = path.join(dir, `${name}.wrapped`);
        writeFileSync(wrapped, wrapChunk(readFileSync(path.join(chunks, name), "utf8")));
        return { wrapped, cache: path.join(chunks, `${name}${CODE_CACHE_SUFFIX}`) };
      });
      const probe = `const fs = require("node:fs"), vm = require("node:vm");
        const checks = ${JSON.stringify(checks)};
        process.stdout.write(JSON.stringify(checks.map((c) => {
          const text = fs.readFileSync(c.wrapped, "utf8"), cache = fs.readFileSync(c.cache);
          return { rejected: new vm.Script(text, { cachedData: cache }).cachedDataRejected, size: cache.length, plainSize: new vm.Script(text + " ").createCachedData().length };
        })));`;
      const results = JSON.parse(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" })) as Array<{ rejected: boolean; size: number; plainSize: number }>;
      expect(results.map((r) => r.rejected)).toEqual(files.map(() => false));
      // The project commands' cache was made after exercising them (scripts/build.mjs), so it holds
      // far more than the top-level code a plain cache of the same file holds.
      const project = results[files.indexOf("project-commands.js")]!;
      expect(project.size).toBeGreaterThan(2 * project.plainSize);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("loads a chunk as CommonJS with a cache, without one, and past a damaged one", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ah-chunk-"));
    try {
      const sample = (name: string): string => {
        const file = path.join(dir, name);
        writeFileSync(file, `"use strict";\nexports.answer = require("node:path").basename(__filename) + ":" + typeof module + ":" + (this === exports);\n`);
        return file;
      };
      const plain = sample("plain.js");
      expect(loadChunk(plain)).toEqual({ answer: "plain.js:object:true" });
      const cached = sample("cached.js");
      writeCodeCache(cached);
      expect(loadChunk(cached)).toEqual({ answer: "cached.js:object:true" });
      const damaged = sample("damaged-cache.js");
      writeFileSync(`${damaged}${CODE_CACHE_SUFFIX}`, "not a code cache");
      expect(loadChunk(damaged)).toEqual({ answer: "damaged-cache.js:object:true" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function fileURLToPathOf(relative: string): string {
  return new URL(relative, import.meta.url).pathname;
}

import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CODE_CACHE_SUFFIX, loadChunk, wrapChunk, writeCodeCache } from "../../compiler/load-chunk";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

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
      for (const file of ["bin/agentihooks.js", "bin/package.json", "package.json"])
        copyFileSync(new URL(`../../${file}`, import.meta.url), path.join(root, file));
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
    const chunks = fileURLToPathOf("../../dist/chunks/");
    const files = readdirSync(chunks).filter((name) => name.endsWith(".js"));
    expect(files).toContain("project-commands.js");
    const results = probeCaches(files.map((name) => path.join(chunks, name)));
    expect(results.map((r) => r.rejected)).toEqual(files.map(() => false));
    // The project commands' cache was made after exercising them (scripts/build.mjs), so it holds
    // far more than the top-level code a plain cache of the same file holds.
    const project = results[files.indexOf("project-commands.js")]!;
    expect(project.size).toBeGreaterThan(2 * project.plainSize);
  });

  it("ships the generated validators unchanged in dist/ with a cache beside each, and a fresh Node process accepts each", () => {
    const generated = fileURLToPathOf("../../schemas/validators/");
    const copies = fileURLToPathOf("../../dist/schemas/validators/");
    const files = readdirSync(generated).filter((name) => name.endsWith(".generated.cjs"));
    expect(files).toContain("claude-settings.generated.cjs");
    expect(readdirSync(copies).sort()).toEqual(files.flatMap((name) => [name, `${name}${CODE_CACHE_SUFFIX}`]).sort());
    for (const name of files) expect(readFileSync(path.join(copies, name), "utf8"), name).toBe(readFileSync(path.join(generated, name), "utf8"));
    const results = probeCaches(files.map((name) => path.join(copies, name)));
    expect(results.map((r) => r.rejected)).toEqual(files.map(() => false));
    // Made after a call (scripts/build.mjs), so the root validate function is in the cache too.
    const settings = results[files.indexOf("claude-settings.generated.cjs")]!;
    expect(settings.size).toBeGreaterThan(2 * settings.plainSize);
  });

  it("ships a cache beside each vendored library, accepted by a fresh Node process, that loads the same library", () => {
    const vendor = fileURLToPathOf("../../dist/vendor/");
    const files = readdirSync(vendor)
      .filter((name) => name.endsWith(".cjs"))
      .sort();
    expect(files).toEqual(["toml-patch.cjs", "yaml.cjs"]);
    const results = probeCaches(files.map((name) => path.join(vendor, name)));
    expect(results.map((r) => r.rejected)).toEqual([false, false]);
    const toml = loadChunk(path.join(vendor, "toml-patch.cjs")) as { parse(text: string): unknown };
    expect(toml.parse('a = 1\n[b]\nc = "x"\n')).toEqual({ a: 1, b: { c: "x" } });
    const yaml = loadChunk(path.join(vendor, "yaml.cjs")) as { parse(text: string): unknown };
    expect(yaml.parse("a: [1, two]\n")).toEqual({ a: [1, "two"] });
  });

  it("runs a validator loaded through its cache, or past a damaged one, exactly as the required module", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ah-validator-"));
    try {
      const name = "copilot-settings.generated.cjs";
      const copy = fileURLToPathOf(`../../dist/schemas/validators/${name}`);
      const damaged = path.join(dir, name);
      copyFileSync(copy, damaged);
      writeFileSync(`${damaged}${CODE_CACHE_SUFFIX}`, "not a code cache");
      type Validator = ((data: unknown) => boolean) & { errors?: unknown };
      const required = createRequire(import.meta.url)(`../../schemas/validators/${name}`) as Validator;
      const samples = [{ model: "x" }, { model: "x", _agentihooks: { allowAll: 1 } }, { theme: 3, nope: true, hooks: { preToolUse: "x" } }, []];
      expect(samples.map((sample) => required(sample))).toEqual([true, false, false, false]);
      for (const loaded of [loadChunk(copy) as Validator, loadChunk(damaged) as Validator]) {
        for (const sample of samples) {
          const valid = required(sample);
          expect(loaded(sample), JSON.stringify(sample)).toBe(valid);
          expect(loaded.errors, JSON.stringify(sample)).toEqual(required.errors);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("prints the golden schema diagnostics byte for byte from the bundle, with the validators' caches and with damaged ones", () => {
    // A copy of the package whose validator caches V8 must reject: loading falls back to compiling.
    const root = fileURLToPathOf("../../");
    const damaged = mkdtempSync(path.join(tmpdir(), "ah-damaged-"));
    const home = mkdtempSync(path.join(tmpdir(), "ah-home-"));
    try {
      for (const entry of ["bin", "dist", "profiles", "templates", "package.json"])
        cpSync(path.join(root, entry), path.join(damaged, entry), { recursive: true });
      const validators = path.join(damaged, "dist", "schemas", "validators");
      for (const name of readdirSync(validators)) if (name.endsWith(CODE_CACHE_SUFFIX)) writeFileSync(path.join(validators, name), "not a code cache");
      for (const name of ["bad-config-schema", "bad-mcp-server", "bad-unknown-key", "bad-wrong-type"]) {
        const expected = readFileSync(path.join(root, "golden", name, "expected", "diagnostics.txt"), "utf8");
        for (const pkgRoot of [root, damaged]) {
          const result = spawnSync(process.execPath, [path.join(pkgRoot, "bin", "agentihooks.js"), "build", "--out", path.join(home, "out")], {
            cwd: path.join(root, "golden", name, "input"),
            env: { PATH: process.env.PATH ?? "", HOME: home, NO_COLOR: "1" },
            encoding: "utf8",
          });
          expect(result.status, `${name} from ${pkgRoot}`).toBe(1);
          expect(result.stderr, `${name} from ${pkgRoot}`).toBe(expected);
        }
      }
    } finally {
      rmSync(damaged, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
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

/**
 * Whether a fresh Node process rejects the code cache beside each CommonJS file, with the cache's
 * size and that of a plain cache of the same file. Checked in a child: a process that has compiled
 * a source already reuses that compilation and never looks at the cache.
 */
function probeCaches(files: string[]): Array<{ rejected: boolean; size: number; plainSize: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), "ah-cache-"));
  try {
    const checks = files.map((file, index) => {
      const wrapped = path.join(dir, `${index}.wrapped`);
      writeFileSync(wrapped, wrapChunk(readFileSync(file, "utf8")));
      return { wrapped, cache: `${file}${CODE_CACHE_SUFFIX}` };
    });
    const probe = `const fs = require("node:fs"), vm = require("node:vm");
      const checks = ${JSON.stringify(checks)};
      process.stdout.write(JSON.stringify(checks.map((c) => {
        const text = fs.readFileSync(c.wrapped, "utf8"), cache = fs.readFileSync(c.cache);
        return { rejected: new vm.Script(text, { cachedData: cache }).cachedDataRejected, size: cache.length, plainSize: new vm.Script(text + " ").createCachedData().length };
      })));`;
    return JSON.parse(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" })) as Array<{ rejected: boolean; size: number; plainSize: number }>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function fileURLToPathOf(relative: string): string {
  return new URL(relative, import.meta.url).pathname;
}

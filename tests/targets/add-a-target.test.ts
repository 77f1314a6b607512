/**
 * docs/architecture.md's "Add a target" steps, done for real: a throw-away copy of the sources gets
 * a fifth target, Fake CLI, as its own files only (tests/fixtures/fake-target/ holds them where they
 * go in the tree: compiler/targets/fake/ and runtime/clients/fake.ts) plus its id in
 * compiler/targets/ids.ts. The copy's generator and build run as a contributor would run them; then
 * the copy's CLI lists, compiles, applies and checks the target, and the hook wrapper it installed
 * runs the copy's runtime on Fake CLI's payloads. Typechecking the copy (~15 s of CPU) runs under
 * AGENTIHOOKS_FULL_SWEEP=1 (.ci/run).
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TARGET_IDS } from "../../compiler/targets/ids";
import { tempDir } from "../runtime/helpers";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixture = path.join(root, "tests/fixtures/fake-target");
/** What the CLI, the runtime, the generators and the build read: the sources without tests, goldens or docs. */
const COPIED = ["bin", "compiler", "runtime", "mcp", "schemas", "scripts", "profiles", "templates", "package.json", "tsconfig.json"];
const IDS_FILE = "compiler/targets/ids.ts";

let copy = "";
let work = "";
/** Relative path → sha256 of every file in the copy before the target was added. */
let before = new Map<string, string>();
/** The same after its files, its id and `npm run schemas:types`. */
let after = new Map<string, string>();
let generated: SpawnSyncReturns<string>;

/** Every file under `dir` (node_modules and dist/ left out), by relative path, with its sha256. */
function hashes(dir: string, rel = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const file = rel ? `${rel}/${entry.name}` : entry.name;
    if (file === "node_modules" || file === "dist") continue;
    if (entry.isDirectory()) for (const [k, v] of hashes(dir, file)) out.set(k, v);
    else
      out.set(
        file,
        createHash("sha256")
          .update(readFileSync(path.join(dir, file)))
          .digest("hex"),
      );
  }
  return out;
}

/** Runs the copy's `script` with this Node in `cwd` (default: the copy), with a home of its own. */
function node(script: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [path.join(copy, script), ...args], {
    cwd: options.cwd ?? copy,
    env: { PATH: process.env.PATH, HOME: path.join(work, "home"), ...options.env },
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 60_000,
  });
}

beforeAll(() => {
  copy = tempDir("ah-add-a-target-src-");
  work = tempDir("ah-add-a-target-run-");
  for (const dir of ["home", "project"]) mkdirSync(path.join(work, dir));
  for (const entry of COPIED) cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
  before = hashes(copy);
  // The target's own files, then its one line.
  cpSync(fixture, copy, { recursive: true });
  const ids = readFileSync(path.join(copy, IDS_FILE), "utf8");
  writeFileSync(path.join(copy, IDS_FILE), ids.replace(/^(export const TARGET_IDS = \[.*)\] as const;$/m, '$1, "fake"] as const;'));
  generated = node("scripts/generate-types.mjs", []);
  after = hashes(copy);
  const build = node("scripts/build.mjs", []);
  if (build.status !== 0) throw new Error(`the copy's build failed: ${build.stderr}`);
}, 120_000);

afterAll(() => {
  for (const dir of [copy, work]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a target added as its own files plus one line", () => {
  it("changes one line outside its files; everything else that changes is written by `npm run schemas:types`", () => {
    expect(generated.stderr).toBe("");
    expect(generated.status).toBe(0);
    const added = [...after.keys()].filter((file) => !before.has(file)).sort();
    const changed = [...after.keys()].filter((file) => before.has(file) && before.get(file) !== after.get(file)).sort();
    expect(added).toEqual(["compiler/targets/fake/contract.ts", "compiler/targets/fake/index.ts", "runtime/clients/fake.ts"]);
    const written = changed.filter((file) => file !== IDS_FILE);
    expect(changed).toContain(IDS_FILE);
    // The generator says what it wrote; that is every other change, and each is a generated file.
    expect(written).toEqual(
      generated.stdout
        .split("\n")
        .filter((line) => line.startsWith("wrote "))
        .map((line) => line.slice("wrote ".length))
        .sort(),
    );
    expect(written).toEqual(
      expect.arrayContaining(["compiler/targets/registry.generated.ts", "runtime/clients/registry.generated.ts", "schemas/config.schema.json"]),
    );
    for (const file of written) expect(file).toMatch(/\.generated\.(ts|cjs)$|^schemas\/config\.schema\.json$/);
    const oldLines = readFileSync(path.join(root, IDS_FILE), "utf8").split("\n");
    const newLines = readFileSync(path.join(copy, IDS_FILE), "utf8").split("\n");
    expect(newLines.length).toBe(oldLines.length);
    expect(newLines.filter((line, i) => line !== oldLines[i])).toEqual([
      `export const TARGET_IDS = [${[...TARGET_IDS, "fake"].map((id) => `"${id}"`).join(", ")}] as const;`,
    ]);
  });

  it("is listed by the generated registries, the config schema and the CLI's help, after the built-in targets", () => {
    const registry = readFileSync(path.join(copy, "compiler/targets/registry.generated.ts"), "utf8");
    expect(registry).toContain('import { target as fake } from "./fake/index";');
    const clients = readFileSync(path.join(copy, "runtime/clients/registry.generated.ts"), "utf8");
    expect(clients).toContain('import { fakeClient } from "./fake";');
    expect(clients).not.toMatch(/from "\.\.\/\.\.\/compiler\/(?!targets\/ids")/);
    const schema = JSON.parse(readFileSync(path.join(copy, "schemas/config.schema.json"), "utf8")) as {
      properties: { targets: { items: { enum: string[] } }; homes: { properties: Record<string, { description: string }> } };
    };
    expect(schema.properties.targets.items.enum).toEqual([...TARGET_IDS, "fake"]);
    expect(schema.properties.homes.properties.fake?.description).toBe("Fake CLI home (default $FAKE_HOME when set, else ~/.fake).");
    const help = node("bin/agentihooks.js", ["build", "--help"]);
    expect(help.stdout).toContain(`only this target (${[...TARGET_IDS, "fake"].join(", ")})`);
  });

  it("is compiled by the pipeline from the built-in profile (`build --out`), with its home from its contract", () => {
    const out = path.join(work, "out");
    const build = node("bin/agentihooks.js", ["build", "--out", out, "--target", "fake"], { cwd: path.join(work, "project") });
    expect(build.status, build.stderr).toBe(0);
    expect([...hashes(path.join(out, "fake")).keys()].sort()).toEqual([
      ".agentihooks/policy.fake.json",
      expect.stringMatching(/^\.agentihooks\/runtime\/[^/]+\/runtime-core\.js$/),
      expect.stringMatching(/^\.agentihooks\/runtime\/[^/]+\/runtime\.cjs$/),
      ".fake/agentihooks-hook.sh",
      ".fake/hooks.json",
    ]);
    const hooks = JSON.parse(readFileSync(path.join(out, "fake/.fake/hooks.json"), "utf8")) as {
      hooks: Record<string, { command: string; timeout_ms: number }>;
    };
    expect(Object.keys(hooks.hooks)).toEqual(["session_start", "before_tool", "after_tool"]);
    expect(hooks.hooks.before_tool).toEqual({ command: "/home/agent/.fake/agentihooks-hook.sh", timeout_ms: 30000 });
    expect(readFileSync(path.join(out, "fake/.fake/agentihooks-hook.sh"), "utf8")).toContain("export AGENTIHOOKS_TARGET=fake\n");
  });

  it("is applied where FAKE_HOME says, passes `doctor`, and its wrapper runs the runtime on its payloads in its reply shape", () => {
    const fakeHome = path.join(work, "fake-home");
    const env = { FAKE_HOME: fakeHome };
    const project = path.join(work, "project");
    const apply = node("bin/agentihooks.js", ["apply", "--target", "fake", "--yes"], { cwd: project, env });
    expect(apply.status, apply.stderr).toBe(0);
    expect(readdirSync(fakeHome).sort()).toEqual(["agentihooks-hook.sh", "hooks.json"]);

    const doctor = node("bin/agentihooks.js", ["doctor", "--target", "fake", "--json"], { cwd: project, env });
    const report = JSON.parse(doctor.stdout) as {
      exitCode: number;
      result: { targets: Array<{ target: string; checks: Array<{ id: string; status: string }> }> };
    };
    expect(report.exitCode).toBe(0);
    const checks = Object.fromEntries(report.result.targets[0]!.checks.map((c) => [c.id, c.status]));
    expect(report.result.targets[0]!.target).toBe("fake");
    expect(checks).toMatchObject({ "plan.pending": "ok", "runtime.installed": "ok", "runtime.canary": "ok" });

    const hook = (event: string, payload: object): SpawnSyncReturns<string> =>
      spawnSync("bash", [path.join(fakeHome, "agentihooks-hook.sh"), event], {
        cwd: project,
        env: { PATH: process.env.PATH, HOME: path.join(work, "home") },
        input: JSON.stringify({ event, cwd: project, ...payload }),
        encoding: "utf8",
        timeout: 30_000,
      });
    const push = hook("before_tool", { tool: { name: "run_shell", args: { command: "git push --force origin main" } } });
    expect(push.status).toBe(2);
    const deny = JSON.parse(push.stdout) as { verdict: string; why: string };
    expect(deny.verdict).toBe("deny");
    expect(deny.why).toMatch(/^BLOCKED: Force push/);
    expect(push.stderr).toBe(`${deny.why}\n`);

    const harmless = hook("before_tool", { tool: { name: "run_shell", args: { command: "ls" } } });
    expect({ status: harmless.status, stdout: harmless.stdout, stderr: harmless.stderr }).toEqual({ status: 0, stdout: "", stderr: "" });

    const start = hook("session_start", { session: "s1" });
    expect(start.status).toBe(0);
    const context = (JSON.parse(start.stdout) as { context: string }).context;
    expect(context.startsWith("Your Fake CLI session_id is s1.")).toBe(true);
    // Its contract's 200-character cap, applied visibly.
    expect(context.length).toBeLessThanOrEqual(200);
    expect(context.endsWith("[truncated at the client's additionalContext limit]")).toBe(true);
  });

  it.runIf(process.env.AGENTIHOOKS_FULL_SWEEP === "1")(
    "typechecks in the copy with no other edit",
    () => {
      const tsc = node("node_modules/typescript/bin/tsc", ["--noEmit", "-p", "tsconfig.json"]);
      expect(tsc.stdout + tsc.stderr).toBe("");
      expect(tsc.status).toBe(0);
    },
    120_000,
  );
});

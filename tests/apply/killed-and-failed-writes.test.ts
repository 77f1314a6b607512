/**
 * Fault tests: a child apply is killed with SIGKILL at a write point (before the write, or in the
 * middle of it: temp file half written, not yet renamed), over a fresh home and a seeded one. After
 * each kill every file is either its old or its new content and parses; the next run converges to
 * the same homes as an uninterrupted one and leaves no temp file behind; and `uninstall` instead
 * puts the operator's home back byte for byte (files, modes, directories), because the intent
 * record written before the first write lets it roll the interrupted run back.
 *
 * `npm test` kills at a fixed sample of points per scenario (the intent record itself, half written;
 * the middle one; the last); AGENTIHOOKS_FULL_SWEEP=1 (set by .ci/run) kills at every point, both ways.
 * Write failures (ENOSPC, EIO) are injected in-process at every third point (every point in the full sweep).
 */
import { spawnSync } from "node:child_process";
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJsonText } from "../../compiler/plan/json-document";
import { parseTomlText } from "../../compiler/plan/toml-document";
import { codexTree, copilotTree, makeHomes, put, snapshot, type Homes } from "./fixtures";
import { planAndApply, uninstallTargets } from "../../compiler/apply/run";
import type { FileSystem } from "../../compiler/fs/file-system";
import { realFileSystem } from "../../compiler/fs/real";
import { intentPath } from "../../compiler/state/intent";

const root = new URL("../..", import.meta.url).pathname;
let harness = "";

const harnessSource = `
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { realFileSystem } from ${JSON.stringify(`${root}compiler/fs/real`)};
import { planAndApply, uninstallTargets } from ${JSON.stringify(`${root}compiler/apply/run`)};
import { codexTree, copilotTree } from ${JSON.stringify(`${root}tests/apply/fixtures`)};
const v2 = (h) => [copilotTree(h, { persona: "persona v2", agents: { "other.md": "other\\n" }, servers: { gw: { type: "http", url: "https://gw" } }, events: ["sessionStart", "agentStop"] }), codexTree(h, { policy: "never" })];
const [home, killAtText, how, action] = process.argv.slice(2);
const killAt = Number(killAtText);
const real = realFileSystem();
let n = 0;
const die = (file, content) => {
  if (how === "mid" && content) mkdirSync(path.dirname(file), { recursive: true }), writeFileSync(path.join(path.dirname(file), "." + path.basename(file) + ".tmp-" + process.pid), content.slice(0, Math.floor(content.length / 2)));
  process.kill(process.pid, "SIGKILL");
};
const fs = { ...real,
  write(file, content, mode) { if (n++ === killAt) die(file, content); real.write(file, content, mode); },
  remove(file) { if (n++ === killAt) die(file); real.remove(file); },
};
const h = { home, copilot: path.join(home, ".copilot"), codex: path.join(home, ".codex"), agentihooks: path.join(home, ".agentihooks") };
const ctx = { fs, env: { home, agentihooksHome: h.agentihooks }, now: new Date(Date.UTC(2026, 10, 30, 12)) };
const out = action === "uninstall" ? uninstallTargets(["copilot", "codex"], ctx) : planAndApply(action === "v2" ? v2(h) : [copilotTree(h), codexTree(h)], ctx);
process.stdout.write(String(n) + (out.result?.ok ? " ok" : " failed"));
`;

beforeAll(() => {
  // Inside the package's node_modules, so packages the code loads on first use (toml-patch, yaml:
  // compiler/vendored-library.ts) resolve from the bundled harness as they do from the sources.
  const cache = path.join(root, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, "ah-fault-harness-"));
  const entry = path.join(dir, "harness.ts");
  writeFileSync(entry, harnessSource);
  harness = path.join(dir, "harness.mjs");
  buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: harness,
    mainFields: ["module", "main"],
    logLevel: "error",
    banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
    // What scripts/build.mjs leaves out too: cosmiconfig's lazily required loaders, typescript (9 of
    // the harness's 10.6 MB, parsed at every killed child's start) above all; they resolve from node_modules.
    external: ["typescript", "js-yaml", "parse-json", "import-fresh"],
  });
});

afterAll(() => {
  if (harness !== "") rmSync(path.dirname(harness), { recursive: true, force: true });
});

function seedOperatorHome(h: Homes): void {
  put(`${h.copilot}/settings.json`, '{\n  // mine\n  "theme": "dim"\n}\n');
  put(`${h.copilot}/hooks/agentihooks.json`, '{"version":1,"hooks":{"preToolUse":[{"type":"command","command":"/usr/bin/audit"}]}}\n');
  put(`${h.copilot}/copilot-instructions.md`, "operator persona\n");
  put(`${h.copilot}/agentihooks-hook.sh`, "#!/bin/sh\necho operator\n");
  put(`${h.codex}/config.toml`, '# mine\nmodel = "o3"\n');
}

const skip = (rel: string) => rel.startsWith(".agentihooks") || /\.bak\./.test(rel);

/** A snapshot with the (random) home directory replaced by `~`, so homes compare across runs. */
function norm(snap: Record<string, string>, home: string): Record<string, string> {
  return Object.fromEntries(Object.entries(snap).map(([rel, content]) => [rel, content.split(home).join("~")]));
}

function checkParseable(home: string): string[] {
  const problems: string[] = [];
  for (const [rel, value] of Object.entries(snapshot(home))) {
    const text = Buffer.from(value.slice(value.indexOf(":") + 1), "latin1").toString("utf8");
    if (rel.includes(".tmp-")) continue;
    if (rel.endsWith(".json") && !parseJsonText(text, true).ok) problems.push(`${rel} does not parse`);
    if (rel.endsWith(".toml") && !parseTomlText(text).ok) problems.push(`${rel} does not parse`);
  }
  return problems;
}

type Action = "v1" | "v2" | "uninstall";

const v2Trees = (h: Homes) => [
  copilotTree(h, {
    persona: "persona v2",
    agents: { "other.md": "other\n" },
    servers: { gw: { type: "http", url: "https://gw" } },
    events: ["sessionStart", "agentStop"],
  }),
  codexTree(h, { policy: "never" }),
];

/** What an uninterrupted run of `action` does, in-process (through `fs` when given). */
function runAction(h: Homes, action: Action, fs?: FileSystem) {
  const ctx = fs ? { ...h.ctx(), fs } : h.ctx();
  if (action === "uninstall") return uninstallTargets(["copilot", "codex"], ctx);
  if (action === "v2") return planAndApply(v2Trees(h), ctx);
  return planAndApply([copilotTree(h), codexTree(h)], ctx);
}

/** Every file and directory under `dir` (symlinks as their target), with its mode: what "byte for byte" compares. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      const rel = path.relative(dir, full);
      const st = lstatSync(full);
      const mode = (st.mode & 0o777).toString(8);
      if (st.isDirectory()) {
        out[`${rel}/`] = mode;
        walk(full);
      } else out[rel] = `${mode}:${readFileSync(full, "latin1").split(dir).join("~")}`;
    }
  };
  walk(dir);
  return out;
}

/** The home without agentihooks' own folder, which is compared on its own (see `leftovers`). */
const homeTree = (home: string) => Object.fromEntries(Object.entries(tree(home)).filter(([rel]) => !rel.startsWith(".agentihooks")));

/** What uninstall may leave in agentihooks' home: nothing but empty folders. */
function leftovers(h: Homes): string[] {
  try {
    return Object.keys(tree(h.agentihooks)).filter((rel) => !rel.endsWith("/"));
  } catch {
    return [];
  }
}

const fullSweep = process.env.AGENTIHOOKS_FULL_SWEEP === "1";

/** The kill points to try out of `total` writes: all of them both ways, or a fixed sample. */
function killPointsOf(total: number): Array<{ killAt: number; how: "before" | "mid" }> {
  if (fullSweep)
    return Array.from({ length: total }, (_, killAt) => [
      { killAt, how: "before" as const },
      { killAt, how: "mid" as const },
    ]).flat();
  // Write 0 is the intent record itself (killed half written: only its temp file exists), the middle
  // one a content write, the last the record's removal.
  const picks = [...new Set([0, Math.floor(total / 2), total - 1])];
  return picks.map((killAt, i) => ({ killAt, how: i % 2 === 0 ? "mid" : "before" }));
}

/** Counts the writes of an uninterrupted run (in-process), then restores the home. */
function countWrites(h: Homes, action: Action, reset: () => void): number {
  const real = realFileSystem();
  let n = 0;
  const counting: FileSystem = { ...real, write: (f, c, m) => (n++, real.write(f, c, m)), remove: (f) => (n++, real.remove(f)) };
  expect(runAction(h, action, counting).result?.ok).toBe(true);
  reset();
  return n;
}

interface Scenario {
  /** The operator's home before agentihooks ever ran. */
  operator: (h: Homes) => void;
  /** Runs made (to completion) before the one that is killed. */
  before: Action[];
  action: Action;
}

function scenario(name: string, s: Scenario): void {
  describe(`SIGKILL during ${s.action === "uninstall" ? "uninstall" : "apply"}: ${name}`, () => {
    it("each kill leaves old-or-new parseable files; the next run converges; uninstall restores the operator's home byte for byte", () => {
      // One home path for the whole scenario (files embed it); each kill point starts from a copy of the seed.
      const h = makeHomes();
      s.operator(h);
      const pristine = homeTree(h.home);
      for (const action of s.before) expect(runAction(h, action).result?.ok).toBe(true);
      const seedCopy = `${h.home}-seed`;
      const killedCopy = `${h.home}-killed`;
      cpSync(h.home, seedCopy, { recursive: true });
      const restore = (from: string) => {
        rmSync(h.home, { recursive: true, force: true });
        cpSync(from, h.home, { recursive: true });
      };
      const seeded = norm(snapshot(h.home, skip), h.home);
      const total = countWrites(h, s.action, () => restore(seedCopy));
      expect(total).toBeGreaterThan(10);
      expect(runAction(h, s.action).result?.ok).toBe(true);
      const final = norm(snapshot(h.home, skip), h.home);
      let points = 0;
      for (const { killAt, how } of killPointsOf(total)) {
        restore(seedCopy);
        const child = spawnSync(process.execPath, [harness, h.home, String(killAt), how, s.action], { encoding: "utf8" });
        const at = `a kill at write ${killAt} of ${total} (${how})`;
        expect(child.signal, `${at}: ${child.stdout} ${child.stderr.slice(0, 300)}`).toBe("SIGKILL");
        points++;
        // Old or new, and parseable.
        const after = norm(snapshot(h.home, skip), h.home);
        for (const [rel, content] of Object.entries(after)) {
          if (rel.includes(".tmp-")) continue;
          expect([seeded[rel], final[rel]], `${rel} after ${at}`).toContain(content);
        }
        expect(checkParseable(h.home)).toEqual([]);
        rmSync(killedCopy, { recursive: true, force: true });
        cpSync(h.home, killedCopy, { recursive: true });
        // The next run converges.
        const rerun = runAction(h, s.action);
        expect(rerun.result?.ok).toBe(true);
        expect(norm(snapshot(h.home, skip), h.home), `converges after ${at}`).toEqual(final);
        expect(Object.keys(snapshot(h.home)).filter((rel) => rel.includes(".tmp-"))).toEqual([]);
        // Uninstall instead: the operator's home as it was before agentihooks, and nothing of ours left.
        restore(killedCopy);
        const removed = runAction(h, "uninstall");
        expect(removed.result?.ok, `uninstall after ${at}: ${JSON.stringify(removed.diagnostics)}`).toBe(true);
        expect(homeTree(h.home), `uninstall after ${at}`).toEqual(pristine);
        expect(leftovers(h), `agentihooks' home after ${at}`).toEqual([]);
      }
      killPoints += points;
    }, 600_000);
  });
}

let killPoints = 0;

scenario("fresh home", { operator: () => {}, before: [], action: "v1" });
scenario("home with operator content", { operator: seedOperatorHome, before: [], action: "v1" });
scenario("profile change on an installed home", { operator: seedOperatorHome, before: ["v1"], action: "v2" });
scenario("uninstall", { operator: seedOperatorHome, before: ["v1", "v2"], action: "uninstall" });

describe("SIGKILL coverage", () => {
  it(fullSweep ? "killed the child at every point, 100 or more" : "killed the child at a sample of points in each scenario", () => {
    expect(killPoints).toBeGreaterThanOrEqual(fullSweep ? 100 : 12);
  });
});

/** A port whose writes fail with `code` from the `failAt`-th write-side call on (`once`: only that one). */
function failingFs(code: "ENOSPC" | "EIO", failAt: number, once: boolean): FileSystem & { calls: () => number } {
  const real = realFileSystem();
  let n = 0;
  const check = (file: string) => {
    const at = n++;
    if (at === failAt || (!once && at > failAt))
      throw Object.assign(new Error(`${code}: ${code === "ENOSPC" ? "no space left on device" : "i/o error"}, write '${file}'`), { code });
  };
  return { ...real, calls: () => n, write: (f, c, m) => (check(f), real.write(f, c, m)), remove: (f) => (check(f), real.remove(f)) };
}

describe("a write that fails (full disk, I/O error)", () => {
  for (const code of ["ENOSPC", "EIO"] as const) {
    it(`${code} at ${fullSweep ? "any" : "every third"} write: apply is rolled back at once, and uninstall then restores the operator's home`, () => {
      const h = makeHomes();
      seedOperatorHome(h);
      const pristine = homeTree(h.home);
      const seedCopy = `${h.home}-seed`;
      cpSync(h.home, seedCopy, { recursive: true });
      const restore = () => {
        rmSync(h.home, { recursive: true, force: true });
        cpSync(seedCopy, h.home, { recursive: true });
      };
      const total = countWrites(h, "v1", restore);
      for (let failAt = 0; failAt < total; failAt += fullSweep ? 1 : 3) {
        restore();
        const out = runAction(h, "v1", failingFs(code, failAt, true));
        if (out.result?.ok) {
          // Only tidying up after the last write failed: the run is complete, and says so.
          expect(failAt, `fail at ${failAt}`).toBeGreaterThanOrEqual(total - 3);
          expect(out.diagnostics.map((d) => d.code)).toContain("AH5034");
          expect(out.diagnostics.map((d) => d.code)).not.toContain("AH5103");
        } else {
          expect(out.diagnostics.map((d) => d.code)).toContain("AH5103");
          expect(out.diagnostics.find((d) => d.code === "AH5103")?.message).toContain(code);
          expect(homeTree(h.home), `rolled back after a failure at ${failAt}`).toEqual(pristine);
        }
        expect(readdirSync(h.agentihooks)).not.toContain("apply-intent.json");
        expect(runAction(h, "uninstall").result?.ok).toBe(true);
        expect(homeTree(h.home)).toEqual(pristine);
        expect(leftovers(h)).toEqual([]);
      }
    });
  }

  it("when putting the files back fails too, the intent record stays and the next uninstall finishes the job", () => {
    const h = makeHomes();
    seedOperatorHome(h);
    const pristine = homeTree(h.home);
    const seedCopy = `${h.home}-seed`;
    cpSync(h.home, seedCopy, { recursive: true });
    const restore = () => {
      rmSync(h.home, { recursive: true, force: true });
      cpSync(seedCopy, h.home, { recursive: true });
    };
    const total = countWrites(h, "v1", restore);
    for (const failAt of [1, Math.floor(total / 2), total - 2]) {
      restore();
      const out = runAction(h, "v1", failingFs("ENOSPC", failAt, false));
      expect(out.result?.ok).toBe(false);
      expect(out.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(["AH5103", "AH5033"]));
      expect(readdirSync(h.agentihooks)).toContain("apply-intent.json");
      const removed = runAction(h, "uninstall");
      expect(removed.result?.ok).toBe(true);
      expect(removed.diagnostics.map((d) => d.code)).toContain("AH5030");
      expect(homeTree(h.home), `after a failure at ${failAt}`).toEqual(pristine);
      expect(leftovers(h)).toEqual([]);
    }
  });

  it("a file changed after the crash is left alone and named", () => {
    const h = makeHomes();
    seedOperatorHome(h);
    const total = countWrites(h, "v1", () => {
      rmSync(h.home, { recursive: true, force: true });
      seedOperatorHome(h);
    });
    const out = runAction(h, "v1", failingFs("EIO", total - 2, false));
    expect(out.result?.ok).toBe(false);
    // The operator edits a file the failed run had written, before anything recovers.
    writeFileSync(`${h.copilot}/copilot-instructions.md`, "edited after the crash\n");
    const removed = runAction(h, "uninstall");
    expect(removed.result?.ok).toBe(true);
    const named = removed.diagnostics.filter((d) => d.code === "AH5032");
    expect(named.map((d) => d.file)).toEqual(["~/.copilot/copilot-instructions.md"]);
    expect(readFileSync(`${h.copilot}/copilot-instructions.md`, "utf8")).toBe("edited after the crash\n");
    expect(() => lstatSync(intentPath({ agentihooksHome: h.agentihooks }))).toThrow();
  });
});

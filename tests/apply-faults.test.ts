/**
 * Fault tests: a child apply is killed with SIGKILL at every write point (before the write, and in
 * the middle of it: temp file half written, not yet renamed), over a fresh home and a seeded one.
 * After each kill every file is either its old or its new content and parses; the next apply
 * converges to the same homes as an uninterrupted one and leaves no temp file behind.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { parseJsonText } from "../compiler/plan/json-document";
import { parseTomlText } from "../compiler/plan/toml-document";
import { codexTree, copilotTree, makeHomes, put, snapshot, type Homes } from "./apply-fixtures";
import { planAndApply, uninstallTargets } from "../compiler/apply/run";

const root = new URL("..", import.meta.url).pathname;
let harness = "";

const harnessSource = `
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { realFileSystem } from ${JSON.stringify(`${root}compiler/fs/real`)};
import { planAndApply, uninstallTargets } from ${JSON.stringify(`${root}compiler/apply/run`)};
import { codexTree, copilotTree } from ${JSON.stringify(`${root}tests/apply-fixtures`)};
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
  buildSync({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", outfile: harness, mainFields: ["module", "main"], logLevel: "error", banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" } });
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

/** What an uninterrupted run of `action` does, in-process. */
function runAction(h: Homes, action: Action) {
  if (action === "uninstall") return uninstallTargets(["copilot", "codex"], h.ctx());
  if (action === "v2") return planAndApply([copilotTree(h, { persona: "persona v2", agents: { "other.md": "other\n" }, servers: { gw: { type: "http", url: "https://gw" } }, events: ["sessionStart", "agentStop"] }), codexTree(h, { policy: "never" })], h.ctx());
  return planAndApply([copilotTree(h), codexTree(h)], h.ctx());
}

function scenario(name: string, seed: (h: Homes) => void, action: Action = "v1"): void {
  describe(`SIGKILL during ${action === "uninstall" ? "uninstall" : "apply"}: ${name}`, () => {
    it("every kill point leaves old-or-new parseable files, and the next run converges with no temp file left", () => {
      // One home path for the whole scenario (files embed it); each kill point starts from a copy of the seed.
      const h = makeHomes();
      seed(h);
      const seedCopy = `${h.home}-seed`;
      cpSync(h.home, seedCopy, { recursive: true });
      const reset = () => {
        rmSync(h.home, { recursive: true, force: true });
        cpSync(seedCopy, h.home, { recursive: true });
      };
      const seeded = norm(snapshot(h.home), h.home);
      const probe = spawnSync(process.execPath, [harness, h.home, "-1", "none", action], { encoding: "utf8" });
      const total = Number(probe.stdout.split(" ")[0]);
      expect(probe.stdout).toContain("ok");
      expect(total).toBeGreaterThan(10);
      const final = norm(snapshot(h.home, skip), h.home);
      let points = 0;
      for (let killAt = 0; killAt < total; killAt++) {
        for (const how of ["before", "mid"]) {
          reset();
          const child = spawnSync(process.execPath, [harness, h.home, String(killAt), how, action], { encoding: "utf8" });
          expect(child.signal, `kill at ${killAt} (${how}): ${child.stdout} ${child.stderr.slice(0, 300)}`).toBe("SIGKILL");
          points++;
          // Old or new, and parseable.
          const after = norm(snapshot(h.home, skip), h.home);
          for (const [rel, content] of Object.entries(after)) {
            if (rel.includes(".tmp-")) continue;
            expect([seeded[rel], final[rel]], `${rel} after a kill at write ${killAt} (${how})`).toContain(content);
          }
          expect(checkParseable(h.home)).toEqual([]);
          // The next run converges.
          const rerun = runAction(h, action);
          expect(rerun.result?.ok).toBe(true);
          expect(norm(snapshot(h.home, skip), h.home), `converges after a kill at ${killAt} (${how})`).toEqual(final);
          expect(Object.keys(snapshot(h.home)).filter((rel) => rel.includes(".tmp-"))).toEqual([]);
        }
      }
      expect(points).toBe(2 * total);
      killPoints += points;
    }, 600_000);
  });
}

let killPoints = 0;

scenario("fresh home", () => {});
scenario("home with operator content", seedOperatorHome);
scenario("profile change on an installed home", (h) => {
  seedOperatorHome(h);
  runAction(h, "v1");
}, "v2");
scenario("uninstall", (h) => {
  seedOperatorHome(h);
  runAction(h, "v1");
  runAction(h, "v2");
}, "uninstall");

describe("SIGKILL coverage", () => {
  it("killed the child at 100 or more points", () => {
    expect(killPoints).toBeGreaterThanOrEqual(100);
  });
});

void readdirSync;

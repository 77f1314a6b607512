// Broadcast channels from the profiles to every client's policy (docs/broadcasts.md), the Copilot
// env file that exports the same list, and the defaults the package ships.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { FileEntry } from "../../compiler/desired-tree";
import { portableEnvironment } from "../../compiler/environment";
import { compileTargets, loadProject } from "../../compiler/front-end";
import { parseChannelList } from "../../runtime/broadcasts";
import { policyPath } from "../../runtime/policy";
import { parseDocument } from "yaml";

const ROOT = new URL("../..", import.meta.url).pathname;
const root = mkdtempSync(path.join(tmpdir(), "ah-channels-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

function project(files: Record<string, string>): string {
  const dir = path.join(root, `p${counter++}`);
  mkdirSync(dir, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

/** Builds every target for the project in `dir`; returns each policy and Copilot's env file. */
function build(dir: string, options: { settingsProfile?: string } = {}) {
  const env = portableEnvironment();
  const result = loadProject({ cwd: dir, env, configSearch: "none", ...options });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const trees = compileTargets(result.value!.ir, result.value!.env, ["copilot", "claude", "codex", "gemini"]);
  const file = (p: string): string | undefined => {
    const entry = trees.flatMap((t) => t.entries).find((e) => e.path === p) as FileEntry | undefined;
    return entry && typeof entry.content === "string" ? entry.content : undefined;
  };
  const policy = (target: string) =>
    JSON.parse(file(policyPath(env.agentihooksHome, target)) ?? "{}") as {
      channels?: string[];
      settingsProfile?: string;
      broadcastDir?: string;
      chain?: string;
    };
  return { policy, envFile: file(path.join(env.agentihooksHome, "copilot.env")) };
}

const TARGETS = ["copilot", "claude", "codex", "gemini"];

describe("broadcast channels", () => {
  it("the Copilot base settings ship the default profile's channels (brain, amygdala)", () => {
    const base = JSON.parse(readFileSync(path.join(ROOT, "profiles", "_base", "settings.base.copilot.json"), "utf8")) as {
      _agentihooks?: { channels?: string };
    };
    const profile = parseDocument(readFileSync(path.join(ROOT, "profiles", "default", "profile.yml"), "utf8")).toJS() as { channels?: string[] };
    expect(profile.channels).toEqual(["brain", "amygdala"]);
    expect(parseChannelList(base._agentihooks?.channels ?? "").channels).toEqual(profile.channels);
  });

  it("the default profile subscribes every client to brain and amygdala, and Copilot's env file exports them", () => {
    const { policy, envFile } = build(project({}));
    for (const target of TARGETS) expect(policy(target).channels, target).toEqual(["brain", "amygdala"]);
    expect(envFile).toContain("\nAGENTIHOOKS_BASE_CHANNELS=brain,amygdala\n");
  });

  it("a profile's channels reach every client, beating the Copilot base default; none is an empty list", () => {
    const dir = project({
      "agentihooks.config.json": '{ "bundle": "b", "profile": "ops" }\n',
      "b/profiles/ops/profile.yml": "channels: [Ops, ops, alerts]\n",
      "b/profiles/quiet/profile.yml": "channels: []\n",
    });
    const { policy, envFile } = build(dir);
    for (const target of TARGETS) expect(policy(target).channels, target).toEqual(["ops", "alerts"]);
    expect(envFile).toContain("\nAGENTIHOOKS_BASE_CHANNELS=ops,alerts\n");
    writeFileSync(path.join(dir, "agentihooks.config.json"), '{ "bundle": "b", "profile": "ops,quiet" }\n');
    const quiet = build(dir);
    for (const target of TARGETS) expect(quiet.policy(target).channels, target).toEqual([]);
    expect(quiet.envFile ?? "").not.toContain("AGENTIHOOKS_BASE_CHANNELS");
  });

  it("a bundle's _agentihooks.channels decides Copilot's channels; a chain without channels keeps only Copilot's default", () => {
    const dir = project({
      "agentihooks.config.json": '{ "bundle": "b", "profile": "plain" }\n',
      "b/profiles/plain/profile.yml": "description: no channels\n",
    });
    const plain = build(dir);
    expect(plain.policy("copilot").channels).toEqual(["brain", "amygdala"]);
    for (const target of ["claude", "codex", "gemini"]) expect(plain.policy(target).channels, target).toBeUndefined();
    mkdirSync(path.join(dir, "b", ".copilot"), { recursive: true });
    writeFileSync(path.join(dir, "b", ".copilot", "settings.overrides.json"), '{ "_agentihooks": { "channels": ["team", "brain"] } }\n');
    writeFileSync(path.join(dir, "b", "profiles", "plain", "profile.yml"), "channels: [ops]\n");
    const team = build(dir);
    expect(team.policy("copilot").channels).toEqual(["team", "brain"]);
    expect(team.envFile).toContain("\nAGENTIHOOKS_BASE_CHANNELS=team,brain\n");
    expect(team.policy("claude").channels).toEqual(["ops"]);
  });

  it("a wrong-typed directive beside channels drops only itself: the channels line stays", () => {
    const dir = project({
      "agentihooks.config.json": '{ "bundle": "b", "profile": "plain" }\n',
      "b/profiles/plain/profile.yml": "description: plain\n",
      "b/.copilot/settings.overrides.json": '{ "_agentihooks": { "browserCommand": true, "channels": "brain" } }\n',
    });
    const { policy, envFile } = build(dir);
    expect(envFile).toContain("\nAGENTIHOOKS_BASE_CHANNELS=brain\n");
    expect(envFile).not.toContain("COPILOT_DEBUG_BROWSER");
    expect(policy("copilot").channels).toEqual(["brain"]);
  });

  it("records the settings profile and the config's shared broadcast store in every policy", () => {
    const dir = project({
      "agentihooks.config.json": '{ "broadcastDir": "../share/broadcasts", "settingsProfile": "admin" }\n',
    });
    mkdirSync(path.join(dir, "profiles"), { recursive: true });
    const result = build(dir, { settingsProfile: "default" });
    for (const target of TARGETS) {
      expect(result.policy(target).broadcastDir, target).toBe(path.resolve(dir, "../share/broadcasts"));
      expect(result.policy(target).settingsProfile, target).toBe("default");
    }
  });
});

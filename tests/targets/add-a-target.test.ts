/**
 * docs/architecture.md's "Add a target" steps, exercised: a fourth target that exists only in its
 * own folder (tests/fixtures/fake-target/: contract, compiler side, runtime client) and is
 * registered through the registries' API, the runtime counterpart of the one registry line a real
 * target adds. The pipeline compiles it, the CLI's target list and `doctor --live` dispatch see it,
 * and the hook runtime reads its payloads and answers in its shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveChecks } from "../../compiler/doctor/live-probes";
import { portableEnvironment } from "../../compiler/environment";
import { compileTargets, loadProject } from "../../compiler/front-end";
import { findTarget, registerTarget, targetIds, unregisterTarget } from "../../compiler/targets/registry";
import { TARGET_IDS, type TargetId } from "../../compiler/targets/ids";
import { clientIds, registerClient, unregisterClient } from "../../runtime/clients/registry";
import { runHook } from "../../runtime/run-hook";
import { client } from "../fixtures/fake-target/client";
import { target } from "../fixtures/fake-target/index";
import { tempDir } from "../runtime/helpers";

beforeAll(() => {
  registerTarget(target);
  registerClient(client);
});
afterAll(() => {
  unregisterTarget("fake");
  unregisterClient("fake");
});

const FAKE = "fake" as TargetId;

describe("a target added in its own folder", () => {
  it("is listed after the built-in targets by the compiler and the runtime", () => {
    expect(targetIds).toEqual([...TARGET_IDS, "fake"]);
    expect(clientIds()).toEqual([...TARGET_IDS, "fake"]);
    expect(findTarget("fake")?.descriptor.displayName).toBe("Fake CLI");
  });

  it("is compiled by the pipeline from the built-in profile, with its home from its contract", () => {
    const env = portableEnvironment();
    const loaded = loadProject({ cwd: tempDir("ah-fake-project-"), env, configSearch: "none", targets: [FAKE] });
    expect(loaded.diagnostics.filter((d) => d.severity === "error").map((d) => d.message)).toEqual([]);
    expect(loaded.value?.targets).toEqual(["fake"]);
    const [tree] = compileTargets(loaded.value!.ir, env, [FAKE]);
    expect(tree?.target).toBe("fake");
    expect(tree?.entries.map((e) => e.path)).toEqual([
      "/home/agent/.fake/hooks.json",
      "/home/agent/.fake/agentihooks-hook.sh",
      "/home/agent/.agentihooks/policy.fake.json",
    ]);
    const hooks = JSON.parse(String((tree!.entries[0] as { content: string }).content)) as { hooks: Record<string, unknown> };
    expect(Object.keys(hooks.hooks)).toEqual(["session_start", "before_tool", "after_tool"]);
    const wrapper = String((tree!.entries[1] as { content: string }).content);
    expect(wrapper).toContain("export AGENTIHOOKS_TARGET=fake");
    // FAKE_HOME moves it, as COPILOT_HOME moves Copilot's.
    const moved = compileTargets(loaded.value!.ir, portableEnvironment({ vars: { FAKE_HOME: "/srv/fake" } }), [FAKE]);
    expect(moved[0]?.entries[0]?.path).toBe("/srv/fake/hooks.json");
  });

  it("has no live checks when it brings no probe", () => {
    expect(liveChecks({ target: FAKE, entries: [], diagnostics: [] }, "/bin/false", portableEnvironment())).toEqual([]);
  });

  it("runs its hooks through the runtime: its payload read, the guardrails applied, its reply shape", () => {
    const env = { HOME: tempDir("ah-fake-home-"), AGENTIHOOKS_TARGET: "fake" };
    const cwd = tempDir("ah-fake-cwd-");
    const push = runHook({
      stdin: JSON.stringify({ event: "before_tool", tool: { name: "run_shell", args: { command: "git push --force origin main" } }, cwd }),
      argv: [],
      env,
      cwd,
    });
    expect(push.exitCode).toBe(2);
    const deny = JSON.parse(push.stdout) as { verdict: string; why: string };
    expect(deny.verdict).toBe("deny");
    expect(deny.why).toMatch(/^BLOCKED: /);
    expect(push.stderr).toBe(`${deny.why}\n`);

    const harmless = runHook({
      stdin: JSON.stringify({ event: "before_tool", tool: { name: "run_shell", args: { command: "ls" } }, cwd }),
      argv: [],
      env,
      cwd,
    });
    expect(harmless).toEqual({ stdout: "", stderr: "", exitCode: 0 });

    const start = runHook({ stdin: JSON.stringify({ event: "session_start", session: "s1", cwd }), argv: [], env, cwd });
    const context = (JSON.parse(start.stdout) as { context: string }).context;
    expect(context.startsWith("Your Fake CLI session_id is s1.")).toBe(true);
    // Its contract's 200-character cap, applied visibly.
    expect(context.length).toBeLessThanOrEqual(200);
    expect(context.endsWith("[truncated at the client's additionalContext limit]")).toBe(true);
  });
});

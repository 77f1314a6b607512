/**
 * Adopting a populated home: keys the operator set before agentihooks managed them are reported
 * once with both values and kept; `apply --adopt` takes the profile's values and uninstall puts the
 * operator's back, even after later edits elsewhere in the file. doctor never says "matches" while
 * a value of the operator's is kept.
 */
import { describe, expect, it } from "vitest";
import { planAndApply } from "../../compiler/apply/run";
import { checkTarget } from "../../compiler/doctor/check-target";
import { realFileSystem } from "../../compiler/fs/real";
import { planChanges } from "../../compiler/plan/plan-changes";
import { apply, codexTree, copilotTree, get, makeHomes, put, snapshot, uninstall, type Homes } from "./fixtures";

const settings = (h: Homes) => `${h.copilot}/settings.json`;
const adopt = (trees: ReturnType<typeof copilotTree>[], h: Homes) => planAndApply(trees, h.ctx(), { adopt: true });
const doctor = (h: Homes) =>
  checkTarget(copilotTree(h), "GitHub Copilot CLI", { fs: realFileSystem(), env: { home: h.home, agentihooksHome: h.agentihooks }, binary: null });

function populated(): Homes {
  const h = makeHomes();
  put(settings(h), '{\n  // mine\n  "theme": "dim",\n  "disableAllHooks": true,\n  "statusLine": { "type": "command", "command": "my-status" }\n}\n');
  return h;
}

describe("a key the operator set before the first apply", () => {
  it("is listed once with both values and kept; the message offers --adopt, not an 'old value' that never existed", () => {
    const h = populated();
    const plan = planChanges([copilotTree(h)], h.ctx());
    const listed = plan.diagnostics.filter((d) => d.code === "AH5039");
    expect(listed.map((d) => d.message.split("'")[1])).toEqual(["statusLine", "disableAllHooks"]);
    const hooks = listed.find((d) => d.message.startsWith("'disableAllHooks'"))?.message ?? "";
    expect(hooks).toContain("already set to true");
    expect(hooks).toContain("the profile's value is false");
    expect(hooks).toContain("agentihooks apply --adopt");
    expect(hooks).not.toMatch(/old value/);
    expect(plan.diagnostics.map((d) => d.code)).not.toContain("AH5001");
    const out = apply([copilotTree(h)], h);
    expect(out.result?.ok).toBe(true);
    expect(JSON.parse(get(settings(h)).replace("// mine", "")).disableAllHooks).toBe(true);
    expect(get(settings(h))).toContain("// mine");
  });

  it("a later hand edit of a managed key is AH5001 and names the value agentihooks wrote", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    put(settings(h), get(settings(h)).replace('"disableAllHooks": false', '"disableAllHooks": true'));
    const out = apply([copilotTree(h)], h);
    const drift = out.diagnostics.find((d) => d.code === "AH5001");
    expect(drift?.message).toContain("'disableAllHooks' was set by hand to true after agentihooks wrote false");
    expect(drift?.message).toContain("Set it back to false");
  });

  it("apply --adopt takes the profile's values; uninstall restores the file byte for byte", () => {
    const h = populated();
    const before = snapshot(h.home);
    const out = adopt([copilotTree(h)], h);
    expect(out.result?.ok).toBe(true);
    expect(out.diagnostics.filter((d) => d.code === "AH5040").map((d) => d.message.split("'")[1])).toEqual(["statusLine", "disableAllHooks"]);
    const doc = JSON.parse(get(settings(h)).replace("// mine", ""));
    expect(doc.disableAllHooks).toBe(false);
    expect(doc.statusLine.command).toBe("node statusline");
    const state = JSON.parse(get(`${h.agentihooks}/state.json`));
    expect(state.targets.global.copilot.adopted).toEqual({
      [settings(h)]: { "/disableAllHooks": true, "/statusLine": { type: "command", command: "my-status" } },
    });
    // Adopted once: a plain apply afterwards keeps the profile's values and reports nothing.
    const again = apply([copilotTree(h)], h);
    expect(again.diagnostics.map((d) => d.code)).not.toContain("AH5039");
    expect(again.result?.touched).toEqual([]);
    expect(uninstall(["copilot"], h).result?.ok).toBe(true);
    expect(snapshot(h.home)).toEqual(before);
  });

  it("after --adopt and later edits elsewhere in the file, uninstall still puts the operator's values back", () => {
    const h = populated();
    adopt([copilotTree(h)], h);
    put(settings(h), get(settings(h)).replace('"theme": "dim"', '"theme": "light"'));
    expect(uninstall(["copilot"], h).result?.ok).toBe(true);
    const text = get(settings(h));
    const doc = JSON.parse(text.replace("// mine", ""));
    expect(doc).toEqual({ theme: "light", disableAllHooks: true, statusLine: { type: "command", command: "my-status" } });
    expect(text).toContain("// mine");
  });

  it("a key the profile stops setting gets the operator's adopted value back", () => {
    const h = populated();
    adopt([copilotTree(h)], h);
    put(settings(h), get(settings(h)).replace('"theme": "dim"', '"theme": "light"'));
    const tree = copilotTree(h);
    const keys = tree.entries.find((e) => e.kind === "json-keys");
    if (keys?.kind === "json-keys") keys.keys = keys.keys.filter((k) => k.key[0] !== "disableAllHooks");
    expect(apply([tree], h).result?.ok).toBe(true);
    expect(JSON.parse(get(settings(h)).replace("// mine", "")).disableAllHooks).toBe(true);
    expect(JSON.parse(get(`${h.agentihooks}/state.json`)).targets.global.copilot.adopted[settings(h)]).toEqual({
      "/statusLine": { type: "command", command: "my-status" },
    });
  });

  it("works for TOML keys too", () => {
    const h = makeHomes();
    put(`${h.codex}/config.toml`, '# mine\napproval_policy = "never"\nmodel = "o3"\n');
    const plain = apply([codexTree(h)], h);
    expect(plain.diagnostics.find((d) => d.code === "AH5039")?.message).toContain(`'approval_policy' was already set to "never"`);
    const out = planAndApply([codexTree(h)], h.ctx(), { adopt: true });
    expect(out.result?.ok).toBe(true);
    expect(get(`${h.codex}/config.toml`)).toContain('approval_policy = "on-request"');
    put(`${h.codex}/config.toml`, get(`${h.codex}/config.toml`).replace('model = "o3"', 'model = "o4"'));
    expect(uninstall(["codex"], h).result?.ok).toBe(true);
    expect(get(`${h.codex}/config.toml`)).toBe('# mine\napproval_policy = "never"\nmodel = "o4"\n');
  });
});

describe("doctor on a home with kept operator values", () => {
  it("never reports that the home matches the profiles while a conflict is reported", () => {
    const h = populated();
    apply([copilotTree(h)], h);
    const report = doctor(h);
    const messages = report.checks.map((c) => c.message);
    expect(report.ok).toBe(false);
    expect(messages.some((m) => m.includes("'disableAllHooks' is true (the profiles want false)"))).toBe(true);
    expect(messages).not.toContain("the home matches the profiles (apply has nothing to do)");
    expect(messages.join("\n")).toContain("agentihooks apply --adopt --target copilot");
    // Adopted: the home matches, and doctor says so without a failure.
    adopt([copilotTree(h)], h);
    const healed = doctor(h);
    expect(healed.checks.filter((c) => c.status === "fail")).toEqual([]);
    expect(healed.checks.map((c) => c.message)).toContain("the home matches the profiles (apply has nothing to do)");
  });
});

import { mkdirSync, mkdtempSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import { compileInScope } from "../../compiler/scopes/compile-in-scope";
import { absolutizeLedger, parseScopedLedger, relativizeLedger } from "../../compiler/scopes/ledger-paths";
import { chooseScope, findRepoRoot, repoEnvironment, scopeEnvironment } from "../../compiler/scopes/scope-environment";
import type { Target } from "../../compiler/targets/target";
import type { TargetId } from "../../compiler/targets/ids";
import { findTarget } from "../../compiler/targets/registry";

describe("chooseScope", () => {
  it("defaults to home, or to the config's first declared scope", () => {
    expect(chooseScope(undefined, undefined).scope).toBe("home");
    expect(chooseScope(undefined, ["repo", "home"]).scope).toBe("repo");
    expect(chooseScope("home", ["repo", "home"]).scope).toBe("home");
  });
  it("refuses an unknown scope and one the config does not declare", () => {
    expect(chooseScope("galaxy", undefined).diagnostics.map((d) => d.code)).toEqual(["AH5152"]);
    const refused = chooseScope("home", ["repo"]);
    expect(refused.scope).toBeUndefined();
    expect(refused.diagnostics[0]?.code).toBe("AH5153");
    expect(refused.diagnostics[0]?.message).toContain("repo");
  });
});

describe("repo scope environment", () => {
  it("finds the repository root from a subfolder (a .git folder or a worktree's .git file)", () => {
    const root = mkdtempSync(path.join(tmpdir(), "ah-scope-"));
    mkdirSync(path.join(root, "a", "b"), { recursive: true });
    expect(findRepoRoot(path.join(root, "a", "b"), existsSync)).toBeUndefined();
    writeFileSync(path.join(root, ".git"), "gitdir: /elsewhere\n");
    expect(findRepoRoot(path.join(root, "a", "b"), existsSync)).toBe(root);
  });
  it("puts agentihooks' files in <root>/.agentihooks and runs the node on PATH", () => {
    const env = repoEnvironment(portableEnvironment(), "/work/r");
    expect(env.scope).toEqual({ name: "repo", root: "/work/r" });
    expect(env.agentihooksHome).toBe("/work/r/.agentihooks");
    expect(env.runtimePath).toBe("/work/r/.agentihooks/runtime.cjs");
    expect(env.nodePath).toBe("node");
    expect(env.agentsSkills).toBe("/work/r/.agents/skills");
  });
  it("refuses repo scope outside a repository", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ah-norepo-"));
    expect(scopeEnvironment("repo", portableEnvironment(), dir, () => false).diagnostics.map((d) => d.code)).toEqual(["AH5151"]);
  });
});

describe("the repo-scope record", () => {
  const raw = {
    version: 1,
    targets: {
      global: {
        claude: {
          owned: [
            { kind: "file", path: "/r/.claude/x.md", digest: "sha256:ab", mode: 420, manifest: { dir: "/r/.claude/agents", file: "m.json", item: "x" } },
            { kind: "json-keys", path: "/r/.claude/settings.json", sidecar: "/r/.claude/.agentihooks-managed.json" },
          ],
          originals: {
            "/r/.mcp.json": { before: "/r/.agentihooks/originals/claude/%r%.mcp.json", written: "sha256:cd" },
            "/r/CLAUDE.md": { before: "absent", written: "" },
          },
          dirs: ["/r/.claude"],
          links: { "/r/.claude": "/elsewhere/claude" },
        },
      },
    },
  };
  it("stores repo-relative paths (outside the root they stay absolute) and reads them back", () => {
    const rel = relativizeLedger(raw, "/r");
    const text = JSON.stringify(rel);
    expect(text).not.toContain('"/r/');
    expect(text).toContain("/elsewhere/claude");
    expect(text).toContain('"before":"absent"');
    expect(absolutizeLedger(rel, "/r")).toEqual(raw);
    expect(parseScopedLedger(JSON.stringify(rel), { name: "repo", root: "/r" }).raw).toEqual(raw);
  });
});

describe("a target without a place in a scope", () => {
  it("writes nothing there and says why (AH5150)", () => {
    const fake = { ...(findTarget("codex") as Target<TargetId>) };
    fake.descriptor = { ...fake.descriptor, scopes: { repo: "the client reads no repository files" } };
    const tree = compileInScope(fake, {} as never, repoEnvironment(portableEnvironment(), "/r"));
    expect(tree.entries).toEqual([]);
    expect(tree.diagnostics.map((d) => d.code)).toEqual(["AH5150"]);
    expect(tree.diagnostics[0]?.message).toContain("the client reads no repository files");
  });
});

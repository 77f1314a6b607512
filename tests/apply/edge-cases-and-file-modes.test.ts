import { existsSync, lstatSync, mkdirSync, symlinkSync, chmodSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DesiredTree } from "../../compiler/desired-tree";
import { apply, copilotTree, get, makeHomes, put } from "./fixtures";

const skillTree = (h: ReturnType<typeof makeHomes>, name: string, content = "---\nname: x\ndescription: d\n---\nours\n"): DesiredTree => ({
  target: "copilot",
  diagnostics: [],
  entries: [
    {
      kind: "file",
      path: `${h.home}/.agents/skills/${name}/SKILL.md`,
      content,
      mode: 0o644,
      manifest: { dir: `${h.home}/.agents/skills`, file: ".agentihooks-copilot-commands.json", item: name },
    },
  ],
});

describe("edges", () => {
  it("never writes through a symlinked skill directory: the operator's linked skill wins", () => {
    const h = makeHomes();
    const real = path.join(h.home, "src/skills/collide");
    put(path.join(real, "SKILL.md"), "REAL SKILL\n");
    mkdirSync(path.join(h.home, ".agents/skills"), { recursive: true });
    symlinkSync(real, path.join(h.home, ".agents/skills/collide"));
    const out = apply([skillTree(h, "collide")], h);
    expect(out.result?.ok).toBe(true);
    expect(out.diagnostics.map((d) => d.code)).toContain("AH5003");
    expect(get(path.join(real, "SKILL.md"))).toBe("REAL SKILL\n");
    expect(lstatSync(path.join(h.home, ".agents/skills/collide")).isSymbolicLink()).toBe(true);
  });

  it("refuses two targets that want different bytes at one path, and writes nothing", () => {
    const h = makeHomes();
    const a = skillTree(h, "same", "a\n");
    const b = { ...skillTree(h, "same", "b\n"), target: "codex" } as DesiredTree;
    const out = apply([a, b], h);
    expect(out.diagnostics.map((d) => d.code)).toEqual(["AH5010"]);
    expect(existsSync(path.join(h.home, ".agents"))).toBe(false);
  });

  it("accepts identical content from two targets and keeps the file until the last owner is uninstalled", async () => {
    const { uninstall } = await import("./fixtures");
    const h = makeHomes();
    const a = skillTree(h, "shared", "same\n");
    const b = { ...a, target: "codex" } as DesiredTree;
    expect(apply([a, b], h).result?.ok).toBe(true);
    uninstall(["copilot"], h);
    expect(get(`${h.home}/.agents/skills/shared/SKILL.md`)).toBe("same\n");
    uninstall(["codex"], h);
    expect(existsSync(`${h.home}/.agents/skills/shared/SKILL.md`)).toBe(false);
  });

  it("refuses a directory where a file must go", () => {
    const h = makeHomes();
    mkdirSync(`${h.copilot}/agentihooks-hook.sh`, { recursive: true });
    const out = apply([copilotTree(h)], h);
    expect(out.diagnostics.map((d) => d.code)).toContain("AH5011");
    expect(existsSync(`${h.copilot}/settings.json`)).toBe(false);
  });

  it("restores a wrapper's mode when someone changed it, without touching its bytes otherwise", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    chmodSync(`${h.copilot}/agentihooks-hook.sh`, 0o644);
    const out = apply([copilotTree(h)], h);
    const change = out.plan?.changes.find((c) => c.path === `${h.copilot}/agentihooks-hook.sh`);
    expect(change?.action).toBe("update");
    expect(statSync(`${h.copilot}/agentihooks-hook.sh`).mode & 0o777).toBe(0o755);
  });

  it("an owned file edited by hand is backed up, then refreshed (drift reported)", () => {
    const h = makeHomes();
    apply([copilotTree(h)], h);
    put(`${h.copilot}/agents/scout.md`, "my edit\n");
    const out = apply([copilotTree(h)], h);
    expect(out.diagnostics.map((d) => d.code)).toContain("AH5006");
    expect(get(`${h.copilot}/agents/scout.md.bak.20261130120000`)).toBe("my edit\n");
    expect(get(`${h.copilot}/agents/scout.md`)).toContain("Scout.");
  });
});

describe("modes of shared files", () => {
  it("a shared file that will hold a resolved secret is made 0600; otherwise the operator's mode stays", async () => {
    const { defaultJsonStyle } = await import("../../compiler/desired-tree");
    const h = makeHomes();
    put(`${h.copilot}/mcp-config.json`, '{"mcpServers": {}}\n');
    chmodSync(`${h.copilot}/mcp-config.json`, 0o664);
    put(`${h.copilot}/settings.json`, "{}\n");
    chmodSync(`${h.copilot}/settings.json`, 0o640);
    const tree = {
      target: "copilot",
      diagnostics: [],
      entries: [
        {
          kind: "json-entries",
          path: `${h.copilot}/mcp-config.json`,
          container: ["mcpServers"],
          entries: { gw: { headers: { Authorization: "Bearer resolved" } } },
          style: defaultJsonStyle,
          mode: 0o600,
        },
        {
          kind: "json-keys",
          path: `${h.copilot}/settings.json`,
          format: "jsonc",
          keys: [{ key: ["a"], value: 1 }],
          sidecar: `${h.copilot}/.agentihooks-managed.json`,
          style: defaultJsonStyle,
          mode: 0o644,
        },
      ],
    } as never;
    apply([tree], h);
    expect(statSync(`${h.copilot}/mcp-config.json`).mode & 0o777).toBe(0o600);
    expect(statSync(`${h.copilot}/settings.json`).mode & 0o777).toBe(0o640);
  });
});

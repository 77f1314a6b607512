/**
 * Homes as people keep them: a client folder that is a link into a dotfiles repository, a file
 * where a folder belongs, a read-only settings file, a linked ownership record. Real temp homes;
 * the tests run as root, so read-only is decided by mode bits, never by a failed open.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apply, codexTree, copilotTree, get, makeHomes, put, snapshot, uninstall } from "./fixtures";

const codes = (list: { code: string }[]) => list.map((d) => d.code);

describe("a client home that is a symlink (dotfiles)", () => {
  it("is written through, recorded as a link, and left a link by apply and uninstall", () => {
    const h = makeHomes();
    const dotfiles = path.join(h.home, "dotfiles/copilot");
    put(path.join(dotfiles, "settings.json"), '{\n  "theme": "dim"\n}\n');
    put(path.join(dotfiles, "notes.md"), "mine\n");
    symlinkSync(dotfiles, h.copilot);
    const before = snapshot(dotfiles);

    const out = apply([copilotTree(h)], h);
    expect(out.result?.ok, JSON.stringify(out.diagnostics)).toBe(true);
    expect(codes(out.diagnostics)).not.toContain("AH5012");
    const linked = out.diagnostics.find((d) => d.code === "AH5038");
    expect(linked?.file).toBe("~/.copilot");
    expect(linked?.message).toContain("~/dotfiles/copilot");
    // The link stays a link; the files are in its target.
    expect(lstatSync(h.copilot).isSymbolicLink()).toBe(true);
    expect(readlinkSync(h.copilot)).toBe(dotfiles);
    expect(get(path.join(dotfiles, "agentihooks-hook.sh"))).toContain("runtime.mjs");
    expect(JSON.parse(get(path.join(dotfiles, "settings.json"))).theme).toBe("dim");
    const state = JSON.parse(get(path.join(h.agentihooks, "state.json")));
    expect(state.targets.global.copilot.links).toEqual({ [h.copilot]: dotfiles });

    // A second apply is quiet about the link it already recorded, and writes nothing.
    const again = apply([copilotTree(h)], h);
    expect(codes(again.diagnostics)).not.toContain("AH5038");
    expect(again.result?.touched).toEqual([]);

    const removed = uninstall(["copilot"], h);
    expect(removed.result?.ok).toBe(true);
    expect(lstatSync(h.copilot).isSymbolicLink()).toBe(true);
    expect(snapshot(dotfiles)).toEqual(before);
  });

  it("stays a link even when uninstall leaves its folder empty", () => {
    const h = makeHomes();
    const dotfiles = path.join(h.home, "dotfiles/codex");
    mkdirSync(dotfiles, { recursive: true });
    symlinkSync(dotfiles, h.codex);
    expect(apply([codexTree(h)], h).result?.ok).toBe(true);
    expect(uninstall(["codex"], h).result?.ok).toBe(true);
    expect(lstatSync(h.codex).isSymbolicLink()).toBe(true);
    expect(statSync(dotfiles).isDirectory()).toBe(true);
    expect(snapshot(dotfiles)).toEqual({});
  });
});

describe("a file where a folder must be", () => {
  it("is an error naming that file (not 'no permission'), and nothing is written", () => {
    const h = makeHomes();
    put(path.join(h.copilot, "hooks"), "not a folder\n");
    const before = snapshot(h.home);
    const out = apply([copilotTree(h)], h);
    expect(out.result?.ok).toBe(false);
    expect(codes(out.diagnostics)).toEqual(["AH5035"]);
    expect(out.diagnostics[0]?.file).toBe("~/.copilot/hooks");
    expect(out.diagnostics[0]?.message).toContain("This is a file, not a folder, but agentihooks must write ~/.copilot/hooks/agentihooks.json inside it");
    expect(snapshot(h.home)).toEqual(before);
  });

  it("a link to a file in that place is named as such", () => {
    const h = makeHomes();
    put(path.join(h.home, "elsewhere.txt"), "x\n");
    mkdirSync(h.copilot, { recursive: true });
    symlinkSync(path.join(h.home, "elsewhere.txt"), path.join(h.copilot, "hooks"));
    const out = apply([copilotTree(h)], h);
    expect(codes(out.diagnostics)).toEqual(["AH5035"]);
    expect(out.diagnostics[0]?.message).toContain("symbolic link to a file");
  });
});

describe("a read-only file agentihooks must change", () => {
  it("is an error naming it; the file, its mode and the rest of the home are untouched", () => {
    const h = makeHomes();
    put(path.join(h.copilot, "settings.json"), '{\n  "theme": "dim"\n}\n');
    chmodSync(path.join(h.copilot, "settings.json"), 0o444);
    const before = snapshot(h.home);
    const out = apply([copilotTree(h)], h);
    expect(out.result?.ok).toBe(false);
    const refused = out.diagnostics.filter((d) => d.code === "AH5036");
    expect(refused.map((d) => d.file)).toEqual(["~/.copilot/settings.json"]);
    expect(refused[0]?.message).toContain("read-only (mode 0444)");
    expect(snapshot(h.home)).toEqual(before);
    expect(existsSync(path.join(h.agentihooks, "state.json"))).toBe(false);
  });

  it("a file agentihooks owns and the operator made read-only is not replaced either", () => {
    const h = makeHomes();
    expect(apply([copilotTree(h)], h).result?.ok).toBe(true);
    chmodSync(path.join(h.copilot, "agents/scout.md"), 0o444);
    const out = apply([copilotTree(h, { agents: { "scout.md": "---\ndescription: scout\n---\nScout v2.\n" } })], h);
    expect(codes(out.diagnostics)).toContain("AH5036");
    expect(get(path.join(h.copilot, "agents/scout.md"))).toContain("Scout.\n");
    // A read-only file that needs no change is no obstacle (a shared file keeps the operator's mode).
    chmodSync(path.join(h.copilot, "agents/scout.md"), 0o644);
    chmodSync(path.join(h.copilot, "settings.json"), 0o444);
    const quiet = apply([copilotTree(h)], h);
    expect(codes(quiet.diagnostics)).not.toContain("AH5036");
    expect(quiet.result?.ok).toBe(true);
  });
});

describe("a linked ownership record", () => {
  it("is refused: nothing is read through it or written, and the link stays", () => {
    const h = makeHomes();
    const elsewhere = path.join(h.home, "elsewhere-state.json");
    put(elsewhere, "{}\n");
    mkdirSync(h.agentihooks, { recursive: true });
    symlinkSync(elsewhere, path.join(h.agentihooks, "state.json"));
    const out = apply([copilotTree(h)], h);
    expect(out.result?.ok).toBe(false);
    expect(codes(out.diagnostics)).toEqual(["AH5037"]);
    expect(out.diagnostics[0]?.file).toBe("~/.agentihooks/state.json");
    expect(lstatSync(path.join(h.agentihooks, "state.json")).isSymbolicLink()).toBe(true);
    expect(readFileSync(elsewhere, "utf8")).toBe("{}\n");
    expect(existsSync(h.copilot)).toBe(false);
    expect(codes(uninstall(["copilot"], h).diagnostics)).toEqual(["AH5037"]);
  });
});

describe("the ownership record beside a private file", () => {
  it("is never easier to read than the file it describes", () => {
    const h = makeHomes();
    put(path.join(h.codex, "config.toml"), 'model = "o4"\n');
    chmodSync(path.join(h.codex, "config.toml"), 0o600);
    expect(apply([codexTree(h)], h).result?.ok).toBe(true);
    expect(statSync(path.join(h.codex, "config.toml")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(h.codex, ".agentihooks-managed.json")).mode & 0o777).toBe(0o600);
  });

  it("stays 0644 beside files that are 0644", () => {
    const h = makeHomes();
    expect(apply([codexTree(h)], h).result?.ok).toBe(true);
    expect(statSync(path.join(h.codex, ".agentihooks-managed.json")).mode & 0o777).toBe(0o644);
  });
});

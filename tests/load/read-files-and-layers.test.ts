import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nodeFileSystem, withReversedListings } from "../../compiler/load/file-system";
import { maxFileBytes, probe, type ReadContext, readOptionalText } from "../../compiler/load/read-file";
import { type LoadContext, readLayer } from "../../compiler/load/read-layer";
import { displayJoin } from "../../compiler/load/source-root";

const root = mkdtempSync(path.join(tmpdir(), "ah-load-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (rel: string, content: string | Uint8Array) => {
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  return abs;
};
const context = (): LoadContext => ({ fs: nodeFileSystem, diagnostics: [], parsed: new Map() });

describe("reading single files", () => {
  it("reads UTF-8 text and strips a byte-order mark", () => {
    const abs = write("bom.md", "\uFEFFhello\n");
    const ctx: ReadContext = context();
    expect(readOptionalText(ctx, abs, "x:bom.md", "persona")).toBe("hello\n");
    expect(ctx.diagnostics).toEqual([]);
  });

  it("treats a missing file as absent, without a diagnostic", () => {
    const ctx = context();
    expect(readOptionalText(ctx, path.join(root, "nope.md"), "x:nope.md", "persona")).toBeUndefined();
    expect(ctx.diagnostics).toEqual([]);
  });

  it("reports non-UTF-8 bytes with the line", () => {
    const abs = write("latin1.md", new Uint8Array([0x61, 0x0a, 0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const ctx = context();
    expect(readOptionalText(ctx, abs, "x:latin1.md", "persona")).toBeUndefined();
    expect(ctx.diagnostics).toMatchObject([{ file: "x:latin1.md", line: 2, severity: "error" }]);
  });

  it("refuses a file over the 1 MiB limit and accepts one at the limit", () => {
    const over = write("big.md", "x".repeat(maxFileBytes + 1));
    const at = write("edge.md", "x".repeat(maxFileBytes));
    const ctx = context();
    expect(readOptionalText(ctx, over, "x:big.md", "rule")).toBeUndefined();
    expect(readOptionalText(ctx, at, "x:edge.md", "rule")).toHaveLength(maxFileBytes);
    expect(ctx.diagnostics.map((d) => [d.code, d.file])).toEqual([["AH1101", "x:big.md"]]);
  });

  it("reports a directory where a file is expected, and the reverse", () => {
    mkdirSync(path.join(root, "dir.md"), { recursive: true });
    const file = write("file-not-dir", "x");
    const ctx = context();
    expect(probe(ctx, path.join(root, "dir.md"), "x:dir.md", "file", "rule markdown").kind).toBe("invalid");
    expect(probe(ctx, file, "x:file-not-dir", "directory", "rules folder").kind).toBe("invalid");
    expect(ctx.diagnostics.map((d) => d.code)).toEqual(["AH1102", "AH1103"]);
  });

  it("reports a symlink loop and a dangling symlink", () => {
    symlinkSync("loop", path.join(root, "loop"));
    symlinkSync("does-not-exist", path.join(root, "dangling"));
    const ctx = context();
    expect(probe(ctx, path.join(root, "loop"), "x:loop", "file", "rule").kind).toBe("invalid");
    expect(probe(ctx, path.join(root, "dangling"), "x:dangling", "file", "rule").kind).toBe("invalid");
    expect(ctx.diagnostics.map((d) => d.code)).toEqual(["AH1104", "AH1105"]);
  });
});

describe("reading with one open (openFile) and without it (stat, then read)", () => {
  const { openFile: _openFile, ...statThenRead } = nodeFileSystem;
  mkdirSync(path.join(root, "one-open/dir.md"), { recursive: true });
  symlinkSync("loop2", path.join(root, "one-open/loop2"));
  symlinkSync("does-not-exist", path.join(root, "one-open/dangling.md"));
  write("one-open/big.md", "x".repeat(maxFileBytes + 1));
  write("one-open/ok.md", "\uFEFFok\n");
  write("one-open/latin1.md", new Uint8Array([0x61, 0x0a, 0xe9, 0x0a]));
  execFileSync("mkfifo", [path.join(root, "one-open/fifo.md")]);
  const names = ["ok.md", "dir.md", "loop2", "dangling.md", "big.md", "latin1.md", "fifo.md", "missing.md"];
  const readAll = (fs: LoadContext["fs"]) => {
    const ctx: ReadContext = { fs, diagnostics: [] };
    const texts = names.map((name) => readOptionalText(ctx, path.join(root, "one-open", name), `x:${name}`, "rule markdown"));
    return { texts, diagnostics: ctx.diagnostics };
  };

  it("reports each unusable entry as a stat-first reader does (a FIFO without waiting for a writer)", () => {
    const oneOpen = readAll(nodeFileSystem);
    expect(oneOpen.texts).toEqual(["ok\n", undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(oneOpen.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ["AH1102", "x:dir.md"],
      ["AH1104", "x:loop2"],
      ["AH1105", "x:dangling.md"],
      ["AH1101", "x:big.md"],
      ["AH1001", "x:latin1.md"],
      ["AH1108", "x:fifo.md"],
    ]);
    expect(readAll(statThenRead)).toEqual(oneOpen);
  });

  it("keeps each file's bytes apart when they are not transient (skill files)", () => {
    const a = nodeFileSystem.openFile!(path.join(root, "one-open/ok.md"), maxFileBytes, false).bytes!;
    const b = nodeFileSystem.openFile!(path.join(root, "one-open/latin1.md"), maxFileBytes, false).bytes!;
    expect([...a]).toEqual([0xef, 0xbb, 0xbf, 0x6f, 0x6b, 0x0a]);
    expect([...b]).toEqual([0x61, 0x0a, 0xe9, 0x0a]);
    expect(a.byteOffset).toBe(0);
    expect(a.buffer.byteLength).toBe(6);
  });
});

describe("readLayer", () => {
  const profile = path.join(root, "profile");
  write("profile/CLAUDE.md", "# Persona\n");
  write("profile/profile.yml", "description: test\nextends: [base]\n");
  write("profile/.claude/rules/b.md", "rule b\n");
  write("profile/.claude/rules/a.md", "rule a\n");
  write("profile/.claude/rules/README.md", "not a rule\n");
  write("profile/.claude/rules/notes.txt", "not a rule\n");
  write("profile/.claude/rules/.hidden.md", "never a rule\n");
  write(
    "profile/.claude/commands/ship.md",
    "---\n$schema: https://agentihooks.dev/schemas/command-frontmatter.schema.json\ndescription: Ship it\n---\nShip $ARGUMENTS.\n",
  );
  write("profile/.claude/skills/tool/SKILL.md", "---\nname: tool\ndescription: A tool\n---\nUse it.\n");
  write("profile/.claude/skills/tool/z.txt", "z\n");
  write("profile/.claude/skills/tool/scripts/run.sh", "#!/bin/sh\n");
  chmodSync(path.join(profile, ".claude/skills/tool/scripts/run.sh"), 0o755);
  write("profile/.claude/skills/README.md", "a stray file is not a skill\n");
  write("profile/settings.overrides.json", '{ "model": "root-level" }\n');
  write("profile/.copilot/settings.overrides.json", '{ "model": "in-subdir" }\n');
  write("profile/.mcp.json", '{ "mcpServers": { "a": { "command": "a-mcp" } } }\n');
  const rootInfo = { dir: profile, display: "bundle:profiles/p", layer: "profile p" };

  it("reads persona, manifest, layers and features with display paths", () => {
    const ctx = context();
    const layer = readLayer(ctx, rootInfo, { persona: ["CLAUDE.md"], manifest: true, layers: true, features: true });
    // The one file the format does not read is reported, not skipped silently.
    expect(ctx.diagnostics.map((d) => [d.code, d.file])).toEqual([["AH1114", "bundle:profiles/p/.claude/rules/notes.txt"]]);
    expect(layer.persona).toEqual({ text: "# Persona\n", origin: { file: "bundle:profiles/p/CLAUDE.md", layer: "profile p" } });
    expect(layer.manifest?.file).toBe("bundle:profiles/p/profile.yml");
    expect(layer.features.rules.map((r) => r.fileName)).toEqual(["a.md", "b.md"]);
    expect(layer.features.commands.map((c) => [c.name, c.frontmatter])).toEqual([["ship", { description: "Ship it" }]]);
    const [skill] = layer.features.skills;
    expect(skill?.name).toBe("tool");
    expect(skill?.files.map((f) => [f.path, f.executable])).toEqual([
      ["SKILL.md", false],
      ["scripts/run.sh", true],
      ["z.txt", false],
    ]);
  });

  it("looks a native layer up in the target subdirectory first, then the root", () => {
    const layer = readLayer(context(), rootInfo, { layers: true });
    expect(layer.layers.targets.copilot?.settings?.file).toBe("bundle:profiles/p/.copilot/settings.overrides.json");
    // The root fallback is shared by Claude and Copilot (same file name); Claude has no subdir file here.
    expect(layer.layers.targets.claude?.settings?.file).toBe("bundle:profiles/p/settings.overrides.json");
    expect(layer.layers.sharedMcp?.file).toBe("bundle:profiles/p/.mcp.json");
  });

  it("returns the same result whatever order directories are listed in", () => {
    const forward = readLayer(context(), rootInfo, { features: true });
    const reversed = readLayer({ ...context(), fs: withReversedListings(nodeFileSystem) }, rootInfo, { features: true });
    expect(JSON.stringify(reversed.features)).toBe(JSON.stringify(forward.features));
  });

  it("reports a skill directory without SKILL.md and a skill directory loop", () => {
    write("broken/.claude/skills/empty/notes.txt", "x\n");
    write("broken/.claude/skills/loopy/SKILL.md", "---\ndescription: loops\n---\n");
    symlinkSync("..", path.join(root, "broken/.claude/skills/loopy/up"));
    const ctx = context();
    readLayer(ctx, { dir: path.join(root, "broken"), display: "linked(b):", layer: "profile b" }, { features: true });
    expect(ctx.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ["AH1107", "linked(b):.claude/skills/empty"],
      ["AH1104", "linked(b):.claude/skills/loopy/up"],
    ]);
  });
});

describe("displayJoin", () => {
  it("joins without doubling separators after a source prefix", () => {
    expect(displayJoin("linked(brain):", "CLAUDE.md")).toBe("linked(brain):CLAUDE.md");
    expect(displayJoin("bundle:", ".claude/CLAUDE.md")).toBe("bundle:.claude/CLAUDE.md");
    expect(displayJoin("built-in:profiles/default", "CLAUDE.md")).toBe("built-in:profiles/default/CLAUDE.md");
  });
});

describe("readLayer: a target folder that is a file", () => {
  it("is reported instead of hiding the layers inside it", () => {
    write("filey/.codex", "not a folder\n");
    const ctx = context();
    readLayer(ctx, { dir: path.join(root, "filey"), display: "bundle:profiles/filey", layer: "profile filey" }, { layers: true, features: true });
    expect(ctx.diagnostics.map((d) => [d.code, d.file])).toEqual([["AH1103", "bundle:profiles/filey/.codex"]]);
  });
});

describe("readLayer: an empty profile.yml", () => {
  it("counts as a manifest that sets nothing", () => {
    write("empty-manifest/profile.yml", "# nothing here yet\n");
    const ctx = context();
    const layer = readLayer(ctx, { dir: path.join(root, "empty-manifest"), display: "bundle:profiles/e", layer: "profile e" }, { manifest: true });
    expect(ctx.diagnostics).toEqual([]);
    expect(layer.manifest?.doc.value).toEqual({});
  });
});

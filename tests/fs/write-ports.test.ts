import { execFileSync } from "node:child_process";
import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planAndApply } from "../../compiler/apply/run";
import { dryRunFileSystem } from "../../compiler/fs/dry-run";
import { memoryFileSystem } from "../../compiler/fs/memory";
import { outTreeWriter } from "../../compiler/fs/out-tree";
import { realFileSystem } from "../../compiler/fs/real";
import { recordingFileSystem } from "../../compiler/fs/recording";
import { intentPath } from "../../compiler/state/intent";
import { codexTree, copilotTree, get, makeHomes, put, snapshot } from "../apply/fixtures";

describe("real filesystem port (durable, atomic)", () => {
  it("replaces a file by rename (a hard link to the old file keeps the old bytes) and a symlink by a file, never writing through it", () => {
    const h = makeHomes();
    const fs = realFileSystem();
    const file = path.join(h.home, "d/settings.json");
    const other = path.join(h.home, "d/other-name.json");
    const victim = path.join(h.home, "victim.txt");
    put(file, "old\n");
    linkSync(file, other);
    writeFileSync(victim, "operator\n");
    symlinkSync(victim, path.join(h.home, "d/linked.json"));
    const inode = statSync(file).ino;
    fs.write(file, new TextEncoder().encode("new\n"), 0o644);
    fs.write(path.join(h.home, "d/linked.json"), new TextEncoder().encode("{}\n"), 0o600);
    expect(get(file)).toBe("new\n");
    expect(statSync(file).ino).not.toBe(inode);
    expect(get(other)).toBe("old\n");
    expect(lstatSync(path.join(h.home, "d/linked.json")).isSymbolicLink()).toBe(false);
    expect(get(victim)).toBe("operator\n");
    expect(readdirSync(path.join(h.home, "d")).sort()).toEqual(["linked.json", "other-name.json", "settings.json"]);
  });

  it("writes atomically with the exact mode (whatever the umask) and leaves no temp file", () => {
    const h = makeHomes();
    const fs = realFileSystem();
    const file = path.join(h.home, "a/b/c.sh");
    const old = process.umask(0o077);
    try {
      fs.write(file, new TextEncoder().encode("x\n"), 0o755);
      fs.write(path.join(h.home, "a/b/secret.json"), new TextEncoder().encode("{}"), 0o600);
    } finally {
      process.umask(old);
    }
    expect(statSync(file).mode & 0o777).toBe(0o755);
    expect(statSync(path.join(h.home, "a/b/secret.json")).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(h.home, "a/b")).sort()).toEqual(["c.sh", "secret.json"]);
  });

  it("reads regular files whole and everything else (links, directories, FIFOs, nothing) as absent", () => {
    const h = makeHomes();
    const fs = realFileSystem();
    const big = "x".repeat(100_000) + "é\n";
    put(path.join(h.home, "r/big.txt"), big);
    put(path.join(h.home, "r/empty.txt"), "");
    symlinkSync(path.join(h.home, "r/big.txt"), path.join(h.home, "r/link.txt"));
    execFileSync("mkfifo", [path.join(h.home, "r/fifo")]);
    expect(new TextDecoder().decode(fs.read(path.join(h.home, "r/big.txt")))).toBe(big);
    expect(fs.read(path.join(h.home, "r/empty.txt"))?.length).toBe(0);
    for (const name of ["link.txt", "fifo", "missing.txt", "big.txt/below"]) expect(fs.read(path.join(h.home, "r", name)), name).toBeUndefined();
    expect(fs.read(path.join(h.home, "r"))).toBeUndefined();
    expect(fs.stat(path.join(h.home, "r/missing.txt"))).toBeUndefined();
    expect(fs.stat(path.join(h.home, "r/link.txt"))?.kind).toBe("symlink");
    expect(fs.stat(path.join(h.home, "r/fifo"))?.kind).toBe("other");
  });

  it("finds a directory writable through its nearest existing ancestor, following a link to a folder, never a file", () => {
    const h = makeHomes();
    const fs = realFileSystem();
    put(path.join(h.home, "w/file.txt"), "x");
    mkdirSync(path.join(h.home, "w/real"), { recursive: true });
    symlinkSync(path.join(h.home, "w/real"), path.join(h.home, "w/live"));
    symlinkSync(path.join(h.home, "w/file.txt"), path.join(h.home, "w/to-file"));
    symlinkSync(path.join(h.home, "w/nowhere"), path.join(h.home, "w/dangling"));
    expect(fs.checkWritable(path.join(h.home, "w/real"))).toBeUndefined();
    expect(fs.checkWritable(path.join(h.home, "w/new/deeper"))).toBeUndefined();
    expect(fs.checkWritable(path.join(h.home, "w/dangling/sub"))).toBeUndefined();
    // A home kept in a dotfiles repository: the link is followed to its folder.
    expect(fs.checkWritable(path.join(h.home, "w/live"))).toBeUndefined();
    expect(fs.checkWritable(path.join(h.home, "w/live/sub"))).toBeUndefined();
    expect(fs.checkWritable(path.join(h.home, "w/file.txt"))).toEqual({ reason: "file", path: path.join(h.home, "w/file.txt") });
    expect(fs.checkWritable(path.join(h.home, "w/file.txt/sub"))).toEqual({ reason: "file", path: path.join(h.home, "w/file.txt") });
    expect(fs.checkWritable(path.join(h.home, "w/to-file/sub"))).toEqual({ reason: "symlink", path: path.join(h.home, "w/to-file") });
    expect(fs.realPath(path.join(h.home, "w/live"))).toBe(fs.realPath(path.join(h.home, "w/real")));
    expect(fs.realPath(path.join(h.home, "w/dangling"))).toBeUndefined();
  });

  it("lists sorted, reads only regular files, and locks exclusively", () => {
    const h = makeHomes();
    const fs = realFileSystem();
    put(path.join(h.home, "d/b"), "b");
    put(path.join(h.home, "d/a"), "a");
    expect(fs.list(path.join(h.home, "d"))).toEqual(["a", "b"]);
    expect(fs.read(path.join(h.home, "d"))).toBeUndefined();
    const lock = fs.lock(path.join(h.home, "l.lock"));
    expect("release" in lock).toBe(true);
    const second = fs.lock(path.join(h.home, "l.lock"));
    expect(second).toEqual({ heldBy: String(process.pid) });
    if ("release" in lock) lock.release();
    expect(existsSync(path.join(h.home, "l.lock"))).toBe(false);
  });
});

describe("build --out writer (a regenerable tree: in place, not atomic)", () => {
  it("rewrites an existing file in place (the same inode: a hard link sees the new bytes)", () => {
    const h = makeHomes();
    const fs = outTreeWriter();
    const file = path.join(h.home, "out/a.json");
    put(file, "old\n");
    linkSync(file, path.join(h.home, "out/b.json"));
    const inode = statSync(file).ino;
    fs.write(file, new TextEncoder().encode("new\n"), 0o600);
    expect(statSync(file).ino).toBe(inode);
    expect(get(path.join(h.home, "out/b.json"))).toBe("new\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    fs.remove(path.join(h.home, "out"));
    expect(existsSync(path.join(h.home, "out"))).toBe(false);
    fs.write(path.join(h.home, "out/again/c.json"), new TextEncoder().encode("c\n"), 0o644);
    expect(get(path.join(h.home, "out/again/c.json"))).toBe("c\n");
  });

  it("writes a regenerable tree in place with the exact mode, and never through a symlink", () => {
    const h = makeHomes();
    const fs = outTreeWriter();
    const victim = path.join(h.home, "victim.txt");
    writeFileSync(victim, "operator\n");
    const linked = path.join(h.home, "out/linked.json");
    fs.write(path.join(h.home, "out/plain.sh"), new TextEncoder().encode("x\n"), 0o755);
    symlinkSync(victim, linked);
    const old = process.umask(0o077);
    try {
      fs.write(linked, new TextEncoder().encode("{}\n"), 0o644);
    } finally {
      process.umask(old);
    }
    expect(statSync(path.join(h.home, "out/plain.sh")).mode & 0o777).toBe(0o755);
    expect(lstatSync(linked).isSymbolicLink()).toBe(false);
    expect(readFileSync(linked, "utf8")).toBe("{}\n");
    expect(statSync(linked).mode & 0o777).toBe(0o644);
    expect(readFileSync(victim, "utf8")).toBe("operator\n");
    expect(readdirSync(path.join(h.home, "out")).sort()).toEqual(["linked.json", "plain.sh"]);
  });

  it("creates a fresh regenerable tree with exact modes whatever the umask, and rewrites a path it already wrote", () => {
    const enc = (t: string) => new TextEncoder().encode(t);
    for (const umask of [0o022, 0o077, 0o000, 0o027]) {
      const h = makeHomes();
      const fs = outTreeWriter();
      const out = path.join(h.home, "out");
      const old = process.umask(umask);
      try {
        fs.write(path.join(out, "a/one.json"), enc("1\n"), 0o644);
        fs.write(path.join(out, "a/two.sh"), enc("2\n"), 0o755);
        fs.write(path.join(out, "a/b/three.json"), enc("3\n"), 0o600);
        fs.write(path.join(out, "a/b/c/four.json"), enc("4\n"), 0o644);
        fs.write(path.join(out, "a/b/c/five.sh"), enc("5\n"), 0o775);
        fs.write(path.join(out, "a/one.json"), enc("one again\n"), 0o600);
      } finally {
        process.umask(old);
      }
      const mode = (rel: string) => statSync(path.join(out, rel)).mode & 0o777;
      expect([mode("a/one.json"), mode("a/two.sh"), mode("a/b/three.json"), mode("a/b/c/four.json"), mode("a/b/c/five.sh")]).toEqual([
        0o600, 0o755, 0o600, 0o644, 0o775,
      ]);
      expect(readFileSync(path.join(out, "a/one.json"), "utf8")).toBe("one again\n");
      expect(readFileSync(path.join(out, "a/b/c/five.sh"), "utf8")).toBe("5\n");
      expect(readdirSync(path.join(out, "a")).sort()).toEqual(["b", "one.json", "two.sh"]);
    }
  });
});

describe("dry-run and recording wrappers", () => {
  it("dry-run records writes, shows them to later reads, and never touches the disk", () => {
    const h = makeHomes();
    put(path.join(h.home, "keep.txt"), "old");
    const fs = dryRunFileSystem(realFileSystem());
    fs.write(path.join(h.home, "keep.txt"), new TextEncoder().encode("new"), 0o644);
    fs.write(path.join(h.home, "x/new.txt"), new TextEncoder().encode("n"), 0o644);
    fs.remove(path.join(h.home, "keep.txt"));
    expect(fs.read(path.join(h.home, "keep.txt"))).toBeUndefined();
    expect(new TextDecoder().decode(fs.read(path.join(h.home, "x/new.txt")))).toBe("n");
    expect(fs.operations.map((o) => o.op)).toEqual(["write", "write", "remove"]);
    expect(get(path.join(h.home, "keep.txt"))).toBe("old");
    expect(existsSync(path.join(h.home, "x"))).toBe(false);
  });

  it("recording keeps before and after of each write", () => {
    const fs = recordingFileSystem(memoryFileSystem({ "/h/a": "1" }));
    fs.write("/h/a", new TextEncoder().encode("2"), 0o644);
    fs.remove("/h/a");
    expect(fs.changes.map((c) => [c.path, c.before && new TextDecoder().decode(c.before), c.after && new TextDecoder().decode(c.after)])).toEqual([
      ["/h/a", "1", "2"],
      ["/h/a", "2", undefined],
    ]);
  });

  it("apply through the dry-run wrapper performs exactly the plan's writes and leaves the home untouched", () => {
    const h = makeHomes();
    put(`${h.copilot}/settings.json`, '{"theme": "dim"}\n');
    const before = snapshot(h.home);
    const fs = dryRunFileSystem(realFileSystem());
    const out = planAndApply([copilotTree(h), codexTree(h)], { ...h.ctx(), fs });
    expect(out.result?.ok).toBe(true);
    expect(snapshot(h.home)).toEqual(before);
    const planned = out
      .plan!.changes.filter((c) => c.action !== "keep" && c.action !== "conflict")
      .map((c) => c.path)
      .sort();
    // The intent record is written first and removed last (tests/apply/killed-and-failed-writes.test.ts); everything else is the plan's.
    const intent = intentPath(h.ctx().env);
    expect(fs.operations[0]).toMatchObject({ op: "write", path: intent, mode: 0o600 });
    expect(fs.operations[fs.operations.length - 1]).toEqual({ op: "remove", path: intent });
    const written = [...new Set(fs.operations.map((o) => (o.op === "rename" ? o.to : o.path)))].filter((p) => !p.includes(".bak.") && p !== intent).sort();
    expect(written).toEqual(planned);
    // And the real apply then writes the same bytes the dry run showed.
    const real = planAndApply([copilotTree(h), codexTree(h)], h.ctx());
    for (const op of fs.operations)
      if (op.op === "write" && !op.path.includes(".bak.") && op.path !== intent) expect(get(op.path)).toBe(new TextDecoder().decode(op.content));
    expect(real.result?.ok).toBe(true);
  });
});

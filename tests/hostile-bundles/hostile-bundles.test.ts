/**
 * Every hostile bundle (cases.ts) through `build --out`, `plan` and `apply --yes`, and every fourth
 * one also through `plan --json`, `inspect --json` and `doctor --json` (all six for every bundle
 * under AGENTIHOOKS_FULL_SWEEP=1: doctor and the two JSON views were 15 s of the suite's 34 s), in
 * process, with every client home in a temp directory.
 * For each: no byte written outside the homes and the out tree, nothing executed (a canary file),
 * no secret printed or copied into the out tree, no crash (exit 0, 1 or 2; an error is a located
 * AH diagnostic; never `internal error` or a stack trace). The generated shell (the Codex MCP
 * launchers, the Copilot env file) is then run by bash, and must not run anything either.
 */
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { afterAll, describe, expect, it, vi } from "vitest";
import { shellCommand } from "../../compiler/lower/shell-quote";
import { runCommand, type CommandName, type CommandRun } from "../fixtures/run-command";
import { CANARY, cases, type HostileCase } from "./cases";

/**
 * Doctor spawns, per target, the runtime canary through the wrapper and the installed MCP server
 * for a handshake: eight Node starts a case and most of this suite's time (a case's doctor took
 * 4-11 s of its 5-19 s on a loaded 2-core machine). Neither answer depends on the bundle. The
 * canary's depends only on the wrapper's bytes (they name the target, the Node and the runtime's
 * versioned path in the case's home, whose digest doctor checks before it spawns), so a wrapper
 * byte-identical to one already answered (the home aside) gets that answer again. The server's
 * depends on its bytes, which doctor has checked equal to the package's bundle before it spawns,
 * and on `--target`, so one answer per target and server bytes. Every new wrapper or server runs.
 */
vi.mock("../../compiler/doctor/probe", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../compiler/doctor/probe")>();
  const { readFileSync: read } = await import("node:fs");
  const { createHash } = await import("node:crypto");
  const answers = new Map<string, ReturnType<typeof real.runProbe>>();
  /** The cache key of a doctor probe whose answer the bundle cannot change, or undefined for any other. */
  const probeKey = (command: string, args: readonly string[], input: string): string | undefined => {
    if (command === "/bin/sh" && input.includes("agentihooks_doctor_canary")) {
      const wrapper = /^'((?:[^']|'\\'')*)' PreToolUse$/.exec(args[1] ?? "");
      // The case's own home is the one difference between two cases' wrappers.
      if (wrapper) return `canary\u0000${read(wrapper[1]!.replaceAll("'\\''", "'"), "utf8").replace(/\/ah-hostile-[^/]+\/c\d+\/home\//g, "{HOME}/")}`;
    }
    if (command === process.execPath && args[0]?.endsWith("mcp-server.cjs") && args[1] === "--target" && input.includes('"tools/list"'))
      return `mcp\u0000${args[2]}\u0000${createHash("sha256").update(read(args[0])).digest("hex")}`;
    return undefined;
  };
  const runProbe: typeof real.runProbe = (command, args, input, timeoutMs) => {
    let key: string | undefined;
    try {
      key = probeKey(command, args, input);
    } catch {
      key = undefined;
    }
    if (key === undefined) return real.runProbe(command, args, input, timeoutMs);
    if (!answers.has(key)) answers.set(key, real.runProbe(command, args, input, timeoutMs));
    return answers.get(key) as ReturnType<typeof real.runProbe>;
  };
  return { ...real, runProbe };
});

const FULL_SWEEP = process.env.AGENTIHOOKS_FULL_SWEEP === "1";

const scratch = mkdtempSync(path.join(tmpdir(), "ah-hostile-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Outside the bundle: what links point at, and what must never change or be printed. */
const OUTSIDE_SECRET = "OUTSIDE-SECRET-do-not-copy-4242";

interface Sandbox {
  root: string;
  project: string;
  home: string;
  outside: string;
  canary: string;
}

function expand(text: string, box: Sandbox): string {
  return text.replaceAll("{ROOT}", box.root).replaceAll("{OUTSIDE}", box.outside);
}

function setUp(c: HostileCase, index: number): Sandbox {
  const root = path.join(scratch, `c${index}`);
  const box: Sandbox = {
    root,
    project: path.join(root, "project"),
    home: path.join(root, "home"),
    outside: path.join(root, "outside"),
    canary: expand(CANARY, { root } as Sandbox),
  };
  mkdirSync(path.join(box.outside, "dir"), { recursive: true });
  mkdirSync(path.join(box.outside, "skill"), { recursive: true });
  writeFileSync(path.join(box.outside, "passwd"), `root:x:0:0:${OUTSIDE_SECRET}\n`);
  writeFileSync(path.join(box.outside, "persona.md"), "# An outside persona the config allows\n");
  writeFileSync(path.join(box.outside, "profile.yml"), `description: ${OUTSIDE_SECRET}\n`);
  writeFileSync(path.join(box.outside, "mcp.json"), JSON.stringify({ mcpServers: { o: { command: OUTSIDE_SECRET } } }));
  writeFileSync(path.join(box.outside, "dir", "r.md"), `${OUTSIDE_SECRET}\n`);
  writeFileSync(path.join(box.outside, "skill", "SKILL.md"), `---\nname: s\ndescription: ${OUTSIDE_SECRET}\n---\n${OUTSIDE_SECRET}\n`);
  mkdirSync(box.home, { recursive: true });
  // A package.json stops the config search at the project (nothing above it is read).
  const files: Record<string, unknown> = { "package.json": '{"name": "hostile"}\n', ...c.files };
  for (const [rel, content] of Object.entries(files)) {
    if (content === undefined) continue;
    const abs = path.join(box.project, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof content === "string") writeFileSync(abs, expand(content, box));
    else if (content instanceof Uint8Array) writeFileSync(abs, content);
    else symlinkSync(expand((content as { link: string }).link, box), abs);
  }
  return box;
}

/** Every path under `dir` with its kind and content (links by target), skipping `skip`. */
function snapshot(dir: string, skip: readonly string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (p: string): void => {
    if (skip.includes(p)) return;
    const st = lstatSync(p);
    if (st.isSymbolicLink()) out.set(p, `link:${readlinkSync(p)}`);
    else if (st.isDirectory()) {
      out.set(p, `dir:${(st.mode & 0o777).toString(8)}`);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else out.set(p, `file:${(st.mode & 0o777).toString(8)}:${readFileSync(p).toString("base64")}`);
  };
  walk(dir);
  return out;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return [...snapshot(dir).entries()].filter(([, v]) => v.startsWith("file:")).map(([p]) => p);
}

/** Runs one command in process with the sandbox's cwd and homes (no client home variable of the test's own); captures its output. */
function run(box: Sandbox, c: HostileCase, name: CommandName, argv: string[]): Promise<CommandRun> {
  const inherited = Object.entries(process.env).filter(([key]) => !/^(AGENTIHOOKS_|COPILOT_|CLAUDE_|CODEX_|GEMINI_)/.test(key));
  const env = {
    ...Object.fromEntries(inherited),
    HOME: box.home,
    COPILOT_HOME: path.join(box.home, ".copilot"),
    CLAUDE_CONFIG_DIR: path.join(box.home, ".claude"),
    CODEX_HOME: path.join(box.home, ".codex"),
    AGENTIHOOKS_HOME: path.join(box.home, ".agentihooks"),
    NO_COLOR: "1",
    ...(c.env ?? {}),
  };
  return runCommand(name, argv, { cwd: box.project, env });
}

/** Runs the shell agentihooks wrote into the home (Codex MCP launchers, the Copilot env file). */
function runGeneratedShell(box: Sandbox, c: HostileCase): void {
  const parts: string[] = [];
  const config = path.join(box.home, ".codex", "config.toml");
  if (existsSync(config)) {
    const servers = ((parseToml(readFileSync(config, "utf8")) as Record<string, unknown>).mcp_servers ?? {}) as Record<
      string,
      { command?: string; args?: string[] }
    >;
    for (const server of Object.values(servers))
      if (server.command === "bash" && server.args?.[0] === "-c") parts.push(shellCommand(["bash", "-c", server.args[1] as string, "true"]));
  }
  const envFile = path.join(box.home, ".agentihooks", "copilot.env");
  if (existsSync(envFile)) parts.push(`( set -a; . ${shellCommand([envFile])} )`);
  if (parts.length === 0) return;
  spawnSync("bash", ["-c", parts.join("\n")], {
    cwd: box.root,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: box.home, ...(c.env ?? {}) },
    encoding: "utf8",
  });
}

/** True when the output holds an error diagnostic naming its file: `file[:line:col]: error AHnnnn:` on stderr, or in a `--json` envelope. */
function locatedError(stdout: string, stderr: string): boolean {
  if (/(?:^|\n)[^\n]+: error AH\d{4}: /.test(stderr + stdout)) return true;
  try {
    const envelope = JSON.parse(stdout) as { diagnostics?: Array<{ file?: string; severity?: string; code?: string }> };
    return (envelope.diagnostics ?? []).some((d) => d.severity === "error" && /^AH\d{4}$/.test(d.code ?? "") && (d.file ?? "") !== "");
  } catch {
    return false;
  }
}

const STACK_LINE = /^\s+at .+(?:\(.*:\d+:\d+\)|:\d+:\d+)$/m;

describe("hostile bundles", () => {
  it("has at least 60 bundles", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases.map((c, i) => [c.name, c, i] as const))(
    "%s",
    async (_name, c, index) => {
      const box = setUp(c, index);
      const out = path.join(box.project, "out");
      const before = snapshot(box.root, [box.home]);
      const build = await run(box, c, "build", ["--out", "out"]);
      const plan = await run(box, c, "plan", []);
      const apply = await run(box, c, "apply", ["--yes"]);
      const results = [build, plan, apply];
      if (FULL_SWEEP || index % 4 === 0)
        results.push(await run(box, c, "plan", ["--json"]), await run(box, c, "inspect", ["--json"]), await run(box, c, "doctor", ["--json"]));

      for (const r of results) {
        expect(r.thrown, String((r.thrown as Error | undefined)?.stack)).toBeUndefined();
        expect([0, 1, 2]).toContain(r.code);
        const printed = r.stdout + r.stderr;
        expect(printed).not.toContain("internal error");
        expect(printed).not.toMatch(STACK_LINE);
        for (const secret of [OUTSIDE_SECRET, ...(c.secrets ?? [])]) expect(printed).not.toContain(secret);
        if (r.code === 1) expect(locatedError(r.stdout, r.stderr), printed.slice(0, 2000)).toBe(true);
      }
      const codes = new Set(
        [
          ...results
            .map((r) => r.stdout + r.stderr)
            .join("\n")
            .matchAll(/\b(AH\d{4})\b/g),
        ].map((m) => m[1]),
      );
      for (const code of c.codes ?? []) expect([...codes], `expected ${code}`).toContain(code);
      for (const code of c.absent ?? []) expect([...codes], `unexpected ${code}`).not.toContain(code);
      if (c.expect === "error") {
        expect(build.code).toBe(1);
        expect(apply.code).toBe(1);
        expect(filesUnder(box.home)).toEqual([]);
      } else {
        expect(build.code, build.stderr).toBe(0);
        expect(apply.code, apply.stderr).toBe(0);
      }

      // Nothing outside the homes and the out tree changed; nothing ran.
      const after = snapshot(box.root, [box.home]);
      for (const p of [...after.keys()]) if (p === out || p.startsWith(`${out}${path.sep}`)) after.delete(p);
      expect(after).toEqual(before);
      runGeneratedShell(box, c);
      expect(existsSync(box.canary)).toBe(false);

      // The out tree (meant to be committed) holds no secret; the homes none but the ones meant to be resolved.
      for (const file of filesUnder(out))
        for (const secret of [OUTSIDE_SECRET, ...(c.secrets ?? [])]) expect(readFileSync(file, "utf8"), file).not.toContain(secret);
      const homeSecrets = [OUTSIDE_SECRET, ...(c.homeFree ? (c.secrets ?? []) : [])];
      for (const file of filesUnder(box.home)) for (const secret of homeSecrets) expect(readFileSync(file, "utf8"), file).not.toContain(secret);
      rmSync(box.root, { recursive: true, force: true });
      // The 5 000-profile bundle alone writes and snapshots 10 000 entries: generous on a loaded machine.
    },
    180_000,
  );
});

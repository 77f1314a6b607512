/**
 * Fix instead of deny: a recursive search that would read credential files is rewritten to skip
 * them, in each client's own envelope; what cannot be rewritten with certainty is still denied; and,
 * run with the real grep over generated trees, a rewritten command never prints a protected file.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CREDENTIAL_EXCLUDES, isSensitivePath } from "../../runtime/guardrails/sensitive-paths";
import { rewriteCredentialSearch, searchExclusions } from "../../runtime/guardrails/search-rewrite";
import { runHook } from "../../runtime/run-hook";
import Ajv from "ajv";
import { readFileSync } from "node:fs";
import { ROOT, tempDir, tempRepo } from "./helpers";

const SECRET = "S3cr3tVal_9fQ2xLp7Wm";

/** A repository with a `.env` and a source file that both mention API_KEY. */
function repo(): string {
  const dir = tempRepo();
  writeFileSync(join(dir, ".env"), `API_KEY=${SECRET}\n`);
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "app.py"), "key = os.environ['API_KEY']\n");
  return dir;
}

function env(dir: string, target: string): NodeJS.ProcessEnv {
  const home = join(dir, "..", `${dir.split("/").pop()}-home`);
  const e: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, AGENTIHOOKS_HOME: join(home, ".agentihooks"), AGENTIHOOKS_TARGET: target };
  if (target === "copilot") e.AGENTIHOOKS_COPILOT_EVENT = "preToolUse";
  return e;
}

/** Each client's pre-tool payload for a shell command, and where its reply carries the new arguments. */
const CLIENTS = {
  copilot: {
    payload: (cwd: string, command: string) => ({
      sessionId: "s",
      timestamp: 1,
      cwd,
      toolName: "bash",
      toolArgs: { command, description: "search", initial_wait: 30 },
    }),
    args: (body: Record<string, any>) => body.modifiedArgs,
  },
  claude: {
    payload: (cwd: string, command: string) => ({
      session_id: "s",
      cwd,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command, description: "search" },
    }),
    args: (body: Record<string, any>) =>
      body.hookSpecificOutput.permissionDecision === "allow" && body.hookSpecificOutput.hookEventName === "PreToolUse"
        ? body.hookSpecificOutput.updatedInput
        : undefined,
  },
  codex: {
    payload: (cwd: string, command: string) => ({
      session_id: "s",
      cwd,
      hook_event_name: "PreToolUse",
      model: "gpt-5.5",
      turn_id: "t",
      tool_name: "Bash",
      tool_input: { command },
    }),
    args: (body: Record<string, any>) => (body.hookSpecificOutput.permissionDecision === "allow" ? body.hookSpecificOutput.updatedInput : undefined),
  },
  gemini: {
    payload: (cwd: string, command: string) => ({
      session_id: "s",
      cwd,
      hook_event_name: "BeforeTool",
      tool_name: "run_shell_command",
      tool_input: { command, description: "search" },
    }),
    args: (body: Record<string, any>) => (body.hookSpecificOutput.hookEventName === "BeforeTool" ? body.hookSpecificOutput.tool_input : undefined),
  },
} as const;

type Target = keyof typeof CLIENTS;

function decide(target: Target, dir: string, command: string) {
  const reply = runHook({ stdin: JSON.stringify(CLIENTS[target].payload(dir, command)), argv: [], env: env(dir, target), cwd: dir });
  return reply;
}

function grepRun(dir: string, command: string): string {
  const r = spawnSync("/bin/sh", ["-c", command], { cwd: dir, encoding: "utf8" });
  return r.stdout + r.stderr;
}

describe("a recursive search over credential files, rewritten in each client's envelope", () => {
  for (const target of Object.keys(CLIENTS) as Target[]) {
    it(`${target}: grep -rn runs with the protected set excluded, the other arguments kept, the model told`, () => {
      const dir = repo();
      const reply = decide(target, dir, "grep -rn API_KEY .");
      expect(reply.exitCode, reply.stderr).toBe(0);
      const body = JSON.parse(reply.stdout) as Record<string, any>;
      const args = CLIENTS[target].args(body) as Record<string, unknown>;
      expect(args).toBeDefined();
      const command = args.command as string;
      expect(command.startsWith("grep -rn '--exclude=")).toBe(true);
      expect(command.endsWith(" API_KEY .")).toBe(true);
      // The keys the client sent come back (Codex reads only `command`).
      if (target === "copilot") expect(args).toMatchObject({ description: "search", initial_wait: 30 });
      if (target === "claude" || target === "gemini") expect(args.description).toBe("search");
      // Running it: the source match is there, the .env value is not.
      const out = grepRun(dir, command);
      expect(out).toContain("src/app.py");
      expect(out).not.toContain(SECRET);
      const told = JSON.stringify(body);
      expect(told).toMatch(/agentihooks changed this grep command/);
    });
  }

  it("codex: the rewrite is valid against the PreToolUse output schema Codex 0.171.0 embeds (it fails open on anything else)", () => {
    const schema = JSON.parse(readFileSync(join(ROOT, "tests", "fixtures", "codex-hook-schemas", "pre-tool-use.command.output.schema.json"), "utf8")) as object;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const reply = decide("codex", repo(), "grep -rn API_KEY . | head -5");
    expect(reply.exitCode).toBe(0);
    const body = JSON.parse(reply.stdout) as unknown;
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it("rg gets --glob='!…' for every protected name and directory, after its own options", () => {
    const rewrite = rewriteCredentialSearch("rg --hidden -g '*.py' -n API_KEY src");
    expect(rewrite).toBeDefined();
    const words = rewrite?.command ?? "";
    expect(words.startsWith("rg --hidden -g '*.py' -n '--glob=!")).toBe(true);
    expect(words.endsWith("' API_KEY src")).toBe(true);
    for (const name of [...CREDENTIAL_EXCLUDES.names, ...CREDENTIAL_EXCLUDES.dirs]) expect(words).toContain(`'--glob=!${name}'`);
  });

  it("keeps the rest of the line byte for byte and goes before `--`", () => {
    expect(rewriteCredentialSearch("grep -r -e KEY -- src | head -n 3 # look")?.command).toMatch(
      /^grep -r -e KEY '--exclude=[^]*'--exclude-dir=\.vault' -- src \| head -n 3 # look$/,
    );
    expect(rewriteCredentialSearch("  grep  -R   KEY")?.command).toMatch(/^ {2}grep {2}-R '--exclude=.*'--exclude-dir=\.vault' {3}KEY$/);
    expect(rewriteCredentialSearch("grep -rn KEY . 2>/dev/null | sort | uniq -c | head -n 5")?.command).toMatch(
      /' KEY \. 2>\/dev\/null \| sort \| uniq -c \| head -n 5$/,
    );
    expect(rewriteCredentialSearch("grep -rn KEY . 2>&1 | grep -v test | cut -d : -f 1 | wc -l")).toBeDefined();
  });

  it("is not attempted when the search cannot be read with certainty", () => {
    for (const command of [
      "cd src && grep -r KEY .", // not the first command
      "sudo grep -r KEY .", // a prefix
      "FOO=1 grep -r KEY .", // an assignment
      "/usr/bin/grep -r KEY .", // a path as the name
      "grep -r $PAT .", // an expansion
      'grep -r "$(cat list)" .', // a substitution
      "grep -r KEY . --include=.env", // an option after an operand
      "grep --exc=x -r KEY .", // an abbreviated long option
      "grep -r -j KEY .", // an unknown short option
      "grep KEY file.txt", // not recursive
      "rg --frobnicate KEY", // an unknown rg option
      "ag KEY", // a search it does not rewrite
      "grep -rl KEY . | xargs rm -f", // a stage that acts
      "grep -r KEY . | sed -n 1p", // sed can write files
      "grep -r KEY . | tee out.txt", // a stage with a file operand
      "grep -r KEY . > out.txt", // a redirection to a file
      "grep -r KEY . | head -5 > out.txt",
      "grep -r KEY . && echo done", // a second command
      "grep -r KEY . &", // in the background
      "(grep -r KEY .)", // a subshell
    ]) {
      expect(rewriteCredentialSearch(command), command).toBeUndefined();
    }
  });

  it("a call that stays blocked after the rewrite is denied as before (home root, a direct read, a second command)", () => {
    for (const command of ["grep -r KEY ~", "grep -r KEY . && cat .env", "grep -r KEY .env"]) {
      const dir = repo();
      for (const target of Object.keys(CLIENTS) as Target[]) {
        const reply = decide(target, dir, command);
        expect(reply.exitCode, `${target}: ${command}`).toBe(2);
      }
    }
  });

  it("Copilot's batched payload (no per-call arguments to give back) is denied", () => {
    const dir = repo();
    const stdin = JSON.stringify({ cwd: dir, toolCalls: [{ id: "1", name: "bash", args: JSON.stringify({ command: "grep -r API_KEY ." }) }] });
    const reply = runHook({ stdin, argv: [], env: env(dir, "copilot"), cwd: dir });
    expect(reply.exitCode).toBe(2);
  });
});

describe("the search's own exclusions, as the credential guard reads them", () => {
  it("grep: the last matching --include/--exclude decides (an --include after an --exclude re-opens the file)", () => {
    const excluded = searchExclusions("grep", ["-r", "--exclude=.env", "--include=.env", "KEY", "."]);
    expect(excluded?.([], ".env")).toBe(false);
    expect(searchExclusions("grep", ["-r", "--include=.env", "--exclude=.env", "KEY", "."])?.([], ".env")).toBe(true);
    expect(searchExclusions("grep", ["-r", "--include=*.py", "KEY", "."])?.([], ".env")).toBe(true);
    expect(searchExclusions("grep", ["-r", "--exclude-dir=.aws", "KEY", "."])?.([".aws"], "credentials")).toBe(true);
  });

  it("rg: later globs win, for directories too", () => {
    expect(searchExclusions("rg", ["-g", "!.env", "-g", ".env", "KEY"])?.([], ".env")).toBe(false);
    expect(searchExclusions("rg", ["-g", ".env", "-g", "!.env", "KEY"])?.([], ".env")).toBe(true);
    expect(searchExclusions("rg", ["-g", "*", "-g", "!.ssh", "KEY"])?.([".ssh"], "id_rsa")).toBe(true);
    expect(searchExclusions("rg", ["-g", "!.ssh", "-g", "*", "KEY"])?.([".ssh"], "id_rsa")).toBe(false);
  });

  it("`grep -r --exclude=.env --include=.env` is denied by the guard, and rewritten so .env stays out", () => {
    const dir = repo();
    const command = "grep -r --exclude=.env --include=.env API_KEY .";
    const permission = runHook({
      stdin: JSON.stringify({ ...CLIENTS.claude.payload(dir, command), hook_event_name: "PermissionRequest" }),
      argv: [],
      env: env(dir, "claude"),
      cwd: dir,
    });
    expect(permission.exitCode).toBe(2);
    const reply = decide("claude", dir, command);
    expect(reply.exitCode).toBe(0);
    const rewritten = (JSON.parse(reply.stdout) as Record<string, any>).hookSpecificOutput.updatedInput.command as string;
    expect(rewritten.indexOf("--include=.env")).toBeLessThan(rewritten.indexOf("--exclude=.[eE]"));
    expect(grepRun(dir, rewritten)).not.toContain(SECRET);
  });
});

// ---------------------------------------------------------------------------------------------
// Property: over generated trees holding every kind of credential file, in any case and at any
// depth, the rewritten command run with the real grep never prints a protected file's content.

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const KINDS: ReadonlyArray<readonly string[]> = [
  [".env"],
  [".ENV"],
  [".env.local"],
  [".Env.production"],
  ["prod.env"],
  ["config", "staging.ENV"],
  [".ssh", "id_rsa"],
  [".ssh", "deploy_key"],
  ["id_ed25519"],
  [".aws", "credentials"],
  [".aws", "config"],
  [".docker", "config.json"],
  [".kube", "config"],
  ["gh", "hosts.yml"],
  ["gcloud", "application_default_credentials.json"],
  [".netrc"],
  [".npmrc"],
  [".pypirc"],
  [".git-credentials"],
  [".pgpass"],
  [".bashrc"],
  [".zsh_history"],
  [".vault-token"],
  [".terraform.d", "credentials.tfrc.json"],
  [".cargo", "credentials.toml"],
  [".gem", "credentials"],
  ["serviceaccount", "token"],
  ["terraform.tfstate"],
  ["prod.tfstate.backup"],
  [".mozilla", "firefox", "x.default", "logins.json"],
  ["google-chrome", "Default", "Login Data"],
];
const HARMLESS: ReadonlyArray<readonly string[]> = [["README.md"], ["src", "app.py"], ["docs", "env.md"], ["lib", "environment.ts"], [".github", "ci.yml"]];
const SHAPES = [
  "grep -rn MARK .",
  "grep -R MARK",
  "grep -rl MARK .",
  "grep -r -i mark .",
  "egrep -r 'MARK|x' .",
  "grep -rn --include='*' MARK .",
  "grep -r --include='*.env' --include='*.md' MARK .",
  "grep -rc -e MARK -- .",
  "fgrep -r MARK .",
];

describe("property: a rewritten search never prints a protected file", () => {
  it("200 generated trees × search shapes, run with the real grep", () => {
    const random = rng(0x5eed);
    const failures: string[] = [];
    let rewrites = 0;
    for (let t = 0; t < 200; t += 1) {
      const dir = tempDir("ah-rw-prop-");
      const depth = Math.floor(random() * 9);
      const nest = Array.from({ length: depth }, (_, i) => `d${i}`);
      const secrets: string[] = [];
      const pick = 1 + Math.floor(random() * 4);
      for (let k = 0; k < pick; k += 1) {
        const kind = KINDS[Math.floor(random() * KINDS.length)] as readonly string[];
        const parts = [...nest.slice(0, Math.floor(random() * (depth + 1))), ...kind];
        const path = join(dir, ...parts);
        mkdirSync(join(path, ".."), { recursive: true });
        const secret = `MARK_SECRET_${t}_${k}_Qz8`;
        writeFileSync(path, `${secret}\n`);
        expect(isSensitivePath(path), path).toBe(true);
        secrets.push(secret);
      }
      for (const harmless of HARMLESS) {
        const path = join(dir, ...harmless);
        mkdirSync(join(path, ".."), { recursive: true });
        writeFileSync(path, "MARK_FINE\n");
      }
      const shape = SHAPES[t % SHAPES.length] as string;
      const rewrite = rewriteCredentialSearch(shape);
      if (!rewrite) {
        failures.push(`not rewritten: ${shape}`);
        continue;
      }
      rewrites += 1;
      const out = grepRun(dir, rewrite.command);
      for (const secret of secrets) if (out.includes(secret)) failures.push(`${rewrite.command} in ${dir} printed ${secret}`);
      if (!/MARK_FINE|:[1-9]|README|app\.py/i.test(out)) failures.push(`${rewrite.command} in ${dir} found nothing harmless: ${out.slice(0, 200)}`);
    }
    expect(failures, failures.slice(0, 10).join("\n")).toEqual([]);
    expect(rewrites).toBe(200);
    // 400 process starts: minutes on a loaded machine, a few seconds on a quiet one.
  }, 180_000);

  it("the exclusion names cover every kind of credential file isSensitivePath knows", () => {
    const re = (glob: string) =>
      new RegExp(
        `^${glob
          .replace(/[.+^${}()|\\]/g, "\\$&")
          .replace(/\*/g, ".*")
          .replace(/\?/g, ".")}$`,
      );
    const names = CREDENTIAL_EXCLUDES.names.map(re);
    for (const kind of KINDS) {
      const covered = names.some((n) => n.test(kind.at(-1) as string)) || kind.slice(0, -1).some((d) => CREDENTIAL_EXCLUDES.dirs.includes(d));
      expect(covered, kind.join("/")).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The clients' own search tools read hidden files too (seen live): Claude Code's Grep gets the
// exclusions through its glob argument; Copilot's rg and Gemini's grep_search are denied.

describe("a client's own search tool over a directory with credential files", () => {
  const calls: Record<Target, (cwd: string, args: Record<string, unknown>) => Record<string, unknown>> = {
    claude: (cwd, args) => ({ session_id: "s", cwd, hook_event_name: "PreToolUse", tool_name: "Grep", tool_input: args }),
    copilot: (cwd, args) => ({ sessionId: "s", timestamp: 1, cwd, toolName: "rg", toolArgs: args }),
    gemini: (cwd, args) => ({
      session_id: "s",
      cwd,
      hook_event_name: "BeforeTool",
      tool_name: "grep_search",
      tool_input: { pattern: args.pattern, ...(args.path ? { dir_path: args.path } : {}), ...(args.glob ? { include_pattern: args.glob } : {}) },
    }),
    codex: (cwd, args) => ({ session_id: "s", cwd, hook_event_name: "PreToolUse", model: "m", turn_id: "t", tool_name: "Grep", tool_input: args }),
  };
  const run = (target: Target, dir: string, args: Record<string, unknown>) =>
    runHook({ stdin: JSON.stringify(calls[target](dir, args)), argv: [], env: env(dir, target), cwd: dir });

  it("Claude: the glob gains one negated glob per protected name and directory, the call's own kept first", () => {
    const dir = repo();
    const reply = run("claude", dir, { pattern: "API_KEY", path: dir, glob: "*.py *.env", output_mode: "content" });
    expect(reply.exitCode, reply.stderr).toBe(0);
    const input = (JSON.parse(reply.stdout) as Record<string, any>).hookSpecificOutput.updatedInput;
    expect(input).toMatchObject({ pattern: "API_KEY", path: dir, output_mode: "content" });
    expect(input.glob.startsWith("*.py *.env !.[eE][nN][vV] !.[eE][nN][vV].* ")).toBe(true);
    for (const name of [...CREDENTIAL_EXCLUDES.names, ...CREDENTIAL_EXCLUDES.dirs]) expect(input.glob.split(" ")).toContain(`!${name}`);
  });

  it("Copilot: rg without a glob gets one negated glob over every protected name and directory", () => {
    const dir = repo();
    const reply = run("copilot", dir, { pattern: "API_KEY", path: dir, output_mode: "content" });
    expect(reply.exitCode, reply.stderr).toBe(0);
    const body = JSON.parse(reply.stdout) as Record<string, any>;
    expect(body.modifiedArgs).toMatchObject({ pattern: "API_KEY", path: dir, output_mode: "content" });
    expect(body.modifiedArgs.glob).toBe(`!{${[...CREDENTIAL_EXCLUDES.names, ...CREDENTIAL_EXCLUDES.dirs].join(",")}}`);
    expect(body.additionalContext).toMatch(/agentihooks changed this search/);
  });

  it("Copilot's rg with a glob of its own, and Gemini's grep_search, are denied (one glob, no exclusions to add)", () => {
    for (const [target, glob] of [
      ["copilot", "*.{py,env}"],
      ["gemini", undefined],
    ] as const) {
      const dir = repo();
      const reply = run(target, dir, { pattern: "API_KEY", path: dir, ...(glob ? { glob } : {}) });
      expect(reply.exitCode, target).toBe(2);
      expect(reply.stderr).toMatch(/search of .* would read credential file\(s\) \(\.env\)/);
    }
  });

  it("passes a directory without credential files, and a glob that selects none (`*.py`)", () => {
    for (const target of ["claude", "copilot", "gemini"] as const) {
      const dir = repo();
      expect(run(target, dir, { pattern: "API_KEY", path: join(dir, "src") }).exitCode, target).toBe(0);
      expect(run(target, dir, { pattern: "API_KEY", path: dir, glob: "*.py" }).stdout, target).toBe("");
      expect(run(target, dir, { pattern: "API_KEY", path: dir, glob: "*.py" }).exitCode, target).toBe(0);
    }
  });

  it("denies a search of the home directory for every client", () => {
    const dir = repo();
    const home = env(dir, "claude").HOME as string;
    mkdirSync(home, { recursive: true });
    for (const target of ["claude", "copilot", "gemini"] as const) expect(run(target, dir, { pattern: "x", path: home }).exitCode, target).toBe(2);
  });
});

/**
 * A sandbox per test group: a fresh temp HOME with every client home inside it (COPILOT_HOME,
 * CODEX_HOME, CLAUDE_CONFIG_DIR), a project directory the clients run in (a git repo with a `.env`
 * secret and a project rule carrying a canary), and the environment every process of the test gets.
 * Nothing from the developer's own environment leaks in: no real home, no API keys, no tokens.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { shellQuote } from "../../../compiler/lower/shell-quote";
import { EXIT_LINE_TAG } from "../../../runtime/stdio";
import { runProcess, type ProcessResult } from "./process";

/** The repository root (bin/agentihooks.js, dist/runtime.cjs). */
export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const TRACER = path.join(repoRoot, "tests", "e2e", "support", "runtime-tracer.cjs");
/** The fixture directory (bundle template, MCP server). */
export const fixturesDir = path.join(repoRoot, "tests", "e2e", "fixtures");

/** A secret in the project's `.env`: it must never reach a model request. */
export const ENV_SECRET = "E2E_DOTENV_SECRET_7f3a91c2";
/** A canary in a project rule: the runtime's project bridge injects it at session start (Copilot, Codex). */
export const RULE_CANARY = "E2E_PROJECT_RULE_CANARY_5d2e";
/** A GitHub-token-shaped secret the model tries to write (secret-write guardrail). */
export const WRITE_SECRET = "ghp_E2Eabcdefghijklmnopqrstuvwxyz0123456789";

/** One sandbox. All paths absolute. */
export interface Sandbox {
  root: string;
  home: string;
  copilotHome: string;
  codexHome: string;
  claudeConfigDir: string;
  /** Where the clients run: a git repo with `.env` and `.claude/rules/e2e-canary.md`. */
  project: string;
  /** Where `agentihooks apply` runs (holds the project config when a bundle is used). */
  applyDir: string;
  /** A `node` that runs this Node with support/runtime-tracer.cjs preloaded: what the sandbox's hooks run. */
  tracingNode: string;
  /** The runtime trace (support/runtime-tracer.cjs appends one JSON line per runtime run). */
  traceFile: string;
  /** MCP fixture servers drop `<name>.started` here when a client spawns them. */
  mcpMarkers: string;
  /** The environment for every process of this sandbox, plus `extra`. */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** Removes the sandbox (kept when AGENTIHOOKS_E2E_KEEP is set, for debugging). */
  cleanup(): void;
}

// Only these survive from the developer's environment; everything else (API keys, tokens, real
// homes, CI variables that clients react to) is dropped.
const INHERITED = ["PATH", "LANG", "LC_ALL", "TZ", "TMPDIR", "SYSTEMROOT", "NODE_EXTRA_CA_CERTS"];

/** Creates a sandbox under the OS temp directory. */
export function createSandbox(label: string): Sandbox {
  const root = mkdtempSync(path.join(tmpdir(), `agentihooks-e2e-${label}-`));
  const home = path.join(root, "home");
  const sb = {
    root,
    home,
    copilotHome: path.join(home, ".copilot"),
    codexHome: path.join(home, ".codex"),
    claudeConfigDir: path.join(home, ".claude"),
    project: path.join(root, "project"),
    applyDir: path.join(root, "apply"),
    traceFile: path.join(root, "runtime-trace.jsonl"),
    tracingNode: path.join(root, "tracing-bin", "node"),
    mcpMarkers: path.join(root, "mcp-markers"),
  };
  for (const dir of [home, sb.project, sb.applyDir, sb.mcpMarkers, path.join(sb.project, ".claude", "rules")]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(sb.project, ".env"), `API_TOKEN=${ENV_SECRET}\n`);
  writeFileSync(path.join(sb.project, ".claude", "rules", "e2e-canary.md"), `# E2E rule\n\nAlways mention ${RULE_CANARY} when asked about the rules.\n`);
  writeFileSync(path.join(sb.project, "README.md"), "# e2e project\n");
  // The Node every hook of the sandbox runs (AGENTIHOOKS_NODE at apply): this one, with the tracer
  // preloaded. The wrappers drop NODE_OPTIONS, so the client's environment cannot load it.
  // Repo-scope wrappers run the `node` on PATH: the client turns put this one first (tracerEnv).
  const tracingBin = path.join(root, "tracing-bin");
  mkdirSync(tracingBin);
  const tracingNode = path.join(tracingBin, "node");
  writeFileSync(tracingNode, `#!/bin/sh\nexec ${shellQuote(process.execPath)} --require ${shellQuote(TRACER)} "$@"\n`, { mode: 0o755 });
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
    const base: NodeJS.ProcessEnv = {};
    for (const key of INHERITED) if (process.env[key] !== undefined) base[key] = process.env[key];
    return {
      ...base,
      HOME: home,
      USER: "e2e",
      COPILOT_HOME: sb.copilotHome,
      CODEX_HOME: sb.codexHome,
      CLAUDE_CONFIG_DIR: sb.claudeConfigDir,
      XDG_CONFIG_HOME: path.join(home, ".config"),
      XDG_CACHE_HOME: path.join(home, ".cache"),
      XDG_DATA_HOME: path.join(home, ".local", "share"),
      XDG_STATE_HOME: path.join(home, ".local", "state"),
      TERM: "dumb",
      NO_COLOR: "1",
      GIT_CONFIG_NOSYSTEM: "1",
      AGENTIHOOKS_NODE: tracingNode,
      ...extra,
    };
  };
  execFileSync("git", ["init", "-q", "-b", "work", sb.project], { env: env() });
  return {
    ...sb,
    env,
    cleanup() {
      if (!process.env.AGENTIHOOKS_E2E_KEEP) rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The agentihooks CLI the suites run: the global setup's private package copy (the repo's when absent). */
export function agentihooksBin(): string {
  return path.join(inject("e2ePackageRoot") ?? repoRoot, "bin", "agentihooks.js");
}

/** What to apply. */
export interface ApplyOptions {
  /** Use the rich fixture bundle (tests/e2e/fixtures/bundle, profile e2e-rich) instead of the embedded default. */
  bundle?: boolean;
}

/**
 * Runs the real CLI, `node bin/agentihooks.js apply --yes --target T` (from the package copy), with the sandbox's
 * environment. With `bundle`, the fixture bundle is copied into the sandbox (placeholders filled)
 * and named by an `agentihooks.config.json` in the apply directory.
 */
export async function applyAgentihooks(sb: Sandbox, target: string, options: ApplyOptions = {}): Promise<ProcessResult> {
  if (options.bundle) {
    const bundle = path.join(sb.root, "bundle");
    if (!existsSync(bundle)) copyTemplate(path.join(fixturesDir, "bundle"), bundle, sb);
    writeFileSync(path.join(sb.applyDir, "agentihooks.config.json"), `${JSON.stringify({ bundle, profile: "e2e-rich" }, null, 2)}\n`);
  }
  return runProcess(process.execPath, [agentihooksBin(), "apply", "--yes", "--target", target], {
    cwd: sb.applyDir,
    env: sb.env(),
    timeoutMs: 60_000,
  });
}

/**
 * Runs `node bin/agentihooks.js plan --json --target T` in the same apply directory: exit 0 means
 * the homes match the profiles, 2 means changes are pending.
 */
export function planAgentihooks(sb: Sandbox, target: string): Promise<ProcessResult> {
  return runProcess(process.execPath, [agentihooksBin(), "plan", "--json", "--target", target], {
    cwd: sb.applyDir,
    env: sb.env(),
    timeoutMs: 60_000,
  });
}

/** Runs `node bin/agentihooks.js uninstall --yes --target T` in the apply directory. */
export function uninstallAgentihooks(sb: Sandbox, target: string): Promise<ProcessResult> {
  return runProcess(process.execPath, [agentihooksBin(), "uninstall", "--yes", "--target", target], {
    cwd: sb.applyDir,
    env: sb.env(),
    timeoutMs: 60_000,
  });
}

/** Copies a fixture tree, filling `__E2E_FIXTURES__`, `__E2E_SANDBOX__`, `__E2E_NODE__` in text files. */
function copyTemplate(from: string, to: string, sb: Sandbox): void {
  cpSync(from, to, { recursive: true });
  const fill = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) fill(file);
      else {
        const text = readFileSync(file, "utf8");
        if (!text.includes("__E2E_")) continue;
        writeFileSync(
          file,
          text.replaceAll("__E2E_FIXTURES__", fixturesDir).replaceAll("__E2E_SANDBOX__", sb.root).replaceAll("__E2E_NODE__", process.execPath),
        );
      }
    }
  };
  fill(to);
}

/** One run of agentihooks' runtime, as recorded by support/runtime-tracer.cjs. */
export interface RuntimeRun {
  argv: string[];
  script: string;
  /** False when the wrapper pointed at a runtime file that does not exist (Node failed to load it). */
  scriptExists: boolean;
  target: string | null;
  copilotEvent: string | null;
  cwd: string;
  exitCode: number;
  /** The payload the client sent (teed, up to 20 KB). */
  stdin: string;
  /** What the runtime printed, without the exit line it adds for the wrapper (EXIT_LINE_TAG). */
  stdout: string;
  stderr: string;
  ms: number;
}

/** Every runtime run recorded so far in this sandbox. */
export function readRuntimeTrace(sb: Sandbox): RuntimeRun[] {
  if (!existsSync(sb.traceFile)) return [];
  return readFileSync(sb.traceFile, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as RuntimeRun)
    .map((run) => ({ ...run, stdout: withoutExitLine(run.stdout) }));
}

/** `stdout` without the last line the runtime writes for the wrapper (runtime/main.ts), the reply as the client gets it. */
function withoutExitLine(stdout: string): string {
  const line = new RegExp(`\\n?${EXIT_LINE_TAG}[0-9]+\\n?$`);
  return stdout.replace(line, "");
}

/**
 * The event a runtime run handled: the wrapper's argument (Copilot sends no event name), else the
 * payload's `hook_event_name` (Claude, Codex), else undefined.
 */
export function eventOfRun(run: RuntimeRun): string | undefined {
  if (run.copilotEvent) return run.copilotEvent;
  try {
    const payload = JSON.parse(run.stdin) as { hook_event_name?: unknown };
    if (typeof payload.hook_event_name === "string") return payload.hook_event_name;
  } catch {
    // Not JSON: fall through to the argument.
  }
  // The event is the wrapper's last plain-word argument (earlier ones may name the client).
  return run.argv.filter((a) => /^[A-Za-z]+$/.test(a)).at(-1);
}

/** The environment addition that makes the sandbox's hooks (run by its tracing Node) record runtime runs. */
export function tracerEnv(sb: Sandbox): NodeJS.ProcessEnv {
  return { AGENTIHOOKS_E2E_TRACE: sb.traceFile, PATH: `${path.dirname(sb.tracingNode)}${path.delimiter}${sb.env().PATH ?? ""}` };
}

/** The names of the MCP fixture servers a client has spawned in this sandbox. */
export function startedMcpServers(sb: Sandbox): string[] {
  if (!existsSync(sb.mcpMarkers)) return [];
  return readdirSync(sb.mcpMarkers)
    .filter((f) => f.endsWith(".started"))
    .map((f) => f.slice(0, -".started".length))
    .sort();
}

/**
 * Every place agentihooks writes shell, fed hostile text: the generated text is run by a real bash
 * and a canary file that each payload tries to create must never appear, while the value arrives
 * byte for byte as data.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import { renderHookWrapper } from "../../compiler/lower/hook-wrapper";
import { EXIT_LINE_TAG } from "../../runtime/stdio";
import { shellCommand, shellExpandingWord, shellQuote } from "../../compiler/lower/shell-quote";
import { wrapperCommand as claudeWrapperCommand } from "../../compiler/targets/claude/hooks";
import { claudePaths } from "../../compiler/targets/claude/paths";
import { translateServer } from "../../compiler/targets/codex/mcp";
import { wrapperCommand as codexWrapperCommand } from "../../compiler/targets/codex/hooks";
import { codexPaths } from "../../compiler/targets/codex/paths";
import { lowerEnvFile } from "../../compiler/targets/copilot/env-file";
import { wrapperCommand as copilotWrapperCommand } from "../../compiler/targets/copilot/hooks";
import { copilotPaths } from "../../compiler/targets/copilot/paths";
import { statusLine } from "../../compiler/targets/copilot/settings";
import { shellBlockContent } from "../../compiler/targets/copilot/shell-integration";
import type { ResolvedDirectives } from "../../compiler/targets/copilot/directives";
import { mcp } from "../targets/ir-fixtures";

const scratch = mkdtempSync(path.join(tmpdir(), "ah-inject-"));
const canary = path.join(scratch, "canary");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
beforeEach(() => rmSync(canary, { force: true }));

/** Payloads that each try to create the canary through a different shell feature. */
const payloads: string[] = [
  `$(touch ${canary})`,
  `\`touch ${canary}\``,
  `'; touch ${canary}; '`,
  `"; touch ${canary}; "`,
  `a;touch ${canary};b`,
  `x\ntouch ${canary}\n`,
  `x\r\ntouch ${canary}`,
  `\${X:-$(touch ${canary})}`,
  `\${X:-\`touch ${canary}\`}`,
  `\${HOME}$(touch ${canary})`,
  `\${X:-\${Y:-$(touch ${canary})}}`,
  `\${X:-'}$(touch ${canary})'`,
  `$'\\x41'$(touch ${canary})`,
  `| touch ${canary}`,
  `&& touch ${canary}`,
  `> ${canary}`,
  `$((1+1))<(touch ${canary})`,
  `ünï ✓ 中文 $(touch ${canary})`,
  `\\'$(touch ${canary})\\'`,
  `*`,
  `~root`,
  `!!`,
];

function bash(args: string[], env: Record<string, string> = {}, input?: string): { stdout: string; status: number | null } {
  const result = spawnSync("bash", args, { cwd: scratch, encoding: "utf8", input, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env } });
  return { stdout: result.stdout, status: result.status };
}

/** What `shellExpandingWord` promises: `${N}`, `${N:-d}` (d without `}` and `$`) and `$N` expand; the rest is literal. */
function expand(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}$]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (_w, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
      const current = env[(braced ?? bare) as string];
      if (fallback !== undefined) return current === undefined || current === "" ? fallback : current;
      return current ?? "";
    },
  );
}

/** Runs one bash script made of one part per payload, each printing its result NUL-terminated. */
function runAll(parts: string[], env: Record<string, string> = {}): string[] {
  const out = bash(["-c", parts.join("\n")], env);
  return out.stdout.split("\0").slice(0, -1);
}

describe("shellExpandingWord", () => {
  it("expands references and nothing else, for every payload", () => {
    const env = { SRC: `src $(touch ${canary}) \`touch ${canary}\``, X: "" };
    const values = payloads.flatMap((p) => [p, `pre-\${SRC}-${p}`, `${p}\${SRC:-d}$SRC`]);
    expect(
      runAll(
        values.map((v) => `V=${shellExpandingWord(v)}; printf '%s\\0' "$V"`),
        env,
      ),
    ).toEqual(values.map((v) => expand(v, env)));
    expect(existsSync(canary)).toBe(false);
  });
});

describe("the Codex MCP launcher", () => {
  it("runs each server with its env values and arguments as data", () => {
    const tables = payloads.map((payload) => {
      const server = mcp(
        { command: "printf", args: ["%s\\0%s\\0", "${OUT}", `--flag=${payload}`], env: { OUT: `\${SRC}/${payload}`, KEEP: "${KEEP}" } },
        "srv",
      );
      const { table, diagnostics } = translateServer("srv", server);
      expect(diagnostics).toEqual([]);
      expect(table?.command).toBe("bash");
      return table!;
    });
    // Each launcher's argv is handed to bash exactly (quoted for the outer script), as Codex would exec it.
    const env = { SRC: `https://host/$(touch ${canary})`, KEEP: "k" };
    const got = runAll(
      tables.map((t) => shellCommand(["bash", ...(t.args as string[])])),
      env,
    );
    expect(got).toEqual(payloads.flatMap((p) => ["${OUT}", `--flag=${p}`]));
    const values = runAll(
      tables.map((t) => shellCommand(["bash", ...(t.args as string[]).slice(0, 2), "printenv", "OUT"]) + "; printf '\\0'"),
      env,
    );
    expect(values).toEqual(payloads.map((p) => `${expand(`\${SRC}/${p}`, env)}\n`));
    expect(existsSync(canary)).toBe(false);
  });

  it("drops an env name that is not a variable name, and a value holding NUL, with a warning each", () => {
    const server = mcp({ command: "srv", env: { [`A;touch ${canary};B`]: "${X}", OK: "${Y}-x", NUL: "a\0${Z}" } }, "srv");
    const { table, diagnostics } = translateServer("srv", server);
    expect(diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["AH4306", `/mcpServers/srv/env/A;touch ${canary.replace(/~/g, "~0").replace(/\//g, "~1")};B`],
      ["AH4306", "/mcpServers/srv/env/NUL"],
    ]);
    expect(table?.args).toEqual(["-c", 'OK="${Y}"-x exec "$0" "$@"', "srv"]);
  });
});

describe("scripts and commands written with hostile paths", () => {
  /** A fake node at a hostile path that prints its arguments NUL-terminated. */
  function fakeNode(dir: string): string {
    const node = path.join(dir, "no de");
    // Answers as the runtime does "checked and allowed" (AGENTIHOOKS_ALLOW_EXIT, set by the wrapper on pre-tool events, on
    // stdout's last line).
    // Words NUL-separated where the script execs it; newline-separated under a pre-tool event, whose
    // wrapper denies a reply holding a NUL byte (no runtime writes one).
    writeFileSync(
      node,
      `#!/bin/bash\nif [ -n "\${AGENTIHOOKS_ALLOW_EXIT:-}" ]; then printf '%s\\n' "$@" "${EXIT_LINE_TAG}$AGENTIHOOKS_ALLOW_EXIT"; else printf '%s\\0' "$@"; fi\nexit "\${AGENTIHOOKS_ALLOW_EXIT:-0}"\n`,
    );
    chmodSync(node, 0o755);
    return node;
  }

  // One directory per payload, its name holding the payload (a `/` cannot be in a name: it becomes `_`).
  const cases = payloads.map((payload, index) => {
    const dir = path.join(scratch, `d${index}-${payload.replace(/\//g, "_")}`);
    mkdirSync(dir, { recursive: true });
    const node = fakeNode(dir);
    const runtime = path.join(dir, `run ${payload.replace(/\//g, "_")}.cjs`);
    const env = portableEnvironment({
      home: dir,
      nodePath: node,
      runtimePath: runtime,
      cliPath: runtime,
      agentihooksHome: path.join(dir, "ah"),
      homes: { copilot: path.join(dir, "c"), claude: path.join(dir, "cl"), codex: path.join(dir, "cx") },
    });
    return { payload, dir, node, runtime, env };
  });

  it("the hook wrapper script", () => {
    const scripts = cases.map((c, i) => {
      const script = path.join(scratch, `wrapper-${i}.sh`);
      writeFileSync(
        script,
        renderHookWrapper({
          target: i % 2 === 0 ? "copilot" : c.payload,
          displayName: c.payload,
          eventVariable: "AGENTIHOOKS_COPILOT_EVENT",
          nodePath: c.node,
          runtimePath: c.runtime,
          agentihooksHome: c.dir,
          bashPath: "/bin/bash",
        }),
      );
      writeFileSync(c.runtime, "");
      return script;
    });
    // An event that only informs: the runtime is exec'd with the paths as single words.
    expect(runAll(scripts.map((script) => shellCommand(["bash", script, "sessionStart"])))).toEqual(cases.flatMap((c) => [c.runtime, "sessionStart"]));
    // A pre-tool event runs it under the watchdog from the same variables: answered "allowed", it passes.
    for (const script of scripts) {
      const r = spawnSync("bash", [script, "preToolUse"], { input: "{}", encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
    }
    expect(existsSync(canary)).toBe(false);
  });

  it("the hook commands of every target, the status line and the shell block", () => {
    // Each client runs its hook command through a shell; the wrapper path must stay one word.
    const hookCommands = cases.flatMap((c) => [
      copilotWrapperCommand(copilotPaths(c.env)),
      claudeWrapperCommand(claudePaths(c.env)),
      codexWrapperCommand(codexPaths(c.env)),
    ]);
    expect(runAll(hookCommands.map((command) => `printf '%s\\0' ${command}`))).toEqual(
      cases.flatMap((c) => [copilotPaths(c.env).wrapper, claudePaths(c.env).wrapper, codexPaths(c.env).wrapper]),
    );
    expect(runAll(cases.map((c) => statusLine(c.env).command))).toEqual(cases.flatMap((c) => [c.runtime, "statusline"]));
    const blocks = cases.map((c) => {
      mkdirSync(c.env.agentihooksHome, { recursive: true });
      writeFileSync(path.join(c.env.agentihooksHome, "t.env"), `AH_PROBE=${shellQuote(c.payload)}\n`);
      return `${shellBlockContent(c.env)}\nprintf '%s\\0' "$AH_PROBE"`;
    });
    expect(runAll(blocks)).toEqual(payloads);
    expect(existsSync(canary)).toBe(false);
  });

  it("the Copilot env file", () => {
    const parts = cases.map((c, i) => {
      const env = portableEnvironment({ agentihooksHome: scratch, resolveExecutable: () => "/usr/bin/true" });
      const directives = {
        channels: c.payload,
        allowAll: false,
        browserCommand: { value: [`/x/${c.payload}`, c.payload], origin: { file: "t", layer: "test" } },
        suppressBrowserLaunch: false,
        mcpDefaultDisabled: false,
        mcpAlwaysEnabled: [],
        resolveHeaderEnv: false,
      } as ResolvedDirectives;
      const { entry } = lowerEnvFile(directives, env, copilotPaths(env));
      const file = path.join(scratch, `copilot-${i}.env`);
      writeFileSync(file, String(entry!.content));
      return `( . ${shellQuote(file)}; printf '%s\\0%s\\0' "$AGENTIHOOKS_BASE_CHANNELS" "$COPILOT_DEBUG_BROWSER" )`;
    });
    expect(runAll(parts)).toEqual(payloads.flatMap((p) => [p, `["/x/${JSON.stringify(p).slice(1, -1)}", ${JSON.stringify(p)}]`]));
    expect(existsSync(canary)).toBe(false);
  });
});

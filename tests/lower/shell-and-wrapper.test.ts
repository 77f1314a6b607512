import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ALLOW_EXIT, FAIL_CLOSED_REASON, renderHookWrapper } from "../../compiler/lower/hook-wrapper";
import { renderReply } from "../../runtime/clients/registry";
import { EXIT_LINE_TAG } from "../../runtime/stdio";
import { dispatchEventFor, knownEventSpellings } from "../../runtime/events";
import { shellCommand, shellQuote } from "../../compiler/lower/shell-quote";
import { hookWrapperEntry } from "../../compiler/lower/runtime-files";
import { portableEnvironment } from "../../compiler/environment";
import { targets } from "../../compiler/targets/registry";

const scratch = mkdtempSync(path.join(tmpdir(), "ah-wrapper-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("shellQuote", () => {
  it("leaves safe words alone and single-quotes the rest", () => {
    expect(shellQuote("/usr/local/bin/node")).toBe("/usr/local/bin/node");
    expect(shellQuote("")).toBe("''");
    expect(shellQuote("a b")).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellCommand(["/bin/x", "$HOME", "`id`"])).toBe("/bin/x '$HOME' '`id`'");
  });

  it("round-trips hostile words through a real shell", () => {
    const words = ["plain", "sp ace", "quo'te", 'dq"uote', "$HOME", "`id`", "ümlaut ✓", "back\\slash", "new\nline", ""];
    const out = execFileSync("/bin/sh", ["-c", `printf '%s\\0' ${shellCommand(words)}`]).toString("utf8");
    expect(out.split("\0").slice(0, -1)).toEqual(words);
  });
});

describe("renderHookWrapper", () => {
  it("renders the Copilot wrapper: event exported, paths named once, the client's deny envelopes for pre-tool events", () => {
    const text = renderHookWrapper({
      target: "copilot",
      displayName: "GitHub Copilot CLI",
      eventVariable: "AGENTIHOOKS_COPILOT_EVENT",
      nodePath: "/usr/local/bin/node",
      runtimePath: "/opt/agentihooks/runtime.cjs",
      agentihooksHome: "/home/agent/.agentihooks",
      bashPath: "/bin/bash",
    });
    expect(text.startsWith("#!/bin/bash -p\n# managed-by: agentihooks — regenerate with: agentihooks apply --target copilot\n")).toBe(true);
    expect(text).toContain('set -uo pipefail\nexport AGENTIHOOKS_COPILOT_EVENT="${1:-}"\nexport AGENTIHOOKS_TARGET=copilot\n');
    expect(text).toContain(
      "\nexport AGENTIHOOKS_HOME=/home/agent/.agentihooks\nunset NODE_OPTIONS NODE_PATH\nnode=/usr/local/bin/node\nruntime=/opt/agentihooks/runtime.cjs\n",
    );
    const deny = renderReply("copilot", "PreToolUse", "PreToolUse", { block: FAIL_CLOSED_REASON, context: [] }).stdout.trimEnd();
    const spellings = (event: string) =>
      knownEventSpellings()
        .filter((name) => dispatchEventFor(name) === event)
        .join("|");
    expect(spellings("PreToolUse")).toContain("preToolUse");
    expect(text).toContain(`  ${spellings("PreToolUse")}) deny=${shellQuote(deny)} ;;\n`);
    const permission = renderReply("copilot", "PermissionRequest", "PermissionRequest", { block: FAIL_CLOSED_REASON, context: [] }).stdout.trimEnd();
    expect(text).toContain(`  ${spellings("PermissionRequest")}) deny=${shellQuote(permission)} ;;\n`);
    expect(text).toContain(`exec 3< <(AGENTIHOOKS_ALLOW_EXIT=${ALLOW_EXIT} exec "$node" "$runtime" "$@" 0<&0)`);
    expect(text.endsWith("esac\n")).toBe(true);
  });

  it("exports the event into the variable each target's contract names, and nothing else", () => {
    const env = portableEnvironment();
    for (const { descriptor } of targets) {
      const entry = hookWrapperEntry(descriptor, env, "/h/agentihooks-hook.sh");
      const text = typeof entry.content === "string" ? entry.content : new TextDecoder().decode(entry.content);
      const exports = text.split("\n").filter((line) => line.startsWith("export ") && line.endsWith('="${1:-}"'));
      expect(exports, descriptor.id).toEqual(descriptor.contract.eventVariable ? [`export ${descriptor.contract.eventVariable}="\${1:-}"`] : []);
    }
    // The name stands unquoted after `export`: anything but a shell identifier is refused.
    expect(() =>
      renderHookWrapper({
        target: "x",
        displayName: "X",
        eventVariable: "A;id",
        nodePath: "/n",
        runtimePath: "/r",
        agentihooksHome: "/home/agent/.agentihooks",
        bashPath: "/bin/bash",
      }),
    ).toThrow(/not a shell variable name/);
  });

  it("denies by exit 2 and stderr alone for a target the runtime has no client for (no other client's envelope)", () => {
    const script = path.join(scratch, "unknown-target.sh");
    writeFileSync(
      script,
      renderHookWrapper({
        target: "nosuchclient",
        displayName: "None",
        nodePath: path.join(scratch, "missing-node"),
        runtimePath: "/r",
        agentihooksHome: "/home/agent/.agentihooks",
        bashPath: "/bin/bash",
      }),
    );
    const r = spawnSync("bash", [script, "PreToolUse"], { input: "{}", encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stdout.trim()).toBe("");
    expect(r.stderr).toContain(FAIL_CLOSED_REASON);
  });

  it("omits the event export when the payload names the event (Codex), and denies in Codex's own envelope", () => {
    const text = renderHookWrapper({
      target: "codex",
      displayName: "OpenAI Codex CLI",
      nodePath: "/n",
      runtimePath: "/r",
      agentihooksHome: "/home/agent/.agentihooks",
      bashPath: "/bin/bash",
    });
    expect(text).not.toContain("_EVENT");
    expect(text).toContain("export AGENTIHOOKS_TARGET=codex\n");
    expect(text).toContain("unset NODE_OPTIONS NODE_PATH\nnode=/n\nruntime=/r\n");
    expect(text).toContain(`"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"`);
  });

  it("passes bash -n and runs with spaces, quotes, $, backticks and non-ASCII in every path", () => {
    const hostile = path.join(scratch, 'my home\'s "dir" $HOME `id` ünï ✓');
    mkdirSync(hostile, { recursive: true });
    const node = path.join(hostile, "no de");
    symlinkSync(process.execPath, node);
    const runtime = path.join(hostile, "run time $x.mjs");
    const report = path.join(scratch, "report.json");
    writeFileSync(
      runtime,
      `import { readFileSync, writeFileSync } from "node:fs";\n` +
        `writeFileSync(${JSON.stringify(report)}, JSON.stringify({ event: process.env.AGENTIHOOKS_COPILOT_EVENT, target: process.env.AGENTIHOOKS_TARGET, argv: process.argv.slice(2), stdin: readFileSync(0, "utf8") }));\n` +
        // "Checked and allowed", as the real runtime answers under the wrapper.
        `process.stdout.write(${JSON.stringify(EXIT_LINE_TAG)} + process.env.AGENTIHOOKS_ALLOW_EXIT + "\\n");\n`,
    );
    const wrapper = path.join(hostile, "agentihooks-hook.sh");
    writeFileSync(
      wrapper,
      renderHookWrapper({
        target: "copilot",
        displayName: "GitHub Copilot CLI",
        eventVariable: "AGENTIHOOKS_COPILOT_EVENT",
        nodePath: node,
        runtimePath: runtime,
        agentihooksHome: "/home/agent/.agentihooks",
        bashPath: "/bin/bash",
      }),
    );
    chmodSync(wrapper, 0o755);
    expect(spawnSync("bash", ["-n", wrapper]).status).toBe(0);
    // Copilot runs the registered command through /bin/sh: do the same, with the quoted path.
    const run = spawnSync("/bin/sh", ["-c", `${shellQuote(wrapper)} preToolUse`], { input: '{"toolName":"bash"}' });
    expect(run.status, run.stderr.toString()).toBe(0);
    expect(JSON.parse(readFileSync(report, "utf8"))).toEqual({ event: "preToolUse", target: "copilot", argv: ["preToolUse"], stdin: '{"toolName":"bash"}' });
    // Any other event execs the runtime directly.
    const start = spawnSync("/bin/sh", ["-c", `${shellQuote(wrapper)} sessionStart`], { input: "{}" });
    expect(start.status, start.stderr.toString()).toBe(0);
    expect(JSON.parse(readFileSync(report, "utf8"))).toMatchObject({ event: "sessionStart", argv: ["sessionStart"] });
  });
});

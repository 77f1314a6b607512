import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { FileEntry, JsonKeysEntry, JsonMembersEntry, TextBlockEntry } from "../../compiler/desired-tree";
import { portableEnvironment, type Environment } from "../../compiler/environment";
import { compileTarget } from "../../compiler/targets/copilot/compile";
import { WSL_BROWSER_CANDIDATES } from "../../compiler/targets/copilot/capabilities";
import { documentWithoutPositions } from "../../compiler/parse/parse-document";
import { schemaId, validate } from "../../compiler/validate";
import { makeIr, withCopilot } from "./ir-fixtures";

const HOME = "/home/agent";

function compile(settings: Record<string, unknown>, env: Partial<Environment> = {}) {
  return compileTarget(withCopilot(makeIr(), settings), portableEnvironment(env));
}
function settingsEntry(settings: Record<string, unknown>, env: Partial<Environment> = {}): JsonKeysEntry {
  return compile(settings, env).entries.find((e): e is JsonKeysEntry => e.kind === "json-keys")!;
}
function envFile(settings: Record<string, unknown>, env: Partial<Environment> = {}): string | undefined {
  const entry = compile(settings, env).entries.find((e): e is FileEntry => e.kind === "file" && e.path === `${HOME}/.agentihooks/copilot.env`);
  return entry === undefined ? undefined : String(entry.content);
}
/** What the Copilot settings layer schema says about `settings` when a profile layer holds it: [code, pointer] of each error. */
function layerErrors(settings: Record<string, unknown>, severity: "error" | "warning" = "error"): string[][] {
  return validate(schemaId("copilot-settings"), documentWithoutPositions(settings), ".copilot/settings.overrides.json")
    .filter((d) => d.severity === severity)
    .map((d) => [d.code, d.pointer ?? ""]);
}
function codes(settings: Record<string, unknown>, env: Partial<Environment> = {}): string[] {
  return compile(settings, env).diagnostics.map((d) => d.code);
}

describe("copilot settings.json managed keys", () => {
  it("manages disableAllHooks=false and the status line on an empty profile, with a sidecar and the legacy key removed", () => {
    const entry = settingsEntry({});
    expect(entry).toEqual({
      kind: "json-keys",
      path: `${HOME}/.copilot/settings.json`,
      format: "jsonc",
      keys: [
        { key: ["disableAllHooks"], value: false, enforced: true },
        { key: ["statusLine"], value: { type: "command", command: `/usr/local/bin/node ${portableEnvironment().runtimePath} statusline` } },
      ],
      remove: [["agentihooks"]],
      sidecar: `${HOME}/.copilot/.agentihooks-managed.json`,
      style: { indent: 2, asciiOnly: false, finalNewline: true },
      mode: 0o644,
    });
  });

  it("shell-quotes the status line command when paths hold spaces or quotes", () => {
    const entry = settingsEntry({}, { nodePath: "/opt/my node/bin/node", runtimePath: "/opt/it's/runtime.cjs" });
    expect(entry.keys.find((k) => k.key[0] === "statusLine")?.value).toEqual({
      type: "command",
      command: "'/opt/my node/bin/node' '/opt/it'\\''s/runtime.cjs' statusline",
    });
  });

  it("writes native keys sorted, drops _agentihooks, _-keys, $schema, hooks, trustedFolders and foreign vocabulary with warnings", () => {
    const tree = compile({
      $schema: "https://agentihooks.dev/schemas/copilot-settings.schema.json",
      theme: "dim",
      effortLevel: "high",
      _agentihooks: { allowAll: true },
      _comment: "note",
      hooks: { preToolUse: [{ command: "/x" }] },
      trustedFolders: ["/repo"],
      env: { A: "1" },
      approval_policy: "never",
      statusLine: { type: "command", command: "/usr/local/bin/my-status" },
      disableAllHooks: true,
    });
    const entry = tree.entries.find((e): e is JsonKeysEntry => e.kind === "json-keys")!;
    expect(entry.keys.map((k) => [k.key.join("."), k.value])).toEqual([
      ["disableAllHooks", false],
      ["effortLevel", "high"],
      ["statusLine", { type: "command", command: "/usr/local/bin/my-status" }],
      ["theme", "dim"],
    ]);
    expect(tree.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["AH4001", "/hooks"],
      ["AH4002", "/trustedFolders"],
      ["AH4003", "/approval_policy"],
      ["AH4003", "/env"],
      ["AH4027", "/disableAllHooks"],
      ["AH4024", "/_comment"],
    ]);
    expect(tree.diagnostics.every((d) => d.file === "bundle:.copilot/settings.overrides.json")).toBe(true);
    const hooks = tree.diagnostics.find((d) => d.code === "AH4001")!;
    expect(hooks.message).toContain("fires every hook twice");
    expect(tree.diagnostics.find((d) => d.pointer === "/env")!.message).toBe(
      "'env' is a Claude Code setting, not a Copilot one; it was dropped from settings.json. Copilot has no settings env; use '_agentihooks.channels', or export the variable in your shell.",
    );
  });

  it("reports an authored permissions block as inert but keeps it", () => {
    const tree = compile({ permissions: { deny: ["read"] } });
    expect(tree.diagnostics.map((d) => d.code)).toEqual(["AH4004"]);
    expect(tree.entries.find((e): e is JsonKeysEntry => e.kind === "json-keys")!.keys.some((k) => k.key[0] === "permissions")).toBe(true);
  });

  it("never targets config.json", () => {
    expect(compile({ _agentihooks: { allowAll: true } }).entries.some((e) => e.path.endsWith("/config.json"))).toBe(false);
  });
});

describe("copilot env file", () => {
  const header = "# managed-by: agentihooks — regenerate with: agentihooks apply --target copilot\n";

  it("writes nothing without directives", () => {
    expect(envFile({})).toBeUndefined();
    expect(envFile({ _agentihooks: { allowAll: false, channels: "", browserCommand: "" } })).toBeUndefined();
  });

  it("renders channels, allowAll and the launcher in that order, exact bytes", () => {
    const content = envFile(
      { _agentihooks: { browserCommand: ["/usr/bin/firefox", "--new-tab"], allowAll: true, channels: ["brain", "amygdala"] } },
      { resolveExecutable: (c) => (c === "/usr/bin/firefox" ? c : null) },
    );
    expect(content).toBe(
      header +
        "# native _agentihooks.channels → broadcast subscriptions\nAGENTIHOOKS_BASE_CHANNELS=brain,amygdala\n" +
        "# native _agentihooks.allowAll → Copilot allow-all-tools\nCOPILOT_ALLOW_ALL=true\n" +
        `# native _agentihooks.browserCommand → OAuth browser launcher\nCOPILOT_DEBUG_BROWSER='["/usr/bin/firefox", "--new-tab"]'\n`,
    );
  });

  it("accepts channels as a comma string", () => {
    expect(envFile({ _agentihooks: { channels: "brain,amygdala" } })).toBe(
      `${header}# native _agentihooks.channels → broadcast subscriptions\nAGENTIHOOKS_BASE_CHANNELS=brain,amygdala\n`,
    );
  });

  it("writes COPILOT_ALLOW_ALL only for the boolean true; the layer schema rejects any other value where it is written", () => {
    expect(envFile({ _agentihooks: { allowAll: 1 } })).toBeUndefined();
    // A wrong value is a warning that drops the directive (the others still apply), never allow-all.
    expect(layerErrors({ _agentihooks: { allowAll: "yes" } })).toEqual([]);
    expect(layerErrors({ _agentihooks: { allowAll: "yes" } }, "warning")).toEqual([["AH2021", "/_agentihooks/allowAll"]]);
    expect(envFile({ _agentihooks: { allowAll: "yes", channels: "beta" } })).toContain("beta");
    expect(envFile({ _agentihooks: { allowAll: "yes", channels: "beta" } })).not.toContain("COPILOT_ALLOW_ALL");
  });

  it("renders the suppressBrowserLaunch sink, which parks the URL when run", () => {
    const content = envFile({ _agentihooks: { suppressBrowserLaunch: true } })!;
    const line = content.split("\n").find((l) => l.startsWith("COPILOT_DEBUG_BROWSER="))!;
    expect(line).toBe(
      `COPILOT_DEBUG_BROWSER='["sh", "-c", "mkdir -p \\"$HOME/.copilot\\" && printf \\"%s\\\\n\\" \\"$1\\" >> \\"$HOME/.copilot/pending-oauth-urls.txt\\"", "agentihooks-oauth"]'`,
    );
    const argv = JSON.parse(line.slice("COPILOT_DEBUG_BROWSER='".length, -1)) as string[];
    const home = mkdtempSync(path.join(tmpdir(), "ah-sink-"));
    try {
      const url = "https://login.example/authorize?a=1&b=2";
      const run = spawnSync(argv[0]!, [...argv.slice(1), url], { env: { ...process.env, HOME: home } });
      expect(run.status).toBe(0);
      expect(readFileSync(path.join(home, ".copilot", "pending-oauth-urls.txt"), "utf8")).toBe(`${url}\n`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("lets a resolved browserCommand win over suppressBrowserLaunch", () => {
    const content = envFile({ _agentihooks: { browserCommand: ["/bin/sh"], suppressBrowserLaunch: true } }, { resolveExecutable: (c) => c });
    expect(content).toContain(`COPILOT_DEBUG_BROWSER='["/bin/sh"]'`);
    expect(content).not.toContain("pending-oauth-urls");
  });

  it("shell-splits a string launcher with a real shell parser", () => {
    const content = envFile(
      { _agentihooks: { browserCommand: '"/mnt/c/Program Files/Google/Chrome/Application/chrome.exe" --new-tab' } },
      { resolveExecutable: (c) => c },
    );
    expect(content).toContain(`COPILOT_DEBUG_BROWSER='["/mnt/c/Program Files/Google/Chrome/Application/chrome.exe", "--new-tab"]'`);
  });

  it("drops an unresolvable launcher with a warning naming it, keeping the other directives", () => {
    const tree = compile({ _agentihooks: { browserCommand: ["/no/such/browser"], allowAll: true } });
    expect(tree.diagnostics.map((d) => d.code)).toEqual(["AH4008"]);
    expect(tree.diagnostics[0]!.message).toContain("'/no/such/browser' was not found on this machine");
    expect(envFile({ _agentihooks: { browserCommand: ["/no/such/browser"], allowAll: true } })).toBe(
      `${header}# native _agentihooks.allowAll → Copilot allow-all-tools\nCOPILOT_ALLOW_ALL=true\n`,
    );
  });

  it("rejects launchers of the wrong shape with a warning and no crash", () => {
    for (const value of [true, 1, 1.5, { chrome: true }, ["a", 2]]) {
      const tree = compile({ _agentihooks: { browserCommand: value, channels: "brain" } });
      expect(tree.diagnostics.map((d) => d.code)).toEqual(["AH4007"]);
      expect(envFile({ _agentihooks: { browserCommand: value, channels: "brain" } })).toContain("AGENTIHOOKS_BASE_CHANNELS=brain\n");
    }
    expect(codes({ _agentihooks: { browserCommand: "chrome | tee x" } })).toEqual(["AH4010"]);
  });

  it("resolves auto to nothing off WSL", () => {
    expect(envFile({ _agentihooks: { browserCommand: "auto" } }, { wsl: false, resolveExecutable: (c) => c })).toBeUndefined();
    expect(codes({ _agentihooks: { browserCommand: "auto" } }, { wsl: false })).toEqual([]);
  });

  it("resolves auto under WSL to the first launcher that exists, never explorer.exe", () => {
    const chrome = "/mnt/c/Program Files/Google/Chrome/Application/chrome.exe";
    expect(envFile({ _agentihooks: { browserCommand: " AUTO " } }, { wsl: true, resolveExecutable: (c) => (c === chrome ? c : null) })).toContain(
      `COPILOT_DEBUG_BROWSER='["${chrome}"]'`,
    );
    expect(
      envFile({ _agentihooks: { browserCommand: "auto" } }, { wsl: true, resolveExecutable: (c) => (c === "wslview" ? "/usr/bin/wslview" : c) }),
    ).toContain(`COPILOT_DEBUG_BROWSER='["wslview"]'`);
    expect(WSL_BROWSER_CANDIDATES.some((c) => c.includes("explorer"))).toBe(false);
    const none = compile({ _agentihooks: { browserCommand: "auto" } }, { wsl: true });
    expect(none.diagnostics.map((d) => d.code)).toEqual(["AH4009"]);
    expect(none.diagnostics[0]!.message).toContain("no Windows browser found from WSL");
  });

  it("rejects an unknown directive in the layer that writes it, instead of ignoring it silently", () => {
    expect(layerErrors({ _agentihooks: { alowAll: true } })).toEqual([["AH2001", "/_agentihooks/alowAll"]]);
  });
});

describe("copilot disabledMcpServers", () => {
  it("is absent without the directive", () => {
    expect(compile({}).entries.some((e) => e.kind === "json-members")).toBe(false);
  });

  it("disables every configured server except the always-on set and operator enables", () => {
    const entry = compile({ _agentihooks: { mcpDefaultDisabled: true } }).entries.find((e): e is JsonMembersEntry => e.kind === "json-members")!;
    expect(entry).toMatchObject({
      path: `${HOME}/.copilot/settings.json`,
      key: ["disabledMcpServers"],
      add: [],
      addKeysOf: { path: `${HOME}/.copilot/mcp-config.json`, key: ["mcpServers"] },
      exclude: ["agentihooks"],
      unlessListedAt: ["enabledMcpServers"],
      sidecar: `${HOME}/.copilot/.agentihooks-managed.json`,
    });
  });

  it("replaces the always-on default with mcpAlwaysEnabled, reading the legacy name", () => {
    const exclude = (list: unknown) =>
      compile({ _agentihooks: { mcpDefaultDisabled: true, mcpAlwaysEnabled: list } }).entries.find((e): e is JsonMembersEntry => e.kind === "json-members")!
        .exclude;
    expect(exclude(["drawio"])).toEqual(["drawio"]);
    expect(exclude(["hooks-utils", "zeta", "agentihooks"])).toEqual(["agentihooks", "zeta"]);
    expect(layerErrors({ _agentihooks: { mcpDefaultDisabled: true, mcpAlwaysEnabled: "drawio" } }, "warning")).toEqual([
      ["AH2021", "/_agentihooks/mcpAlwaysEnabled"],
    ]);
  });
});

describe("copilot shell integration", () => {
  it("adds the env-loading block to ~/.bashrc, and ~/.zshrc only where it exists, when there is an env file", () => {
    // The agentihooks .env block is always there (compiler/lower/agentihooks-env.ts); the shell block only with an env file.
    const shellBlock = (e: { kind: string }): e is TextBlockEntry => e.kind === "text-block" && (e as TextBlockEntry).begin === "# === agentihooks ===";
    expect(compile({}).entries.some(shellBlock)).toBe(false);
    const blocks = compile({ _agentihooks: { allowAll: true } }).entries.filter(shellBlock);
    expect(blocks.map((b) => [b.path, b.onlyIfExists, b.begin, b.end])).toEqual([
      [`${HOME}/.bashrc`, false, "# === agentihooks ===", "# === end-agentihooks ==="],
      [`${HOME}/.zshrc`, true, "# === agentihooks ===", "# === end-agentihooks ==="],
    ]);
  });

  it("exports every env file to programs started from the shell, even from a home with spaces and quotes", () => {
    const root = mkdtempSync(path.join(tmpdir(), "ah-shell-"));
    try {
      const ahHome = path.join(root, "it's home", ".agentihooks");
      const content = envFile({ _agentihooks: { allowAll: true, channels: "brain,amygdala" } })!;
      const block = compile({ _agentihooks: { allowAll: true } }, { agentihooksHome: ahHome }).entries.find(
        (e): e is TextBlockEntry => e.kind === "text-block" && e.begin === "# === agentihooks ===",
      )!;
      mkdirSync(ahHome, { recursive: true });
      writeFileSync(path.join(ahHome, "copilot.env"), content);
      const rc = path.join(root, "bashrc");
      writeFileSync(rc, `${block.begin}\n${block.content}${block.end}\n`);
      expect(spawnSync("bash", ["-n", rc]).status).toBe(0);
      const run = spawnSync("bash", [
        "-c",
        `. ${JSON.stringify(rc)}; case "$-" in *a*) echo allexport-left-on;; esac; node -e 'console.log(process.env.COPILOT_ALLOW_ALL + " " + process.env.AGENTIHOOKS_BASE_CHANNELS)'`,
      ]);
      expect(run.stderr.toString()).toBe("");
      expect(run.stdout.toString()).toBe("true brain,amygdala\n");
      const empty = spawnSync("bash", ["-c", `rm ${JSON.stringify(path.join(ahHome, "copilot.env"))}; . ${JSON.stringify(rc)}; echo ok`]);
      expect(empty.stdout.toString()).toBe("ok\n");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("copilot diagnostics name the layer that set the value", () => {
  it("uses the first recorded leaf of an object, not the last layer merged", () => {
    const ir = withCopilot(makeIr(), { hooks: { preToolUse: [{ command: "/x" }] } });
    const layerA = { file: "bundle:.copilot/settings.overrides.json", layer: "bundle" };
    const layerB = { file: "bundle:profiles/admin/.copilot/settings.overrides.json", layer: "settings profile admin" };
    ir.targets.copilot.settings = {
      value: { hooks: { preToolUse: [{ command: "/x" }] } },
      provenance: { "/hooks/preToolUse/0": { ...layerA, pointer: "/hooks/preToolUse/0", line: 8, column: 29 } },
      layers: [layerA, layerB],
    };
    const [d] = compileTarget(ir, portableEnvironment()).diagnostics;
    expect([d!.code, d!.file, d!.pointer, d!.line]).toEqual(["AH4001", layerA.file, "/hooks", 8]);
  });
});

describe("copilot disabledMcpServers authored in a layer", () => {
  it("is a plain managed key without mcpDefaultDisabled, and members with it", () => {
    expect(settingsEntry({ disabledMcpServers: ["x"] }).keys.map((k) => k.key[0])).toContain("disabledMcpServers");
    const tree = compile({ disabledMcpServers: ["zeta", "alpha", "zeta"], _agentihooks: { mcpDefaultDisabled: true } });
    expect(tree.entries.find((e): e is JsonKeysEntry => e.kind === "json-keys")!.keys.map((k) => k.key[0])).not.toContain("disabledMcpServers");
    expect(tree.entries.find((e): e is JsonMembersEntry => e.kind === "json-members")!.add).toEqual(["alpha", "zeta"]);
  });
});

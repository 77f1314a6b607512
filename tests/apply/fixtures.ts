/** Shared fixtures for the plan/apply/uninstall suites: real temp homes and hand-made desired trees. */
import { mkdtempSync, readdirSync, readFileSync, lstatSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defaultJsonStyle, type DesiredEntry, type DesiredTree } from "../../compiler/desired-tree";
import { realFileSystem } from "../../compiler/fs/real";
import { planAndApply, uninstallTargets, type RunContext } from "../../compiler/apply/run";

export const HEADER = "<!-- managed-by: agentihooks — regenerate with: agentihooks init --target copilot -->";
export const FOOTER = "<!-- agentihooks:managed-end -->";

export interface Homes {
  home: string;
  copilot: string;
  codex: string;
  agentihooks: string;
  ctx(now?: Date): RunContext;
}

/** A fresh temp home. */
export function makeHomes(): Homes {
  const home = mkdtempSync(path.join(tmpdir(), "ah-home-"));
  const homes = {
    home,
    copilot: path.join(home, ".copilot"),
    codex: path.join(home, ".codex"),
    agentihooks: path.join(home, ".agentihooks"),
    ctx: (now = new Date(Date.UTC(2026, 10, 30, 12, 0, 0))) => ({ fs: realFileSystem(), env: { home, agentihooksHome: path.join(home, ".agentihooks") }, now }),
  };
  return homes;
}

/** Writes a file (parents created). */
export function put(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

export function get(file: string): string {
  return readFileSync(file, "utf8");
}

/** Every file under `dir` (relative path → content), for byte-identical comparisons. */
export function snapshot(dir: string, skip: (rel: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      const rel = path.relative(dir, full);
      if (skip(rel)) continue;
      const st = lstatSync(full);
      if (st.isDirectory()) walk(full);
      else out[rel] = `${(st.mode & 0o777).toString(8)}:${readFileSync(full, "latin1")}`;
    }
  };
  walk(dir);
  return out;
}

/** mtimes of every file under dir. */
export function mtimes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      const st = lstatSync(full);
      if (st.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = st.mtimeMs;
    }
  };
  walk(dir);
  return out;
}

export interface CopilotOptions {
  statusCommand?: string;
  persona?: string;
  agents?: Record<string, string>;
  servers?: Record<string, unknown>;
  events?: string[];
}

/** A Copilot-shaped desired tree (wrapper, settings keys, hooks, persona, agents, MCP, disabled members). */
export function copilotTree(h: Homes, o: CopilotOptions = {}): DesiredTree {
  const H = h.copilot;
  const wrapper = `${H}/agentihooks-hook.sh`;
  const sidecar = `${H}/.agentihooks-managed.json`;
  const events = o.events ?? ["sessionStart", "preToolUse"];
  const entries: DesiredEntry[] = [
    { kind: "file", path: wrapper, content: "#!/usr/bin/env bash\nexec node runtime.mjs\n", mode: 0o755 },
    {
      kind: "json-keys",
      path: `${H}/settings.json`,
      format: "jsonc",
      keys: [
        { key: ["statusLine"], value: { type: "command", command: o.statusCommand ?? "node statusline" } },
        { key: ["disableAllHooks"], value: false },
      ],
      sidecar,
      style: defaultJsonStyle,
      mode: 0o644,
    },
    {
      kind: "json-lists",
      path: `${H}/hooks/agentihooks.json`,
      container: ["hooks"],
      lists: Object.fromEntries(events.map((e) => [e, [{ type: "command", command: `${wrapper} ${e}`, timeoutSec: 30 }]])),
      ownerCommand: wrapper,
      position: "last",
      style: defaultJsonStyle,
      mode: 0o644,
      skeleton: { version: 1 },
    },
    {
      kind: "managed-region",
      path: `${H}/copilot-instructions.md`,
      content: `${HEADER}\n${o.persona ?? "persona v1"}\n\n${FOOTER}\n`,
      header: HEADER,
      footer: FOOTER,
      mode: 0o644,
    },
    {
      kind: "json-entries",
      path: `${H}/mcp-config.json`,
      container: ["mcpServers"],
      entries: (o.servers ?? { agentihooks: { type: "local", command: "node", args: ["mcp.mjs"] } }) as Record<string, unknown>,
      style: defaultJsonStyle,
      mode: 0o644,
    },
    {
      kind: "json-members",
      path: `${H}/settings.json`,
      key: ["disabledMcpServers"],
      add: [],
      addKeysOf: { path: `${H}/mcp-config.json`, key: ["mcpServers"] },
      exclude: ["agentihooks"],
      unlessListedAt: ["enabledMcpServers"],
      sidecar,
      style: defaultJsonStyle,
      mode: 0o644,
    },
  ];
  for (const [name, text] of Object.entries(o.agents ?? { "scout.md": "---\ndescription: scout\n---\nScout.\n" })) {
    entries.push({
      kind: "file",
      path: `${H}/agents/${name}`,
      content: text,
      mode: 0o644,
      manifest: { dir: `${H}/agents`, file: ".agentihooks-manifest.json", item: name },
    });
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.kind < b.kind ? -1 : 1));
  return { target: "copilot", entries, diagnostics: [] };
}

/** A Codex-shaped desired tree (config.toml keys and defaults, hooks first, persona). */
export function codexTree(h: Homes, o: { policy?: string } = {}): DesiredTree {
  const C = h.codex;
  const wrapper = `${C}/agentihooks-hook.sh`;
  const entries: DesiredEntry[] = [
    { kind: "file", path: wrapper, content: "#!/usr/bin/env bash\nexec node runtime.mjs codex\n", mode: 0o755 },
    {
      kind: "toml-keys",
      path: `${C}/config.toml`,
      keys: [
        { key: ["approval_policy"], value: o.policy ?? "on-request" },
        { key: ["features", "hooks"], value: true },
        { key: ["mcp_servers", "agentihooks"], value: { command: "node", args: ["mcp.mjs"] } },
      ],
      defaults: [{ key: ["notify"], value: ["node", "notify.mjs"] }],
      sidecar: `${C}/.agentihooks-managed.json`,
      mode: 0o644,
    },
    {
      kind: "json-lists",
      path: `${C}/hooks.json`,
      container: ["hooks"],
      lists: { PreToolUse: [{ hooks: [{ type: "command", command: wrapper }] }] },
      ownerCommand: wrapper,
      position: "first",
      style: { indent: 2, asciiOnly: false, finalNewline: false },
      mode: 0o644,
    },
  ];
  return { target: "codex", entries, diagnostics: [] };
}

export const apply = (trees: DesiredTree[], h: Homes, now?: Date) => planAndApply(trees, h.ctx(now));
export const uninstall = (targets: string[], h: Homes, now?: Date) => uninstallTargets(targets, h.ctx(now));

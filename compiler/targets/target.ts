/**
 * What a target is: a descriptor (where its native layers live, which client version it was
 * verified against, what it can express) and a pure `compile` from the IR to a desired tree.
 * Shared code reads descriptors and capabilities; it never branches on a target's id.
 */
import type { DesiredTree } from "../desired-tree";
import type { Environment } from "../environment";
import type { Ir } from "../ir";

/** Where a target's native layers live inside a profile, bundle or `profiles/_base`, and their format. */
export interface NativeLayers {
  /** Subdirectory of a profile root holding this target's layers, e.g. `.copilot`. */
  subdir: string;
  /** Base document in `profiles/_base/`. */
  base: string;
  /** Settings layer file name (looked up in `<root>/<subdir>/` then `<root>/`). */
  settings: string;
  /** MCP layer file name (same lookup); falls back to the root's Claude `.mcp.json`. */
  mcp: string;
  /** How the settings and MCP layers are parsed. */
  format: "jsonc" | "toml";
  /** `$id` of the JSON Schema that validates a settings layer. */
  settingsSchema: string;
  /** Key of the MCP layer document holding servers by name (`mcpServers`, or Codex's `mcp_servers`). */
  mcpContainer: string;
  /** `$id` of the JSON Schema that validates an MCP layer (the front end normalises it to the canonical McpServer). */
  mcpSchema: string;
}

/** Static facts about a target. */
export interface TargetDescriptor<Id extends string = string> {
  id: Id;
  /** Name for people, e.g. `GitHub Copilot CLI`. */
  displayName: string;
  /** The client release this target's output was verified against (clients-today.md). */
  verifiedAgainst: { package: string; version: string };
  layers: NativeLayers;
  /** What the client can express (hook events, MCP transports, context caps, block channels), as data. */
  capabilities?: TargetCapabilities;
}

/**
 * What a target's client can express, as data: shared code and docs read this instead of branching
 * on a target id. Target-specific details (tool-name maps, size limits) live in the target's own
 * `capabilities.ts` next to this summary.
 */
export interface TargetCapabilities {
  /** Hook events agentihooks registers, in the client's own spelling and order. */
  hookEvents: readonly string[];
  /** MCP transports the client runs, in its own `type` spelling. */
  mcpTransports: readonly string[];
  /** Per event, the size (characters) at which the client silently cuts hook-injected context. */
  contextCaps: Readonly<Record<string, number>>;
  /** Per event, how a hook blocks: `exit-2`, `stdout-deny` (permissionDecision), `stdout-block` (decision: block), `stdout-behavior`. */
  blockChannels: Readonly<Record<string, readonly string[]>>;
  /** A pre-tool hook can rewrite the tool's arguments. */
  argumentMutation: boolean;
}

/** A target: its descriptor and its compiler. */
export interface Target<Id extends string = string> {
  descriptor: TargetDescriptor<Id>;
  /** Pure: IR and machine facts in, desired tree out. Never touches fs, env, clock or randomness. */
  compile(ir: Ir, env: Environment): DesiredTree;
}

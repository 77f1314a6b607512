/**
 * What a target is: a descriptor (where its native layers live, and its client contract: which
 * client version it was verified against and what the client does on the wire) and a pure `compile`
 * from the IR to a desired tree.
 * Shared code reads descriptors and contracts; it never branches on a target's id.
 */
import type { DesiredTree } from "../desired-tree";
import type { Environment } from "../environment";
import type { LiveChecks } from "../doctor/probe";
import type { Ir } from "../ir";
import type { Scope } from "../scopes/scope";
import type { ClientContract } from "./contract";

/** Where a target's native layers live inside a profile, bundle or `profiles/_base`, and their format. */
export interface NativeLayers {
  /** Subdirectory of a profile root holding this target's layers, e.g. `.copilot`. */
  subdir: string;
  /** Base document in `profiles/_base/`; absent for a target that ships no base settings. */
  base?: string;
  /** Settings layer file name (looked up in `<root>/<subdir>/` then, unless `subdirOnly`, `<root>/`). */
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
  /**
   * The layers are read only from `<root>/<subdir>/`: a target added after the root-level layout
   * (whose file names the older targets share, e.g. `settings.overrides.json`) must not read
   * another client's file as its own.
   */
  subdirOnly?: boolean;
}

/** Static facts about a target. */
export interface TargetDescriptor<Id extends string = string> {
  id: Id;
  /** Name for people, e.g. `GitHub Copilot CLI` (the contract's). */
  displayName: string;
  /** The client release this target's output was verified against (the contract's). */
  verifiedAgainst: { package: string; version: string };
  layers: NativeLayers;
  /** What the client does on the wire: the facts the compiler and the hook runtime share. */
  contract: ClientContract<Id>;
  /** Facts about the client that decide whether its hooks run at all, printed by `doctor` as notes. */
  doctorNotes?: readonly string[];
  /**
   * The scopes the target writes (docs/scopes.md): `true` where its `compile` has that scope's path
   * map (read from `Environment.scope`), or why the client has no place there (shown in AH5150).
   * `home` is implied; any other scope absent here is not written yet, with AH5150.
   */
  scopes?: Readonly<Partial<Record<Exclude<Scope, "home">, true | string>>>;
}

/** A target: its descriptor and its compiler. */
export interface Target<Id extends string = string> {
  descriptor: TargetDescriptor<Id>;
  /** Pure: IR and machine facts in, desired tree out. Never touches fs, env, clock or randomness. */
  compile(ir: Ir, env: Environment): DesiredTree;
  /** `doctor --live`: asks the installed client what it loaded (./<id>/live-probe.ts); absent when the client has nothing to ask. */
  liveChecks?: LiveChecks;
}

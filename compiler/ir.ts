/**
 * The intermediate representation: what the front end (load → validate → resolve/merge) hands to
 * every target. Target-neutral; each node remembers where it came from, so a problem found while
 * lowering still points at the profile line that caused it.
 */
import type { SourceLocation } from "./diagnostics";
import type { TargetId } from "./targets/ids";

/** Where an IR node came from: the file (display path) and the layer it belongs to. */
export interface Origin extends SourceLocation {
  /** Human label of the layer: `package`, `bundle`, `profile anton`, `settings profile admin`, `base`. */
  layer: string;
}

/** Where a profile was found. */
export type ProfileSource = "built-in" | "bundle" | "linked";

/** One resolved member of the profile chain (after `extends` expansion). */
export interface ChainMember {
  name: string;
  source: ProfileSource;
  /** Display root of the profile directory, e.g. `built-in:profiles/default`. */
  root: string;
  /** The member that pulled this one in through `extends`, if any. */
  extendedBy?: string;
}

/** A text file read from a profile or bundle. */
export interface TextSource {
  text: string;
  origin: Origin;
}

/** A markdown file with YAML frontmatter (commands, agents, rules, SKILL.md). */
export interface MarkdownDocument {
  /** Parsed frontmatter; `{}` when the file has none. Validated against the kind's schema. */
  frontmatter: Record<string, unknown>;
  /** Text after the frontmatter block, leading newlines stripped. */
  body: string;
  /** The whole file as read. */
  raw: string;
}

/** A rule, command or agent: one markdown file, identified by its file name. */
export interface MarkdownFeature extends MarkdownDocument {
  /** File name without `.md` (the command, agent or rule name). */
  name: string;
  /** File name as on disk, e.g. `security.md`. */
  fileName: string;
  origin: Origin;
}

/** A file inside a skill directory. */
export interface SkillFile {
  /** POSIX path relative to the skill directory, e.g. `SKILL.md`, `scripts/run.sh`. */
  path: string;
  content: Uint8Array;
  executable: boolean;
}

/** A skill: a directory holding `SKILL.md` and any other files. */
export interface Skill extends MarkdownDocument {
  name: string;
  /** Every file of the skill, sorted by path. */
  files: SkillFile[];
  origin: Origin;
}

/** One MCP server definition, normalised across the native spellings (schemas/mcp-server.schema.json). */
export interface McpServerEntry {
  /** The definition as authored (after schema validation), in the canonical shape. */
  server: import("../schemas/mcp-server.generated").McpServer;
  origin: Origin;
  /** Earlier definitions of the same name that this one replaced whole, in merge order. */
  replaces?: Origin[];
}

/** A merged document together with which layer set each value. */
export interface MergedDocument {
  /** The merged JSON-compatible value (TOML layers are parsed to plain objects). */
  value: Record<string, unknown>;
  /** JSON pointer of each value that a layer set → the origin of the layer that set it last. */
  provenance: Record<string, Origin>;
  /** The layers that contributed, in merge order. */
  layers: Origin[];
  /** For a pointer set by more than one layer: the earlier setters it replaced, in merge order. */
  overridden?: Record<string, Origin[]>;
}

/** Everything the front end resolved for one target's native layers. */
export interface TargetInput {
  /** The native settings layers merged (base → bundle → chain → settings profile), `_agentihooks` included. */
  settings: MergedDocument;
  /** MCP servers by name (later layers replace a whole entry), sorted by name. */
  mcpServers: Record<string, McpServerEntry>;
}

/** The guardrail switches the runtime reads from its policy file. */
export type GuardrailPolicy = import("../schemas/profile.generated").Guardrails;

/** The typed result of the front end; every target emitter consumes this. */
export interface Ir {
  /** The chain as the operator wrote it, e.g. `coding,anton`. */
  requestedChain: string;
  /** Resolved members, `extends` expanded (parents first, each once), in merge order. */
  chain: ChainMember[];
  /** The persona's identity: the first member that is not a linked profile. */
  basePersona: string;
  /** The settings profile (second axis), when one is configured. */
  settingsProfile?: ChainMember;
  /** Display root of the bundle, when one is configured. */
  bundle?: string;
  persona: {
    /** The bundle's shared persona (`<bundle>/.claude/CLAUDE.md`, else `<bundle>/CLAUDE.md`). */
    bundleShared?: TextSource;
    /** Each chain member's `CLAUDE.md`, in chain order (members without one are absent). */
    profiles: Array<TextSource & { profile: string }>;
    /** The CI manifesto appended last to the Copilot and Codex personas, when one is configured. */
    manifesto?: TextSource;
  };
  /** Rules in their first position; a later layer's same-named file replaces text and origin. */
  rules: MarkdownFeature[];
  /** Commands, agents and skills: later layers win by name; sorted by name. */
  commands: MarkdownFeature[];
  agents: MarkdownFeature[];
  skills: Skill[];
  /** Per-target native settings and MCP servers. */
  targets: Record<TargetId, TargetInput>;
  /** Guardrail switches, merged over the chain (later members win), defaults applied. */
  guardrails: GuardrailPolicy;
  /** Broadcast channels from `profile.yml` (the last member that sets them), when one does. */
  channels?: { value: string[]; origin: Origin };
  /** Project-config switches that change what a target writes; absent means every default. */
  options?: CompileOptions;
}

/** Project-config switches read by targets (agentihooks.config `codexHookTrust`, …). */
export interface CompileOptions {
  /** false: do not record Codex hook trust (`[hooks.state]`); the operator approves the hooks in Codex. Default true. */
  codexHookTrust?: boolean;
  /** The broadcast store, absolute (agentihooks.config `broadcastDir`); written into every policy. */
  broadcastDir?: string;
}

/**
 * The desired tree: what the compiler wants on disk, per target. Targets produce it from the IR
 * (pure); plan compares it with the actual tree and the ownership record; apply makes actual match.
 *
 * Paths are absolute and built from the Environment, so a portable environment
 * (`portableEnvironment()`) yields placeholder paths and the same bytes on every machine.
 *
 * Two families of entries:
 *  - files we own whole (`file`, `managed-region` persona files with an operator tail);
 *  - edits inside files we share with the operator or the client (`json-keys`, `json-entries`,
 *    `json-members`, `toml-keys`), where only what we list is ours and everything else survives.
 *
 * How plan/apply treat each kind is implemented in compiler/plan/entries/<kind>.ts (each with its
 * `plan`, `strip` and `legacy`; compiler/plan/plan-changes.ts lists the modules and the rules). In short: what a target stops producing is removed when it still holds what
 * we wrote (keys, entries, members, owned files); several entries may share one path (json-keys and
 * json-members on settings.json); identical whole files from two targets (the shared
 * ~/.agents/skills) are one file with two owners; a sidecar holds one section per file name
 * (`{"version": 2, "files": {"settings.json": {"keys", "members", "defaults"}}}`, JSON-pointer keys);
 * `toml-keys` defaults we filled in are recorded so uninstall can take them out again.
 */
import type { Diagnostic } from "./diagnostics";
import type { Origin } from "./ir";
import type { TargetId } from "./targets/ids";

/** A whole file we own. Created, updated, or deleted when no longer desired. */
export interface FileEntry {
  kind: "file";
  path: string;
  content: string | Uint8Array;
  /** 0o644 by default; 0o755 for wrappers and executable skill files; 0o600 for files holding a resolved secret. */
  mode: number;
  /**
   * Ownership group: a directory of translated items (agents, command-skills) whose names are
   * listed in a manifest file inside `dir`, so an operator's own file of the same name wins.
   */
  manifest?: { dir: string; file: string; item: string };
  origin?: Origin;
}

/**
 * A persona file: our managed text between a header and a footer, then the operator's tail kept
 * verbatim. A file without our header is the operator's: backed up before the first write.
 */
export interface ManagedRegionEntry {
  kind: "managed-region";
  path: string;
  /** The whole managed text, header first, ending with the footer line and a newline. */
  content: string;
  header: string;
  footer: string;
  mode: number;
}

/**
 * Managed values inside a JSON (or JSONC) object file shared with the operator, e.g. Copilot's
 * settings.json. Each key is a path from the document root. Written when absent, equal to the
 * recorded value, or already equal to the desired value; otherwise the operator's value stays and
 * a conflict is reported. Recorded in `sidecar` (`.agentihooks-managed.json`).
 */
export interface JsonKeysEntry {
  kind: "json-keys";
  path: string;
  format: "json" | "jsonc";
  /**
   * Managed values, by key path (`["statusLine"]`, `["env", "FOO"]`), in the order they are written.
   * `enforced` marks a value that keeps the guardrails on (Copilot's `disableAllHooks: false`): a
   * hand edit of it is not kept but set back, with a warning naming the file.
   */
  keys: Array<{ key: string[]; value: unknown; origin?: Origin; enforced?: boolean }>;
  /** Keys (paths) we must remove if present (e.g. a legacy in-file record), whatever their value. */
  remove?: string[][];
  /** Sidecar file that records the value last written for each managed key. */
  sidecar: string;
  /** Indentation and escaping of the file when we write it whole (a new file). */
  style: JsonStyle;
  /** File mode when created. */
  mode: number;
}

/**
 * Named entries inside an object of a shared JSON file: MCP servers in `mcp-config.json` or
 * `~/.claude.json`, keyed by name at `container` (e.g. `["mcpServers"]`). Entries we wrote are
 * recorded in the state ledger; an operator's same-named entry that we did not write wins.
 */
export interface JsonEntriesEntry {
  kind: "json-entries";
  path: string;
  container: string[];
  entries: Record<string, unknown>;
  /** Entry names we owned before but no longer want are removed (from the ledger). */
  style: JsonStyle;
  mode: number;
  /** Extra top-level values a brand-new file starts with (e.g. `{"version": 1}`), never forced on an existing file. */
  skeleton?: Record<string, unknown>;
  /** Names the Python original may hold here without a record of ours (`LegacyEntryNames`). */
  legacyNames?: LegacyEntryNames;
  /** The Python original's names that now have another, and the client's lists that name the container's entries (`LegacyRenames`). */
  legacyRenames?: LegacyRenames;
}

/**
 * The Python original's entry names that have a new one (its server `hooks-utils`, `agentihooks`
 * since its 2.14), and where else the client names this container's entries (Copilot's
 * `enabledMcpServers`, Claude's per-project `disabledMcpServers`). When plan migrates an entry under
 * an old name while it writes the new one, the old name in those lists becomes the new one in place
 * (the lists' order and the operator's other members stay); uninstall takes out again what it put in.
 */
export interface LegacyRenames {
  /** Old name → the name its entry has now. */
  names: Record<string, string>;
  lists: MemberList[];
}

/**
 * A string array of a JSON file: the one at `key`, or with `each`, the one at `key` inside every
 * object member of the object at `each` (Claude keeps a list per project under `projects`).
 */
export interface MemberList {
  path: string;
  key: string[];
  each?: string[];
}

/**
 * Names under which the Python original registered its own entries (its MCP server: `hooks-utils`,
 * renamed `agentihooks` in its 2.14) in a home that has no record of ours. An existing entry under
 * such a name that runs the original's runtime (`python -m hooks.…`) is ours: replaced by the
 * desired entry of that name, or removed when none is desired (AH5044). One that runs anything
 * else is the operator's and stays; under a name we do not write, with a warning (AH5045).
 */
export type LegacyEntryNames = string[];

/**
 * Hook registrations: per event, a list at `container/<event>` holding our items plus foreign ones.
 * An item is ours when `isOurs` recognises it (the command starts with our wrapper path, followed
 * by whitespace or the end). Foreign items keep their order; ours go first or last.
 */
export interface JsonListsEntry {
  kind: "json-lists";
  path: string;
  container: string[];
  /** Our items per event; events absent here lose our items (foreign items stay). */
  lists: Record<string, unknown[]>;
  /** Command prefix that marks an item (or a group containing a handler) as ours. */
  ownerCommand: string;
  position: "first" | "last";
  style: JsonStyle;
  mode: number;
  /** Top-level values of a brand-new file, e.g. `{"version": 1}`. */
  skeleton?: Record<string, unknown>;
  /**
   * Some of our items do not run `ownerCommand` (hook groups a profile declares with its own
   * command, Claude and Codex). When true, plan records the items it wrote (in the ownership
   * record) and treats an existing item equal to a recorded or a desired item as ours too: it is
   * replaced or removed with our other items instead of being kept as foreign, so a re-apply never
   * stacks copies and a group removed from the profiles disappears. Our items keep the order of
   * `lists` (Codex trust keys are positional).
   */
  recordItems?: boolean;
  /**
   * The top-level key of the ledger under which the Python original listed the hook commands it
   * registered in this file (`claude_hook_commands`): items running one of them are its, replaced
   * by ours, and the list is dropped from the ledger once planned.
   */
  legacyCommands?: string;
}

/**
 * Members we add to (or keep out of) a string array in a shared JSON file, e.g. Copilot's
 * `disabledMcpServers`. Members we added are recorded and removed on uninstall.
 */
export interface JsonMembersEntry {
  kind: "json-members";
  path: string;
  key: string[];
  /** Names to add. */
  add: string[];
  /** Also add every key of this object (path in the same file or another desired JSON file), e.g. all configured MCP servers. */
  addKeysOf?: { path: string; key: string[] };
  /** Never add these, and lift them out if present. */
  exclude: string[];
  /** Never add a member listed in this array of the same file (the operator's explicit enables). */
  unlessListedAt?: string[];
  sidecar: string;
  style: JsonStyle;
  mode: number;
}

/**
 * Managed keys inside a TOML file shared with the operator (Codex's config.toml), edited key by
 * key with a format-preserving editor so comments, order and unrelated keys survive.
 */
export interface TomlKeysEntry {
  kind: "toml-keys";
  path: string;
  keys: Array<{ key: string[]; value: unknown; origin?: Origin }>;
  /** Keys set only when the operator has not set them (never recorded as conflicts), e.g. Codex `notify`. */
  defaults?: Array<{ key: string[]; value: unknown }>;
  remove?: string[][];
  sidecar: string;
  mode: number;
  /** Tables the Python original may hold under `container` without a record of ours (`LegacyEntryNames`). */
  legacyTables?: { container: string[]; names: LegacyEntryNames };
}

/** How a JSON file is serialised when we write it. */
export interface JsonStyle {
  indent: number;
  /** Escape non-ASCII as \uXXXX (the Python original's `ensure_ascii`). */
  asciiOnly: boolean;
  finalNewline: boolean;
}

/**
 * A block of lines we own inside a text file the operator owns (a shell start-up file such as
 * `~/.bashrc`), between a `begin` and an `end` marker line. Apply removes any existing block with
 * these markers and appends the new one at the end of the file (so it runs after the operator's
 * own settings); uninstall removes the block and keeps every other byte. A file listed with
 * `onlyIfExists` is never created (e.g. `~/.zshrc` for someone who does not use zsh).
 */
export interface TextBlockEntry {
  kind: "text-block";
  path: string;
  /** The whole begin marker line, without its newline. */
  begin: string;
  /** The whole end marker line, without its newline. */
  end: string;
  /** The lines between the markers, LF, each ending with a newline. */
  content: string;
  onlyIfExists: boolean;
  /** File mode when created. */
  mode: number;
  /**
   * A dotenv file: an active `NAME=value` line the operator wrote inside the old block is kept,
   * moved under a `# User overrides` line after the block's place (never lost, never duplicated).
   */
  keepAssignments?: boolean;
}

export type DesiredEntry =
  FileEntry | ManagedRegionEntry | JsonKeysEntry | JsonEntriesEntry | JsonListsEntry | JsonMembersEntry | TomlKeysEntry | TextBlockEntry;

/** What one target wants on disk, plus what it could not express. */
export interface DesiredTree {
  target: TargetId;
  /** Sorted by path, then kind. */
  entries: DesiredEntry[];
  diagnostics: Diagnostic[];
}

/** The default JSON style: two-space indent, UTF-8 as is, final newline. */
export const defaultJsonStyle: JsonStyle = { indent: 2, asciiOnly: false, finalNewline: true };

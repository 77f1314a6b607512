/**
 * Compiler-only facts about GitHub Copilot CLI 1.0.102's configuration files (MCP, agents, skills,
 * settings). What the client does on the hook wire (events, timeouts, replies) is in ./contract.ts.
 */
/**
 * Canonical MCP `type` spellings mapped to Copilot's: `stdio` is the other clients' name for
 * `local`, and Copilot's `http` is the streamable-HTTP transport.
 */
export const MCP_TYPES: Readonly<Record<string, string>> = { local: "local", stdio: "local", http: "http", "streamable-http": "http", sse: "sse" };

/** Keys copied as authored for every server, in the order they are written (after tools, before auth, oidc). */
export const MCP_PASS_THROUGH_KEYS = ["deferTools", "excludeTools", "timeout", "filterMapping"] as const;

/** Keys copied for a local server only (after env). `copilot mcp get` 1.0.102 reports `cwd` back. */
export const MCP_LOCAL_KEYS = ["cwd"] as const;

/** Keys copied for a remote server only (after the pass-through keys); 1.0.102 keeps them on http servers. */
export const MCP_REMOTE_KEYS = ["oauthClientId", "oauthPublicClient", "oauthScopes"] as const;

/** Claude → Copilot tool names for agent frontmatter (the custom agents section of the Copilot CLI docs). Unknown names pass through. */
export const AGENT_TOOL_NAMES: Readonly<Record<string, string>> = {
  Read: "view",
  Write: "create",
  Edit: "edit",
  Bash: "shell",
  Grep: "grep",
  Glob: "glob",
  WebFetch: "web_fetch",
  WebSearch: "web_search",
  Agent: "task",
  Task: "task",
  TodoWrite: "update_todo",
  AskUserQuestion: "ask_user",
};

/**
 * The documented agent prompt limit (the custom agents section of the Copilot CLI docs). Copilot 1.0.102 still lists an agent with a
 * 45 000-character body, so the cut is kept deliberately: it happens at a paragraph boundary with
 * a visible marker instead of wherever the client might cut. (1.0.102 does refuse an agent with no
 * description, hence the synthesised one.)
 */
export const AGENT_BODY_LIMIT = 30_000;

// Copilot's skill loader rules (name, description) are met for every reader of ~/.agents/skills at
// once: AGENT_SKILL_RULES in compiler/lower/skills.ts.

/**
 * Keys of other clients' settings that Copilot does not read: each would make Copilot warn about an
 * unknown key on every launch, or worse, drop every user setting on a type mismatch.
 */
export const FOREIGN_SETTINGS_KEYS: Readonly<Record<string, { client: string; hint: string }>> = {
  env: { client: "Claude Code", hint: "Copilot has no settings env; use '_agentihooks.channels', or export the variable in your shell." },
  mcpServers: { client: "Claude Code", hint: "Declare MCP servers in .copilot/mcp-config.overrides.json." },
  apiKeyHelper: { client: "Claude Code", hint: "Copilot authenticates through `copilot login`." },
  awsAuthRefresh: { client: "Claude Code", hint: "" },
  awsCredentialExport: { client: "Claude Code", hint: "" },
  cleanupPeriodDays: { client: "Claude Code", hint: "" },
  enableAllProjectMcpServers: { client: "Claude Code", hint: "" },
  enabledMcpjsonServers: { client: "Claude Code", hint: "Copilot's switch is '_agentihooks.mcpDefaultDisabled' with /mcp enable." },
  disabledMcpjsonServers: { client: "Claude Code", hint: "Copilot's list is 'disabledMcpServers'." },
  forceLoginMethod: { client: "Claude Code", hint: "" },
  forceLoginOrgUUID: { client: "Claude Code", hint: "" },
  otelHeadersHelper: { client: "Claude Code", hint: "" },
  outputStyle: { client: "Claude Code", hint: "" },
  spinnerTipsEnabled: { client: "Claude Code", hint: "" },
  alwaysThinkingEnabled: { client: "Claude Code", hint: "" },
  approval_policy: { client: "Codex CLI", hint: "" },
  sandbox_mode: { client: "Codex CLI", hint: "" },
  model_provider: { client: "Codex CLI", hint: "" },
  model_providers: { client: "Codex CLI", hint: "" },
  model_reasoning_effort: { client: "Codex CLI", hint: "" },
  mcp_servers: { client: "Codex CLI", hint: "Declare MCP servers in .copilot/mcp-config.overrides.json." },
  notify: { client: "Codex CLI", hint: "Copilot has a native notification hook, which agentihooks registers." },
  features: { client: "Codex CLI", hint: "" },
  tui: { client: "Codex CLI", hint: "" },
  project_doc_max_bytes: { client: "Codex CLI", hint: "" },
  project_doc_fallback_filenames: { client: "Codex CLI", hint: "" },
  shell_environment_policy: { client: "Codex CLI", hint: "" },
};

/**
 * Launchers `browserCommand: "auto"` probes under WSL, in order (docs/targets/copilot.md, "Directives"). explorer.exe
 * is deliberately absent: spawned from a Linux cwd it opens Documents and drops the URL.
 */
export const WSL_BROWSER_CANDIDATES = [
  "wslview",
  "/mnt/c/Program Files/Google/Chrome/Application/chrome.exe",
  "/mnt/c/Program Files (x86)/Google/Chrome/Application/chrome.exe",
  "/mnt/c/Program Files (x86)/Microsoft/Edge/Application/msedge.exe",
  "/mnt/c/Program Files/Microsoft/Edge/Application/msedge.exe",
] as const;

/**
 * `COPILOT_DEBUG_BROWSER` for `suppressBrowserLaunch`: Copilot appends the URL as the last argument,
 * which `sh -c script $0 $1` receives as `$1`; the script parks it in a file the operator opens later.
 */
export const OAUTH_URL_SINK = [
  "sh",
  "-c",
  'mkdir -p "$HOME/.copilot" && printf "%s\\n" "$1" >> "$HOME/.copilot/pending-oauth-urls.txt"',
  "agentihooks-oauth",
] as const;

/** MCP servers `mcpDefaultDisabled` leaves connected unless `mcpAlwaysEnabled` says otherwise. */
export const DEFAULT_ALWAYS_ENABLED = ["agentihooks"] as const;

/** Old server names read as their new ones in `mcpAlwaysEnabled` (agentihooks 2.14 renamed its server). */
export const LEGACY_SERVER_NAMES: Readonly<Record<string, string>> = { "hooks-utils": "agentihooks" };

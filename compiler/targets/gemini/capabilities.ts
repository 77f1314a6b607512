/**
 * Compiler-only facts about Gemini CLI 0.61.0's configuration files, read from the client's tool
 * definitions and agent loader in that release. What the client does on the hook wire (events,
 * timeouts, replies) is in ./contract.ts.
 */

/** The `name` of every hook we register: shown in Gemini's messages and usable in `hooksConfig.disabled`. */
export const HOOK_NAME = "agentihooks";

/**
 * Claude tool names (the profiles' vocabulary for agent `tools`) → Gemini CLI 0.61.0's built-in
 * tool names. A Claude tool missing here has no Gemini equivalent.
 */
export const AGENT_TOOL_NAMES: Readonly<Record<string, string>> = {
  Bash: "run_shell_command",
  Read: "read_file",
  Write: "write_file",
  Edit: "replace",
  MultiEdit: "replace",
  Grep: "grep_search",
  Glob: "glob",
  LS: "list_directory",
  WebFetch: "web_fetch",
  WebSearch: "google_web_search",
  TodoWrite: "write_todos",
  AskUserQuestion: "ask_user",
  Skill: "activate_skill",
};

/** Gemini CLI 0.61.0's built-in tool names (its ALL_BUILTIN_TOOL_NAMES), accepted as written in an agent's `tools`. */
export const GEMINI_TOOL_NAMES: ReadonlySet<string> = new Set([
  "glob",
  "write_todos",
  "write_file",
  "google_web_search",
  "web_fetch",
  "replace",
  "run_shell_command",
  "grep_search",
  "read_many_files",
  "read_file",
  "list_directory",
  "activate_skill",
  "ask_user",
  "tracker_create_task",
  "tracker_update_task",
  "tracker_get_task",
  "tracker_list_tasks",
  "tracker_add_dependency",
  "tracker_visualize",
  "get_internal_docs",
  "enter_plan_mode",
  "exit_plan_mode",
  "update_topic",
  "complete_task",
  "invoke_agent",
  "read_mcp_resource",
  "list_mcp_resources",
]);

/** A subagent name Gemini CLI 0.61.0 accepts (its frontmatter schema refuses any other, and the agent is not loaded). */
export const AGENT_NAME = /^[a-z0-9-_]+$/;

/**
 * The agents Gemini CLI 0.61.0 registers before the user's (its loadBuiltInAgents): a user agent of
 * one of these names is ignored with a "Duplicate agent name" warning.
 */
export const BUILT_IN_AGENTS: ReadonlySet<string> = new Set(["codebase_investigator", "cli_help", "generalist", "browser_agent"]);

/**
 * Gemini CLI 0.61.0's built-in slash commands (its BuiltinCommandLoader, every optional one
 * included): a user command of one of these names is renamed `/user.<name>`.
 */
export const BUILT_IN_COMMANDS: ReadonlySet<string> = new Set([
  "about",
  "agents",
  "auth",
  "bug",
  "bug-memory",
  "chat",
  "clear",
  "commands",
  "compress",
  "copy",
  "corgi",
  "directory",
  "docs",
  "editor",
  "export-session",
  "extensions",
  "footer",
  "gemma",
  "help",
  "hooks",
  "ide",
  "init",
  "mcp",
  "memory",
  "model",
  "oncall",
  "permissions",
  "plan",
  "policies",
  "privacy",
  "profile",
  "quit",
  "restore",
  "resume",
  "rewind",
  "settings",
  "setup-github",
  "shortcuts",
  "skills",
  "stats",
  "tasks",
  "terminal-setup",
  "theme",
  "tools",
  "upgrade",
  "vim",
  "voice",
]);

/** Gemini CLI 0.61.0 names a command after its file: another character becomes `_`, and a name over 50 characters is cut to 47 plus `...`. */
export const COMMAND_NAME_LIMIT = 50;

/**
 * The message catalogue: every diagnostic code with the sentence it prints. One place, so wording
 * stays consistent and a code never means two things. Add new codes inside your stage's block.
 *
 * Placeholders `{name}` are filled by `message(code, args)`.
 */
import type { Diagnostic, Severity, SourceLocation } from "./diagnostics";

export const messages = {
  // AH1xxx: reading and parsing files
  // AH1000–AH1099: decoding and parsing documents (compiler/parse)
  AH1001: { severity: "error", text: "This file is not valid UTF-8 (the first bad byte is at byte offset {offset}). Save it as UTF-8 text." },
  AH1002: { severity: "error", text: "This YAML file has a syntax error: {reason}. {hint}" },
  AH1003: { severity: "error", text: "This JSON file has a syntax error: {reason}. {hint}" },
  AH1004: { severity: "error", text: "This TOML file has a syntax error: {reason}. {hint}" },
  AH1005: { severity: "error", text: "Key '{key}' appears twice in the same object; only one would be used. Remove or rename one of them." },
  AH1006: { severity: "error", text: "Comments are not allowed in a plain .json file. Remove the comment." },
  AH1007: { severity: "error", text: "Trailing commas are not allowed in a plain .json file. Remove the comma after the last entry." },
  AH1008: {
    severity: "error",
    text: "The frontmatter block opened with '---' on line 1 is never closed. Add a line containing only '---' after the frontmatter.",
  },
  AH1009: {
    severity: "error",
    text: "The frontmatter must be a mapping of keys to values, but it is {type}. Write it as `key: value` lines between the two '---' lines.",
  },
  AH1010: { severity: "warning", text: "YAML warning: {reason}. {hint}" },
  AH1011: { severity: "error", text: "This YAML file holds more than one document (a '---' separator in the middle). Keep one document per file." },
  AH1012: { severity: "error", text: "This file is UTF-16 text (it starts with a UTF-16 byte-order mark), but profile files must be UTF-8. Save it as UTF-8." },
  AH1013: {
    severity: "error",
    text: "This document nests objects and lists more than {limit} levels deep here. Flatten it: no profile or config file needs that depth.",
  },
  AH1014: { severity: "error", text: "This value holds a NUL character (\\u0000), which no file, shell word or process argument can carry. Remove it." },
  // AH1100–AH1199: reading profile trees and the project config (compiler/load, compiler/config.ts)
  AH1101: {
    severity: "error",
    text: "This file is {size} bytes, over the {limit}-byte (1 MiB) limit for profile files. Keep large assets out of profiles, or split the file.",
  },
  AH1102: {
    severity: "error",
    text: "Expected a file ({kind}) but found a directory. Remove the directory or move its content into a single file of that name.",
  },
  AH1103: { severity: "error", text: "Expected a directory ({kind}) but found a file. Move the file away and create a directory of that name." },
  AH1104: {
    severity: "error",
    text: "This path is a symlink loop: following it never reaches a file or directory. Point the link at a real target or delete it.",
  },
  AH1105: { severity: "error", text: "This symlink points to something that does not exist. Fix the link or delete it." },
  AH1106: { severity: "error", text: "This file could not be read ({code}). Check that it exists and that its permissions allow reading it." },
  AH1107: {
    severity: "error",
    text: "Skill directory '{name}' has no SKILL.md. Add a SKILL.md (frontmatter with name and description, then the instructions) or remove the directory.",
  },
  AH1108: { severity: "error", text: "Expected a regular file ({kind}) but found a special file (socket, FIFO or device). Replace it with a regular file." },
  AH1109: { severity: "error", text: "The built-in base layer is missing, so the package is incomplete. Reinstall agentihooks." },
  AH1110: { severity: "error", text: "The project config could not be loaded: {reason}. Fix the file so it evaluates to a plain object." },
  AH1111: { severity: "error", text: 'The project config must be an object of settings, not {type}. Write it as a mapping such as {"profile": "default"}.' },
  AH1112: { severity: "error", text: "The config file named with --config does not exist or is not a file. Check the path." },
  AH1113: {
    severity: "warning",
    text: "CI_MANIFESTO_PATH names a file that does not exist, so no CI manifesto was added to the persona. Fix the variable or unset it.",
  },
  AH1114: {
    severity: "warning",
    text: "'{name}' is not part of the profile format, so agentihooks ignores it.{suggestion} docs/profiles.md lists the files a profile may hold.",
  },
  AH1115: {
    severity: "error",
    text: 'The project config file is empty, so it sets nothing (not even a profile). Write its settings, for example {"profile": "default"}, or delete the file to use the built-in default profile.',
  },
  AH1116: {
    severity: "error",
    text: "This path leads outside the {boundary} through a symlink: it resolves to {target}. A bundle is read as untrusted input and may link only within itself; copy the content in, or set `allowExternalLinks: true` in the agentihooks config to follow links out.",
  },
  // AH2xxx: schema validation
  // AH2000–AH2999: schema validation (compiler/validate.ts)
  AH2001: { severity: "error", text: "Unknown key '{key}' {where}.{suggestion} Remove it or correct its spelling (keys are case-sensitive)." },
  AH2002: { severity: "error", text: "'{path}' must be {expected}, but it is {actual}. Change the value to {expected}." },
  AH2003: { severity: "error", text: "'{path}' must be one of {allowed}, but it is {actual}. Use one of the allowed values." },
  AH2004: { severity: "error", text: "'{path}' must be exactly {expected}, but it is {actual}. Set it to {expected}, or remove the key." },
  AH2005: { severity: "error", text: "Required key '{key}' is missing {where}. Add it." },
  AH2006: { severity: "error", text: "'{path}' must be {expected}, but it is {actual}. Rewrite it in one of those forms." },
  AH2007: { severity: "error", text: "'{path}' is {actual}, but it must be {limit}. Change the number." },
  AH2008: { severity: "error", text: "'{path}' is {actual}, which is not allowed: {rule}. Change the value." },
  AH2009: { severity: "error", text: "'{path}' {problem}. {fix}" },
  AH2010: { severity: "error", text: "The document is empty, but it must be a mapping of keys to values. Add content, or delete the file." },
  AH2012: { severity: "error", text: "'{path}' is invalid: {reason}. Check the value against the documentation ({schema})." },
  AH2013: { severity: "error", text: "'{key}' is a setting of {owner}, not of {client}. Move it to the {owner} layer ({layer}), or remove it." },
  AH2014: { severity: "error", text: "'{key}' does not belong in this layer: {reason}. Remove it." },
  AH2020: {
    severity: "warning",
    text: "'{key}' is not a {client} {version} settings key (the version agentihooks verified this target with); it is passed through unchecked because the config's allowUnknownKeys.{target} names it. Remove it from allowUnknownKeys once agentihooks knows the key.",
  },
  AH2021: { severity: "warning", text: "{problem} The directive '_agentihooks.{directive}' is ignored; the other directives apply." },
  AH2015: { severity: "error", text: "Key {key} in '{path}' is not allowed: {rule}. Rename it." },
  AH2016: {
    severity: "error",
    text: "'guardrails.protectedBranches' is empty while branch protection is on, so it would protect no branch. Set 'branchProtection: false' in the same guardrails block to turn it off, or list the branches to protect.",
  },
  // AH3xxx: resolution and merge
  // AH3000–AH3099: profile sources, chain and extends (compiler/resolve)
  AH3001: {
    severity: "error",
    text: 'The profile chain is empty. Name at least one profile, for example `"profile": "default"` in the config or `--profile default`.',
  },
  AH3002: {
    severity: "error",
    text: "Profile '{name}' was not found among the built-in, bundle and linked profiles (available: {available}). Fix the name or add the profile.",
  },
  AH3003: { severity: "error", text: "Profile inheritance cycle: {path}. Remove one of these `extends` entries so inheritance ends." },
  AH3004: {
    severity: "error",
    text: "Profile '{name}' not found in inheritance chain: {path} (available: {available}). Fix the name in `extends` or add the profile.",
  },
  AH3005: { severity: "error", text: "Settings profile '{name}' was not found (available: {available}). Fix the name or add the profile." },
  AH3006: {
    severity: "error",
    text: "The bundle directory '{path}' does not exist or is not a directory. Fix `bundle` in the config (it is relative to the config file).",
  },
  AH3007: {
    severity: "error",
    text: "The bundle '{path}' has no profiles/ directory. A bundle keeps its profiles in <bundle>/profiles/<name>/; point `bundle` at such a directory.",
  },
  AH3008: {
    severity: "error",
    text: "Linked profile '{name}' points to '{path}', which does not exist or is not a directory. Fix `linkedProfiles` in the config (paths are relative to the config file) or remove the entry.",
  },
  AH3009: {
    severity: "error",
    text: "Linked profile alias '{name}' is also the name of a {source} profile, which would win and hide it. Choose another alias.",
  },
  AH3010: {
    severity: "error",
    text: "'{name}' is not a valid profile name: names are letters, digits, '.', '_' and '-', and may not start with '_' or '.' (reserved). Rename it.",
  },
  AH3011: { severity: "warning", text: "Profile '{name}' appears more than once in the chain ({path}); it is applied once, at its first position." },
  AH3012: {
    severity: "info",
    text: "Settings profile '{name}' has {parts}, which a settings profile does not contribute: only its settings and MCP layers apply. Put them in a chain profile to use them.",
  },
  AH3013: { severity: "error", text: "The profile inheritance chain is more than {limit} profiles deep ({path}). Shorten the `extends` chain." },
  // AH3100–AH3199: merging layers (compiler/merge)
  AH3101: {
    severity: "error",
    text: "MCP server '{name}' has no `command` and no `url`. Give it a command (a local stdio server) or a url (an http or sse server).",
  },
  AH3102: {
    severity: "error",
    text: "The MCP layer's `{container}` must be an object of servers by name. Write it as a mapping from server name to definition.",
  },
  // AH40xx–AH49xx: one block of a hundred codes per target, each block headed by its target below;
  // AH43xx: lowering shared by the targets. A new target takes the next free block.
  // --- AH40xx: Copilot target (compiler/targets/copilot) ---
  AH4001: {
    severity: "warning",
    text: "A Copilot settings layer declares a 'hooks' key; it was dropped. agentihooks registers hooks in hooks/agentihooks.json, and declaring both fires every hook twice. Remove 'hooks' from the layer.",
  },
  AH4002: {
    severity: "warning",
    text: "'trustedFolders' is not a Copilot settings.json key (Copilot 1.0.102 reads it only from config.json, which agentihooks never writes); it was dropped. Trust folders with /add-dir in Copilot instead.",
  },
  AH4003: { severity: "warning", text: "'{key}' is a {client} setting, not a Copilot one; it was dropped from settings.json.{hint}" },
  AH4004: {
    severity: "warning",
    text: "'permissions' in Copilot user settings is inert (Copilot honours these rules only when an enterprise manages them); it is written as authored but protects nothing. Credential protection on Copilot comes from the agentihooks guardrails.",
  },
  AH4007: {
    severity: "warning",
    text: "'_agentihooks.browserCommand' must be a string or a list of strings, got {got}; it was dropped and Copilot keeps its own per-platform browser.",
  },
  AH4008: {
    severity: "warning",
    text: "'_agentihooks.browserCommand' launcher '{head}' was not found on this machine; it was dropped and Copilot keeps its own browser. Install it, or use \"auto\" for a profile shared between machines.",
  },
  AH4009: {
    severity: "warning",
    text: "'_agentihooks.browserCommand' \"auto\": no Windows browser found from WSL (tried {tried}); nothing was written. Install wslu (it provides wslview).",
  },
  AH4010: {
    severity: "warning",
    text: "'_agentihooks.browserCommand' {value} cannot be split into a command: {reason}. It was dropped; write it as a list of strings instead.",
  },
  AH4011: {
    severity: "error",
    text: "MCP server '{server}' lists tools entry '{entry}' with a wildcard. Copilot matches tool names exactly, so the pattern matches nothing and silently disables the whole server. List exact tool names, or use the lone \"*\" for every tool.",
  },
  AH4012: {
    severity: "warning",
    text: "MCP server '{server}' header '{header}' references an environment variable, and Copilot sends header values literally; the header was dropped. Set '_agentihooks.resolveHeaderEnv: true' to resolve it when applying (mcp-config.json is then written with mode 0600).",
  },
  AH4013: {
    severity: "warning",
    text: "MCP server '{server}' header '{header}' references an unset variable ({reference}); the header was dropped. Export the variable before running agentihooks apply.",
  },
  AH4014: { severity: "warning", text: "MCP server '{server}' has neither 'command' nor 'url'; Copilot would drop it silently, so it was not written." },
  AH4015: {
    severity: "warning",
    text: "MCP server '{server}' has type '{type}', which Copilot does not support (it knows local, stdio, http and sse); the server was not written.",
  },
  AH4016: {
    severity: "warning",
    text: "Agent '{agent}': tool grant '{grant}' was reduced to '{tool}'. Copilot tool grants have no scoping, so the agent may use the whole tool; the agentihooks guardrails still apply to every call.",
  },
  AH4017: { severity: "info", text: "Agent '{agent}': frontmatter {keys} has no Copilot equivalent and was dropped." },
  AH4018: {
    severity: "info",
    text: "Agent '{agent}': model '{model}' was dropped. Claude model names are not Copilot model ids, and Copilot falls back to its own choice with a warning on every call.",
  },
  AH4019: {
    severity: "warning",
    text: "Agent '{agent}': body is {length} characters, over Copilot's {limit}-character limit; it was cut at a paragraph boundary with a visible marker.",
  },
  AH4020: { severity: "info", text: "{kind} '{name}' has no description; Copilot requires one, so '{description}' was written." },
  AH4021: {
    severity: "warning",
    text: "Command '{name}' was not translated into a skill: a skill of the same name owns ~/.agents/skills/{name}. Rename the command or the skill.",
  },
  AH4024: {
    severity: "info",
    text: "'{key}' is an agentihooks-reserved key (it starts with '_'); Copilot does not read it, so it was not written to settings.json.",
  },
  AH4025: { severity: "info", text: "MCP server '{server}': {keys} has no Copilot equivalent and was dropped." },
  // --- AH41xx: Claude Code target (compiler/targets/claude) ---
  AH4101: {
    severity: "warning",
    text: "A Claude settings layer declares 'mcpServers'; Claude Code ignores MCP servers in settings.json, so the key was dropped. Declare the servers in .claude/.mcp.json of the profile (they are written to ~/.claude.json).",
  },
  AH4102: { severity: "info", text: "'_agentihooks.{directive}' has no meaning for Claude Code (only '_agentihooks.env' does); it was ignored." },
  AH4103: { severity: "warning", text: "'_agentihooks.env' must be an object of variable names to string values; got {got}. It was ignored." },
  AH4104: { severity: "info", text: "MCP server '{server}': {keys} has no Claude Code equivalent and was dropped from ~/.claude.json." },
  AH4105: {
    severity: "warning",
    text: "MCP server '{server}' has neither 'command' nor 'url'; Claude Code cannot start it, so it was not written to ~/.claude.json.",
  },
  AH4107: {
    severity: "info",
    text: "'{key}' is an agentihooks-reserved key (it starts with '_'); it is not a Claude Code setting, so it was not written to settings.json.",
  },
  AH4108: {
    severity: "warning",
    text: "Hook event '{event}' is not one Claude Code 2.1.332 knows; its groups were dropped, because one unknown event makes Claude ignore the whole settings.json (and every hook in it). Use one of Claude's event names, e.g. PreToolUse, PostToolUse, UserPromptSubmit, Stop.",
  },
  AH4109: {
    severity: "info",
    text: "A {event} hook handler uses 'timeoutSec', which Claude Code ignores; it was written as 'timeout' (seconds). Write 'timeout' in the profile.",
  },
  AH4110: {
    severity: "info",
    text: "Agent '{agent}' has no description; Claude Code 2.1.332 does not load an agent without one, so '{description}' was written.",
  },
  AH4111: {
    severity: "warning",
    text: "Agent '{agent}': name '{name}' is not one Claude Code 2.1.332 loads (it must not start with '-', hold ':' or exceed 256 characters); it was written as '{written}'. Rename it in the agent's frontmatter.",
  },
  // --- AH42xx: Codex CLI target (compiler/targets/codex) ---
  AH4201: { severity: "info", text: "Codex has no custom-agent registry; {count} agent(s) were not installed for Codex: {names}." },
  AH4202: {
    severity: "info",
    text: "Codex 0.171 loads no ~/.codex/prompts; {count} command(s) were not installed for Codex: {names}. Applying the Copilot target too puts them in ~/.agents/skills as skills, which Codex reads.",
  },
  AH4203: {
    severity: "warning",
    text: "MCP server '{server}' uses SSE, and Codex has no SSE transport; it was not written to config.toml. Use the server's streamable HTTP endpoint instead.",
  },
  AH4204: {
    severity: "warning",
    text: "MCP server '{server}' header '{header}' embeds an environment variable, and Codex does not expand references; the header was dropped. Codex can send a whole variable as a header ('${NAME}' alone, written as env_http_headers) or as a bearer token ('Authorization: Bearer ${NAME}').",
  },
  AH4205: { severity: "info", text: "MCP server '{server}': {keys} has no Codex equivalent and was dropped from config.toml." },
  AH4206: { severity: "warning", text: "MCP server '{server}' has neither 'command' nor 'url'; Codex cannot start it, so it was not written to config.toml." },
  AH4207: {
    severity: "info",
    text: "A Codex settings layer declares inline hooks for {event}; they were moved into ~/.codex/hooks.json (after the agentihooks group), because hooks in both config.toml and hooks.json fire twice.",
  },
  AH4208: {
    severity: "warning",
    text: "A Codex settings layer declares 'mcp_servers'; it was dropped. Declare MCP servers in the profile's .codex/mcp.overrides.toml (or .mcp.json).",
  },
  AH4209: { severity: "info", text: "'{key}' is reserved for agentihooks and is not a Codex setting; it was not written to config.toml." },
  AH4210: {
    severity: "warning",
    text: "A Codex settings layer declares 'hooks.state'; it was dropped. agentihooks computes the trust entries of the hooks it writes; set 'codexHookTrust: false' in the agentihooks config to approve hooks yourself.",
  },
  AH4211: {
    severity: "warning",
    text: "'codexHookTrust' is false: no [hooks.state] trust is recorded, and Codex skips hooks nobody approved, silently, so the guardrails stay off until you approve the agentihooks hooks with /hooks inside Codex.",
  },
  AH4212: {
    severity: "warning",
    text: "Hook event '{event}' is not one Codex 0.171 knows (it would be ignored silently); its groups were dropped. Codex notifications go through 'notify', which agentihooks bridges to the runtime.",
  },
  AH4213: {
    severity: "info",
    text: "A layer sets 'notify', so the agentihooks notification bridge is not registered: the runtime does not see Codex turn completions.",
  },
  AH4214: {
    severity: "info",
    text: "A {event} hook handler uses 'timeoutSec', which Codex ignores silently; it was written as 'timeout' (seconds). Write 'timeout' in the profile.",
  },
  AH4216: {
    severity: "warning",
    text: "'features.hooks' is false: Codex runs no hooks at all, so every agentihooks guardrail is off for Codex. Remove the key to turn hooks back on.",
  },
  AH4026: { severity: "info", text: "Command '{name}': frontmatter {keys} has no equivalent in a Copilot skill and was dropped." },
  AH4027: {
    severity: "warning",
    text: "'disableAllHooks: true' would switch off every Copilot hook, the agentihooks guardrails included; agentihooks writes false. Remove the key from the layer.",
  },
  // --- AH44xx: Gemini target (compiler/targets/gemini) ---
  AH4401: { severity: "info", text: "'{key}' is reserved for agentihooks and is not a Gemini setting; it was not written to settings.json." },
  AH4402: {
    severity: "warning",
    text: "A Gemini settings layer declares 'mcpServers'; it was dropped. Declare MCP servers in the profile's .gemini/mcp.overrides.json (or .mcp.json).",
  },
  AH4403: {
    severity: "warning",
    text: "Hook event '{event}' is not one Gemini CLI 0.61 knows (it would be skipped with a warning on every start); its groups were dropped. Gemini's events are SessionStart, SessionEnd, BeforeAgent, AfterAgent, BeforeModel, AfterModel, BeforeToolSelection, BeforeTool, AfterTool, PreCompress and Notification.",
  },
  AH4404: {
    severity: "info",
    text: "A hook handler of {event} uses 'timeoutSec', which Gemini ignores; it was written as 'timeout' in milliseconds ({ms}). Write 'timeout' in milliseconds in the profile.",
  },
  AH4405: {
    severity: "warning",
    text: "A hook handler of {event} has 'timeout': {value}. Gemini reads it in milliseconds, and a hook that times out lets the tool run; write {suggested} for {value} seconds.",
  },
  AH4406: {
    severity: "warning",
    text: "'hooksConfig.enabled' is false: Gemini runs no hooks at all, so every agentihooks guardrail is off for Gemini. Remove the key to turn hooks back on.",
  },
  AH4407: {
    severity: "warning",
    text: "'security.folderTrust.enabled' is false: Gemini will trust every folder, running project settings, hooks, MCP servers and agents from any repository it is started in. agentihooks writes it because this profile asks; remove the key to keep Gemini's trust prompt.",
  },
  AH4408: {
    severity: "info",
    text: "'context.fileName' does not list GEMINI.md, where agentihooks writes the persona; GEMINI.md was added to the list so Gemini loads it.",
  },
  AH4409: {
    severity: "warning",
    text: "MCP server '{server}' has neither 'command' nor 'url'; Gemini cannot start it, so it was not written to settings.json.",
  },
  AH4410: { severity: "info", text: "MCP server '{server}': {keys} has no Gemini equivalent and was dropped from settings.json." },
  AH4411: { severity: "info", text: "Command '{name}': frontmatter {keys} has no equivalent in a Gemini command and was dropped." },
  AH4412: {
    severity: "warning",
    text: "Command '{name}' uses positional arguments ({found}); Gemini passes the whole argument text as {placeholder} only, so they stay as written. Use $ARGUMENTS instead.",
  },
  AH4413: {
    severity: "warning",
    text: "Agent '{agent}': tool(s) {tools} have no Gemini CLI equivalent and were dropped; the agent cannot use them under Gemini.",
  },
  AH4414: { severity: "info", text: "Agent '{agent}': frontmatter {keys} has no Gemini equivalent and was dropped." },
  AH4415: { severity: "info", text: "Agent '{agent}': model '{model}' was dropped. It is not a Gemini model id, and the agent uses Gemini's default model." },
  AH4416: { severity: "info", text: "{kind} '{name}' has no description; Gemini requires one, so '{description}' was written." },
  AH4417: {
    severity: "warning",
    text: "Agent '{agent}': tool grant '{grant}' was reduced to '{tool}'. A Gemini agent's tools have no scoping, so the agent may use the whole tool; the agentihooks guardrails still apply to every call.",
  },
  AH4418: {
    severity: "info",
    text: "Agent '{agent}': name '{name}' is not one Gemini accepts (lower-case letters, digits, '-' and '_'); it was written as '{written}'.",
  },
  AH4419: {
    severity: "warning",
    text: "Agent '{agent}': Gemini CLI 0.61.0 skips an agent file whose name starts with '_' without a word, so it was written as {file}. Rename the file.",
  },
  AH4420: {
    severity: "warning",
    text: "Agent '{agent}': the name '{name}' belongs to {owner}, and Gemini CLI 0.61.0 ignores a second agent of one name; it was written as '{written}'. Rename it in the agent's frontmatter.",
  },
  AH4421: {
    severity: "warning",
    text: "Command '{name}': Gemini CLI 0.61.0 names a command after its file with only letters, digits, '_', '-' and '.', at most 50 characters; it was written as /{written}. Rename the command file.",
  },
  AH4422: {
    severity: "warning",
    text: "Command '/{name}' has the name of a Gemini CLI 0.61.0 built-in command, which keeps it; Gemini offers this one as /user.{name}. Rename the command file.",
  },
  // --- AH43xx: shared lowering (compiler/lower) ---
  AH4301: {
    severity: "warning",
    text: "MCP server '{server}' carries credential-shaped literals in {fields}; the server was NOT written to {file}. Reference secrets through environment variables instead of embedding the value.",
  },
  AH4302: {
    severity: "warning",
    text: "MCP server '{server}' env var '{key}' looks like a credential ({hits}); it was dropped from {file}. Export it in the shell environment instead of writing it to disk.",
  },
  AH4303: {
    severity: "warning",
    text: "MCP server '{server}' header '{header}' looks like a credential ({hits}); it was dropped from {file}. Reference it through an environment variable instead.",
  },
  AH4304: { severity: "warning", text: "MCP server '{server}' tools entry looks like a credential ({hits}); it was dropped from {file}." },
  AH4305: {
    severity: "warning",
    text: "Settings env var '{key}' looks like a credential ({hits}); it was dropped from {file}. Export it in the shell environment instead of writing it to disk.",
  },
  AH4306: {
    severity: "warning",
    text: "MCP server '{server}' env entry {key} is not a variable name (letters, digits and '_', not starting with a digit) or its value holds a NUL character; it was dropped. Rename the variable or fix the value.",
  },
  AH4307: {
    severity: "warning",
    text: "'{key}' looks like a credential ({hits}); it was dropped from {file}. Keep secrets out of profiles: export the value in the environment and reference it (`${NAME}`, or the client's own *_env_var key).",
  },
  AH4308: {
    severity: "info",
    text: "MCP server '{server}' runs the Python original's agentihooks server (hooks.mcp); agentihooks registers its own server as 'agentihooks' in its place, so this entry was not written. Remove it from the layer.",
  },
  AH4310: {
    severity: "warning",
    text: "A credential-shaped literal ({hits}) was replaced by {marker} in every file written from this one; it is never copied. Keep secrets out of profiles: reference an environment variable (`${NAME}`) or read the value from a secret store when it is used. A harmless sample may stay when its line says `# nosecret`.",
  },
  AH4311: {
    severity: "warning",
    text: "A generated file held a credential-shaped literal ({hits}); it was written as {marker}. Find the profile text it came from and reference an environment variable (`${NAME}`) or a secret store instead.",
  },
  AH4320: {
    severity: "info",
    text: "Skill '{skill}' has no description; Codex 0.171.0 skips a skill without one, so '{description}' (from its body) was written into its SKILL.md in ~/.agents/skills. Add a description to the frontmatter to choose the text.",
  },
  AH4321: {
    severity: "info",
    text: "Skill '{skill}' has no name in its frontmatter; Gemini CLI 0.61.0 skips such a skill without a word, so its directory name '{name}' was written into its SKILL.md in ~/.agents/skills.",
  },
  AH4322: {
    severity: "warning",
    text: "{kind} '{item}': name '{name}' is not one every reader of ~/.agents/skills loads (Copilot 1.0.102 wants an ASCII letter or digit first, then ASCII letters, digits, '.', '_', '-' or spaces; Copilot and Codex 0.171.0 at most 64 characters); it was written as '{written}'. Rename it in the frontmatter.",
  },
  AH4323: {
    severity: "warning",
    text: "{kind} '{item}' has a {length}-character description; Copilot 1.0.102 refuses a skill whose description is over {limit} characters (Codex 0.171.0 cuts it), so it was cut to fit. Shorten it in the frontmatter.",
  },
  // AH5xxx: plan, apply, uninstall, doctor
  // AH50xx: plan (what would change and what is left alone)
  AH5001: {
    severity: "warning",
    text: "'{key}' was set by hand to {current} after agentihooks wrote {recorded} (the profile's value is {desired}); the operator's value stays. Set it back to {recorded} or remove it to let agentihooks manage it again.",
  },
  AH5002: {
    severity: "error",
    text: "This file could not be parsed ({reason}). agentihooks edits a shared file only in place and never replaces it whole, so nothing was written. Fix the file (or move it away) and run the command again.",
  },
  AH5003: {
    severity: "info",
    text: "'{item}' already exists here and agentihooks did not write it; your copy wins and the profile's '{item}' is skipped. Rename one of them to have both.",
  },
  AH5004: {
    severity: "warning",
    text: "'{name}' under {container} is yours (agentihooks did not write it) and differs from the profile's; it is kept and the profile's definition is skipped. Remove or rename it to use the profile's.",
  },
  AH5005: {
    severity: "warning",
    text: "'{name}' under {container} was edited since agentihooks wrote it; it is left as is. Remove it to get the profile's definition back.",
  },
  AH5006: {
    severity: "warning",
    text: "This file was edited since agentihooks wrote it; the edited copy is backed up to {backup} and replaced with the profile's version.",
  },
  AH5007: {
    severity: "warning",
    text: "This file existed and was not written by agentihooks; it is moved to {backup} and put back by 'agentihooks uninstall'.",
  },
  AH5008: {
    severity: "warning",
    text: "This file has the agentihooks header but no managed-end marker ({footer}), so operator text cannot be told apart; the whole file is backed up to {backup} and rewritten.",
  },
  AH5009: {
    severity: "warning",
    text: "This file was not written by agentihooks; it is backed up to {backup} before the managed version is written (uninstall puts it back). Add your own text after the line {footer} to keep it in place.",
  },
  AH5010: {
    severity: "error",
    text: "Two outputs want different content at this path ({first} and {second}). Make the profiles agree, or exclude the item from one target.",
  },
  AH5011: { severity: "error", text: "A {kind} stands where agentihooks must write a file. Move it away and run the command again." },
  AH5012: {
    severity: "error",
    text: "This path is not writable (no permission in {dir}). Fix the permissions or point the home elsewhere, then run the command again.",
  },
  AH5013: { severity: "error", text: "This file changed since the plan was made. Run 'agentihooks plan' again and apply the new plan." },
  AH5014: {
    severity: "error",
    text: "Another agentihooks apply or uninstall is running (lock {lock} held by process {pid}). Wait for it to finish; if that process is gone, delete the lock file.",
  },
  AH5015: {
    severity: "warning",
    text: "This file is no longer produced by the profiles but was edited since agentihooks wrote it; it is left in place and no longer tracked. Delete it if you do not need it.",
  },
  AH5017: { severity: "warning", text: "The managed region cannot be separated from operator text (no {footer} line); the whole file is moved to {backup}." },
  AH5018: {
    severity: "warning",
    text: "The ownership record {file} could not be parsed; it is treated as empty and backed up to {backup}. Files agentihooks wrote before will be claimed again when they match.",
  },
  AH5019: { severity: "error", text: "Two entries in one file disagree on how to edit it ({first} and {second}). This is a bug in a target; report it." },
  AH5030: {
    severity: "warning",
    text: "An earlier apply or uninstall stopped part way (its intent record is {file}); the {count} path(s) it had written were put back as they were before it.",
  },
  AH5031: { severity: "warning", text: "The intent record of an interrupted run cannot be read; it is removed. Run 'agentihooks doctor' to check the homes." },
  AH5032: {
    severity: "warning",
    text: "An interrupted apply or uninstall was writing this file, and it has changed since; it is left as it is. Check its content.",
  },
  AH5033: {
    severity: "error",
    text: "Putting back the files of the failed run failed too ({reason}); the intent record {file} stays, and the next apply or uninstall finishes the job once the cause is fixed.",
  },
  AH5034: { severity: "warning", text: "Every file was written, but tidying up afterwards failed ({reason}); an empty folder may be left behind." },
  AH5039: {
    severity: "warning",
    text: "'{key}' was already set to {current} before agentihooks managed it; the profile's value is {desired}. Yours stays. Run 'agentihooks apply --adopt' to take the profile's value ('agentihooks uninstall' puts {current} back), or remove the key from the file.",
  },
  AH5040: {
    severity: "info",
    text: "'{key}' was {current}, set before agentihooks managed it; adopted the profile's value {desired}. 'agentihooks uninstall' puts {current} back.",
  },
  AH5041: {
    severity: "error",
    text: "This file holds a comment or a trailing comma ({reason}), which the client reading it does not accept: it ignores the whole file. Remove them and run the command again; nothing was written.",
  },
  AH5043: {
    severity: "warning",
    text: "'{key}' was set to {current} in this file, which would switch off every hook, the agentihooks guardrails included; apply sets it back to {desired}. To switch a guardrail off, set it to false in the profile's 'guardrails' block.",
  },
  AH5044: {
    severity: "info",
    text: "'{name}' under {container} runs the Python original's server (hooks.mcp); it is replaced by agentihooks' own server 'agentihooks'.",
  },
  AH5045: {
    severity: "warning",
    text: "'{name}' under {container} has no install record and does not run agentihooks; it is left in place. Review it: remove it if it is a leftover of an old agentihooks install.",
  },
  AH5046: {
    severity: "info",
    text: "'{from}' in {list} named the Python original's server, which is now agentihooks' own '{to}'; the list names '{to}' in its place, its order and your other names kept. 'agentihooks uninstall' takes '{to}' out again.",
  },
  AH5047: {
    severity: "info",
    text: "'{name}' under {container} runs the Python original's server (hooks.mcp) and has no install record; uninstall removes it, as the original's own uninstall did.",
  },
  AH5042: {
    severity: "warning",
    text: "This hooks file could not be parsed, so agentihooks' entries cannot be taken out of it; uninstall moved the whole file to {backup} (your entries are there). Put back what you need.",
  },
  AH5035: {
    severity: "error",
    text: "This is a {kind}, not a folder, but agentihooks must write {file} inside it. Move it away (or replace it with a folder) and run the command again.",
  },
  AH5036: {
    severity: "error",
    text: "This file is read-only (mode {mode}), and agentihooks would {action} it. Make it writable (chmod u+w) to let agentihooks manage it, or leave the target out; nothing was written.",
  },
  AH5037: {
    severity: "error",
    text: "The ownership record is a {kind}, not a plain file; agentihooks never reads or replaces its record through a link. Replace it with the file it points to (or remove it) and run the command again.",
  },
  AH5038: { severity: "info", text: "This folder is a symbolic link to {target}; agentihooks writes inside the link's target and leaves the link in place." },
  // AH51xx: apply, plan files, the CLI
  AH5101: { severity: "error", text: "The plan file {file} cannot be used: {reason}. Make a new one with 'agentihooks plan --out {file}'." },
  AH5102: { severity: "error", text: "The plan file was made for targets {planned}, not {requested}. Make a new plan for these targets." },
  AH5103: {
    severity: "error",
    text: "Writing failed: {reason}. Unless AH5033 follows, what this run had written is put back; fix the cause and run the command again.",
  },
  AH5104: { severity: "error", text: "Unknown target '{target}'. Known targets: {known}." },
  AH5107: { severity: "error", text: "'git {args}' failed: {reason}. Check that {ref} names a commit in this repository." },
  // AH515x–AH516x: scopes (compiler/scopes; docs/scopes.md)
  AH5150: {
    severity: "warning",
    text: "{client} has no place agentihooks writes in the {scope} scope ({reason}); nothing is written for it there. Leave it out with --target, or see docs/scopes.md for what each client reads.",
  },
  AH5151: {
    severity: "error",
    text: "--scope repo writes into a git repository, but no .git was found in {dir} or any folder above it. Run the command inside the repository (run 'git init' first for a new one).",
  },
  AH5152: { severity: "error", text: "Unknown scope '{scope}'. Known scopes: {known}." },
  AH5153: {
    severity: "error",
    text: "The config's scopes are {declared}, which do not include '{scope}'. Add '{scope}' to the config's scopes, or pass --scope with one of them.",
  },
  AH5155: {
    severity: "info",
    text: "{client} reads no {what} from a repository ({reason}), so the repo scope leaves {items} out; apply the home scope for them.",
  },
  // AH516x: the machine scope (compiler/scopes/machine-*.ts; docs/scopes.md, "Machine scope")
  AH5160: {
    severity: "error",
    text: "agentihooks {command} --scope machine writes the administrator's policy files under /etc and needs root (this process runs as uid {uid}); nothing was written. Run it with sudo, or use --scope home.",
  },
  AH5161: {
    severity: "info",
    text: "The machine scope holds only {client}'s guardrail hooks, so it leaves the {items} out; apply the home scope (or the repo scope) for them.",
  },
  AH5162: {
    severity: "error",
    text: "The machine-scope wrappers would run the {program} at {node}, but {path} is {problem}, so a user could replace the {program} every machine hook runs; nothing was written. Make it root's ('sudo chown root {path} && sudo chmod go-w {path}'), or run apply with a {program} installed under root-owned folders (e.g. /usr/local/bin/node, /bin/bash).",
  },
  // AH512x: the command-line contract (bin/commands/contract.ts)
  AH5120: { severity: "error", text: "agentihooks {command}: {reason}. Run 'agentihooks {command} --help' for its options." },
  AH5121: { severity: "error", text: "{first} and {second} cannot be used together. Keep one of them." },
  AH5122: {
    severity: "error",
    text: "Not on a terminal, so agentihooks cannot ask before {action}; nothing was written. Pass --yes to confirm, or run 'agentihooks plan' to see the changes first.",
  },
  AH5123: { severity: "error", text: "{problem}. Name one of the hook events: {known} (any client spelling, e.g. preToolUse or PreToolUse)." },
  AH5124: {
    severity: "error",
    text: "This file already exists; 'agentihooks init' never overwrites a file and wrote nothing. Run it in an empty directory, or move the existing files away first.",
  },
  AH5125: {
    severity: "error",
    text: "The homes were applied from {recorded}, but this run uses {current}. Pass --switch to make this the homes' source, or run from the recorded bundle (see 'agentihooks status').",
  },
  AH5126: { severity: "info", text: "No project config here; using the source the homes were applied from: {source}." },
  AH5127: {
    severity: "warning",
    text: "The homes were applied from {recorded}, but this run uses {current}. 'agentihooks apply' will refuse until you pass --switch (or run from the recorded bundle).",
  },
  AH5130: { severity: "error", text: "The broadcast store refused this: {reason}" },
} as const satisfies Record<string, { severity: Severity; text: string }>;

export type MessageCode = keyof typeof messages;

/** Fills a catalogue entry's placeholders. Unknown placeholders are left visible so tests catch them. */
export function message(code: MessageCode, args: Record<string, string | number> = {}): string {
  const entry = messages[code] as { text: string };
  return entry.text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in args ? String(args[key]) : whole));
}

/** Builds a diagnostic from the catalogue. */
export function diagnostic(code: MessageCode, at: SourceLocation, args: Record<string, string | number> = {}): Diagnostic {
  const entry = messages[code] as { severity: Severity };
  return { ...at, severity: entry.severity, code, message: message(code, args) };
}

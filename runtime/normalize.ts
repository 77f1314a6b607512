/**
 * What every client's normalisation shares: the runtime's payload vocabulary (snake_case keys,
 * Claude event and tool names, Claude argument keys) and the helpers each client's `normalize`
 * (runtime/clients/<id>.ts) uses to rewrite its payload into it.
 */
/** A hook payload: one JSON object. */
export type Payload = Record<string, unknown>;

/** One tool call in the runtime's vocabulary. */
export interface ToolCall {
  tool_name: string;
  tool_input: Record<string, unknown>;
}

/** True for a plain object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** False for undefined, null, false, 0, "", an empty array and an empty object. */
export function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

const PATCH_FILE_LINE = /^[ \t]*\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;

/** Every file an `apply_patch` body touches (`*** Add|Update|Delete File: <path>` lines), in order. */
export function patchFilePaths(body: string): string[] {
  const paths: string[] = [];
  for (const match of body.matchAll(PATCH_FILE_LINE)) {
    const path = (match[1] ?? "").trim();
    if (path) paths.push(path);
  }
  // `*** Move to: <path>` names a file the patch writes too.
  for (const match of body.matchAll(/^[ \t]*\*\*\* Move to: (.+)$/gm)) {
    const path = (match[1] ?? "").trim();
    if (path) paths.push(path);
  }
  return paths;
}

/** Sets `file_path` and `file_paths` from an `apply_patch` body where the call does not name them. */
export function fillPatchPaths(input: Record<string, unknown>, body: string): void {
  const paths = patchFilePaths(body);
  if (paths.length === 0) return;
  if (!truthy(input.file_path)) input.file_path = paths[0];
  if (!truthy(input.file_paths)) input.file_paths = paths;
}

// A patch body in a shell command: Codex applies `apply_patch <<'EOF' … EOF` (or argv
// `["apply_patch", body]`, optionally after `cd <dir> &&`) itself when its shell tool runs it, and
// an `apply_patch` program on PATH would too: the files it writes are judged as an edit's.
const SHELL_PATCH = /\bapply_?patch\b/;
// Spaces and tabs only around `cd` and `&&`: a \s* there would rescan a run of newlines at each one.
const CD_BEFORE = /(?:^|[;&|\n])[ \t]*cd[ \t]+(?:'([^'\n]*)'|"([^"\n]*)"|([^\s;&|]+))[ \t]*&&[ \t]*(?=apply_?patch\b)/;

/**
 * The edit a shell command makes by running `apply_patch` with a patch body (every body it
 * holds, paths made relative to a `cd <dir> &&` before it), or undefined when it runs none.
 */
export function shellPatchCall(command: unknown): ToolCall | undefined {
  const text = Array.isArray(command) ? command.map((part) => String(part)).join("\n") : typeof command === "string" ? command : "";
  if (!text.includes("*** Begin Patch") || !SHELL_PATCH.test(text)) return undefined;
  // Each body from a `*** Begin Patch` to the next `*** End Patch`, found with indexOf: one pass,
  // whatever the text holds (a regex's lazy run would restart at every unmatched Begin).
  const bodies: string[] = [];
  let from = text.indexOf("*** Begin Patch");
  while (from >= 0) {
    const end = text.indexOf("*** End Patch", from);
    if (end < 0) break;
    bodies.push(text.slice(from, end + "*** End Patch".length));
    from = text.indexOf("*** Begin Patch", end);
  }
  if (bodies.length === 0) return undefined;
  const cd = CD_BEFORE.exec(text);
  const dir = cd ? (cd[1] ?? cd[2] ?? cd[3] ?? "") : "";
  let body = bodies.join("\n");
  if (dir) {
    // A relative path is the `cd` directory's: `*** Add File: x` becomes `*** Add File: <dir>/x`.
    body = body.replace(/^([ \t]*\*\*\* (?:Add File|Update File|Delete File|Move to): )(.+)$/gm, (_, head: string, path: string) =>
      path.startsWith("/") || path.startsWith("~") ? `${head}${path}` : `${head}${dir.replace(/\/+$/, "")}/${path}`,
    );
  }
  const input: Record<string, unknown> = { patch: body, content: body, new_string: body };
  fillPatchPaths(input, body);
  return { tool_name: "Edit", tool_input: input };
}

/** The words of a tool name, lower-cased: `mcp__fs__write_file` → mcp, fs, write, file; `moveFile` → move, file. */
export function toolNameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

// A tool name's words that say it runs a command line (an MCP shell server's `run`, Desktop
// Commander's `start_process`, `execute_command`, `run_terminal_cmd`, `exec`).
const RUNNER_WORDS = new Set([
  "run",
  "exec",
  "execute",
  "shell",
  "bash",
  "sh",
  "zsh",
  "terminal",
  "command",
  "cmd",
  "spawn",
  "process",
  "subprocess",
  "eval",
  "interpret",
]);
// The arguments such a tool takes its command line under; `input` is what it types into a process it runs.
const COMMAND_KEYS = ["command", "cmd", "script", "commandLine", "command_line", "input"];

// Command-line programs MCP servers wrap (a kubernetes, docker, git or cloud server): a tool named
// after one and given an argument vector runs that program with it.
const ARGV_PROGRAMS = new Set([
  "kubectl",
  "oc",
  "helm",
  "docker",
  "podman",
  "nerdctl",
  "git",
  "gh",
  "glab",
  "aws",
  "gcloud",
  "az",
  "terraform",
  "ansible",
  "ssh",
  "npm",
  "npx",
  "pnpm",
  "yarn",
  "pip",
  "uv",
  "cargo",
  "go",
  "make",
  "psql",
  "mysql",
  "sqlite3",
]);
// The arguments such a tool takes its argument vector under.
const ARGV_KEYS = ["args", "argv", "arguments"];

/**
 * The shell call a tool outside the runtime's vocabulary makes when its name says it runs commands
 * and an argument holds a command line (a string, an argv array, or a program with an `args` array):
 * `mcp__shell__run {"cmd": "cat .env"}` is judged as `cat .env` is; and when it is named after a
 * program it wraps and given an argument vector (`mcp__k8s__kubectl {"args": ["exec", "pod", "--",
 * "cat", "/app/.env"]}` is `kubectl exec pod -- cat /app/.env`). Undefined otherwise.
 */
export function commandRunnerCall(name: string, input: Record<string, unknown>): ToolCall | undefined {
  const words = toolNameWords(name);
  const program = words.find((word) => ARGV_PROGRAMS.has(word));
  if (program !== undefined) {
    const key = ARGV_KEYS.find((k) => Array.isArray(input[k]) && (input[k] as unknown[]).length > 0);
    if (key !== undefined)
      return { tool_name: "Bash", tool_input: { command: shellJoin([program, ...(input[key] as unknown[]).map((part) => String(part))]) } };
  }
  if (!words.some((word) => RUNNER_WORDS.has(word))) return undefined;
  // Program code a tool runs (an IDE's `executeCode` in a Jupyter kernel, a code interpreter's
  // `run_code`): read as an interpreter's inline code is, whatever its language.
  if (typeof input.code === "string" && input.code.trim() !== "")
    return { tool_name: "Bash", tool_input: { command: shellJoin(["python3", "-c", input.code]) } };
  for (const key of COMMAND_KEYS) {
    const value = input[key];
    const argv = Array.isArray(value) ? value.map((part) => String(part)) : undefined;
    let command = typeof value === "string" ? value : argv ? shellJoin(argv) : undefined;
    if (command === undefined || command.trim() === "") continue;
    if (typeof value === "string" && Array.isArray(input.args)) command = shellJoin([value, ...input.args.map((part) => String(part))]);
    return { tool_name: "Bash", tool_input: { command } };
  }
  return undefined;
}

/**
 * `payload` with the calls it makes besides its own added to the extra calls every guard judges
 * with the primary one (run-hook.ts `toolCallsOf`; the key is named for Copilot's batches, the
 * first to need it): the edit of a shell call's `apply_patch` (shellPatchCall), and the shell line
 * of a tool that runs commands (commandRunnerCall). `payload` itself when there is none; never mutated.
 */
export function withDerivedCalls(payload: Payload): Payload {
  if (typeof payload.tool_name !== "string" || !isObject(payload.tool_input)) return payload;
  const call =
    payload.tool_name === "Bash"
      ? shellPatchCall(payload.tool_input.command)
      : KNOWN_TOOLS.has(payload.tool_name)
        ? undefined
        : commandRunnerCall(payload.tool_name, payload.tool_input);
  if (call === undefined) return payload;
  const extras = Array.isArray(payload.copilot_extra_tool_calls) ? payload.copilot_extra_tool_calls : [];
  return { ...payload, copilot_extra_tool_calls: [...extras, call] };
}

// The runtime's own tool vocabulary (after each client's names are mapped): never a command runner.
const KNOWN_TOOLS: ReadonlySet<string> = new Set([
  "Bash",
  "Read",
  "Write",
  "Edit",
  "MultiEdit",
  "NotebookEdit",
  "NotebookRead",
  "Grep",
  "Glob",
  "LS",
  "WebFetch",
  "WebSearch",
  "TodoWrite",
  "Task",
  "Agent",
  "AskUserQuestion",
]);

const SHELL_SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Joins argv into one POSIX shell string, quoting what needs it (`["ls","a b"]` → `ls 'a b'`). */
export function shellJoin(argv: readonly string[]): string {
  return argv.map((arg) => (arg.length > 0 && SHELL_SAFE.test(arg) ? arg : `'${arg.replace(/'/g, `'"'"'`)}'`)).join(" ");
}

const TRANSCRIPT_EVENTS: ReadonlySet<string> = new Set(["SessionEnd", "Stop", "SubagentStop", "PreCompact"]);

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** True for a session id safe to put in a path (no glob or path metacharacters). */
export function safeSessionId(id: unknown): id is string {
  return typeof id === "string" && SESSION_ID.test(id);
}

/** Mirrors `tool_response` into `tool_output` and `tool_result` where those are absent. */
export function fillToolResponse(payload: Payload): void {
  if (payload.tool_response === undefined) return;
  if (payload.tool_output === undefined) payload.tool_output = payload.tool_response;
  if (payload.tool_result === undefined) payload.tool_result = payload.tool_response;
}

/**
 * On the events that end or compact a session, sets `transcript_path` from `locate` (the client's
 * transcript lookup) when the payload names none.
 */
export function fillTranscriptPath(payload: Payload, locate: (sessionId: unknown, env: NodeJS.ProcessEnv) => string, env: NodeJS.ProcessEnv): void {
  if (TRANSCRIPT_EVENTS.has(String(payload.hook_event_name)) && !truthy(payload.transcript_path)) {
    const path = locate(payload.session_id, env);
    if (path) payload.transcript_path = path;
  }
}

/**
 * True when a payload has a pre-tool call's shape: a tool name with arguments and no result. A
 * payload like that whose event is missing or unknown is denied (run-hook.ts), not let through.
 */
export function looksLikeToolCall(payload: Payload): boolean {
  const named = (value: unknown): boolean => typeof value === "string" && value !== "";
  const hasCall = named(payload.tool_name) || named(payload.toolName) || Array.isArray(payload.toolCalls);
  const hasResult = payload.tool_response !== undefined || payload.toolResult !== undefined || payload.tool_output !== undefined;
  return hasCall && !hasResult;
}

/**
 * True when some JSON object in `text` names one key twice (`{"content": "<secret>", "content": "ok"}`):
 * parsers disagree on which value wins, so the runtime may check one value while the client runs
 * the other. One pass over the text, tracking the keys of each open object; keys are compared as
 * written (a key spelled with an escape is compared by its escape).
 */
export function hasDuplicateKeys(text: string): boolean {
  const stack: Array<Set<string> | undefined> = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top !== undefined) {
        let k = j + 1;
        while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9 || text.charCodeAt(k) === 10 || text.charCodeAt(k) === 13)) k += 1;
        if (text.charCodeAt(k) === 58) {
          const key = text.slice(i + 1, j);
          if (top.has(key)) return true;
          top.add(key);
        }
      }
      i = j + 1;
      continue;
    }
    if (c === 123) stack.push(new Set());
    else if (c === 91) stack.push(undefined);
    else if (c === 125 || c === 93) stack.pop();
    i += 1;
  }
  return false;
}

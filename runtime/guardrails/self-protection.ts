/**
 * Guardrail: self-protection. A tool call that writes, moves or deletes agentihooks' own files (the
 * agentihooks home: policies, the installed runtime, logs) or a client's hook wiring (the wrapper,
 * Copilot's `hooks/` directory, and the settings files that hold `hooks`, `disableAllHooks` or
 * Codex's `notify`) is denied: otherwise an agent could switch the guardrails off in one call.
 * Reading them is fine. Paths come from the client homes' variables (COPILOT_HOME,
 * CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME, AGENTIHOOKS_HOME); file-tool paths are resolved
 * through symlinks; shell commands are read through runtime/command-effects.ts, and a command whose
 * effect the analyser cannot see is denied when its visible words name one of these files.
 */
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { commandEffects, type PathEffect } from "../command-effects";
import { fs, homeDirectory } from "../node-builtins";
import { agentihooksHome } from "../policy";
import { type Guard, type GuardInput, isShellTool, stringArg, toolPaths, WRITE_TOOLS } from "./guard";

const { realpathSync } = fs;

/** What is protected: whole directories, and single files (with the settings files among them). */
interface Protected {
  dirs: string[];
  files: string[];
  /** Shared settings files: an edit that does not touch hook keys may go through a file tool. */
  settings: string[];
}

function clientHome(env: NodeJS.ProcessEnv, variable: string, dir: string): string {
  const set = env[variable]?.split(",")[0]?.trim();
  return set ? set : join(homeDirectory(env), dir);
}

/** The protected paths for this environment (absolute, as given and with symlinks resolved). */
export function protectedPaths(env: NodeJS.ProcessEnv): Protected {
  const copilot = clientHome(env, "COPILOT_HOME", ".copilot");
  const claude = clientHome(env, "CLAUDE_CONFIG_DIR", ".claude");
  const codex = clientHome(env, "CODEX_HOME", ".codex");
  const gemini = join(clientHome(env, "GEMINI_CLI_HOME", ""), ".gemini");
  const settings = [join(copilot, "settings.json"), join(claude, "settings.json"), join(codex, "config.toml"), join(codex, "hooks.json"), join(gemini, "settings.json")];
  const wrappers = [copilot, claude, codex, gemini].map((home) => join(home, "agentihooks-hook.sh"));
  const dirs = [agentihooksHome(env), join(copilot, "hooks")];
  const withReal = (paths: string[]): string[] => [...new Set(paths.flatMap((p) => [resolve(p), real(p)]))];
  return { dirs: withReal(dirs), files: withReal([...wrappers, ...settings]), settings: withReal(settings) };
}

/** `path` with symlinks resolved as far as it exists (the rest appended), so a link cannot hide a target. */
function real(path: string): string {
  let head = resolve(path);
  const tail: string[] = [];
  for (let i = 0; i < 64; i += 1) {
    try {
      return join(realpathSync(head), ...tail.reverse());
    } catch {
      const parent = dirname(head);
      if (parent === head) break;
      tail.push(basename(head));
      head = parent;
    }
  }
  return resolve(path);
}

function inside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(`${dir}/`);
}

/** The protected path `path` is or lies in, or undefined. */
function hit(path: string, p: Protected): string | undefined {
  for (const candidate of [resolve(path), real(path)]) {
    if (p.files.includes(candidate)) return candidate;
    const dir = p.dirs.find((d) => inside(candidate, d));
    if (dir) return candidate;
  }
  return undefined;
}

// Keys of a client's settings that wire or disable hooks.
const HOOK_KEYS = /\b(hooks|disableAllHooks|notify)\b|agentihooks/;
// Names that mark a command as reaching for one of the protected files.
const PROTECTED_NAME = /\.agentihooks|agentihooks-hook|\.copilot|\.claude|\.codex|\.gemini|settings\.json|hooks\.json|config\.toml|disableAllHooks|policy\.[a-z]+\.json/;

function message(what: string): string {
  return `BLOCKED: ${what} agentihooks' own files and the clients' hook settings are the operator's: changing them would switch the guardrails off. Reading them is fine; to change a guardrail, ask the operator to edit the profile and run \`agentihooks apply\`.`;
}

function expandTilde(path: string, env: NodeJS.ProcessEnv): string {
  return path === "~" ? homeDirectory(env) : path.startsWith("~/") ? join(homeDirectory(env), path.slice(2)) : path;
}

function checkFileTool(input: GuardInput, p: Protected): string | undefined {
  if (!WRITE_TOOLS.has(input.tool_name)) return undefined;
  for (const raw of toolPaths(input.tool_input)) {
    const path = expandTilde(raw, input.env);
    const target = hit(isAbsolute(path) ? path : resolve(input.cwd, path), p);
    if (!target) continue;
    // A settings file stays editable where the edit leaves hook wiring alone.
    // A whole-file write (Write, a patch that adds or deletes the file) could drop the wiring unseen.
    const text = ["old_string", "new_string", "content", "patch", "command"].map((k) => stringArg(input.tool_input, k)).join("\n") + JSON.stringify(input.tool_input.edits ?? "");
    const whole = input.tool_name === "Write" || /^\*\*\* (Add|Delete) File:/m.test(text);
    if (p.settings.includes(target) && !whole && !HOOK_KEYS.test(text)) continue;
    return message(`Writing ${raw} is not allowed:`);
  }
  return undefined;
}

function checkShell(input: GuardInput, p: Protected): string | undefined {
  const command = stringArg(input.tool_input, "command");
  if (!command) return undefined;
  const effects = commandEffects(command, input.cwd, input.env);
  for (const c of effects.commands) {
    const touched: PathEffect[] = [...c.writes, ...c.deletes, ...c.moves.flatMap((m) => [m.from, m.to])];
    for (const effect of touched) {
      // A pattern or an unresolved expansion is judged by what it could name: its visible text.
      if (hit(effect.path, p) || ((effect.glob || effect.dynamic) && PROTECTED_NAME.test(effect.written))) return message(`This command changes ${effect.written} (${effect.via}):`);
    }
  }
  for (const o of effects.opaque) {
    if (PROTECTED_NAME.test([o.text, ...o.words].join(" "))) {
      return message(`agentihooks cannot see what this command does (${o.reason}: ${o.text}), and it names agentihooks' or a client's hook files. Write the command plainly, without eval, substitutions or encoded text, if it only reads them.`);
    }
  }
  return undefined;
}

/** The self-protection guard (always on: the policy that could switch it off is what it protects). */
export const selfProtectionGuard: Guard = {
  name: "self-protection",
  check(input) {
    const p = protectedPaths(input.env);
    const block = isShellTool(input.tool_name) ? checkShell(input, p) : checkFileTool(input, p);
    return block ? { block } : undefined;
  },
};

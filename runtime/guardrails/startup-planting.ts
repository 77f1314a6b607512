/**
 * Aliases and functions planted in a shell startup file (`echo "alias ls='cat .env'" >> ~/.bashrc`):
 * a later shell runs them under names the analyser then reads as something else (`ls`). The script
 * such a write defines, with each alias and function called once, is judged as a shell call of its
 * own by every guard (run-hook.ts); the file's other lines (`eval "$(pyenv init -)"`, exports) are not
 * read this way (docs/guardrails.md, "How a command line is read").
 */
import { commandEffects } from "../command-effects";
import type { ToolCall } from "../normalize";
import { absoluteToolPath, isShellTool, toolPaths, WRITE_TOOLS } from "./guard";
import { writtenText } from "./secrets-in-writes";
import { isStartupFile } from "./self-protection";

// `alias NAME=VALUE` (options before, a quoted or plain value), at a line's or a command's start.
const ALIAS = /(?:^|[\n;&|])[ \t]*alias[ \t]+(?:-[A-Za-z]+[ \t]+)*([^\s=;&|'"]+)=('[^'\n]*'|"(?:[^"\\\n]|\\.)*"|[^\s;&|]+)/g;
// A function definition's start: `NAME() {`, `NAME () (`, `function NAME {`, `function NAME() {`.
const FUNCTION = /(?:^|[\n;&|])[ \t]*(?:function[ \t]+([A-Za-z_][\w.:-]{0,127})[ \t]*(?:\(\))?|([A-Za-z_][\w.:-]{0,127})[ \t]*\(\))[ \t\n]*([{(])/g;
// At most this many definitions are read, over at most this much text of function bodies: past
// either, what the write defines is too much to check, and the call is denied (bounded work on a
// 10 MiB write of `f() {` lines).
const MAX_DEFINITIONS = 256;
const MAX_BODIES = 1024 * 1024;

/** definedScript's answer for a text that defines more than can be checked. */
export const TOO_MANY_DEFINITIONS = "\u0000too many definitions";

/** The definitions `text` plants and a call of each: the script a later shell could run by those names. */
export function definedScript(text: string): string | undefined {
  const lines: string[] = [];
  const calls: string[] = [];
  for (const match of text.matchAll(ALIAS)) {
    if (calls.length >= MAX_DEFINITIONS) return TOO_MANY_DEFINITIONS;
    lines.push(`alias ${match[1] as string}=${match[2] as string}`);
    calls.push(match[1] as string);
  }
  let budget = MAX_BODIES;
  for (const match of text.matchAll(FUNCTION)) {
    if (calls.length >= MAX_DEFINITIONS) return TOO_MANY_DEFINITIONS;
    const name = (match[1] ?? match[2]) as string;
    const open = (match.index ?? 0) + match[0].length - 1;
    const close = text[open] === "{" ? "}" : ")";
    let depth = 0;
    let end = open;
    for (; end < text.length; end += 1) {
      if ((budget -= 1) < 0) return TOO_MANY_DEFINITIONS;
      if (text[end] === text[open]) depth += 1;
      else if (text[end] === close && (depth -= 1) === 0) break;
    }
    lines.push(`${name}() ${text.slice(open, end + 1)}`);
    calls.push(name);
  }
  return calls.length === 0 ? undefined : `${lines.join("\n")}\n${calls.join("\n")}\n`;
}

/** The startup file a call puts aliases or functions in, and the script they make (definedScript). */
export function plantedScript(call: ToolCall, cwd: string, env: NodeJS.ProcessEnv): { file: string; script: string } | undefined {
  if (WRITE_TOOLS.has(call.tool_name)) {
    const file = toolPaths(call.tool_input)
      .map((p) => absoluteToolPath(p, cwd, env))
      .find(isStartupFile);
    const script = file === undefined ? undefined : definedScript(writtenText(call.tool_input));
    return file !== undefined && script !== undefined ? { file, script } : undefined;
  }
  if (!isShellTool(call.tool_name) || typeof call.tool_input.command !== "string") return undefined;
  for (const [file, text] of commandEffects(call.tool_input.command, cwd, env).added ?? []) {
    if (!isStartupFile(file)) continue;
    const script = definedScript(text);
    if (script !== undefined) return { file, script };
  }
  return undefined;
}

/** The shape every guardrail shares: one tool call in, a block or some context (or nothing) out. */
import { isAbsolute, join, resolve } from "node:path";
import { homeDirectory } from "../node-builtins";
import type { Policy, PolicyTarget } from "../policy";

/** What a guard sees: one tool call, in the runtime's vocabulary, and where it runs. */
export interface GuardInput {
  tool_name: string;
  tool_input: Record<string, unknown>;
  target: PolicyTarget;
  /** The session's working directory (payload `cwd`, else the process's). */
  cwd: string;
  policy: Policy;
  env: NodeJS.ProcessEnv;
}

/** A guard's verdict. `block` starts with `BLOCKED:` and says why and what to do instead. */
export interface GuardVerdict {
  block?: string;
  context?: string[];
}

/** A guardrail: its name (for warnings) and its check. */
export interface Guard {
  name: string;
  check(input: GuardInput): GuardVerdict | undefined;
}

/** The tool's string argument `key`, or "" when absent or not a string. */
export function stringArg(input: Record<string, unknown>, key: string): string {
  const value = input[key];
  return typeof value === "string" ? value : "";
}

/** True for the Bash tool (every shell tool is mapped onto it by the normaliser). */
export function isShellTool(name: string): boolean {
  return name === "Bash";
}

/** The tool names that write file contents (after normalisation). */
export const WRITE_TOOLS: ReadonlySet<string> = new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]);

/** The tool names that read a file by path (after normalisation). */
export const READ_TOOLS: ReadonlySet<string> = new Set(["Read", "NotebookRead"]);

/** Every path a write or read tool names (`file_path`, `notebook_path`, patch file lists). */
export function toolPaths(input: Record<string, unknown>): string[] {
  const paths: string[] = [];
  for (const key of ["file_path", "notebook_path", "path"]) {
    const value = input[key];
    if (typeof value === "string" && value) paths.push(value);
  }
  if (Array.isArray(input.file_paths)) for (const p of input.file_paths) if (typeof p === "string" && p) paths.push(p);
  return [...new Set(paths)];
}

/** `path` with a leading `~` or `~/` made the home directory, as the shell expands it. */
export function expandTilde(path: string, env: NodeJS.ProcessEnv): string {
  return path === "~" ? homeDirectory(env) : path.startsWith("~/") ? join(homeDirectory(env), path.slice(2)) : path;
}

/** A tool's path argument as the file it names: `~` expanded, then made absolute against `cwd`. */
export function absoluteToolPath(path: string, cwd: string, env: NodeJS.ProcessEnv): string {
  const expanded = expandTilde(path, env);
  return isAbsolute(expanded) ? resolve(expanded) : resolve(cwd, expanded);
}

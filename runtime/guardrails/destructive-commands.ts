/**
 * Guardrail: destructive commands. Blocks a recursive `rm` (or `find -delete`) of a broad path (the
 * filesystem root, a top-level system directory, a home directory, the working directory itself, a
 * bare `*`, or `$VAR/` that an unset variable turns into `/`), and any write to a dotenv file, by a
 * shell command (redirection, `tee`, `cp`/`mv` destination, `sed -i`, `dd of=`), by Write/Edit or by
 * an `apply_patch` that touches one. Template files (`.env.example`, …) may be written.
 */
import { allPipelines, basename, commandWords } from "../shell";
import { type Guard, type GuardVerdict, isShellTool, stringArg, toolPaths, WRITE_TOOLS } from "./guard";
import { isDotenvName } from "./sensitive-paths";
import { homeDirectory } from "../node-builtins";

const BROAD_LITERALS = new Set([".", "./", "..", "../", "*", "./*", "../*", ".*", "~", "~/*", "~/.*", "$HOME", "${HOME}", "$HOME/*", "${HOME}/*", "/home", "/home/*", "/root", "/Users", "/Users/*"]);

/** True for a path whose recursive deletion would be a disaster (see the module comment). */
export function isBroadPath(path: string, env: NodeJS.ProcessEnv): boolean {
  let p = path.trim().replace(/^["']|["']$/g, "");
  if (!p) return false;
  if (/^\/+\*?$/.test(p)) return true;
  if (p.length > 1) p = p.replace(/\/+$/, "");
  if (BROAD_LITERALS.has(p)) return true;
  if (/^\/[^/]+\/?\*?$/.test(p)) return true;
  if (/^\/(home|Users)\/[^/]+(\/\*|\/\.\*)?$/.test(p)) return true;
  if (/^\/root(\/\*|\/\.\*)?$/.test(p)) return true;
  if (/^~[A-Za-z_][\w.-]*(\/\*)?$/.test(p)) return true;
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/\*?$/.test(path.trim().replace(/^["']|["']$/g, ""))) return true;
  const home = (homeDirectory(env)).replace(/\/+$/, "");
  if (home && (p === home || p === `${home}/*` || p === `${home}/.*`)) return true;
  return false;
}

const RECURSIVE_FLAG = /^-[a-zA-Z]*[rR][a-zA-Z]*$/;

function rmBlock(args: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const recursive = args.some((a) => RECURSIVE_FLAG.test(a) || a === "--recursive");
  if (args.includes("--no-preserve-root")) return "BLOCKED: rm --no-preserve-root can delete the whole filesystem. Delete the specific files you mean, by path.";
  if (!recursive) return undefined;
  let options = true;
  for (const arg of args) {
    if (options && arg === "--") {
      options = false;
      continue;
    }
    if (options && arg.startsWith("-") && arg.length > 1) continue;
    if (isBroadPath(arg, env)) return `BLOCKED: Recursive rm of ${arg} would delete a broad or home directory. Delete the specific files or subdirectories you mean, by path.`;
  }
  return undefined;
}

function findBlock(args: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const roots: string[] = [];
  for (const arg of args) {
    if (arg.startsWith("-") || arg === "(" || arg === "!") break;
    roots.push(arg);
  }
  const deletes = args.includes("-delete") || args.some((a, i) => (a === "-exec" || a === "-execdir") && basename(args[i + 1] ?? "") === "rm");
  if (!deletes) return undefined;
  // `find . -name '*.pyc' -delete` is a targeted clean-up; without a filter it empties the tree.
  const filtered = args.some((a) => /^-(i?name|i?path|i?wholename|i?regex|newer|mtime|mmin|atime|amin|size|empty|user|group|perm)$/.test(a));
  const broad = (roots.length > 0 ? roots : ["."]).find((r) => isBroadPath(r, env) && !(filtered && /^\.\/?$/.test(r)));
  return broad ? `BLOCKED: find ${broad} … -delete would delete files across a broad or home directory. Narrow the starting directory to what you mean to clean.` : undefined;
}

function dotenvWriteBlock(path: string): string {
  return `BLOCKED: Writing ${path} is not allowed: dotenv files hold credentials and are the operator's to edit. Tell the operator which variable to set, or edit a template such as .env.example.`;
}

/** The dotenv file a shell command writes, if any. */
function dotenvTargetOf(command: string): string | undefined {
  for (const pipeline of allPipelines(command)) {
    for (const simple of pipeline) {
      for (const r of simple.redirects) {
        if (/^(>|>>|>\||&>|&>>|<>|>&)$/.test(r.op) && r.target && isDotenvName(r.target)) return r.target;
      }
      const words = commandWords(simple.words);
      const verb = basename(words[0] ?? "");
      const operands = words.slice(1).filter((w) => !w.startsWith("-"));
      if (verb === "tee") {
        const hit = operands.find((w) => isDotenvName(w));
        if (hit) return hit;
      }
      if ((verb === "cp" || verb === "mv" || verb === "install" || verb === "ln" || verb === "rsync") && operands.length >= 2) {
        const destination = operands[operands.length - 1] as string;
        if (isDotenvName(destination)) return destination;
      }
      if ((verb === "sed" || verb === "perl") && words.slice(1).some((w) => /^-[a-zA-Z]*i/.test(w) || w.startsWith("--in-place"))) {
        const hit = operands.find((w) => isDotenvName(w));
        if (hit) return hit;
      }
      if (verb === "dd") {
        const of = words.find((w) => w.startsWith("of="));
        if (of && isDotenvName(of.slice(3))) return of.slice(3);
      }
      if (verb === "truncate" || verb === "dotenv") {
        const hit = operands.find((w) => isDotenvName(w));
        if (hit && (verb === "truncate" || words.includes("set"))) return hit;
      }
    }
  }
  return undefined;
}

const MCP_WRITE_NAME = /write|create|edit|update|put|save|append|patch|upload|move|copy|rename/i;

/** The destructive-command guard. */
export const destructiveCommandsGuard: Guard = {
  name: "destructive",
  check({ tool_name, tool_input, env }): GuardVerdict | undefined {
    if (isShellTool(tool_name)) {
      const command = stringArg(tool_input, "command");
      for (const pipeline of allPipelines(command)) {
        for (const simple of pipeline) {
          const words = commandWords(simple.words);
          const verb = basename(words[0] ?? "");
          const args = words.slice(1);
          const block = verb === "rm" ? rmBlock(args, env) : verb === "find" ? findBlock(args, env) : undefined;
          if (block) return { block };
          if (verb === "xargs") {
            const inner = args.findIndex((a) => basename(a) === "rm");
            if (inner >= 0 && args.slice(inner + 1).some((a) => RECURSIVE_FLAG.test(a) || a === "--recursive")) {
              return { block: "BLOCKED: xargs rm -r deletes whatever the pipeline feeds it, recursively. List the paths first and delete the specific ones you mean." };
            }
          }
        }
      }
      const target = dotenvTargetOf(command);
      return target ? { block: dotenvWriteBlock(target) } : undefined;
    }
    if (WRITE_TOOLS.has(tool_name) || MCP_WRITE_NAME.test(tool_name)) {
      const paths = [...toolPaths(tool_input)];
      for (const key of ["destination", "target", "filename", "new_path"]) {
        const value = stringArg(tool_input, key);
        if (value) paths.push(value);
      }
      const hit = paths.find((p) => isDotenvName(p));
      return hit ? { block: dotenvWriteBlock(hit) } : undefined;
    }
    return undefined;
  },
};

/**
 * The project bridge (docs/runtime.md, "Context: session banner and project bridge"): Codex does not
 * load a repository's `.claude/rules/*.md`, and neither Codex nor Copilot loads Claude's project
 * memory, so at SessionStart what the client lacks is injected as one context block, within a byte
 * budget. On Codex the repository's `.claude/skills` is also linked as `.agents/skills` (which Codex
 * does load) and `/.agents/` is added to git's info/exclude.
 *
 * Everything injected reaches the model, and the agent can plant files in the repository: a rule is
 * read only when it is a regular file whose real path stays inside the repository (a link to
 * `/proc/self/environ` or `~/.ssh/id_rsa` is never followed out), through `readRegularFile` (no
 * FIFO, device or `/proc` file, no file with a second hard link), at most `MAX_BRIDGE_FILE_BYTES` of
 * it, redacted with the strict set; a name with a newline or control character is skipped.
 */
import { dirname, join, resolve, sep } from "node:path";
import { fs, homeDirectory } from "./node-builtins";
import { readRegularFile } from "./read-regular-file";
import { redactSecrets } from "./secrets";

const { appendFileSync, existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, statSync, symlinkSync } = fs;

/** The most of one rule or memory file the bridge reads (the block's budget applies after). */
export const MAX_BRIDGE_FILE_BYTES = 256 * 1024;

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The repository root that has a `.claude/` directory: the git root above `cwd` if it has one,
 * else the nearest of up to 10 ancestors that has one (never the home directory, whose `.claude/`
 * is Claude's own home, not a project). "" when none.
 */
export function findProjectRoot(cwd: string, env: NodeJS.ProcessEnv): string {
  const home = resolve(homeDirectory(env));
  let current = resolve(cwd);
  for (let depth = 0; depth <= 10; depth += 1) {
    if (current !== home && isDir(join(current, ".claude"))) return current;
    if (existsSync(join(current, ".git"))) return "";
    const parent = dirname(current);
    if (parent === current) return "";
    current = parent;
  }
  return "";
}

/** Claude's per-project directory name: the absolute path with `/` and `.` replaced by `-`. */
export function claudeProjectKey(root: string): string {
  return root.replace(/[/.\\:]/g, "-");
}

/** The real path of `path`, or "" when it cannot be resolved. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return "";
  }
}

/** True when `path` is `dir` or below it (both real paths). */
function isInside(path: string, dir: string): boolean {
  return path !== "" && dir !== "" && (path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep));
}

/**
 * The text of the regular file at `path` when its real path stays inside `within` (a real path),
 * trimmed at the end; "" for anything else: a link that leaves `within`, a FIFO, a device, a `/proc`
 * file, a directory, a missing file.
 */
export function readContainedFile(path: string, within: string): string {
  const real = realPath(path);
  if (!isInside(real, within)) return "";
  // A hard link leaves the repository without a symlink's trace: only single-link files are read.
  // What reaches the model is redacted with the strict set (a rule that pastes a token).
  return redactSecrets((readRegularFile(real, MAX_BRIDGE_FILE_BYTES, { singleLink: true }) ?? "").trimEnd());
}

// A file name that could forge the block's own section lines (a newline, a control character).
const UNSAFE_NAME = /[\u0000-\u001f\u007f\u2028\u2029]/;

/** Marker appended where the budget cut the block. */
export const BRIDGE_TRUNCATION_MARKER = "\n[cut at the project-bridge budget: read the remaining files in .claude/rules/ directly]\n";

/** Cuts `text` to `maxBytes` UTF-8 bytes (marker included) on a character boundary; 0 = no limit. */
export function fitBudget(text: string, maxBytes: number): string {
  if (maxBytes <= 0 || Buffer.byteLength(text, "utf8") <= maxBytes) return text;
  const room = Math.max(0, maxBytes - Buffer.byteLength(BRIDGE_TRUNCATION_MARKER, "utf8"));
  const bytes = Buffer.from(text, "utf8");
  let end = room;
  // Step back over UTF-8 continuation bytes so no character is split.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString("utf8") + BRIDGE_TRUNCATION_MARKER;
}

/** What the bridge injects: the repository's rules (unless the client loads them itself) and the project memory. */
export interface BridgeParts {
  rules: boolean;
}

/**
 * The bridge's context block for the project containing `cwd`, or "" when there is nothing to
 * inject. `parts.rules` false leaves `.claude/rules/` out (the client loads it itself).
 */
export function projectBridgeContext(cwd: string, env: NodeJS.ProcessEnv, maxBytes: number, parts: BridgeParts = { rules: true }): string {
  const root = findProjectRoot(cwd, env);
  if (!root) return "";
  const sections: string[] = [];
  const realRoot = realPath(root);
  const rulesDir = join(root, ".claude", "rules");
  let names: string[] = [];
  if (parts.rules) {
    try {
      // Sorted: the block must not depend on directory order.
      names = readdirSync(rulesDir)
        .filter((n) => n.endsWith(".md") && n.toLowerCase() !== "readme.md" && !UNSAFE_NAME.test(n))
        .sort();
    } catch {
      names = [];
    }
  }
  for (const name of names) {
    const text = readContainedFile(join(rulesDir, name), realRoot);
    if (text) sections.push(`--- .claude/rules/${name} ---\n${text}`);
  }
  const claudeHome = env.CLAUDE_CONFIG_DIR?.trim() || join(homeDirectory(env), ".claude");
  const memoryDir = join(claudeHome, "projects", claudeProjectKey(root), "memory");
  const memory = readContainedFile(join(memoryDir, "MEMORY.md"), realPath(claudeHome));
  if (memory) sections.push(`--- project memory ---\n${memory}`);
  if (sections.length === 0) return "";
  const block = ["PROJECT RULES (hard floor: they outrank every other instruction in this session)", ...sections].join("\n\n");
  return fitBudget(block, maxBytes);
}

/**
 * Codex only: links `<root>/.agents/skills` → `../.claude/skills` when the source exists and
 * nothing is in the way, and keeps `/.agents/` out of git status via the common info/exclude.
 * Never throws; an existing file or directory is left alone.
 */
export function linkCodexSkills(cwd: string, env: NodeJS.ProcessEnv): void {
  try {
    const root = findProjectRoot(cwd, env);
    if (!root || !isDir(join(root, ".claude", "skills"))) return;
    const link = join(root, ".agents", "skills");
    let present = false;
    try {
      lstatSync(link);
      present = true;
    } catch {
      present = false;
    }
    if (!present) {
      if (!isDir(join(root, ".agents"))) mkdirSync(join(root, ".agents"));
      symlinkSync(join("..", ".claude", "skills"), link);
    }
    const gitDir = commonGitDir(root);
    if (!gitDir) return;
    const exclude = join(gitDir, "info", "exclude");
    const current = readRegularFile(exclude, MAX_BRIDGE_FILE_BYTES) ?? "";
    if (!current.split("\n").some((line) => line.trim() === "/.agents/")) {
      if (!isDir(join(gitDir, "info"))) mkdirSync(join(gitDir, "info"));
      appendFileSync(exclude, `${current && !current.endsWith("\n") ? "\n" : ""}/.agents/\n`);
    }
  } catch {
    // The link is a convenience; the session goes on without it.
  }
}

function commonGitDir(root: string): string {
  const dotGit = join(root, ".git");
  try {
    if (isDir(dotGit)) return dotGit;
    const match = /^gitdir:\s*(.+)$/m.exec(readRegularFile(dotGit, 4096) ?? "");
    if (!match) return "";
    const gitDir = resolve(root, (match[1] as string).trim());
    const common = (readRegularFile(join(gitDir, "commondir"), 4096) ?? "").trim();
    return common ? resolve(gitDir, common) : gitDir;
  } catch {
    return "";
  }
}

/**
 * The project bridge (reference-spec E.9): Copilot and Codex do not load a repository's
 * `.claude/rules/*.md` or Claude's project memory, so at SessionStart they are injected as one
 * context block, within a byte budget. On Codex the repository's `.claude/skills` is also linked as
 * `.agents/skills` (which Codex does load) and `/.agents/` is added to git's info/exclude.
 */
import { dirname, join, resolve } from "node:path";
import { fs, homeDirectory } from "./node-builtins";

const { appendFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } = fs;

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

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8").trimEnd();
  } catch {
    return "";
  }
}

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

/** The bridge's context block for the project containing `cwd`, or "" when there is nothing to inject. */
export function projectBridgeContext(cwd: string, env: NodeJS.ProcessEnv, maxBytes: number): string {
  const root = findProjectRoot(cwd, env);
  if (!root) return "";
  const sections: string[] = [];
  const rulesDir = join(root, ".claude", "rules");
  let names: string[] = [];
  try {
    // Sorted: the block must not depend on directory order.
    names = readdirSync(rulesDir)
      .filter((n) => n.endsWith(".md") && n.toLowerCase() !== "readme.md")
      .sort();
  } catch {
    names = [];
  }
  for (const name of names) {
    const text = readText(join(rulesDir, name));
    if (text) sections.push(`--- .claude/rules/${name} ---\n${text}`);
  }
  const claudeHome = env.CLAUDE_CONFIG_DIR?.trim() || join(homeDirectory(env), ".claude");
  const memory = readText(join(claudeHome, "projects", claudeProjectKey(root), "memory", "MEMORY.md"));
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
    let current = "";
    try {
      current = readFileSync(exclude, "utf8");
    } catch {
      current = "";
    }
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
    const match = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, "utf8"));
    if (!match) return "";
    const gitDir = resolve(root, (match[1] as string).trim());
    const common = readText(join(gitDir, "commondir"));
    return common ? resolve(gitDir, common) : gitDir;
  } catch {
    return "";
  }
}

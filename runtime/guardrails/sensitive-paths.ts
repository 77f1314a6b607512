/**
 * Which file names hold credentials (reference-spec E.8.2): dotenv files, shell rc and history
 * files, credential stores, SSH private keys. Shared by the credential-read guard (reading them) and
 * the destructive-command guard (writing dotenv files). Names ending in a template suffix
 * (`.env.example`, `.env.sample`, …) are safe: they are meant to be read and committed.
 */
import { basename } from "../shell";

const SAFE_SUFFIXES = [".example", ".sample", ".template", ".dist", ".tpl"];

const SHELL_FILES = new Set([".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv", ".bash_history", ".zsh_history", ".history", ".sh_history", ".python_history", ".psql_history", ".mysql_history", ".node_repl_history"]);

const CREDENTIAL_FILES = new Set([".netrc", ".npmrc", ".pypirc", ".git-credentials", ".pgpass", ".dockercfg"]);

function stripQuotes(path: string): string {
  return path.replace(/^["']|["']$/g, "");
}

function hasSafeSuffix(name: string): boolean {
  const lower = name.toLowerCase();
  return SAFE_SUFFIXES.some((suffix) => lower.endsWith(suffix));
}

/** True for a dotenv file name: `.env`, `.env.<anything>`, `<anything>.env` (template suffixes excluded). */
export function isDotenvName(name: string): boolean {
  const base = basename(stripQuotes(name));
  if (hasSafeSuffix(base)) return false;
  const lower = base.toLowerCase();
  if (lower === ".env" || lower.startsWith(".env.") || (lower.endsWith(".env") && lower.length > 4)) return true;
  // A glob such as `.env*` or `.env?` matches dotenv files too.
  return lower.startsWith(".env") && /[*?[]/.test(lower);
}

/**
 * True when `path` names a credential file: a dotenv file, a shell rc or history file, a credential
 * store (`.netrc`, `.npmrc`, `.pypirc`, `.git-credentials`, `.pgpass`), `.aws/credentials`, or an
 * SSH private key (`.ssh/id_*` without `.pub`). Globs count when their text names one (`*.env`).
 */
export function isSensitivePath(path: string): boolean {
  const clean = stripQuotes(path.trim());
  if (!clean) return false;
  const base = basename(clean);
  if (hasSafeSuffix(base)) return false;
  if (isDotenvName(base)) return true;
  if (SHELL_FILES.has(base) || CREDENTIAL_FILES.has(base)) return true;
  const normalized = clean.replace(/\\/g, "/");
  if (/(^|\/)\.aws\/(credentials|config)$/.test(normalized)) return true;
  if (/(^|\/)\.ssh\/id_[A-Za-z0-9_-]+$/.test(normalized)) return true;
  if (/(^|\/)\.docker\/config\.json$/.test(normalized)) return true;
  if (/(^|\/)\.kube\/config$/.test(normalized)) return true;
  return false;
}

/** True when free text (a one-liner's code, a glob) mentions a credential file name anywhere. */
export function mentionsSensitivePath(text: string): boolean {
  for (const piece of text.split(/[\s'"`(),;=<>|&{}[\]]+/)) {
    if (piece && isSensitivePath(piece)) return true;
  }
  return false;
}

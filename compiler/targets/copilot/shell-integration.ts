/**
 * Shell integration (docs/targets/copilot.md, "The env file and the shell"): Copilot reads `COPILOT_ALLOW_ALL`, `COPILOT_DEBUG_BROWSER`
 * and the channels only from its process environment, so the env file must be exported by the
 * shell that starts it. A managed block at the end of `~/.bashrc` (and `~/.zshrc` when the operator
 * has one) exports `<agentihooksHome>/.env` and then every `<agentihooksHome>/*.env` under `set -a`. Limit: a Copilot started by an
 * IDE or a service, not from an interactive shell, never sees these variables.
 */
import path from "node:path";
import type { TextBlockEntry } from "../../desired-tree";
import type { Environment } from "../../environment";
import { shellQuote } from "../../lower/shell-quote";

/** Marker lines of the block; the same as earlier releases', so their block is replaced, not duplicated. */
export const SHELL_BLOCK_BEGIN = "# === agentihooks ===";
export const SHELL_BLOCK_END = "# === end-agentihooks ===";

/**
 * The block's lines. Runs in bash and zsh: `setopt` exists only in zsh (where an unmatched glob
 * would otherwise be an error), and `set +a` is restored only if allexport was off before.
 */
export function shellBlockContent(env: Environment): string {
  const dir = shellQuote(env.agentihooksHome);
  return [
    "# Exports the agentihooks env files (e.g. copilot.env) so Copilot CLI started from this shell sees them.",
    "agentienv() {",
    "  setopt local_options null_glob 2>/dev/null",
    "  local agentihooks_env was_allexport=0",
    '  case "$-" in *a*) was_allexport=1 ;; esac',
    "  set -a",
    // .env first (the operator's), then the generated files such as copilot.env.
    `  for agentihooks_env in ${dir}/.env ${dir}/*.env; do`,
    '    [ -r "$agentihooks_env" ] && . "$agentihooks_env"',
    "  done",
    '  [ "$was_allexport" = 1 ] || set +a',
    "}",
    "agentienv",
    "",
  ].join("\n");
}

/** The block in `~/.bashrc` (created if missing) and `~/.zshrc` (only when it exists). */
export function lowerShellIntegration(env: Environment): TextBlockEntry[] {
  const content = shellBlockContent(env);
  const block = (file: string, onlyIfExists: boolean): TextBlockEntry => ({
    kind: "text-block",
    path: path.posix.join(env.home, file),
    begin: SHELL_BLOCK_BEGIN,
    end: SHELL_BLOCK_END,
    content,
    onlyIfExists,
    mode: 0o644,
  });
  return [block(".bashrc", false), block(".zshrc", true)];
}

/**
 * The adversarial corpus's case format. Each `tests/runtime/corpus/<class>.cases.ts` exports a
 * default array of cases for one guardrail class; `tests/runtime/adversarial-corpus.test.ts` runs
 * every case for every client (in-process through `runHook`, and through the installed wrappers)
 * and checks the decision. A case names a client-neutral tool call; the runner spells it the way
 * each client does.
 */

/** What one case does: a shell command, a file read, write or edit, or an MCP tool call. */
export type CaseKind = "shell" | "read" | "write" | "edit" | "mcp";

/** A file the runner creates in the case's temp repository before the call. */
export type CaseFile = string | { symlink: string } | { fifo: true } | { mode: number; content: string };

/** One corpus case. */
export interface CorpusCase {
  /** Unique across the corpus: `<class>/<slug>`. */
  id: string;
  /** The class it belongs to, e.g. `branch-protection/refspec` or `harmless/git`. */
  class: string;
  kind: CaseKind;
  /** shell: the command line as the model would send it. */
  command?: string;
  /** read/write/edit: the path, relative to the repository or absolute (`~` is the temp home). */
  path?: string;
  /** write: the whole content; edit: the new text. */
  content?: string;
  /** mcp: the server, tool and arguments. */
  mcp?: { server: string; tool: string; args: Record<string, unknown> };
  /** The repository's current branch (default `feature/x`). */
  branch?: string;
  /** Files made in the temp repository (relative paths) or the temp home (paths starting `~/`). */
  files?: Record<string, CaseFile>;
  /** Guardrail switches set in the installed policy files for this case (off-by-default guards). */
  guardrails?: Record<string, boolean | string[]>;
  /** Only for these clients (default: all). */
  targets?: ReadonlyArray<"copilot" | "claude" | "codex" | "gemini">;
  /**
   * The decision every client must reach: `rewrite` runs the call with changed arguments instead of
   * denying it (every client can; runtime/guardrails/search-rewrite.ts).
   */
  expect: "deny" | "allow" | "rewrite";
  /** rewrite: what the command that runs instead must match. */
  rewritten?: RegExp;
  /** Optional: a fragment the deny reason must contain (proves which guard answered). */
  reason?: RegExp;
}

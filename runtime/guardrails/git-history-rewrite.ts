/**
 * Fix instead of deny, for git's history views (docs/guardrails.md, "Rewrites"): `git log -p`,
 * `git show`, `git diff` and their plumbing, which the credential-read guard stops when git tracks a
 * credential file, are rewritten to leave exactly those files out with pathspecs (gitglossary(7),
 * "pathspec": `:(top,exclude,literal)<path>`; `:/` first when the command has no pathspec, so the
 * view still covers the whole repository from any directory). Only a plain command is rewritten (the
 * rules of search-rewrite.ts's `plainFirstCommand`, git's subcommand as its second word) with no
 * revision word that could also be read as a path; the caller checks the rewritten line again.
 */
import { workTreeOf } from "../git-index";
import { gitOperands, isCommitish, trackedCredentials } from "./credential-reads";
import { insertWords, plainFirstCommand, type SearchRewrite } from "./search-rewrite";
import { fs } from "../node-builtins";
import { resolve } from "node:path";

// The views whose pathspecs limit what they print (git-log(1), git-show(1), git-diff(1)).
const REWRITABLE = new Set(["log", "show", "diff", "whatchanged", "reflog", "diff-tree", "diff-index"]);
/** More files than this make a line no one would read: the deny stands. */
const MAX_EXCLUDED = 64;

/** `word` as the shell reads it back: bare when it holds only characters the shell leaves alone. */
function quoted(word: string): string {
  return /^[\w./:=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `command` (run in `cwd`) with the credential files git tracks left out of its history view, or undefined. */
export function rewriteGitHistory(command: string, cwd: string): SearchRewrite | undefined {
  const first = plainFirstCommand(command);
  if (!first || first.words[0]?.text !== "git") return undefined;
  const args = first.words.slice(1).map((w) => w.text);
  if (!REWRITABLE.has(args[0] ?? "")) return undefined;
  const dash = args.indexOf("--");
  // Without `--`, git reads a word that names a file as a path, and the added `--` would make it a revision.
  if (dash < 0 && gitOperands(args.slice(1)).some((a) => fs.existsSync(resolve(cwd, a)))) return undefined;
  const tree = workTreeOf(cwd);
  if (tree?.index === undefined) return undefined;
  // A blob (a tag or an id may name one) is printed whole, pathspecs or not: only commits are rewritten.
  const revisions = gitOperands(dash < 0 ? args.slice(1) : args.slice(1, dash));
  if (revisions.some((a) => !isCommitish(a, `${tree.top}/.git`))) return undefined;
  const files = trackedCredentials(tree.top);
  if (files.length === 0 || files.length > MAX_EXCLUDED) return undefined;
  const added = [...(dash < 0 ? ["--", ":/"] : []), ...files.map((f) => `:(top,exclude,literal)${f}`)];
  const rewritten = insertWords(command, first.ends.at(-1) as number, added.map(quoted), [...first.words.map((w) => w.text), ...added]);
  if (rewritten === undefined) return undefined;
  const note = `NOTE: agentihooks changed this git ${args[0]} command before it ran: git tracks credential file(s) here (${files.join(", ")}), and a history view prints what any commit held, so the view now leaves them out with pathspecs. The command that ran: ${rewritten}`;
  return { command: rewritten, note };
}

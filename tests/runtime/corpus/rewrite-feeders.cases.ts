/**
 * Searches the rewrite does not reach: a lister that feeds every file of a tree to a reader
 * (`find … -exec grep`, `find … | xargs grep`, `ls -a | xargs cat`, `fd -H | xargs cat`) reads the
 * credential files in it, named or not, so it is denied; a find whose `-name` selects no credential
 * file, a lister that cannot see them (no `-a`, no `-H`), and a tree without them pass.
 */
import type { CaseFile, CorpusCase } from "./case";

const slug = (text: string): string =>
  text
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 50)
    .toLowerCase();

const TREE: Record<string, CaseFile> = {
  ".env": "API_KEY=Qx7mP2vLr9TzW4nB\n",
  "config/prod.env": "API_KEY=Jd6fR2wXp9LsE4gA\n",
  "deploy/.ssh/id_ed25519": "-----BEGIN OPENSSH PRIVATE KEY-----\n",
  "src/app.py": "key = os.environ['API_KEY']\n",
};

const DENIED = [
  "find . -type f -exec grep API_KEY {} +",
  "find . -type f -exec grep -l API_KEY {} \\;",
  "find . -exec cat {} +",
  "find . -type f | xargs grep API_KEY",
  "find . -print0 | xargs -0 grep -H API_KEY",
  "find config -type f -exec cat {} +",
  "find deploy -type f | xargs cat",
  "find . -name '*' -exec cat {} +",
  "find . -name '*.py' -o -name '*.txt' -exec grep API_KEY {} +",
  "find . ! -name '*.py' -exec cat {} +",
  "find . -iname '*.ENV' | xargs cat",
  "find -L . -type f -exec grep API_KEY {} +",
  "ls -a | xargs cat",
  "ls -A config | xargs -I{} cat config/{}",
  "find ~ -type f -exec grep API_KEY {} +",
];

const ALLOWED = [
  "find . -name '*.py' -exec grep API_KEY {} +",
  "find . -type f -name '*.py' | xargs grep -l API_KEY",
  "find src -type f -exec grep API_KEY {} +",
  "find . -type f",
  "find . -name '*.py' | xargs wc -l",
  "ls | xargs cat",
];

const cases: CorpusCase[] = [];
DENIED.forEach((command, i) =>
  cases.push({
    id: `rewrite/feeder-${i}-${slug(command)}`,
    class: "rewrite/tree-feeders",
    kind: "shell",
    command,
    files: TREE,
    expect: "deny",
    reason: /credential/,
  }),
);
ALLOWED.forEach((command, i) =>
  cases.push({ id: `rewrite/feeder-ok-${i}-${slug(command)}`, class: "rewrite/tree-feeders", kind: "shell", command, files: TREE, expect: "allow" }),
);

export default cases;

/**
 * Rewrites: a recursive search (grep -r, rg) over a tree that holds credential files runs with them
 * excluded instead of being denied, in every client; a search that cannot be rewritten with
 * certainty (not the line's first command, a prefix, an expansion, an option after an operand, a
 * home or root search, a link the search follows to a credential file, a second command that reads
 * one) is still denied; a search over a clean tree passes untouched.
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
  ".env.local": "API_KEY=Hk3sN8qZt5VbY1cM\n",
  "config/prod.env": "API_KEY=Jd6fR2wXp9LsE4gA\n",
  "src/app.py": "key = os.environ['API_KEY']\n",
  "README.md": "Set API_KEY in .env\n",
};

// grep's exclusions and rg's, as the rewrite spells them.
const GREP_EXCLUDED = /'--exclude=\.\[eE\]\[nN\]\[vV\]'.*'--exclude-dir=\.ssh'/;
const RG_EXCLUDED = /'--glob=!\.\[eE\]\[nN\]\[vV\]'.*'--glob=!\.ssh'/;

const REWRITTEN: Array<[string, RegExp, Record<string, CaseFile>?]> = [
  ["grep -r API_KEY .", GREP_EXCLUDED],
  ["grep -rn API_KEY", GREP_EXCLUDED],
  ["grep -R -i api_key .", GREP_EXCLUDED],
  ["grep -rl --include='*.py' --include='*.env' API_KEY .", /--include='\*\.env' '--exclude=/],
  ["grep -r --exclude=.env --include=.env API_KEY .", /--include=\.env '--exclude=/],
  ["egrep -r 'API_KEY|TOKEN' .", GREP_EXCLUDED],
  ["fgrep -rn API_KEY .", GREP_EXCLUDED],
  ["grep -r -e API_KEY -- .", /'--exclude-dir=\.vault' -- \.$/],
  ["grep -rn API_KEY . | head -20", /' API_KEY \. \| head -20$/],
  ["grep -rc API_KEY . | sort -t: -k2", GREP_EXCLUDED],
  ["grep -rn API_KEY . 2>/dev/null | cut -d: -f1 | sort | uniq -c", GREP_EXCLUDED],
  ["grep --recursive --line-number API_KEY .", GREP_EXCLUDED],
  ["grep -d recurse API_KEY .", GREP_EXCLUDED],
  ["grep --directories recurse API_KEY .", GREP_EXCLUDED],
  ["grep -nd recurse API_KEY .", GREP_EXCLUDED],
  ["grep -rnA2 API_KEY config", GREP_EXCLUDED],
  ["grep -r -m 5 API_KEY .", GREP_EXCLUDED],
  ["rg --hidden API_KEY", RG_EXCLUDED],
  ["rg -uu API_KEY .", RG_EXCLUDED],
  ["rg --hidden -n API_KEY src .", RG_EXCLUDED],
  ["rg --hidden --no-ignore -g '*.env' API_KEY", /-g '\*\.env' '--glob=!/],
  ["rg --hidden -i api_key config", RG_EXCLUDED],
  ["grep -r BEGIN .", GREP_EXCLUDED, { "deploy/.ssh/id_ed25519": "-----BEGIN OPENSSH PRIVATE KEY-----\n", "src/x.txt": "BEGIN\n" }],
  ["grep -r aws_secret .", GREP_EXCLUDED, { "ops/.aws/credentials": "[default]\naws_secret_access_key=Wm4Zr8Kp2Lq6Vt1X\n", "src/x.txt": "aws_secret\n" }],
  ["grep -rn KEY .", GREP_EXCLUDED, { "sub/deeper/.ENV": "KEY=Bn5Yc2Xq8Rv4Tm7P\n", "src/x.txt": "KEY\n" }],
  ["grep -r KEY .", GREP_EXCLUDED, { ".netrc": "machine x login u password Pz3Kq7Wn2Lr9\n", ".npmrc": "//r/:_authToken=Ab3Cd5Ef7Gh9\n", "src/x.txt": "KEY\n" }],
  // grep -r follows no link it meets while recursing: a link to .env is not read.
  ["grep -r API_KEY .", GREP_EXCLUDED, { ...TREE, "notes.txt": { symlink: ".env" } }],
];

const DENIED: Array<[string, Record<string, CaseFile>?]> = [
  ["cd src && grep -r API_KEY .."],
  ["sudo grep -r API_KEY ."],
  ["FOO=1 grep -r API_KEY ."],
  ["grep -r API_KEY . --include=.env"],
  ["grep -r $PATTERN ."],
  ['grep -r "$(echo API_KEY)" .'],
  ["grep --exc=x -r API_KEY ."],
  // Abbreviated long options recurse as getopt reads them; the rewrite does not guess.
  ["grep --rec API_KEY ."],
  ["grep --derefer API_KEY ."],
  ["grep --dir=recurse API_KEY ."],
  ["grep -r API_KEY . ; cat .env"],
  ["grep -r API_KEY . .env"],
  ["grep -r API_KEY ~"],
  ["grep -rn API_KEY /"],
  ["rg --hidden --frobnicate API_KEY"],
  ["ag --hidden API_KEY"],
  ["bash -c 'grep -r API_KEY .'"],
  // A rewrite that needs the client's "allow" must not carry anything that acts: only text filters.
  ["grep -rl API_KEY . | xargs rm -f"],
  ["grep -r API_KEY . | tee found.txt"],
  ["grep -r API_KEY . > found.txt"],
  ["grep -r API_KEY . && git add -A"],
  ["grep -r API_KEY . | sh"],
  ["grep -r API_KEY $(pwd)"],
  ["/bin/grep -r API_KEY ."],
  // grep -R follows every link: the link's name is no credential file, its target is.
  ["grep -R API_KEY .", { "src/app.py": "x\n", "notes.txt": { symlink: "secrets/.env" }, "secrets/.env": "API_KEY=Vr6Np3Qs9Kt2Wm8X\n" }],
  ["rg --hidden -L API_KEY", { "src/app.py": "x\n", "notes.txt": { symlink: "secrets/.env" }, "secrets/.env": "API_KEY=Vr6Np3Qs9Kt2Wm8X\n" }],
];

// Nothing to fix: the search reads no credential file (its own --include, or a clean directory).
const CLEAN: string[] = [
  "grep -r API_KEY src",
  "grep -rn TODO src",
  "rg API_KEY src",
  "rg API_KEY",
  "grep -rl --include='*.py' API_KEY .",
  "grep -r --exclude=.env --exclude='.env.*' --exclude='*.env' API_KEY .",
];

const cases: CorpusCase[] = [];
REWRITTEN.forEach(([command, rewritten, files], i) => {
  cases.push({
    id: `rewrite/search-${i}-${slug(command)}`,
    class: "rewrite/recursive-search",
    kind: "shell",
    command,
    files: files ?? TREE,
    expect: "rewrite",
    rewritten,
  });
});
DENIED.forEach(([command, files], i) => {
  cases.push({
    id: `rewrite/denied-${i}-${slug(command)}`,
    class: "rewrite/not-rewritable",
    kind: "shell",
    command,
    files: files ?? TREE,
    expect: "deny",
    reason: /credential|cannot be checked/,
  });
});
CLEAN.forEach((command, i) => {
  cases.push({
    id: `rewrite/clean-${i}-${slug(command)}`,
    class: "rewrite/clean-tree",
    kind: "shell",
    command,
    files: { "src/app.py": "key = os.environ['API_KEY']\n", ".env": "API_KEY=Qx7mP2vLr9TzW4nB\n" },
    expect: "allow",
  });
});

export default cases;

/**
 * Branch protection: every spelling of the git command name × every way to name a protected
 * destination (refspecs, force, mirror, delete, option prefixes), the branch followed through the
 * line (checkout/switch, cd, -C), global options and aliases, implicit pushes through the repo's
 * config; and the git work that moves no protected branch, which must pass.
 */
import type { CorpusCase } from "./case";

const slug = (text: string): string =>
  text
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60)
    .toLowerCase();

// Every way to write the program's name.
const GIT_NAMES = [
  "git",
  '"g"it',
  "g\\it",
  "/usr/bin/git",
  "command git",
  "\\git",
  "'git'",
  "$'\\x67it'",
  "sudo git",
  "env git",
  "nice -n 5 git",
  "GIT_TRACE=0 git",
  "git -c color.ui=never",
  "git -C .",
  "git --no-pager",
  "timeout 60 git",
];

// `git push …` arguments that move, force, mirror or delete a protected branch (from feature/x).
const DANGEROUS_PUSHES = [
  "origin main",
  "origin HEAD:main",
  "origin HEAD:heads/main",
  "origin HEAD:refs/heads/main",
  "origin feature/x:main",
  "origin 'refs/heads/*:refs/heads/*'",
  "origin 'HEAD:refs/heads/ma*'",
  "origin +feature/x",
  "origin +HEAD:main",
  "origin :main",
  "origin --delete main",
  "origin -d master",
  "origin HEAD:master",
  "origin @:main",
  "--force",
  "-f origin feature/x",
  "--force-with-lease",
  "--force-w origin feature/x",
  "--forc",
  "--force-if-includes origin feature/x",
  "--mirror",
  "--mirr origin",
  "--all",
  "--branches origin",
  "-fu origin HEAD",
  "origin refs/heads/feature/x:refs/heads/main",
  "--repo=origin origin main",
  "-u origin HEAD:main",
];

// `git …` that moves no protected branch (from feature/x).
const HARMLESS_GIT = [
  "push origin feature/x",
  "push origin HEAD:feature/x",
  "push -u origin HEAD",
  "push",
  "push origin HEAD:refs/heads/feature/y",
  "push origin tag v1.0",
  "status",
  "log --oneline main",
  "fetch origin main",
  "diff main...HEAD",
  "merge main",
  "branch -a",
  "commit -m 'push to main'",
  "reset --hard HEAD~1",
];

const cases: CorpusCase[] = [];

// Each form with four spellings of the name, rotating, so every spelling meets every kind of form.
const SPELLINGS_PER_FORM = 4;
DANGEROUS_PUSHES.forEach((args, a) => {
  for (let k = 0; k < SPELLINGS_PER_FORM; k += 1) {
    const n = (a * SPELLINGS_PER_FORM + k) % GIT_NAMES.length;
    cases.push({
      id: `branch-protection/push-${n}-${a}-${slug(args)}`,
      class: "branch-protection/refspec",
      kind: "shell",
      command: `${GIT_NAMES[n] as string} push ${args}`,
      expect: "deny",
      reason: /protected|Force push|mirror|every local branch|ambiguous/,
    });
  }
});
HARMLESS_GIT.forEach((args, a) => {
  for (let k = 0; k < SPELLINGS_PER_FORM; k += 1) {
    const n = (a * SPELLINGS_PER_FORM + k) % GIT_NAMES.length;
    cases.push({
      id: `branch-protection/harmless-${n}-${a}-${slug(args)}`,
      class: "branch-protection/harmless",
      kind: "shell",
      command: `${GIT_NAMES[n] as string} ${args}`,
      expect: "allow",
    });
  }
});

// On main: what moves it and what does not.
const ON_MAIN: Array<[string, "deny" | "allow"]> = [
  ["git push", "deny"],
  ["git push origin", "deny"],
  ["git push origin HEAD", "deny"],
  ["git push -u origin HEAD", "deny"],
  ["git push --follow-tags", "deny"],
  ["git reset --hard HEAD~1", "deny"],
  ["git reset --soft HEAD~2", "deny"],
  ["git reset --ha origin/main", "deny"],
  ["git reset HEAD~1", "deny"],
  ["git reset abc1234", "deny"],
  ["git branch -m main-old", "deny"],
  ["git push --tags", "allow"],
  ["git push origin --tags", "allow"],
  ["git push --dry-run", "allow"],
  ["git push --dry-run origin main", "allow"],
  ["git push -n origin HEAD", "allow"],
  ["git push --dry origin main", "allow"],
  ["git push origin tag v2", "allow"],
  ["git reset HEAD file.txt", "allow"],
  ["git reset -- file.txt", "allow"],
  ["git pull --ff-only", "allow"],
  ["git status && git log -3", "allow"],
  ["git switch -c fix && git push -u origin HEAD", "allow"],
  ["git checkout -b fix && git reset --hard HEAD~1", "allow"],
  ["git stash && git switch -c wip && git stash pop", "allow"],
];
ON_MAIN.forEach(([command, expect], i) => {
  cases.push(
    expect === "deny"
      ? {
          id: `branch-protection/on-main-${i}-${slug(command)}`,
          class: "branch-protection/on-main",
          kind: "shell",
          command,
          branch: "main",
          expect,
          reason: /protected|main/,
        }
      : { id: `branch-protection/on-main-${i}-${slug(command)}`, class: "branch-protection/on-main", kind: "shell", command, branch: "main", expect },
  );
});

// The branch followed through the line.
const FLOW: Array<[string, "deny" | "allow"]> = [
  ["git checkout main && git merge x && git push", "deny"],
  ["git switch main; git reset --hard HEAD~1", "deny"],
  ["git checkout main; git push", "deny"],
  ["git checkout main || true; git push origin HEAD", "deny"],
  ["git switch master && git pull && git push", "deny"],
  ["git checkout -q main && git push -q", "deny"],
  ["(git checkout main) && git push", "deny"],
  ["echo ok $(git checkout main) && git push", "deny"],
  ["git checkout feature/y; git push", "allow"],
  ["git checkout main && git checkout -b fix && git push -u origin HEAD", "allow"],
  ["git switch main && git switch -c fix && git reset --hard HEAD~1", "allow"],
  ["git checkout main -- README.md && git push", "allow"],
  ["git checkout main README.md && git push origin feature/x", "allow"],
  ["git checkout - && git push", "deny"],
  ['git checkout "$B" && git push', "deny"],
  // `$B` can be `-Bmain` (checkout resets main): an unread word where an option may be is denied.
  ['git checkout "$B" && git push origin HEAD:feature/y', "deny"],
  ['git checkout "feature/$B" && git push origin HEAD:feature/y', "allow"],
  ["git rebase main feature/x && git push", "allow"],
  ["git rebase origin/dev main && git push", "deny"],
];
FLOW.forEach(([command, expect], i) => {
  cases.push(
    expect === "deny"
      ? {
          id: `branch-protection/flow-${i}-${slug(command)}`,
          class: "branch-protection/flow",
          kind: "shell",
          command,
          expect,
          reason: /protected|main|master|cannot follow/,
        }
      : { id: `branch-protection/flow-${i}-${slug(command)}`, class: "branch-protection/flow", kind: "shell", command, expect },
  );
});

// Other repositories: `cd`, `git -C`, `--git-dir`, `env -C`, a worktree.
const mainRepo = { "other/.git/HEAD": "ref: refs/heads/main\n", "other/README.md": "x\n" };
const ELSEWHERE: Array<[string, "deny" | "allow"]> = [
  ["git -C other push", "deny"],
  ["cd other && git push", "deny"],
  ["cd other; git reset --hard HEAD~1", "deny"],
  ["git --git-dir=other/.git push", "deny"],
  ["git --git-dir other/.git --work-tree other push origin HEAD", "deny"],
  ["env -C other git push", "deny"],
  ["pushd other && git push", "deny"],
  ["cd other/ && cd .. && git push", "allow"],
  ["(cd other && git status) && git push", "allow"],
  ["git -C other status && git push", "allow"],
  ["git -C other push origin HEAD:feature/z", "allow"],
  ["cd other && git switch -c fix && git push -u origin HEAD", "allow"],
  // The previous directory and the directory stack: `cd -`, `~-`, `$OLDPWD`, `popd`, `pushd +N`.
  ["cd other && cd /tmp && cd - && git push", "deny"],
  ["cd other; cd /tmp; cd ~-; git push", "deny"],
  ['cd other && cd /tmp && cd "$OLDPWD" && git push', "deny"],
  ["pushd other && pushd /tmp && popd && git push", "deny"],
  ["pushd other; pushd /tmp; pushd +1; git push", "deny"],
  ["cd other && cd - && git push", "allow"],
  ["pushd other && popd && git push", "allow"],
];
ELSEWHERE.forEach(([command, expect], i) => {
  cases.push(
    expect === "deny"
      ? {
          id: `branch-protection/elsewhere-${i}-${slug(command)}`,
          class: "branch-protection/elsewhere",
          kind: "shell",
          command,
          files: mainRepo,
          expect,
          reason: /protected|main/,
        }
      : { id: `branch-protection/elsewhere-${i}-${slug(command)}`, class: "branch-protection/elsewhere", kind: "shell", command, files: mainRepo, expect },
  );
});
cases.push({
  id: "branch-protection/elsewhere-worktree-file",
  class: "branch-protection/elsewhere",
  kind: "shell",
  command: "cd wt && git push",
  files: { "wt/.git": "gitdir: ../.git/worktrees/wt\n", ".git/worktrees/wt/HEAD": "ref: refs/heads/main\n" },
  expect: "deny",
  reason: /main/,
});

// Aliases and config: from -c, from the repository's config, from ~/.gitconfig; implicit pushes.
const CONFIG: Array<[string, Record<string, string>, "deny" | "allow"]> = [
  ["git -c alias.x=push x origin main", {}, "deny"],
  ["git -c alias.p='push --force' p", {}, "deny"],
  ["git -c alias.p='!git push origin main' p", {}, "deny"],
  ["git -c alias.up='!f() { git push origin HEAD:main; }; f' up", {}, "deny"],
  ["git -c alias.a=b -c alias.b=push a origin main", {}, "deny"],
  ["git up", { ".git/config": "[alias]\n\tup = push origin main\n" }, "deny"],
  ["git sync", { ".git/config": "[alias]\n  sync = push --force-with-lease\n" }, "deny"],
  ["git zap", { "~/.gitconfig": "[alias]\n\tzap = reset --hard origin/main\n" }, "allow"],
  ["git publish", { "~/.gitconfig": "[alias]\n\tpublish = push origin HEAD:refs/heads/master\n" }, "deny"],
  ["git push", { ".git/config": '[push]\n\tdefault = upstream\n[branch "feature/x"]\n\tmerge = refs/heads/main\n' }, "deny"],
  ["git -c push.default=upstream -c branch.feature/x.merge=refs/heads/main push", {}, "deny"],
  ["git push", { ".git/config": '[remote "origin"]\n\turl = x\n\tpush = HEAD:refs/heads/main\n' }, "deny"],
  ["git push", { ".git/config": '[remote "origin"]\n\tmirror = true\n' }, "deny"],
  ["git push", { ".git/config": "[push]\n\tdefault = matching\n" }, "deny"],
  ["git -c alias.st=status st", {}, "allow"],
  // Git ignores an alias named like one of its commands: these run push and status as written.
  ["git -c alias.push=status push --force origin main", {}, "deny"],
  ["git push origin main", { ".git/config": "[alias]\n\tpush = status\n" }, "deny"],
  ["git -c alias.status='push --force origin main' status", {}, "allow"],
  ["git lg", { ".git/config": "[alias]\n\tlg = log --oneline --graph\n" }, "allow"],
  ["git push", { ".git/config": '[push]\n\tdefault = upstream\n[branch "feature/x"]\n\tmerge = refs/heads/feature/x\n' }, "allow"],
  ["git -c user.name=x commit -m wip", {}, "allow"],
];
CONFIG.forEach(([command, files, expect], i) => {
  cases.push(
    expect === "deny"
      ? {
          id: `branch-protection/config-${i}-${slug(command)}`,
          class: "branch-protection/config",
          kind: "shell",
          command,
          files,
          expect,
          reason: /protected|Force|mirror|main|master|every branch/,
        }
      : { id: `branch-protection/config-${i}-${slug(command)}`, class: "branch-protection/config", kind: "shell", command, files, expect },
  );
});
// `zap` resets to origin/main on feature/x: feature/x moves, not main. On main it is a reset of main.
cases.push({
  id: "branch-protection/config-zap-on-main",
  class: "branch-protection/config",
  kind: "shell",
  command: "git zap",
  branch: "main",
  files: { "~/.gitconfig": "[alias]\n\tzap = reset --hard origin/main\n" },
  expect: "deny",
  reason: /reset/,
});

// Moving or deleting a protected branch locally.
const LOCAL: Array<[string, "deny" | "allow"]> = [
  ["git branch -D main", "deny"],
  ["git branch -d master", "deny"],
  ["git branch --delete main", "deny"],
  ["git branch -f main HEAD~1", "deny"],
  ["git branch --force main origin/dev", "deny"],
  ["git branch -M main old", "deny"],
  ["git checkout -B main", "deny"],
  ["git switch -C main origin/dev", "deny"],
  ["git update-ref refs/heads/main abc123", "deny"],
  ["git update-ref -d refs/heads/master", "deny"],
  ["git update-ref --stdin < refs.txt", "deny"],
  ["git branch -D feature/old", "allow"],
  ["git branch -f feature/y HEAD~1", "allow"],
  ["git checkout -B feature/y", "allow"],
  ["git update-ref refs/heads/feature/y abc123", "allow"],
  ["git branch main-copy main", "allow"],
];
LOCAL.forEach(([command, expect], i) => {
  cases.push(
    expect === "deny"
      ? {
          id: `branch-protection/local-${i}-${slug(command)}`,
          class: "branch-protection/local",
          kind: "shell",
          command,
          expect,
          reason: /protected|update-ref/,
        }
      : { id: `branch-protection/local-${i}-${slug(command)}`, class: "branch-protection/local", kind: "shell", command, expect },
  );
});

// Red-team round (issue 13, outside review): spellings that passed before the analyser modelled
// them, grouped by what it failed to model. Each group is closed by one rule in command-effects.ts
// or the guard, so the spellings here are samples of the class, not the fix.
const REDTEAM: Record<string, string[]> = {
  "branch-protection/gh": [
    "gh api --method DELETE repos/o/r/git/refs/heads/main",
    "gh api --method=PATCH /repos/o/r/git/refs/heads/master -f sha=x",
    "gh api -X DELETE repos/o/r/branches/main/protection",
    "gh api -X PATCH repos/o/r/branches/main/protection -F enforce_admins=false",
    "gh api -X PATCH repos/o/r/git/refs/heads/main -f sha=abc",
    "gh api -X POST repos/o/r/merges -f base=main -f head=feature/x",
    "gh api -X PUT repos/o/r/git/refs/heads/main",
    "gh api -XPATCH repos/o/r/git/refs/heads/main",
    "gh api repos/o/r/git/refs/heads/main -X PATCH -F force=true",
    "gh api repos/o/r/git/refs/heads/main -f sha=abc -F force=true",
    "gh api repos/{owner}/{repo}/git/refs/heads/main -X DELETE",
    "gh pr merge --admin --squash 12",
    "gh pr merge 1 --admin",
    "gh repo sync o/r -b master",
    "gh repo sync owner/repo --branch main --force",
  ],
  // The same API through a plain HTTP client: judged as the request `gh api` would send.
  "branch-protection/http-api": [
    `curl -X PATCH -H "Authorization: token $GH" https://api.github.com/repos/o/r/git/refs/heads/main -d '{"sha":"x","force":true}'`,
    "curl -XPATCH https://api.github.com/repos/o/r/git/refs/heads%2Fmain -d sha=x",
    "curl --request DELETE https://api.github.com/repos/o/r/git/refs/heads/master",
    `curl -s --proxy http://p:3128 -X PATCH https://api.github.com/repos/o/r/git/refs/heads/main --data '{"sha":"x"}'`,
    `curl https://api.github.com/repos/o/r/merges -d '{"base":"main","head":"feature/x"}'`,
    `curl -X PUT https://api.github.com/repos/o/r/contents/README.md -d '{"message":"m","content":"eA=="}'`,
    `curl https://api.github.com/graphql -d '{"query":"mutation { updateRef(input:{refId:\\"x\\",oid:\\"y\\",force:true}) { clientMutationId } }"}'`,
    `curl -X PATCH https://ghe.example.com/api/v3/repos/o/r/git/refs/heads/main -d '{"sha":"x"}'`,
    `curl -X PATCH "$API/repos/o/r/git/refs/heads/main" -d '{}'`,
    "curl -X DELETE api.github.com/repos/o/r/git/refs/heads/main",
    "http PATCH https://api.github.com/repos/o/r/git/refs/heads/main sha=x force:=true",
    "xh DELETE api.github.com/repos/o/r/git/refs/heads/main",
    `wget --method=PATCH --body-data='{"sha":"x"}' https://api.github.com/repos/o/r/git/refs/heads/main`,
  ],
  "branch-protection/line-state": [
    "alias gp='git push origin HEAD:main'; gp",
    "alias p='git push'; p origin HEAD:main",
    "echo HEAD:main | xargs git push origin",
    "git config --local remote.origin.push refs/heads/*:refs/heads/main",
    "git config remote.origin.push +HEAD:refs/heads/main",
    "git config remote.origin.push HEAD:main && git push",
    'git push origin "HEAD:${BRANCH:=main}"',
    "git push origin HEAD:${B:-main}",
    "git push origin HEAD:${BR:-master}",
    "git send-pack --force origin main",
    "git send-pack origin HEAD:refs/heads/main",
    "git subtree push --prefix=d origin main",
    "git subtree push -P lib origin master",
    "printf 'HEAD:main' | xargs git push origin",
    'pushit() { git push origin "HEAD:$1"; }; pushit main',
    "xargs -I R git push origin HEAD:R <<< main",
    "xargs git push origin <<< HEAD:main",
  ],
};
for (const [klass, commands] of Object.entries(REDTEAM)) {
  commands.forEach((command, i) => {
    cases.push({
      id: `${klass}-${i}-${slug(command)}`,
      class: klass,
      kind: "shell",
      command,
      files: { ".env": "API_KEY=x\n", "config/prod.env": "X=1\n", "README.md": "# x\n" },
      expect: "deny",
      reason: /protected|force|cannot be checked|admin/,
    });
  });
}

// Hardening round: each group is one class closed by one rule of the guard (normalise, then
// decide); the spellings are samples of the class. [command, expect, branch (default feature/x), files].
type Row = [string, "deny" | "allow", string?, Record<string, string>?];
const srcFile = { "src/a.ts": "x\n" };
const HARDENING: Record<string, Row[]> = {
  // Words the analyser cannot resolve: any text (`*`); at a word's start, also an option or `+`.
  "branch-protection/unread-words": [
    ['git push origin "$(git branch --show-current)"', "deny", "main"],
    ["git push origin `git rev-parse --abbrev-ref HEAD`", "deny", "main"],
    ['git push origin "HEAD:$(cat target)"', "deny"],
    ['git push origin "HEAD:$X"', "deny"],
    // A default the line does not set: the variable may come from the client's long-lived shell.
    ["git push origin HEAD:${BRANCH:-feature/x}", "deny"],
    ['git push origin "${TARGET-feature/x}"', "deny"],
    ["BRANCH=feature/x; git push origin HEAD:${BRANCH:-main}", "allow"],
    ['git push origin "$X"', "deny"],
    ['git push origin "HEAD:ma$(printf i)n"', "deny"],
    ['git push origin "HEAD:refs/heads/$X"', "deny"],
    ['git push "$REMOTE" HEAD:feature/y', "deny"],
    ["git push origin HEAD:feature/$X", "deny"],
    ["set -- main; git push origin HEAD:$1", "deny"],
    ["bash -c 'git push origin HEAD:$1' _ main", "deny"],
    ['up() { git push origin "HEAD:$1"; }; up "$X"', "deny"],
    // A variable holding one command's output is read as that command's substitution.
    ['B=$(git branch --show-current); git push origin "$B"', "deny", "main"],
    ['B=$(git rev-parse --abbrev-ref HEAD) && git push -u origin "$B"', "deny", "main"],
    ['B=$(cat target); git push origin "HEAD:$B"', "deny"],
    ['git push origin "$(git branch --show-current)"', "allow"],
    ['git push -u origin "$(git symbolic-ref --short HEAD)"', "allow"],
    ['B=$(git branch --show-current); git push origin "$B"', "allow"],
    ['BRANCH=`git symbolic-ref --short HEAD`; git push -u origin "$BRANCH"', "allow"],
    ['git push origin "HEAD:feature/$X"', "allow"],
    ['git push origin "HEAD:$(whoami)-wip"', "allow"],
    ["git push origin 'HEAD:$X'", "allow"],
  ],
  // `git reset` moves the branch unless paths are given (an existing file is a path).
  "branch-protection/reset": [
    ["git reset main~1", "deny", "main"],
    ["git reset dev", "deny", "main"],
    ["git reset --quiet v1.0", "deny", "main"],
    ["git reset HEAD@{1}", "deny", "main"],
    ["git reset abc123", "deny", "main"],
    ["git reset HEAD~1 --", "deny", "main"],
    ["git reset no-such-thing", "deny", "main"],
    ['git reset "$REV"', "deny", "main"],
    ["git checkout main && git reset origin/dev", "deny"],
    ["git reset HEAD~1 -- src/a.ts", "allow", "main", srcFile],
    ["git reset HEAD~1 src/a.ts", "allow", "main", srcFile],
    ["git reset src/a.ts", "allow", "main", srcFile],
    ["git reset -p", "allow", "main"],
    ["git reset", "allow", "main"],
    ["git reset -q HEAD", "allow", "main"],
    ["git reset HEAD~1", "allow"],
  ],
  // Rewriting a protected branch's history locally.
  "branch-protection/rewrite": [
    ["git commit --amend --no-edit", "deny", "main"],
    ["git commit --amen -m x", "deny", "main"],
    ["git rebase -i HEAD~3", "deny", "main"],
    ["git rebase origin/dev", "deny", "main"],
    ["git rebase", "deny", "main"],
    ["git rebase --onto origin/dev origin/main", "deny", "main"],
    ["git rebase --ont=origin/dev origin/main", "deny", "main"],
    ["git rebase --root", "deny", "main"],
    ["git rebase origin/dev main", "deny"],
    ["git rebase --update-refs origin/main", "deny"],
    ["git -c rebase.updateRefs=true rebase origin/main", "deny"],
    ["git rebase -x 'git push --force' origin/main", "deny"],
    ["git filter-branch --tree-filter 'rm -f x' HEAD", "deny", "main"],
    ["git filter-branch --msg-filter cat -- --all", "deny"],
    ["git filter-repo --path src", "deny"],
    ["git pull --rebase", "deny", "main"],
    ["git pull -r origin main", "deny", "main"],
    ["git -c pull.rebase=true pull", "deny", "main"],
    ["git config pull.rebase true && git pull", "deny", "main"],
    ["git checkout main && git commit --amend --no-edit", "deny"],
    ["git switch main; git rebase -i HEAD~2", "deny"],
    ["git rebase origin/main", "allow", "main"],
    ["git rebase @{u}", "allow", "main"],
    ["git rebase --continue", "allow", "main"],
    ["git pull --ff-only", "allow", "main"],
    ["git pull", "allow", "main"],
    ["git commit -m wip", "allow", "main"],
    ["git commit --amend --no-edit", "allow"],
    ["git rebase origin/main", "allow"],
    ["git rebase -i HEAD~3", "allow"],
    ["git pull --rebase", "allow"],
    ["git rebase -x 'npm test' origin/main", "allow"],
    ["git filter-branch --tree-filter true feature/x", "allow"],
    ["git filter-repo --analyze", "allow"],
  ],
  // Refs moved by name or through HEAD.
  "branch-protection/refs": [
    ["git update-ref HEAD abc123", "deny", "main"],
    ["git update-ref -d HEAD", "deny", "main"],
    ['git update-ref "refs/heads/$B" abc123', "deny"],
    ["git symbolic-ref refs/heads/alias refs/heads/main", "deny"],
    ["git symbolic-ref HEAD refs/heads/main && git push", "deny"],
    ["git branch -f main", "deny", "main"],
    ["git branch -M x main", "deny"],
    ['git branch "$FLAGS" main', "deny"],
    ["git update-ref HEAD abc123", "allow"],
    ["git update-ref --no-deref HEAD abc123", "allow", "main"],
    ["git symbolic-ref HEAD", "allow", "main"],
    ["git symbolic-ref HEAD refs/heads/feature/y && git push", "allow"],
    // HEAD's file written by any program checks out a branch the guard does not read.
    ['echo "ref: refs/heads/main" > .git/HEAD && git push', "deny"],
    ["printf 'ref: refs/heads/main\\n' | tee .git/HEAD; git push", "deny"],
    ["cp /tmp/head .git/HEAD && git push", "deny"],
    [`python3 -c "open('.git/HEAD', 'w').write('ref: refs/heads/main')" && git push`, "deny"],
    ['echo "ref: refs/heads/feature/y" > .git/HEAD && git push origin feature/y', "allow"],
  ],
  // checkout/switch/worktree options as git reads them.
  "branch-protection/checkout": [
    ["git checkout -Bmain", "deny"],
    ["git checkout -fBmain origin/dev", "deny"],
    ["git switch -Cmain", "deny"],
    ["git switch --force-create=main", "deny"],
    ["git switch --force-c main", "deny"],
    ["git checkout --track origin/main && git push", "deny"],
    ["git switch -t origin/main && git push", "deny"],
    ["git checkout @{-1} && git push", "deny"],
    ["git worktree add -B main ../wt", "deny"],
    ["git worktree add -Bmain ../wt origin/dev", "deny"],
    ["git worktree add ../wt main && cd ../wt && git push", "deny"],
    ["git worktree add ../main && cd ../main && git push", "deny"],
    ["git checkout -b feat", "allow", "main"],
    ["git switch -c feat && git push -u origin HEAD", "allow", "main"],
    ["git checkout -Bfeature/y", "allow"],
    ["git checkout --track origin/feature/y && git push", "allow"],
    ["git worktree add ../hotfix -b hotfix && cd ../hotfix && git push -u origin HEAD", "allow"],
    ["git worktree add ../wt feature/y && cd ../wt && git push", "allow"],
    ["git checkout main && git pull --ff-only && git checkout -b feat", "allow"],
  ],
  // Fetch into a local protected branch: forced, or pruned.
  "branch-protection/fetch": [
    ["git fetch origin +main:main", "deny"],
    ["git fetch --force origin dev:main", "deny"],
    ["git fetch -fq origin dev:refs/heads/main", "deny"],
    ["git fetch --prune origin 'refs/heads/*:refs/heads/*'", "deny"],
    ["git fetch --refmap='+refs/heads/*:refs/heads/*' origin main", "deny"],
    ["git config remote.origin.fetch '+refs/heads/*:refs/heads/*' && git fetch", "deny"],
    ["git pull origin +main:main", "deny"],
    ["git fetch", "allow", "main"],
    ["git fetch --prune", "allow"],
    ["git fetch origin main", "allow"],
    ["git fetch origin dev:main", "allow"],
    ["git fetch origin '+refs/heads/*:refs/remotes/origin/*'", "allow"],
    ["git fetch --all --prune", "allow"],
  ],
  // Config written earlier in the line is read by the commands after it; unread config is any value.
  "branch-protection/line-config": [
    ["git config push.default matching && git push", "deny"],
    ["git config remote.origin.mirror true && git push", "deny"],
    ["git remote add --mirror=push backup /tmp/b.git && git push backup", "deny"],
    ["git config alias.p push && git p --force", "deny"],
    ["git config --global alias.p 'push origin HEAD:main'; git p", "deny"],
    ["git config set alias.p 'push --force' && git p", "deny"],
    ['git config alias.p "$CMD" && git p', "deny"],
    ['git config "$KEY" x', "deny"],
    ['git -c alias.x="$A" x', "deny"],
    ["git --config-env=alias.x=VAR x", "deny"],
    ["git --config-env alias.x=VAR x origin HEAD", "deny"],
    ["git --config-env=push.default=VAR push", "deny"],
    ["git config push.default current && git push", "allow"],
    ["git config alias.st status && git st", "allow"],
    ["git config user.email a@b.c && git commit -m x", "allow", "main"],
    ["git --config-env=core.editor=EDITOR commit", "allow"],
  ],
  // gh: endpoints as the server reads them, the contents API, rulesets, GraphQL ref mutations.
  "branch-protection/gh-api": [
    ["gh api -X PATCH repos/o/r/git/refs%2Fheads%2Fmain -f sha=x", "deny"],
    ["gh api -X PATCH repos/o/r/git/refs/heads%2Fmain -f sha=x", "deny"],
    ["gh api -X PATCH 'repos/o/r/git/refs/heads/main?x=1' -f sha=x", "deny"],
    ["gh api -X DELETE https://api.github.com/repos/o/r//git/refs/heads/master", "deny"],
    ["gh api -X PUT repos/o/r/contents/README.md -f message=m -f content=eA==", "deny"],
    ["gh api -X PUT repos/o/r/contents/x -f message=m -f content=eA== -f branch=main", "deny"],
    ["gh api -X DELETE repos/o/r/contents/x -f message=m -f sha=abc", "deny"],
    ["gh api -X DELETE repos/o/r/rulesets/42", "deny"],
    ["gh api -X PUT orgs/o/rulesets/7 --input r.json", "deny"],
    ["gh api -X DELETE 'repos/{owner}/{repo}/branches/{branch}/protection'", "deny", "main"],
    ['gh api graphql -f query=\'mutation { updateRef(input: {refId: "R", oid: "x", force: true}) { ref { name } } }\'', "deny"],
    ["gh api graphql -f query='mutation { deleteRef(input: {refId: \"R\"}) { clientMutationId } }'", "deny"],
    ["gh api graphql -F query=@m.graphql", "deny", undefined, { "m.graphql": "mutation { updateRefs(input: {}) { clientMutationId } }\n" }],
    ["gh pr merge --admin=true 3", "deny"],
    ["gh pr merge 3 --admin=1", "deny"],
    ["gh api repos/o/r/contents/README.md", "allow"],
    ["gh api -X PUT repos/o/r/contents/x -f message=m -f content=eA== -f branch=feature/x", "allow"],
    ["gh api repos/o/r/rulesets", "allow"],
    ["gh api graphql -f query='query { viewer { login } }'", "allow"],
    ["gh api -X POST repos/o/r/pulls -f base=main -f head=feature/x -f title=t", "allow"],
    ["gh api -X DELETE 'repos/{owner}/{repo}/branches/{branch}/protection'", "allow"],
    ["gh pr merge --admin=false --squash 3", "allow"],
    ["gh pr create --fill", "allow", "main"],
  ],
  // Config and the repository from the environment (git-config(1), git(1)).
  "branch-protection/git-env": [
    ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0=push git p --force", "deny"],
    ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=push.default GIT_CONFIG_VALUE_0=matching git push", "deny"],
    ["export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.push GIT_CONFIG_VALUE_0=HEAD:main; git push", "deny"],
    ["env GIT_CONFIG_PARAMETERS=\"'alias.p'='push -f'\" git p", "deny"],
    ["GIT_CONFIG_PARAMETERS=\"'remote.origin.mirror'='true'\" git push", "deny"],
    ["export GIT_CONFIG_GLOBAL=g.cfg; printf '[alias]\\n p = push -f\\n' > g.cfg; git p", "deny"],
    ["GIT_CONFIG_GLOBAL=$(mktemp) git push", "deny"],
    ["GIT_CONFIG_COUNT=$N git push", "deny"],
    ["GIT_DIR=$(cat d) git push", "deny"],
    ["GIT_DIR=other/.git git push", "deny", undefined, { "other/.git/HEAD": "ref: refs/heads/main\n" }],
    ["GIT_DIR=other/.git git reset --hard HEAD~1", "deny", undefined, { "other/.git/HEAD": "ref: refs/heads/main\n" }],
    ["source ./env.sh; git push", "deny", undefined, { "env.sh": "X=1\n" }],
    ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=x git commit -m x", "allow"],
    ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.st GIT_CONFIG_VALUE_0=status git st", "allow"],
    ["GIT_CONFIG_GLOBAL=/dev/null git push origin HEAD:feature/x", "allow"],
    ["GIT_TRACE=1 git push", "allow"],
    ["GIT_DIR=.git git push", "allow"],
    ["source ./env.sh; git push origin HEAD:feature/y", "allow", undefined, { "env.sh": "X=1\n" }],
  ],
};
for (const [klass, rows] of Object.entries(HARDENING)) {
  rows.forEach(([command, expect, branch, files], i) => {
    const c: CorpusCase = { id: `${klass}-${i}-${slug(command)}`, class: klass, kind: "shell", command, expect };
    if (branch !== undefined) c.branch = branch;
    if (files !== undefined) c.files = files;
    if (expect === "deny") c.reason = /protected|force|cannot read|admin|ruleset|mirror|every branch|Force|rewrites/;
    cases.push(c);
  });
}

// A git or GitHub server's tools (MCP) that push, commit or rewrite: judged as git would be.
(
  [
    ["git", "git_push", { repo_path: ".", remote: "origin", branch: "feature/x", force: true }, "feature/x"],
    ["git", "git_push", { repo_path: "." }, "main"],
    ["git", "git_commit", { repo_path: ".", message: "x" }, "main"],
    ["git", "git_reset", { repo_path: ".", mode: "hard", target: "HEAD~3" }, "main"],
    ["github", "push_files", { owner: "o", repo: "r", branch: "main", files: [], message: "m" }, "feature/x"],
    ["github", "create_or_update_file", { owner: "o", repo: "r", branch: "main", path: "a", content: "x", message: "m" }, "feature/x"],
    // A ref or branch changed by name, and an HTTP request tool aimed at GitHub's API.
    ["github", "update_ref", { owner: "o", repo: "r", ref: "heads/main", sha: "x", force: true }, "feature/x"],
    ["github", "delete_branch", { owner: "o", repo: "r", branch: "main" }, "feature/x"],
    ["forge", "rename_branch", { owner: "o", repo: "r", name: "master", new_name: "old" }, "feature/x"],
    ["http", "request", { method: "PATCH", url: "https://api.github.com/repos/o/r/git/refs/heads/main", body: '{"sha":"x","force":true}' }, "feature/x"],
    ["fetch", "fetch", { url: "https://api.github.com/repos/o/r/git/refs/heads/main", method: "DELETE" }, "feature/x"],
    ["http", "post", { url: "https://api.github.com/repos/o/r/merges", body: { base: "main", head: "feature/x" } }, "feature/x"],
  ] as const
).forEach(([server, tool, args, branch], i) =>
  cases.push({
    id: `branch-protection/tool-${i}-${slug(`${server}-${tool}`)}`,
    class: "branch-protection/tools",
    kind: "mcp",
    mcp: { server, tool, args: { ...args } },
    branch,
    expect: "deny",
  }),
);
[
  `curl -X PATCH https://api.github.com/repos/o/r/git/refs/heads/feature/x -d '{"sha":"x"}'`,
  `curl -X PUT https://api.github.com/repos/o/r/contents/README.md -d '{"message":"m","content":"eA==","branch":"feature/x"}'`,
  "curl -s https://api.github.com/repos/o/r/git/refs/heads/main",
  `curl -X POST https://api.github.com/repos/o/r/issues -d '{"title":"main is red"}'`,
  "http GET api.github.com/repos/o/r/branches/main",
].forEach((command, i) =>
  cases.push({ id: `branch-protection/http-api-fine-${i}-${slug(command)}`, class: "branch-protection/harmless", kind: "shell", command, expect: "allow" }),
);
(
  [
    ["git", "git_push", { repo_path: ".", remote: "origin", branch: "feature/x" }, "main"],
    ["git", "git_commit", { repo_path: ".", message: "x" }, "feature/x"],
    ["github", "create_pull_request", { owner: "o", repo: "r", head: "feature/x", base: "main", title: "t" }, "feature/x"],
    ["github", "create_branch", { owner: "o", repo: "r", branch: "feature/y", from_branch: "main" }, "feature/x"],
    ["github", "get_branch", { owner: "o", repo: "r", branch: "main" }, "feature/x"],
    ["http", "request", { method: "GET", url: "https://api.github.com/repos/o/r/branches/main" }, "feature/x"],
    ["github", "delete_branch", { owner: "o", repo: "r", branch: "feature/old" }, "feature/x"],
    ["github", "get_file_contents", { owner: "o", repo: "r", path: "a", ref: "main" }, "main"],
    ["github", "merge_pull_request", { owner: "o", repo: "r", pull_number: 1 }, "main"],
  ] as const
).forEach(([server, tool, args, branch], i) =>
  cases.push({
    id: `branch-protection/tool-fine-${i}-${slug(`${server}-${tool}`)}`,
    class: "branch-protection/harmless",
    kind: "mcp",
    mcp: { server, tool, args: { ...args } },
    branch,
    expect: "allow",
  }),
);

export default cases;

/**
 * protectedBranchCommits (off by default): no commits, merges, rebases, cherry-picks, resets or
 * tags made while a protected branch is checked out, the branch followed through the line.
 */
import type { CorpusCase } from "./case";

const on = { protectedBranchCommits: true };
const deny = (slug: string, command: string, extra: Partial<CorpusCase> = {}): CorpusCase => ({
  id: `protected-branch-commits/${slug}`,
  class: "protected-branch-commits/on-protected",
  kind: "shell",
  command,
  branch: "main",
  guardrails: on,
  expect: "deny",
  reason: /protected/,
  ...extra,
});
const allow = (slug: string, command: string, extra: Partial<CorpusCase> = {}): CorpusCase => ({
  id: `harmless/protected-branch-commits-${slug}`,
  class: "harmless/git",
  kind: "shell",
  command,
  guardrails: on,
  expect: "allow",
  ...extra,
});

const cases: CorpusCase[] = [
  deny("commit", "git commit -am 'fix typo'"),
  deny("commit-master", "git commit -m x", { branch: "master" }),
  deny("merge", "git merge feature/x"),
  deny("rebase", "git rebase -i HEAD~3"),
  deny("cherry-pick", "git cherry-pick abc1234"),
  deny("revert", "git revert HEAD"),
  deny("reset-hard", "git reset --hard HEAD~1"),
  deny("tag", "git tag v1.2.0"),
  deny("pull-merge", "git pull origin main"),
  deny("checkout-then-commit", "git checkout main && git commit -m x", { branch: "feature/x" }),
  deny("head-file-then-commit", 'echo "ref: refs/heads/main" > .git/HEAD && git commit -m x', { branch: "feature/x" }),
  deny("switch-maybe-failed", "git switch main; git commit -m x", { branch: "feature/x" }),
  deny("git-c-option", "git -c user.name=bot commit -m x"),
  deny("alias", "git ci -m x", { files: { ".git/config": "[alias]\n\tci = commit\n" } }),
  deny("rebase-onto-protected", "git rebase origin/main main", { branch: "feature/x" }),
  deny("bash-c", "bash -c \"git commit -m 'x'\""),
  deny("quoted-verb", "git 'comm'it -m x"),
  deny("glob-pattern", "git commit -m x", { branch: "release/1.2", guardrails: { protectedBranchCommits: true, protectedBranches: ["main", "release/*"] } }),
  allow("commit-feature", "git commit -am 'fix typo'"),
  allow("switch-away-then-commit", "git switch -c fix && git commit -m x", { branch: "main" }),
  allow("status-on-main", "git status && git log --oneline -5", { branch: "main" }),
  allow("pull-ff-only", "git pull --ff-only", { branch: "main" }),
  allow("merge-abort", "git merge --abort", { branch: "main" }),
  allow("tag-list", "git tag -l 'v1.*'", { branch: "main" }),
  allow("reset-unstage", "git reset", { branch: "main" }),
  allow("rebase-feature-on-main", "git rebase main", { branch: "feature/x" }),
  allow("commit-message-mentions", "git commit -m 'merge main into x'", { branch: "feature/x" }),
  { id: "harmless/protected-branch-commits-off-by-default", class: "harmless/git", kind: "shell", command: "git commit -m x", branch: "main", expect: "allow" },
];

export default cases;

/** prBaseRequired (off by default): `gh pr create` must name its base once the switch is on. */
import type { CorpusCase } from "./case";

const on = { prBaseRequired: true };
const deny = (slug: string, command: string): CorpusCase => ({
  id: `gh-pr-base/${slug}`,
  class: "gh-pr-base/no-base",
  kind: "shell",
  command,
  guardrails: on,
  expect: "deny",
  reason: /--base/,
});
const allow = (slug: string, command: string): CorpusCase => ({
  id: `harmless/gh-${slug}`,
  class: "harmless/gh",
  kind: "shell",
  command,
  guardrails: on,
  expect: "allow",
});

const cases: CorpusCase[] = [
  deny("plain", "gh pr create --title fix --body done"),
  deny("fill", "gh pr create --fill"),
  deny("alias-new", "gh pr new -t fix -b body"),
  deny("repo-flag-first", "gh -R acme/api pr create --fill"),
  deny("quoted-words", "gh p''r \"create\" --fill"),
  deny("after-push", "git push -u origin HEAD:fix && gh pr create --fill"),
  deny("base-after-dashdash", "gh pr create --fill -- --base main"),
  deny("in-subshell", "(cd sub && gh pr create --web)"),
  allow("base-long", "gh pr create --base main --fill"),
  allow("base-eq", "gh pr create --base=release/1.2 --fill"),
  allow("base-short", "gh pr create -B main --title fix --body done"),
  allow("base-glued", "gh pr create -Bmain --fill"),
  allow("pr-list", "gh pr list --state open"),
  allow("pr-view", "gh pr view 12 --comments"),
  allow("body-mentions", "gh issue create --title 'gh pr create without base' --body x"),
  { id: "harmless/gh-off-by-default", class: "harmless/gh", kind: "shell", command: "gh pr create --fill", expect: "allow" },
];

export default cases;

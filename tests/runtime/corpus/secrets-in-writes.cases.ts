/**
 * Secrets in file writes: every sample of the normal set (tokens, every private-key armour, URL
 * credentials, assignments) written whole, embedded in code, inside a document whose lines look like
 * a diff (plain content is never read as a diff), and JSON-escaped (a GCP service-account file, a
 * JSON string holding a token after `\n`); as a new file and as an edit, on every client.
 */
import type { CorpusCase } from "./case";
import { NORMAL_SECRETS } from "./secret-samples";

const REASON = /Secret\(s\) detected/;

const contexts: ReadonlyArray<{ slug: string; path: string; kinds: ReadonlyArray<"write" | "edit">; wrap: (text: string) => string }> = [
  { slug: "plain", path: "config/app.conf", kinds: ["write", "edit"], wrap: (t) => `# app settings\n${t}\n` },
  { slug: "in-code", path: "src/settings.py", kinds: ["write"], wrap: (t) => `import os\n\nCONFIG = """\n${t}\n"""\n\nDEBUG = False\n` },
  {
    slug: "diff-shaped-doc",
    path: "docs/CHANGES.md",
    kinds: ["write", "edit"],
    wrap: (t) => `--- a/config\n+++ b/config\n@@ -1,2 +1,2 @@\n context line\n${t}\n`,
  },
  {
    slug: "json-escaped",
    path: "deploy/values.json",
    kinds: ["write"],
    wrap: (t) => `${JSON.stringify({ name: "svc", value: `first line\n${t}\n` }, null, 2)}\n`,
  },
];

const cases: CorpusCase[] = [];
for (const sample of NORMAL_SECRETS) {
  for (const context of contexts) {
    for (const kind of context.kinds) {
      cases.push({
        id: `secrets-in-writes/${sample.slug}-${context.slug}-${kind}`,
        class:
          context.slug === "diff-shaped-doc"
            ? "secrets-in-writes/no-diff-reading"
            : sample.pattern === "private_key"
              ? "secrets-in-writes/armour"
              : "secrets-in-writes/token",
        kind,
        path: context.path,
        content: context.wrap(sample.text),
        expect: "deny",
        reason: REASON,
      });
    }
  }
}

export default cases;

/**
 * Secrets in MCP tool arguments: the strict set (Slack, Stripe and JWT shapes too) wherever they sit:
 * a top-level value, deep in nested objects and arrays, as an object key, as `{"password": …}`, and
 * inside a string that holds JSON. Arguments too deep or too large to check are denied (fail
 * closed). Everyday MCP calls pass.
 */
import type { CorpusCase } from "./case";
import { alnum, KEY_SPELLINGS, MORE_SECRETS, NORMAL_SECRETS, STRICT_ONLY_SECRETS } from "./secret-samples";

const REASON = /Secret\(s\) detected in the arguments of/;

function nest(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 3 === 2 ? [value] : { [`level${i}`]: value };
  return value;
}

const SAMPLES = [
  ...STRICT_ONLY_SECRETS,
  ...NORMAL_SECRETS.filter((s) =>
    ["aws-akia", "ghp", "github-pat", "pem-pkcs8", "pem-openssh", "putty", "bearer", "mongodb-srv", "generic-env"].includes(s.slug),
  ),
];

const placements: ReadonlyArray<[string, (text: string) => Record<string, unknown>]> = [
  ["top-level", (t) => ({ owner: "acme", repo: "app", body: `Here it is: ${t}` })],
  ["deep", (t) => ({ request: nest(24, { note: t }) })],
  ["array", (t) => ({ items: ["a", "b", ["c", { values: [1, 2, t] }]] })],
  ["json-in-string", (t) => ({ payload: JSON.stringify({ config: { env: [{ name: "X", value: t }] } }) })],
];

const cases: CorpusCase[] = [];
for (const sample of SAMPLES) {
  for (const [slug, args] of placements) {
    cases.push({
      id: `mcp-secrets/${sample.slug}-${slug}`,
      class: "mcp-secrets/anywhere",
      kind: "mcp",
      mcp: { server: "github", tool: "create_issue", args: args(sample.text) },
      expect: "deny",
      reason: REASON,
    });
  }
}

const token = STRICT_ONLY_SECRETS[0]?.text as string;
const ghp = NORMAL_SECRETS.find((s) => s.slug === "ghp")
  ?.text.split(" ")
  .pop() as string;
cases.push(
  {
    id: "mcp-secrets/key-is-token",
    class: "mcp-secrets/keys",
    kind: "mcp",
    mcp: { server: "files", tool: "write_json", args: { data: { [ghp]: true } } },
    expect: "deny",
    reason: REASON,
  },
  {
    id: "mcp-secrets/key-is-slack-token",
    class: "mcp-secrets/keys",
    kind: "mcp",
    mcp: { server: "files", tool: "write_json", args: { data: { nested: { [token]: "x" } } } },
    expect: "deny",
    reason: REASON,
  },
  {
    id: "mcp-secrets/password-field",
    class: "mcp-secrets/assignment",
    kind: "mcp",
    mcp: { server: "db", tool: "connect", args: { host: "db.internal", user: "app", password: "Zq8-hunter2-Lm4" } },
    expect: "deny",
    reason: REASON,
  },
  {
    id: "mcp-secrets/client-secret-field-deep",
    class: "mcp-secrets/assignment",
    kind: "mcp",
    mcp: { server: "oauth", tool: "register", args: { app: { credentials: { client_secret: "s3cr3t-Value-991" } } } },
    expect: "deny",
    reason: REASON,
  },
  {
    id: "mcp-secrets/password-in-json-string",
    class: "mcp-secrets/assignment",
    kind: "mcp",
    mcp: { server: "k8s", tool: "apply", args: { manifest: JSON.stringify({ data: { DB_PASSWORD: "Zq8hunter2Lm4" } }) } },
    expect: "deny",
    reason: REASON,
  },
  {
    id: "mcp-secrets/escaped-json-text",
    class: "mcp-secrets/assignment",
    kind: "mcp",
    mcp: { server: "notes", tool: "append", args: { text: JSON.stringify(JSON.stringify({ api_key: "Ab12Cd34Ef56Gh78" })) } },
    expect: "deny",
    reason: REASON,
  },
  {
    id: "mcp-secrets/too-deep",
    class: "mcp-secrets/fail-closed",
    kind: "mcp",
    mcp: { server: "files", tool: "write_json", args: { data: nest(80, "harmless") } },
    expect: "deny",
    reason: /nested deeper than 64 levels/,
  },
  {
    id: "mcp-secrets/too-many-values",
    class: "mcp-secrets/fail-closed",
    kind: "mcp",
    mcp: { server: "files", tool: "write_json", args: { rows: Array.from({ length: 100_001 }, (_v, i) => i) } },
    expect: "deny",
    reason: /more than 100000 values/,
  },
);

// Everyday calls.
const harmless: ReadonlyArray<[string, string, string, Record<string, unknown>]> = [
  ["search-code", "github", "search_code", { q: "API_KEY language:python repo:acme/app" }],
  ["search-password-reset", "search", "query", { q: "reset password: instructions" }],
  [
    "issue-with-placeholders",
    "github",
    "create_issue",
    { title: "Document env", body: "Copy `.env.example` and set `API_KEY=your-api-key-here` and `DB_PASSWORD=<your password>`." },
  ],
  ["issue-with-env-reference", "github", "create_issue", { title: "CI", body: "The workflow reads `${{ secrets.NPM_TOKEN }}` and `$GITHUB_TOKEN`." }],
  [
    "file-with-code",
    "github",
    "create_or_update_file",
    { path: "src/db.py", content: "import os\npassword = os.environ['DB_PASSWORD']\nurl = f'postgres://app:{password}@db/app'\n", message: "read from env" },
  ],
  [
    "file-template",
    "github",
    "create_or_update_file",
    { path: ".env.example", content: "API_KEY=changeme\nSECRET_KEY=xxxxxxxxxxxxxxxx\nAWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX\n", message: "template" },
  ],
  [
    "public-key",
    "github",
    "add_deploy_key",
    { title: "ci", key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHcUEvAq5iUJ+J2sVRtq7u6VzGbJmGQEu6Ukyl5SxqvL ci@example" },
  ],
  [
    "certificate",
    "tls",
    "upload_cert",
    { cert: "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2lhZ0FmY2VydGlmaWNhdGVzdGF0aWMwCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----" },
  ],
  [
    "uuid-and-sha",
    "jira",
    "comment",
    { issue: "APP-12", body: "Build 3f2c9a1e-8b7d-4c2e-9f1a-0b6d5e4c3a21 at commit 9fceb02d0ae598e95dc970b74767f19372d61af8." },
  ],
  ["docker-digest", "deploy", "rollout", { image: "ghcr.io/acme/app@sha256:4d1c7a0e3f0b2a59c1e8d9f6b3a2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4" }],
  ["arn", "aws", "describe_role", { arn: "arn:aws:iam::123456789012:role/deploy" }],
  ["deep-but-bounded", "files", "write_json", { data: nest(40, "ok") }],
  ["json-in-string-harmless", "k8s", "apply", { manifest: JSON.stringify({ kind: "ConfigMap", data: { LOG_LEVEL: "debug", PASSWORD_MIN_LENGTH: "12" } }) }],
  ["masked-password", "db", "describe", { dsn: "postgres://app:****@db.internal/app" }],
  ["local-default-url", "db", "connect", { url: "postgres://postgres:postgres@localhost:5432/dev" }],
  ["password-policy-text", "wiki", "update_page", { title: "Security", body: "Password: required, at least 12 characters. Secret: none stored here." }],
  ["many-small-values", "files", "write_json", { rows: Array.from({ length: 5_000 }, (_v, i) => ({ id: i, name: `row-${i}` })) }],
  [
    "base64-image",
    "slack",
    "upload",
    { channel: "C123", content: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==" },
  ],
  ["bearer-placeholder", "http", "request", { headers: { Authorization: "Bearer <token>" }, url: "https://api.example.com" }],
  ["jwt-docs-mention", "wiki", "update_page", { title: "Auth", body: "Tokens start with eyJ and have three segments." }],
];
for (const [slug, server, tool, args] of harmless)
  cases.push({ id: `harmless/mcp-${slug}`, class: "harmless/mcp", kind: "mcp", mcp: { server, tool, args }, expect: "allow" });

// The second set, each in one placement chosen by its index (every placement used), and every key spelling deep in an argument.
MORE_SECRETS.forEach(([slug, text], i) => {
  const [where, args] = placements[i % placements.length] as (typeof placements)[number];
  cases.push({
    id: `mcp-secrets/more-${slug}-${where}`,
    class: "mcp-secrets/provider",
    kind: "mcp",
    mcp: { server: "notes", tool: "save_note", args: args(text) },
    expect: "deny",
    reason: REASON,
  });
});
for (const [slug, text] of KEY_SPELLINGS) {
  cases.push({
    id: `mcp-secrets/${slug}-deep`,
    class: "mcp-secrets/key-spelling",
    kind: "mcp",
    mcp: { server: "kv", tool: "put", args: { entry: nest(12, { value: text }) } },
    expect: "deny",
    reason: REASON,
  });
}

// A name and its value in sibling keys: a container's env entry, a secret store's `{key, value}`.
// The value has no shape of its own; it is a secret by the name beside it.
const generated = `${alnum(51, 12)}9${alnum(52, 12)}`;
const pairs: ReadonlyArray<[string, string, string, Record<string, unknown>, "deny" | "allow"]> = [
  ["env-entry", "k8s", "apply", { spec: { containers: [{ env: [{ name: "DB_PASSWORD", value: generated }] }] } }, "deny"],
  ["secret-store-put", "vault", "put", { key: "api_key", val: generated }, "deny"],
  ["repo-secret", "github", "create_secret", { name: "DEPLOY_TOKEN", value: generated }, "deny"],
  ["env-entry-reference", "k8s", "apply", { env: [{ name: "DB_PASSWORD", value: "${DB_PASSWORD}" }] }, "allow"],
  ["env-entry-placeholder", "k8s", "apply", { env: [{ name: "API_TOKEN", value: "<your-token>" }] }, "allow"],
  ["env-entry-from-secret", "k8s", "apply", { env: [{ name: "DB_PASSWORD", valueFrom: { secretKeyRef: { name: "db", key: "password" } } }] }, "allow"],
  ["env-entry-plain", "k8s", "apply", { env: [{ name: "LOG_LEVEL", value: generated }] }, "allow"],
];
for (const [slug, server, tool, args, expect] of pairs)
  cases.push(
    expect === "deny"
      ? { id: `mcp-secrets/pair-${slug}`, class: "mcp-secrets/name-value-pair", kind: "mcp", mcp: { server, tool, args }, expect, reason: REASON }
      : { id: `harmless/mcp-pair-${slug}`, class: "harmless/mcp", kind: "mcp", mcp: { server, tool, args }, expect },
  );

export default cases;

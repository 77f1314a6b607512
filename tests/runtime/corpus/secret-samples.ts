/**
 * Secret-shaped samples for the content corpus (secrets-*.cases.ts, mcp-secrets.cases.ts). Built by
 * concatenation from random-looking parts, so no credential-shaped literal sits in the source and
 * none is a real key. Each has the name of the pattern that must find it.
 */

/** Deterministic base64 text standing in for key material. */
export function base64Body(seed: number, chars: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let state = seed >>> 0 || 1;
  let out = "";
  for (let i = 0; i < chars; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += alphabet[(state >>> 16) & 63];
  }
  return out;
}

/** Deterministic letters and digits (a token body). */
export function alnum(seed: number, chars: number): string {
  return base64Body(seed, chars * 2)
    .replace(/[+/]/g, "")
    .padEnd(chars, "7")
    .slice(0, chars);
}

function wrap(body: string, width = 64): string[] {
  const out: string[] = [];
  for (let i = 0; i < body.length; i += width) out.push(body.slice(i, i + width));
  return out;
}

/** A PEM-style armoured block. */
export function pem(label: string, seed: number, eol = "\n"): string {
  return [`-----BEGIN ${label}-----`, ...wrap(base64Body(seed, 320)), `-----END ${label}-----`].join(eol);
}

export interface SecretSample {
  /** Short slug for case ids. */
  slug: string;
  /** The pattern that must find it. */
  pattern: string;
  /** The text as it would sit in a file. */
  text: string;
  /** A single line with no newline (for shell commands). */
  oneLine: boolean;
}

const s = (slug: string, pattern: string, text: string): SecretSample => ({ slug, pattern, text, oneLine: !text.includes("\n") });

/** Samples of the normal set (blocked in file writes and shell writes). */
export const NORMAL_SECRETS: readonly SecretSample[] = [
  s("aws-akia", "aws_access_key", `aws_access_key_id = ${"AKIA"}${alnum(1, 16).toUpperCase()}`),
  s("aws-asia", "aws_access_key", `${"ASIA"}${alnum(2, 16).toUpperCase()}`),
  s("aws-secret", "aws_secret_key", `aws_secret_access_key = ${base64Body(3, 40)}`),
  s("aws-secret-json", "aws_secret_key", `"aws_secret_access_key": "${base64Body(4, 40)}"`),
  s("ghp", "github_token", `token: ${"ghp_"}${alnum(5, 36)}`),
  s("gho", "github_token", `${"gho_"}${alnum(6, 36)}`),
  s("ghu", "github_token", `GH=${"ghu_"}${alnum(7, 36)}`),
  s("ghs", "github_token", `${"ghs_"}${alnum(8, 36)}`),
  s("ghr", "github_token", `refresh=${"ghr_"}${alnum(9, 76)}`),
  s("github-pat", "github_token", `${"github_pat_"}${alnum(10, 22)}_${alnum(11, 59)}`),
  s("pem-pkcs8", "private_key", pem("PRIVATE KEY", 12)),
  s("pem-encrypted", "private_key", pem("ENCRYPTED PRIVATE KEY", 13)),
  s("pem-rsa", "private_key", pem("RSA PRIVATE KEY", 14)),
  s("pem-ec", "private_key", pem("EC PRIVATE KEY", 15)),
  s("pem-dsa", "private_key", pem("DSA PRIVATE KEY", 16)),
  s("pem-openssh", "private_key", pem("OPENSSH PRIVATE KEY", 17)),
  s(
    "pem-pgp",
    "private_key",
    ["-----BEGIN PGP PRIVATE KEY BLOCK-----", "Version: GnuPG v2", "", ...wrap(base64Body(18, 256)), "=Zx9q", "-----END PGP PRIVATE KEY BLOCK-----"].join("\n"),
  ),
  s(
    "pem-ssh2",
    "private_key",
    [
      "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----",
      'Comment: "rsa-key-20240101"',
      ...wrap(base64Body(19, 210), 70),
      "---- END SSH2 ENCRYPTED PRIVATE KEY ----",
    ].join("\n"),
  ),
  s("pem-unlisted", "private_key", pem("X25519 PRIVATE KEY", 20)),
  s("pem-crlf", "private_key", pem("RSA PRIVATE KEY", 21, "\r\n")),
  s(
    "putty",
    "private_key",
    [
      "PuTTY-User-Key-File-3: ssh-ed25519",
      "Encryption: none",
      "Comment: eddsa-key",
      "Public-Lines: 2",
      ...wrap(base64Body(22, 100)),
      "Private-Lines: 1",
      base64Body(23, 64),
      `Private-MAC: ${alnum(24, 64).toLowerCase()}`,
    ].join("\n"),
  ),
  s(
    "gcp-json",
    "private_key",
    JSON.stringify(
      {
        type: "service_account",
        project_id: "demo-1",
        private_key_id: alnum(25, 40).toLowerCase(),
        private_key: `${pem("PRIVATE KEY", 26)}\n`,
        client_email: "svc@demo-1.iam.gserviceaccount.com",
      },
      null,
      2,
    ),
  ),
  s("pem-header-only", "private_key", "-----BEGIN OPENSSH PRIVATE KEY-----"),
  s("bearer", "bearer_token", `Authorization: Bearer ${alnum(27, 40)}`),
  s("bearer-json", "bearer_token", `"Authorization": "Bearer ${alnum(28, 32)}.${alnum(29, 12)}"`),
  s("postgres", "db_url_creds", `DATABASE_URL=postgres://app:${alnum(30, 18)}@db.internal:5432/app`),
  s("postgresql", "db_url_creds", `postgresql://admin:Zx9${alnum(31, 10)}!@10.0.0.5/prod`),
  s("mysql", "db_url_creds", `mysql://root:${alnum(32, 14)}@localhost:3306/shop`),
  s("mongodb-srv", "db_url_creds", `mongodb+srv://svc:${alnum(33, 20)}@cluster0.abcde.mongodb.net/db`),
  s("redis", "db_url_creds", `REDIS_URL=rediss://:${alnum(34, 24)}@cache.internal:6380/0`),
  s("amqp", "db_url_creds", `amqps://worker:${alnum(35, 16)}@mq.internal/vhost`),
  s("generic-env", "generic_secret", `DB_PASSWORD=${alnum(36, 16)}`),
  s("generic-json", "generic_secret", `"client_secret": "${alnum(37, 24)}"`),
  s("generic-yaml-quoted", "generic_secret", `api_key: '${alnum(38, 20)}'`),
  s("generic-python", "generic_secret", `SECRET_KEY = "${alnum(39, 30)}"`),
  s("generic-ini", "generic_secret", `private_key=${alnum(40, 32)}`),
  s("generic-access-token", "generic_secret", `access_token: "${alnum(41, 28)}"`),
  s("generic-root-password", "generic_secret", `MYSQL_ROOT_PASSWORD=${alnum(42, 12)}`),
  s("generic-human", "generic_secret", `password = "correct-horse-battery-staple"`),
  s("generic-hash-arrow", "generic_secret", `'password' => '${alnum(43, 14)}'`),
  s("openai-project", "api_key_token", `const client = new OpenAI({ apiKey: "${"sk-proj-"}${alnum(44, 74)}_${alnum(45, 48)}" });`),
  s("openai-legacy", "api_key_token", `${"sk-"}${alnum(46, 20)}T3BlbkFJ${alnum(47, 20)}`),
  s("anthropic", "api_key_token", `anthropic: ${"sk-ant-api03-"}${alnum(48, 80)}-${alnum(49, 12)}AA`),
  s("sk-unlisted-vendor", "api_key_token", `key = "${"sk-"}${alnum(58, 40)}"`),
  s("google-api", "api_key_token", `${"AIza"}Sy${alnum(59, 33)}`),
  s("gitlab-pat", "api_key_token", `${"glpat-"}${alnum(60, 20)}`),
  s("npm-token", "api_key_token", `//registry.npmjs.org/:_authToken=${"npm_"}${alnum(61, 36)}`),
  s("huggingface", "api_key_token", `${"hf_"}${alnum(62, 34)}`),
];

/** Samples only the strict set finds (MCP arguments, settings, the audit log). */
export const STRICT_ONLY_SECRETS: readonly SecretSample[] = [
  s("slack-bot", "slack_token", `${"xoxb-"}${alnum(50, 12)}-${alnum(51, 24)}`),
  s("slack-user", "slack_token", `${"xoxp-"}${alnum(52, 11)}-${alnum(53, 30)}`),
  s("stripe-live", "stripe_key", `${"sk_live_"}${alnum(54, 24)}`),
  s("stripe-restricted", "stripe_key", `${"rk_live_"}${alnum(55, 28)}`),
  s("jwt", "jwt_token", `eyJhbGciOiJIUzI1NiJ9.eyJ${alnum(56, 30)}.${alnum(57, 43)}`),
];

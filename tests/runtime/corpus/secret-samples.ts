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

/** Deterministic lower-case hex (a token body). */
export function hexBody(seed: number, chars: number): string {
  let state = seed >>> 0 || 1;
  let out = "";
  for (let i = 0; i < chars; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += "0123456789abcdef"[(state >>> 16) & 15];
  }
  return out;
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
  s("basic", "basic_auth", `Authorization: Basic ${Buffer.from(`deploy:${alnum(37, 14)}`).toString("base64")}`),
  s("basic-header-json", "basic_auth", `{"headers": {"authorization": "Basic ${Buffer.from(`ci-bot:Q${alnum(38, 11)}!`).toString("base64")}"}}`),
  s("postgres", "url_credentials", `DATABASE_URL=postgres://app:${alnum(30, 18)}@db.internal:5432/app`),
  s("postgresql", "url_credentials", `postgresql://admin:Zx9${alnum(31, 10)}!@10.0.0.5/prod`),
  s("mysql", "url_credentials", `mysql://root:${alnum(32, 14)}@localhost:3306/shop`),
  s("mongodb-srv", "url_credentials", `mongodb+srv://svc:${alnum(33, 20)}@cluster0.abcde.mongodb.net/db`),
  s("redis", "url_credentials", `REDIS_URL=rediss://:${alnum(34, 24)}@cache.internal:6380/0`),
  s("amqp", "url_credentials", `amqps://worker:${alnum(35, 16)}@mq.internal/vhost`),
  s("https-userinfo", "url_credentials", `PIP_INDEX_URL=https://ci:${alnum(36, 16)}@pypi.internal.example/simple`),
  s("git-remote-userinfo", "url_credentials", `git remote add origin https://deploy:${alnum(37, 20)}@git.example.com/team/app.git`),
  s("proxy-userinfo", "url_credentials", `HTTPS_PROXY=http://svc:${alnum(38, 12)}@proxy.internal:3128`),
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
  // Dotted kinds (Vault's service, batch and older tokens, Doppler's), a prefixed run with a checksum, an age key.
  s("vault-service", "dotted_token", `export VAULT_ADDR=https://vault.internal; vault login ${"hvs."}${alnum(63, 24)}`),
  s("vault-batch", "dotted_token", `vault login ${"hvb."}${alnum(64, 90)}`),
  s("vault-legacy", "dotted_token", `vault login -method=token ${"s."}${alnum(65, 24)}`),
  s("doppler", "dotted_token", `doppler setup --token ${"dp.pt."}${alnum(66, 43)}`),
  s("grafana-service-account", "prefixed_token", `grafana: ${"glsa_"}${alnum(67, 32)}_${hexBody(68, 8)}`),
  s("age-secret-key", "labelled_secret_key", `# created: 2026-01-01\n${"AGE-SECRET-KEY-1"}${alnum(69, 58).toUpperCase()}\n`),
];

/** Samples only the strict set finds (MCP arguments, settings, the audit log). */
export const STRICT_ONLY_SECRETS: readonly SecretSample[] = [
  s("slack-bot", "slack_token", `${"xoxb-"}${alnum(50, 12)}-${alnum(51, 24)}`),
  s("slack-user", "slack_token", `${"xoxp-"}${alnum(52, 11)}-${alnum(53, 30)}`),
  s("stripe-live", "stripe_key", `${"sk_live_"}${alnum(54, 24)}`),
  s("stripe-restricted", "stripe_key", `${"rk_live_"}${alnum(55, 28)}`),
  s("jwt", "jwt_token", `eyJhbGciOiJIUzI1NiJ9.eyJ${alnum(56, 30)}.${alnum(57, 43)}`),
];

/** Provider credentials and key-value shapes beyond the first set (issue 13 red team): each must be found in a file write. */
export const MORE_SECRETS: ReadonlyArray<readonly [string, string]> = [
  ["slack-bot", `SLACK_BOT=${"xoxb-"}1234567890-1234567890123-${alnum(70, 24)}`],
  ["slack-user", `${"xoxp-"}1234567890-1234567890-1234567890123-${hexBody(71, 32)}`],
  ["slack-webhook", `https://hooks.slack.com/services/T0${alnum(72, 8).toUpperCase()}/B0${alnum(73, 8).toUpperCase()}/${alnum(74, 24)}`],
  ["stripe-live", `stripe.api_key = "${"sk_live_"}${alnum(75, 24)}"`],
  ["stripe-rk", `${"rk_live_"}${alnum(76, 30)}`],
  ["twilio-token", `TWILIO_AUTH_TOKEN=${hexBody(77, 32)}`],
  ["twilio-sk", `twilio_api_key: ${"SK"}${hexBody(78, 32)}`],
  ["sendgrid", `SENDGRID=${"SG."}${alnum(79, 22)}.${alnum(80, 43)}`],
  ["azure-conn", `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${base64Body(81, 86)}==;EndpointSuffix=core.windows.net`],
  ["azure-sas", `https://acme.blob.core.windows.net/c?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2030-01-01&sig=${base64Body(82, 43).replace(/[+/]/g, "A")}%3D`],
  ["azure-sb", `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=${base64Body(83, 43)}=`],
  ["github-pat-fine", `${"github_pat_"}11${alnum(84, 20).toUpperCase()}_${alnum(85, 59)}`],
  [
    "jwt",
    `const t = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(`{"iss":"https://login.example.com","sub":"${alnum(86, 12)}","exp":1893456000}`).toString("base64url")}.${alnum(87, 86)}";`,
  ],
  ["postgres-url", `postgres://svc:${alnum(88, 16)}@db.prod.internal:5432/app`],
  ["mongo-url", `mongodb://admin:${alnum(89, 14)}@mongo-0:27017/?authSource=admin`],
  ["redis-url", `redis://default:${alnum(90, 20)}@redis.prod:6379`],
  ["amqp-url", `amqp://guest2:${alnum(91, 12)}@rabbit/`],
  ["npmrc", `//registry.npmjs.org/:_authToken=${hexBody(92, 8)}-${hexBody(93, 4)}-${hexBody(94, 4)}-${hexBody(95, 4)}-${hexBody(96, 12)}`],
  ["npmrc-auth", `_auth = ${base64Body(97, 32)}`],
  ["pypirc", `[pypi]\nusername = __token__\npassword = pypi-${alnum(98, 60)}`],
  ["pypi-token", `pypi-AgEIcHlwaS5vcmc${alnum(99, 60)}`],
  ["netrc", `machine api.example.com login bob password ${alnum(100, 14)}`],
  ["docker-auths", `{"auths":{"ghcr.io":{"auth":"${base64Body(101, 40)}"}}}`],
  ["kube-client-key", `users:\n- name: admin\n  user:\n    client-key-data: ${base64Body(102, 120)}\n`],
  ["kube-token", `users:\n- name: sa\n  user:\n    token: ${alnum(103, 40)}.${alnum(104, 20)}\n`],
  ["aws-yaml", `aws_secret_access_key: ${base64Body(105, 40)}`],
  ["aws-env", `AWS_SECRET_ACCESS_KEY=${base64Body(106, 40)}`],
  ["aws-toml", `secret_access_key = "${base64Body(107, 40)}"`],
  ["aws-json-camel", `{"SecretAccessKey": "${base64Body(108, 40)}"}`],
  ["aws-ini-caps", `[default]\naws_access_key_id=AKIA${alnum(109, 16).toUpperCase()}\n`],
  ["auth-token-env", `AUTH_TOKEN=${alnum(110, 32)}`],
  ["api-key-camel", `apiKey: "${alnum(111, 32)}"`],
  ["api-key-dash", `x-api-key: ${alnum(112, 32)}`],
  ["token-yaml", `token: ${alnum(113, 40)}`],
  ["passwd", `db_passwd=${alnum(114, 12)}`],
  ["pwd", `PGPWD=${alnum(115, 12)}`],
  ["xml-password", `<password>${alnum(116, 14)}</password>`],
  ["dotnet-conn", `Server=db;Database=app;User Id=sa;Password=${alnum(117, 14)};`],
  ["go-walrus", `password := "${alnum(118, 14)}"`],
  ["passphrase", `passphrase: ${alnum(119, 14)}`],
  ["credentials", `credentials = "${alnum(120, 30)}"`],
  ["gcp-key-alone", `"private_key": "-----BEGIN PRIVATE KEY-----\\n${base64Body(121, 64)}\\n${base64Body(122, 64)}\\n-----END PRIVATE KEY-----\\n"`],
  ["openai-svcacct", `sk-svcacct-${alnum(123, 60)}`],
  ["anthropic-admin", `sk-ant-admin01-${alnum(124, 80)}`],
  ["gitlab-runner", `glrt-${alnum(125, 20)}`],
  ["digitalocean", `dop_v1_${hexBody(126, 64)}`],
  ["shopify", `shpat_${hexBody(127, 32)}`],
  ["mailgun", `key-${hexBody(128, 32)}`],
  ["square", `sq0atp-${alnum(129, 22)}`],
  ["telegram", `bot${"1234567890"}:AA${alnum(130, 33)}`],
  ["discord-webhook", `https://discord.com/api/webhooks/123456789012345678/${alnum(131, 68)}`],
];
const wrap64 = (b: string): string[] => b.match(/.{1,64}/g) ?? [];
// A key body whose first line starts as a PKCS#1 RSA key's DER does.
const DER_BODY = wrap64("MIIEowIBAAKCAQEA" + base64Body(144, 304));
const KEY = ["-----BEGIN RSA PRIVATE KEY-----", ...wrap64(base64Body(140, 256)), "-----END RSA PRIVATE KEY-----"];
/** One private key written in every spelling that hides its armour or its encoding. */
export const KEY_SPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ["key-crlf", KEY.join("\r\n")],
  ["key-indented", KEY.map((l) => "    " + l).join("\n")],
  ["key-tab-indented", KEY.map((l) => "\t\t" + l).join("\n")],
  ["key-json-escaped", JSON.stringify({ key: KEY.join("\n") })],
  ["key-double-escaped", JSON.stringify(JSON.stringify({ key: KEY.join("\n") }))],
  ["key-concat-js", KEY.map((l) => `"${l}\\n" +`).join("\n") + ' ""'],
  ["key-concat-py", "KEY = (\n" + KEY.map((l) => `    "${l}\\n"`).join("\n") + "\n)"],
  ["key-u002d", KEY.join("\n").replaceAll("-", "\\u002d")],
  ["key-u002d-header-only", KEY.join("\n").replace(/-----/g, "\\u002d\\u002d\\u002d\\u002d\\u002d")],
  ["key-x2d", KEY.join("\n").replaceAll("-", "\\x2d")],
  ["key-html-entity", KEY.join("\n").replaceAll("-", "&#45;")],
  ["key-base64-pem", Buffer.from(KEY.join("\n")).toString("base64")],
  [
    "key-base64-pem-wrapped",
    (
      Buffer.from(KEY.join("\n"))
        .toString("base64")
        .match(/.{1,76}/g) ?? []
    ).join("\n"),
  ],
  ["key-no-dashes", KEY.map((l) => l.replaceAll("-----", "")).join("\n")],
  ["key-4-dashes", KEY.map((l) => l.replaceAll("-----", "----")).join("\n")],
  ["key-lowercase", KEY.map((l, i) => (i === 0 || i === KEY.length - 1 ? l.toLowerCase() : l)).join("\n")],
  ["key-extra-spaces", KEY.map((l) => l.replace("BEGIN RSA PRIVATE", "BEGIN  RSA  PRIVATE")).join("\n")],
  ["key-body-only", DER_BODY.join("\n")],
  ["key-body-only-indented", DER_BODY.map((l) => `  ${l}`).join("\n")],
  ["key-body-openssh", ["b3BlbnNzaC1rZXktdjEAAAAABG5vbm" + base64Body(142, 34), ...wrap64(base64Body(143, 256))].join("\n")],
  ["key-yaml-block", "tls:\n  key: |\n" + KEY.map((l) => "    " + l).join("\n")],
  ["key-md-quote", KEY.map((l) => "> " + l).join("\n")],
  ["key-comment-hash", KEY.map((l) => "# " + l).join("\n")],
  ["key-comment-slash", KEY.map((l) => "// " + l).join("\n")],
  ["key-array-lines", JSON.stringify(KEY)],
  ["key-hex", Buffer.from(KEY.join("\n")).toString("hex")],
];

/**
 * Writes a developer makes every day that must pass the secrets guardrail: templates and examples
 * with placeholder values, code that reads credentials from the environment, documents and diffs
 * without secrets, public keys and certificates, hashes, ids and encoded data, and the prose around
 * configuration. Each is written as a new file and as an edit on every client.
 */
import type { CorpusCase } from "./case";

const files: ReadonlyArray<[string, string, string]> = [
  // Dotted names that are code, versions or prose, not tokens.
  [
    "dotted-code",
    "src/util.js",
    "const s = str.substring(0, 24);\nos.path.joinAllTheParts(a, b);\ncfg.someVeryLongConfigurationOptionName = 1;\nnp.random.randn(3);\nversion: v1.2.3-rc.1\nSee e.g. the docs, i.e. README.md.\nimport a.b.c.d\n",
  ],
  // Templates with placeholders (the listed false positives and their relatives).
  ["env-example-your", ".env.example", "API_KEY=your-api-key-here\nDATABASE_URL=postgres://user:password@localhost:5432/app\n"],
  ["env-example-masked", ".env.example", 'DB_PASSWORD="********"\nSECRET_KEY=xxxxxxxxxxxxxxxxxxxx\n'],
  ["env-example-angle", ".env.sample", "ACCESS_TOKEN=<YOUR_TOKEN>\nGITHUB_TOKEN=<paste a token here>\n"],
  ["env-example-changeme", ".env.template", "POSTGRES_PASSWORD=changeme\nREDIS_PASSWORD=change-me\n"],
  ["env-example-refs", ".env.example", "STRIPE_SECRET=${STRIPE_SECRET}\nAPI_KEY=$API_KEY\n"],
  ["env-example-xs", ".env.example", "AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX\nAWS_SECRET_ACCESS_KEY=XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n"],
  ["env-example-aws-docs", "docs/aws.md", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"],
  ["env-example-gh-xs", ".env.example", "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"],
  ["env-example-camel", "config/example.yml", "apiKey: yourApiKeyHere\npassword: insert_password_here\n"],
  ["env-example-replace", "config/settings.example.json", '{\n  "client_secret": "REPLACE_ME",\n  "api_key": "__API_KEY__"\n}\n'],
  ["env-example-template-vars", "deploy/values.tpl.yaml", "password: {{ .Values.db.password }}\napiKey: '%(api_key)s'\nsecret: '@SECRET@'\n"],
  ["env-example-dummy", "tests/fixtures/config.ini", "[db]\npassword = dummy-password\nsecret = fake-secret-value\n"],
  ["env-example-empty", ".env.example", "API_KEY=\nSECRET_KEY=\nDB_PASSWORD=\n"],
  ["env-example-redacted", "docs/logs.md", "password: [REDACTED]\ntoken: [hidden]\n"],
  [
    "basic-auth-placeholders",
    "docs/api.md",
    `curl -H 'Authorization: Basic ${Buffer.from("user:password").toString("base64")}' https://api.example.com\nAuthorization: Basic \${CREDENTIALS}\nAuthorization: Basic <base64 of user:pass>\nAuthorization: Basic ${Buffer.from("no colon in this one").toString("base64")}\n`,
  ],
  [
    "bearer-placeholder",
    "docs/api.md",
    "curl -H 'Authorization: Bearer <token>' https://api.example.com\ncurl -H \"Authorization: Bearer $TOKEN\" https://api.example.com\n",
  ],
  [
    "api-key-placeholders",
    "docs/setup.md",
    "OPENAI_API_KEY=sk-...\nexport ANTHROPIC_API_KEY=sk-ant-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nkey: sk-your-openai-api-key-goes-here-replace-me-now\n",
  ],
  [
    "sk-words",
    "src/tasks.ts",
    "const id = 'task-scheduler-retry-backoff-with-jitter-enabled';\nconst css = 'sk-loading-indicator-container-horizontal-wrapper';\nimport { x } from 'npm_package_helpers';\n",
  ],
  ["db-url-local-default", "docker-compose.yml", "services:\n  app:\n    environment:\n      DATABASE_URL: postgres://postgres:postgres@db:5432/app\n"],
  ["db-url-reference", "config/db.yml", "url: postgres://app:${DB_PASSWORD}@db.internal/app\nurl2: mysql://root:%(password)s@localhost/db\n"],
  ["db-url-format", "src/db.py", "url = f'postgres://app:{password}@db/app'\n"],
  ["db-url-no-password", "config/db.yml", "url: postgres://app@db.internal/app\nreplica: postgres://db.internal/app\n"],
  // Code that reads credentials instead of holding them.
  ["python-environ", "src/config.py", "import os\n\nPASSWORD = os.environ['DB_PASSWORD']\nSECRET_KEY = os.getenv('SECRET_KEY')\napi_key = settings.API_KEY\n"],
  ["js-process-env", "src/config.js", "export const apiKey = process.env.API_KEY;\nconst password = config.get('db.password');\n"],
  ["go-getenv", "main.go", 'package main\n\nimport "os"\n\nfunc main() {\n\tpassword := os.Getenv("DB_PASSWORD")\n\t_ = password\n}\n'],
  ["ruby-env", "config/app.rb", "PASSWORD = ENV.fetch('DB_PASSWORD')\nSECRET = Rails.application.credentials.secret_key_base\n"],
  ["actions-secrets", ".github/workflows/ci.yml", "env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  API_KEY: ${{ secrets.API_KEY }}\n"],
  ["comparison", "src/check.py", 'if password == "abcdefghij":\n    raise ValueError("weak")\n'],
  ["go-decl", "auth.go", 'var secretKey := loadSecret("hmac")\n'],
  ["k8s-secret-ref", "k8s/deploy.yaml", "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db\n        key: password\n"],
  ["terraform-var", "main.tf", 'variable "db_password" {\n  sensitive = true\n}\npassword = var.db_password\n'],
  ["function-call", "src/vault.ts", "const secret = await vault.read(`kv/app`);\nconst api_key = getSecret('api');\n"],
  // Prose and policy text.
  ["password-policy", "docs/security.md", "Password: required, 12 characters or more.\nSecret: never commit one.\nAPI_KEY: see the vault.\n"],
  ["howto-rotate", "docs/rotate.md", "To rotate the API key, open the console and choose Regenerate. The password: instructions are in the wiki.\n"],
  ["changelog-diff", "docs/CHANGES.md", "--- a/src/app.py\n+++ b/src/app.py\n@@ -1,3 +1,3 @@\n-DEBUG = True\n+DEBUG = False\n import os\n"],
  ["markdown-rule", "README.md", "# Project\n\n---\n\nSome text.\n\n--- \n+++ note\n@@ not a diff @@\n"],
  // Keys that are public, and data that merely looks random.
  ["ssh-public-key", "keys/deploy.pub", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHcUEvAq5iUJ+J2sVRtq7u6VzGbJmGQEu6Ukyl5SxqvL deploy@ci\n"],
  [
    "pem-public-key",
    "keys/pub.pem",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEYWq7QkG8lVnqmL0u3sB3Q5Zx1YcLZt9pG2sV\n-----END PUBLIC KEY-----\n",
  ],
  [
    "pem-certificate",
    "certs/ca.crt",
    "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2lhZ0FmY2VydGlmaWNhdGVzdGF0aWMwCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----\n",
  ],
  [
    "pgp-public-block",
    "keys/release.asc",
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEZQ7yDhYJKwYBBAHaRw8BAQdA3V1cG9zZWx5UHVibGljS2V5Rm9yVGVzdHM=\n-----END PGP PUBLIC KEY BLOCK-----\n",
  ],
  ["pem-parser-code", "src/pem.ts", 'export const HEADER = /-----BEGIN (?<label>[A-Z ]+)-----/;\nconst CERT = "-----BEGIN CERTIFICATE-----";\n'],
  [
    "package-lock",
    "package-lock.json",
    '{\n  "packages": {\n    "node_modules/ms": {\n      "version": "2.1.3",\n      "resolved": "https://registry.npmjs.org/ms/-/ms-2.1.3.tgz",\n      "integrity": "sha512-6FlzubTLZG3J2a/NVCAleEhjzq5oxgHyaCU9yYXvcLsvoVaHJq/s5xXI6/XXP6tz7R9xAOtHnSO/tXtF3WRTlA=="\n    }\n  }\n}\n',
  ],
  [
    "hashes",
    "checksums.txt",
    "9fceb02d0ae598e95dc970b74767f19372d61af8  app.tar.gz\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty\n",
  ],
  ["uuids", "data/ids.csv", "id,name\n3f2c9a1e-8b7d-4c2e-9f1a-0b6d5e4c3a21,alpha\nb1a2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d,beta\n"],
  [
    "base64-image",
    "assets/pixel.txt",
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\n",
  ],
  ["arns", "infra/roles.txt", "arn:aws:iam::123456789012:role/deploy\narn:aws:s3:::acme-artifacts/*\n"],
  ["docker-digest", "deploy/image.txt", "ghcr.io/acme/app@sha256:4d1c7a0e3f0b2a59c1e8d9f6b3a2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4\n"],
  ["jwt-in-test-file", "tests/auth.test.ts", "const sample = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk';\n"],
  ["git-shas", "docs/release.md", "Released 4f2d8a1 (tag v1.2.3), reverted 0c9e7b3.\n"],
  ["long-identifiers", "src/names.ts", "const PASSWORD_RESET_TOKEN_TTL_SECONDS = 3600;\nconst SECRET_ROTATION_INTERVAL_DAYS = 90;\n"],
  ["numbers", "config/limits.yml", "password_min_length: 12\nsecret_rotation_days: 90\naccess_token_ttl: 3600\n"],
  ["nosecret-fixture", "tests/fixtures/keys.txt", "AKIA" + "Z7QW3ERT5YUI8OPA  # nosecret\n"],
  ["url-without-userinfo", "docs/links.md", "https://github.com/acme/app\nhttps://user@example.com/path\nredis://cache.internal:6379/0\n"],
  // The red team's second set: names that hold a secret word but no secret, digests, ids,
  // encodings of ordinary data, certificate bodies, prose about keys, documented samples.
  ["k8s-secret-name", "k8s/ingress.yaml", "spec:\n  tls:\n    - hosts: [app.example.com]\n      secretName: app-tls-cert\n"],
  [
    "compose-password-file",
    "docker-compose.yml",
    "environment:\n  POSTGRES_PASSWORD_FILE: /run/secrets/postgres-password\n  MYSQL_PASSWORD_FILE=/run/secrets/mysql\n",
  ],
  ["tokenizer", "config/model.yaml", "tokenizer: bert-base-uncased-v2\ntokenizer_name: gpt2-medium\nmax_tokens: 4096\n"],
  [
    "pagination-token",
    "tests/fixtures/page.json",
    '{"next_page_token": "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA3", "nextPageToken": "Qm9va3MxMjM0NTY3ODkwYWJjZGVm"}\n',
  ],
  ["csrf-token-template", "templates/form.html", '<input type="hidden" name="csrf_token" value="{{ csrf_token() }}">\n'],
  ["secret-ref-names", "k8s/deploy.yaml", "envFrom:\n  - secretRef:\n      name: app-secrets-v2\nsecretKeyRef:\n  name: db-credentials\n  key: password\n"],
  ["password-i18n", "locales/en.yml", 'password_too_short: "Password must be at least 12 characters"\npassword_hint: Use a passphrase\n'],
  ["sri-integrity", "index.html", '<script src="app.js" integrity="sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"></script>\n'],
  ["sha256-hex", "checksums.txt", "sha256-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\ncommit-4f2d8a1c9e7b3a5d6f0e1c2b3a4d5e6f7a8b9c0d\n"],
  ["css-classes", "src/styles.css", ".btn-primaryLargeOutlineHoverStateWithIcon2x { color: red }\n.sk-spinnerWrapperContainerLargeVariantNumber2 {}\n"],
  ["test-names", "src/app_test.go", "func Test_parsesUTF8StringsWithEmbedded16BitSurrogatesCorrectly(t *testing.T) {}\n"],
  ["oauth-config", "config/auth.yml", "auth: oauth2\nauth_provider: github-enterprise\noauth_scope: read:user\n"],
  ["go-getenv-token", "main.go", 'token := os.Getenv("GITHUB_TOKEN")\napiKey := cfg.APIKey\n'],
  ["ts-env-token", "src/env.ts", "export const token = process.env.SLACK_TOKEN ?? '';\nconst apiKey = import.meta.env.VITE_API_KEY;\n"],
  ["actions-token", ".github/workflows/release.yml", "with:\n  token: ${{ secrets.GITHUB_TOKEN }}\n  api-key: ${{ secrets.NPM_API_KEY }}\n"],
  ["token-type-field", "src/oauth.py", 'TOKEN_TYPE = "bearer"\ntoken_url = "https://oauth2.example.com/token"\nTOKEN_ENDPOINT = "/oauth/token"\n'],
  ["uuid-request-ids", "logs/sample.log", "request_id=3f2c9a1e-8b7d-4c2e-9f1a-0b6d5e4c3a21 trace_id=b1a2c3d4e5f64a7b8c9d0e1f2a3b4c5d\n"],
  ["xml-password-template", "config/app.xml", "<password>${DB_PASSWORD}</password>\n<passwordPolicy>strict-mode-enabled</passwordPolicy>\n"],
  ["netrc-example", "docs/netrc.md", "machine api.example.com login bob password <your-password>\nThe password instructions follow.\n"],
  ["docker-auth-empty", "docs/docker.md", '{"auths": {"ghcr.io": {}}, "credsStore": "desktop"}\n'],
  ["kubeconfig-exec", "kube/config", "users:\n- name: eks\n  user:\n    exec:\n      command: aws\n      args: [eks, get-token]\n"],
  ["key-names", "src/keys.ts", "const apiKeyHeader = 'X-Api-Key';\nconst accessKeyId = env.AWS_ACCESS_KEY_ID;\n"],
  [
    "base64-json-config",
    "deploy/config.b64",
    Buffer.from(JSON.stringify({ name: "svc", replicas: 3, image: "ghcr.io/acme/app:1.2.3", env: { LOG_LEVEL: "debug" } })).toString("base64") + "\n",
  ],
  ["hex-dump", "docs/dump.md", "00000000: 48656c6c6f20776f726c640a48656c6c6f20776f726c640a48656c6c6f20776f726c640a48656c6c6f\n"],
  [
    "certificate-body",
    "certs/ca.pem",
    "-----BEGIN CERTIFICATE-----\nMIIC+TCCAeGgAwIBAgIUQ2lhZ0FmY2VydGlmaWNhdGVzdGF0aWMwCgYIKoZIzj0EAwIw\nMIIC+TCCAeGgAwIBAgIUQ2lhZ0FmY2VydGlmaWNhdGVzdGF0aWMwCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----\n",
  ],
  ["prose-begin-private", "docs/keys.md", "A key file begins with the line BEGIN OPENSSH PRIVATE KEY and ends with END.\n\nKeep it out of the repository.\n"],
  [
    "jwt-sample-docs",
    "docs/jwt.md",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c\n",
  ],
  ["stripe-test-docs", "docs/stripe.md", "Use the test key sk_test_4eC39HqLyjWDarjtT1zdp7dc in examples.\n"],
  ["slack-placeholder", ".env.example", "SLACK_BOT_TOKEN=xoxb-your-token-here\nSLACK_WEBHOOK=https://hooks.slack.com/services/XXX/YYY/ZZZ\n"],
  ["npmrc-env", ".npmrc", "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\nalways-auth=true\n"],
  ["pypirc-template", ".pypirc", "[pypi]\nusername = __token__\npassword = <your-pypi-token>\n"],
  ["azure-conn-dev", "local.settings.json", '{"AzureWebJobsStorage": "UseDevelopmentStorage=true", "AccountName": "devstoreaccount1"}\n'],
  ["mongo-local", "config/db.yml", "url: mongodb://localhost:27017/app\nredis: redis://localhost:6379/0\n"],
  ["password-length-prose", "README.md", "Set a password: at least twelve characters. The secret: never commit it. Token: rotate monthly.\n"],
  ["identifier-underscored", "src/names.py", "ws_connectionHandlerFactoryForLargeMessages2 = None\nmy_VeryLongVariableNameForTesting123Things = 1\n"],
  ["php-array-config", "config/app.php", "'password' => env('DB_PASSWORD'),\n'secret' => env('APP_SECRET', ''),\n"],
];

const cases: CorpusCase[] = [];
for (const [slug, path, content] of files) {
  cases.push({ id: `harmless/writes-${slug}-write`, class: "harmless/writes", kind: "write", path, content, expect: "allow" });
  cases.push({ id: `harmless/writes-${slug}-edit`, class: "harmless/writes", kind: "edit", path, content, expect: "allow" });
}

export default cases;

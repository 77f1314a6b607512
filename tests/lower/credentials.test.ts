import { describe, expect, it } from "vitest";
import { argumentFindings, credentialFindings, isCredentialName, isLiteralSecret, urlFindings, withoutCredentials } from "../../compiler/lower/credentials";
import { REDACTED, redactForDisplay, redactValue, rememberResolvedSecret } from "../../compiler/lower/redact";

describe("the credential policy", () => {
  it("reads a name's last word", () => {
    for (const name of [
      "DB_PASSWORD",
      "db_passwd",
      "SECRET",
      "client_secret",
      "GH_TOKEN",
      "authToken",
      "X-API-Key",
      "OPENAI_API_KEY",
      "OPENAI_API_KEY_2",
      "AWS_SECRET_ACCESS_KEY",
      "Authorization",
      "experimental_bearer_token",
      "private-key",
      "Cookie",
    ])
      expect(isCredentialName(name), name).toBe(true);
    for (const name of [
      "PASSWORD_FILE",
      "apiKeyHelper",
      "bearer_token_env_var",
      "max_tokens",
      "TOKEN_LIMIT",
      "env_key",
      "AWS_ACCESS_KEY_ID",
      "KEY",
      "monkey",
      "SSH_AUTH_SOCK",
      "LEVEL",
    ])
      expect(isCredentialName(name), name).toBe(false);
  });

  it("tells a literal from a reference, a switch and a placeholder", () => {
    for (const value of ["hunter2", "pa$sword", "abc${X}", "${X:-fallback-secret}", "Bearer abc"]) expect(isLiteralSecret(value), value).toBe(true);
    for (const value of ["${DB_PASSWORD}", "$TOKEN", "Bearer ${TOKEN}", "true", "enabled", "<your-token>", "xxxx", "****", "", "${A}:${B}"])
      expect(isLiteralSecret(value), value).toBe(false);
  });

  it("finds shapes, names, URL passwords and flag values", () => {
    expect(credentialFindings("LEVEL", "AKIAZ7Q3XK5M2P9RT4LB")).toEqual(["aws_access_key"]);
    expect(credentialFindings("DB_PASSWORD", "hunter2")).toEqual(["credential_name"]);
    expect(credentialFindings("DB_PASSWORD", "${DB_PASSWORD}")).toEqual([]);
    expect(urlFindings("https://u:pw@host/x")).toEqual(["url_password"]);
    expect(urlFindings("https://host/x?api_key=abc123")).toEqual(["credential_name"]);
    expect(urlFindings("https://host/x?page=2")).toEqual([]);
    expect(argumentFindings(["--token=abc", "--api-key", "def", "--level", "debug", "--token", "${T}"])).toEqual([
      { index: 0, hits: ["credential_name"] },
      { index: 2, hits: ["credential_name"] },
    ]);
  });

  it("drops refused leaves of a document, keeping order and own __proto__ keys", () => {
    const doc = JSON.parse('{"set": {"A": "1", "DB_PASSWORD": "x1", "__proto__": "p"}, "list": ["ok", "AKIAZ7Q3XK5M2P9RT4LB"]}');
    const { value, findings } = withoutCredentials(doc, []);
    expect(JSON.stringify(value)).toBe('{"set":{"A":"1","__proto__":"p"},"list":["ok"]}');
    expect(findings.map((f) => f.path.join("."))).toEqual(["set.DB_PASSWORD", "list.1"]);
  });
});

describe("redaction for display", () => {
  it("hides names, shapes, URL passwords and resolved values; leaves ordinary text", () => {
    rememberResolvedSecret("resolved-value-42");
    const text = [
      '+    "DB_PASSWORD": "hunter2",',
      '+    "LEVEL": "debug",',
      '+experimental_bearer_token = "tok"',
      "+X-API-Key: shortkey",
      "+url = https://u:pw1@host/x",
      '+    "Authorization": "Bearer resolved-value-42",',
      "+token AKIAZ7Q3XK5M2P9RT4LB",
      "+Note: keep this",
    ].join("\n");
    expect(redactForDisplay(text)).toBe(
      [
        `+    "DB_PASSWORD": "${REDACTED}",`,
        '+    "LEVEL": "debug",',
        `+experimental_bearer_token = "${REDACTED}"`,
        `+X-API-Key: ${REDACTED}`,
        `+url = https://u:${REDACTED}@host/x`,
        `+    "Authorization": "Bearer ${REDACTED}",`,
        "+token [REDACTED:aws_access_key]",
        "+Note: keep this",
      ].join("\n"),
    );
    expect(redactValue({ env: { API_KEY: "lit", A: "b" }, args: ["--token", "lit2", "--x", "y"] })).toEqual({
      env: { API_KEY: REDACTED, A: "b" },
      args: ["--token", REDACTED, "--x", "y"],
    });
  });
});

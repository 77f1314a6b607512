/** The secret scanner (docs/guardrails.md) and the policy file contract (docs/runtime.md, "The policy file"). */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentihooksHome, defaultGuardrails, policyPath, readPolicy, renderPolicy } from "../../runtime/policy";
import { hasEnvReference, redactSecrets, resolveEnvReferences, scannable, scanSecrets } from "../../runtime/secrets";
import { AWS_KEY, GH36, GITHUB_TOKEN, tempDir } from "./helpers";

describe("scanSecrets", () => {
  const normal: Array<[string, string]> = [
    [`key = "${AWS_KEY}"`, "aws_access_key"],
    [`aws_secret_access_key = ${GH36}Qx7+`, "aws_secret_key"],
    [`token: ${GITHUB_TOKEN}`, "github_token"],
    [`github_pat_${(GH36 + "_" + GH36 + "_").repeat(3).slice(0, 82)}`, "github_token"],
    ["-----BEGIN RSA PRIVATE KEY-----", "private_key"],
    [`Authorization: Bearer ${GH36.slice(0, 24)}`, "bearer_token"],
    ["postgres://admin:hunter22@db.example/prod", "url_credentials"],
    ['password = "correct-horse"', "generic_secret"],
    ["API_KEY=abcdefgh1234", "generic_secret"],
    ['"client_secret": "s3cr3t-value"', "generic_secret"],
  ];
  it.each(normal)("finds %s as %s", (text, name) => {
    expect(scanSecrets(text, "normal")).toContain(name);
  });
  it("ignores references, placeholders, code and comparisons", () => {
    for (const text of [
      "password = ${DB_PASSWORD}",
      "password = $DB_PASSWORD",
      "password: <your password>",
      "password = config.password",
      "secret = get_secret(name)",
      'if password == "abcdefghij":',
      "password: short",
      "API_KEY={{ api_key }}",
    ]) {
      expect(scanSecrets(text, "normal"), text).toEqual([]);
    }
  });
  it("finds Slack tokens and live Stripe keys in every mode; test-mode Stripe keys and sample JWTs only in strict mode", () => {
    const live = ["xoxb-1234567890-abcdef", `sk_live_${GH36.slice(4, 28)}`].join("\n");
    expect(scanSecrets(live, "normal")).toEqual(["slack_token", "stripe_key"]);
    const samples = [`sk_test_${GH36.slice(4, 28)}`, "eyJhbGciOi.eyJzdWIiOiIx.c2lnbmF0dXJl"].join("\n");
    expect(scanSecrets(samples, "normal")).toEqual([]);
    expect(scanSecrets(samples, "strict")).toEqual(["jwt_token", "stripe_test_key"]);
    // A token a service issued (its claims name an expiry) counts in the normal set too.
    const claims = Buffer.from('{"sub":"u1","exp":1893456000}').toString("base64url");
    expect(scanSecrets(`eyJhbGciOiJIUzI1NiJ9.${claims}.c2lnbmF0dXJlLXZhbHVl`, "normal")).toEqual(["jwt_token"]);
  });
  it("skips lines marked # nosecret (any case) and returns sorted unique names", () => {
    expect(scanSecrets(`a = "${AWS_KEY}"  # NoSecret`, "normal")).toEqual([]);
    expect(scanSecrets(`a = "${AWS_KEY}" # nosecret\nb = "${AWS_KEY}"\n${GITHUB_TOKEN}`, "normal")).toEqual(["aws_access_key", "github_token"]);
  });
  it("redacts every shape, keeping the surrounding text", () => {
    expect(redactSecrets(`k=${AWS_KEY} t=${GITHUB_TOKEN} password="hunter2hunter2"`)).toBe(
      'k=[REDACTED:aws_access_key] t=[REDACTED:github_token] password="[REDACTED:generic_secret]"',
    );
    expect(redactSecrets("password = config.password")).toBe("password = config.password");
  });
});

describe("scannable, hasEnvReference, resolveEnvReferences", () => {
  it("removes ${VAR}, substitutes ${VAR:-default}, keeps $VAR", () => {
    expect(scannable("Bearer ${TOKEN}")).toBe("Bearer");
    expect(scannable(" ${A:-fallback}-x ")).toBe("fallback-x");
    expect(scannable("pa$sword123")).toBe("pa$sword123");
  });
  it("detects references", () => {
    expect(hasEnvReference("${X}")).toBe(true);
    expect(hasEnvReference("$HOME/x")).toBe(true);
    expect(hasEnvReference("plain")).toBe(false);
  });
  it("resolves from a given env and reports unresolved references", () => {
    expect(resolveEnvReferences("Bearer ${T}", { T: "abc" })).toEqual({ text: "Bearer abc", fullyResolved: true });
    expect(resolveEnvReferences("${U:-d}/$V", { V: "v" })).toEqual({ text: "d/v", fullyResolved: true });
    expect(resolveEnvReferences("x ${MISSING}", {})).toEqual({ text: "x ${MISSING}", fullyResolved: false });
  });
});

describe("the policy file", () => {
  it("renders deterministic JSON with every default filled", () => {
    const text = renderPolicy({}, "copilot", "/h/.agentihooks");
    expect(text).toBe(renderPolicy(undefined, "copilot", "/h/.agentihooks"));
    expect(text.endsWith("}\n")).toBe(true);
    expect(JSON.parse(text)).toEqual({
      version: 1,
      target: "copilot",
      guardrails: defaultGuardrails(),
      auditLog: "/h/.agentihooks/logs/audit.jsonl",
      auditLogMaxBytes: 5242880,
      projectBridgeMaxBytes: 65536,
    });
    expect(Object.keys(JSON.parse(text).guardrails)).toEqual([
      "secretsInWrites",
      "credentialReads",
      "destructiveCommands",
      "branchProtection",
      "protectedBranches",
      "protectedBranchCommits",
      "kubeProduction",
      "prBaseRequired",
      "auditLog",
      "projectBridge",
      "sessionBanner",
    ]);
  });
  it("applies switches, sorts protected branches, drops the log path when the log is off", () => {
    const p = JSON.parse(
      renderPolicy({ credentialReads: false, auditLog: false, protectedBranches: ["release", "main", "main"] }, "codex", "/h", { chain: "coding,anton" }),
    );
    expect(p.guardrails.credentialReads).toBe(false);
    expect(p.guardrails.protectedBranches).toEqual(["main", "release"]);
    expect(p.auditLog).toBeUndefined();
    expect(p.chain).toBe("coding,anton");
  });
  it("lives at <home>/policy.<target>.json; the home is AGENTIHOOKS_HOME or ~/.agentihooks", () => {
    expect(policyPath("/h", "claude")).toBe("/h/policy.claude.json");
    expect(agentihooksHome({ AGENTIHOOKS_HOME: "/x" })).toBe("/x");
    expect(agentihooksHome({ HOME: "/home/me" })).toBe("/home/me/.agentihooks");
  });
  it("reads back what it rendered; missing or malformed means defaults", () => {
    const home = tempDir();
    expect(readPolicy(home, "copilot").guardrails).toEqual(defaultGuardrails());
    mkdirSync(home, { recursive: true });
    writeFileSync(policyPath(home, "copilot"), renderPolicy({ branchProtection: false }, "copilot", home));
    expect(readPolicy(home, "copilot").guardrails.branchProtection).toBe(false);
    writeFileSync(policyPath(home, "codex"), "{not json");
    expect(readPolicy(home, "codex").guardrails).toEqual(defaultGuardrails());
    writeFileSync(policyPath(home, "claude"), JSON.stringify({ guardrails: { secretsInWrites: "no", protectedBranches: [1] }, auditLogMaxBytes: -1 }));
    const claude = readPolicy(home, "claude");
    expect(claude.guardrails).toEqual(defaultGuardrails());
    expect(claude.auditLogMaxBytes).toBe(5242880);
    expect(claude.auditLog).toBe(join(home, "logs", "audit.jsonl"));
  });
});

/**
 * The content side of the secrets guardrail: every private-key armour, placeholders, no diff
 * reading of plain content, MCP arguments at every depth (fail closed past the bound), Copilot's
 * async-shell input, audit redaction of whole key blocks, and linear time on adversarial payloads
 * through runHook: every family at 1 MiB, and at 10 MiB every third family in the default run, every
 * family under AGENTIHOOKS_FULL_SWEEP=1.
 */
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { auditLine } from "../../runtime/audit-log";
import { argumentText, ARGUMENT_LIMITS, patchAddedText, writtenText } from "../../runtime/guardrails/secrets-in-writes";
import { shellSessionInput } from "../../runtime/clients/copilot";
import { runHook } from "../../runtime/run-hook";
import { isPlaceholderValue, MAX_COMPUTED_CALLS, MAX_EXCUSED_MATCHES, redactSecrets, scanSecrets } from "../../runtime/secrets";
import { AWS_KEY, cleanEnv, GH36, GITHUB_TOKEN, tempDir, tempRepo } from "./helpers";

/** Deterministic base64 text (a stand-in for key material: random-looking, never a real key). */
function base64Body(seed: number, chars: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let state = seed >>> 0 || 1;
  let out = "";
  for (let i = 0; i < chars; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += alphabet[(state >>> 16) & 63];
  }
  return out;
}

function lines(body: string, width = 64): string[] {
  const out: string[] = [];
  for (let i = 0; i < body.length; i += width) out.push(body.slice(i, i + width));
  return out;
}

/** A PEM-style block for `label` (`RSA PRIVATE KEY`, `PRIVATE KEY`, …), joined with `eol`. */
function pem(label: string, seed = 1, eol = "\n", dashes = "-----"): string {
  return [`${dashes}BEGIN ${label}${dashes}`, ...lines(base64Body(seed, 600)), `${dashes}END ${label}${dashes}`].join(eol);
}

const ARMOURS: Array<[string, string]> = [
  ["PKCS#8", pem("PRIVATE KEY")],
  ["PKCS#8 encrypted", pem("ENCRYPTED PRIVATE KEY", 2)],
  ["RSA", pem("RSA PRIVATE KEY", 3)],
  ["EC", pem("EC PRIVATE KEY", 4)],
  ["DSA", pem("DSA PRIVATE KEY", 5)],
  ["OpenSSH", pem("OPENSSH PRIVATE KEY", 6)],
  [
    "PGP",
    ["-----BEGIN PGP PRIVATE KEY BLOCK-----", "Version: GnuPG v2", "", ...lines(base64Body(7, 500)), "=Ab12", "-----END PGP PRIVATE KEY BLOCK-----"].join("\n"),
  ],
  ["PGP secret", pem("PGP SECRET KEY BLOCK", 8)],
  [
    "SSH.com",
    [
      "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----",
      'Comment: "rsa-key-20240101"',
      ...lines(base64Body(9, 400), 70),
      "---- END SSH2 ENCRYPTED PRIVATE KEY ----",
    ].join("\n"),
  ],
  ["a type nobody listed", pem("ED448 PRIVATE KEY", 10)],
  ["CRLF line ends", pem("RSA PRIVATE KEY", 11, "\r\n")],
  [
    "GCP service-account JSON (\\n escapes)",
    JSON.stringify(
      {
        type: "service_account",
        project_id: "demo-1",
        private_key_id: "0a1b2c3d",
        private_key: `${pem("PRIVATE KEY", 12)}\n`,
        client_email: "svc@demo-1.iam.gserviceaccount.com",
      },
      null,
      2,
    ),
  ],
  [
    "PuTTY",
    [
      "PuTTY-User-Key-File-3: ssh-ed25519",
      "Encryption: none",
      "Comment: eddsa-key-20240101",
      "Public-Lines: 2",
      ...lines(base64Body(13, 100)),
      "Private-Lines: 1",
      base64Body(14, 64),
      "Private-MAC: 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    ].join("\n"),
  ],
];

describe("private-key armours", () => {
  it.each(ARMOURS)("%s is found", (_label, text) => {
    expect(scanSecrets(text, "normal")).toContain("private_key");
    expect(scanSecrets(`prefix text\n${text}\nsuffix`, "strict")).toContain("private_key");
  });

  it.each(ARMOURS)("%s is redacted whole: no body line survives", (_label, text) => {
    const redacted = redactSecrets(`before\n${text}\nafter`);
    expect(redacted).toMatch(/\[REDACTED:private_key\]/);
    expect(redacted.startsWith("before\n")).toBe(true);
    expect(redacted.endsWith("\nafter")).toBe(true);
    for (const body of text.split(/\r?\n|\\n/).filter((l) => /^[A-Za-z0-9+/]{40,}$/.test(l))) expect(redacted).not.toContain(body);
  });

  it("a block without its END is redacted to the end of the text", () => {
    const clipped = pem("RSA PRIVATE KEY").split("\n").slice(0, 4).join("\n");
    expect(redactSecrets(`x ${clipped}`)).toBe("x [REDACTED:private_key]");
  });

  it("tokens and assignments inside escaped JSON strings are found", () => {
    expect(scanSecrets(JSON.stringify({ text: `line one\n${GITHUB_TOKEN}\n` }), "normal")).toEqual(["github_token"]);
    expect(scanSecrets(JSON.stringify(JSON.stringify({ password: "hunter2hunter2" })), "normal")).toEqual(["generic_secret"]);
    expect(scanSecrets(JSON.stringify(JSON.stringify({ password: "your-password-here" })), "normal")).toEqual([]);
    expect(scanSecrets(JSON.stringify({ h: `Authorization: Bearer ${GH36}` }), "normal")).toEqual(["bearer_token"]);
  });

  it("public keys and certificates are not private keys", () => {
    for (const label of ["PUBLIC KEY", "RSA PUBLIC KEY", "CERTIFICATE", "PGP PUBLIC KEY BLOCK", "CERTIFICATE REQUEST"]) {
      expect(scanSecrets(pem(label), "strict"), label).toEqual([]);
    }
  });
});

describe("placeholders", () => {
  const placeholders = [
    "your-api-key-here",
    "********",
    "<YOUR_TOKEN>",
    "xxxxxxxxxxxx",
    "XXXX-XXXX-XXXX",
    "changeme",
    "${API_KEY}",
    "$API_KEY",
    "{{ api_key }}",
    "%(password)s",
    "__SECRET__",
    "REPLACE_ME",
    "yourSecretHere",
    "AKIAIOSFODNN7EXAMPLE",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "insert_token_here",
    "my-secret-password",
  ];
  it.each(placeholders)("%s is a placeholder", (value) => expect(isPlaceholderValue(value)).toBe(true));

  const real = ["hunter2hunter2", "correct-horse-battery-staple", "Tr0ub4dor&3x", GH36, "s3cr3t-value", "abcdefgh1234", "P@ssw0rd!2024"];
  it.each(real)("%s is not a placeholder", (value) => expect(isPlaceholderValue(value)).toBe(false));

  it("placeholder assignments are allowed in templates and anywhere else", () => {
    const template = [
      "API_KEY=your-api-key-here",
      'password: "********"',
      "ACCESS_TOKEN=<YOUR_TOKEN>",
      "SECRET_KEY=xxxxxxxxxxxxxxxx",
      "DB_PASSWORD=changeme",
      "STRIPE_SECRET=${STRIPE_SECRET}",
      "aws_access_key_id = AKIAXXXXXXXXXXXXXXXX",
      "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      "Authorization: Bearer <token>",
      "DATABASE_URL=postgres://postgres:postgres@localhost:5432/app",
      "DATABASE_URL=postgres://user:${DB_PASSWORD}@localhost/app",
    ].join("\n");
    expect(scanSecrets(template, "strict")).toEqual([]);
  });

  it("real-shaped values next to placeholders are still found", () => {
    // `TOKEN=` names the slot too, so the assignment is reported beside the token's own shape.
    expect(scanSecrets(`API_KEY=your-api-key-here\nTOKEN=${GITHUB_TOKEN}`, "normal")).toEqual(["generic_secret", "github_token"]);
    expect(scanSecrets("DB_PASSWORD=hunter2hunter2", "normal")).toEqual(["generic_secret"]);
  });

  it(`more than ${MAX_EXCUSED_MATCHES} excused matches of one pattern fail closed`, () => {
    const many = "password = config.password\n".repeat(MAX_EXCUSED_MATCHES + 1);
    expect(scanSecrets(many, "normal")).toEqual(["generic_secret"]);
    expect(scanSecrets("password = config.password\n".repeat(10), "normal")).toEqual([]);
  });

  it(`a token made from character codes or a short encoded piece is seen; more than ${MAX_COMPUTED_CALLS} computed strings fail closed`, () => {
    const codes = [...GITHUB_TOKEN.slice(0, 4)].map((c) => c.charCodeAt(0)).join(", ");
    expect(scanSecrets(`const t = String.fromCharCode(${codes}) + "${GITHUB_TOKEN.slice(4)}";`, "normal")).toEqual(["github_token"]);
    const hex = Buffer.from(GITHUB_TOKEN.slice(0, 6)).toString("hex");
    expect(scanSecrets(`T = bytes.fromhex("${hex}").decode() + "${GITHUB_TOKEN.slice(6)}"`, "normal")).toEqual(["github_token"]);
    expect(scanSecrets('const s = String.fromCharCode(72, 101, 108, 108, 111) + " world";', "normal")).toEqual([]);
    expect(scanSecrets("x = chr(65) + 'B'\n".repeat(MAX_COMPUTED_CALLS + 1), "normal")).toEqual(["computed_strings"]);
    expect(scanSecrets("x = chr(65) + 'B'\n".repeat(100), "normal")).toEqual([]);
  });
});

describe("patches and plain content", () => {
  it("plain content with diff-looking lines is scanned whole", () => {
    const content = `--- a/x\n+++ b/x\n@@ -1 +1 @@\nKEY = "${AWS_KEY}"\n`;
    expect(scanSecrets(writtenText({ file_path: "x.md", content }), "normal")).toEqual(["aws_access_key"]);
    expect(scanSecrets(writtenText({ file_path: "x.md", old_string: "a", new_string: `@@\n- ${AWS_KEY}` }), "normal")).toEqual(["aws_access_key"]);
  });

  it("a patch body counts its added lines only", () => {
    const removal = `*** Begin Patch\n*** Update File: a.py\n@@\n-KEY = "${AWS_KEY}"\n+KEY = os.environ["KEY"]\n*** End Patch`;
    expect(patchAddedText(removal)).not.toContain(AWS_KEY);
    expect(scanSecrets(writtenText({ patch: removal, content: removal }), "normal")).toEqual([]);
    const addition = `*** Begin Patch\n*** Add File: b.py\n+KEY = "${AWS_KEY}"\n*** End Patch`;
    expect(scanSecrets(writtenText({ patch: addition, content: addition }), "normal")).toEqual(["aws_access_key"]);
    const diff = `--- a/c\n+++ b/c\n@@ -1 +1 @@\n-old ${GITHUB_TOKEN}\n+new`;
    expect(scanSecrets(writtenText({ file_path: "c", diff }), "normal")).toEqual([]);
  });

  it("a patch key whose body is not a patch is taken whole", () => {
    expect(scanSecrets(writtenText({ patch: `- ${AWS_KEY}` }), "normal")).toEqual(["aws_access_key"]);
  });
});

describe("MCP arguments", () => {
  const nest = (depth: number, leaf: unknown): unknown => {
    let value = leaf;
    for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? { level: value } : [value];
    return value;
  };

  it("finds secrets at every depth, in keys, and in JSON held in strings", () => {
    expect(scanSecrets(argumentText({ a: nest(40, `x ${GITHUB_TOKEN}`) }) ?? "", "strict")).toContain("github_token");
    expect(scanSecrets(argumentText({ headers: { [GITHUB_TOKEN]: true } }) ?? "", "strict")).toContain("github_token");
    expect(scanSecrets(argumentText({ body: JSON.stringify({ config: { password: "hunter2hunter2" } }) }) ?? "", "strict")).toContain("generic_secret");
    expect(scanSecrets(argumentText({ db: { password: "hunter2hunter2" } }) ?? "", "strict")).toContain("generic_secret");
    expect(scanSecrets(argumentText({ text: `xoxb-${GH36.slice(0, 12)}-${GH36.slice(12, 30)}` }) ?? "", "strict")).toContain("slack_token");
  });

  it("fails closed past the depth and node bounds", () => {
    expect(argumentText({ a: nest(ARGUMENT_LIMITS.depth + 2, "x") })).toBeUndefined();
    expect(argumentText({ a: Array.from({ length: ARGUMENT_LIMITS.nodes + 1 }, () => 1) })).toBeUndefined();
    expect(argumentText({ a: nest(20, "x") })).toContain("x");
  });

  it("property: a real-shaped key anywhere in the arguments is denied", () => {
    const home = tempDir();
    const repo = tempRepo("feature/x");
    const secrets = [GITHUB_TOKEN, AWS_KEY, pem("PRIVATE KEY", 21), `sk_live_${GH36.slice(0, 24)}`, `postgres://app:Zq8${GH36.slice(0, 9)}@db.internal/app`];
    const jsonValue = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.string({ maxLength: 12 }),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value"), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 6 }), tie("value"), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(jsonValue, fc.nat(), fc.nat(), fc.boolean(), (base, pick, path, asKey) => {
        const secret = secrets[pick % secrets.length] as string;
        const args = { wrapper: [base, plant(base, secret, path, asKey)] };
        const stdin = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "mcp__github__create_issue", tool_input: args, cwd: repo });
        const reply = runHook({ stdin, argv: [], env: cleanEnv(home, { AGENTIHOOKS_TARGET: "claude" }), cwd: repo });
        expect(reply.exitCode).toBe(2);
        expect(reply.stderr).toMatch(/^BLOCKED: Secret\(s\) detected in the arguments of mcp__github__create_issue/);
      }),
      { numRuns: 150, seed: 1301 },
    );
  });
});

/** A copy of `value` with `secret` planted at a pseudo-random place (as a string value, or a key). */
function plant(value: unknown, secret: string, path: number, asKey: boolean): unknown {
  if (Array.isArray(value) && value.length > 0) {
    const i = path % value.length;
    return value.map((v, j) => (j === i ? plant(v, secret, Math.floor(path / 2), asKey) : v));
  }
  if (value && typeof value === "object" && Object.keys(value).length > 0) {
    const keys = Object.keys(value);
    const key = keys[path % keys.length] as string;
    return { ...value, [key]: plant((value as Record<string, unknown>)[key], secret, Math.floor(path / 2), asKey) };
  }
  return asKey ? { [secret]: value ?? 1 } : `${String(value ?? "")} ${secret}`;
}

describe("Copilot async shell input (write_bash)", () => {
  it("applies special keys the way a line editor would", () => {
    expect(shellSessionInput("cat .envx{backspace}{enter}")).toBe("cat .env\n\ncat .envx{backspace}{enter}");
    expect(shellSessionInput("ls{enter}")).toBe("ls\n");
    expect(shellSessionInput("at .env{home}c{enter}")).toContain("cat .env\n");
  });

  it("is checked as a shell command by every guard", () => {
    const home = tempDir();
    const repo = tempRepo("feature/x");
    const env = cleanEnv(home, { AGENTIHOOKS_TARGET: "copilot", AGENTIHOOKS_COPILOT_EVENT: "preToolUse" });
    const call = (input: string) =>
      runHook({
        stdin: JSON.stringify({ sessionId: "s", cwd: repo, toolName: "write_bash", toolArgs: { shellId: "1", input, delay: 5 } }),
        argv: ["preToolUse"],
        env,
        cwd: repo,
      });
    expect(call("cat .env\n").stdout).toMatch(/"permissionDecision":"deny"/);
    expect(call(`echo ${GITHUB_TOKEN} > token.txt{enter}`).stdout).toMatch(/Secret\(s\) detected in Bash command writing to a file/);
    expect(call("rm -rf ~{enter}").stdout).toMatch(/"permissionDecision":"deny"/);
    expect(call("ls -la{enter}").stdout).not.toMatch(/deny/);
  });

  it("continues a line an earlier call left unfinished, per session and shell, until SessionEnd", () => {
    const home = tempDir();
    const repo = tempRepo("feature/x");
    const env = cleanEnv(home, { AGENTIHOOKS_TARGET: "copilot" });
    const call = (input: string, shellId = "1", session = "s1", event = "preToolUse") =>
      runHook({
        stdin: JSON.stringify({ sessionId: session, cwd: repo, toolName: "write_bash", toolArgs: { shellId, input, delay: 5 } }),
        argv: [event],
        env: { ...env, AGENTIHOOKS_COPILOT_EVENT: event },
        cwd: repo,
      }).stdout;
    expect(call("cat .e")).not.toMatch(/deny/);
    // A post-tool event of the same call types nothing more.
    expect(call("cat .e", "1", "s1", "postToolUse")).not.toMatch(/deny/);
    expect(call("nv{enter}")).toMatch(/"permissionDecision":"deny"/);
    expect(call("ls{enter}")).not.toMatch(/deny/);
    // Another shell and another session start from an empty line.
    expect(call("git push origin ma")).not.toMatch(/deny/);
    expect(call("in{enter}", "2")).not.toMatch(/deny/);
    expect(call("in{enter}", "1", "s2")).not.toMatch(/deny/);
    expect(call("in{enter}")).toMatch(/"permissionDecision":"deny"/);
    // Edits reach across the calls: `cat .ev` + `{left}n` is `cat .env`.
    expect(call("cat .ev")).not.toMatch(/deny/);
    expect(call("{left}n{enter}")).toMatch(/"permissionDecision":"deny"/);
    expect(call("echo ok{enter}")).not.toMatch(/deny/);
    expect(call("cat .e")).not.toMatch(/deny/);
    runHook({
      stdin: JSON.stringify({ sessionId: "s1", cwd: repo, reason: "complete" }),
      argv: ["sessionEnd"],
      env: { ...env, AGENTIHOOKS_COPILOT_EVENT: "sessionEnd" },
      cwd: repo,
    });
    expect(readdirSync(join(home, ".agentihooks", "sessions")).filter((n) => n.startsWith("copilot-s1."))).toEqual([]);
    expect(call("nv{enter}")).not.toMatch(/deny/);
  });
});

describe("audit redaction", () => {
  it("never leaves a key body, a token or a secret key in the log line", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ARMOURS.length - 1 }),
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        fc.nat(3000),
        (i, before, after, pad) => {
          const text = (ARMOURS[i] as [string, string])[1];
          const line = auditLine({
            ts: "t",
            target: "claude",
            event: "PreToolUse",
            input: { content: `${"x".repeat(pad)}${before}\n${text}\n${after}`, [GITHUB_TOKEN]: 1 },
          });
          for (const body of text.split(/\r?\n|\\n/).filter((l) => /^[A-Za-z0-9+/]{40,}$/.test(l))) expect(line).not.toContain(body);
          expect(line).not.toContain(GITHUB_TOKEN);
        },
      ),
      { numRuns: 200, seed: 1302 },
    );
  });

  it("replaces values nested past the depth bound instead of writing them raw", () => {
    let deep: unknown = `token ${GITHUB_TOKEN}`;
    for (let i = 0; i < 12; i += 1) deep = { d: deep };
    const line = auditLine({ ts: "t", target: "claude", event: "PreToolUse", input: deep });
    expect(line).not.toContain(GITHUB_TOKEN);
    expect(line).toContain("nested deeper");
  });
});

describe("linear time: 10 MiB adversarial payloads through runHook", () => {
  const MiB = 1024 * 1024;
  const fill = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  /** The adversarial payload families, each made `size` characters long: one per pattern family a quadratic step could hide in. */
  const families: Array<[string, (size: number) => string]> = [
    ["keyword runs", (size) => fill("secret_", size)],
    ["keyword words", (size) => fill("PASSWORD ", size)],
    ["keyword assignments to code", (size) => fill("password=x.y(", size)],
    ["operators", (size) => fill("a=b:", size)],
    ["url credentials prefix", (size) => fill("postgres://u:", size)],
    ["near-miss GitHub tokens", (size) => fill(`ghp_${GH36.slice(0, 30)} `, size)],
    ["access key prefixes", (size) => fill("AKIA", size)],
    ["JWT prefixes", (size) => fill("eyJ", size)],
    ["JWT segments", (size) => fill("eyJhbGci.eyJzdWIi.", size)],
    ["giant base64 blob", (size) => base64Body(99, size)],
    // Text encoded three times: every level decodes to more text that may be encoded.
    [
      "base64 of base64 of base64 of text",
      (size) =>
        fill(Buffer.from(Buffer.from(Buffer.from("plain words of ordinary text, ".repeat(6)).toString("base64")).toString("base64")).toString("base64"), size),
    ],
    ["BEGIN lines", (size) => fill("-----BEGIN RSA PUBLIC \n", size)],
    ["dashes", (size) => fill("-", size)],
    ["Bearer prefixes", (size) => fill("Authorization: Bearer ", size)],
    ["escaped quotes", (size) => fill('\\"password\\": \\"', size)],
    ["nosecret markers", (size) => fill("#   nosecret?", size)],
    ["character codes", (size) => fill("chr(103)+", size)],
    ["decoded literals", (size) => fill("b64decode('QUFB')+'", size)],
    ["unclosed decoder calls", (size) => fill('atob("', size)],
    // A dotted kind before long runs that end inside more token characters, and a prefixed run with a suffix that never ends.
    ["dotted kinds", (size) => fill(`a.${"Qx7mP2vLr9TzW4nB".repeat(20)}.`, size)],
    ["prefixed runs with suffixes", (size) => fill(`-ab_${"Qx7mP2vLr9TzW4nB".repeat(3)}_${"k".repeat(20)}`, size)],
    ["secret key labels", (size) => fill("A-SECRET-KEY-1", size)],
  ];
  const home = tempDir();
  const repo = tempRepo("feature/x");
  mkdirSync(join(repo, "src"), { recursive: true });
  const env = cleanEnv(home, { AGENTIHOOKS_TARGET: "claude" });

  /**
   * CPU time of one decision (this process's user + system time, so other work on a shared machine
   * does not count), the better of two runs so one garbage collection of the previous 10 MiB does
   * not either.
   */
  function decide(toolName: string, toolInput: Record<string, unknown>): { cpuMs: number; exitCode: number } {
    const stdin = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: toolName, tool_input: toolInput, cwd: repo });
    let best = Number.POSITIVE_INFINITY;
    let exitCode = -1;
    for (let run = 0; run < 2 && best >= 1000; run += 1) {
      const before = process.cpuUsage();
      exitCode = runHook({ stdin, argv: [], env, cwd: repo }).exitCode;
      const used = process.cpuUsage(before);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    return { cpuMs: best, exitCode };
  }

  /** A Write and an MCP call carrying `text`, each decided in under 1 s of CPU. */
  function decideBoth(text: string): void {
    const write = decide("Write", { file_path: join(repo, "src", "big.txt"), content: text });
    const mcp = decide("mcp__files__upload", { name: "big.txt", data: text });
    if (process.env.AH_TIMINGS)
      console.log(`${JSON.stringify(text.slice(0, 12))} (${text.length} chars): Write ${write.cpuMs.toFixed(0)} ms, MCP ${mcp.cpuMs.toFixed(0)} ms of CPU`);
    expect(write.cpuMs).toBeLessThan(1000);
    expect(mcp.cpuMs).toBeLessThan(1000);
  }

  // Every family at 1 MiB under the same bound: a quadratic step that needs 100 s at 10 MiB needs 1 s here.
  it.each(families)("%s at 1 MiB: a Write and an MCP call are each decided in under 1 s of CPU", (_label, make) => decideBoth(make(MiB)));

  // At 10 MiB (the guarantee docs/guardrails.md states): every third family in the default run, each
  // family under AGENTIHOOKS_FULL_SWEEP=1 (0.8-3 s each here; all 15 were 16-28 s of the suite).
  const sweep = process.env.AGENTIHOOKS_FULL_SWEEP === "1";
  it.each(families.filter((_, i) => sweep || i % 3 === 0))("%s: a Write and an MCP call are each decided in under 1 s of CPU", (_label, make) =>
    decideBoth(make(10 * MiB)),
  );
});

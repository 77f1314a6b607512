/**
 * The credential-shaped literal scanner. Pure and dependency-free: the hook runtime scans writes and
 * tool arguments with it, the compiler scans MCP servers and env values with it, and the audit log
 * redacts with it. Lines containing `# nosecret` (any case) are never reported.
 *
 * Every scan is linear in its input: each pattern starts at a literal prefix (or a left boundary
 * that one run of characters can satisfy only once) and every quantifier is bounded, so no input
 * can make a pattern backtrack more than a constant amount per starting position. Redaction extends
 * a match over the rest of its token with a sticky pattern that consumes what it passes.
 */

/** `normal` is the everyday set; `strict` adds the noisier token shapes (Slack, Stripe, JWT). */
export type SecretScanMode = "strict" | "normal";

interface SecretPattern {
  name: string;
  /** Global, bounded, linear (see the file comment). */
  regex: RegExp;
  strictOnly: boolean;
  /** The part of a match that is the secret value (for the placeholder test); undefined = never a placeholder. */
  value?: (match: RegExpExecArray) => string | undefined;
  /** True when a match is not a literal secret after all (code, a reference), in a scan of `mode`. */
  excused?: (match: RegExpExecArray, mode: SecretScanMode) => boolean;
  /** Sticky pattern run at the match's end while redacting: the rest of an over-long token. */
  tail?: RegExp;
  /**
   * Literals of which every match holds at least one, lower-cased when the regex ignores case (its
   * `i` flag folds ASCII letters only). A text without any of them is not run through the regex, so
   * the regex is never compiled: V8 compiles a pattern on its first use, ~0.2-1 M instructions each,
   * paid by every hook invocation (see `mayMatch`).
   */
  anchors: readonly string[];
}

// The value of a generic `PASSWORD=...` style assignment: no whitespace, quotes, `$`, `<` or `{`
// (those mean a reference or a placeholder, not a literal). Bounded: 8 characters prove a literal.
const GENERIC_VALUE = "[^\\s\"'$<{;&]{8,128}";

/**
 * A private-key armour header: `-----BEGIN <words> PRIVATE KEY-----` in every variant (PKCS#8,
 * `ENCRYPTED`, RSA, EC, DSA, OPENSSH, `SSH2 ENCRYPTED`, `PGP PRIVATE KEY BLOCK`, `PGP SECRET KEY
 * BLOCK`), the SSH.com `---- BEGIN … ----` form, and PuTTY's `PuTTY-User-Key-File-<n>:` header. The
 * rule is the armour's shape (a BEGIN line whose label ends in PRIVATE/SECRET KEY), not a list of
 * key types, so a type nobody listed is caught too. The literal `BEGIN ` comes first so the engine
 * searches for it; the dashes before it are checked behind it.
 */
const KEY_HEADER = /BEGIN (?<=-{4} ?BEGIN )[A-Z0-9 ]{0,40}?(?:PRIVATE|SECRET) KEY(?: BLOCK)? ?-{4}|PuTTY-User-Key-File-\d{1,2}:/g;
const KEY_HEADER_ANCHORS = ["BEGIN ", "PuTTY-User-Key-File-"];

// Token characters: a token shape must not start inside a longer run of letters and digits, which
// keeps base64 blobs from matching by chance. `_` and `-` count as boundaries, so a token glued to a
// name (`k-xoxb-…`, `MY_ghp_…`) is still seen, and so does a written escape (`\n`, `\t`, `\r`: a
// token on its own line inside a JSON string). Each start is bounded by the token's longest length.
// The literal comes first so the engine can search for it; the boundary is checked behind it.
const BEHIND = String.raw`(?:^|[^A-Za-z0-9]|\\[nrt])`;
// The words that make a name a credential's slot, case-insensitive. `pass`, `pwd` and `auth` are
// short and must start a word of the name (genericExcused); the `…key` forms need their qualifier,
// since a bare `key` names anything.
const SECRET_WORD = String.raw`pass(?:word|wd|phrase|code)?|pwd|secret|token|credentials?|apikey|(?:api|access|account|auth|private|signing|client|master|encryption|shared|app|service|subscription|license|consumer|storage|session|secret)[_.-]?key|auth`;
// What may follow the word and still name the value itself: `SECRET_KEY_BASE`, `token_value`,
// `client-key-data`, a plural, a number.
const SECRET_SUFFIX = String.raw`(?:[_.-]?(?:key|value|base|str|string|b64|base64|hex|plain|text|data|literal)){0,2}s?\d{0,4}`;
// Words whose values are often long but not secret (a continuation or CSRF form token is handed
// out, not kept): their names are excused.
const HANDED_OUT = /(?:page|next|continuation|cursor|pagination|sync|csrf|xsrf|idempotency)[_.-]?token$/i;
const after = (behind: string, prefixLength: number): string => `(?<=${behind}[^\\n]{${prefixLength}})`;
const PATTERNS: readonly SecretPattern[] = [
  {
    name: "aws_access_key",
    regex: new RegExp(String.raw`(?:AKIA|ASIA|AROA|AIPA)${after(BEHIND, 4)}[A-Z0-9]{16}(?![A-Za-z0-9])`, "g"),
    strictOnly: false,
    anchors: ["AKIA", "ASIA", "AROA", "AIPA"],
    value: (m) => m[0].slice(4),
  },
  {
    name: "aws_secret_key",
    regex: /aws_secret_access_key\\?["']?[ \t]{0,8}[=:][ \t]{0,8}\\?["']?([A-Za-z0-9+/]{40})(?![A-Za-z0-9+/])/gi,
    strictOnly: false,
    anchors: ["aws_secret_access_key"],
    value: (m) => m[1],
  },
  {
    // GitHub's token family: `gh<kind>_` (personal, OAuth, user-to-server, server, refresh) and fine-grained PATs.
    name: "github_token",
    regex: new RegExp(
      String.raw`(?:gh[pousr]_${after(BEHIND, 4)}([A-Za-z0-9]{36,251})|github_pat_${after(BEHIND, 11)}([A-Za-z0-9_]{82,244}))(?![A-Za-z0-9_])`,
      "g",
    ),
    strictOnly: false,
    anchors: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
    value: (m) => m[1] ?? m[2],
  },
  { name: "private_key", regex: KEY_HEADER, strictOnly: false, anchors: KEY_HEADER_ANCHORS },
  {
    // The armour spelled loosely (lower case, fewer dashes or none, doubled spaces): a line naming
    // a private or secret key after `BEGIN`, followed by a line of key body. The body line makes it
    // a key rather than prose about one.
    name: "private_key",
    regex: new RegExp(
      String.raw`begin[ \t]{1,4}(?:[a-z0-9]{1,20}[ \t]{1,4}){0,4}(?:private|secret)[ \t]{1,4}key(?:[ \t]{1,4}block)?[^\n]{0,40}?(?:\r?\n|\\r?\\n)[ \t>#/*"'+]{0,8}(?:[a-z-]{1,20}: [^\n]{0,100}\r?\n){0,4}[ \t>#/*"'+]{0,8}[A-Za-z0-9+/]{40}`,
      "gi",
    ),
    strictOnly: false,
    anchors: ["begin"],
  },
  {
    // Model and platform API keys. `sk-` then a long random tail is the shape most providers issue
    // (OpenAI's `sk-proj-…`/`sk-svcacct-…`, Anthropic's `sk-ant-api03-…`, and others), so the rule
    // is that shape, not a list of vendors: a tail of 32+ token characters mixing upper case,
    // lower case and digits (a long kebab-case word is not a key). The fixed-format families with
    // other prefixes follow: Google `AIza` + 35, GitLab `glpat-` + 20, npm `npm_` + 36, Hugging
    // Face `hf_` + 34.
    name: "api_key_token",
    regex: new RegExp(
      String.raw`(?:sk-${after(BEHIND, 3)}([A-Za-z0-9_-]{32,300})(?![A-Za-z0-9_-])|AIza${after(BEHIND, 4)}([A-Za-z0-9_-]{35})(?![A-Za-z0-9_-])|gl(?:pat|rt|dt|cbt|ptt|ft|imt|soat|agent)-(?<=${BEHIND}gl[a-z]{2,5}-)([A-Za-z0-9_-]{20,64})(?![A-Za-z0-9_-])|(?:npm_${after(BEHIND, 4)}([A-Za-z0-9]{36})|hf_${after(BEHIND, 3)}([A-Za-z0-9]{34}))(?![A-Za-z0-9_]))`,
      "g",
    ),
    strictOnly: false,
    anchors: ["sk-", "AIza", "gl", "npm_", "hf_"],
    value: (m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5],
    // An `sk-` tail must read as random (a long kebab- or camelCase name does not).
    excused: (m) => m[1] !== undefined && !looksRandom(m[1].replace(/[-_]/g, "")),
  },
  {
    name: "bearer_token",
    regex: /Authorization\\?["']?[ \t]{0,8}[:=][ \t]{0,8}\\?["']?Bearer[ \t]{1,8}([A-Za-z0-9._~+/-]{20})/gi,
    strictOnly: false,
    anchors: ["authorization"],
    value: (m) => m[1],
    tail: /[A-Za-z0-9._~+/=-]{0,4096}/y,
  },
  {
    // HTTP Basic credentials, the base64 of `user:password`: only text that decodes to a user, a
    // colon and a password counts (basicPassword), so another base64 word after `Basic` is data.
    name: "basic_auth",
    regex: /Authorization\\?["']?[ \t]{0,8}[:=][ \t]{0,8}\\?["']?Basic[ \t]{1,8}([A-Za-z0-9+/]{8,1024}={0,2})(?![A-Za-z0-9+/=])/gi,
    strictOnly: false,
    anchors: ["authorization"],
    value: (m) => basicPassword(m[1] as string),
    excused: (m) => basicPassword(m[1] as string) === undefined,
  },
  {
    // A password in any URL's userinfo (a database's, a registry's, a proxy's, a git remote's). The
    // userinfo cannot hold an unescaped `/`, so the password stops at the next `://`.
    name: "url_credentials",
    regex: /\b[a-z][a-z0-9+.-]{0,30}:\/\/([^:\s/@]{0,64}):([^@\s/]{4,128})@/gi,
    strictOnly: false,
    anchors: ["://"],
    value: (m) => m[2],
    // `postgres://postgres:postgres@…`: a password that repeats the user name is a local default.
    excused: (m) => m[1] === m[2],
  },
  {
    name: "generic_secret",
    // A name that ends in a secret word, an optional closing quote, then `=` (not `==`), `=>`, `:`
    // (not `::`), a quoted `:=`, an XML element's `>`, or .NET's `" value=`, an optional opening
    // quote and the value. The word must end the name (`DB_PASSWORD`, `clientSecret`,
    // `_authToken`, `AccountKey`, `client-key-data`): `PASSWORD_FILE`, `secretName` and
    // `tokenizer` name something else. Only a few suffixes that still hold the value itself
    // (`SECRET_KEY_BASE`, `token_value`, `-data`) may follow the word.
    regex: new RegExp(
      `(${SECRET_WORD})(${SECRET_SUFFIX})\\\\?["']?(?:[ \\t]{1,8}value)?[ \\t]{0,8}(=>|=(?!=)|:=(?=[ \\t]{0,8}\\\\?["'])|:(?![:=])|>(?<=<[^<>\\n]{0,80}>))[ \\t]{0,8}(\\\\?["']?)(${GENERIC_VALUE})`,
      "gi",
    ),
    strictOnly: false,
    anchors: ["pass", "pwd", "secret", "token", "key", "credential", "auth"],
    value: (m) => m[5],
    excused: (m) => genericExcused(m),
    tail: /[^\s"'$<{]{0,4096}/y,
  },
  {
    // `.netrc`: `machine <host> login <user> password <secret>` on one line, or a `password <secret>`
    // line of its own; the value is a word of 6+ characters that is not plain letters (prose).
    name: "netrc_password",
    regex:
      /(?:(?:machine|default)[ \t]{1,8}[^\s]{0,253}[ \t]{1,8}(?:login[ \t]{1,8}[^\s]{1,128}[ \t]{1,8})?|^[ \t]{0,8})(?:password|passwd)[ \t]{1,8}([^\s"'$<{]{6,128})[ \t]{0,8}$/gim,
    strictOnly: false,
    anchors: ["password", "passwd"],
    value: (m) => m[1],
    excused: (m) => /^[A-Za-z]+[.,;:!?]?$/.test(m[1] as string),
  },
  {
    name: "slack_token",
    regex: new RegExp(
      String.raw`xox[abposre]-${after(BEHIND, 5)}([A-Za-z0-9-]{10,255})(?![A-Za-z0-9_-])|hooks\.slack\.com/services/(T[A-Z0-9]{6,12}/B[A-Z0-9]{6,12}/[A-Za-z0-9]{16,64})`,
      "g",
    ),
    strictOnly: false,
    anchors: ["xox", "hooks.slack.com"],
    value: (m) => m[1] ?? m[2],
  },
  {
    // Live keys are credentials wherever they are written; test-mode keys only in the strict set
    // (they appear in provider docs and test suites).
    name: "stripe_key",
    regex: new RegExp(String.raw`[sr]k_live_${after(BEHIND, 8)}([A-Za-z0-9]{20,247})(?![A-Za-z0-9_])`, "g"),
    strictOnly: false,
    anchors: ["k_live_"],
    value: (m) => m[1],
  },
  {
    name: "stripe_test_key",
    regex: new RegExp(String.raw`[sr]k_test_${after(BEHIND, 8)}([A-Za-z0-9]{20,247})(?![A-Za-z0-9_])`, "g"),
    strictOnly: true,
    anchors: ["k_test_"],
    value: (m) => m[1],
  },
  {
    // Fixed-format provider credentials whose prefix alone is not a long random token: SendGrid
    // `SG.<22>.<43>`, Twilio API keys `SK<32 hex>`, Mailgun `key-<32 hex>`, Telegram bot tokens
    // `<id>:AA<33>`, Discord webhooks, Square `sq0atp-`/`sq0csp-`.
    name: "provider_token",
    regex: new RegExp(
      String.raw`SG\.${after(BEHIND, 3)}([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])|SK${after(BEHIND, 2)}([0-9a-f]{32})(?![A-Za-z0-9_])|key-${after(BEHIND, 4)}([0-9a-f]{32})(?![A-Za-z0-9_-])|:AA(?<=(?:${BEHIND}|bot)\d{6,12}:AA)([A-Za-z0-9_-]{33})(?![A-Za-z0-9_-])|/api/webhooks/\d{17,20}/([A-Za-z0-9_-]{60,80})|sq0(?:atp|csp)-${after(BEHIND, 7)}([A-Za-z0-9_-]{22,43})(?![A-Za-z0-9_-])|[?&]sig=([A-Za-z0-9%+/=]{30,200})`,
      "g",
    ),
    strictOnly: false,
    anchors: ["SG.", "SK", "key-", ":AA", "/api/webhooks/", "sq0", "sig="],
    value: (m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7],
  },
  {
    // The shape most newer providers issue, whatever the vendor: a short lower-case prefix naming
    // the kind (`dop_v1_`, `shpat_`, `glrt-`, `pypi-`, `xai-`, …), then one long machine-random
    // run. The rule is the shape, not a list of prefixes: the run must be 32+ characters that mix
    // upper case, lower case and digits and switch between them as random text does (an
    // identifier's camelCase humps switch far less often; see `looksRandom`).
    // A short checksum or key id may follow the run (`glsa_<32>_<8 hex>`, `CCIPAT_…_<hex>`).
    name: "prefixed_token",
    regex: new RegExp(String.raw`(?<=${BEHIND})([a-z][a-z0-9]{1,9})(?:[_-]v\d)?[_-]([A-Za-z0-9]{32,256})(?:[_-][A-Za-z0-9]{1,16})?(?![A-Za-z0-9_+/=-])`, "g"),
    strictOnly: false,
    anchors: ["_", "-"],
    value: (m) => m[2],
    // Lower-case hex counts too (`dop_v1_…`, `shpat_…`), except behind a prefix that names a
    // digest or an id (`sha256-…`, `commit-…`, `req_…`): those are hex or random by nature.
    excused: (m) =>
      DIGEST_PREFIX.test(m[1] as string) || !(looksRandom(m[2] as string) || (/^[0-9a-f]+$/.test(m[2] as string) && looksRandom(m[2] as string, true))),
  },
  {
    // The same shape with dots between its parts, as Vault (`hvs.…`, `hvb.…`, the older `s.…`),
    // Doppler (`dp.pt.…`) and others write it: a short lower-case kind, at most one more short part,
    // then a machine-random run of 24+ letters and digits. A dotted name is what code is made of
    // (`ipaddr.convertIPv4MappedIPv6ToIPv4`), so a run shorter than 32 must also hold no word (7
    // letters of one case in a row: random text has one in ~4% of 24-character runs).
    name: "dotted_token",
    regex: new RegExp(String.raw`(?<=${BEHIND})([a-z][a-z0-9]{0,5})\.(?:[a-z]{2,4}\.)?([A-Za-z0-9]{24,256})(?![A-Za-z0-9_+/=.-])`, "g"),
    strictOnly: false,
    anchors: ["."],
    value: (m) => m[2],
    excused: (m) => {
      const run = m[2] as string;
      return DIGEST_PREFIX.test(m[1] as string) || !looksRandom(run) || (run.length < 32 && /[a-z]{7}|[A-Z]{7}/.test(run));
    },
  },
  {
    // A secret key written as `<KIND>-SECRET-KEY-1<bech32>` (age's `AGE-SECRET-KEY-1…` and its
    // plugins' keys): the label says what it is, as a PEM armour's does.
    name: "labelled_secret_key",
    regex: new RegExp(String.raw`-SECRET-KEY-1(?<=${BEHIND}[A-Z][A-Z0-9]{1,15}(?:-[A-Z0-9]{1,15}){0,3}-SECRET-KEY-1)[0-9A-Z]{40,200}(?![0-9A-Za-z])`, "g"),
    strictOnly: false,
    anchors: ["-SECRET-KEY-1"],
  },
  {
    // Three base64url segments, the first two JSON objects (`eyJ`). The left boundary lets a run of
    // segment characters start at most one match, so a long `eyJeyJ…` run is scanned once. In the
    // normal set only a token a service issued counts (its claims name an issuer, audience or
    // expiry): hand-made samples in tests and docs carry none.
    name: "jwt_token",
    regex: new RegExp(String.raw`eyJ${after(BEHIND, 3)}[A-Za-z0-9_-]{5,16384}\.(eyJ[A-Za-z0-9_-]{5,16384})\.[A-Za-z0-9_-]{5,16384}`, "g"),
    strictOnly: false,
    anchors: ["eyJ"],
    excused: (m, mode) => mode === "normal" && !issuedClaims(m[1] as string),
  },
  {
    // The DER start of a private key's base64 body (PKCS#1 RSA and DSA, PKCS#8 plain and
    // encrypted, SEC1 EC, Ed25519/Ed448 PKCS#8, OpenSSH): a key pasted without its armour. A
    // certificate's or public key's body starts otherwise.
    name: "private_key_body",
    regex: new RegExp(
      String.raw`(?<=${BEHIND})(?:MII[A-Za-z0-9+/]{3}IBA(?:DAN|AK[BC])|MII[A-Za-z0-9+/]{5}BgkqhkiG9w0BBQ0w|MHcCAQEE|MIGHAgEAMBMG|M[CE][A-Za-z0-9+/]CAQAwBQYDK2V[wx]|b3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/]{16}`,
      "g",
    ),
    strictOnly: false,
    anchors: ["MII", "MHcCAQEE", "MIGHAgEA", "CAQAwBQYDK2V", "b3BlbnNzaC1rZXktdjE"],
  },
];

// A bare value that reads as code (`config.password`, `getenv(`, `opts[`) is not a literal secret.
const LOOKS_LIKE_CODE = /[A-Za-z_]\.[A-Za-z_]|[A-Za-z_0-9]\(|[A-Za-z_0-9]\[/;

/** The value a generic assignment match holds. */
function genericValue(m: RegExpExecArray): string {
  return m[5] as string;
}

/**
 * True when a generic assignment is not a literal credential after all: a short word (`pass`,
 * `pwd`, `auth`) in the middle of another word (`bypass`, `oauth`), a name for a handed-out token,
 * a bare value that reads as code, one plain word after a colon (`Password: required`: prose), or,
 * for the words that also name ordinary things (`token`, `auth`, the `…key` forms,
 * `credentials`), a value without the mix of letters and digits a generated credential has.
 */
function genericExcused(m: RegExpExecArray): boolean {
  // The rest of the name before the word, read from the input (a lookbehind at the pattern's start
  // would run at every position of the text).
  const name = /[A-Za-z0-9_.-]{0,24}$/.exec(m.input.slice(Math.max(0, m.index - 24), m.index))?.[0] ?? "";
  const before = name.slice(-1);
  const word = m[1] as string;
  const value = genericValue(m);
  const quoted = m[4] !== "";
  if (/^(?:pass|pwd|auth|passcode)$/i.test(word) && /[A-Za-z]/.test(before)) {
    const hump = /[a-z]/.test(before) && /^[A-Z]/.test(word);
    const shouting = /[A-Z]/.test(before) && word === word.toUpperCase();
    if (!hump && !shouting) return true;
  }
  if (HANDED_OUT.test(`${name}${word}`)) return true;
  // Code reads as words joined by `.`, `(` or `[`; a generated token with a dot in it does not.
  const code = LOOKS_LIKE_CODE.test(value) && !looksRandom(value.replace(/[^A-Za-z0-9]/g, ""));
  if (!quoted && (code || (m[3] === ":" && /^[A-Za-z]+[.,;!?)]*$/.test(value)))) return true;
  if (/^(?:pass(?:word|wd|phrase|code)?|pwd|secret)$/i.test(word)) return false;
  // A weak word: the value must look generated (letters and digits, 12 characters or more).
  return !(value.length >= 12 && /[0-9]/.test(value) && /[A-Za-z]/.test(value));
}

// Prefixes naming a digest or an identifier, whose hex tail is not a credential.
const DIGEST_PREFIX =
  /^(?:sha\d{0,3}|md5|blake\d{0,2}[a-z]?|hash|digest|checksum|sum|crc\d{0,2}|commit|rev|oid|id|uuid|guid|req|request|trace|span|etag|build|run|obj|blob|tree|ref|sig|nonce|salt)$/;

/**
 * True when `text` switches between upper case, lower case and digits as often as random text
 * does (at least 40% of adjacent pairs differ in class, with every class present): machine-random
 * key material. A camelCase identifier changes class only at its humps.
 */
function looksRandom(text: string, hex = false): boolean {
  const kind = (c: number): number => (c >= 48 && c <= 57 ? 0 : c >= 65 && c <= 90 ? 1 : c >= 97 && c <= 122 ? 2 : 3);
  const seen = [0, 0, 0, 0];
  let switches = 0;
  for (let i = 0; i < text.length; i += 1) {
    const k = kind(text.charCodeAt(i));
    seen[k] = 1;
    if (i > 0 && k !== kind(text.charCodeAt(i - 1))) switches += 1;
  }
  const classes = hex ? seen[0] === 1 && seen[2] === 1 : seen[0] === 1 && seen[1] === 1 && seen[2] === 1;
  return classes && switches >= (hex ? 0.3 : 0.4) * (text.length - 1);
}

/** True when a JWT's payload segment decodes to claims a service sets on what it issues (`iss`, `aud`, `exp`). */
function issuedClaims(segment: string): boolean {
  let claims: string;
  try {
    claims = Buffer.from(segment.slice(0, 4096), "base64url").toString("latin1");
  } catch {
    return true;
  }
  // A payload that is not readable JSON text is counted (fail closed).
  if (!claims.startsWith("{")) return true;
  return /"(?:iss|aud|exp)"\s*:/.test(claims);
}

const NOSECRET = /#[ \t]{0,8}nosecret/i;

// Words that make a value read as an instruction or a label rather than a credential: the slot's own
// name (`your-api-key-here`, `secret-password`) or the act of filling it (`changeme`, `replace-me`).
const PLACEHOLDER_WORDS = new Set([
  "your",
  "my",
  "here",
  "goes",
  "example",
  "sample",
  "placeholder",
  "changeme",
  "change",
  "replace",
  "replaceme",
  "dummy",
  "fake",
  "insert",
  "enter",
  "put",
  "redacted",
  "todo",
  "fixme",
  "tbd",
  "none",
  "null",
  "unset",
  "notset",
  "empty",
  "value",
  "xxx",
  "secret",
  "secrets",
  "password",
  "passwd",
  "pass",
  "pwd",
  "key",
  "apikey",
  "api",
  "token",
  "access",
  "auth",
  "private",
  "credential",
  "credentials",
]);

// A template or reference rather than a value: `<…>`, `{{…}}`, `{name}`, `${…}`, `$VAR`, `%(name)s`, `%VAR%`, `__VAR__`, `@VAR@`, `[…]`.
const TEMPLATE =
  /^(?:<[^>]{0,200}>|\{\{[^}]{0,200}\}\}|\{[A-Za-z_][\w.]{0,100}\}|\$\{[^}]{0,200}\}|\$[A-Za-z_]\w{0,100}|%\([A-Za-z_]\w{0,100}\)[sdr]|%[A-Za-z_]\w{0,100}%|__[A-Za-z0-9_]{1,100}__|@[A-Za-z_]\w{0,100}@|\[[^\]]{0,200}\])$/;

/**
 * True when `value` is an obvious placeholder rather than a credential: masked or repetitive
 * (three or fewer distinct letters or digits: `********`, `xxxx-xxxx`, `AKIAXXXXXXXXXXXXXXXX`, also
 * behind a kind prefix: `sk-ant-xxxxxxxx`), a
 * template or reference (`<YOUR_TOKEN>`, `${VAR}`, `{{ key }}`), a documentation example (contains
 * `example`, as AWS's published sample keys do), or prose without digits whose words name the slot
 * or ask to fill it (`your-api-key-here`, `changeme`, `secret_password`). Real credentials are
 * machine-random or human passwords with more variety than that.
 */
export function isPlaceholderValue(raw: string): boolean {
  const value = raw.trim().replace(/^[\\"'`]+|[\\"'`,;]+$/g, "");
  if (value === "") return true;
  const distinct = new Set(value.toLowerCase().replace(/[^a-z0-9]/g, ""));
  if (distinct.size <= 3) return true;
  // The same behind a token's kind prefix (`sk-ant-xxxx…`, `ghp_XXXX…`): the prefix names the
  // slot, the masked rest is where a key would go.
  const tail = value.replace(/^(?:[A-Za-z0-9]{1,6}[-_]){1,4}/, "");
  if (tail.length >= 8 && tail.length < value.length && new Set(tail.toLowerCase().replace(/[^a-z0-9]/g, "")).size <= 3) return true;
  if (TEMPLATE.test(value)) return true;
  if (/example/i.test(value)) return true;
  // An elided value (`PASSWORD=…`) shows where a secret goes, not one.
  if (value.includes("\u2026")) return true;
  if (!/^[A-Za-z]+(?:[-_. ][A-Za-z]+){0,20}$/.test(value)) return false;
  // Words split at separators and camelCase humps: `yourApiKeyHere` → your, api, key, here.
  const words = value
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[-_. ]/);
  return words.some((word) => PLACEHOLDER_WORDS.has(word));
}

/**
 * True when a variable name reads as a secret: one of its `_`-separated parts is PASSWORD, PASSWD,
 * PASS, SECRET, TOKEN, CREDENTIAL(S), AUTH, OAUTH, COOKIE, SESSION or PAT, or it has KEY after API,
 * ACCESS, PRIVATE, SECRET, SESSION, SIGNING, ENCRYPTION, MASTER or CLIENT. `MAX_TOKENS`,
 * `AUTHOR`, `KEYBOARD` are not secrets.
 */
export function isSecretVariable(name: string): boolean {
  const parts = name
    .toUpperCase()
    .split(/_+/)
    .filter((p) => p !== "");
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as string;
    if (
      /^(PASSWORD|PASSWD|PASS|PASSPHRASE|PWD_SECRET|SECRET|SECRETS|TOKEN|CREDENTIAL|CREDENTIALS|CREDS|AUTH|OAUTH|COOKIE|SESSION|PAT|APIKEY|PRIVATEKEY|ACCESSKEY|SECRETKEY|DSN)$/.test(
        part,
      )
    ) {
      // `$PWD` is the working directory, `SESSION_ID`/`SESSION_NAME` identify, they do not authenticate.
      if (part === "SESSION" && /^(ID|NAME|DIR|TYPE|MANAGER|TIMEOUT)$/.test(parts[i + 1] ?? "")) continue;
      if (part === "AUTH" && /^(URL|DOMAIN|METHOD|TYPE|MODE|PROVIDER|HOST|ENDPOINT)$/.test(parts[i + 1] ?? "")) continue;
      return true;
    }
    if (/(PASSWORD|SECRET|TOKEN|APIKEY)$/.test(part) && part.length > 6) return true;
    if (
      part === "KEY" &&
      i > 0 &&
      /^(API|ACCESS|PRIVATE|SECRET|SESSION|SIGNING|ENCRYPTION|MASTER|CLIENT|ACCOUNT|SERVICE|LICENSE|WEBHOOK|DEPLOY|SSH|GPG|PGP|STRIPE|OPENAI|ANTHROPIC)$/.test(
        parts[i - 1] as string,
      )
    )
      return true;
  }
  return false;
}

/**
 * The password of HTTP Basic credentials (`base64` of `user:password`), or undefined when the text
 * does not decode to printable `user:password` with a password of 4 or more characters.
 */
function basicPassword(base64: string): string | undefined {
  const decoded = Buffer.from(base64, "base64").toString("latin1");
  const colon = decoded.indexOf(":");
  if (colon < 1 || decoded.length - colon - 1 < 4 || !/^[\x20-\x7e]+$/.test(decoded)) return undefined;
  return decoded.slice(colon + 1);
}

function activePatterns(mode: SecretScanMode): SecretPattern[] {
  return PATTERNS.filter((p) => mode === "strict" || !p.strictOnly);
}

/**
 * False when `pattern` cannot match `text`: none of its anchors occurs (`lower` is `text` lower-cased,
 * for a pattern that ignores case). A necessary condition only; the regex decides.
 */
function mayMatch(pattern: SecretPattern, text: string, lower: string): boolean {
  const haystack = pattern.regex.ignoreCase ? lower : text;
  return pattern.anchors.some((anchor) => haystack.includes(anchor));
}

/** Drops every line that carries the `# nosecret` opt-out. */
function withoutOptOuts(text: string, lower: string): string {
  if (!lower.includes("nosecret") || !NOSECRET.test(text)) return text;
  return text
    .split("\n")
    .filter((line) => !NOSECRET.test(line))
    .join("\n");
}

/** True when a match is a literal secret (not code, not a reference, not a placeholder). */
function matchCounts(pattern: SecretPattern, match: RegExpExecArray, mode: SecretScanMode): boolean {
  if (pattern.excused?.(match, mode)) return false;
  const value = pattern.value?.(match);
  return value === undefined || !isPlaceholderValue(value);
}

/**
 * How many matches of one pattern a scan may set aside as code or placeholders before it stops
 * trusting them: past this, the pattern is reported (fail closed). A real file holds a handful;
 * thousands are either generated to exhaust the scanner or not worth the risk.
 */
export const MAX_EXCUSED_MATCHES = 1024;

function patternFinds(pattern: SecretPattern, text: string, mode: SecretScanMode): boolean {
  pattern.regex.lastIndex = 0;
  let excused = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.regex.exec(text)) !== null) {
    if (matchCounts(pattern, match, mode) || ++excused > MAX_EXCUSED_MATCHES) {
      pattern.regex.lastIndex = 0;
      return true;
    }
  }
  return false;
}

/**
 * The names of the secret patterns found in `text`, sorted and unique. Lines containing
 * `# nosecret` (case-insensitive) are ignored, and so are placeholder values (see
 * `isPlaceholderValue`). Quotes and line breaks written as backslash escapes (a JSON document
 * inside a string: `{\"password\": \"…\"}`, `\nghp_…`) are read through, so such a secret is seen
 * too. MCP and settings scanning use `strict`.
 */
export function scanSecrets(text: string, mode: SecretScanMode): string[] {
  return scanViews(text, mode, true);
}

/** `scanSecrets`, with `# nosecret` lines read too unless `optOuts` (a copy in a log honours no opt-out). */
function scanViews(text: string, mode: SecretScanMode, optOuts: boolean): string[] {
  if (text.length === 0) return [];
  const lower = text.toLowerCase();
  const scanned = optOuts ? withoutOptOuts(text, lower) : text;
  const scannedLower = scanned === text ? lower : scanned.toLowerCase();
  const found = new Set<string>();
  const views = [scanned, ...decodedViews(scanned)];
  // More computed strings than are read: what the rest make is not known (fail closed).
  if (views.includes(UNREAD_COMPUTED)) return ["computed_strings"];
  for (const view of views) {
    const viewLower = view === scanned ? scannedLower : view.toLowerCase();
    for (const pattern of activePatterns(mode)) {
      if (!found.has(pattern.name) && mayMatch(pattern, view, viewLower) && patternFinds(pattern, view, mode)) found.add(pattern.name);
    }
  }
  // The catch-all shape is reported only where no named shape explains the text.
  if (found.has("prefixed_token") && found.size > 1) found.delete("prefixed_token");
  return [...found].sort();
}

// Escapes that spell one character: `\u002d`, `\x2d`, `&#45;`, `&#x2d;`, `%2d` (JSON, JavaScript, HTML, URLs).
const HAS_CHAR_ESCAPE = /\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2}|&#[xX]?[0-9A-Fa-f]{1,7};|%[0-9A-Fa-f]{2}/;
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, "g");
/**
 * The shortest base64 or hex run that is decoded and scanned too: 24 characters, 18 bytes, under
 * the shortest token shape encoded (an AWS key id, 20 characters, is 28 in base64).
 */
export const MIN_ENCODED_RUN = 24;

/**
 * The other ways `text` can be read: with character escapes decoded (an armour written as
 * `\u002d\u002d…BEGIN`), with string literals joined where code concatenates them, and each base64 or hex run decoded (a PEM file or a dotenv encoded
 * whole), so what the encoding hides is scanned as plain text. One level deep, each view at most the
 * size of the text: the scan stays linear.
 */
function decodedViews(text: string): string[] {
  const views: string[] = [];
  // Characters that show nothing (zero-width spaces and joiners, soft hyphens, a BOM) can sit
  // between any two of a token's: read without them.
  if (INVISIBLE.test(text)) views.push(text.replace(INVISIBLE_ALL, ""));
  if (HAS_CHAR_ESCAPE.test(text)) views.push(decodeCharEscapes(text));
  const joined = joinedLiterals(text);
  if (joined !== "") views.push(joined);
  // A `,` also separates a call's arguments (`write('t.txt', 'ghp_…' + '…')`): read once without list joins too.
  if (joined !== "" && text.includes(",")) {
    const apart = joinedLiterals(text, false, false);
    if (apart !== "" && apart !== joined) views.push(apart);
  }
  // Pieces written as character codes or encoded literals, read as the strings they make, then joined.
  const computed = computedLiterals(text);
  if (computed === undefined) views.push(UNREAD_COMPUTED);
  else if (computed !== text) {
    const rejoined = joinedLiterals(computed);
    if (rejoined !== "") views.push(rejoined);
  }
  const decoded = encodedRuns(text);
  if (decoded !== "") views.push(decoded);
  return views;
}

// A call that makes a string from literal character codes (`String.fromCharCode(103,104)`, `chr(103)`),
// or decodes a literal (`atob("…")`, `Buffer.from("…", "hex")`, `bytes.fromhex("…")`, `b64decode("…")`,
// `base64_decode('…')`, `Base64.decode64('…')`), with the `.decode()` or `.toString()` that makes the
// bytes a string. Only the call's start is a regex; its argument is read by hand (one pass).
const COMPUTING_CALL = /\b(String\.fromCharCode|chr|atob|b64decode|urlsafe_b64decode|base64_decode|decode64|fromhex|unhexlify|Buffer\.from)\s{0,4}\(\s{0,4}/g;
const HEX_DECODERS = new Set(["fromhex", "unhexlify"]);
const AFTER_DECODE = /^\s{0,4}\.\s{0,4}(?:decode|toString)\s{0,4}\(\s{0,4}(?:['"][\w-]{1,16}['"])?\s{0,4}\)/;
const ENCODING_ARGUMENT = /^\s{0,4},\s{0,4}['"](hex|base64|base64url)['"]\s{0,4}\)/;

/**
 * How many computed strings one text may hold before the scan stops reading them and reports the
 * text (`computed_strings`): a source file has a handful; tens of thousands hide what they make.
 */
export const MAX_COMPUTED_CALLS = 8192;
/** The view that stands for "more computed strings than MAX_COMPUTED_CALLS". */
const UNREAD_COMPUTED = "\u0000computed";

/**
 * `text` with each call that computes a string from literals (COMPUTING_CALL) replaced by that
 * string as a quoted literal, when it is printable: `String.fromCharCode(103,104,112,95) + "…"`
 * reads as `"ghp_" + "…"`, which the joined-literals view then reads as one token. `text` itself
 * when it has no such call; undefined past MAX_COMPUTED_CALLS of them.
 */
function computedLiterals(text: string): string | undefined {
  // Every such call has a parenthesis: most texts (a shell line) skip the regex, and its compilation.
  if (!text.includes("(")) return text;
  COMPUTING_CALL.lastIndex = 0;
  let match = COMPUTING_CALL.exec(text);
  if (match === null) return text;
  const parts: string[] = [];
  let from = 0;
  for (; match !== null; match = COMPUTING_CALL.exec(text)) {
    const fn = match[1] as string;
    const at = match.index + match[0].length;
    const call = fn === "String.fromCharCode" || fn === "chr" ? charCodesAt(text, at) : decodedAt(text, at, fn);
    if (call === undefined) continue;
    if (parts.length >= 2 * MAX_COMPUTED_CALLS) return undefined;
    parts.push(text.slice(from, match.index), `"${call.value}"`);
    from = call.end;
    COMPUTING_CALL.lastIndex = call.end;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(from));
  return parts.join("");
}

/** True for a character a printable quoted literal can hold as it is. */
function plainChar(c: number): boolean {
  return c >= 0x20 && c <= 0x7e && c !== 34 && c !== 92;
}

/** The string `d, d, …)` at `at` spells (up to 512 codes, each printable), and where the call ends. */
function charCodesAt(text: string, at: number): { value: string; end: number } | undefined {
  let i = at;
  let value = "";
  for (let n = 0; n < 512; n += 1) {
    let code = 0;
    const start = i;
    while (i < text.length && i - start < 7 && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) code = code * 10 + text.charCodeAt(i++) - 48;
    if (i === start || !plainChar(code)) return undefined;
    value += String.fromCharCode(code);
    while (text.charCodeAt(i) === 32) i += 1;
    if (text.charCodeAt(i) === 41) return { value, end: i + 1 };
    if (text.charCodeAt(i) !== 44) return undefined;
    i += 1;
    while (text.charCodeAt(i) === 32) i += 1;
  }
  return undefined;
}

/** The printable string a decoder call at `at` makes of its quoted literal (`"…")`, `b"…")`, `"…", "hex")`), and where it ends. */
function decodedAt(text: string, at: number, fn: string): { value: string; end: number } | undefined {
  let i = at;
  if (text.charCodeAt(i) === 98) i += 1; // Python's b"…"
  const quote = text.charCodeAt(i);
  if (quote !== 34 && quote !== 39 && quote !== 96) return undefined;
  const close = text.indexOf(text[i] as string, i + 1);
  if (close < 0 || close - i - 1 < 2 || close - i - 1 > 4096) return undefined;
  const literal = text.slice(i + 1, close);
  if (!/^[A-Za-z0-9+/=_-]+$/.test(literal)) return undefined;
  let end = close + 1;
  let encoding: string | undefined;
  const rest = text.slice(end, end + 64);
  const argument = ENCODING_ARGUMENT.exec(rest);
  if (argument) {
    encoding = argument[1];
    end += argument[0].length;
  } else {
    let j = end;
    while (text.charCodeAt(j) === 32) j += 1;
    if (text.charCodeAt(j) !== 41) return undefined;
    end = j + 1;
  }
  if (fn === "Buffer.from" && encoding === undefined) return undefined;
  const hex = HEX_DECODERS.has(fn) || encoding === "hex";
  if (hex && !/^(?:[0-9A-Fa-f]{2})+$/.test(literal)) return undefined;
  const value = Buffer.from(literal, hex ? "hex" : "base64").toString("latin1");
  for (let k = 0; k < value.length; k += 1) if (!plainChar(value.charCodeAt(k))) return undefined;
  if (value.length === 0) return undefined;
  const suffix = AFTER_DECODE.exec(text.slice(end, end + 64));
  return { value, end: suffix ? end + suffix[0].length : end };
}

/**
 * Where source code joins string literals into one value: a closing quote, an operator that
 * concatenates (`+`, PHP's `.`, Lua's `..`, Ruby's `<<`, SQL's `||`, Elixir's `<>`, Haskell's `++`,
 * VB's `&`, D's `~`, JavaScript's and Java's `.concat(`, or the `,` of a list that is then joined)
 * and the next opening quote; and a literal interpolated into a template (`${"…"}`). Removed, the pieces read
 * as the value they build (`"AKIA" + "…"`, `["ghp_", "…"].join("")`). The length of the join
 * starting at `i` (blanks bounded), or 0.
 */
function joinAt(text: string, i: number, lists = true): number {
  if (text.charCodeAt(i) === 36 && text.charCodeAt(i + 1) === 123) {
    const k = blanksFrom(text, i + 2, 4, false);
    return isQuote(text.charCodeAt(k)) ? k + 1 - i : 0;
  }
  if (!isQuote(text.charCodeAt(i))) return 0;
  let k = blanksFrom(text, i + 1, 16, true);
  const op = text.charCodeAt(k);
  if (op === 125) return k + 1 - i;
  // Literals side by side are one value in Python, C and the shell (`"ghp_" "…"`, `'a''b'`).
  if (isQuote(op)) return k + 1 - i;
  const next = text.charCodeAt(k + 1);
  if ((op === 43 && next === 43) || (op === 60 && (next === 60 || next === 62)) || (op === 124 && next === 124)) k += 2;
  else if (op === 43 || (op === 44 && lists) || (op === 38 && next !== 38) || op === 126) k += 1;
  else if (op === 46 && text.startsWith("concat(", k + 1)) k += 8;
  else if (op === 46) k += next === 46 ? 2 : 1;
  else return 0;
  k = blanksFrom(text, k, 16, true);
  return isQuote(text.charCodeAt(k)) ? k + 1 - i : 0;
}

function isQuote(c: number): boolean {
  return c === 34 || c === 39 || c === 96;
}

/** Where the blanks (and line breaks, with `lines`) from `from` end, at most `most` of them. */
function blanksFrom(text: string, from: number, most: number, lines: boolean): number {
  let k = from;
  while (k - from < most) {
    const b = text.charCodeAt(k);
    if (b === 32 || b === 9 || (lines && (b === 10 || b === 13))) k += 1;
    // A backslash before a line break continues the line (Python, C, the shell).
    else if (lines && b === 92 && text.charCodeAt(k + 1) === 10) k += 2;
    else break;
  }
  return k;
}

// How much of each end of a long joined word the view keeps.
const JOINED_END = 512;

/** A character a name is made of: a token's, `.` and `~`. */
function nameChar(c: number): boolean {
  return tokenChar(c) || c === 46 || c === 126;
}

/** A character a token is made of (letters, digits, `_ - + / =`). */
function tokenChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 43 || c === 47 || c === 61;
}

/**
 * The names (paths, commands) code builds by joining literals with an operator or by adjacency,
 * each on a line of its own (`os.system('ca'+'t .e'+'nv')` gives `cat .env`, Perl's `".e"."nv"`
 * gives `.env`), for the guards that look for credential names in code. A list's items are words
 * of their own already (`["cat", ".env"]`) and are not joined. Bounded as joinedLiterals is.
 */
export function joinedNames(text: string): string {
  return joinedLiterals(text, true);
}

/**
 * The words source code builds by joining literals (`joinAt`), each on a line of its own:
 * the token characters before a join, every literal between consecutive joins, and those after the
 * last, kept when 16 characters or longer (shorter cannot hold a token). With `names`, path
 * characters (`.`, `~`) count as a word's too, any length is kept, and list items are not joined.
 * One pass over the text; each side read at most 512 characters, so the view stays within the
 * text's size.
 */
function joinedLiterals(text: string, names = false, lists = !names): string {
  const wordChar = names ? nameChar : tokenChar;
  const shortest = names ? 1 : 16;
  const words: string[] = [];
  // The word so far: the spans of its pieces (indexes into `text`) and their total length; a
  // string is made only for a word long enough to keep.
  let spans: number[] = [];
  let length = 0;
  let end = -1;
  // A word past 1 KiB is a list of data more than a token: its two ends stand for it (a token is
  // a few hundred characters at most), so the view stays small. `head` holds its start.
  let head = "";
  const flush = (): void => {
    if (end < 0) return;
    let j = end;
    while (j < text.length && j - end < 512 && wordChar(text.charCodeAt(j))) j += 1;
    if (length + j - end >= shortest) {
      let tail = text.slice(end, j);
      for (let k = spans.length - 2; k >= 0 && tail.length <= 2 * JOINED_END; k -= 2) tail = text.slice(spans[k], spans[k + 1]) + tail;
      words.push(length + j - end <= 2 * JOINED_END ? tail : `${head.slice(0, JOINED_END)}\n${tail.slice(-JOINED_END)}`);
    }
    spans = [];
    head = "";
    length = 0;
    end = -1;
  };
  for (let at = 0; at < text.length; at += 1) {
    const c = text.charCodeAt(at);
    if (c !== 34 && c !== 39 && c !== 96 && c !== 36) continue;
    const size = joinAt(text, at, lists);
    if (size === 0) continue;
    let i = at;
    while (i > 0 && at - i < 512 && wordChar(text.charCodeAt(i - 1))) i -= 1;
    // The literal since the last join is all token characters: the same word goes on.
    if (end < 0 || i !== end) flush();
    if (head.length <= JOINED_END) head += text.slice(i, at);
    spans.push(i, at);
    // Only the last pieces are needed for the tail: the rest are dropped now and then (amortised).
    if (spans.length > 8 * JOINED_END) spans = spans.slice(-4 * JOINED_END);
    length += at - i;
    end = at + size;
    at = end - 1;
  }
  flush();
  return words.join("\n");
}

/** The value of hex digit `c` (a char code), or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * `text` with each character escape (`\uXXXX`, `\xXX`, `&#N;`, `&#xH;`, `%XX`) replaced by the character it
 * spells. A plain loop into one code-unit buffer: a text made of nothing but escapes (millions of
 * them) costs no allocation per escape. An escape is never shorter than what it spells, so the
 * buffer never grows.
 */
function decodeCharEscapes(text: string): string {
  const out = new Uint16Array(text.length);
  let n = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    let code = -1;
    let next = i;
    if (c === 37 && hexValue(text.charCodeAt(i + 1)) >= 0 && hexValue(text.charCodeAt(i + 2)) >= 0) {
      code = hexValue(text.charCodeAt(i + 1)) * 16 + hexValue(text.charCodeAt(i + 2));
      next = i + 3;
    } else if (c === 92 && (text.charCodeAt(i + 1) === 117 || text.charCodeAt(i + 1) === 120)) {
      const digits = text.charCodeAt(i + 1) === 117 ? 4 : 2;
      code = 0;
      for (let k = 0; k < digits && code >= 0; k += 1) {
        const v = hexValue(text.charCodeAt(i + 2 + k));
        code = v < 0 ? -1 : code * 16 + v;
      }
      next = i + 2 + digits;
    } else if (c === 38 && text.charCodeAt(i + 1) === 35) {
      const hex = (text.charCodeAt(i + 2) | 32) === 120;
      const first = hex ? i + 3 : i + 2;
      let j = first;
      code = 0;
      while (j < text.length && j - first < (hex ? 6 : 7)) {
        const v = hex ? hexValue(text.charCodeAt(j)) : text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57 ? text.charCodeAt(j) - 48 : -1;
        if (v < 0) break;
        code = code * (hex ? 16 : 10) + v;
        j += 1;
      }
      if (j === first || text.charCodeAt(j) !== 59 || code > 0x10ffff) code = -1;
      next = j + 1;
    }
    if (code < 0) {
      out[n++] = c;
      i += 1;
    } else {
      if (code > 0xffff) {
        out[n++] = 0xd800 + ((code - 0x10000) >> 10);
        out[n++] = 0xdc00 + ((code - 0x10000) & 0x3ff);
      } else out[n++] = code;
      i = next;
    }
  }
  let decoded = "";
  for (let k = 0; k < n; k += 8192) decoded += String.fromCharCode.apply(null, out.subarray(k, Math.min(n, k + 8192)) as unknown as number[]);
  return decoded;
}

/**
 * Every run of `text` that is base64 or hex, at least `MIN_ENCODED_RUN` characters long, decoded
 * and joined by newlines; "" when there is none. Consecutive lines that are base64 and nothing else
 * (a wrapped encoding, indented or not) are one run; inside any other line each maximal run is
 * decoded from its own start, so the decoding stays aligned. One pass over the text.
 */
function encodedRuns(text: string, depth = 0): string {
  const out: string[] = [];
  let block = "";
  const decode = (run: string): void => {
    if (run.length < MIN_ENCODED_RUN) return;
    const hex = /^[0-9a-fA-F]+$/.test(run) && run.length % 2 === 0;
    // Only a run that encodes text is decoded (a token, a PEM file, a dotenv): binary data (an
    // image, an archive, a key's DER body) or a word that merely looks like base64 would make the
    // scan read megabytes of noise for nothing a pattern could find.
    if (!mayEncodeText(run, hex)) return;
    out.push((hex ? Buffer.from(run, "hex") : Buffer.from(run, "base64")).toString("latin1"));
  };
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd).trim();
    if (line.length >= 16 && BASE64_LINE.test(line)) block += line;
    else {
      decode(block);
      block = "";
      if (line.length >= MIN_ENCODED_RUN) for (const run of base64Runs(line)) decode(run);
    }
    lineStart = lineEnd + 1;
  }
  decode(block);
  const decoded = out.join("\n");
  // Encoded again inside (base64 of base64): each level is at most three quarters of the one it came
  // from, so reading a few of them stays linear.
  const deeper = decoded !== "" && depth < MAX_ENCODING_LEVELS - 1 ? encodedRuns(decoded, depth + 1) : "";
  return deeper === "" ? decoded : `${decoded}\n${deeper}`;
}

/** How many encodings deep a run is decoded. */
const MAX_ENCODING_LEVELS = 3;

const BASE64_LINE = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * True when at least 90% of the bytes `run` encodes, read from its start, may be printable ASCII,
 * tabs or line breaks, judged without decoding: in base64 the first character of each group of
 * four holds a byte's top six bits (`C`, `D` for tabs and line breaks; `I`-`Z`, `a`-`f` for
 * 0x20-0x7f), in hex the first digit of each pair does (`0` for tabs and line breaks, `2`-`7`).
 */
function mayEncodeText(text: string, hex: boolean, start = 0, end = text.length): boolean {
  const step = hex ? 2 : 4;
  let groups = 0;
  let printable = 0;
  for (let i = start; i < end; i += step) {
    const c = text.charCodeAt(i);
    groups += 1;
    if (hex ? c === 48 || (c >= 50 && c <= 55) : c === 67 || c === 68 || (c >= 73 && c <= 90) || (c >= 97 && c <= 102)) printable += 1;
  }
  return groups > 0 && printable >= 0.9 * groups;
}

/**
 * The maximal runs of base64 characters (standard or URL-safe, `=` padding kept) in `line` that are
 * `MIN_ENCODED_RUN` long or longer and may encode text. A plain loop: an unanchored `{64,}` regex would re-scan up to 64
 * characters from every position.
 */
/** A character of a base64 or hex run other than its `=` padding. */
function continuesRun(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47 || c === 95 || c === 45;
}

function base64Runs(line: string): string[] {
  const runs: string[] = [];
  let start = 0;
  let hex = true;
  for (let i = 0; i <= line.length; i += 1) {
    const c = i < line.length ? line.charCodeAt(i) : 0;
    const digit = c >= 48 && c <= 57;
    // `=` pads the end of a run only: followed by more of a run it separates two (`TOKEN=<base64>`).
    const inRun = continuesRun(c) || (c === 61 && !continuesRun(line.charCodeAt(i + 1)));
    if (inRun) {
      hex &&= digit || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
      continue;
    }
    // Sliced only when it may encode text (the decoder checks again, as hex when it is even).
    if (i - start >= MIN_ENCODED_RUN && (mayEncodeText(line, false, start, i) || (hex && mayEncodeText(line, true, start, i)))) runs.push(line.slice(start, i));
    start = i + 1;
    hex = true;
  }
  return runs;
}

// The end of an armoured block: PEM/PGP/SSH.com `END` line, or PuTTY's `Private-MAC:` line.
const KEY_END = /END (?<=-{4} ?END )[A-Z0-9 ]{0,60}-{4,5}|Private-MAC: ?[0-9a-fA-F]{0,128}/g;

/**
 * Replaces every whole private-key block, from its armour header to its END line (PuTTY: its
 * `Private-MAC:` line), or to the end of `text` when the END is missing (a clipped or partial
 * key), with `[REDACTED:private_key]`. Linear: each search starts where the previous one ended.
 */
function redactKeyBlocks(text: string): string {
  KEY_HEADER.lastIndex = 0;
  let out = "";
  let from = 0;
  let header: RegExpExecArray | null;
  while ((header = KEY_HEADER.exec(text)) !== null) {
    // Start at the dashes before `BEGIN ` (the header pattern checks them behind itself).
    let start = header.index;
    if (header[0].startsWith("BEGIN")) {
      if (text[start - 1] === " ") start -= 1;
      while (start > from && start > header.index - 6 && text[start - 1] === "-") start -= 1;
    }
    out += text.slice(from, start) + "[REDACTED:private_key]";
    KEY_END.lastIndex = header.index + header[0].length;
    const end = KEY_END.exec(text);
    if (end === null) return out;
    from = end.index + end[0].length;
    KEY_HEADER.lastIndex = from;
  }
  return out + text.slice(from);
}

// A line that is nothing but base64 of key-body length with upper, lower and digits: the body of a
// key whose header the text does not hold (an edit that adds only the body lines).
const KEY_BODY_LINE =
  /^[ \t]{0,8}(?=[A-Za-z0-9+/=]{0,100}[A-Z])(?=[A-Za-z0-9+/=]{0,100}[a-z])(?=[A-Za-z0-9+/=]{0,100}[0-9])[A-Za-z0-9+/]{40,100}={0,2}[ \t]{0,8}$/gm;

/**
 * True when `text` holds 40 base64 characters in a row. A plain loop: the unanchored regex
 * `/[A-Za-z0-9+/]{40}/` re-scans up to 40 characters from every position, and was the largest
 * single cost of showing a first `build --out` (redacting ~3 MB of diff at 10x).
 */
function hasBase64Run(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 43 || c === 47) {
      run += 1;
      if (run === 40) return true;
    } else run = 0;
  }
  return false;
}

/** The end of the token a match starts: its tail pattern run until it stops growing (linear). */
function tokenEnd(pattern: SecretPattern, text: string, end: number): number {
  const tail = pattern.tail;
  if (!tail) return end;
  for (;;) {
    tail.lastIndex = end;
    const rest = tail.exec(text);
    if (!rest || rest[0].length === 0) return end;
    end += rest[0].length;
  }
}

/** Redacts one pattern's matches, each extended over the rest of its token. */
function redactPattern(pattern: SecretPattern, text: string): string {
  pattern.regex.lastIndex = 0;
  let out = "";
  let from = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.regex.exec(text)) !== null) {
    if (pattern.excused?.(match, "strict")) continue;
    // A value another pattern already replaced stays as it is.
    if (pattern.name === "generic_secret" && genericValue(match).startsWith("[REDACTED:")) continue;
    const end = tokenEnd(pattern, text, match.index + match[0].length);
    const value = pattern.name === "generic_secret" ? genericValue(match) : undefined;
    // A generic assignment keeps its name and operator; only the value goes.
    const start = value === undefined ? match.index : match.index + match[0].length - value.length;
    out += text.slice(from, start) + `[REDACTED:${pattern.name}]`;
    from = end;
    pattern.regex.lastIndex = end;
  }
  return out + text.slice(from);
}

/**
 * `text` with every secret-shaped literal replaced by `[REDACTED:<pattern>]`: the strict set, whole
 * private-key blocks (header, body and END line), and bare key-body lines, so the audit log never
 * holds a token a looser scan would have missed. Placeholders are redacted too (cheaper than
 * deciding, and harmless), and so are `# nosecret` lines: the opt-out allows a write, not a copy in
 * a log. Code-shaped generic values (`password = config.password`) are kept.
 */
export function redactSecrets(text: string): string {
  const out = redactShapes(text);
  // What the shapes left is found only in a view the scan also reads (joined literals, character
  // escapes, a base64 or hex run): it cannot be cut out where it sits, so each line that holds
  // it goes whole, and the whole text when the pieces span lines.
  const left = scanViews(out, "strict", false);
  if (left.length === 0) return out;
  const lines = out.split("\n").map((line) => {
    const found = scanViews(line, "strict", false);
    return found.length === 0 ? line : `[REDACTED:${found.join(",")}]`;
  });
  const joined = lines.join("\n");
  return scanViews(joined, "strict", false).length === 0 ? joined : `[REDACTED:${left.join(",")}]`;
}

function redactShapes(text: string): string {
  if (text.length === 0) return text;
  let out = KEY_HEADER_ANCHORS.some((anchor) => text.includes(anchor)) ? redactKeyBlocks(text) : text;
  let lower = out.toLowerCase();
  for (const pattern of PATTERNS) {
    if (pattern.name === "private_key" || !mayMatch(pattern, out, lower)) continue;
    const redacted = redactPattern(pattern, out);
    if (redacted !== out) lower = redacted.toLowerCase();
    out = redacted;
  }
  // A key body line is 40 or more base64 characters in a row: a text without such a run has none.
  return hasBase64Run(out) ? out.replace(KEY_BODY_LINE, "[REDACTED:key_body]") : out;
}

const BRACED_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * The part of a config value that is literal text: `${VAR}` removed, `${VAR:-default}` replaced by
 * its default, trimmed. An unbraced `$VAR` is kept (it may be part of a literal like `pa$sword`).
 */
export function scannable(value: string): string {
  return value.replace(BRACED_REFERENCE, (_whole, _name: string, fallback: string | undefined) => fallback ?? "").trim();
}

/** True when `value` refers to an environment variable (`${...}` or `$NAME`). */
export function hasEnvReference(value: string): boolean {
  return /\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*/.test(value);
}

/**
 * `value` with `${VAR}`, `${VAR:-default}` and `$VAR` expanded from `env` (passed in, so callers
 * stay pure). `fullyResolved` is false when a reference names an unset variable with no default;
 * such a reference is left as written.
 */
export function resolveEnvReferences(value: string, env: Readonly<Record<string, string | undefined>>): { text: string; fullyResolved: boolean } {
  let fullyResolved = true;
  const text = value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
      const name = (braced ?? bare) as string;
      const current = env[name];
      if (current !== undefined && current !== "") return current;
      if (fallback !== undefined) return fallback;
      if (current !== undefined) return current;
      fullyResolved = false;
      return whole;
    },
  );
  return { text, fullyResolved };
}

/** One secret-shaped literal found in a text: `[start, end)` and the pattern that found it. */
export interface SecretSpan {
  name: string;
  start: number;
  end: number;
}

/**
 * Where the secrets `scanSecrets` would report sit in `text`, by the same patterns and the same
 * rules (placeholders, code-shaped values and `# nosecret` lines are not secrets), each span
 * extended over the rest of its token; a private key spans its whole block, to its END line or to
 * the end of `text`. A generic `NAME=value` assignment spans only its value. Sorted by start,
 * overlapping spans merged (the first one's name kept). Linear, like the scan.
 */
export function secretSpans(text: string, mode: SecretScanMode): SecretSpan[] {
  if (text.length === 0) return [];
  const optedOut = NOSECRET.test(text) ? optOutLines(text) : undefined;
  const skip = (at: number): boolean => optedOut !== undefined && optedOut.some(([from, to]) => at >= from && at < to);
  const spans: SecretSpan[] = [];
  KEY_HEADER.lastIndex = 0;
  for (let header = KEY_HEADER.exec(text); header !== null; header = KEY_HEADER.exec(text)) {
    let start = header.index;
    if (header[0].startsWith("BEGIN")) {
      if (text[start - 1] === " ") start -= 1;
      while (start > header.index - 6 && text[start - 1] === "-") start -= 1;
    }
    KEY_END.lastIndex = header.index + header[0].length;
    const end = KEY_END.exec(text);
    const stop =
      end === null
        ? keyBodyEnd(text, afterRun(text, header.index + header[0].length, KEY_HEADER_TAIL))
        : afterRun(text, end.index + end[0].length, KEY_END_TAIL);
    if (!skip(header.index)) spans.push({ name: "private_key", start, end: stop });
    KEY_HEADER.lastIndex = stop;
  }
  for (const pattern of activePatterns(mode)) {
    if (pattern.name === "private_key") continue;
    pattern.regex.lastIndex = 0;
    for (let match = pattern.regex.exec(text); match !== null; match = pattern.regex.exec(text)) {
      if (!matchCounts(pattern, match, mode) || skip(match.index)) continue;
      const value = pattern.name === "generic_secret" ? genericValue(match) : undefined;
      const matchEnd = match.index + match[0].length;
      const end = tokenEnd(pattern, text, matchEnd);
      spans.push({ name: pattern.name, start: value === undefined ? match.index : matchEnd - value.length, end });
      pattern.regex.lastIndex = Math.max(end, match.index + 1);
    }
    pattern.regex.lastIndex = 0;
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretSpan[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

// What still belongs to an armour line after its match: the dashes of a 5-dash header, the rest of a MAC.
const KEY_HEADER_TAIL = /-{0,8}/y;
const KEY_END_TAIL = /[A-Za-z0-9+/=-]{0,4096}/y;

function afterRun(text: string, at: number, tail: RegExp): number {
  tail.lastIndex = at;
  const run = tail.exec(text);
  return at + (run ? run[0].length : 0);
}

// A line that can belong to an armoured key's body: base64, or an RFC 1421 / PuTTY header line.
const KEY_BLOCK_LINE =
  /^[ \t]{0,8}(?:[A-Za-z0-9+/=]{16,100}|=[A-Za-z0-9+/]{4}|(?:Proc-Type|DEK-Info|Comment|Version|Encryption|Public-Lines|Private-Lines|Key-Derivation|Argon2-[A-Za-z]{1,12}):[^\n]{0,200})[ \t]{0,8}\r?$/;

/**
 * Where a private key without an END line stops: after the body lines that follow its header (a
 * clipped key), not at the end of the text (a prose mention of a header keeps the prose after it).
 */
function keyBodyEnd(text: string, from: number): number {
  const lineEnd = (at: number): number => {
    const stop = text.indexOf("\n", at);
    return stop === -1 ? text.length : stop;
  };
  let end = lineEnd(from);
  while (end < text.length) {
    const next = lineEnd(end + 1);
    const line = text.slice(end + 1, next);
    // A blank line belongs to the block only when key lines follow it (PEM's gap after headers).
    const belongs = line.trim() === "" ? next < text.length && KEY_BLOCK_LINE.test(text.slice(next + 1, lineEnd(next + 1))) : KEY_BLOCK_LINE.test(line);
    if (!belongs) break;
    end = next;
  }
  return end === lineEnd(from) ? from : end;
}

/** `[start, end)` of every line that carries the `# nosecret` opt-out. */
function optOutLines(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  for (const line of text.split("\n")) {
    if (NOSECRET.test(line)) out.push([start, start + line.length]);
    start += line.length + 1;
  }
  return out;
}

/**
 * The credential-shaped literal scanner (reference-spec E.8.1 / C.0.5). Pure and dependency-free:
 * the hook runtime scans writes with it, the compiler scans MCP servers and env values with it, and
 * the audit log redacts with it. Lines containing `# nosecret` (any case) are never reported.
 */

/** `normal` is the everyday set; `strict` adds the noisier token shapes (Slack, Stripe, JWT). */
export type SecretScanMode = "strict" | "normal";

interface SecretPattern {
  name: string;
  regex: RegExp;
  strictOnly: boolean;
}

// The value of a generic `PASSWORD=...` style assignment: no whitespace, quotes, `$`, `<` or `{`
// (those mean a reference or a placeholder, not a literal).
const GENERIC_VALUE = "[^\\s\"'$<{]{8,}";

const PATTERNS: readonly SecretPattern[] = [
  { name: "aws_access_key", regex: /(?:AKIA|ASIA|AROA|AIPA)[A-Z0-9]{16}/g, strictOnly: false },
  { name: "aws_secret_key", regex: /aws_secret_access_key\s*[=:]\s*[A-Za-z0-9+/]{40}/gi, strictOnly: false },
  { name: "github_token", regex: /gh[ps]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{82}/g, strictOnly: false },
  { name: "private_key", regex: /-----BEGIN\s+(?:RSA|EC|OPENSSH|PGP)\s+PRIVATE KEY-----/g, strictOnly: false },
  { name: "bearer_token", regex: /Authorization:\s*Bearer\s+[A-Za-z0-9._\-+/]{20,}/gi, strictOnly: false },
  { name: "db_url_creds", regex: /(?:postgres|mysql|mongodb):\/\/[^:\s/]+:[^@\s]{4,}@/gi, strictOnly: false },
  {
    name: "generic_secret",
    // keyword, optional rest of the identifier and closing quote, then `=` (not `==`) or `:`.
    regex: new RegExp(
      `(?:PASSWORD|SECRET|API_KEY|PRIVATE_KEY|ACCESS_TOKEN)\\w*["']?\\s*(?:=(?!=)|:(?!=))\\s*(?:"(${GENERIC_VALUE})"|'(${GENERIC_VALUE})'|(${GENERIC_VALUE}))`,
      "gi",
    ),
    strictOnly: false,
  },
  { name: "slack_token", regex: /xox[bpors]-[A-Za-z0-9-]{10,}/g, strictOnly: true },
  { name: "stripe_key", regex: /[sr]k_(?:live|test)_[A-Za-z0-9]{20,}/g, strictOnly: true },
  { name: "jwt_token", regex: /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g, strictOnly: true },
];

// A bare value that reads as code (`config.password`, `getenv(`, `opts[`) is not a literal secret.
const LOOKS_LIKE_CODE = /[A-Za-z_]\.[A-Za-z_]|[A-Za-z_0-9]\(|[A-Za-z_0-9]\[/;

const NOSECRET = /#\s*nosecret/i;

function activePatterns(mode: SecretScanMode): SecretPattern[] {
  return PATTERNS.filter((p) => mode === "strict" || !p.strictOnly);
}

/** Drops every line that carries the `# nosecret` opt-out. */
function withoutOptOuts(text: string): string {
  if (!NOSECRET.test(text)) return text;
  return text
    .split("\n")
    .filter((line) => !NOSECRET.test(line))
    .join("\n");
}

/** True when this generic-secret match is a real literal (quoted, or bare and not code-shaped). */
function genericMatchCounts(match: RegExpExecArray): boolean {
  const bare = match[3];
  if (bare === undefined) return true;
  return !LOOKS_LIKE_CODE.test(bare);
}

function patternFinds(pattern: SecretPattern, text: string): boolean {
  pattern.regex.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.regex.exec(text)) !== null) {
    if (pattern.name !== "generic_secret" || genericMatchCounts(match)) {
      pattern.regex.lastIndex = 0;
      return true;
    }
  }
  return false;
}

/**
 * The names of the secret patterns found in `text`, sorted and unique. Lines containing
 * `# nosecret` (case-insensitive) are ignored. MCP and settings scanning use `strict`.
 */
export function scanSecrets(text: string, mode: SecretScanMode): string[] {
  if (text.length === 0) return [];
  const scanned = withoutOptOuts(text);
  const found: string[] = [];
  for (const pattern of activePatterns(mode)) {
    if (patternFinds(pattern, scanned)) found.push(pattern.name);
  }
  return found.sort();
}

/**
 * `text` with every secret-shaped literal replaced by `[REDACTED:<pattern>]` (strict set, so the
 * audit log never holds a token a looser scan would have missed). `# nosecret` lines are redacted
 * too: the opt-out allows a write, not a copy in a log.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    out = out.replace(pattern.regex, (...args: unknown[]) => {
      const whole = String(args[0]);
      if (pattern.name !== "generic_secret") return `[REDACTED:${pattern.name}]`;
      const quotedDouble = args[1] as string | undefined;
      const quotedSingle = args[2] as string | undefined;
      const bare = args[3] as string | undefined;
      const value = quotedDouble ?? quotedSingle ?? bare ?? "";
      if (bare !== undefined && LOOKS_LIKE_CODE.test(bare)) return whole;
      return whole.slice(0, whole.length - value.length - (bare === undefined ? 1 : 0)) + `[REDACTED:${pattern.name}]` + (bare === undefined ? whole.slice(-1) : "");
    });
  }
  return out;
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
  const text = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare) as string;
    const current = env[name];
    if (current !== undefined && current !== "") return current;
    if (fallback !== undefined) return fallback;
    if (current !== undefined) return current;
    fullyResolved = false;
    return whole;
  });
  return { text, fullyResolved };
}

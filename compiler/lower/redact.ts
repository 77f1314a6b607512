/**
 * Redaction for everything agentihooks prints (plan, apply, inspect, doctor; text and JSON): no
 * view shows a secret, whether it is a value resolved from the environment on purpose
 * (`_agentihooks.resolveHeaderEnv`), a credential-shaped literal the scanner knows, or a literal
 * under a credential name already sitting in the operator's own files. Only what is shown changes:
 * files, records and digests keep the exact bytes.
 */
import { redactSecrets } from "../../runtime/secrets";
import { isCredentialName, isLiteralSecret } from "./credentials";

/** What a redacted value is shown as. */
export const REDACTED = "[REDACTED]";

/**
 * Values this process resolved from the environment into a file (a header's `${TOKEN}` made
 * literal). Kept for the views of the same run; never written anywhere.
 */
const resolvedSecrets = new Set<string>();

/** Remembers a value resolved from the environment, so every view of this run hides it. Short values (under 4 characters) are not remembered: hiding them would mangle ordinary text. */
export function rememberResolvedSecret(value: string): void {
  if (value.length >= 4) resolvedSecrets.add(value);
}

// `"key": "value"` (JSON), `key = "value"` (TOML), `Key: value` (headers, YAML) and `KEY=value`
// (env files, command lines): the name decides with the value under the credential policy.
const JSON_PAIR = /("((?:[^"\\]|\\.)*)"\s*:\s*")((?:[^"\\]|\\.)*)(")/g;
const TOML_PAIR = /(^|[\s{,+-])((?:[A-Za-z0-9_.-]+|"(?:[^"\\]|\\.)*"))(\s*=\s*")((?:[^"\\]|\\.)*)(")/g;
const PLAIN_PAIR = /(^|[\s"'?&;+-])([A-Za-z_][A-Za-z0-9_.-]*)(=|:[ \t]+)([^\s"'&]+(?:[ \t]+[^\s"'&]+)?)/gm;
// The password of a URL's userinfo: `scheme://user:<password>@host`.
const URL_PASSWORD = /(\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/:@"']+:)([^\s/@"']+)(@)/g;

/**
 * `text` as it may be shown: every value remembered by `rememberResolvedSecret` replaced, then every
 * secret shape the scanner knows (`[REDACTED:<pattern>]`), then every `name: value` /
 * `name = value` / `NAME=value` pair whose name says secret and whose value is a literal.
 */
export function redactForDisplay(text: string): string {
  let out = text;
  if (resolvedSecrets.size > 0) {
    // Longest first, so a value that contains another is hidden whole.
    for (const secret of [...resolvedSecrets].sort((a, b) => b.length - a.length)) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    for (const secret of resolvedSecrets) {
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join(REDACTED);
    }
  }
  out = redactSecrets(out);
  // Only lines that hold a credential-ish name or a URL can hold a pair to hide: the pair patterns
  // run on those alone (a first apply's 2 MB of diff is mostly prose and code).
  let shown = "";
  let last = 0;
  HINT.lastIndex = 0;
  for (let hint = HINT.exec(out); hint !== null; hint = HINT.exec(out)) {
    const start = out.lastIndexOf("\n", hint.index) + 1;
    const newline = out.indexOf("\n", hint.index);
    const end = newline === -1 ? out.length : newline;
    shown += out.slice(last, start) + redactLine(out.slice(start, end));
    last = end;
    HINT.lastIndex = end;
  }
  return shown + out.slice(last);
}

/** What a line must hold to be worth the pair patterns: a credential-ish word or a URL. */
const HINT = /pass|pwd|secret|token|key|auth|cookie|credential|:\/\//gi;

function redactLine(line: string): string {
  let out = line;
  if (out.includes('"')) {
    out = out.replace(JSON_PAIR, (whole, open: string, key: string, value: string, close: string) =>
      hides(unescape(key), unescape(value)) ? `${open}${REDACTED}${close}` : whole,
    );
    if (out.includes("="))
      out = out.replace(TOML_PAIR, (whole, lead: string, key: string, eq: string, value: string, close: string) =>
        hides(key.replace(/^"|"$/g, ""), unescape(value)) ? `${lead}${key}${eq}${REDACTED}${close}` : whole,
      );
  }
  if (out.includes("://"))
    out = out.replace(URL_PASSWORD, (whole, head: string, password: string, at: string) => (password.includes(REDACTED) ? whole : `${head}${REDACTED}${at}`));
  return out.replace(PLAIN_PAIR, (whole, lead: string, key: string, sep: string, value: string) =>
    hides(key, value) ? `${lead}${key}${sep}${REDACTED}` : whole,
  );
}

// A cheap first look at a name before splitting it into words: most names hold none of these.
const NAME_HINT = /pass|pwd|secret|token|key|auth|cookie|credential/i;

/** True when `value` under `name` is a literal secret by its name (shapes are left to redactSecrets, which sees all text). */
function hides(name: string, value: string): boolean {
  return NAME_HINT.test(name) && !value.includes(REDACTED) && isCredentialName(name) && isLiteralSecret(value);
}

function unescape(jsonString: string): string {
  try {
    return JSON.parse(`"${jsonString}"`) as string;
  } catch {
    return jsonString;
  }
}

/** `value` as it may be shown when it sits under `name`: a string the policy refuses there is `[REDACTED]`, anything else goes through `redactValue`. */
export function redactNamedValue(name: string | undefined, value: unknown): unknown {
  const shown = redactValue(value);
  return typeof shown === "string" && name !== undefined && hides(name, shown) ? REDACTED : shown;
}

/** `value` with every string inside it passed through `redactForDisplay` (for JSON views); other values as they are. */
export function redactValue<T>(value: T): T {
  if (typeof value === "string") return redactForDisplay(value) as T;
  if (Array.isArray(value)) {
    // An argument list: the value after a credential-named flag (`--token`, `abc…`) is decided by the flag.
    return value.map((item, i) => {
      const flag = typeof value[i - 1] === "string" ? /^-{1,2}([A-Za-z0-9][A-Za-z0-9_.-]*)$/.exec(value[i - 1] as string) : null;
      return flag && typeof item === "string" && !item.startsWith("-") ? redactNamedValue(flag[1], item) : redactValue(item);
    }) as T;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // A member's own name decides too: {"DB_PASSWORD": "hunter2"} in an inspect view.
      const shown = redactNamedValue(key, item);
      Object.defineProperty(out, key, { value: shown, enumerable: true, writable: true, configurable: true });
    }
    return out as T;
  }
  return value;
}

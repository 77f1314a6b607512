/**
 * The one credential policy for every value agentihooks writes to disk (settings files, env maps,
 * MCP servers, and so the ownership records and the `build --out` tree that copy them): a value is
 * a credential when the secret scanner (runtime/secrets.ts, strict mode) finds a secret shape in
 * its literal part, or when its name says it holds a secret (`DB_PASSWORD`, `X-API-Key`,
 * `experimental_bearer_token`, `--token`) and the value is a literal rather than a reference
 * (`${VAR}`) or a placeholder. Callers drop such a value with a located warning.
 */
import { scannable, scanSecrets } from "../../runtime/secrets";

/** Scans already made in this process: every target scans the same values. */
const scanned = new Map<string, readonly string[]>();

/** The secret patterns found in the literal part of `value` (strict mode); empty when clean. Do not mutate the result (it is shared). */
export function credentialHits(value: string): readonly string[] {
  let hits = scanned.get(value);
  if (hits === undefined) {
    hits = scanSecrets(scannable(value), "strict");
    scanned.set(value, hits);
  }
  return hits;
}

/** The finding reported when a credential name holds a literal value. */
export const CREDENTIAL_NAME = "credential_name";

/** Last words of a name that hold a secret on their own. */
const SECRET_WORDS = new Set(["PASSWORD", "PASSWD", "PASSPHRASE", "PWD", "SECRET", "TOKEN", "APIKEY", "AUTHORIZATION", "COOKIE", "CREDENTIAL", "CREDENTIALS"]);
/** Words that make a final `KEY` a secret (`API_KEY`, `PRIVATE_KEY`, `SECRET_ACCESS_KEY`). */
const KEY_QUALIFIERS = new Set(["API", "PRIVATE", "SECRET", "ACCESS", "AUTH", "SIGNING", "ENCRYPTION", "MASTER", "CLIENT", "LICENSE", "SERVICE"]);

/**
 * The words of a name, upper-cased: split at `_`, `-`, `.`, `/`, `:`, spaces and camelCase
 * boundaries, trailing all-digit words dropped (`OPENAI_API_KEY_2` ends in `KEY`).
 */
function wordsOf(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toUpperCase());
  while (words.length > 0 && /^\d+$/.test(words[words.length - 1] as string)) words.pop();
  return words;
}

/**
 * True when `name` says its value is a secret: its last word is one of PASSWORD, PASSWD,
 * PASSPHRASE, PWD, SECRET, TOKEN, APIKEY, AUTHORIZATION, COOKIE, CREDENTIAL(S), or it ends in KEY
 * after API, PRIVATE, SECRET, ACCESS, AUTH, SIGNING, ENCRYPTION, MASTER, CLIENT, LICENSE or SERVICE.
 * A name that ends in another word (`PASSWORD_FILE`, `apiKeyHelper`, `bearer_token_env_var`,
 * `max_tokens`) names something else.
 */
export function isCredentialName(name: string): boolean {
  const words = wordsOf(name);
  const last = words[words.length - 1];
  if (last === undefined) return false;
  if (SECRET_WORDS.has(last)) return true;
  return last === "KEY" && words.length > 1 && KEY_QUALIFIERS.has(words[words.length - 2] as string);
}

/** Values that switch something rather than hold it (`USE_SECRET=true`). */
const SWITCH = /^(?:true|false|yes|no|on|off|none|null|nil|0|1|enabled?|disabled?|required|optional|auto)$/i;

/**
 * True when `value`, written under a credential name, is a literal secret: what is left after
 * removing references (`${VAR}`, `${VAR:-…}` keeps its default, `$VAR`) and an auth scheme word
 * (`Bearer`, `Basic`, `Token`) is not empty, punctuation, a switch word or a placeholder
 * (`<your-token>`, `xxxx`, `****`).
 */
export function isLiteralSecret(value: string): boolean {
  const literal = scannable(value)
    .replace(/\$[A-Za-z_][A-Za-z0-9_]*/g, " ")
    .replace(/^\s*(?:bearer|basic|token)\b/i, " ")
    .trim();
  if (!/[A-Za-z0-9]/.test(literal)) return false;
  if (SWITCH.test(literal)) return false;
  if (/^<[^<>]*>$/.test(literal) || /^\[[^[\]]*\]$/.test(literal)) return false;
  if (/^(.)\1*$/.test(literal)) return false;
  return true;
}

/**
 * The findings for one value written under `name` (undefined for an array item or a value without
 * a name): the scanner's pattern names; when it knows no shape, `credential_name` if the name says
 * secret and the value is a literal. Empty when the value may be written.
 */
export function credentialFindings(name: string | undefined, value: string): readonly string[] {
  const hits = credentialHits(value);
  if (hits.length > 0 || name === undefined || !isCredentialName(name) || !isLiteralSecret(value)) return hits;
  return [CREDENTIAL_NAME];
}

/**
 * Findings for a URL: the scanner's, a password in the userinfo (`https://u:p@host`), and query
 * parameters whose name says secret (`?api_key=…`). A value that is not a URL gets the scanner's only.
 */
export function urlFindings(value: string): readonly string[] {
  const hits = new Set(credentialHits(value));
  if (hits.size > 0) return [...hits];
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url !== undefined) {
    if (url.password !== "" && isLiteralSecret(decodeURIComponentSafe(url.password))) hits.add("url_password");
    for (const [param, paramValue] of url.searchParams) if (isCredentialName(param) && isLiteralSecret(paramValue)) hits.add(CREDENTIAL_NAME);
  }
  return [...hits].sort();
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Findings per argument of a command line: each argument scanned, `--name=value` checked under
 * `name`, and the argument after a credential-named flag (`--token sk-…`) checked under that flag.
 * Returns the indexes with findings, in order.
 */
export function argumentFindings(args: readonly unknown[]): Array<{ index: number; hits: readonly string[] }> {
  const out: Array<{ index: number; hits: readonly string[] }> = [];
  args.forEach((arg, index) => {
    if (typeof arg !== "string") return;
    const assignment = /^-{1,2}([A-Za-z0-9][A-Za-z0-9_.-]*)=([\s\S]*)$/.exec(arg);
    const previous = args[index - 1];
    const flag = typeof previous === "string" ? /^-{1,2}([A-Za-z0-9][A-Za-z0-9_.-]*)$/.exec(previous) : null;
    let hits: readonly string[];
    if (assignment) hits = credentialFindings(assignment[1], assignment[2] as string);
    else if (flag && !arg.startsWith("-")) hits = credentialFindings(flag[1], arg);
    else hits = credentialHits(arg);
    if (hits.length > 0) out.push({ index, hits });
  });
  return out;
}

/** One string leaf of a document that holds a credential: its path from the document root. */
export interface LeafFinding {
  path: string[];
  hits: readonly string[];
}

/**
 * A copy of `value` without the string leaves that hold a credential, and those leaves' paths. A
 * leaf is checked under its own key; an array item under the key of its array. Objects and arrays
 * keep their order; an emptied object or array stays (the caller decides what an empty one means).
 * Recursive: documents reach it after the loader's nesting limit (compiler/parse/nesting.ts).
 */
export function withoutCredentials(value: unknown, path: readonly string[] = []): { value: unknown; findings: LeafFinding[] } {
  const findings: LeafFinding[] = [];
  const copy = (node: unknown, at: string[], name: string | undefined): unknown => {
    if (typeof node === "string") {
      const hits = credentialFindings(name, node);
      if (hits.length > 0) {
        findings.push({ path: at, hits });
        return DROPPED;
      }
      return node;
    }
    if (Array.isArray(node)) return node.map((item, i) => copy(item, [...at, String(i)], name)).filter((item) => item !== DROPPED);
    if (node !== null && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(node)) {
        const kept = copy(item, [...at, key], key);
        if (kept !== DROPPED) Object.defineProperty(out, key, { value: kept, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    return node;
  };
  const result = copy(value, [...path], path[path.length - 1]);
  return { value: result === DROPPED ? undefined : result, findings };
}

const DROPPED = Symbol("dropped");

/**
 * Which paths hold credentials: dotenv files, shell rc and history files, credential stores, SSH
 * private keys, cloud, cluster and registry credentials, browsers' password and cookie stores,
 * `/etc/shadow`, Terraform state, and every process's `/proc/<pid>/environ`. Shared by
 * the credential-read guard (reading them), the destructive-command guard (writing dotenv files) and
 * the hidden-intent checks. Templates are safe: a name with a dot-separated part `example`,
 * `sample`, `template`, `dist`, `tpl`, `defaults` or `schema` (`.env.example`, `.env.example.bak`)
 * is meant to be read and committed. A glob counts when it could match one of these names (see
 * `globMayMatchSensitive`).
 */
import { basename } from "../shell";
import { fs } from "../node-builtins";
import { clientIds, findClient } from "../clients/registry";

const { readdirSync, statSync } = fs;

const TEMPLATE_PARTS = new Set([
  "example",
  "examples",
  "sample",
  "samples",
  "template",
  "templates",
  "tmpl",
  "tpl",
  "dist",
  "defaults",
  "default",
  "schema",
  "spec",
]);

const SHELL_FILES = new Set([
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zprofile",
  ".zshenv",
  ".zlogin",
  ".bash_history",
  ".zsh_history",
  ".history",
  ".sh_history",
  ".python_history",
  ".psql_history",
  ".mysql_history",
  ".node_repl_history",
  ".sqlite_history",
  ".rediscli_history",
  ".lesshst",
]);

const CREDENTIAL_FILES = new Set([
  ".netrc",
  "_netrc",
  ".npmrc",
  ".pypirc",
  ".git-credentials",
  ".pgpass",
  ".dockercfg",
  ".vault-token",
  ".my.cnf",
  ".boto",
  ".s3cfg",
  ".yarnrc.yml",
  ".gem-credentials",
  // Terraform's CLI configuration holds registry tokens in its `credentials` blocks.
  ".terraformrc",
  // direnv's per-directory environment: `export TOKEN=…` lines, loaded into every shell there.
  ".envrc",
]);

// Credentials identified by their directory and name: [directory, file pattern].
const NESTED: ReadonlyArray<[string, RegExp]> = [
  [".aws", /^(credentials|config)$/],
  [".docker", /^config\.json$/],
  // Any file directly in ~/.kube is a kubeconfig by convention (config, config.bak, prod-config).
  [".kube", /./],
  [".azure", /^(accessTokens\.json|msal_token_cache\.(json|bin)|azureProfile\.json)$/],
  ["gh", /^hosts\.yml$/],
  ["gcloud", /^(credentials\.db|access_tokens\.db|application_default_credentials\.json|legacy_credentials)$/],
  [".terraform.d", /^credentials\.tfrc\.json$/],
  ["private-keys-v1.d", /./],
  [".cargo", /^credentials(\.toml)?$/],
  [".gem", /^credentials$/],
  // Maven's settings hold repository passwords; settings-security.xml the key that decrypts them.
  [".m2", /^settings(-security)?\.xml$/],
  // A Kubernetes pod's service-account token (/var/run/secrets/kubernetes.io/serviceaccount/token).
  ["serviceaccount", /^token$/],
];

// Each client's login files in its home directory (its contract's `home.credentialFiles`), by the
// home's directory name: `~/.claude/.credentials.json`, `~/.codex/auth.json`, `~/.gemini/oauth_creds.json`.
const CLIENT_LOGINS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  clientIds().flatMap((id) => {
    const home = findClient(id)?.contract.home;
    return home?.credentialFiles ? [[home.dir, new Set(home.credentialFiles)] as const] : [];
  }),
);

// Browser profiles keep saved passwords and session cookies in these files.
const BROWSER_STORES = new Set(["logins.json", "key4.db", "key3.db", "signons.sqlite", "cookies.sqlite", "Login Data", "Cookies", "Web Data"]);
const BROWSER_PROFILE = /(^|\/)(\.mozilla\/firefox|Firefox\/Profiles|google-chrome|chromium|Google\/Chrome|BraveSoftware|microsoft-edge|Microsoft Edge)\//;

// Files whose whole content is secrets by design: the system's password hashes, Terraform state
// (resource attributes in clear, passwords included).
const SYSTEM_SECRETS = /^\/etc\/g?shadow-?$/;
const SECRET_STATE = /\.tfstate(\.backup)?$/;

function stripQuotes(path: string): string {
  return path.replace(/^["']|["']$/g, "");
}

/** True for a template name: a dot-separated part is `example`, `sample`, `template`, … */
export function isTemplateName(name: string): boolean {
  const parts = name.toLowerCase().split(".");
  return parts.some((part, i) => i > 0 && TEMPLATE_PARTS.has(part)) || (parts.length > 1 && TEMPLATE_PARTS.has(parts[0] as string));
}

/** True for a dotenv file name: `.env`, `.env.<anything>`, `<anything>.env` (templates excluded). */
export function isDotenvName(name: string): boolean {
  const base = basename(stripQuotes(name));
  if (isTemplateName(base)) return false;
  const lower = base.toLowerCase();
  if (lower === ".env" || lower.startsWith(".env.") || (lower.endsWith(".env") && lower.length > 4)) return true;
  // A glob such as `.env*` or `.env?` matches dotenv files too.
  return lower.startsWith(".env") && /[*?[]/.test(lower);
}

function sshPrivate(name: string): boolean {
  return (
    !name.endsWith(".pub") &&
    !/^(known_hosts|authorized_keys|config|environment|rc)(\.|$|2)/.test(name) &&
    !name.endsWith(".conf") &&
    name !== "." &&
    name !== ".."
  );
}

// Private keys and key stores by their extension (`server.key`, `cert.p12`, PuTTY's `.ppk`).
const KEY_EXTENSIONS = new Set(["key", "p12", "pfx", "jks", "keystore", "ppk"]);

/** True for a kubeconfig named as such: `kubeconfig`, `kubeconfig-prod.yaml`, `prod.kubeconfig`. */
function kubeconfigName(base: string): boolean {
  if (!base.includes("kubeconfig")) return false;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot + 1) : "";
  const stem = ext === "yaml" || ext === "yml" || ext === "json" || ext === "conf" ? base.slice(0, dot) : base;
  if (stem === "kubeconfig" || stem.endsWith(".kubeconfig") || stem.endsWith("-kubeconfig") || stem.endsWith("_kubeconfig")) return true;
  return (stem.startsWith("kubeconfig-") || stem.startsWith("kubeconfig_")) && !stem.includes(".");
}

/** True when the literal path (absolute or relative) names a credential file. */
export function isSensitivePath(path: string): boolean {
  const clean = stripQuotes(path.trim()).replace(/\\/g, "/");
  if (!clean) return false;
  const base = basename(clean);
  if (!base || isTemplateName(base)) return false;
  // An editor's backup (`.env~`, `id_rsa~`) holds what the file held.
  if (base.length > 1 && base.endsWith("~")) {
    let end = clean.length;
    while (end > 0 && clean.charCodeAt(end - 1) === 126) end -= 1;
    return end > 0 && clean[end - 1] !== "/" && isSensitivePath(clean.slice(0, end));
  }
  if (isDotenvName(base)) return true;
  if (SHELL_FILES.has(base) || CREDENTIAL_FILES.has(base)) return true;
  const parentEnd = clean.length - base.length - 1;
  const slash = parentEnd > 0 ? clean.lastIndexOf("/", parentEnd - 1) : -1;
  const parent = parentEnd > 0 ? clean.slice(slash + 1, parentEnd) : "";
  if (parent === ".ssh" && sshPrivate(base)) return true;
  if (base.startsWith("id_") && /^id_(rsa|dsa|ecdsa|ed25519|ecdsa_sk|ed25519_sk|xmss)$/.test(base)) return true;
  // A backup copy in a credential directory (`~/.aws/credentials.bak`) is judged as the file it copies.
  const copied = /\.(bak|old|orig|backup|save)$/.test(base) ? base.slice(0, base.lastIndexOf(".")) : base;
  for (const [dir, name] of NESTED) if (parent === dir && (name.test(base) || name.test(copied))) return true;
  const login = CLIENT_LOGINS.get(parent);
  if (login && (login.has(base) || login.has(copied))) return true;
  // The AWS SSO and CLI caches hold live access tokens (~/.aws/sso/cache/<hash>.json).
  if (parent === "cache" && /(^|\/)\.aws\/(sso|cli)\/cache\/[^/]+$/.test(clean)) return true;
  // git's credential store in its XDG place (~/.config/git/credentials).
  if (parent === "git" && base === "credentials" && /(^|\/)\.config\/git\/credentials$/.test(clean)) return true;
  if (base.startsWith("ssh_host_") && base.endsWith("_key")) return true;
  const ext = base.lastIndexOf(".") > 0 ? base.slice(base.lastIndexOf(".") + 1) : "";
  if (KEY_EXTENSIONS.has(ext)) return true;
  if (ext === "pem" && (base.includes("key") || base.includes("priv"))) return true;
  if (kubeconfigName(base)) return true;
  if (BROWSER_STORES.has(base) && BROWSER_PROFILE.test(clean)) return true;
  if (SYSTEM_SECRETS.test(clean) || SECRET_STATE.test(base)) return true;
  // A container's mounted secrets (Docker and Compose secrets, a pod's projected volumes): every
  // file under /run/secrets or /var/run/secrets holds one by design.
  if (/(^|\/)run\/secrets\/[^/]/.test(clean)) return true;
  // Any process's environment: /proc/<pid>/environ, /proc/self/task/<tid>/environ.
  if (base === "environ" && /(^|\/)proc\/[^/]+(\/task\/[^/]+)?\/environ$/.test(clean)) return true;
  return false;
}

// Directories that hold credentials as a whole.
const CREDENTIAL_DIRS = new Set([".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", "gcloud", ".password-store", ".vault"]);

/**
 * The protected set as base-name globs for a search tool's exclude options: a credential file has
 * a base name matched by one of `names`, or a directory named in `dirs` on its path
 * (tests/runtime/search-rewrite.test.ts proves the cover over every kind `isSensitivePath` knows).
 * Wider than the set (templates such as `.env.example`, `id_*.pub`), never narrower.
 */
export const CREDENTIAL_EXCLUDES: { readonly names: readonly string[]; readonly dirs: readonly string[] } = {
  // Dotenv names are matched in any case (`isDotenvName`); exclude globs are case-sensitive.
  names: [
    ".[eE][nN][vV]",
    ".[eE][nN][vV].*",
    "*.[eE][nN][vV]",
    "id_*",
    "*.tfstate",
    "*.tfstate.backup",
    "shadow",
    "gshadow",
    "shadow-",
    "gshadow-",
    "*~",
    "*.key",
    "*.p12",
    "*.pfx",
    "*.jks",
    "*.keystore",
    "*.ppk",
    "*key*.pem",
    "*priv*.pem",
    "ssh_host_*_key",
    "*kubeconfig*",
    "credentials",
    // `?` for a space: the clients' glob arguments split at spaces.
    ...[...BROWSER_STORES].map((name) => name.replaceAll(" ", "?")),
    ...SHELL_FILES,
    ...CREDENTIAL_FILES,
    ...[...CLIENT_LOGINS.values()].flatMap((names) => [...names]),
  ],
  dirs: [...new Set([".ssh", ...NESTED.map(([dir]) => dir), ".gnupg", ".password-store", ".vault"])],
};

/** True when `path` (absolute or relative) names a directory that holds credentials (`~/.ssh`, `~/.aws`, …). */
export function isCredentialDirectory(path: string): boolean {
  return CREDENTIAL_DIRS.has(basename(stripQuotes(path.trim())));
}

/**
 * Program code that takes a path from the home directory or the environment: a home lookup by any
 * language's name for it (`expanduser`, `os.homedir()`, `Path.home()`, `Dir.home`, `user.home`,
 * `getpwuid`, …), any read of the environment (`os.environ`, `getenv`, `process.env`, `ENV[`,
 * `$ENV{`, `$env:`, `$_SERVER`, which a computed key like `"HO" + "ME"` can turn into the home),
 * `$HOME`, or a `~/` path. Shared by the destructive guard (a tree delete in such code) and
 * self-protection (such code next to a client's home folder name).
 */
export const CODE_HOME_REFERENCE =
  /expanduser|expandvars|expand_path|home_?dir|Dir\.home|Path\.home|user\.home|userprofile|getenv|GetEnvironmentVariable|GetFolderPath|environ|\bENV\[|\$ENV\{|\$env:|process\.env\b|\benv\.get\s*\(|\$_SERVER|\$_ENV|getpw(?:uid|nam)|\$\{?HOME\b|['"]~\/?['"]|~\//i;

/** True when free text (a one-liner's code, a glob) mentions a credential file name anywhere. */
export function mentionsSensitivePath(text: string): boolean {
  for (const piece of text.split(/[\s'"`(),;=<>|&{}[\]]+/)) {
    if (piece && isSensitivePath(piece)) return true;
  }
  return false;
}

const EXTGLOB_SUFFIX: ReadonlyMap<string, string> = new Map([
  ["@", ""],
  ["?", "?"],
  ["*", "*"],
  ["+", "+"],
  ["!", ""],
]);

/** True when a pattern component holds a live glob: `*`, `?`, `[`, or an extended glob's `@(`, `+(`, `!(`. */
export function isGlobComponent(part: string): boolean {
  return /[*?[]|[@+!]\(/.test(part);
}

/**
 * One path component's glob as a RegExp (`*`, `?`, `[…]`, extended globs; a leading dot is matched only literally,
 * unless `dot`: bash's `dotglob`, on when the line sets it or `GLOBIGNORE`, and matching ignores case).
 * With `crossSlash`, `*` and `?` match `/` too, as find's `-path` patterns do.
 */
export function componentRegExp(glob: string, dot = false, crossSlash = false): RegExp {
  let body = "";
  const lead = (i: number): string => (i === 0 && !dot ? "(?!\\.)" : "");
  const any = crossSlash ? "[\\s\\S]" : "[^/]";
  // Open extended-glob groups (`@(a|b)`, bash manual, "Pattern Matching"): their closing suffix.
  const groups: string[] = [];
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i] as string;
    if (glob[i + 1] === "(" && EXTGLOB_SUFFIX.has(c)) {
      if (c === "!") {
        // `!(…)` matches what its alternatives do not: read as `*` (no leading dot, as bash does).
        let depth = 0;
        let j = i + 1;
        for (; j < glob.length; j += 1) {
          if (glob[j] === "(") depth += 1;
          else if (glob[j] === ")" && (depth -= 1) === 0) break;
        }
        body += `${lead(i)}${any}*`;
        i = j;
        continue;
      }
      // A group may spell a leading dot itself (`@(.env|x)` matches `.env`).
      groups.push(EXTGLOB_SUFFIX.get(c) as string);
      body += "(?:";
      i += 1;
    } else if (groups.length > 0 && c === "|") body += "|";
    else if (groups.length > 0 && c === ")") body += `)${groups.pop() as string}`;
    else if (c === "*") body += `${lead(i)}${any}*`;
    else if (c === "?") body += `${lead(i)}${any}`;
    else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close < 0) body += "\\[";
      else {
        let set = glob.slice(i + 1, close).replace(/\\/g, "\\\\");
        if (set.startsWith("!")) set = `^${set.slice(1)}`;
        body += `${lead(i)}[${set}]`;
        i = close;
      }
    } else body += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  while (groups.length > 0) body += `)${groups.pop() as string}`;
  try {
    return new RegExp(`^${body}$`, dot ? "i" : "");
  } catch {
    return /^$/;
  }
}

function hasLiteral(glob: string): boolean {
  // An extended glob's `!(…)` names nothing (it matches what it does not spell).
  return glob.replace(/\[[^\]]*\]|!\([^()]*\)|[*?]/g, "").length > 0;
}

// Names a glob is tried against: one of each kind of credential file.
const SAMPLE_NAMES = [".env", ".env.local", ".env.production", "prod.env", "server.key", "kubeconfig", ...SHELL_FILES, ...CREDENTIAL_FILES];
const SAMPLE_NESTED: ReadonlyArray<[string, string]> = [
  [".ssh", "id_rsa"],
  [".ssh", "id_ed25519"],
  [".ssh", "deploy_key"],
  [".aws", "credentials"],
  [".docker", "config.json"],
  [".kube", "config"],
  ["gh", "hosts.yml"],
  ["gcloud", "credentials.db"],
];

/**
 * True when the glob `pattern` (an absolute path whose last components may hold `*`, `?`, `[…]`)
 * could match a credential file: its name part matches a sample credential name and is not all
 * wildcards (`*.env`, `.e*`, `.en?`, `~/.ssh/id_*`, every file of `~/.ssh`, `environ` of any `/proc` entry), or it matches a
 * credential file that exists in its directory now (`cat *` next to `prod.env`). With `dot` (the
 * line turned on `dotglob` or `nocaseglob`), wildcards match a leading dot and case is ignored.
 */
export function globMayMatchSensitive(pattern: string, dot = false): boolean {
  const parts = pattern.split("/").filter((p) => p !== "");
  const last = parts[parts.length - 1] ?? "";
  const parent = parts[parts.length - 2] ?? "";
  const lastRe = componentRegExp(last, dot);
  if (hasLiteral(last) && SAMPLE_NAMES.some((name) => lastRe.test(name))) return true;
  const parentRe = componentRegExp(parent);
  for (const [dir, name] of SAMPLE_NESTED) {
    if (parentRe.test(dir) && lastRe.test(name) && (hasLiteral(last) || hasLiteral(parent))) return true;
  }
  // Any process's environment: a last part matching `environ` under a `proc` directory.
  if (lastRe.test("environ") && hasLiteral(last) && parts.includes("proc")) return true;
  // Only the last component is a glob: match it against the directory's real entries.
  const dirParts = parts.slice(0, -1);
  if (dirParts.some(isGlobComponent)) return false;
  try {
    const entries = readdirSync(`/${dirParts.join("/")}`);
    let budget = 4096;
    for (const entry of entries) {
      if ((budget -= 1) < 0) break;
      if (lastRe.test(entry) && isSensitivePath(`/${[...dirParts, entry].join("/")}`)) return true;
    }
  } catch {
    // No such directory: nothing there to match.
  }
  return false;
}

/**
 * The entry of one of `dirs` (the first 500 of each) that `accept` takes and that is `path` under
 * another name (same device and inode), or undefined; also when `path` is not a regular file with
 * more than one link. A hard link has no target to resolve: reading or writing it is the file.
 */
export function hardLinkAmong(path: string, dirs: Iterable<string>, accept: (candidate: string) => boolean): string | undefined {
  let st;
  try {
    st = statSync(path);
  } catch {
    return undefined;
  }
  if (!st.isFile() || st.nlink < 2) return undefined;
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir).slice(0, 500);
    } catch {
      continue;
    }
    for (const name of names) {
      const candidate = `${dir.replace(/\/+$/, "")}/${name}`;
      if (candidate === path || !accept(candidate)) continue;
      try {
        const other = statSync(candidate);
        if (other.ino === st.ino && other.dev === st.dev) return candidate;
      } catch {
        // Gone or unreadable: not this one.
      }
    }
  }
  return undefined;
}

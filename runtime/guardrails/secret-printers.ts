/**
 * Commands whose output is a stored credential: the "print the token" verbs of the CLIs an agent's
 * machine has signed in (`gh auth token`, `gcloud auth print-access-token`, `aws configure get
 * aws_secret_access_key`), the read verbs of secret stores and vaults (`pass show`, `op read`,
 * `vault kv get`, `sops -d`), and the options that export private keys (`gpg --export-secret-keys`,
 * `kubectl config view --raw`). What they print lands in the transcript as surely as `cat .env`.
 *
 * A command matches an entry when its words, options left out, hold the entry's words in a row
 * (so options and their values anywhere, `aws --profile prod configure get …`, change nothing), and
 * any option or operand the entry names is there too. Option spellings are matched as the programs
 * accept them (gpg's unique prefixes, clustered short options).
 */
import { downstreamOf, type EffectCommand } from "../command-effects";

interface SecretPrinter {
  /** The program's name; `NAME-*` stands for every helper named `NAME-<x>`. */
  program: string;
  /** Words (or word patterns) that must follow one another among the command's non-option words (none: any). */
  words: ReadonlyArray<string | RegExp>;
  /** An argument that must also be there (an option that reveals, or the operand that names a secret). */
  also?: RegExp;
  /** The word right after `words` must match this (the name of what is printed). */
  operand?: RegExp;
  /** Words right after `words` that do not print a secret (a store's listing verbs). */
  except?: RegExp;
}

const SECRET_NAME = /secret|token|password|passwd|credential|private|key$/i;

const PRINTER_LIST: readonly SecretPrinter[] = [
  { program: "gh", words: ["auth", "token"] },
  { program: "gh", words: ["auth", "status"], also: /^(-[A-Za-z]*t[A-Za-z]*|--show-token)$/ },
  { program: "gcloud", words: ["auth", "print-access-token"] },
  { program: "gcloud", words: ["auth", "print-identity-token"] },
  { program: "gcloud", words: ["auth", "application-default", "print-access-token"] },
  { program: "gcloud", words: ["secrets", "versions", "access"] },
  { program: "az", words: ["account", "get-access-token"] },
  { program: "az", words: ["keyvault", "secret", "show"] },
  { program: "aws", words: ["configure", "get"], operand: SECRET_NAME },
  { program: "aws", words: ["configure", "export-credentials"] },
  { program: "aws", words: ["ecr", "get-login-password"] },
  { program: "aws", words: ["codeartifact", "get-authorization-token"] },
  { program: "aws", words: ["sts", "get-session-token"] },
  { program: "aws", words: ["secretsmanager", "get-secret-value"] },
  { program: "aws", words: ["ssm", "get-parameter"], also: /^--with-decryption$/ },
  { program: "aws", words: ["ssm", "get-parameters"], also: /^--with-decryption$/ },
  { program: "aws", words: ["ssm", "get-parameters-by-path"], also: /^--with-decryption$/ },
  { program: "heroku", words: ["auth:token"] },
  { program: "gpg", words: [], also: /^--export-sec/ },
  { program: "gpg2", words: [], also: /^--export-sec/ },
  { program: "security", words: ["find-generic-password"], also: /^-[A-Za-z]*[wg][A-Za-z]*$/ },
  { program: "security", words: ["find-internet-password"], also: /^-[A-Za-z]*[wg][A-Za-z]*$/ },
  { program: "git", words: ["credential", "fill"] },
  { program: "git", words: [/^credential-./, "get"] },
  { program: "git-credential-*", words: ["get"] },
  { program: "docker-credential-*", words: ["get"] },
  { program: "kubectl", words: ["config", "view"], also: /^--raw(=true)?$/ },
  { program: "op", words: ["read"] },
  { program: "op", words: ["item", "get"], also: /^--(reveal|fields?)(=.*)?$/ },
  { program: "vault", words: ["read"] },
  { program: "vault", words: ["kv", "get"] },
  { program: "vault", words: ["print", "token"] },
  { program: "bw", words: ["get"] },
  { program: "lpass", words: ["show"] },
  { program: "pass", words: ["show"] },
  { program: "pass", words: ["grep"] },
  { program: "gopass", words: ["show"] },
  { program: "gopass", words: ["grep"] },
  { program: "secret-tool", words: ["lookup"] },
  { program: "keyring", words: ["get"] },
  { program: "sops", words: [], also: /^(-d|--decrypt|decrypt|-[A-Za-z]*d[A-Za-z]*)$/ },
  { program: "ansible-vault", words: ["view"] },
  { program: "chamber", words: ["read"] },
  { program: "chamber", words: ["export"] },
  { program: "infisical", words: ["secrets"], except: /^(set|delete|folders)$/ },
  { program: "doppler", words: ["secrets"], except: /^(set|delete|names|upload)$/ },
];

/** The entries by program: a hook tests only the entries of the program it sees (each regex is compiled on first use). */
const PRINTERS: ReadonlyMap<string, readonly SecretPrinter[]> = PRINTER_LIST.reduce((map, printer) => {
  map.set(printer.program, [...(map.get(printer.program) ?? []), printer]);
  return map;
}, new Map<string, SecretPrinter[]>());

/** The key of `name` in PRINTERS: a credential helper's family. */
function programKey(name: string): string {
  for (const family of ["git-credential-", "docker-credential-"]) if (name.startsWith(family) && name.length > family.length) return `${family}*`;
  return name;
}

// `pass NAME` (no verb) shows NAME; these verbs of pass and gopass do not print a secret.
const PASS_OTHER_VERBS =
  /^(init|ls|list|find|search|insert|add|edit|generate|rm|remove|delete|mv|rename|cp|copy|git|help|version|otp|audit|sync|setup|config|fsck|mounts|recipients|templates|update)$/;

/**
 * The command's words that are not options (after `--` every word is one), each with whether it
 * follows an option written without `=` (so it may be that option's value: `--profile prod`).
 */
function plainWords(args: readonly string[]): Array<{ word: string; afterOption: boolean }> {
  const words: Array<{ word: string; afterOption: boolean }> = [];
  let options = true;
  let previous = "";
  for (const a of args) {
    if (options && a === "--") options = false;
    else if (!options || !a.startsWith("-")) words.push({ word: a, afterOption: options && previous.startsWith("-") && !previous.includes("=") });
    previous = a;
  }
  return words;
}

/**
 * True when `args` hold the printer's words in a row, at the command's start: every plain word
 * before them may be an option's value (so `gh issue create --title auth --body token` is no
 * `gh auth token`, and `aws --profile prod configure get` is `aws configure get`).
 */
function matches(printer: SecretPrinter, args: readonly string[], words: ReadonlyArray<{ word: string; afterOption: boolean }>): boolean {
  if (printer.also && !args.some((a) => (printer.also as RegExp).test(a))) return false;
  if (printer.words.length === 0) return true;
  for (let i = 0; i + printer.words.length <= words.length; i += 1) {
    if (printer.words.every((w, k) => (typeof w === "string" ? words[i + k]?.word === w : w.test(words[i + k]?.word ?? "")))) {
      const next = words[i + printer.words.length]?.word;
      const operandOk = !printer.operand || (next !== undefined && printer.operand.test(next));
      const notExcepted = !printer.except || next === undefined || !printer.except.test(next);
      if (operandOk && notExcepted) return true;
    }
    if (!words[i]?.afterOption) return false;
  }
  return false;
}

// Options of the commands that read a secret on stdin to sign in with it (`docker login
// --password-stdin`, `gh auth login --with-token`): a printer piped straight into one prints nothing.
const READS_SECRET_ON_STDIN = /^--(password-stdin|with-token|token-stdin)$/;

/** The block message when `command` prints a stored credential, or undefined. */
export function secretPrinterBlock(command: EffectCommand): string | undefined {
  const { name } = command;
  const args = command.argv.slice(1);
  const words = plainWords(args);
  const next = downstreamOf(command);
  if (next.length === 1 && next[0]?.argv.some((a) => READS_SECRET_ON_STDIN.test(a))) return undefined;
  const shown = [name, ...args].join(" ");
  const what = shown.length > 80 ? `${shown.slice(0, 77)}...` : shown;
  const printsSecret =
    (PRINTERS.get(programKey(name)) ?? []).some((p) => matches(p, args, words)) ||
    // `pass NAME`: a name that is no verb is shown.
    ((name === "pass" || name === "gopass") && words.length > 0 && !PASS_OTHER_VERBS.test(words[0]?.word as string) && words[0]?.word !== "show");
  return printsSecret
    ? `BLOCKED: ${what} prints a stored credential, which must not reach the transcript. Let the tool that needs it read it itself (gh, the cloud CLIs and credential helpers do), or ask the operator for what you need.`
    : undefined;
}

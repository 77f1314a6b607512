/**
 * Property tests (fast-check) of the command reading (runtime/shell.ts, runtime/command-effects.ts)
 * and the guards on it, in-process, as Claude's Bash tool on a checkout of `main`:
 * - any quoting or escaping of the words of a command (single, double, backslash, ANSI-C `$'\x..'`)
 *   is decided as the plain command is;
 * - harmless wrappers around a denied command (`env`, `command`, `nice`, `sudo`, subshells, groups,
 *   `;`/`&&`/`||` chains, `bash -c` and `eval` with correct quoting, `$(…)`, `if`, `for`) never turn
 *   the deny into an allow;
 * - generated everyday commands are allowed (the false-positive rate the docs state);
 * - arbitrary text never makes a guard throw (a guard that throws is bypassed, so this is a fail-open
 *   check) and is always answered with 0 or 2.
 * `npm test` runs a sixth of the cases (fresh ones each run); AGENTIHOOKS_FULL_SWEEP=1 runs all.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commandEffects } from "../../runtime/command-effects";
import { runHook } from "../../runtime/run-hook";
import { cleanEnv, tempDir, tempRepo } from "./helpers";

const repo = tempRepo("main");
const home = tempDir();

/** Generous: the full sweep decides thousands of commands on a shared machine. */
const TIMEOUT = 600_000;

function runs(full: number): number {
  return process.env.AGENTIHOOKS_FULL_SWEEP === "1" ? full : Math.ceil(full / 6);
}

/** The runtime's answer to Claude's Bash tool running `command` in the checkout (0 allow, 2 deny). */
function decide(command: string): { exitCode: number; stderr: string } {
  const stdin = JSON.stringify({ session_id: "p", cwd: repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t" });
  const reply = runHook({ stdin, argv: [], env: cleanEnv(home, { AGENTIHOOKS_TARGET: "claude" }), cwd: repo, now: () => new Date(0) });
  return { exitCode: reply.exitCode, stderr: reply.stderr };
}

/** Commands every default guard set must deny, as words (no shell syntax inside a word). */
const DENIED: readonly (readonly string[])[] = [
  ["cat", "~/.ssh/id_rsa"],
  ["cat", ".env"],
  ["head", "-n", "5", ".env.production"],
  ["less", "~/.aws/credentials"],
  ["cp", "~/.netrc", "/tmp/n"],
  ["source", ".env"],
  ["base64", "~/.ssh/id_ed25519"],
  ["rm", "-rf", "/"],
  ["rm", "-rf", "~"],
  ["rm", "-r", "-f", "/usr"],
  ["rm", "-rf", ".."],
  ["git", "push", "origin", "main"],
  ["git", "push", "--force", "origin", "feature/x"],
  ["git", "push", "origin", "--delete", "master"],
  ["git", "reset", "--hard", "HEAD~1"],
  ["git", "branch", "-D", "main"],
  ["printenv"],
  ["env"],
  ["rm", "~/.agentihooks/policy.claude.json"],
  ["tee", "~/.claude/settings.json"],
  ["mv", "~/.claude/agentihooks-hook.sh", "/tmp/x"],
];

/** Everyday commands (each must be allowed on its own). */
const HARMLESS: readonly string[] = [
  "ls -la",
  "ls -la src",
  "cat README.md",
  "cat src/index.ts",
  "git status --short",
  "git log --oneline -n 20",
  "git diff src/index.ts",
  "git push origin feature/login",
  "git push --dry-run",
  "git push --tags",
  "git checkout -b feature/render",
  'git commit -m "fix: render the list"',
  "npm test",
  "npm run build",
  "npx vitest run tests/app.test.ts",
  "grep -rn TODO src",
  "rg --files src",
  "rm -rf build",
  "rm -rf node_modules",
  "rm -rf /tmp/build-1",
  "rm notes.txt",
  "mkdir -p dist/assets",
  "echo hello > out.txt",
  "echo $HOME",
  "echo ${#GITHUB_TOKEN}",
  "cp .env.example .env.example.bak",
  "cp package.json /tmp/package.json",
  "find . -name '*.pyc' -delete",
  "find /tmp -name '*.log' -mtime +7 -delete",
  "tail -n 40 build.log",
  "wc -l src/index.ts",
  "sed -n 1,10p src/index.ts",
  "jq .scripts package.json",
  "python3 -m pytest -q",
  "node scripts/build.mjs",
  "docker ps",
  "kubectl get pods -n dev",
  "ls .env",
  "test -f .env",
  "export PATH=$PATH:/opt/bin",
  "env | wc -l",
  "cat ~/.ssh/id_rsa.pub",
  "cat ~/.claude/settings.json",
];

// ---- respelling: the same words, quoted and escaped as a shell user might -------------------------

const hex = (c: string): string => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`;

/** One segment of a word, spelled in one of the ways the shell reads as the same characters. */
function spell(segment: string, how: number): string {
  switch (how % 5) {
    case 0:
      return segment;
    case 1:
      return `'${segment}'`;
    case 2:
      return `"${segment}"`;
    case 3:
      return [...segment].map((c) => `\\${c}`).join("");
    default:
      return `$'${[...segment].map(hex).join("")}'`;
  }
}

/** `word` cut into segments and each spelled its own way; a leading `~/` stays as it is (quoted, it is no tilde). */
const respelledWord = (word: string): fc.Arbitrary<string> => {
  const fixed = word.startsWith("~") ? (word.startsWith("~/") ? "~/" : "~") : "";
  const rest = word.slice(fixed.length);
  if (rest === "") return fc.constant(word);
  return fc.array(fc.tuple(fc.integer({ min: 1, max: Math.max(1, rest.length) }), fc.nat()), { minLength: 1, maxLength: 6 }).map((cuts) => {
    let out = fixed;
    let at = 0;
    for (const [length, how] of cuts) {
      if (at >= rest.length) break;
      out += spell(rest.slice(at, at + length), how);
      at += length;
    }
    return at < rest.length ? out + spell(rest.slice(at), cuts.length) : out;
  });
};

const respelled = (words: readonly string[]): fc.Arbitrary<string> => fc.tuple(...words.map(respelledWord)).map((ws) => ws.join(" "));

// ---- harmless wrappers ----------------------------------------------------------------------------

const singleQuoted = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
const doubleQuoted = (s: string): string => `"${s.replace(/["\\$`]/g, (c) => `\\${c}`)}"`;

/** Programs that run the rest of their words as a command: they wrap a simple command only. */
const PREFIXES: ReadonlyArray<(c: string) => string> = [
  (c) => `env FOO=bar ${c}`,
  (c) => `command ${c}`,
  (c) => `nice -n 5 ${c}`,
  (c) => `nohup ${c}`,
  (c) => `sudo ${c}`,
  (c) => `timeout 10 ${c}`,
];

/** Shell syntax around any command line. */
const WRAPPERS: ReadonlyArray<(c: string) => string> = [
  (c) => `time ${c}`,
  (c) => `(${c})`,
  (c) => `{ ${c}; }`,
  (c) => `true; ${c}`,
  (c) => `true && ${c}`,
  (c) => `false || ${c}`,
  (c) => `cd /tmp && cd - && ${c}`,
  (c) => `${c} | cat`,
  (c) => `${c}; echo done`,
  (c) => `bash -c ${singleQuoted(c)}`,
  (c) => `sh -c ${doubleQuoted(c)}`,
  (c) => `eval ${singleQuoted(c)}`,
  (c) => `echo "$( ${c} )"`,
  (c) => `if true; then ${c}; fi`,
  (c) => `for i in 1; do ${c}; done`,
];

const wrapped = (command: string): fc.Arbitrary<string> =>
  fc
    .tuple(fc.array(fc.constantFrom(...PREFIXES), { maxLength: 2 }), fc.array(fc.constantFrom(...WRAPPERS), { maxLength: 3 }))
    .filter(([prefixes, wrappers]) => prefixes.length + wrappers.length > 0)
    .map(([prefixes, wrappers]) => [...prefixes, ...wrappers].reduce((c, wrap) => wrap(c), command));

// ---- generated everyday commands ------------------------------------------------------------------

const FILES = ["README.md", "src/index.ts", "package.json", "docs/guide.md", "notes.txt", "src/app/main.py", "Cargo.toml"];
const DIRS = ["src", "build", "dist", "node_modules", "/tmp/build-1", "docs", "target"];
const WORDS = ["foo", "bar", "TODO", "render", "login", "fix", "v2"];
const BRANCHES = ["feature/login", "fix/render-2", "chore/deps"];

const everyday: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HARMLESS),
  fc.tuple(fc.constantFrom("ls -la", "du -sh", "tree -L 2", "mkdir -p", "rm -rf"), fc.constantFrom(...DIRS)).map(([c, d]) => `${c} ${d}`),
  fc
    .tuple(fc.constantFrom("cat", "head -n 20", "tail -n 5", "wc -l", "git diff", "git add", "vim", "stat"), fc.constantFrom(...FILES))
    .map(([c, f]) => `${c} ${f}`),
  fc.tuple(fc.constantFrom("grep -rn", "rg", "git grep"), fc.constantFrom(...WORDS), fc.constantFrom(...DIRS)).map(([c, w, d]) => `${c} ${w} ${d}`),
  fc
    .tuple(fc.constantFrom(...BRANCHES), fc.constantFrom("git push origin", "git push -u origin", "git switch -c", "git checkout -b"))
    .map(([b, c]) => `${c} ${b}`),
  fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...FILES)).map(([w, f]) => `echo ${w} >> ${f}.log`),
  fc.tuple(fc.constantFrom(...FILES), fc.constantFrom(...DIRS)).map(([f, d]) => `cp ${f} ${d}/`),
);

const everydayLine: fc.Arbitrary<string> = fc
  .array(fc.tuple(everyday, fc.constantFrom(" && ", "; ", " || ")), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.map(([c, sep], i) => (i === parts.length - 1 ? c : c + sep)).join(""));

// ---- the properties -------------------------------------------------------------------------------

describe("shell reading and guards (fast-check)", () => {
  it("every listed dangerous command is denied and every listed everyday command allowed, plainly written", () => {
    for (const words of DENIED) expect(decide(words.join(" ")).exitCode, words.join(" ")).toBe(2);
    for (const command of HARMLESS) expect(decide(command).exitCode, command).toBe(0);
  });

  it(
    `quoting and escaping a command's words does not change its decision (${runs(3_000)} spellings)`,
    () => {
      const cases = fc.oneof(
        ...[...DENIED, ...HARMLESS.filter((c) => !/[$'"{}>|*]/.test(c)).map((c) => c.split(" "))].map((words) =>
          fc.tuple(fc.constant(words), respelled(words)),
        ),
      );
      fc.assert(
        fc.property(cases, ([words, spelled]) => {
          expect(decide(spelled).exitCode, `${spelled}  (plain: ${words.join(" ")})`).toBe(decide(words.join(" ")).exitCode);
        }),
        { numRuns: runs(3_000) },
      );
    },
    TIMEOUT,
  );

  it(
    `harmless wrappers never turn a deny into an allow (${runs(3_000)} wrappings)`,
    () => {
      const cases = fc.constantFrom(...DENIED.map((w) => w.join(" "))).chain((c) => fc.tuple(fc.constant(c), wrapped(c)));
      fc.assert(
        fc.property(cases, ([plain, command]) => {
          expect(decide(command).exitCode, `${command}  (plain: ${plain})`).toBe(2);
        }),
        { numRuns: runs(3_000) },
      );
    },
    TIMEOUT,
  );

  it(
    `generated everyday command lines are allowed (${runs(3_000)} lines)`,
    () => {
      fc.assert(
        fc.property(everydayLine, (command) => {
          const { exitCode, stderr } = decide(command);
          expect(exitCode, `${command}\n${stderr}`).toBe(0);
        }),
        { numRuns: runs(3_000) },
      );
    },
    TIMEOUT,
  );

  it(
    `arbitrary text as a command never makes a guard fail, and is answered 0 or 2 (${runs(3_000)} texts)`,
    () => {
      const text = fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.string({ unit: "binary", maxLength: 120 }),
        fc
          .array(
            fc.constantFrom(
              "'",
              '"',
              "\\",
              "$(",
              ")",
              "`",
              "$'",
              "${",
              "}",
              "<<",
              "EOF",
              "\n",
              ";",
              "&&",
              "|",
              "(",
              "{",
              "cat",
              ".env",
              "rm",
              "-rf",
              "~",
              "/",
              " ",
              "bash -c",
              "eval",
            ),
            { maxLength: 40 },
          )
          .map((parts) => parts.join("")),
      );
      fc.assert(
        fc.property(text, (command) => {
          expect(() => commandEffects(command, repo, cleanEnv(home))).not.toThrow();
          const { exitCode, stderr } = decide(command);
          expect([0, 2]).toContain(exitCode);
          expect(stderr, command).not.toMatch(/guard bypassed|internal error|failed while checking/);
        }),
        { numRuns: runs(3_000) },
      );
    },
    TIMEOUT,
  );
});

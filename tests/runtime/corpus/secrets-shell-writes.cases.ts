/**
 * Secrets written to files by shell commands: every way a command line writes a file
 * (redirections, `tee` through `sudo` and `command`, `sed -i`, `sponge`, `cp`/`install` from
 * `/dev/stdin`, `dd of=`, heredocs, here-strings, `bash -c`, subshells and groups, script runners),
 * and a secret in a command whose effect the analyser cannot see. Inline secrets that write nothing
 * are allowed (with a NOTE).
 */
import type { CorpusCase } from "./case";
import { NORMAL_SECRETS } from "./secret-samples";

const REASON = /Secret\(s\) detected in (?:a )?Bash command/;

// One-line samples of each family (single-quoted safely: none holds a quote).
const SAMPLES = NORMAL_SECRETS.filter((s) => ["aws-akia", "ghp", "github-pat", "bearer", "postgres", "generic-env", "pem-header-only"].includes(s.slug));

const WRITERS: ReadonlyArray<[string, (s: string) => string]> = [
  ["redirect", (s) => `echo '${s}' > creds.txt`],
  ["append", (s) => `echo '${s}' >> config/app.conf`],
  ["clobber", (s) => `echo '${s}' >| out.txt`],
  ["both-streams", (s) => `echo '${s}' &> log.txt`],
  ["printf", (s) => `printf '%s\\n' '${s}' > settings.ini`],
  ["tee", (s) => `echo '${s}' | tee secrets.txt`],
  ["sudo-tee", (s) => `echo '${s}' | sudo tee /etc/app.conf > /dev/null`],
  ["command-tee", (s) => `echo '${s}' | command tee -a app.conf`],
  ["sed-i", (s) => `sed -i 's|PLACEHOLDER|${s}|' config.ini`],
  ["sponge", (s) => `echo '${s}' | sponge app.conf`],
  ["cp-stdin", (s) => `echo '${s}' | cp /dev/stdin key.txt`],
  ["install-stdin", (s) => `echo '${s}' | install -m 600 /dev/stdin ~/.config/app/token`],
  ["dd", (s) => `echo '${s}' | dd of=token.txt status=none`],
  ["heredoc", (s) => `cat <<EOF > app.conf\n${s}\nEOF`],
  ["heredoc-quoted", (s) => `cat > app.conf <<'EOF'\n${s}\nEOF`],
  ["here-string", (s) => `tee app.conf <<< '${s}'`],
  ["bash-c", (s) => `bash -c "echo '${s}' > app.conf"`],
  ["subshell", (s) => `(echo start; echo '${s}') > app.conf`],
  ["group", (s) => `{ echo '${s}'; } >> app.conf`],
  ["cd-then-write", (s) => `cd config && echo '${s}' > app.conf`],
  ["python", (s) => `python3 -c "open('app.conf','w').write('${s}')"`],
  ["eval", (s) => `eval "echo '${s}' > app.conf"`],
  // Configuration setters store the value they are given in a file.
  ["npm-config", (s) => `npm config set //registry.npmjs.org/:_authToken '${s}'`],
  ["yarn-config", (s) => `yarn config set npmAuthToken '${s}'`],
  ["git-config-global", (s) => `git config --global credential.token '${s}'`],
  ["pip-config", (s) => `pip config set global.extra-index-url 'https://ci:x@pypi.internal/simple ${s}'`],
];

const cases: CorpusCase[] = [];
for (const sample of SAMPLES) {
  for (const [slug, make] of WRITERS) {
    cases.push({
      id: `secrets-shell-writes/${sample.slug}-${slug}`,
      class: "secrets-shell-writes/writer",
      kind: "shell",
      command: make(sample.text),
      expect: "deny",
      reason: REASON,
    });
  }
}

// Hidden spellings of the value itself: ANSI-C quoting and a variable set earlier in the line.
const ghp = NORMAL_SECRETS.find((s) => s.slug === "gho")?.text as string;
const ansi = [...ghp].map((ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
cases.push(
  {
    id: "secrets-shell-writes/ansi-c-quoted",
    class: "secrets-shell-writes/hidden-value",
    kind: "shell",
    command: `echo $'${ansi}' > token.txt`,
    expect: "deny",
    reason: REASON,
  },
  {
    id: "secrets-shell-writes/variable-then-write",
    class: "secrets-shell-writes/hidden-value",
    kind: "shell",
    command: `T='${ghp}'; echo "$T" > token.txt`,
    expect: "deny",
    reason: REASON,
  },
);

// The value completed at run time by a substitution whose output the analyser computes.
const half = Math.floor(ghp.length / 2);
const [head, tail] = [ghp.slice(0, half), ghp.slice(half)];
const substituted: Array<[string, string]> = [
  ["echo-substitution", `echo ${head}$(echo ${tail}) > token.txt`],
  ["printf-substitution-append", `echo "${head}$(printf %s ${tail})" >> app.cfg`],
  ["assigned-substitution", `x=$(echo ${head})${tail}; echo "$x" > token.txt`],
  ["backquoted", `echo "token: \`echo ${head}\`${tail}" > token.txt`],
  ["nested-substitution", `echo "$(echo ${head}$(echo ${tail}))" | tee token.txt`],
];
substituted.push(["variables-joined", `a=${head}; b=${tail}; echo "$a$b" > token.txt`], ["variable-appended", `a=${head}; echo "\${a}${tail}" >> app.cfg`]);
for (const [slug, command] of substituted)
  cases.push({ id: `secrets-shell-writes/${slug}`, class: "secrets-shell-writes/hidden-value", kind: "shell", command, expect: "deny", reason: REASON });

// A token put together by writes no piece of which holds it: pieces written to one file in one line,
// or the end of a file an earlier call wrote, appended to.
const completed: Array<[string, string, Record<string, string>?]> = [
  ["pieces-one-line", `printf '%s' ${head} > token.txt; printf '%s' ${tail} >> token.txt`],
  ["pieces-echo-n", `echo -n ${head} > app.cfg && echo ${tail} >> app.cfg`],
  ["appended-to-earlier-write", `printf '%s\\n' ${tail} >> app.cfg`, { "app.cfg": `name=demo\ntoken=${head}` }],
  ["tee-appended-to-earlier-write", `echo ${tail} | tee -a app.cfg`, { "app.cfg": `token=${head}` }],
];
for (const [slug, command, files] of completed)
  cases.push({
    id: `secrets-shell-writes/${slug}`,
    class: "secrets-shell-writes/completed-in-file",
    kind: "shell",
    command,
    ...(files ? { files } : {}),
    expect: "deny",
    reason: /Secret\(s\) detected in what this Bash command puts together in a file/,
  });
for (const [slug, command, files] of [
  ["append-log-line", "echo 'build finished' >> build.log", { "build.log": "started\n" }],
  ["append-after-token-file", "echo 'more' >> notes.txt", { "notes.txt": `token=${ghp} # nosecret\n` }],
] as const)
  cases.push({ id: `harmless/secrets-shell-${slug}`, class: "harmless/secrets-shell", kind: "shell", command, files: { ...files }, expect: "allow" });

// A value with no known shape, stored by a configuration setter under a key that names a credential.
const stored: ReadonlyArray<[string, string]> = [
  ["aws-secret", "aws configure set aws_secret_access_key wJalrXUtnFEMI"],
  ["npm-auth-token", "npm config set //registry.npmjs.org/:_authToken=abc123def"],
  ["git-password", "git config --global user.password hunter2x"],
  ["git-token", "git config --global github.token abcd1234efgh"],
  ["composer-oauth", "composer config github-oauth.github.com abc123def456"],
  ["poetry-token", "poetry config pypi-token.pypi pypi-abc123"],
  ["yarn-token", "yarn config set npmAuthToken abc123xyz"],
  ["sudo-git-secret", "sudo git config --system smtp.pass s3cr3tpw"],
  // HTTP Basic credentials under a key that names only a host or a repository.
  ["bundler-host", "bundle config set --global gems.example.com deploy:Xk29vLq8"],
  ["bundler-url-host", "bundle config set https://gems.internal.io ci:s3cr3t-pw"],
  ["poetry-http-basic", "poetry config http-basic.internal ci Xk29vLq8w"],
];
for (const [slug, command] of stored)
  cases.push({
    id: `secrets-shell-writes/stored-${slug}`,
    class: "secrets-shell-writes/config-setter",
    kind: "shell",
    command,
    expect: "deny",
    reason: /store a credential in its configuration file/,
  });

// Inline only: the value goes to a program, not into a file.
const inline: ReadonlyArray<[string, string]> = [
  [
    "curl-header",
    `curl -s -H 'Authorization: Bearer ${(NORMAL_SECRETS.find((s) => s.slug === "bearer")?.text as string).split(" ").pop()}' https://api.example.com/v1/me`,
  ],
  ["export", `export DB_PASSWORD=${(NORMAL_SECRETS.find((s) => s.slug === "generic-env")?.text as string).split("=")[1]}`],
  ["psql-url", `psql '${(NORMAL_SECRETS.find((s) => s.slug === "postgres")?.text as string).split("=")[1]}' -c 'select 1'`],
  ["gh-auth-stdin", `echo '${ghp}' | gh auth login --with-token`],
  ["redirect-to-dev-null", `echo '${ghp}' > /dev/null`],
  ["stderr-dup", `echo '${ghp}' 1>&2`],
];
for (const [slug, command] of inline)
  cases.push({ id: `harmless/secrets-inline-${slug}`, class: "harmless/secrets-inline", kind: "shell", command, expect: "allow" });

// Writes without secrets, and placeholders.
const harmless: ReadonlyArray<[string, string]> = [
  ["echo-file", "echo hello > notes.txt"],
  ["tee-log", "make 2>&1 | tee build.log"],
  ["template-append", "echo 'API_KEY=your-api-key-here' >> .env.example"],
  ["template-heredoc", "cat > .env.example <<'EOF'\nDATABASE_URL=postgres://user:${DB_PASSWORD}@localhost/app\nSECRET_KEY=changeme\nEOF"],
  ["masked-password", "echo 'password: ********' > config.sample.yml"],
  ["sed-placeholder", "sed -i 's/TOKEN=.*/TOKEN=<YOUR_TOKEN>/' config.template"],
  ["printf-reference", "printf 'API_KEY=${API_KEY}\\n' > .env.template"],
  ["dd-image", "dd if=/dev/zero of=disk.img bs=1M count=1"],
  ["git-config-name", "git config user.name 'Ada Lovelace'"],
  ["npm-config-registry", "npm config set registry https://registry.example.com/"],
  ["gh-config", "gh config set git_protocol ssh"],
  ["aws-region", "aws configure set region us-east-1"],
  ["aws-secret-variable", 'aws configure set aws_secret_access_key "$AWS_SECRET"'],
  ["npm-token-reference", "npm config set //registry.npmjs.org/:_authToken '${NPM_TOKEN}'"],
  ["git-credential-helper", "git config credential.helper store"],
  ["git-signing-key", "git config --global user.signingkey ABCDEF0123456789"],
  ["git-credential-username", "git config --global credential.https://example.com.username me"],
  ["composer-placeholder", "composer config --global github-oauth.github.com your-token-here"],
  ["python-write", "python3 -c \"open('out.txt','w').write('hello')\""],
  ["keygen-public", "ssh-keygen -y -f ~/.ssh/deploy_key.pub > /tmp/pub.txt"],
  ["code-assignment", "echo 'password = config.password' >> src/app.py"],
  ["comparison", "echo 'if password == \"abcdefghij\":' >> check.py"],
  ["nosecret", `echo '${ghp} # nosecret' > tests/fixtures/token.txt`],
  ["git-proxy-port", "git config --global http.proxy proxy.internal:3128"],
  ["git-push-refspec", "git config remote.origin.push HEAD:refs/heads/feature/x"],
  ["bundler-path", "bundle config set --local path vendor/bundle"],
  ["bundler-placeholder", "bundle config set gems.example.com user:your-password-here"],
  ["poetry-http-basic-variable", 'poetry config http-basic.internal ci "$REPO_PASSWORD"'],
  ["substitution-date", 'echo "built $(date -u +%Y-%m-%d)" > version.txt'],
  ["substitution-rev", 'echo "commit: $(git rev-parse HEAD)" >> build-info.txt'],
  ["substitution-files", "cat $(git ls-files '*.md') > all-docs.md"],
  ["backquoted-host", 'echo "host=`hostname`" > host.txt'],
];
for (const [slug, command] of harmless)
  cases.push({ id: `harmless/secrets-shell-${slug}`, class: "harmless/secrets-shell", kind: "shell", command, expect: "allow" });

export default cases;

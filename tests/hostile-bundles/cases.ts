/**
 * The hostile bundles: each one a small project someone else wrote, trying one way to reach
 * outside the bundle, run a command, leak a secret or crash the compiler. The runner
 * (hostile-bundles.test.ts) builds each in a temp directory and checks every command on it.
 */

/** A file of a bundle: text, raw bytes, or a symlink to a path (`{OUTSIDE}` and `{ROOT}` expanded). */
export type HostileFile = string | Uint8Array | { link: string };

/** One hostile bundle. */
export interface HostileCase {
  name: string;
  /** Files relative to the project directory; the config defaults to a bundle `b` with profile `p`. */
  files: Record<string, HostileFile>;
  /** Extra environment for the commands (e.g. a token resolveHeaderEnv would resolve). */
  env?: Record<string, string>;
  /** Literal secrets that must never be printed nor written to the `--out` tree. */
  secrets?: string[];
  /** Secrets that must not reach the homes either (a dropped literal, not an intended resolved value). */
  homeFree?: boolean;
  /** `error`: every command fails with these codes; `ok`: the commands succeed (these codes may appear as warnings). */
  expect: "error" | "ok";
  codes?: string[];
  /** Codes that must not appear (a harmless look-alike is not reported). */
  absent?: string[];
}

/** Written where a payload would put it if it ran: the runner checks it never appears. */
export const CANARY = "{ROOT}/canary";

const profile = "description: hostile\n";
const config = JSON.stringify({ bundle: "b", profile: "p" });
const base = { "agentihooks.config.json": config, "b/profiles/p/profile.yml": profile };
const skill = "---\nname: s\ndescription: a skill\n---\nDo the thing.\n";

/** Payloads that run `touch <canary>` through a different shell feature each. */
const injections = [
  `$(touch ${CANARY})`,
  `\`touch ${CANARY}\``,
  `'; touch ${CANARY}; '`,
  `"; touch ${CANARY}; "`,
  `x\ntouch ${CANARY}\n`,
  `\${X:-$(touch ${CANARY})}`,
  `\${HOME}$(touch ${CANARY})`,
  `a;touch ${CANARY};b`,
];

const json = (value: unknown) => JSON.stringify(value, null, 2);
const mcpJson = (servers: Record<string, unknown>) => json({ mcpServers: servers });
// Mixed characters: the scanner reads repetitive or "example" values as placeholders.
const ghp = (n: number) => `ghp_${n}x9Kq2Lm7Np4Rs8Tv3Wy6Zb1Cd5Fg0Hj2Kl4Mn6P`.slice(0, 40);
const aws = "AKIAZ7Q3XK5M2P9RT4LB";
const openai = "sk-proj-Zq8Lm2Nx4Rt6Vw8Yb0Cd2Ef4Gh6Ij8Kl0Mn2";
const pw = "Vq7Lm2Nx4Rt6Wb";
const slack = `${"xoxb-"}2048163952-8Kq2Lm7Np4Rs8Tv3Wy6Zb1Cd5`;
const pemBody = "MIIEpAIBAAKCAQEAz9Kq2Lm7Np4Rs8Tv3Wy6Zb1Cd5Fg0Hj2Kl4Mn6PQr8St0U";

function nested(depth: number, open: string, close: string): string {
  return open.repeat(depth) + close.repeat(depth);
}

export const cases: HostileCase[] = [
  // --- links out of the bundle ---
  { name: "persona links to a file outside", files: { ...base, "b/profiles/p/CLAUDE.md": { link: "{OUTSIDE}/passwd" } }, expect: "error", codes: ["AH1116"] },
  { name: "bundle persona links outside", files: { ...base, "b/CLAUDE.md": { link: "{OUTSIDE}/passwd" } }, expect: "error", codes: ["AH1116"] },
  { name: "profile.yml links outside", files: { ...base, "b/profiles/p/profile.yml": { link: "{OUTSIDE}/profile.yml" } }, expect: "error", codes: ["AH1116"] },
  { name: "rule file links outside", files: { ...base, "b/profiles/p/.claude/rules/r.md": { link: "{OUTSIDE}/passwd" } }, expect: "error", codes: ["AH1116"] },
  { name: "rules folder links outside", files: { ...base, "b/profiles/p/.claude/rules": { link: "{OUTSIDE}/dir" } }, expect: "error", codes: ["AH1116"] },
  { name: "skill folder links outside", files: { ...base, "b/profiles/p/.claude/skills/s": { link: "{OUTSIDE}/skill" } }, expect: "error", codes: ["AH1116"] },
  {
    name: "file in a skill links outside",
    files: { ...base, "b/profiles/p/.claude/skills/s/SKILL.md": skill, "b/profiles/p/.claude/skills/s/id_rsa": { link: "{OUTSIDE}/passwd" } },
    expect: "error",
    codes: ["AH1116"],
  },
  {
    name: "folder in a skill links outside",
    files: { ...base, "b/profiles/p/.claude/skills/s/SKILL.md": skill, "b/profiles/p/.claude/skills/s/ssh": { link: "{OUTSIDE}/dir" } },
    expect: "error",
    codes: ["AH1116"],
  },
  {
    name: "profile directory links outside",
    files: { ...base, "b/profiles/q": { link: "{OUTSIDE}/dir" }, "agentihooks.config.json": JSON.stringify({ bundle: "b", profile: "q" }) },
    expect: "error",
    codes: ["AH1116"],
  },
  { name: ".claude folder links outside", files: { ...base, "b/profiles/p/.claude": { link: "{OUTSIDE}/dir" } }, expect: "error", codes: ["AH1116"] },
  { name: "MCP layer links outside", files: { ...base, "b/profiles/p/.mcp.json": { link: "{OUTSIDE}/mcp.json" } }, expect: "error", codes: ["AH1116"] },
  {
    name: "linked profile links out of its own directory",
    files: {
      "agentihooks.config.json": JSON.stringify({ linkedProfiles: { l: "lp" }, profile: "l" }),
      "lp/profile.yml": profile,
      "lp/CLAUDE.md": { link: "{OUTSIDE}/passwd" },
    },
    expect: "error",
    codes: ["AH1116"],
  },
  {
    name: "link inside the bundle is followed",
    files: { ...base, "b/shared.md": "# shared persona\n", "b/profiles/p/CLAUDE.md": { link: "../../shared.md" } },
    expect: "ok",
  },
  {
    name: "allowExternalLinks opts in",
    files: {
      ...base,
      "agentihooks.config.json": JSON.stringify({ bundle: "b", profile: "p", allowExternalLinks: true }),
      "b/profiles/p/CLAUDE.md": { link: "{OUTSIDE}/persona.md" },
    },
    expect: "ok",
  },
  { name: "dangling link", files: { ...base, "b/profiles/p/CLAUDE.md": { link: "{ROOT}/nowhere" } }, expect: "error", codes: ["AH1105"] },
  { name: "link loop", files: { ...base, "b/profiles/p/CLAUDE.md": { link: "CLAUDE.md" } }, expect: "error", codes: ["AH1104"] },

  // --- injections in every shell-reaching field ---
  ...injections.map((payload, i): HostileCase => ({
    name: `Codex MCP env value injection ${i}`,
    files: {
      ...base,
      "b/profiles/p/.mcp.json": mcpJson({ srv: { command: "printf", args: ["%s", payload], env: { URL: `https://\${HOST}/${payload}`, KEEP: "${KEEP}" } } }),
    },
    env: { HOST: `h$(touch ${CANARY})`, KEEP: "k" },
    expect: "ok",
  })),
  {
    name: "MCP env key injection",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ srv: { command: "x", env: { [`A;touch ${CANARY};B`]: "${X}" } } }) },
    expect: "error",
    codes: ["AH2015"],
  },
  {
    name: "MCP env_vars injection",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ srv: { command: "x", env_vars: [`$(touch ${CANARY})`] } }) },
    expect: "error",
    codes: ["AH2008"],
  },
  {
    name: "bearer_token_env_var injection",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ srv: { url: "https://x.example/mcp", bearer_token_env_var: `T;touch ${CANARY}` } }) },
    expect: "error",
    codes: ["AH2008"],
  },
  {
    name: "Claude env key injection",
    files: { ...base, "b/profiles/p/.claude/settings.overrides.json": json({ env: { [`X$(touch ${CANARY})`]: "1" } }) },
    expect: "error",
    codes: ["AH2015"],
  },
  {
    name: "Codex shell_environment_policy key injection",
    files: { ...base, "b/profiles/p/.codex/config.overrides.toml": `[shell_environment_policy.set]\n"A;touch ${CANARY}" = "1"\n` },
    expect: "error",
    codes: ["AH2015"],
  },
  {
    name: "Copilot channels injection",
    files: { ...base, "b/profiles/p/.copilot/settings.overrides.json": json({ _agentihooks: { channels: `$(touch ${CANARY})\`touch ${CANARY}\`` } }) },
    expect: "ok",
  },
  {
    name: "Copilot browserCommand injection",
    files: { ...base, "b/profiles/p/.copilot/settings.overrides.json": json({ _agentihooks: { browserCommand: `sh -c 'touch ${CANARY}'` } }) },
    expect: "ok",
  },
  {
    name: "skill and file names with shell syntax",
    files: {
      ...base,
      [`b/profiles/p/.claude/skills/$(touch x)/SKILL.md`]: "---\nname: x\ndescription: d\n---\nbody\n",
      [`b/profiles/p/.claude/skills/$(touch x)/run;touch x.sh`]: "#!/bin/sh\n",
    },
    expect: "ok",
  },
  {
    name: "MCP server name with shell syntax",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ [`$(touch ${CANARY})`]: { command: "x", env: { A: "${B}-c" } } }) },
    expect: "ok",
  },

  // --- secrets in every field ---
  {
    name: "Claude env literal API key",
    files: { ...base, "b/profiles/p/.claude/settings.overrides.json": json({ env: { OPENAI_API_KEY: openai, DEBUG: "1" } }) },
    secrets: [openai],
    homeFree: true,
    expect: "ok",
    codes: ["AH4305"],
  },
  {
    name: "Claude env password by name",
    files: { ...base, "b/profiles/p/.claude/settings.overrides.json": json({ env: { DB_PASSWORD: "hunter2-not-a-ref" } }) },
    secrets: ["hunter2-not-a-ref"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4305"],
  },
  {
    name: "Claude directive env token",
    files: { ...base, "b/profiles/p/.claude/settings.overrides.json": json({ _agentihooks: { env: { GITHUB_TOKEN: ghp(1) } } }) },
    secrets: [ghp(1)],
    homeFree: true,
    expect: "ok",
    codes: ["AH4305"],
  },
  {
    name: "Claude settings apiKey-like key",
    files: { ...base, "b/profiles/p/.claude/settings.overrides.json": json({ permissions: { allow: [`Bash(curl -H 'Authorization: Bearer ${ghp(2)}')`] } }) },
    secrets: [ghp(2)],
    homeFree: true,
    expect: "ok",
    codes: ["AH4307"],
  },
  {
    name: "Codex shell_environment_policy AWS key",
    files: {
      ...base,
      "b/profiles/p/.codex/config.overrides.toml": `[shell_environment_policy.set]\nAWS_ACCESS_KEY_ID = "${aws}"\nAWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY"\n`,
    },
    secrets: [aws, "wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4307"],
  },
  {
    name: "Codex model provider bearer token",
    files: {
      ...base,
      "b/profiles/p/.codex/config.overrides.toml": `[model_providers.corp]\nname = "corp"\nbase_url = "https://llm.example"\nexperimental_bearer_token = "corp-literal-token-123"\n`,
    },
    secrets: ["corp-literal-token-123"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4307"],
  },
  {
    name: "Copilot settings literal token",
    files: { ...base, "b/profiles/p/.copilot/settings.overrides.json": json({ model: "gpt-5", custom_token: ghp(3) }) },
    secrets: [ghp(3)],
    homeFree: true,
    expect: "error",
    codes: ["AH2001"],
  },
  {
    name: "MCP env literal secret",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ srv: { command: "x", env: { API_KEY: "plain-literal-key-value", LEVEL: "debug" } } }) },
    secrets: ["plain-literal-key-value"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4302"],
  },
  {
    name: "MCP header literal API key",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ srv: { url: "https://x.example/mcp", headers: { "X-API-Key": "shortkey99" } } }) },
    secrets: ["shortkey99"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4303"],
  },
  {
    name: "MCP header literal bearer",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ srv: { url: "https://x.example/mcp", headers: { Authorization: "Bearer abc.def.literal" } } }) },
    secrets: ["abc.def.literal"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4303"],
  },
  {
    name: "MCP args --token=literal",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ srv: { command: "x", args: ["--token=tok-literal-123"] } }) },
    secrets: ["tok-literal-123"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4301"],
  },
  {
    name: "MCP args flag then literal",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ srv: { command: "x", args: ["--api-key", "key-literal-456"] } }) },
    secrets: ["key-literal-456"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4301"],
  },
  {
    name: "MCP url with password",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ srv: { url: "https://user:pw-literal-789@x.example/mcp" } }) },
    secrets: ["pw-literal-789"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4301"],
  },
  {
    name: "MCP url with api_key query",
    files: { ...base, "b/profiles/p/.mcp.json": mcpJson({ srv: { url: "https://x.example/mcp?api_key=q-literal-000" } }) },
    secrets: ["q-literal-000"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4301"],
  },
  {
    name: "MCP tools entry secret",
    files: { ...base, "b/profiles/p/.copilot/mcp-config.overrides.json": mcpJson({ srv: { command: "x", tools: [ghp(4)] } }) },
    secrets: [ghp(4)],
    homeFree: true,
    expect: "ok",
    codes: ["AH4304"],
  },
  {
    name: "resolveHeaderEnv secret is never printed",
    files: {
      ...base,
      "b/profiles/p/.copilot/settings.overrides.json": json({ _agentihooks: { resolveHeaderEnv: true } }),
      "b/profiles/p/.mcp.json": mcpJson({
        gw: { url: "https://gw.example/mcp", headers: { Authorization: "Bearer ${GW_TOKEN}", "X-Custom": "${CUSTOM_SECRET}" } },
      }),
    },
    env: { GW_TOKEN: "resolved-gw-token-value", CUSTOM_SECRET: "resolved-custom-value" },
    secrets: ["resolved-gw-token-value", "resolved-custom-value"],
    expect: "ok",
  },
  // --- secrets in authored text: replaced by a marker in every file written, a located AH4310 ---
  {
    name: "private key in a skill file",
    files: {
      ...base,
      "b/profiles/p/.claude/skills/s/SKILL.md": skill,
      "b/profiles/p/.claude/skills/s/key.pem": `-----BEGIN RSA PRIVATE KEY-----\n${pemBody}\n-----END RSA PRIVATE KEY-----\n`,
    },
    secrets: ["-----BEGIN RSA PRIVATE KEY-----", pemBody],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "token in persona text",
    files: { ...base, "b/profiles/p/CLAUDE.md": `# Persona\nuse ${ghp(5)} to log in\n` },
    secrets: [ghp(5)],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "token in the bundle persona",
    files: { ...base, "b/CLAUDE.md": `# Team\n\nThe deploy key is ${aws}.\n` },
    secrets: [aws],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "token in a rule",
    files: { ...base, "b/profiles/p/.claude/rules/r.md": `# Rule\n\nAuthorization: Bearer ${ghp(6)}\n` },
    secrets: [ghp(6)],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "token in a command body",
    files: { ...base, "b/profiles/p/.claude/commands/deploy.md": `---\ndescription: deploy\n---\nRun \`curl -u admin:x https://ci\` with DB_PASSWORD=${pw}\n` },
    secrets: [pw],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "token in command frontmatter",
    files: { ...base, "b/profiles/p/.claude/commands/c.md": `---\ndescription: "call with ${ghp(7)}"\nargument-hint: "[target]"\n---\nDo it.\n` },
    secrets: [ghp(7)],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "token in an agent body",
    files: { ...base, "b/profiles/p/.claude/agents/a.md": `---\nname: a\ndescription: an agent\n---\nUse the Slack token ${slack} to post.\n` },
    secrets: [slack],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "credential under a name in an agent's inline MCP server",
    files: {
      ...base,
      "b/profiles/p/.claude/agents/a.md":
        "---\nname: a\ndescription: an agent\nmcpServers:\n  - gh:\n      command: gh-mcp\n      env:\n        GH_PASSWORD: q7Zr2kLm\n---\nBody.\n",
    },
    secrets: ["q7Zr2kLm"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "credential in skill metadata",
    files: {
      ...base,
      "b/profiles/p/.claude/skills/s/SKILL.md": "---\nname: s\ndescription: a skill\nmetadata:\n  service_token: Zt9q2LmXw4\n---\nDo the thing.\n",
    },
    secrets: ["Zt9q2LmXw4"],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "token in skill frontmatter",
    files: { ...base, "b/profiles/p/.claude/skills/s/SKILL.md": `---\nname: s\ndescription: ${ghp(8)}\n---\nDo the thing.\n` },
    secrets: [ghp(8)],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "token in a skill script",
    files: {
      ...base,
      "b/profiles/p/.claude/skills/s/SKILL.md": skill,
      "b/profiles/p/.claude/skills/s/scripts/run.sh": `#!/bin/sh\nexport GITHUB_TOKEN=${ghp(9)}\ngh pr list\n`,
    },
    secrets: [ghp(9)],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "database URL in a skill reference file",
    files: {
      ...base,
      "b/profiles/p/.claude/skills/s/SKILL.md": skill,
      "b/profiles/p/.claude/skills/s/reference/db.md": `Connect: postgres://svc:${pw}@db.internal/app\n`,
    },
    secrets: [pw],
    homeFree: true,
    expect: "ok",
    codes: ["AH4310"],
  },
  {
    name: "placeholders in prose stay",
    files: {
      ...base,
      "b/profiles/p/CLAUDE.md":
        "# Keys\n\nSet GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx or API_KEY=<your-api-key>; AWS shows AKIAIOSFODNN7EXAMPLE.\n",
      "b/profiles/p/.claude/skills/s/SKILL.md": skill,
      "b/profiles/p/.claude/skills/s/.env.example": "DB_PASSWORD=changeme\nTOKEN=${TOKEN}\n",
    },
    expect: "ok",
    absent: ["AH4310", "AH4311"],
  },
  {
    name: "a nosecret line stays",
    files: { ...base, "b/profiles/p/.claude/rules/r.md": `Sample token: ${ghp(10)} # nosecret\n` },
    expect: "ok",
    absent: ["AH4310", "AH4311"],
  },

  // --- encodings ---
  { name: "BOM in a JSON layer", files: { ...base, "b/profiles/p/.mcp.json": `\ufeff${mcpJson({ s: { command: "x" } })}` }, expect: "ok" },
  {
    name: "UTF-16 profile.yml",
    files: { ...base, "b/profiles/p/profile.yml": new Uint8Array([0xff, 0xfe, 0x64, 0x00, 0x3a, 0x00, 0x20, 0x00, 0x78, 0x00, 0x0a, 0x00]) },
    expect: "error",
    codes: ["AH1012"],
  },
  {
    name: "invalid UTF-8 persona",
    files: { ...base, "b/profiles/p/CLAUDE.md": new Uint8Array([0x23, 0x20, 0xc3, 0x28, 0x0a]) },
    expect: "error",
    codes: ["AH1001"],
  },
  {
    name: "overlong UTF-8 in a rule",
    files: { ...base, "b/profiles/p/.claude/rules/r.md": new Uint8Array([0xc0, 0xaf, 0x0a]) },
    expect: "error",
    codes: ["AH1001"],
  },
  {
    name: "NUL escape in an env value",
    files: { ...base, "b/profiles/p/.mcp.json": '{"mcpServers": {"s": {"command": "x", "env": {"A": "a\\u0000${B}"}}}}' },
    expect: "error",
    codes: ["AH1014"],
  },
  { name: "raw NUL byte in JSON", files: { ...base, "b/profiles/p/.mcp.json": new Uint8Array([0x7b, 0x00, 0x7d]) }, expect: "error", codes: ["AH1003"] },
  {
    name: "NUL in YAML frontmatter",
    files: { ...base, "b/profiles/p/.claude/commands/c.md": '---\ndescription: "a\\0b"\n---\nbody\n' },
    expect: "error",
    codes: ["AH1014"],
  },
  { name: "lone surrogate escape", files: { ...base, "b/profiles/p/.claude/settings.overrides.json": '{"env": {"A": "\\ud800"}}' }, expect: "ok" },
  {
    name: "CRLF everywhere",
    files: { ...base, "b/profiles/p/profile.yml": "description: crlf\r\n", "b/profiles/p/CLAUDE.md": "# P\r\nline\r\n" },
    expect: "ok",
  },

  // --- depths ---
  { name: "10 000-deep JSON", files: { ...base, "b/profiles/p/.mcp.json": nested(10_000, "[", "]") }, expect: "error", codes: ["AH1013"] },
  { name: "10 000-deep flow YAML", files: { ...base, "b/profiles/p/profile.yml": `x: ${nested(10_000, "[", "]")}\n` }, expect: "error", codes: ["AH1013"] },
  {
    name: "deep block YAML",
    files: { ...base, "b/profiles/p/profile.yml": Array.from({ length: 400 }, (_, i) => `${" ".repeat(i)}a:`).join("\n") + " 1\n" },
    expect: "error",
    codes: ["AH1013"],
  },
  {
    name: "deep TOML inline tables",
    files: { ...base, "b/profiles/p/.codex/config.overrides.toml": `x = ${"{ a = ".repeat(5_000)}1${" }".repeat(5_000)}\n` },
    expect: "error",
    codes: ["AH1013"],
  },
  {
    name: "deep TOML table header",
    files: { ...base, "b/profiles/p/.codex/config.overrides.toml": `[${Array.from({ length: 200 }, () => "a").join(".")}]\nx = 1\n` },
    expect: "error",
    codes: ["AH1013"],
  },
  {
    name: "deep frontmatter",
    files: { ...base, "b/profiles/p/.claude/agents/a.md": `---\nx: ${nested(5_000, "{a: ", "}")}\n---\nbody\n` },
    expect: "error",
    codes: ["AH1013"],
  },
  {
    name: "5 000-deep extends chain",
    files: Object.fromEntries([
      ["agentihooks.config.json", JSON.stringify({ bundle: "b", profile: "q0" })],
      ...Array.from({ length: 5_000 }, (_, i) => [`b/profiles/q${i}/profile.yml`, `extends: [q${i + 1}]\n`]),
      ["b/profiles/q5000/profile.yml", profile],
    ]),
    expect: "error",
    codes: ["AH3013"],
  },
  {
    name: "extends cycle",
    files: {
      "agentihooks.config.json": JSON.stringify({ bundle: "b", profile: "x" }),
      "b/profiles/x/profile.yml": "extends: [y]\n",
      "b/profiles/y/profile.yml": "extends: [x]\n",
    },
    expect: "error",
    codes: ["AH3003"],
  },

  // --- huge ---
  { name: "persona over the size limit", files: { ...base, "b/profiles/p/CLAUDE.md": "x".repeat(1024 * 1024 + 1) }, expect: "error", codes: ["AH1101"] },
  {
    name: "many MCP servers",
    files: {
      ...base,
      "b/profiles/p/.mcp.json": mcpJson(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`s${i}`, { command: "x", env: { V: `\${A}-${i}` } }]))),
    },
    expect: "ok",
  },
  { name: "huge single line", files: { ...base, "b/profiles/p/.claude/rules/long.md": `${"word ".repeat(150_000)}\n` }, expect: "ok" },

  // --- names ---
  ...["__proto__", "constructor", "prototype", ""].map((name): HostileCase => ({
    name: `MCP server named ${JSON.stringify(name)}`,
    files: { ...base, "b/profiles/p/.mcp.json": `{"mcpServers": {${JSON.stringify(name)}: {"command": "x"}}}` },
    expect: "error",
    codes: ["AH2015"],
  })),
  {
    name: "TOML MCP server named __proto__",
    files: { ...base, "b/profiles/p/.codex/mcp.overrides.toml": '[mcp_servers.__proto__]\ncommand = "x"\n' },
    expect: "error",
    codes: ["AH2015"],
  },
  {
    name: "env var named __proto__",
    files: { ...base, "b/profiles/p/.mcp.json": '{"mcpServers": {"s": {"command": "x", "env": {"__proto__": "v", "B": "${C}-d"}}}}' },
    expect: "error",
    codes: ["AH2015"],
  },
  {
    name: "env var named constructor survives",
    files: { ...base, "b/profiles/p/.mcp.json": '{"mcpServers": {"s": {"command": "x", "env": {"constructor": "v", "B": "${C}-d"}}}}' },
    expect: "ok",
  },
  {
    name: "profile named __proto__",
    files: { ...base, "agentihooks.config.json": JSON.stringify({ bundle: "b", profile: "__proto__" }) },
    expect: "error",
    codes: ["AH3010"],
  },
  {
    name: "profile name with a path",
    files: { ...base, "agentihooks.config.json": JSON.stringify({ bundle: "b", profile: "../../etc" }) },
    expect: "error",
    codes: ["AH3010"],
  },
  { name: "rule named __proto__.md", files: { ...base, "b/profiles/p/.claude/rules/__proto__.md": "# rule\n" }, expect: "ok" },

  // --- configs ---
  { name: "empty config", files: { ...base, "agentihooks.config.json": "" }, expect: "error", codes: ["AH1115"] },
  { name: "whitespace config", files: { ...base, "agentihooks.config.json": " \n\t\n" }, expect: "error", codes: ["AH1115"] },
  {
    name: "comment-only YAML config",
    files: { ...base, "agentihooks.config.json": undefined as unknown as string, ".agentihooksrc": "# nothing\n" },
    expect: "error",
    codes: ["AH1115"],
  },
  { name: "config is a list", files: { ...base, "agentihooks.config.json": "[]" }, expect: "error", codes: ["AH1111"] },
  {
    name: "protectedBranches empty",
    files: { ...base, "b/profiles/p/profile.yml": "guardrails:\n  protectedBranches: []\n" },
    expect: "error",
    codes: ["AH2016"],
  },
  {
    name: "protectedBranches empty with protection off",
    files: { ...base, "b/profiles/p/profile.yml": "guardrails:\n  branchProtection: false\n  protectedBranches: []\n" },
    expect: "ok",
  },
  {
    name: "bundle path escapes via config",
    files: { "agentihooks.config.json": JSON.stringify({ bundle: "../../../../../../etc", profile: "p" }) },
    expect: "error",
    codes: ["AH3007"],
  },
];

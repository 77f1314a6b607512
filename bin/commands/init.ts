/**
 * `agentihooks init [NAME]`: scaffolds a bundle in the current directory: the project config, the
 * profile `profiles/NAME/` with its `profile.yml` and persona, and one example of each file kind a
 * profile may hold, each naming its `$schema` where the file kind has one. It never overwrites: when
 * any of its files exists it writes nothing (exit 1). It writes no home: `apply` does that.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { diagnostic } from "../../compiler/messages";
import { targets } from "../../compiler/targets/registry";
import { commonHelp, EXIT, parseCommand } from "./contract";

const help = `Usage: agentihooks init [NAME]

Creates a bundle in the current directory: agentihooks.config.json, the profile profiles/NAME/
(default: my-profile) with profile.yml and CLAUDE.md, and one example of each file kind (rule,
command, agent, skill, each target's settings layer, the MCP layer). Each file names its $schema so
an editor completes it. Nothing is written when any of these files already exists, and no home is
touched: run 'agentihooks apply' for that.

Options:
${commonHelp}

Exit codes: 0 created, 1 a file exists or NAME is not a valid profile name (nothing written).
`;

/** The command's options (exported for shell completion). */
export const options = {} as const;

const schema = (name: string) => `https://agentihooks.dev/schemas/${name}.schema.json`;

/** The files `init` writes for profile `name`, relative to the bundle directory, in writing order. */
export function scaffoldFiles(name: string): Array<{ path: string; text: string }> {
  const p = `profiles/${name}`;
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return [
    { path: "agentihooks.config.json", text: json({ $schema: schema("config"), bundle: ".", profile: name, targets: targets.map((t) => t.descriptor.id) }) },
    {
      path: `${p}/profile.yml`,
      text: `$schema: ${schema("profile")}\ndescription: ${name}, made with agentihooks init.\n# extends: [default]     # parents, applied before this profile\nguardrails:              # every switch defaults to on\n  protectedBranches: [main, master]\n`,
    },
    { path: `${p}/CLAUDE.md`, text: `# ${name}\n\nYou are a careful senior engineer. Explain what you change and why; prefer small, reviewed steps.\n` },
    { path: `${p}/.claude/rules/example-rule.md`, text: "# Example rule\n\nAlways run the project's tests before saying a change is done.\n" },
    {
      path: `${p}/.claude/commands/example-command.md`,
      text: `---\n$schema: ${schema("command-frontmatter")}\ndescription: Summarise the uncommitted changes in this repository\n---\n\nRun \`git status\` and \`git diff\`, then summarise what changed and what is left to do.\n`,
    },
    {
      path: `${p}/.claude/agents/example-agent.md`,
      text: `---\n$schema: ${schema("agent-frontmatter")}\nname: example-agent\ndescription: Reviews a change for correctness and missing tests\n---\n\nYou review changes. Point out bugs, missing tests and unclear names; do not edit files.\n`,
    },
    {
      path: `${p}/.claude/skills/example-skill/SKILL.md`,
      text: `---\n$schema: ${schema("skill-frontmatter")}\nname: example-skill\ndescription: Explains how this team writes commit messages; use it when writing a commit message\n---\n\nWrite the subject in the imperative, at most 72 characters; say why in the body.\n`,
    },
    // Each target's settings layer, in its own subdirectory and format, starting empty.
    ...targets.map(({ descriptor: { layers } }) => ({
      path: `${p}/${layers.subdir}/${layers.settings}`,
      text: layers.format === "toml" ? `"$schema" = "${layers.settingsSchema}"\n` : json({ $schema: layers.settingsSchema }),
    })),
    { path: `${p}/.claude/.mcp.json`, text: json({ $schema: schema("claude-mcp"), mcpServers: {} }) },
  ];
}

/** Runs the command; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand({ name: "init", help, options, positionals: true }, argv);
  if ("exit" in parsed) return parsed.exit;
  const { positionals, out } = parsed;
  const name = positionals[0] ?? "my-profile";
  if (positionals.length > 1 || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) || name === "package") {
    out.report([diagnostic("AH3010", { file: "command line" }, { name: positionals.join(" ") })]);
    return out.finish(EXIT.error);
  }
  const cwd = process.cwd();
  const files = scaffoldFiles(name);
  const { existsSync } = await import("node:fs");
  const existing = files.filter((f) => existsSync(path.join(cwd, f.path)));
  if (existing.length > 0) {
    out.report(existing.map((f) => diagnostic("AH5124", { file: f.path })));
    return out.finish(EXIT.error);
  }
  for (const file of files) {
    const target = path.join(cwd, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    // `wx`: a file created between the check and here is still never overwritten.
    writeFileSync(target, file.text, { flag: "wx" });
  }
  const next = ["agentihooks inspect", "agentihooks plan", "agentihooks apply"];
  out.say(
    [
      `Created a bundle with the profile '${name}':`,
      ...files.map((f) => `  ${f.path}`),
      "",
      "Next:",
      "  agentihooks inspect    # what the compiler made of the profile",
      "  agentihooks plan       # what apply would change in your homes",
      "  agentihooks apply      # write them (asks first on a terminal)",
      "",
    ].join("\n"),
  );
  return out.finish(EXIT.ok, { profile: name, created: files.map((f) => f.path), next });
}

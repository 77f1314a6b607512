/**
 * The CLI entry: parse the command name, load only that command's module, run it. Kept tiny so
 * `agentihooks --version` costs little more than starting Node.
 */
import { version } from "../package.json";
import type { CommandModule, CommandTable } from "./commands/contract";

export type { CommandModule, CommandTable };

// The commands that load the project come from one module (bundled as one file: scripts/build.mjs
// puts every module loaded here in its own unsplit bundle); the light ones are loaded alone.
const projectCommands = () => import("./commands/project-commands");

/** Every command, its one-line summary, and how to load it (lazily). */
const commands: CommandTable = {
  build: {
    summary: "compile profiles into each target's files (--target, --out DIR, --dry-run, --check, --json)",
    load: async () => (await projectCommands()).build,
  },
  inspect: {
    summary: "show the resolved chain, layers, merged settings with provenance, features and MCP servers",
    load: async () => (await projectCommands()).inspect,
  },
  plan: { summary: "show what apply would change, as a unified diff (--json, --markdown)", load: async () => (await projectCommands()).plan },
  diff: { summary: "alias of plan; --base GIT_REF compares the bundle at that ref with the working tree", load: async () => (await projectCommands()).plan },
  apply: { summary: "plan, then write the targets' homes (--target, --yes, --plan FILE)", load: async () => (await projectCommands()).apply },
  init: { summary: "scaffold a bundle in the current directory (config, a profile, one example of each file kind)", load: () => import("./commands/init") },
  uninstall: { summary: "remove exactly what agentihooks owns and restore what it displaced", load: async () => (await projectCommands()).uninstall },
  status: {
    summary: "show the homes' source, chain, versions, owned files, drift and runtime health (--json)",
    load: async () => (await projectCommands()).status,
  },
  doctor: { summary: "check the installed homes (--target, --live, --json)", load: async () => (await projectCommands()).doctor },
  profiles: { summary: "list profiles with their source (built-in, bundle, linked)", load: async () => (await projectCommands()).profiles },
  statusline: { summary: "print the Copilot status line (called by the client)", load: () => import("./commands/statusline") },
  hook: { summary: "run the hook runtime for EVENT (the generated wrappers call the runtime directly)", load: () => import("./commands/hook") },
  broadcast: { summary: "send, list or clear messages for the agent sessions subscribed to a channel", load: () => import("./commands/broadcast") },
  transcript: { summary: "summarise a session log: turns, tool calls, failures, tokens (--json)", load: () => import("./commands/transcript") },
  completion: { summary: "print the shell completion script (bash, zsh or fish)", load: () => import("./commands/completion") },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-v") {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    return (await import("./commands/help")).run([], "help", commands);
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`agentihooks: unknown command '${name}'. Run 'agentihooks --help' for the list.\n`);
    return 1;
  }
  const module = await command.load();
  return module.run(rest, name, commands);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // compiler/environment.ts's EnvironmentError, told by name: this entry imports none of the compiler.
    if (error instanceof Error && error.name === "EnvironmentError") {
      process.stderr.write(`agentihooks: ${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    // A bug, not a user mistake: user mistakes are diagnostics.
    process.stderr.write(`agentihooks: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);

/**
 * Guardrail (off by default, `prBaseRequired`): `gh pr create` must name the branch it merges into
 * (`--base`/`-B`), so a pull request never silently targets the repository's default branch. Read
 * on the one reading of the line (command-effects): quoting, prefixes, `bash -c`, substitutions
 * and wrappers are followed; gh's own global `-R`/`--repo` is skipped; `gh pr new` (gh's alias of
 * `create`) counts. A line whose hidden part may be a `gh pr create` is denied.
 */
import { commandEffects } from "../command-effects";
import { hiddenIntentBlock } from "./hidden-intent";
import { type Guard, type GuardVerdict, isShellTool, stringArg } from "./guard";

const MESSAGE =
  "BLOCKED: gh pr create without --base targets the repository's default branch, and this policy (prBaseRequired) asks every pull request to name its base. Add it: gh pr create --base <branch> ….";

/** gh's `pr create` words (`gh [-R repo] pr create|new …`): the arguments after them, or undefined. */
function prCreateArgs(argv: readonly string[]): string[] | undefined {
  let i = 1;
  const word = (): string => argv[i] ?? "";
  // `gh -R owner/repo pr create` and `gh --repo=… pr create`.
  while (word().startsWith("-")) i += word() === "-R" || word() === "--repo" ? 2 : 1;
  if (word() !== "pr") return undefined;
  i += 1;
  while (word().startsWith("-")) i += word() === "-R" || word() === "--repo" ? 2 : 1;
  if (word() !== "create" && word() !== "new") return undefined;
  return argv.slice(i + 1);
}

/** True when `args` give a base: `--base X`, `--base=X`, `-B X`, `-BX`. */
function namesBase(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === "--") return false;
    if (arg === "--base" || arg.startsWith("--base=") || arg === "-B" || /^-B./.test(arg)) return true;
  }
  return false;
}

/** The prBaseRequired guard. */
export const ghPrBaseGuard: Guard = {
  name: "gh-pr-base",
  check({ tool_name, tool_input, cwd, env }): GuardVerdict | undefined {
    if (!isShellTool(tool_name)) return undefined;
    const command = stringArg(tool_input, "command");
    const effects = commandEffects(command, cwd, env);
    for (const c of effects.commands) {
      if (c.name !== "gh") continue;
      const args = prCreateArgs(c.argv);
      if (args !== undefined && !namesBase(args)) return { block: MESSAGE };
    }
    for (const o of effects.opaque) {
      const words = new Set(o.words);
      if (words.has("gh") || (words.has("pr") && (words.has("create") || words.has("new"))))
        return { block: hiddenIntentBlock(o, "it may open a pull request without --base") };
    }
    return undefined;
  },
};

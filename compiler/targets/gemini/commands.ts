/**
 * Commands as Gemini custom commands: `~/.gemini/commands/<name>.toml` with `description` and
 * `prompt`, run as `/<name> <args>`. Claude's `$ARGUMENTS` becomes Gemini's `{{args}}` and a
 * Claude shell injection `` !`cmd` `` becomes `!{cmd}`; positional `$1`…`$9` have no Gemini
 * equivalent and are reported. Listed in a manifest, so an operator's own command of the same name
 * wins.
 */
import path from "node:path";
import type { FileEntry } from "../../desired-tree";
import type { Diagnostic } from "../../diagnostics";
import type { MarkdownFeature } from "../../ir";
import { toLf, withFinalNewline } from "../../lower/text";
import { diagnostic } from "../../messages";
import { formatTomlString } from "../../serialize/toml";
import { BUILT_IN_COMMANDS, COMMAND_NAME_LIMIT } from "./capabilities";
import type { GeminiPaths } from "./paths";

const POSITIONAL = /\$[1-9]\b/g;
const SHELL_INJECTION = /!`([^`\n{}]+)`/g;

/** The command body in Gemini's placeholders. */
export function geminiPrompt(body: string): string {
  return toLf(body)
    .replace(/\$ARGUMENTS\b/g, "{{args}}")
    .replace(SHELL_INJECTION, "!{$1}");
}

/**
 * A TOML string for `text`: a multi-line literal string (`'''`, read verbatim, so the prompt stays
 * readable) when the text allows one, otherwise a basic string with escapes.
 */
export function tomlText(text: string): string {
  const literalSafe = text.includes("\n") && !text.includes("'''") && !text.endsWith("'") && !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(text);
  return literalSafe ? `'''\n${text}'''` : formatTomlString(text);
}

/**
 * The name Gemini CLI 0.61.0 gives a command in the file `<name>.toml`: every character outside
 * letters, digits, `_`, `-` and `.` is replaced by `_`. Longer than COMMAND_NAME_LIMIT, Gemini
 * itself would cut it to 47 characters plus `...`; it is cut to the limit here instead.
 */
export function commandName(name: string): string {
  return [...name.replace(/[^a-zA-Z0-9_\-.]/g, "_")].slice(0, COMMAND_NAME_LIMIT).join("");
}

/** One command file. */
export function translateCommand(command: MarkdownFeature, paths: GeminiPaths): { entry: FileEntry; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let description = typeof command.frontmatter.description === "string" ? command.frontmatter.description.trim() : "";
  if (!description) {
    description = `The /${command.name} command from the agentihooks bundle.`;
    diagnostics.push(diagnostic("AH4416", command.origin, { kind: "Command", name: command.name, description }));
  }
  const dropped = Object.keys(command.frontmatter)
    .filter((key) => key !== "description" && key !== "name" && key !== "$schema")
    .sort();
  if (dropped.length > 0) diagnostics.push(diagnostic("AH4411", command.origin, { name: command.name, keys: dropped.map((k) => `'${k}'`).join(", ") }));
  const positional = [...new Set(command.body.match(POSITIONAL) ?? [])].sort();
  if (positional.length > 0)
    diagnostics.push(diagnostic("AH4412", command.origin, { name: command.name, found: positional.join(", "), placeholder: "{{args}}" }));
  const prompt = withFinalNewline(geminiPrompt(command.body).replace(/^\n+/, ""));
  const name = commandName(command.name);
  if (name !== command.name) diagnostics.push(diagnostic("AH4421", command.origin, { name: command.name, written: name }));
  if (BUILT_IN_COMMANDS.has(name)) diagnostics.push(diagnostic("AH4422", command.origin, { name }));
  const fileName = `${name}.toml`;
  return {
    entry: {
      kind: "file",
      path: path.posix.join(paths.commandsDir, fileName),
      content: `description = ${formatTomlString(description)}\nprompt = ${tomlText(prompt)}\n`,
      mode: 0o644,
      manifest: { dir: paths.commandsDir, file: paths.manifest, item: fileName },
      origin: command.origin,
    },
    diagnostics,
  };
}

/** Every command of the IR. */
export function lowerCommands(commands: readonly MarkdownFeature[], paths: GeminiPaths): { entries: FileEntry[]; diagnostics: Diagnostic[] } {
  const entries: FileEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const command of commands) {
    const translated = translateCommand(command, paths);
    entries.push(translated.entry);
    diagnostics.push(...translated.diagnostics);
  }
  return { entries, diagnostics };
}

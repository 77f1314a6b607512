/**
 * Guardrail: secrets in writes (reference-spec E.8.1). A secret-shaped literal written to a file
 * (Write/Edit content, an `apply_patch` body, a shell command that writes a file) is blocked; one
 * that only appears inline in a shell command gets a NOTE; one sent to an MCP tool is blocked.
 * `# nosecret` on a line exempts it.
 */
import { scanSecrets } from "../secrets";
import { allPipelines } from "../shell";
import { type Guard, type GuardVerdict, isShellTool, stringArg, WRITE_TOOLS } from "./guard";

const PATCH_SHAPE = /^(?:\*\*\* Begin Patch|@@|\+\+\+ |--- |diff --git )/m;

/** For a diff, only its added lines are new content: removing a secret must not be blocked. */
function addedText(text: string): string {
  if (!PATCH_SHAPE.test(text)) return text;
  return text
    .split("\n")
    .filter((line) => line.startsWith("+") && !line.startsWith("+++"))
    .map((line) => line.slice(1))
    .join("\n");
}

/** The new text a write tool call carries. */
export function writtenText(input: Record<string, unknown>): string {
  const parts: string[] = [];
  // `diff`: Copilot's permissionRequest for an apply_patch edit carries `{file_path, diff}`.
  for (const key of ["content", "new_string", "new_source", "file_text", "patch", "diff"]) {
    const value = stringArg(input, key);
    if (value) parts.push(addedText(value));
  }
  if (Array.isArray(input.edits)) {
    for (const edit of input.edits) {
      if (edit && typeof edit === "object" && typeof (edit as Record<string, unknown>).new_string === "string") {
        parts.push((edit as Record<string, string>).new_string as string);
      }
    }
  }
  return [...new Set(parts)].join("\n");
}

const DEVICE_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);

/** True when a shell command writes a file: an output redirection to a file, `tee`, or `dd of=`. */
export function commandWritesFile(command: string): boolean {
  for (const pipeline of allPipelines(command)) {
    for (const simple of pipeline) {
      for (const redirect of simple.redirects) {
        const writes = redirect.op === ">" || redirect.op === ">>" || redirect.op === ">|" || redirect.op === "&>" || redirect.op === "&>>" || redirect.op === "<>";
        if (writes && redirect.target && !DEVICE_TARGETS.has(redirect.target)) return true;
        // `>&file` (no digit) is bash for `&>file`.
        if (redirect.op === ">&" && redirect.target && !/^\d+$|^-$/.test(redirect.target)) return true;
      }
      const verb = simple.words[0] ?? "";
      if (verb === "tee" || verb.endsWith("/tee")) {
        if (simple.words.slice(1).some((w) => !w.startsWith("-") && !DEVICE_TARGETS.has(w))) return true;
      }
      if (verb === "dd" && simple.words.some((w) => w.startsWith("of=") && !DEVICE_TARGETS.has(w.slice(3)))) return true;
    }
  }
  return false;
}

const ADVICE = 'Keep credentials out of files: read the value from an environment variable or a secret store instead. If this is a false positive, add "# nosecret" to the line.';

/** String values of an MCP tool's arguments (two levels deep), for the token scan. */
function argumentText(input: Record<string, unknown>): string {
  const parts: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === "string") parts.push(value);
    else if (depth < 2 && value && typeof value === "object") for (const v of Object.values(value)) visit(v, depth + 1);
  };
  visit(input, 0);
  return parts.join("\n");
}

// Tools whose arguments never leave the machine as content.
const NON_WRITING_TOOLS = new Set(["Read", "NotebookRead", "Grep", "Glob", "LS", "WebSearch", "WebFetch", "TodoWrite", "AskUserQuestion", "Agent", "Task"]);

/** The secrets-in-writes guard. */
export const secretsInWritesGuard: Guard = {
  name: "secrets",
  check({ tool_name, tool_input }): GuardVerdict | undefined {
    if (isShellTool(tool_name)) {
      const command = stringArg(tool_input, "command");
      const found = scanSecrets(command, "normal");
      if (found.length === 0) return undefined;
      if (commandWritesFile(command)) {
        return { block: `BLOCKED: Secret(s) detected in Bash command writing to a file (${found.join(", ")}). ${ADVICE}` };
      }
      return { context: [`NOTE: Secret(s) detected inline in Bash command (${found.join(", ")}). The value is now part of the session transcript; pass credentials through environment variables rather than on the command line.`] };
    }
    if (WRITE_TOOLS.has(tool_name)) {
      const found = scanSecrets(writtenText(tool_input), "normal");
      if (found.length === 0) return undefined;
      return { block: `BLOCKED: Secret(s) detected in ${tool_name} content (${found.join(", ")}). ${ADVICE}` };
    }
    if (NON_WRITING_TOOLS.has(tool_name)) return undefined;
    // MCP and other tools send their arguments somewhere else; token shapes only (a generic
    // `password: …` phrase in a search query is too common to block on).
    const found = scanSecrets(argumentText(tool_input), "normal").filter((name) => name !== "generic_secret");
    if (found.length === 0) return undefined;
    return { block: `BLOCKED: Secret(s) detected in the arguments of ${tool_name} (${found.join(", ")}). Do not pass credential values to tools; let the tool read them from its own configuration or environment.` };
  },
};

/** The prompt check of UserPromptSubmit: a warning for the model, never a block. */
export function promptSecretWarning(prompt: string): string | undefined {
  const found = scanSecrets(prompt, "normal");
  if (found.length === 0) return undefined;
  return `WARNING: the prompt contains what looks like a secret (${found.join(", ")}). Treat it as exposed: do not repeat it, write it to a file or commit it, and suggest rotating it.`;
}

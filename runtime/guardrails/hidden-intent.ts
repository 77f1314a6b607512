/**
 * The one message for a command the guardrails cannot read (its program, text or size only known
 * when it runs, command-effects.ts's opaque effects): every guard that denies such a command for
 * what it may do says why it cannot be checked in the same words, and how to write it plainly.
 */
import type { OpaqueEffect } from "../command-effects";

/** The hidden-intent message: what could not be seen, and how to write it plainly. */
export function hiddenIntentBlock(opaque: OpaqueEffect, what: string): string {
  const why: Record<OpaqueEffect["reason"], string> = {
    "dynamic-command": `the program it runs comes from ${opaque.text}, which is only known when it runs`,
    "dynamic-eval": `it evaluates text that is only known when it runs (${opaque.text})`,
    "hidden-input": `it runs text that is computed or downloaded, not written in the command (${opaque.text})`,
    "computed-name": `its program builds the name of a file it opens or a program it runs at run time (${opaque.text}), so which one is only known when it runs`,
    depth: "it nests commands deeper than the guardrails read",
    size: "it is larger than the guardrails read (over 20 000 words, a brace expansion of over 256 words, or nested scripts longer than the line itself plus 1 MiB)",
  };
  return `BLOCKED: This command cannot be checked: ${why[opaque.reason]}, and ${what}. Write the command out plainly (the program by name, no eval, no decoding or downloading into a shell) so it can be checked.`;
}

/**
 * `<agentihooks home>/.env` (docs/runtime.md, "The .env file"): the operator's place for the
 * variables agentihooks reads, seeded with a managed block of commented defaults, one per variable.
 * Every other line is the operator's and kept byte for byte; an assignment the operator activated
 * inside the block is moved under `# User overrides` (the plan's text-block `keepAssignments`).
 * The shell integration's `agentienv` exports the file (first, before the other `*.env` files).
 * Mode 0600: the operator may keep secrets in it. Every target lists the same entry.
 */
import path from "node:path";
import type { TextBlockEntry } from "../desired-tree";
import type { Environment } from "../environment";

/** Marker lines of the managed block. */
export const ENV_BLOCK_BEGIN = "# === agentihooks defaults (managed: edits inside are moved below) ===";
export const ENV_BLOCK_END = "# === end agentihooks defaults ===";

/** The block's lines: each variable agentihooks reads, commented out at its default. */
export function envDefaults(): string {
  return [
    "# Variables agentihooks reads. Set one below the block (or uncomment it here: apply then moves",
    "# it below, under '# User overrides'). agentienv exports this file in interactive shells.",
    "# Broadcast channels of the sessions started from this shell (default: the profiles' channels).",
    "# AGENTIHOOKS_BASE_CHANNELS=",
    "# Broadcast store (default: the config's broadcastDir, else ~/.agentihooks/broadcasts).",
    "# AGENTIHOOKS_BROADCAST_DIR=",
    "# Seconds a hook may take before its watchdog stops it; it can only be lowered.",
    "# AGENTIHOOKS_DEADLINE_SECONDS=20",
    "",
  ].join("\n");
}

/** The `.env` block entry for `env.agentihooksHome`. */
export function agentihooksEnvEntry(env: Pick<Environment, "agentihooksHome">): TextBlockEntry {
  return {
    kind: "text-block",
    path: path.join(env.agentihooksHome, ".env"),
    begin: ENV_BLOCK_BEGIN,
    end: ENV_BLOCK_END,
    content: envDefaults(),
    onlyIfExists: false,
    mode: 0o600,
    keepAssignments: true,
  };
}

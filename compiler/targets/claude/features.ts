/**
 * Rules, agents, commands and skills into `~/.claude` (docs/targets/claude.md, "What is written where"). Claude
 * Code reads all four natively, so each file is copied as authored: no translation. They are real
 * files, not symlinks (a desired tree is bytes, and a bundle that moves must not leave dangling
 * links), listed in a manifest per directory so an operator's own file of the same name wins and a
 * file the profiles no longer hold is removed. Rules are refreshed on every apply; drift is reported
 * by plan like any file we own.
 */
import path from "node:path";
import type { FileEntry } from "../../desired-tree";
import type { MarkdownFeature } from "../../ir";
import type { Diagnostic } from "../../diagnostics";
import { authoredMarkdown } from "../../lower/frontmatter";
import { skillFileEntries } from "../../lower/skills";
import { lowerAgent } from "./agents";
import type { Ir } from "../../ir";
import type { ClaudePaths } from "./paths";

/** One file per markdown feature, `<dir>/<file name>`, as authored (without `$schema`). */
function copyFeatures(features: readonly MarkdownFeature[], dir: string, manifest: string): FileEntry[] {
  return features.map((feature) => ({
    kind: "file",
    path: path.posix.join(dir, feature.fileName),
    content: authoredMarkdown(feature),
    mode: 0o644,
    manifest: { dir, file: manifest, item: feature.fileName },
    origin: feature.origin,
  }));
}

/** Every feature file of the Claude home: rules/, agents/ (what Claude's loader needs added: ./agents.ts), commands/ and skills/. */
export function lowerFeatures(
  ir: Pick<Ir, "rules" | "agents" | "commands" | "skills">,
  paths: ClaudePaths,
): { entries: FileEntry[]; diagnostics: Diagnostic[] } {
  const agents = ir.agents.map((agent) => lowerAgent(agent, paths.agentsDir, paths.manifest));
  return {
    entries: [
      ...copyFeatures(ir.rules, paths.rulesDir, paths.manifest),
      ...agents.map((a) => a.entry),
      ...copyFeatures(ir.commands, paths.commandsDir, paths.manifest),
      ...skillFileEntries(ir.skills, paths.skillsDir),
    ],
    diagnostics: agents.flatMap((a) => a.diagnostics),
  };
}

/**
 * The source tree: profiles, bundle and built-in layers as read from disk and validated, before
 * resolution and merge. Everything here carries its display path; nothing holds a machine path
 * except `SourceRoot.dir`, which never reaches output.
 */
import type { MarkdownFeature, Skill, TextSource } from "../ir";
import type { ParsedDocument } from "../parse/parse-document";
import type { SourceRoot } from "./source-root";

/** One parsed and validated layer document (a native settings or MCP layer, a `profile.yml`). */
export interface LayerDocument {
  doc: ParsedDocument;
  /** Display path of the file. */
  file: string;
  root: SourceRoot;
}

/** A target's native layers found in one root. */
export interface NativeLayerSet {
  settings?: LayerDocument;
  mcp?: LayerDocument;
}

/** Every native layer of one root: per target (keyed by target id), plus the Claude-shaped `.mcp.json` fallback. */
export interface SourceLayers {
  targets: Record<string, NativeLayerSet>;
  /** `<root>/.claude/.mcp.json` (else `<root>/.mcp.json`): the MCP fallback for every target (docs/profiles.md, "MCP servers"). */
  sharedMcp?: LayerDocument;
}

/** The feature folders of one root (`.claude/{rules,commands,agents,skills}`), each sorted by file name. */
export interface SourceFeatures {
  rules: MarkdownFeature[];
  commands: MarkdownFeature[];
  agents: MarkdownFeature[];
  skills: Skill[];
}

/** Everything read from one root. Absent parts were not present (or not asked for). */
export interface SourceLayer {
  root: SourceRoot;
  persona?: TextSource;
  manifest?: LayerDocument;
  layers: SourceLayers;
  features: SourceFeatures;
}

/** An empty feature set. */
export function noFeatures(): SourceFeatures {
  return { rules: [], commands: [], agents: [], skills: [] };
}

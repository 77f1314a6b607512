/**
 * Reads one root (a profile, the bundle, the package layer, `profiles/_base`) into a SourceLayer:
 * persona, `profile.yml`, each target's native settings and MCP layers, and the feature folders
 * (docs/profiles.md, "What a profile may contain"). Files are parsed with positions and validated against their schemas here, so
 * every later stage works on checked data and every problem points at a file and line.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import { diagnostic, type MessageCode } from "../messages";
import { decodeUtf8 } from "../parse/decode-utf8";
import type { MarkdownDocument, MarkdownFeature, Origin, Skill, SkillFile, TextSource } from "../ir";
import type { DocumentFormat, ParsedDocument } from "../parse/parse-document";
import { parseDocument } from "../parse/parse-document";
import { parseMarkdown } from "../parse/parse-markdown";
import { targets } from "../targets/registry";
import { type SchemaId, type UnknownKeyAllowance, validate } from "../validate";
import { checkMcpLayer } from "./check-mcp-layer";
import { withinBounds } from "./containment";
import { probe, type ReadContext, readFileContent, readOptionalText, readText } from "./read-file";
import { displayJoin, type SourceRoot } from "./source-root";
import { unknownProfileEntries } from "./unknown-entries";
import { type LayerDocument, noFeatures, type SourceFeatures, type SourceLayer, type SourceLayers } from "./source-tree";

/** Loader state: filesystem, collected diagnostics, and parsed documents by absolute path (each file parsed once). */
export interface LoadContext extends ReadContext {
  parsed: Map<string, ParsedDocument | undefined>;
  /** `path + schema` pairs already validated: a file read for two purposes is reported once. */
  validated?: Set<string>;
  /** Per settings schema id, the unknown top-level keys the config's `allowUnknownKeys` lets through. */
  allowUnknownKeys?: ReadonlyMap<string, UnknownKeyAllowance>;
}

/** Which parts of a root to read: a settings profile contributes only its layers, `_base` only settings. */
export interface ReadParts {
  persona?: readonly string[];
  manifest?: boolean;
  layers?: boolean;
  /**
   * Read the feature folders from `<root>/<featureDir>/{rules,commands,agents,skills}`: `.claude`
   * for profiles and the bundle; `""` for the package layer, which keeps them at its root.
   */
  features?: boolean;
  featureDir?: string;
}

/** The Claude-shaped MCP file every root may hold; the fallback MCP layer of every target (docs/profiles.md, "MCP servers"). */
export const sharedMcpLayer = {
  subdir: ".claude",
  file: ".mcp.json",
  format: "jsonc" as DocumentFormat,
  schema: "https://agentihooks.dev/schemas/claude-mcp.schema.json",
  container: "mcpServers",
};

const profileSchema = "https://agentihooks.dev/schemas/profile.schema.json";
const frontmatterSchemas = {
  commands: "https://agentihooks.dev/schemas/command-frontmatter.schema.json",
  agents: "https://agentihooks.dev/schemas/agent-frontmatter.schema.json",
  skills: "https://agentihooks.dev/schemas/skill-frontmatter.schema.json",
} as const;

/** Reads the requested parts of a root. Missing files are simply absent; broken ones leave diagnostics. */
export function readLayer(ctx: LoadContext, root: SourceRoot, parts: ReadParts): SourceLayer {
  const layer: SourceLayer = { root, layers: { targets: {} }, features: noFeatures() };
  // A profile directory that is itself a link out of the bundle is refused once, here.
  if (!withinBounds(ctx.fs, ctx.containment, ctx.diagnostics, root.dir, root.display)) return layer;
  if (parts.persona) {
    const persona = readPersona(ctx, root, parts.persona);
    if (persona) layer.persona = persona;
  }
  if (parts.manifest) {
    const manifest = readDocument(ctx, root, "profile.yml", "yaml", profileSchema, "profile.yml", checkManifest);
    if (manifest) layer.manifest = manifest;
    // A profile: whatever it holds that the format does not read is reported, never skipped silently.
    ctx.diagnostics.push(...unknownProfileEntries(ctx.fs, root));
  }
  // A target subdirectory that is a file would otherwise hide every layer inside it, silently.
  const subdirs = new Set<string>();
  if (parts.layers) for (const { descriptor } of targets) subdirs.add(descriptor.layers.subdir);
  if (parts.features && (parts.featureDir ?? ".claude") !== "") subdirs.add(parts.featureDir ?? ".claude");
  for (const subdir of [...subdirs].sort()) probe(ctx, path.join(root.dir, subdir), displayJoin(root.display, subdir), "directory", `${subdir} folder`);
  if (parts.layers) layer.layers = readNativeLayers(ctx, root);
  if (parts.features) layer.features = readFeatures(ctx, root, parts.featureDir ?? ".claude");
  return layer;
}

/** Reads `profile.yml` alone (resolution needs `extends` before it knows which profiles to read fully). */
export function readManifest(ctx: LoadContext, root: SourceRoot): LayerDocument | undefined {
  if (!withinBounds(ctx.fs, ctx.containment, ctx.diagnostics, root.dir, root.display)) return undefined;
  return readDocument(ctx, root, "profile.yml", "yaml", profileSchema, "profile.yml", checkManifest);
}

/** What the schema cannot say of a profile.yml: an empty `protectedBranches` needs `branchProtection: false` beside it. */
function checkManifest(layer: LayerDocument): Diagnostic[] {
  const value = layer.doc.value as { guardrails?: { protectedBranches?: unknown; branchProtection?: unknown } } | null;
  const guardrails = value?.guardrails;
  if (!guardrails || !Array.isArray(guardrails.protectedBranches) || guardrails.protectedBranches.length > 0 || guardrails.branchProtection === false)
    return [];
  const pointer = "/guardrails/protectedBranches";
  return [diagnostic("AH2016", { file: layer.file, pointer, ...layer.doc.locate(pointer) })];
}

/** The first persona candidate (relative POSIX path) that exists, as text. */
function readPersona(ctx: LoadContext, root: SourceRoot, candidates: readonly string[]): TextSource | undefined {
  for (const candidate of candidates) {
    const display = displayJoin(root.display, candidate);
    const found = readText(ctx, path.join(root.dir, candidate), display, "persona markdown");
    if (found.kind === "missing") continue;
    return found.kind === "text" ? { text: found.text, origin: { file: display, layer: root.layer } } : undefined;
  }
  return undefined;
}

/** Every target's settings and MCP layer in `root`, looked up `<root>/<subdir>/<name>` then `<root>/<name>` (docs/profiles.md: the subdirectory first). */
export function readNativeLayers(ctx: LoadContext, root: SourceRoot): SourceLayers {
  const layers: SourceLayers = { targets: {} };
  for (const { descriptor } of targets) {
    const { subdir, settings, mcp, format, settingsSchema, mcpSchema } = descriptor.layers;
    const subdirOnly = "subdirOnly" in descriptor.layers && descriptor.layers.subdirOnly === true;
    const set: SourceLayers["targets"][string] = {};
    const settingsRel = lookup(ctx, root, subdir, settings, subdirOnly);
    if (settingsRel) {
      const doc = readDocument(ctx, root, settingsRel, format, settingsSchema, `${descriptor.displayName} settings layer`);
      if (doc) set.settings = doc;
    }
    const mcpRel = lookup(ctx, root, subdir, mcp, subdirOnly);
    if (mcpRel) {
      const containers = [sharedMcpLayer.container, descriptor.layers.mcpContainer];
      const doc = readDocument(ctx, root, mcpRel, format, mcpSchema, `${descriptor.displayName} MCP layer`, (d) => checkMcpLayer(d, containers));
      if (doc) set.mcp = doc;
    }
    layers.targets[descriptor.id] = set;
  }
  const sharedRel = lookup(ctx, root, sharedMcpLayer.subdir, sharedMcpLayer.file);
  if (sharedRel) {
    const doc = readDocument(ctx, root, sharedRel, sharedMcpLayer.format, sharedMcpLayer.schema, "MCP layer (.mcp.json)", (d) =>
      checkMcpLayer(d, [sharedMcpLayer.container]),
    );
    if (doc) layers.sharedMcp = doc;
  }
  return layers;
}

/**
 * Reads one settings base per target from `profiles/_base` (a target that ships none names no
 * `base`); a missing base is a broken install.
 * The bases ship with the package and are not validated at run time: their validators are the
 * largest of all (Claude's settings alone ~600 KB of code), and tests/schemas/schemas-and-generated-files.test.ts checks the
 * shipped files against their schemas instead.
 */
export function readBaseLayers(ctx: LoadContext, root: SourceRoot): Record<string, LayerDocument | undefined> {
  const out: Record<string, LayerDocument | undefined> = {};
  for (const { descriptor } of targets) {
    const { base, format } = descriptor.layers;
    if (base === undefined) continue;
    const found = probe(ctx, path.join(root.dir, base), displayJoin(root.display, base), "file", "base layer");
    if (found.kind === "missing") {
      ctx.diagnostics.push(diagnosticAt("AH1109", displayJoin(root.display, base)));
      out[descriptor.id] = undefined;
      continue;
    }
    out[descriptor.id] = readDocument(ctx, root, base, format, undefined, `${descriptor.displayName} base layer`);
  }
  return out;
}

/** The relative path of a layer file: the target subdirectory wins over the root; `subdirOnly` skips the root. */
function lookup(ctx: LoadContext, root: SourceRoot, subdir: string, name: string, subdirOnly = false): string | undefined {
  for (const rel of subdirOnly ? [`${subdir}/${name}`] : [`${subdir}/${name}`, name]) {
    if (probeExists(ctx, path.join(root.dir, rel))) return rel;
  }
  return undefined;
}

function probeExists(ctx: LoadContext, abs: string): boolean {
  try {
    ctx.fs.lstat(abs);
    return true;
  } catch {
    return false;
  }
}

/** Reads, parses (cached by path) and validates one document (against `schema` when given). Undefined when absent or unparseable. */
function readDocument(
  ctx: LoadContext,
  root: SourceRoot,
  rel: string,
  format: DocumentFormat,
  schema: string | undefined,
  what: string,
  check?: (layer: LayerDocument) => Diagnostic[],
): LayerDocument | undefined {
  const abs = path.join(root.dir, rel);
  const display = displayJoin(root.display, rel);
  let doc: ParsedDocument | undefined;
  if (ctx.parsed.has(abs)) {
    doc = ctx.parsed.get(abs);
  } else {
    const text = readOptionalText(ctx, abs, display, what);
    if (text !== undefined) {
      const parsed = parseDocument(text, format, display);
      ctx.diagnostics.push(...parsed.diagnostics);
      doc = parsed.value;
      // A YAML file holding only comments (a placeholder profile.yml) means "nothing set", as an absent file does.
      if (doc && format === "yaml" && (doc.value === null || doc.value === undefined)) doc = { ...doc, value: {} };
    }
    ctx.parsed.set(abs, doc);
  }
  if (doc === undefined) return undefined;
  const layer: LayerDocument = { doc, file: display, root };
  if (schema === undefined) return layer;
  ctx.validated ??= new Set();
  const key = `${abs}\u0000${schema}`;
  if (!ctx.validated.has(key)) {
    ctx.validated.add(key);
    ctx.diagnostics.push(...validate(schema as SchemaId, doc, display, ctx.allowUnknownKeys?.get(schema)));
    if (check) ctx.diagnostics.push(...check(layer));
  }
  return layer;
}

/** The feature folders `<root>/<featureDir>/{rules,commands,agents,skills}` (only `*.md` files, no `README.md`, no dot entries: docs/profiles.md). */
export function readFeatures(ctx: LoadContext, root: SourceRoot, featureDir = ".claude"): SourceFeatures {
  const features = noFeatures();
  const folder = (kind: string) => (featureDir ? `${featureDir}/${kind}` : kind);
  features.rules = readMarkdownFolder(ctx, root, folder("rules"), "rule", undefined);
  features.commands = readMarkdownFolder(ctx, root, folder("commands"), "command", frontmatterSchemas.commands);
  features.agents = readMarkdownFolder(ctx, root, folder("agents"), "agent", frontmatterSchemas.agents);
  features.skills = readSkills(ctx, root, folder("skills"));
  return features;
}

/** Sorted names of a directory, dot-prefixed entries left out (they are never features). */
function listFolder(ctx: LoadContext, root: SourceRoot, rel: string): string[] | undefined {
  const abs = path.join(root.dir, rel);
  let names: string[];
  try {
    names = ctx.fs.readdir(abs);
  } catch {
    // Listed first, probed only when that fails: the probe tells missing (silent) from a file or a broken link.
    probe(ctx, abs, displayJoin(root.display, rel), "directory", `${path.posix.basename(rel)} folder`);
    return undefined;
  }
  if (!withinBounds(ctx.fs, ctx.containment, ctx.diagnostics, abs, displayJoin(root.display, rel))) return undefined;
  // Sorted: the listing order of the filesystem must never reach output.
  return names.filter((name) => !name.startsWith(".")).sort(compareNames);
}

function readMarkdownFolder(ctx: LoadContext, root: SourceRoot, rel: string, kind: string, schema: string | undefined): MarkdownFeature[] {
  const names = listFolder(ctx, root, rel) ?? [];
  const out: MarkdownFeature[] = [];
  // A listed name is a plain name (no separator, never "." or ".."): appended, not path.join'ed per file.
  const dir = path.join(root.dir, rel) + path.sep;
  const what = `${kind} markdown`;
  for (const fileName of names) {
    if (!fileName.endsWith(".md") || fileName === "README.md") continue;
    const display = displayJoin(root.display, `${rel}/${fileName}`);
    const text = readOptionalText(ctx, dir + fileName, display, what);
    if (text === undefined) continue;
    const parsed = parseMarkdown(text, display);
    ctx.diagnostics.push(...parsed.diagnostics);
    if (!parsed.value) continue;
    if (schema) ctx.diagnostics.push(...validate(schema as SchemaId, parsed.value.frontmatter, display));
    const origin: Origin = { file: display, layer: root.layer };
    // Spelled out rather than spread: a spread per file was a tenth of the loader's time at scale.
    const { frontmatter, body, raw } = withoutSchemaKey(parsed.value.document);
    out.push({ frontmatter, body, raw, name: fileName.slice(0, -3), fileName, origin });
  }
  return out;
}

function readSkills(ctx: LoadContext, root: SourceRoot, rel: string): Skill[] {
  const names = listFolder(ctx, root, rel) ?? [];
  const out: Skill[] = [];
  for (const name of names) {
    const skillRel = `${rel}/${name}`;
    const abs = path.join(root.dir, skillRel);
    const display = displayJoin(root.display, skillRel);
    // Skills are directories; a stray file in the folder (a README) is not a skill.
    let kind;
    try {
      kind = ctx.fs.stat(abs).kind;
    } catch {
      kind = undefined;
    }
    if (kind === "file") continue;
    // A directory needs no second look; anything else is probed for its diagnostic.
    if (kind !== "directory" && probe(ctx, abs, display, "directory", "skill directory").kind !== "directory") continue;
    if (!withinBounds(ctx.fs, ctx.containment, ctx.diagnostics, abs, display)) continue;
    const files: SkillFile[] = [];
    const walked: { skillMd?: string } = {};
    walkSkill(ctx, root, skillRel, "", new Set([safeRealpath(ctx, abs)]), files, walked);
    files.sort((a, b) => compareNames(a.path, b.path));
    if (!files.some((f) => f.path === "SKILL.md")) {
      ctx.diagnostics.push(diagnosticAt("AH1107", display, { name }));
      continue;
    }
    const mdDisplay = displayJoin(display, "SKILL.md");
    // Decoded (and checked as UTF-8) while walking.
    const parsed = parseMarkdown(walked.skillMd as string, mdDisplay);
    ctx.diagnostics.push(...parsed.diagnostics);
    if (!parsed.value) continue;
    ctx.diagnostics.push(...validate(frontmatterSchemas.skills as SchemaId, parsed.value.frontmatter, mdDisplay));
    const { frontmatter, body, raw } = withoutSchemaKey(parsed.value.document);
    out.push({ frontmatter, body, raw, name, files, origin: { file: mdDisplay, layer: root.layer } });
  }
  return out;
}

/** Collects every file of a skill, sorted by path; `ancestors` holds real paths of the directories above, to stop symlink loops. */
function walkSkill(
  ctx: LoadContext,
  root: SourceRoot,
  skillRel: string,
  inner: string,
  ancestors: Set<string>,
  files: SkillFile[],
  walked: { skillMd?: string },
): void {
  const dirRel = inner ? `${skillRel}/${inner}` : skillRel;
  const dirAbs = path.join(root.dir, dirRel);
  let names: string[];
  try {
    names = ctx.fs.readdir(dirAbs).sort(compareNames);
  } catch {
    return;
  }
  for (const name of names) {
    const innerRel = inner ? `${inner}/${name}` : name;
    const abs = dirAbs + path.sep + name;
    const display = displayJoin(root.display, `${skillRel}/${innerRel}`);
    let kind;
    try {
      kind = ctx.fs.stat(abs).kind;
    } catch {
      kind = undefined;
    }
    if (kind === "directory") {
      if (!withinBounds(ctx.fs, ctx.containment, ctx.diagnostics, abs, display)) continue;
      const real = safeRealpath(ctx, abs);
      // A directory that is, or contains, one we are already inside would be walked forever.
      if ([...ancestors].some((a) => a === real || a.startsWith(`${real}${path.sep}`))) {
        ctx.diagnostics.push(diagnosticAt("AH1104", display));
        continue;
      }
      walkSkill(ctx, root, skillRel, innerRel, new Set([...ancestors, real]), files, walked);
      continue;
    }
    const found = readFileContent(ctx, abs, display, "skill file", false);
    if (found.kind !== "file") continue;
    if (innerRel === "SKILL.md") {
      // SKILL.md is text: hold it to the same UTF-8 rule as every other markdown file.
      const decoded = decodeUtf8(found.bytes, display);
      ctx.diagnostics.push(...decoded.diagnostics);
      if (decoded.value === undefined) continue;
      walked.skillMd = decoded.value;
    }
    files.push({ path: innerRel, content: found.bytes, executable: found.executable });
  }
}

/** The document with a frontmatter `$schema` (an editor annotation) left out, so no target copies it. */
function withoutSchemaKey(document: MarkdownDocument): MarkdownDocument {
  if (!("$schema" in document.frontmatter)) return document;
  const { $schema: _schema, ...frontmatter } = document.frontmatter;
  return { ...document, frontmatter };
}

function safeRealpath(ctx: LoadContext, abs: string): string {
  try {
    return ctx.fs.realpath(abs);
  } catch {
    return abs;
  }
}

/** Byte-wise name order, independent of locale. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function diagnosticAt(code: MessageCode, file: string, args: Record<string, string | number> = {}) {
  return diagnostic(code, { file }, args);
}

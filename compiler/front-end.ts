/**
 * The compiler front end: find the project config, read every profile file (the only filesystem
 * access of the compiler), validate, resolve the chain, merge the layers and build the IR. Then
 * `compileTargets` runs each target's pure compile over it.
 */
import path from "node:path";
import { findConfig, type LoadedConfig, type ProjectConfig } from "./config";
import type { DesiredTree } from "./desired-tree";
import { hasErrors, type Result, type SourceLocation } from "./diagnostics";
import type { Environment } from "./environment";
import type { ChainMember, Ir, Origin, TargetInput, TextSource } from "./ir";
import { exists, isDirectory, nodeFileSystem, type SourceFileSystem } from "./load/file-system";
import { findPackageRoot } from "./load/package-root";
import { probe, readOptionalText } from "./load/read-file";
import { type LoadContext, readBaseLayers, readLayer, readManifest } from "./load/read-layer";
import type { SourceRoot } from "./load/source-root";
import { bundleContainment } from "./load/containment";
import type { LayerDocument, SourceLayer } from "./load/source-tree";
import { diagnostic } from "./messages";
import { mergeDocuments, type MergeLayer } from "./merge/merge-documents";
import { mergeFeatures } from "./merge/merge-features";
import { mergeChannels } from "./merge/merge-channels";
import { mergeGuardrails } from "./merge/merge-guardrails";
import { mergeMcpServers } from "./merge/merge-mcp";
import { findProfile, isValidProfileName, listProfiles, type FoundProfile, type ProfileSources, profileRoot } from "./resolve/profile-sources";
import { expandChain, parseChain } from "./resolve/resolve-chain";
import { chooseScope, scopeEnvironment } from "./scopes/scope-environment";
import { compileInScope } from "./scopes/compile-in-scope";
import { scrubIrText, scrubTreeText } from "./lower/text-credentials";
import { findTarget, type TargetId, targetIds, targets } from "./targets/registry";
import type { UnknownKeyAllowance } from "./validate";

/** What the caller knows; everything else comes from the config and the profile tree. */
export interface FrontEndOptions {
  /** Where the config search starts. */
  cwd: string;
  /** Machine facts; config `homes` overrides are applied on top. */
  env: Environment;
  /** An explicit config file (`--config`), relative to cwd. */
  configFile?: string;
  /** Chain override (`--profile a,b`), instead of the config's `profile`. */
  profile?: string;
  /** Settings profile override (`--settings-profile`). */
  settingsProfile?: string;
  /** Targets override (`--target`), instead of the config's `targets`; empty means no override. */
  targets?: readonly TargetId[];
  /** Test seam: the filesystem the profile tree is read through (default: the real one). */
  fs?: SourceFileSystem;
  /** Test seam: the package root holding the built-in `profiles/` (default: this installed package). */
  packageRoot?: string;
  /** Config search: `project` (default) walks up to the nearest package.json; `none` looks only in cwd. */
  configSearch?: "project" | "none";
  /** `--scope`: the scope to write (default: the config's first declared scope, else `home`; compiler/scopes). */
  scope?: string;
}

/** Everything the later stages need about the project. */
export interface Project {
  /** Display path of the config file (`config:agentihooks.config.json`); absent when the embedded default is used. */
  configFile?: string;
  /** Targets to build: the config's `targets` (or the override), default all, in registry order. */
  targets: TargetId[];
  /** The Environment with the config's `homes` overrides applied. */
  env: Environment;
  ir: Ir;
  /** For each guardrail switch a profile set: where (the last one) set it. Switches at their default are absent. */
  guardrailOrigins: Record<string, Origin>;
}

/** The chain used when neither the config nor the command line names one. */
export const defaultChain = "default";

/** Reads everything, validates, resolves and merges. Value undefined when any error was found. */
export function loadProject(options: FrontEndOptions): Result<Project | undefined> {
  const ctx: LoadContext = { fs: options.fs ?? nodeFileSystem, diagnostics: [], parsed: new Map() };
  const fail = (): Result<undefined> => ({ value: undefined, diagnostics: ctx.diagnostics });

  const found = findConfig({ cwd: options.cwd, configFile: options.configFile, strategy: options.configSearch });
  ctx.diagnostics.push(...found.diagnostics);
  if (hasErrors(ctx.diagnostics)) return fail();
  const loaded = found.value;
  const config: ProjectConfig = loaded?.config ?? {};
  const projectDir = loaded?.dir ?? options.cwd;
  ctx.allowUnknownKeys = unknownKeyAllowances(config);

  const packageRoot = options.packageRoot ?? findPackageRoot();
  const sources = resolveSources(ctx, packageRoot, projectDir, config, loaded);
  ctx.containment = bundleContainment(ctx.fs, sources, config.allowExternalLinks === true);
  const scoped = chooseScope(options.scope ?? (options.env.scope.name !== "home" ? options.env.scope.name : undefined), config.scopes);
  ctx.diagnostics.push(...scoped.diagnostics);
  if (!scoped.scope) return fail();
  const located = scopeEnvironment(scoped.scope, applyHomes(options.env, config, projectDir), options.cwd, (file) => exists(ctx.fs, file));
  ctx.diagnostics.push(...located.diagnostics);
  if (!located.env) return fail();
  const env = located.env;
  // An empty override (no --target given) means "the config's targets", not "none".
  const selected = selectTargets(options.targets && options.targets.length > 0 ? options.targets : (config.targets as TargetId[] | undefined));
  if (hasErrors(ctx.diagnostics)) return fail();

  const chain = resolveMembers(ctx, sources, options, config, loaded);
  const settingsProfile = resolveSettingsProfile(ctx, sources, options, config, loaded);
  // A schema error in a profile.yml does not stop reading: every file's problems are reported together.
  if (chain === undefined) return fail();

  // Read every layer in merge order: package → bundle → chain (left to right) → settings profile.
  const builtin = (rel: string, layer: string): SourceRoot => ({ dir: path.join(sources.builtinProfiles, rel), display: `built-in:profiles/${rel}`, layer });
  const baseLayers = readBaseLayers(ctx, builtin("_base", "base"));
  const packageDir = path.join(sources.builtinProfiles, "package");
  const packageLayer = isDirectory(ctx.fs, packageDir) ? readLayer(ctx, builtin("package", "package"), { features: true, featureDir: "" }) : undefined;
  const bundleLayer =
    sources.bundle === undefined
      ? undefined
      : readLayer(
          ctx,
          { dir: sources.bundle, display: "bundle:", layer: "bundle" },
          { persona: [".claude/CLAUDE.md", "CLAUDE.md"], layers: true, features: true },
        );
  const memberLayers = chain.map(({ member, profile }) => ({
    member,
    layer: readLayer(ctx, profileRoot(profile, "chain"), { persona: ["CLAUDE.md"], manifest: true, layers: true, features: true }),
  }));
  const settingsLayer = settingsProfile ? readLayer(ctx, profileRoot(settingsProfile.profile, "settings"), { layers: true }) : undefined;
  if (settingsProfile) noteIgnoredParts(ctx, settingsProfile.profile);
  const manifesto = readManifesto(ctx, options);
  if (hasErrors(ctx.diagnostics)) return fail();

  const ordered: SourceLayer[] = [...(bundleLayer ? [bundleLayer] : []), ...memberLayers.map((m) => m.layer), ...(settingsLayer ? [settingsLayer] : [])];
  const targetInputs = {} as Record<TargetId, TargetInput>;
  for (const { descriptor } of targets) {
    const base = baseLayers[descriptor.id];
    const settingsLayers = [...(base ? [base] : []), ...ordered.map((l) => l.layers.targets[descriptor.id]?.settings).filter(isDefined)];
    const mcp = mergeMcpServers(descriptor, ordered.map((l) => l.layers.targets[descriptor.id]?.mcp ?? l.layers.sharedMcp).filter(isDefined));
    ctx.diagnostics.push(...mcp.diagnostics);
    targetInputs[descriptor.id] = { settings: mergeDocuments(settingsLayers.map(toMergeLayer)), mcpServers: mcp.value };
  }

  const features = mergeFeatures([packageLayer, bundleLayer, ...memberLayers.map((m) => m.layer)].filter(isDefined).map((l) => l.features));
  const guardrails = mergeGuardrails(memberLayers.map((m) => m.layer.manifest).filter(isDefined));
  ctx.diagnostics.push(...guardrails.diagnostics);
  if (hasErrors(ctx.diagnostics)) return fail();

  const members = chain.map((c) => c.member);
  const ir: Ir = {
    requestedChain: chainText(options, config),
    chain: members,
    basePersona: basePersonaOf(parseChain(chainText(options, config)), members),
    persona: {
      profiles: memberLayers.flatMap(({ member, layer }) => (layer.persona ? [{ ...layer.persona, profile: member.name }] : [])),
    },
    rules: features.rules,
    commands: features.commands,
    agents: features.agents,
    skills: features.skills,
    targets: targetInputs,
    guardrails: guardrails.value.policy,
  };
  if (settingsProfile) ir.settingsProfile = settingsProfile.member;
  const channels = mergeChannels(memberLayers.map((m) => m.layer.manifest).filter(isDefined));
  if (channels) ir.channels = channels;
  if (typeof config.codexHookTrust === "boolean") ir.options = { codexHookTrust: config.codexHookTrust };
  if (typeof config.broadcastDir === "string") ir.options = { ...ir.options, broadcastDir: path.resolve(projectDir, config.broadcastDir) };
  if (sources.bundle !== undefined) ir.bundle = "bundle:";
  if (bundleLayer?.persona) ir.persona.bundleShared = bundleLayer.persona;
  if (manifesto) ir.persona.manifesto = manifesto;

  const project: Project = { targets: selected, env, ir, guardrailOrigins: guardrails.value.origins };
  if (loaded) project.configFile = loaded.file;
  return { value: project, diagnostics: ctx.diagnostics };
}

/**
 * The persona's identity: the first profile the operator named that is not a linked profile (a
 * parent pulled in by `extends` is part of the persona, not its name); all linked → the first named.
 */
function basePersonaOf(requested: readonly string[], members: readonly ChainMember[]): string {
  const named = requested.map((name) => members.find((m) => m.name === name)).filter(isDefined);
  return (named.find((m) => m.source !== "linked") ?? named[0] ?? members[0])?.name ?? defaultChain;
}

/** Says (info) when a settings profile holds a persona or features, which only a chain profile contributes. */
function noteIgnoredParts(ctx: LoadContext, profile: FoundProfile): void {
  const parts = [
    ["CLAUDE.md", "a persona (CLAUDE.md)"],
    [".claude/rules", "rules"],
    [".claude/commands", "commands"],
    [".claude/agents", "agents"],
    [".claude/skills", "skills"],
  ].filter(([rel]) => exists(ctx.fs, path.join(profile.dir, rel as string)));
  if (parts.length === 0) return;
  const names = parts.map(([, what]) => what as string);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  ctx.diagnostics.push(diagnostic("AH3012", { file: profile.display }, { name: profile.name, parts: list }));
}

/**
 * The CI manifesto (docs/profiles.md): the file named by `CI_MANIFESTO_PATH` in the environment
 * (relative to cwd), appended last to the Copilot and Codex personas. Shown as `manifesto:<name>`.
 */
function readManifesto(ctx: LoadContext, options: FrontEndOptions): TextSource | undefined {
  const named = options.env.vars.CI_MANIFESTO_PATH;
  if (named === undefined || named.trim() === "") return undefined;
  const abs = path.resolve(options.cwd, named);
  const file = `manifesto:${path.basename(abs)}`;
  if (probe(ctx, abs, file, "file", "CI manifesto").kind === "missing") {
    ctx.diagnostics.push(diagnostic("AH1113", { file }));
    return undefined;
  }
  const text = readOptionalText(ctx, abs, file, "CI manifesto");
  return text === undefined ? undefined : { text, origin: { file, layer: "manifesto" } };
}

/**
 * Pure: runs each selected target's compile over the IR, in registry order, in `env`'s scope.
 * Authored text passes the credential policy first and every emitted text file after
 * (compiler/lower/text-credentials.ts); the warnings about authored text come once, with the first tree.
 */
export function compileTargets(ir: Ir, env: Environment, ids: readonly TargetId[]): DesiredTree[] {
  const scrubbed = scrubIrText(ir);
  const trees = targets
    .filter((t) => ids.includes(t.descriptor.id))
    .map((t) => scrubTreeText(compileInScope(t, scrubbed.ir, env), env.agentihooksHome, scrubbed.clean));
  const first = trees[0];
  if (first !== undefined && scrubbed.diagnostics.length > 0) trees[0] = { ...first, diagnostics: [...scrubbed.diagnostics, ...first.diagnostics] };
  return trees;
}

/**
 * Lists every selectable profile with its source, for `agentihooks profiles`. Reads the config to
 * find the bundle and linked profiles.
 */
export function loadProfileList(options: FrontEndOptions): Result<Array<FoundProfile & { hasPersona: boolean }> | undefined> {
  const ctx: LoadContext = { fs: options.fs ?? nodeFileSystem, diagnostics: [], parsed: new Map() };
  const found = findConfig({ cwd: options.cwd, configFile: options.configFile, strategy: options.configSearch });
  ctx.diagnostics.push(...found.diagnostics);
  if (hasErrors(ctx.diagnostics)) return { value: undefined, diagnostics: ctx.diagnostics };
  const config: ProjectConfig = found.value?.config ?? {};
  const sources = resolveSources(ctx, options.packageRoot ?? findPackageRoot(), found.value?.dir ?? options.cwd, config, found.value);
  if (hasErrors(ctx.diagnostics)) return { value: undefined, diagnostics: ctx.diagnostics };
  const list = listProfiles(ctx.fs, sources).map((p) => ({ ...p, hasPersona: hasFile(ctx.fs, path.join(p.dir, "CLAUDE.md")) }));
  return { value: list, diagnostics: ctx.diagnostics };
}

function hasFile(fs: SourceFileSystem, p: string): boolean {
  try {
    return fs.stat(p).kind === "file";
  } catch {
    return false;
  }
}

/** Where profiles come from: built-in, the configured bundle, linked profiles (paths relative to the project directory). */
function resolveSources(ctx: LoadContext, packageRoot: string, projectDir: string, config: ProjectConfig, loaded: LoadedConfig | undefined): ProfileSources {
  const builtinProfiles = path.join(packageRoot, "profiles");
  const sources: ProfileSources = { builtinProfiles, linked: [] };
  const at = (pointer: string): SourceLocation => locateConfig(loaded, pointer);
  if (typeof config.bundle === "string") {
    const bundle = path.resolve(projectDir, config.bundle);
    if (!isDirectory(ctx.fs, bundle)) ctx.diagnostics.push(diagnostic("AH3006", at("/bundle"), { path: config.bundle }));
    else if (!isDirectory(ctx.fs, path.join(bundle, "profiles"))) ctx.diagnostics.push(diagnostic("AH3007", at("/bundle"), { path: config.bundle }));
    else sources.bundle = bundle;
  }
  const linked: Array<{ name: string; dir: string }> = [];
  // Sorted by alias: the config object's key order carries no meaning.
  for (const [name, rel] of Object.entries(config.linkedProfiles ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const pointer = `/linkedProfiles/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    const dir = path.resolve(projectDir, rel);
    const shadow = findProfile(ctx.fs, { ...sources, linked: [] }, name);
    if (!isValidProfileName(name)) ctx.diagnostics.push(diagnostic("AH3010", at(pointer), { name }));
    else if (shadow) ctx.diagnostics.push(diagnostic("AH3009", at(pointer), { name, source: shadow.source }));
    else if (!isDirectory(ctx.fs, dir)) ctx.diagnostics.push(diagnostic("AH3008", at(pointer), { name, path: rel }));
    else linked.push({ name, dir });
  }
  sources.linked = linked;
  return sources;
}

/** The chain as requested: `--profile`, else the config's `profile`, else the embedded default. */
function chainText(options: FrontEndOptions, config: ProjectConfig): string {
  if (options.profile !== undefined) return options.profile;
  if (Array.isArray(config.profile)) return config.profile.join(",");
  return config.profile ?? defaultChain;
}

/** Where the chain was spelled, for diagnostics about it. */
function chainLocation(options: FrontEndOptions, config: ProjectConfig, loaded: LoadedConfig | undefined): SourceLocation {
  if (options.profile !== undefined) return { file: "command line (--profile)" };
  if (config.profile !== undefined) return locateConfig(loaded, "/profile");
  return { file: loaded?.file ?? "built-in default" };
}

/** Resolves and expands the chain; undefined when a member could not be resolved (diagnostics recorded). */
function resolveMembers(
  ctx: LoadContext,
  sources: ProfileSources,
  options: FrontEndOptions,
  config: ProjectConfig,
  loaded: LoadedConfig | undefined,
): Array<{ member: ChainMember; profile: FoundProfile }> | undefined {
  const found = new Map<string, FoundProfile | undefined>();
  const find = (name: string) => {
    if (!found.has(name)) found.set(name, findProfile(ctx.fs, sources, name));
    return found.get(name);
  };
  const requested = chainText(options, config);
  const expanded = expandChain(
    parseChain(requested),
    {
      exists: (name) => find(name) !== undefined,
      parents: (name) => {
        const profile = find(name);
        if (!profile) return [];
        const manifest = readManifest(ctx, profileRoot(profile, "chain"));
        return manifestParents(manifest);
      },
      available: () => listProfiles(ctx.fs, sources).map((p) => p.name),
    },
    chainLocation(options, config, loaded),
    requested,
  );
  ctx.diagnostics.push(...expanded.diagnostics);
  if (hasErrors(expanded.diagnostics)) return undefined;
  return expanded.members.map(({ name, extendedBy }) => {
    const profile = find(name) as FoundProfile;
    const member: ChainMember = { name, source: profile.source, root: profile.display };
    if (extendedBy !== undefined) member.extendedBy = extendedBy;
    return { member, profile };
  });
}

/** The `extends` entries of a profile.yml, each with its location. */
function manifestParents(manifest: LayerDocument | undefined): Array<{ name: string; at: SourceLocation }> {
  if (!manifest) return [];
  const value = manifest.doc.value as { extends?: unknown } | null;
  const list = value && typeof value === "object" ? value.extends : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((name, index) => {
    if (typeof name !== "string") return [];
    const pointer = `/extends/${index}`;
    const pos = manifest.doc.locate(pointer);
    return [{ name, at: pos ? { file: manifest.file, pointer, line: pos.line, column: pos.column } : { file: manifest.file, pointer } }];
  });
}

function resolveSettingsProfile(
  ctx: LoadContext,
  sources: ProfileSources,
  options: FrontEndOptions,
  config: ProjectConfig,
  loaded: LoadedConfig | undefined,
): { member: ChainMember; profile: FoundProfile } | undefined {
  const name = options.settingsProfile ?? config.settingsProfile;
  if (name === undefined || name.trim() === "") return undefined;
  const profile = findProfile(ctx.fs, sources, name.trim());
  if (!profile) {
    const at = options.settingsProfile !== undefined ? { file: "command line (--settings-profile)" } : locateConfig(loaded, "/settingsProfile");
    const available =
      listProfiles(ctx.fs, sources)
        .map((p) => p.name)
        .join(", ") || "none";
    ctx.diagnostics.push(diagnostic("AH3005", at, { name, available }));
    return undefined;
  }
  return { member: { name: profile.name, source: profile.source, root: profile.display }, profile };
}

/** A location inside the config file, with line and column when the format keeps them. */
function locateConfig(loaded: LoadedConfig | undefined, pointer: string): SourceLocation {
  if (!loaded) return { file: "built-in default" };
  const pos = loaded.locate?.(pointer);
  return pos ? { file: loaded.file, pointer, line: pos.line, column: pos.column } : { file: loaded.file, pointer };
}

/** The targets to build, in registry order whatever order they were named in. */
function selectTargets(requested: readonly TargetId[] | undefined): TargetId[] {
  if (!requested || requested.length === 0) return [...targetIds];
  return targetIds.filter((id) => requested.includes(id));
}

/** Applies the config's `homes` overrides (`~` expanded against the environment's home, relative paths against the project). */
function applyHomes(env: Environment, config: ProjectConfig, projectDir: string): Environment {
  const homes = config.homes;
  if (!homes) return env;
  const resolve = (p: string): string => (p === "~" ? env.home : p.startsWith("~/") ? `${env.home}/${p.slice(2)}` : path.resolve(projectDir, p));
  const next: Environment = { ...env };
  const clientHomes: Record<string, string> = { ...env.homes };
  for (const id of targetIds) {
    const value = (homes as Readonly<Record<string, string | undefined>>)[id];
    if (value !== undefined) clientHomes[id] = resolve(value);
  }
  next.homes = clientHomes;
  if (homes.state !== undefined) next.agentihooksHome = resolve(homes.state);
  return next;
}

/** A layer document as a merge input, its top-level `$schema` (an editor annotation) left out. */
function toMergeLayer(layer: LayerDocument): MergeLayer {
  const { $schema: _schema, ...value } = (layer.doc.value ?? {}) as Record<string, unknown>;
  return { value, origin: { file: layer.file, layer: layer.root.layer }, locate: (pointer) => layer.doc.locate(pointer) };
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/** The config's `allowUnknownKeys`, keyed by each target's settings schema (docs/profiles.md, "A newer client"). */
function unknownKeyAllowances(config: ProjectConfig): Map<string, UnknownKeyAllowance> {
  const out = new Map<string, UnknownKeyAllowance>();
  for (const [id, keys] of Object.entries(config.allowUnknownKeys ?? {})) {
    const descriptor = findTarget(id)?.descriptor;
    if (!descriptor || !keys || keys.length === 0) continue;
    out.set(descriptor.layers.settingsSchema, { keys: new Set(keys), target: id, client: descriptor.displayName, version: descriptor.verifiedAgainst.version });
  }
  return out;
}

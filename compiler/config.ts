/**
 * Finds and reads the project config with cosmiconfig (`agentihooks.config.*`, `.agentihooksrc*`,
 * `package.json#agentihooks`), keeping source positions for JSON and YAML files so a schema error
 * points at its line, and validating it strictly against `schemas/config.schema.json`.
 */
import { cosmiconfigSync, defaultLoadersSync } from "cosmiconfig";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FileSystem } from "./fs/file-system";
import { readSourceRecord, type SourceOrigin, type SourceRecord } from "./state/source-record";
import type { Diagnostic, Result } from "./diagnostics";
import { diagnostic } from "./messages";
import type { DocumentFormat, ParsedDocument } from "./parse/parse-document";
import { decodeUtf8 } from "./parse/decode-utf8";
import { parseDocument } from "./parse/parse-document";
import { type SchemaId, validate } from "./validate";

/** The project config as written (validated against config.schema.json). */
export type ProjectConfig = import("../schemas/config.generated").AgentihooksConfig;

/** A config found and read. */
export interface LoadedConfig {
  /** Display path: `config:agentihooks.config.json`, `config:package.json`, `config:.config/agentihooksrc.yml`. */
  file: string;
  /** Absolute project directory: paths in the config are relative to it. Never printed. */
  dir: string;
  /** Absolute path of the config file. Never printed (the state's source record keeps it). */
  filepath: string;
  /** The config value; undefined when it failed to parse or validate. */
  config: ProjectConfig | undefined;
  /** Line and column of a pointer inside the config file (JSON and YAML files only). */
  locate?: (pointer: string) => { line: number; column: number } | undefined;
}

/** Where to look. */
export interface ConfigSearch {
  cwd: string;
  /** An explicit config file (`--config`), relative to cwd. */
  configFile?: string;
  /** `project` (default) walks up to the nearest directory with a package.json; `none` looks only in cwd. */
  strategy?: "project" | "none";
}

const moduleName = "agentihooks";
const extensions = ["json", "yaml", "yml", "js", "ts", "cjs", "mjs"];

/** The places searched in each directory, first match wins. */
export const configSearchPlaces: readonly string[] = [
  "package.json",
  `.${moduleName}rc`,
  ...extensions.map((ext) => `.${moduleName}rc.${ext}`),
  `.config/${moduleName}rc`,
  ...extensions.map((ext) => `.config/${moduleName}rc.${ext}`),
  ...extensions.map((ext) => `${moduleName}.config.${ext}`),
];

/** Thrown by our loaders when a config file does not parse; its diagnostics are already recorded. */
class ConfigParseFailure extends Error {}

/**
 * Finds the project config. Value undefined when there is none (then the embedded default applies);
 * a config that fails to load, parse or validate yields `config: undefined` plus error diagnostics.
 */
export function findConfig(search: ConfigSearch): Result<LoadedConfig | undefined> {
  const diagnostics: Diagnostic[] = [];
  const documents = new Map<string, ParsedDocument>();
  const parsingLoader = (format: DocumentFormat) => (filepath: string) => {
    // cosmiconfig hands over text decoded leniently; decode the bytes again so non-UTF-8 is reported.
    const decoded = decodeUtf8(new Uint8Array(readFileSync(filepath)), displayOf(filepath));
    diagnostics.push(...decoded.diagnostics);
    if (decoded.value === undefined) throw new ConfigParseFailure(filepath);
    if (decoded.value.trim() === "") {
      diagnostics.push(diagnostic("AH1115", { file: displayOf(filepath), line: 1, column: 1 }));
      throw new ConfigParseFailure(filepath);
    }
    const parsed = parseDocument(decoded.value, format, displayOf(filepath));
    diagnostics.push(...parsed.diagnostics);
    if (!parsed.value) throw new ConfigParseFailure(filepath);
    documents.set(filepath, parsed.value);
    // A document holding nothing (only comments, or `null`) must read as empty, not as "no config here".
    return (parsed.value.value ?? undefined) as object;
  };
  const requireModule = createRequire(import.meta.url);
  const jsLoader = (filepath: string) => {
    const loaded = requireModule(filepath) as { default?: unknown };
    // ESM configs export default; CommonJS ones assign module.exports.
    return (loaded && typeof loaded === "object" && "default" in loaded ? loaded.default : loaded) as object;
  };
  const explorer = cosmiconfigSync(moduleName, {
    searchPlaces: [...configSearchPlaces],
    searchStrategy: search.strategy ?? "project",
    // An empty config file is reported (AH1115), not skipped in favour of the next place or the default.
    ignoreEmptySearchPlaces: false,
    cache: false,
    loaders: {
      // Comments and trailing commas are accepted in a JSON config, as in the settings layers.
      ".json": parsingLoader("jsonc"),
      ".yaml": parsingLoader("yaml"),
      ".yml": parsingLoader("yaml"),
      // `.agentihooksrc` without an extension is YAML (JSON is valid YAML).
      noExt: parsingLoader("yaml"),
      ".js": jsLoader,
      ".cjs": jsLoader,
      ".mjs": jsLoader,
      // TypeScript configs are transpiled by cosmiconfig, which needs the `typescript` package installed.
      ".ts": defaultLoadersSync[".ts"],
    },
  });
  let result: ReturnType<typeof explorer.search>;
  let attempted: string | undefined;
  try {
    if (search.configFile !== undefined) {
      attempted = path.resolve(search.cwd, search.configFile);
      result = explorer.load(attempted);
    } else {
      result = explorer.search(search.cwd);
    }
  } catch (error) {
    const filepath = (error as { filepath?: string }).filepath ?? attempted ?? search.cwd;
    const file = displayOf(filepath);
    if (error instanceof ConfigParseFailure) return { value: { file, dir: projectDirOf(filepath), filepath, config: undefined }, diagnostics };
    const code = (error as NodeJS.ErrnoException).code;
    if (search.configFile !== undefined && (code === "ENOENT" || code === "EISDIR")) {
      diagnostics.push(diagnostic("AH1112", { file: `config:${search.configFile}` }));
      return { value: undefined, diagnostics };
    }
    // The loader's message may hold the machine path of the project; show it relative.
    const reason = firstLine(error instanceof Error ? error.message : String(error))
      .split(projectDirOf(filepath))
      .join(".");
    diagnostics.push(diagnostic("AH1110", { file }, { reason }));
    return { value: { file, dir: projectDirOf(filepath), filepath, config: undefined }, diagnostics };
  }
  if (!result) return { value: undefined, diagnostics };
  const file = displayOf(result.filepath);
  const dir = projectDirOf(result.filepath);
  // An empty file (or one holding only whitespace or comments) is a mistake, not "use the defaults":
  // it would apply the built-in profile where the operator meant to configure one.
  if (result.isEmpty || result.config === null || result.config === undefined) {
    diagnostics.push(diagnostic("AH1115", { file, line: 1, column: 1 }));
    return { value: { file, dir, filepath: result.filepath, config: undefined }, diagnostics };
  }
  const config: unknown = result.config;
  if (config === null || typeof config !== "object" || Array.isArray(config)) {
    diagnostics.push(diagnostic("AH1111", { file }, { type: Array.isArray(config) ? "a list" : typeof config }));
    return { value: { file, dir, filepath: result.filepath, config: undefined }, diagnostics };
  }
  const doc = locatedDocument(result.filepath, config, documents.get(result.filepath));
  const problems = validate("https://agentihooks.dev/schemas/config.schema.json" as SchemaId, doc, file);
  diagnostics.push(...problems);
  const valid = !problems.some((d) => d.severity === "error");
  return {
    value: { file, dir, filepath: result.filepath, config: valid ? (config as ProjectConfig) : undefined, locate: (pointer) => doc.locate(pointer) },
    diagnostics,
  };
}

/** Pairs the config value with positions: from the parsed file, under `/agentihooks` for package.json, none for JS/TS. */
function locatedDocument(filepath: string, value: object, parsed: ParsedDocument | undefined): ParsedDocument {
  if (!parsed) return { value, locate: () => undefined };
  if (path.basename(filepath) === "package.json") {
    return { value, locate: (pointer) => parsed.locate(`/${moduleName}${pointer}`) };
  }
  return parsed;
}

/** `config:` plus the path relative to the project directory (`.config/…` kept), never a machine path. */
function displayOf(filepath: string): string {
  const base = path.basename(filepath);
  const parent = path.basename(path.dirname(filepath));
  return parent === ".config" ? `config:.config/${base}` : `config:${base}`;
}

/** The directory config paths are relative to: the config's own directory, or above `.config/`. */
function projectDirOf(filepath: string): string {
  const dir = path.dirname(filepath);
  return path.basename(dir) === ".config" ? path.dirname(dir) : dir;
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? "").replace(/\s+$/, "").replace(/\.$/, "");
}

/** The directory of the user-level config: `$XDG_CONFIG_HOME/agentihooks`, else `~/.config/agentihooks`. */
export function userConfigDir(env: NodeJS.ProcessEnv, home: string): string {
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, ".config"), moduleName);
}

/** The config (and chain overrides) a run uses, and where it came from. */
export interface SourceChoice {
  /** Absolute config file to load, or undefined for the embedded default. */
  configFile?: string;
  profile?: string;
  settingsProfile?: string;
  origin: SourceOrigin;
  /** The record of the last apply, when there is one. */
  recorded?: SourceRecord;
}

/**
 * Chooses the source of a run, first match wins: `--config`; a project config found from `cwd`;
 * the source the homes were last applied from (with that apply's `--profile` and
 * `--settings-profile`, unless given again); the user-level config (`userConfigDir`); the embedded
 * default. A recorded config that no longer exists is skipped (the run then differs from the record,
 * which `apply` refuses without `--switch`).
 */
export function chooseSource(
  options: { cwd: string; configFile?: string; profile?: string; settingsProfile?: string },
  machine: { home: string; agentihooksHome: string },
  env: NodeJS.ProcessEnv,
  fs: Pick<FileSystem, "read" | "stat">,
): SourceChoice {
  const recorded = readSourceRecord(fs, machine.agentihooksHome);
  const base = {
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    ...(options.settingsProfile !== undefined ? { settingsProfile: options.settingsProfile } : {}),
    ...(recorded ? { recorded } : {}),
  };
  if (options.configFile !== undefined) return { ...base, configFile: path.resolve(options.cwd, options.configFile), origin: "flag" };
  const project = findConfig({ cwd: options.cwd });
  if (project.value || project.diagnostics.length > 0) return { ...base, ...(project.value ? { configFile: project.value.filepath } : {}), origin: "project" };
  if (recorded && (recorded.config === null || fs.stat(recorded.config)?.kind === "file")) {
    const profile = options.profile ?? recorded.profileOverride ?? undefined;
    const settingsProfile = options.settingsProfile ?? recorded.settingsProfileOverride ?? undefined;
    return {
      recorded,
      origin: "recorded",
      ...(recorded.config !== null ? { configFile: recorded.config } : {}),
      ...(profile !== undefined ? { profile } : {}),
      ...(settingsProfile !== undefined ? { settingsProfile } : {}),
    };
  }
  const user = findConfig({ cwd: userConfigDir(env, machine.home), strategy: "none" });
  if (user.value) return { ...base, configFile: user.value.filepath, origin: "user" };
  return { ...base, origin: "default" };
}

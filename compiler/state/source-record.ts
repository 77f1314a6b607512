/**
 * The homes' source: which config, chain and settings profile the last `apply` compiled, and with
 * which agentihooks release, kept in `<state>/source.json` (docs/cli.md "One source per home").
 * Without a project config in the current directory, the commands use the recorded source, so
 * `agentihooks plan` from any directory compares the homes with what was applied, not with the
 * embedded default. The record lives under the state directory the environment names
 * (`AGENTIHOOKS_HOME`, default `~/.agentihooks`), before any config is read: a config's
 * `homes.state` cannot move it, because it is how the config is found.
 */
import path from "node:path";
import type { FileSystem } from "../fs/file-system";

/** What `apply` records. Paths are absolute: the record is this machine's, never shared. */
export interface SourceRecord {
  schemaVersion: 1;
  /** The config file, or null when the embedded default profile was applied. */
  config: string | null;
  /** How that config was found: `--config`, the project search, the user-level config, or none. */
  origin: SourceOrigin;
  /** The bundle as the compiler shows it (`bundle:` relative display), or null. */
  bundle: string | null;
  /** The chain as requested (`coding,anton`). */
  chain: string;
  settingsProfile: string | null;
  /** `--profile` / `--settings-profile` given to that apply; reused with the recorded config. */
  profileOverride: string | null;
  settingsProfileOverride: string | null;
  /** The agentihooks release that applied it. */
  version: string;
  /** The targets that apply wrote. */
  targets: string[];
}

/** Where a run's config came from, in the order they are tried. */
export type SourceOrigin = "flag" | "project" | "recorded" | "user" | "default";

/** The record's path under the state directory. */
export function sourceRecordPath(agentihooksHome: string): string {
  return path.join(agentihooksHome, "source.json");
}

/** Reads the record; undefined when there is none or it is not one (a broken record is treated as absent). */
export function readSourceRecord(fs: Pick<FileSystem, "read">, agentihooksHome: string): SourceRecord | undefined {
  const bytes = fs.read(sourceRecordPath(agentihooksHome));
  if (!bytes) return undefined;
  try {
    const doc = JSON.parse(new TextDecoder().decode(bytes)) as Partial<SourceRecord>;
    if (doc.schemaVersion !== 1 || typeof doc.chain !== "string" || typeof doc.version !== "string") return undefined;
    return {
      schemaVersion: 1,
      config: typeof doc.config === "string" ? doc.config : null,
      origin: doc.origin ?? "default",
      bundle: typeof doc.bundle === "string" ? doc.bundle : null,
      chain: doc.chain,
      settingsProfile: typeof doc.settingsProfile === "string" ? doc.settingsProfile : null,
      profileOverride: typeof doc.profileOverride === "string" ? doc.profileOverride : null,
      settingsProfileOverride: typeof doc.settingsProfileOverride === "string" ? doc.settingsProfileOverride : null,
      version: doc.version,
      targets: Array.isArray(doc.targets) ? doc.targets.filter((t): t is string => typeof t === "string") : [],
    };
  } catch {
    return undefined;
  }
}

/** The record's bytes: stable key order and a final newline, so an unchanged source rewrites nothing. */
export function serializeSourceRecord(record: SourceRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** Writes the record (atomically, 0600) when its bytes differ from what is there; true when written. */
export function writeSourceRecord(fs: Pick<FileSystem, "read" | "write">, agentihooksHome: string, record: SourceRecord): boolean {
  const file = sourceRecordPath(agentihooksHome);
  const text = serializeSourceRecord(record);
  const before = fs.read(file);
  if (before && new TextDecoder().decode(before) === text) return false;
  fs.write(file, new TextEncoder().encode(text), 0o600);
  return true;
}

/** What identifies a source: two runs with the same identity compile the same homes from the same files. */
export function sourceIdentity(source: Pick<SourceRecord, "config" | "chain" | "settingsProfile">): string {
  return `${source.config ?? "the embedded default"} (chain ${source.chain}${source.settingsProfile ? `, settings profile ${source.settingsProfile}` : ""})`;
}

/** True when `a` and `b` are different sources (a new release of agentihooks is not a different source). */
export function sourceDiffers(
  a: Pick<SourceRecord, "config" | "chain" | "settingsProfile">,
  b: Pick<SourceRecord, "config" | "chain" | "settingsProfile">,
): boolean {
  return sourceIdentity(a) !== sourceIdentity(b);
}

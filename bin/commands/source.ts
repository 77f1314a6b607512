/**
 * One source per home, for the commands: choose the config a run uses (compiler/config.ts
 * `chooseSource`), describe the source a loaded project is, and tell when it differs from the
 * recorded one (docs/cli.md "One source per home").
 */
import { version } from "../../package.json";
import { chooseSource, type SourceChoice } from "../../compiler/config";
import type { Diagnostic } from "../../compiler/diagnostics";
import { readEnvironment } from "../../compiler/environment";
import type { Project } from "../../compiler/front-end";
import { realFileSystem } from "../../compiler/fs/real";
import { diagnostic } from "../../compiler/messages";
import { sourceDiffers, sourceIdentity, type SourceRecord } from "../../compiler/state/source-record";

/** The flags a project command passes on. */
export interface SourceFlags {
  config?: string;
  profile?: string;
  "settings-profile"?: string;
  target?: string[];
  scope?: string;
}

/** The session options for `loadSession`, the choice behind them, and the note saying a recorded source is used. */
export function chooseRunSource(values: SourceFlags): {
  session: { cwd: string; configFile?: string; profile?: string; settingsProfile?: string; targets?: string[]; scope?: string };
  choice: SourceChoice;
  diagnostics: Diagnostic[];
  stateHome: string;
} {
  const machine = readEnvironment();
  const chosen = chooseSource(
    { cwd: process.cwd(), configFile: values.config, profile: values.profile, settingsProfile: values["settings-profile"] },
    machine,
    process.env,
    realFileSystem(),
  );
  // The recorded source is the homes'; another scope's files come from the config found here.
  const choice = values.scope === undefined || values.scope === "home" ? chosen : forgetRecord(chosen);
  const diagnostics: Diagnostic[] = [];
  if (choice.origin === "recorded" && choice.recorded)
    diagnostics.push(diagnostic("AH5126", { file: "command line" }, { source: showSource(choice.recorded, machine.home) }));
  const session = {
    cwd: process.cwd(),
    ...(choice.configFile !== undefined ? { configFile: choice.configFile } : {}),
    ...(choice.profile !== undefined ? { profile: choice.profile } : {}),
    ...(choice.settingsProfile !== undefined ? { settingsProfile: choice.settingsProfile } : {}),
    ...(values.target !== undefined ? { targets: values.target } : {}),
    ...(values.scope !== undefined ? { scope: values.scope } : {}),
  };
  return { session, choice, diagnostics, stateHome: machine.agentihooksHome };
}

function forgetRecord(choice: SourceChoice): SourceChoice {
  const { recorded: _homes, ...rest } = choice;
  if (choice.origin !== "recorded") return rest;
  return {
    origin: "default",
    ...(choice.profile !== undefined ? { profile: choice.profile } : {}),
    ...(choice.settingsProfile !== undefined ? { settingsProfile: choice.settingsProfile } : {}),
  };
}

/** The record a successful apply of `project` writes. `applied` are the targets it wrote. */
export function sourceOf(choice: SourceChoice, project: Project, applied: readonly string[]): SourceRecord {
  const recorded = choice.recorded;
  const origin = choice.origin === "recorded" && recorded ? recorded.origin : choice.origin;
  const current: SourceRecord = {
    schemaVersion: 1,
    config: choice.configFile ?? null,
    origin,
    bundle: project.ir.bundle ?? null,
    chain: normalizeChain(project.ir.requestedChain),
    settingsProfile: project.ir.settingsProfile?.name ?? null,
    profileOverride: choice.profile ?? null,
    settingsProfileOverride: choice.settingsProfile ?? null,
    version,
    targets: [],
  };
  // Targets applied earlier from the same source stay recorded; a new source starts afresh.
  const kept = recorded && !sourceDiffers(recorded, current) ? recorded.targets : [];
  current.targets = [...new Set([...kept, ...applied])].sort();
  return current;
}

/** The diagnostic for a run whose source differs from the recorded one: an error for apply, a warning for the rest. */
export function switchDiagnostic(choice: SourceChoice, current: SourceRecord, home: string, severity: "error" | "warning"): Diagnostic | undefined {
  const recorded = choice.recorded;
  if (!recorded || !sourceDiffers(recorded, current)) return undefined;
  const args = { recorded: showSource(recorded, home), current: showSource(current, home) };
  return diagnostic(severity === "error" ? "AH5125" : "AH5127", { file: "command line" }, args);
}

/** A source for people: the config path with `~` for the home, and the chain. */
export function showSource(source: Pick<SourceRecord, "config" | "chain" | "settingsProfile">, home: string): string {
  const config =
    source.config !== null && (source.config === home || source.config.startsWith(`${home}/`)) ? `~${source.config.slice(home.length)}` : source.config;
  return sourceIdentity({ ...source, config });
}

/** `a, b` and `a,b` name the same chain. */
export function normalizeChain(chain: string): string {
  return chain
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name.length > 0)
    .join(",");
}

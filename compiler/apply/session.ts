/**
 * What the plan/apply/uninstall/doctor/build commands share: load the project through the front end,
 * compile the selected targets, and parse the options every one of them takes.
 */
import type { Diagnostic } from "../diagnostics";
import type { DesiredTree } from "../desired-tree";
import { readEnvironment, type Environment } from "../environment";
import { compileTargets, loadProject, type Project } from "../front-end";
import { diagnostic } from "../messages";
import { findTarget, targetIds, type TargetId } from "../targets/registry";

/** Options common to the commands. */
export interface SessionOptions {
  cwd: string;
  configFile?: string;
  profile?: string;
  settingsProfile?: string;
  /** `--target` values (validated here). */
  targets?: string[];
  /** `--scope` (compiler/scopes): checked against the config's `scopes` by the front end. */
  scope?: string;
  /** Machine facts (default: read from this process). */
  env?: Environment;
}

/** The loaded project and its desired trees, or the diagnostics that stopped it. */
export interface Session {
  project?: Project;
  trees: DesiredTree[];
  diagnostics: Diagnostic[];
}

/** Checks `--target` values (`all` names every target); returns the ids or a diagnostic for the first unknown one. */
export function checkTargets(values: string[] | undefined): { ids?: TargetId[]; error?: Diagnostic } {
  if (!values || values.length === 0) return {};
  const ids: TargetId[] = [];
  for (const value of values.flatMap((v) => v.split(","))) {
    if (value.trim() === "all") {
      for (const id of targetIds) if (!ids.includes(id)) ids.push(id);
      continue;
    }
    const t = findTarget(value.trim());
    if (!t) return { error: diagnostic("AH5104", { file: "command line" }, { target: value, known: targetIds.join(", ") }) };
    if (!ids.includes(t.descriptor.id)) ids.push(t.descriptor.id);
  }
  return { ids: targetIds.filter((id) => ids.includes(id)) };
}

/** Loads the project and compiles the targets (the `--target` ones, else the config's, H-10). */
export function loadSession(options: SessionOptions): Session {
  const checked = checkTargets(options.targets);
  if (checked.error) return { trees: [], diagnostics: [checked.error] };
  const result = loadProject({
    cwd: options.cwd,
    env: options.env ?? readEnvironment(),
    configFile: options.configFile,
    profile: options.profile,
    settingsProfile: options.settingsProfile,
    targets: checked.ids,
    ...(options.scope !== undefined ? { scope: options.scope } : {}),
  });
  const project = result.value;
  if (!project || result.diagnostics.some((d) => d.severity === "error")) return { trees: [], diagnostics: result.diagnostics };
  const trees = compileTargets(project.ir, project.env, project.targets);
  const diagnostics = [...result.diagnostics, ...trees.flatMap((t) => t.diagnostics)];
  // A target that could not express something safely (an error) stops every command: nothing is written.
  if (diagnostics.some((d) => d.severity === "error")) return { trees: [], diagnostics };
  return { project, trees, diagnostics };
}

/** True when colour should be used on this stream (a terminal, and NO_COLOR unset). */
export function useColor(stream: NodeJS.WriteStream): boolean {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== "") return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== "0") return true;
  return stream.isTTY === true;
}

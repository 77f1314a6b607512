/**
 * The golden views: each maps a compiled case to files under `expected/` (relative path → bytes).
 * Adding a view (a target's output tree, a plan) is one entry in `views`; the runner compares the
 * union of all views with `expected/`, byte for byte, in both directions.
 */
import { formatDiagnostics, type Result } from "../../compiler/diagnostics";
import { portableEnvironment } from "../../compiler/environment";
import { type Project, loadProject } from "../../compiler/front-end";
import { inspectData, renderInspect } from "../../compiler/inspect-view";
import type { SourceFileSystem } from "../../compiler/load/file-system";
import type { GoldenCase } from "./cases";

/** A case run through the front end once; views render from it. */
export interface CompiledCase {
  case: GoldenCase;
  /** The front end's result with the portable environment (no machine paths). */
  load: Result<Project | undefined>;
}

/** One view: a name (for messages) and the files it renders for a case. */
export interface View {
  name: string;
  render(compiled: CompiledCase): Record<string, string | Uint8Array>;
}

/** Runs the front end over a case's input, exactly as the CLI would from that directory. */
export function compileCase(goldenCase: GoldenCase, fs?: SourceFileSystem): CompiledCase {
  const { profile, settingsProfile, targets } = goldenCase.options;
  const load = loadProject({
    cwd: goldenCase.input,
    env: portableEnvironment(),
    configSearch: "none",
    ...(fs ? { fs } : {}),
    ...(profile !== undefined ? { profile } : {}),
    ...(settingsProfile !== undefined ? { settingsProfile } : {}),
    ...(targets !== undefined ? { targets } : {}),
  });
  return { case: goldenCase, load };
}

/** `diagnostics.txt`: every diagnostic, sorted, as the CLI prints them (an empty file when none). */
const diagnosticsView: View = {
  name: "diagnostics",
  render: ({ load }) => ({ "diagnostics.txt": formatDiagnostics(load.diagnostics) }),
};

/** `inspect.txt`: the inspect view, when the front end succeeded. */
const inspectView: View = {
  name: "inspect",
  render: ({ load }): Record<string, string> => (load.value ? { "inspect.txt": renderInspect(inspectData(load.value)) } : {}),
};

/** Every view, in the order their files are produced. */
export const views: View[] = [diagnosticsView, inspectView];

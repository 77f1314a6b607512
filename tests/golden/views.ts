/**
 * The golden views: each maps a compiled case to files under `expected/` (relative path → bytes).
 * Adding a view (a target's output tree, a plan) is one entry in `views`; the runner compares the
 * union of all views with `expected/`, byte for byte, in both directions.
 */
import path from "node:path";
import { formatDiagnostics, type Result } from "../../compiler/diagnostics";
import { portableEnvironment } from "../../compiler/environment";
import { portableScopeEnvironment } from "../../compiler/scopes/scope-environment";
import { type Project, compileTargets, loadProject } from "../../compiler/front-end";
import { inspectData, renderInspect } from "../../compiler/inspect-view";
import type { SourceFileSystem } from "../../compiler/load/file-system";
import { renderFresh } from "../../compiler/render-fresh";
import type { GoldenCase } from "./cases";
import { planView } from "../plan-golden-view";

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
  const { profile, settingsProfile, targets, environment, scope } = goldenCase.options;
  const executables = new Set(environment?.executables ?? []);
  const portable = portableEnvironment({
    wsl: environment?.wsl ?? false,
    resolveExecutable: (command) => (executables.has(command) ? (command.includes("/") ? command : `/usr/bin/${command}`) : null),
  });
  const load = loadProject({
    cwd: goldenCase.input,
    env: portableScopeEnvironment(scope, portable),
    configSearch: "none",
    ...(fs ? { fs } : {}),
    ...(profile !== undefined ? { profile } : {}),
    ...(settingsProfile !== undefined ? { settingsProfile } : {}),
    ...(targets !== undefined ? { targets } : {}),
    ...(scope === "machine" ? { scope } : {}),
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

/**
 * `out/<target>/…`: what a first apply writes into empty homes (the desired tree through
 * renderFresh), paths relative to the portable home, for cases whose case.json says `"out": true`.
 * `out/<target>.txt` lists each file's mode and the target's diagnostics, so both are pinned too.
 */
const outView: View = {
  name: "out",
  render: ({ case: goldenCase, load }) => {
    const files: Record<string, string | Uint8Array> = {};
    if (!goldenCase.options.out || !load.value) return files;
    const { ir, env, targets } = load.value;
    for (const tree of compileTargets(ir, env, targets)) {
      const index: string[] = ["files:"];
      for (const file of renderFresh(tree)) {
        const rel = path.posix.relative(env.home, file.path);
        const shown = rel.startsWith("..") ? `_root${file.path}` : rel;
        files[`out/${tree.target}/${shown}`] = file.content;
        index.push(`${file.mode.toString(8).padStart(4, "0")} ${shown}`);
      }
      index.push("", "diagnostics:", formatDiagnostics(tree.diagnostics));
      files[`out/${tree.target}.txt`] = `${index.join("\n").replace(/\n+$/, "")}\n`;
    }
    return files;
  },
};

/** Every view, in the order their files are produced. */
export const views: View[] = [diagnosticsView, inspectView, outView, planView];

/**
 * The golden `plan` view, for cases that start from an existing home (`input/home/`, mapped onto
 * the portable home /home/agent; `input/root/`, mapped onto `/`, for system files such as a machine
 * scope's `/etc`; paths outside the home are shown as `_root/<absolute path>`): the plan against that home (`expected/plan.txt`, diff and
 * diagnostics), the home after apply (`expected/home/…` and `expected/home.txt` with modes), and
 * two promises checked on every case and pinned in plan.txt: a second plan finds nothing to do, and
 * uninstall puts the seeded home back byte for byte (backups aside).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { applyPlan } from "../compiler/apply/apply-plan";
import { formatDiagnostics } from "../compiler/diagnostics";
import { compileTargets } from "../compiler/front-end";
import { memoryFileSystem } from "../compiler/fs/memory";
import { planChanges } from "../compiler/plan/plan-changes";
import { renderPlanText, summarizePlan, summaryLine } from "../compiler/plan/plan-view";
import { planUninstall } from "../compiler/uninstall/uninstall";
import type { View } from "./golden/views";

const now = new Date(Date.UTC(2026, 0, 1, 0, 0, 0));

function seedFiles(dir: string, home: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, r)).isDirectory()) walk(r);
      else out[`${home}/${r}`] = new Uint8Array(readFileSync(path.join(dir, r)));
    }
  };
  walk("");
  return out;
}

/** The plan view (renders nothing for cases without `input/home/`). */
export const planView: View = {
  name: "plan",
  render: ({ case: goldenCase, load }) => {
    const homeDir = path.join(goldenCase.input, "home");
    const rootDir = path.join(goldenCase.input, "root");
    if ((!existsSync(homeDir) && !existsSync(rootDir)) || !load.value) return {};
    const { ir, env, targets } = load.value;
    const seed = { ...(existsSync(homeDir) ? seedFiles(homeDir, env.home) : {}), ...(existsSync(rootDir) ? seedFiles(rootDir, "") : {}) };
    const shown = (file: string): string => {
      const rel = path.posix.relative(env.home, file);
      return rel.startsWith("..") ? `_root${file}` : rel;
    };
    const fs = memoryFileSystem(seed);
    const trees = compileTargets(ir, env, targets);
    const ctx = { fs, env, now };
    const plan = planChanges(trees, ctx);
    const lines = [
      renderPlanText(plan, { home: env.home, color: false, verbose: true }).trimEnd(),
      "",
      "diagnostics:",
      formatDiagnostics(plan.diagnostics).trimEnd(),
    ];
    const applied = applyPlan(plan, fs, env);
    lines.push("", `apply: ${applied.ok ? "ok" : `failed ${formatDiagnostics(applied.diagnostics)}`}`);
    const files: Record<string, string | Uint8Array> = {};
    const index: string[] = [];
    for (const [file, entry] of [...fs.files.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const rel = shown(file);
      files[`home/${rel}`] = entry.content;
      index.push(`${entry.mode.toString(8).padStart(4, "0")} ${rel}`);
    }
    files["home.txt"] = `${index.join("\n")}\n`;
    lines.push(`second plan: ${summaryLine(summarizePlan(planChanges(trees, ctx)))}`);
    const removal = planUninstall(targets, ctx);
    applyPlan(removal, fs, env);
    const left = new Map([...fs.files.entries()].filter(([file]) => !file.startsWith(`${env.agentihooksHome}/`) && !/\.bak\.\d{14}(-\d+)?$/.test(file)));
    const differing = [...new Set([...left.keys(), ...Object.keys(seed)])].filter((file) => {
      const a = left.get(file)?.content;
      const b = seed[file];
      return !a || !b || Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0;
    });
    lines.push(`uninstall restores the seeded home: ${differing.length === 0 ? "yes" : `no: ${differing.map(shown).join(", ")}`}`);
    files["plan.txt"] = `${lines.join("\n")}\n`;
    return files;
  },
};

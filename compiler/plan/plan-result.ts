/**
 * The plan a run ends with: one change per path it worked on (content first, then our own records:
 * sidecars, manifests, saved originals, and the ledger last), the directories it creates (recorded,
 * so they can be removed once empty), and the folders on the way that are symbolic links.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import type { DesiredTree } from "../desired-tree";
import type { Environment } from "../environment";
import { isInstalledRuntime } from "../lower/runtime-files";
import { serializeLedger, writeTargetLedger, type TargetLedger } from "../state/ledger";
import { relativizeLedger } from "../scopes/ledger-paths";
import { serializeSidecar } from "../state/sidecar";
import type { Change, Plan } from "./change";
import { digestOf } from "./digest";
import { jsonEqual } from "./json-value";
import { legacyOf } from "./legacy";
import { settleOriginal } from "./originals";
import { cmp, decoder, encoder, sameBytes, sameBytesOrBoth, type PlanRun, type Work } from "./plan-run";

/** The ledger file inside agentihooks' home. */
export function ledgerPath(env: Pick<Environment, "agentihooksHome">): string {
  return path.join(env.agentihooksHome, "state.json");
}

/** The plan of a run stopped before planning (its diagnostics say why): no change. */
export function abortedPlan(run: PlanRun, trees: readonly DesiredTree[]): Plan {
  return planOf(
    trees.map((t) => t.target),
    [],
    run.diagnostics,
    run.seen,
    [],
  );
}

/** The plan of a finished run; `afterLedgers` holds each target's records as the plan leaves them. */
export function finishPlan(run: PlanRun, trees: readonly DesiredTree[], afterLedgers: Map<string, TargetLedger>): Plan {
  const changes: Change[] = [];
  const targets = trees.map((t) => t.target);
  for (const w of [...run.works.values()].sort((a, b) => cmp(a.path, b.path))) {
    const after = settleOriginal(run, w, resultBytes(w), afterLedgers.get(w.target));
    const change = changeOf(run, w, after);
    // A read-only file is the operator saying "leave it": refused, never replaced (the mode bits
    // decide, not a failed open: root may write anything).
    if ((change.action === "update" || change.action === "delete") && w.beforeMode !== undefined && (w.beforeMode & 0o200) === 0) {
      run.note("AH5036", w.path, { mode: `0${w.beforeMode.toString(8)}`, action: change.action === "delete" ? "remove" : "change" });
    }
    changes.push(change);
  }
  // Sidecars.
  for (const [sidecarPath, side] of [...run.sidecars.entries()].sort((a, b) => cmp(a[0], b[0]))) {
    if (!side.touched && side.sidecar.legacy === undefined) continue;
    const text = serializeSidecar(side.files);
    const beforeBytes = run.ctx.fs.read(sidecarPath);
    const afterBytes = text === undefined ? undefined : encoder.encode(text);
    const w: Work = {
      path: sidecarPath,
      target: side.target,
      before: beforeBytes,
      beforeMode: undefined,
      doc: undefined,
      mode: sidecarMode(run, sidecarPath, Object.keys(side.files), changes),
      conflicts: 0,
      entries: [],
      reset: false,
    };
    run.bookkeepingPaths.add(sidecarPath);
    changes.push(changeOf(run, w, semanticallySameJson(beforeBytes, afterBytes) ? beforeBytes : afterBytes));
  }
  if (!run.keepsLedger) {
    changes.push(...run.extraChanges.values());
    for (const c of changes) if (run.bookkeepingPaths.has(c.path)) c.bookkeeping = true;
    const ordered = [
      ...changes.filter((c) => !c.bookkeeping).sort((a, b) => cmp(a.path, b.path)),
      ...changes.filter((c) => c.bookkeeping).sort((a, b) => cmp(a.path, b.path)),
    ];
    return planOf(targets, ordered, run.diagnostics, run.seen, []);
  }
  // Ledger last (its bytes are filled in below, once the created directories are known).
  const ledgerFile = ledgerPath(run.ctx.env);
  const ledgerBefore = run.ctx.fs.read(ledgerFile);
  const ledgerWork: Work = {
    path: ledgerFile,
    target: "agentihooks",
    before: ledgerBefore,
    beforeMode: undefined,
    doc: undefined,
    mode: 0o600,
    conflicts: 0,
    entries: [],
    reset: false,
  };
  run.bookkeepingPaths.add(ledgerFile);
  changes.push(...run.extraChanges.values());
  changes.push(changeOf(run, ledgerWork, ledgerBefore));
  for (const c of changes) if (run.bookkeepingPaths.has(c.path)) c.bookkeeping = true;
  const ordered = [
    ...changes.filter((c) => !c.bookkeeping).sort((a, b) => cmp(a.path, b.path)),
    ...changes.filter((c) => c.bookkeeping && c.path !== ledgerFile).sort((a, b) => cmp(a.path, b.path)),
    ...changes.filter((c) => c.path === ledgerFile),
  ];
  const uninstall = run.options.uninstall === true;
  // Directories we create are recorded, so that uninstall (or a later apply) can remove them once empty.
  const pruneDirs = new Set<string>();
  for (const tree of trees) {
    const next = afterLedgers.get(tree.target) as TargetLedger;
    const dirs = new Set((run.before.get(tree.target) as TargetLedger).dirs ?? []);
    const paths = tree.entries.map((e) => e.path);
    for (const c of ordered) if (c.target === tree.target && c.action === "create") paths.push(c.path);
    for (const p of paths) {
      for (let dir = path.dirname(p); dir !== path.dirname(dir) && run.stat(dir) === undefined; dir = path.dirname(dir)) dirs.add(dir);
    }
    for (const dir of dirs) pruneDirs.add(dir);
    // Saved originals live in agentihooks' own directory; their folders go once empty.
    pruneDirs.add(path.join(run.ctx.env.agentihooksHome, "originals", tree.target));
    pruneDirs.add(path.join(run.ctx.env.agentihooksHome, "originals"));
    next.dirs = uninstall ? [] : [...dirs].sort();
  }
  if (!uninstall) for (const tree of trees) recordLinks(run, tree, run.before.get(tree.target) as TargetLedger, afterLedgers.get(tree.target) as TargetLedger);
  for (const tree of trees) writeTargetLedger(run.ledger, tree.target, afterLedgers.get(tree.target) as TargetLedger, uninstall);
  // The Python original's records this run migrated (its hook commands, its links) leave the ledger.
  legacyOf(run).dropMigrated();
  const scope = run.ctx.env.scope;
  const ledgerText = serializeLedger(scope?.name === "repo" ? { ...run.ledger, raw: relativizeLedger(run.ledger.raw, scope.root) } : run.ledger);
  const ledgerAfter = ledgerText === undefined ? undefined : encoder.encode(ledgerText);
  const last = ordered[ordered.length - 1] as Change;
  const finalLedger = semanticallySameJson(ledgerBefore, ledgerAfter) ? ledgerBefore : ledgerAfter;
  const ledgerAction = sameBytesOrBoth(ledgerBefore, finalLedger)
    ? "keep"
    : finalLedger === undefined
      ? "delete"
      : ledgerBefore === undefined
        ? "create"
        : "update";
  ordered[ordered.length - 1] = { ...last, after: finalLedger, action: ledgerAction };
  // One generation of the record is kept beside it: each rewrite copies the previous one to
  // `state.json.bak` first; when the record goes (nothing is owned any more), so does the copy.
  const bakPath = `${ledgerFile}.bak`;
  const bakBefore = run.ctx.fs.read(bakPath);
  const bakAfter = ledgerAction === "update" && !run.ledger.unparseable ? ledgerBefore : ledgerAction === "delete" ? undefined : bakBefore;
  if (!sameBytesOrBoth(bakBefore, bakAfter)) {
    ordered.splice(ordered.length - 1, 0, {
      target: "agentihooks",
      path: bakPath,
      action: bakAfter === undefined ? "delete" : bakBefore === undefined ? "create" : "update",
      before: bakBefore,
      after: bakAfter,
      mode: 0o600,
      bookkeeping: true,
      conflicts: 0,
      ...(bakAfter !== undefined ? { save: true } : {}),
    });
  }
  return planOf(
    targets,
    ordered,
    run.diagnostics,
    run.seen,
    [...pruneDirs].sort((a, b) => b.length - a.length || cmp(a, b)),
  );
}

/**
 * Folders on the way to the tree's paths that are symbolic links to folders (`~/.claude ->
 * dotfiles/claude`): written through, and recorded with their target so the record says where
 * the files went. The home and the folders above it are not recorded (every path shares them).
 */
function recordLinks(run: PlanRun, tree: DesiredTree, prev: TargetLedger, next: TargetLedger): void {
  const home = run.ctx.env.home;
  const links: Record<string, string> = {};
  const visited = new Set<string>();
  for (const entry of tree.entries) {
    for (let dir = path.dirname(entry.path); dir !== path.dirname(dir) && !visited.has(dir); dir = path.dirname(dir)) {
      visited.add(dir);
      if (dir === home || home.startsWith(`${dir}/`)) continue;
      if (run.stat(dir)?.kind !== "symlink") continue;
      const target = run.ctx.fs.realPath(dir);
      if (target === undefined || run.ctx.fs.stat(target)?.kind !== "directory") continue;
      links[dir] = target;
      if (prev.links?.[dir] !== target) run.note("AH5038", dir, { target: run.display(target) });
    }
  }
  if (Object.keys(links).length > 0) next.links = links;
}

/**
 * A record is never easier to read than the files it describes: 0644 narrowed by each described
 * file's permission bits as this plan leaves them (a 0600 config.toml gives a 0600 record). The
 * owner keeps write access so the next apply can update it.
 */
function sidecarMode(run: PlanRun, sidecarPath: string, names: readonly string[], changes: readonly Change[]): number {
  let mode = 0o644;
  const dir = path.dirname(sidecarPath);
  for (const name of names) {
    const file = path.join(dir, name);
    const planned = changes.find((c) => c.path === file && c.after !== undefined);
    const fileMode = planned ? planned.mode : run.stat(file)?.mode;
    if (fileMode !== undefined) mode &= fileMode | 0o200;
  }
  return mode;
}

function resultBytes(w: Work): Uint8Array | undefined {
  const doc = w.doc;
  if (!doc || w.reset) return w.before;
  if (doc.kind === "whole") return doc.bytes;
  const text = doc.doc.toText();
  if (w.before !== undefined && !w.reset && (w.beforeText ?? decoder.decode(w.before)) === text) return w.before;
  return encoder.encode(text);
}

function changeOf(run: PlanRun, w: Work, after: Uint8Array | undefined): Change {
  const same = sameBytesOrBoth(w.before, after);
  const modeChanged = after !== undefined && w.before !== undefined && w.beforeMode !== undefined && w.beforeMode !== w.mode;
  const action = same && !modeChanged ? (w.conflicts > 0 ? "conflict" : "keep") : after === undefined ? "delete" : w.before === undefined ? "create" : "update";
  const change: Change = {
    target: w.target,
    path: w.path,
    action,
    before: w.before,
    after: same && !modeChanged ? w.before : after,
    mode: w.mode,
    bookkeeping: false,
    conflicts: w.conflicts,
  };
  if (w.backup && action !== "keep" && action !== "conflict") change.backup = w.backup;
  if (isInstalledRuntime(run.ctx.env.agentihooksHome, w.path)) change.summary = runtimeSummary(w.path, change.after ?? change.before);
  return change;
}

/** An installed bundle (the hook runtime, or the MCP server beside it) in one line: its sha256 and size. */
export function runtimeSummary(file: string, bytes: Uint8Array | undefined): string {
  const what = path.basename(file) === "mcp-server.cjs" ? "the agentihooks MCP server" : "the hook runtime";
  return bytes === undefined ? what : `${what}, sha256 ${createHash("sha256").update(bytes).digest("hex")} (${bytes.length} bytes)`;
}

/**
 * The plan, with `observed` made from what was read on first access: only apply (verifying the plan
 * before it writes) and a saved plan file read it, and hashing every file read was a tenth of a plan
 * that changes nothing.
 */
function planOf(targets: string[], changes: Change[], diagnostics: Diagnostic[], seen: ReadonlyMap<string, Uint8Array | undefined>, pruneDirs: string[]): Plan {
  let observed: Record<string, string> | undefined;
  return {
    targets,
    changes,
    diagnostics,
    get observed(): Record<string, string> {
      if (!observed) {
        observed = {};
        for (const [file, bytes] of seen) observed[file] = bytes === undefined ? "absent" : digestOf(bytes);
      }
      return observed;
    },
    set observed(value: Record<string, string>) {
      observed = value;
    },
    pruneDirs,
  };
}

function semanticallySameJson(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  // The same bytes are the same document (the usual case: our own record, unchanged).
  if (sameBytes(a, b)) return true;
  try {
    return jsonEqual(JSON.parse(decoder.decode(a)), JSON.parse(decoder.decode(b)));
  } catch {
    return false;
  }
}

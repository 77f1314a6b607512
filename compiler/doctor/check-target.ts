/**
 * Static doctor checks of one installed target, derived from its desired tree (what the profiles
 * want) and the disk: shared files parse, managed values are in place, hooks are wired, MCP entries
 * are registered, owned files are intact and executable where they must be, the persona carries its
 * markers, skill descriptions fit the clients' cap, and apply has nothing left to do.
 * The checks follow the entry kinds, not the target id, so every target gets the same scrutiny
 * (docs/cli.md, "agentihooks doctor").
 */
import path from "node:path";
import type { DesiredEntry, DesiredTree } from "../desired-tree";
import type { Environment } from "../environment";
import type { DoctorCheck } from "./probe";
import type { FileSystem } from "../fs/file-system";
import { dryRunFileSystem } from "../fs/dry-run";
import { digestOf } from "../plan/digest";
import { parseJsonText } from "../plan/json-document";
import { jsonEqual, showValue } from "../plan/json-value";
import { parseTomlText } from "../plan/toml-document";
import { isOurItem, planChanges } from "../plan/plan-changes";
import { readTargetLedger } from "../state/ledger";
import { parseScopedLedger } from "../scopes/ledger-paths";
import type { ScopeContext } from "../scopes/scope";
import { displayPath } from "../plan/plan-view";
import { redactForDisplay, redactNamedValue } from "../lower/redact";

/** One check's outcome: `fail` makes doctor exit 1; `note` is information. */
export type { DoctorCheck };

/** All checks of one target. */
export interface DoctorReport {
  target: string;
  displayName: string;
  checks: DoctorCheck[];
  ok: boolean;
}

/** Skill descriptions longer than this are dropped by Copilot (docs/targets/copilot.md, "Agents, commands and skills"). */
export const skillDescriptionCap = 1024;

const decoder = new TextDecoder();

/** Runs the static checks. */
export function checkTarget(
  tree: DesiredTree,
  displayName: string,
  ctx: { fs: FileSystem; env: Pick<Environment, "home" | "agentihooksHome"> & { scope?: ScopeContext }; binary: string | null },
): DoctorReport {
  const checks: DoctorCheck[] = [];
  const show = (p: string) => displayPath(p, ctx.env.home);
  // Every message is redacted: a check quotes values from the homes, which may hold the operator's secrets.
  const ok = (id: string, message: string) => checks.push({ id, status: "ok", message: redactForDisplay(message) });
  const fail = (id: string, message: string) => checks.push({ id, status: "fail", message: redactForDisplay(message) });
  const note = (id: string, message: string) => checks.push({ id, status: "note", message: redactForDisplay(message) });
  const ledgerBytes = ctx.fs.read(path.join(ctx.env.agentihooksHome, "state.json"));
  const ledger = readTargetLedger(parseScopedLedger(ledgerBytes ? decoder.decode(ledgerBytes) : undefined, ctx.env.scope), tree.target);
  if (ledger.owned.length === 0) fail("record.present", `not installed (no ownership record) — run: agentihooks apply --target ${tree.target}`);

  const parsed = new Map<string, unknown>();
  const byPath = new Map<string, DesiredEntry[]>();
  for (const entry of tree.entries) byPath.set(entry.path, [...(byPath.get(entry.path) ?? []), entry]);
  let files = 0;
  const badFiles: string[] = [];
  const notExecutable: string[] = [];
  for (const [file, entries] of byPath) {
    const kind = entries[0]?.kind;
    const bytes = ctx.fs.read(file);
    if (kind === "file") {
      const entry = entries[0] as Extract<DesiredEntry, { kind: "file" }>;
      files++;
      const want = typeof entry.content === "string" ? new TextEncoder().encode(entry.content) : entry.content;
      if (bytes === undefined) badFiles.push(`${show(file)} (missing)`);
      else if (digestOf(bytes) !== digestOf(want)) badFiles.push(`${show(file)} (differs)`);
      if (entry.mode & 0o111 && bytes !== undefined) {
        const info = ctx.fs.stat(file);
        if (!info || (info.mode & 0o111) === 0) notExecutable.push(show(file));
        else ok("file.executable", `${path.basename(file)} is executable (${show(file)})`);
      }
      if (path.basename(file) === "SKILL.md") {
        const description = skillDescription(typeof entry.content === "string" ? entry.content : decoder.decode(entry.content));
        if (description !== undefined && description.length > skillDescriptionCap)
          fail(
            "skill.description-length",
            `skill ${path.basename(path.dirname(file))} description is ${description.length} chars, over the ${skillDescriptionCap}-char cap — the client drops it`,
          );
      }
      continue;
    }
    if (kind === "managed-region") {
      const entry = entries[0] as Extract<DesiredEntry, { kind: "managed-region" }>;
      if (bytes === undefined) {
        fail("persona.present", `${show(file)} missing`);
        continue;
      }
      const text = decoder.decode(bytes);
      if (text.includes(entry.header)) ok("persona.header", `${path.basename(file)} is agentihooks-managed`);
      else fail("persona.header", `${path.basename(file)} is not agentihooks-managed (no header)`);
      if (text.includes(entry.footer)) ok("persona.footer", `${path.basename(file)} has its managed-end marker`);
      else fail("persona.footer", `${path.basename(file)} has no managed-end marker`);
      continue;
    }
    if (kind === "text-block") {
      const entry = entries[0] as Extract<DesiredEntry, { kind: "text-block" }>;
      if (bytes === undefined) {
        if (!entry.onlyIfExists) fail("block.present", `${show(file)} missing — run: agentihooks apply --target ${tree.target}`);
        continue;
      }
      const lines = decoder.decode(bytes).split("\n");
      if (lines.includes(entry.begin) && lines.indexOf(entry.end, lines.indexOf(entry.begin)) > 0)
        ok("block.present", `${path.basename(file)} has the agentihooks block`);
      else fail("block.present", `${show(file)} lacks the agentihooks block (${entry.begin})`);
      continue;
    }
    // Shared files: they must exist and parse.
    if (bytes === undefined) {
      fail("shared.present", `${show(file)} missing — run: agentihooks apply --target ${tree.target}`);
      continue;
    }
    const text = decoder.decode(bytes);
    const result = kind === "toml-keys" ? parseTomlText(text) : parseJsonText(text, true);
    if (!result.ok) {
      fail("shared.parses", `${show(file)} unparseable: ${result.error}`);
      continue;
    }
    parsed.set(file, result.value);
    ok("shared.parses", `${path.basename(file)} parses (${show(file)})`);
    for (const entry of entries) checkShared(entry, result.value, show, ok, fail);
  }
  if (files > 0) {
    if (badFiles.length === 0) ok("files.owned", `${files} owned file(s) match the profiles`);
    else
      fail(
        "files.owned",
        `${badFiles.length} of ${files} owned file(s) missing or edited: ${badFiles.slice(0, 8).join(", ")}${badFiles.length > 8 ? ", …" : ""}`,
      );
  }
  for (const file of notExecutable) fail("file.executable", `${file} is not executable — run: agentihooks apply --target ${tree.target}`);

  // The last word: apply through the dry-run wrapper must have nothing to do.
  const plan = planChanges([tree], { fs: dryRunFileSystem(ctx.fs), env: ctx.env, now: new Date(0) });
  const pending = plan.changes.filter((c) => !c.bookkeeping && (c.action === "create" || c.action === "update" || c.action === "delete"));
  const kept = plan.changes.filter((c) => c.conflicts > 0);
  const keptText = `${kept.reduce((n, c) => n + c.conflicts, 0)} hand edit(s) or operator item(s) kept in ${kept.map((c) => show(c.path)).join(", ")}`;
  if (pending.length > 0) fail("plan.pending", `${pending.length} change(s) pending — run: agentihooks plan --target ${tree.target}`);
  // Kept operator values mean the home does not match the profiles: never reported as a match.
  else if (kept.length > 0)
    note(
      "plan.pending",
      `apply has nothing to do, but the home differs from the profiles where your values are kept — to take the profile's: agentihooks apply --adopt --target ${tree.target}`,
    );
  else ok("plan.pending", "the home matches the profiles (apply has nothing to do)");
  if (kept.length > 0) note("plan.kept", keptText);
  if (ctx.binary) ok("client.binary", `\`${tree.target}\` binary on PATH (${ctx.binary})`);
  else note("client.binary", `\`${tree.target}\` binary not on PATH — live checks skipped`);
  return { target: tree.target, displayName, checks, ok: !checks.some((c) => c.status === "fail") };
}

function checkShared(
  entry: DesiredEntry,
  doc: unknown,
  show: (p: string) => string,
  ok: (id: string, m: string) => void,
  fail: (id: string, m: string) => void,
): void {
  const at = (key: string[]): unknown =>
    key.reduce<unknown>(
      (node, step) => (node !== null && typeof node === "object" && !Array.isArray(node) ? (node as Record<string, unknown>)[step] : undefined),
      doc,
    );
  switch (entry.kind) {
    case "json-keys":
    case "toml-keys": {
      const off = entry.keys.filter(({ key, value }) => !jsonEqual(normalize(at(key)), value));
      if (off.length === 0 && entry.keys.length > 0) ok("keys.managed", `${entry.keys.length} managed key(s) in place in ${path.basename(entry.path)}`);
      for (const { key, value } of off) {
        const name = key[key.length - 1];
        fail(
          "keys.managed",
          `${path.basename(entry.path)} '${key.join(".")}' is ${showValue(redactNamedValue(name, normalize(at(key))))} (the profiles want ${showValue(redactNamedValue(name, value))})`,
        );
      }
      return;
    }
    case "json-entries": {
      const container = at(entry.container);
      const present = container && typeof container === "object" ? Object.keys(container) : [];
      const missing = Object.keys(entry.entries).filter((n) => !present.includes(n));
      if (missing.length === 0) ok("entries.registered", `${entry.container.join(".")} registered: ${present.length > 0 ? present.join(", ") : "none"}`);
      else fail("entries.registered", `${entry.container.join(".")} in ${show(entry.path)} lacks: ${missing.join(", ")}`);
      return;
    }
    case "json-lists": {
      const container = at(entry.container);
      let wired = 0;
      const missing: string[] = [];
      for (const [event, items] of Object.entries(entry.lists)) {
        const list = container && typeof container === "object" ? (container as Record<string, unknown>)[event] : undefined;
        const have = Array.isArray(list) ? list : [];
        for (const item of items) {
          if (have.some((h) => jsonEqual(h, item))) wired++;
          else missing.push(event);
        }
      }
      const events = Object.keys(entry.lists).length;
      if (missing.length === 0) ok("hooks.wired", `${path.basename(entry.path)} wires ${wired} agentihooks entries across ${events} events`);
      else fail("hooks.wired", `${path.basename(entry.path)} lacks agentihooks entries for: ${[...new Set(missing)].join(", ")}`);
      const foreign =
        container && typeof container === "object"
          ? Object.values(container as Record<string, unknown>)
              .flatMap((l) => (Array.isArray(l) ? l : []))
              .filter((i) => !isOurItem(i, entry.ownerCommand)).length
          : 0;
      if (foreign > 0 && !entry.recordItems) ok("hooks.operator", `${foreign} operator hook entr${foreign === 1 ? "y" : "ies"} kept`);
      return;
    }
    case "json-members": {
      const list = at(entry.key);
      ok("members.managed", `${entry.key.join(".")}: ${Array.isArray(list) && list.length > 0 ? list.join(", ") : "none"}`);
      return;
    }
    default:
      return;
  }
}

function normalize(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v)]));
  return value;
}

/** The `description` of a SKILL.md frontmatter (plain or quoted scalar on one line, or a folded block). */
export function skillDescription(text: string): string | undefined {
  const match = /^---\n([\s\S]*?)\n---/.exec(text);
  if (!match) return undefined;
  const lines = (match[1] as string).split("\n");
  const i = lines.findIndex((l) => /^description:/.test(l));
  if (i < 0) return undefined;
  let value = (lines[i] as string).replace(/^description:\s*/, "");
  if (/^[>|][-+]?$/.test(value)) {
    const block: string[] = [];
    for (const l of lines.slice(i + 1)) {
      if (/^\s+/.test(l) || l === "") block.push(l.trim());
      else break;
    }
    value = block.join(value.startsWith(">") ? " " : "\n").trim();
  } else if (/^["'].*["']$/.test(value)) value = value.slice(1, -1);
  return value;
}

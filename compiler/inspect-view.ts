/**
 * The `inspect` view: what the front end resolved, with where every piece came from. One data
 * shape (`inspectData`, also printed by `--json`) and one deterministic text rendering of it.
 * Secret-shaped literals are redacted in both.
 */
import type { Project } from "./front-end";
import type { ChainMember, MergedDocument, Origin } from "./ir";
import { redactNamedValue } from "./lower/redact";
import { escapePointer, isPlainObject } from "./merge/merge-documents";
import { type TargetId, targets } from "./targets/registry";

/** Where a value came from, flattened for display. */
export interface ShownOrigin {
  layer: string;
  file: string;
  line?: number;
  column?: number;
}

/** One value set in a merged document. */
export interface ShownValue extends ShownOrigin {
  pointer: string;
  value: unknown;
  /** Earlier layers whose value at this pointer was replaced, in merge order. */
  overrides?: ShownOrigin[];
}

/** Everything `inspect` shows. Key order here is the order of the text view. */
export interface InspectData {
  config: string | null;
  chain: {
    requested: string;
    members: ChainMember[];
    persona: string;
    settingsProfile: ChainMember | null;
    bundle: string | null;
  };
  targets: TargetId[];
  persona: Array<{ part: string } & ShownOrigin>;
  rules: Array<{ name: string } & ShownOrigin>;
  commands: Array<{ name: string } & ShownOrigin>;
  agents: Array<{ name: string } & ShownOrigin>;
  skills: Array<{ name: string; files: string[] } & ShownOrigin>;
  guardrails: Array<{ name: string; value: unknown; origin: ShownOrigin | null }>;
  perTarget: Array<{
    target: TargetId;
    displayName: string;
    layers: ShownOrigin[];
    settings: ShownValue[];
    directives: ShownValue[];
    mcpServers: Array<{ name: string; server: unknown; replaces?: ShownOrigin[] } & ShownOrigin>;
  }>;
}

/**
 * A copy of a value as `inspect` may show it (compiler/lower/redact.ts): secret-shaped literals,
 * literals under credential names and values resolved from the environment are redacted, so
 * `inspect` never copies a token from a profile onto a terminal, a CI log or a golden file.
 */
function redactDeep(value: unknown, name?: string): unknown {
  return redactNamedValue(name, value);
}

/** The top-level settings key holding agentihooks directives (docs/targets/copilot.md, "Directives"). */
const directivesKey = "_agentihooks";

/** Builds the view data for the project, limited to `only` targets when given. */
export function inspectData(project: Project, only?: readonly TargetId[]): InspectData {
  const { ir } = project;
  const shown = only && only.length > 0 ? project.targets.filter((t) => only.includes(t)) : project.targets;
  const persona: InspectData["persona"] = [];
  if (ir.persona.bundleShared) persona.push({ part: "bundle shared", ...origin(ir.persona.bundleShared.origin) });
  for (const p of ir.persona.profiles) persona.push({ part: `profile ${p.profile}`, ...origin(p.origin) });
  if (ir.persona.manifesto) persona.push({ part: "manifesto", ...origin(ir.persona.manifesto.origin) });
  return {
    config: project.configFile ?? null,
    chain: {
      requested: ir.requestedChain,
      members: ir.chain,
      persona: ir.basePersona,
      settingsProfile: ir.settingsProfile ?? null,
      bundle: ir.bundle ?? null,
    },
    targets: project.targets,
    persona,
    rules: ir.rules.map((r) => ({ name: r.fileName, ...origin(r.origin) })),
    commands: ir.commands.map((c) => ({ name: c.name, ...origin(c.origin) })),
    agents: ir.agents.map((a) => ({ name: a.name, ...origin(a.origin) })),
    skills: ir.skills.map((s) => ({ name: s.name, files: s.files.map((f) => f.path), ...origin(s.origin) })),
    guardrails: Object.keys(ir.guardrails)
      .sort()
      .map((name) => {
        const set = project.guardrailOrigins[name];
        return { name, value: (ir.guardrails as Record<string, unknown>)[name], origin: set ? origin(set) : null };
      }),
    perTarget: targets
      .filter((t) => shown.includes(t.descriptor.id))
      .map(({ descriptor }) => {
        const input = ir.targets[descriptor.id];
        const values = listValues(input.settings);
        return {
          target: descriptor.id,
          displayName: descriptor.displayName,
          layers: input.settings.layers.map(origin),
          settings: values.filter((v) => !isDirective(v.pointer)),
          directives: values.filter((v) => isDirective(v.pointer)),
          mcpServers: Object.keys(input.mcpServers)
            .sort()
            .map((name) => {
              const entry = input.mcpServers[name]!;
              const shown: InspectData["perTarget"][number]["mcpServers"][number] = { name, server: redactDeep(entry.server), ...origin(entry.origin) };
              if (entry.replaces && entry.replaces.length > 0) shown.replaces = entry.replaces.map(origin);
              return shown;
            }),
        };
      }),
  };
}

/** The text view: sections in a fixed order, LF, final newline. */
export function renderInspect(data: InspectData): string {
  const out: string[] = [];
  const line = (text = "") => out.push(text);
  line(`config: ${data.config ?? "none (embedded default profile)"}`);
  line(`chain: ${data.chain.requested}`);
  data.chain.members.forEach((m, i) => {
    const extended = m.extendedBy ? `, extended by ${m.extendedBy}` : "";
    line(`  ${i + 1}. ${m.name} (${m.source}: ${m.root}${extended})`);
  });
  line(`persona: ${data.chain.persona}`);
  const sp = data.chain.settingsProfile;
  line(`settings profile: ${sp ? `${sp.name} (${sp.source}: ${sp.root})` : "none"}`);
  line(`bundle: ${data.chain.bundle ?? "none"}`);
  line(`targets: ${data.targets.join(", ")}`);

  section(
    out,
    "persona parts",
    data.persona.map((p) => `${p.part}  ${where(p)}`),
  );
  section(
    out,
    "rules (persona order)",
    data.rules.map((r) => `${r.name}  ${r.layer}  ${where(r)}`),
  );
  section(
    out,
    "commands",
    data.commands.map((c) => `${c.name}  ${c.layer}  ${where(c)}`),
  );
  section(
    out,
    "agents",
    data.agents.map((a) => `${a.name}  ${a.layer}  ${where(a)}`),
  );
  section(
    out,
    "skills",
    data.skills.map((s) => `${s.name}  ${s.layer}  ${where(s)}  [${s.files.join(", ")}]`),
  );
  section(
    out,
    "guardrails",
    data.guardrails.map((g) => `${g.name} = ${compact(g.value)}  <- ${g.origin ? `${g.origin.layer}  ${where(g.origin)}` : "default"}`),
  );

  for (const t of data.perTarget) {
    line();
    line(`== ${t.target} (${t.displayName}) ==`);
    section(
      out,
      "layers (merge order)",
      t.layers.map((l, i) => `${i + 1}. ${l.layer}  ${where(l)}`),
      false,
    );
    section(out, "settings", t.settings.map(valueLine), false);
    section(out, "directives (_agentihooks)", t.directives.map(valueLine), false);
    section(
      out,
      "mcp servers",
      t.mcpServers.map((m) => `${m.name}  ${m.layer}  ${where(m)}${replacesLine(m.replaces)}\n    ${compact(m.server)}`),
      false,
    );
  }
  return `${out.join("\n")}\n`;
}

function section(out: string[], title: string, items: string[], blankBefore = true): void {
  if (blankBefore) out.push("");
  out.push(`${title}:${items.length === 0 ? " none" : ""}`);
  for (const item of items) out.push(`  ${item}`);
}

/** A server replaces earlier same-named definitions whole; name them, most recent first. */
function replacesLine(replaced: ShownOrigin[] | undefined): string {
  if (!replaced || replaced.length === 0) return "";
  return `\n      replaces ${[...replaced]
    .reverse()
    .map((o) => `${o.layer} (${where(o)})`)
    .join(", ")}`;
}

function valueLine(v: ShownValue): string {
  const line = `${v.pointer} = ${compact(v.value)}  <- ${v.layer}  ${where(v)}`;
  // Most recent first: "overrides bundle (…), base (…)" reads as the story of the value backwards.
  const over = v.overrides
    ? `\n      overrides ${[...v.overrides]
        .reverse()
        .map((o) => `${o.layer} (${where(o)})`)
        .join(", ")}`
    : "";
  return `${line}${over}`;
}

function where(o: ShownOrigin): string {
  return o.line === undefined ? o.file : `${o.file}:${o.line}:${o.column ?? 1}`;
}

function compact(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}

function isDirective(pointer: string): boolean {
  return pointer === `/${directivesKey}` || pointer.startsWith(`/${directivesKey}/`);
}

function origin(o: Origin): ShownOrigin {
  const shown: ShownOrigin = { layer: o.layer, file: o.file };
  if (o.line !== undefined) shown.line = o.line;
  if (o.column !== undefined) shown.column = o.column;
  return shown;
}

/** Every value a layer set, in the merged document's order, with the layer that set it last. */
export function listValues(doc: MergedDocument): ShownValue[] {
  const out: ShownValue[] = [];
  const walk = (value: unknown, pointer: string) => {
    const set = doc.provenance[pointer];
    if (set && pointer !== "") {
      // The member's own name decides too: {"env": {"DB_PASSWORD": "…"}} shows [REDACTED].
      const name = pointer
        .slice(pointer.lastIndexOf("/") + 1)
        .replace(/~1/g, "/")
        .replace(/~0/g, "~");
      const shown: ShownValue = { pointer, value: redactDeep(value, name), ...origin(set) };
      const replaced = doc.overridden?.[pointer];
      if (replaced && replaced.length > 0) shown.overrides = replaced.map(origin);
      out.push(shown);
      return;
    }
    if (isPlainObject(value)) for (const key of Object.keys(value)) walk(value[key], `${pointer}/${escapePointer(key)}`);
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${pointer}/${i}`));
  };
  walk(doc.value, "");
  return out;
}

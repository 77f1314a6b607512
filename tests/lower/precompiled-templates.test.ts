/**
 * compiler/lower/templates.generated.js must hold exactly the precompiled form of templates/*.hbs,
 * and rendering it must equal rendering the template compiled from source.
 */
import { readdirSync, readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { renderTemplate } from "../../compiler/lower/templates";

describe("precompiled templates", () => {
  it("are up to date with templates/ (run `node scripts/generate-templates.mjs` if this fails)", async () => {
    const generator = (await import(new URL("../../scripts/generate-templates.mjs", import.meta.url).href)) as { templatesStale(): Promise<boolean> };
    expect(await generator.templatesStale()).toBe(false);
  });

  it("render what the template compiled from source renders", () => {
    const samples: Record<string, Record<string, unknown>> = {
      "copilot-env.hbs": { lines: [{ directive: "d", purpose: "p", assignment: "export A='1'" }] },
      "hook-wrapper.sh.hbs": Object.fromEntries([...templateFields("hook-wrapper.sh.hbs")].map((f) => [f, `<${f}>`])),
      "persona-identity.md.hbs": Object.fromEntries([...templateFields("persona-identity.md.hbs")].map((f) => [f, `<${f}>`])),
    };
    const names = readdirSync(new URL("../../templates/", import.meta.url))
      .filter((n) => n.endsWith(".hbs"))
      .sort();
    expect(Object.keys(samples).sort()).toEqual(names);
    for (const name of names) {
      const source = readFileSync(new URL(`../../templates/${name}`, import.meta.url), "utf8").replace(/\r\n?/g, "\n");
      const compiled = Handlebars.create().compile(source, { strict: true, noEscape: true });
      expect(renderTemplate(name, samples[name]!), name).toBe(compiled(samples[name]));
    }
    // Strict: a missing field throws, as the template compiled from source does.
    expect(() => renderTemplate("persona-identity.md.hbs", {})).toThrow(/"base" not defined/);
  });
});

/** The top-level `{{field}}` names a template uses. */
function templateFields(name: string): Set<string> {
  const source = readFileSync(new URL(`../../templates/${name}`, import.meta.url), "utf8");
  return new Set([...source.matchAll(/\{\{\{?\s*([A-Za-z_][\w]*)\s*\}?\}\}/g)].map((m) => m[1]!));
}

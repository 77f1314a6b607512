/**
 * Handlebars templates for prose (persona sections, wrapper scripts, the env file). JSON and TOML
 * are never templated. Templates run in strict mode with no escaping and no helpers that read time
 * or the environment, so the same data always renders the same bytes.
 *
 * The templates (templates/*.hbs) are precompiled into templates.generated.js by
 * scripts/generate-templates.mjs, so a run loads only Handlebars' small runtime: no template
 * compiler to parse, no compiling per run. tests/lower/precompiled-templates.test.ts keeps the file current.
 */
import Handlebars from "handlebars/runtime";
import { precompiledTemplates } from "./templates.generated.js";

type Render = (data: Record<string, unknown>) => string;

const cache = new Map<string, Render>();
let runtime: typeof Handlebars | undefined;

/**
 * Renders the template `templates/<name>` with `data`. Strict: a missing field is a bug and
 * throws. Output is the template's text with LF line endings, as the template file holds it.
 */
export function renderTemplate(name: string, data: Record<string, unknown>): string {
  let render = cache.get(name);
  if (!render) {
    const spec = Object.hasOwn(precompiledTemplates, name) ? precompiledTemplates[name] : undefined;
    if (spec === undefined)
      throw new Error(`agentihooks: template ${name} is not among the precompiled templates (run \`node scripts/generate-templates.mjs\`)`);
    runtime ??= Handlebars.create();
    render = runtime.template(spec as Parameters<typeof Handlebars.template>[0]) as Render;
    cache.set(name, render);
  }
  return render(data);
}

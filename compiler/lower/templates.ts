/**
 * Handlebars templates for prose (persona sections, wrapper scripts, the env file). JSON and TOML
 * are never templated. Templates run in strict mode with no escaping and no helpers that read time
 * or the environment, so the same data always renders the same bytes.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";

type Render = (data: Record<string, unknown>) => string;

const cache = new Map<string, Render>();

/**
 * Finds `templates/<name>` by walking up from this module: the sources live two levels below the
 * package root, the bundle one or two (`dist/cli.js`, `dist/chunks/*.js`). The templates ship with
 * the package (package.json `files`), so this reads our own assets, never the operator's machine.
 */
function templatePath(name: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = path.join(dir, "templates", name);
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`agentihooks: template ${name} is missing from the package (looked above ${fileURLToPath(import.meta.url)})`);
}

/**
 * Renders the template `templates/<name>` with `data`. Strict: a missing field is a bug and
 * throws. Output is the template's text with LF line endings, as the template file holds it.
 */
export function renderTemplate(name: string, data: Record<string, unknown>): string {
  let render = cache.get(name);
  if (!render) {
    const source = readFileSync(templatePath(name), "utf8").replace(/\r\n?/g, "\n");
    render = Handlebars.create().compile(source, { strict: true, noEscape: true });
    cache.set(name, render);
  }
  return render(data);
}

/**
 * A fast path for rendering the frontmatter targets write (a name, a description, a list of tools):
 * a flat mapping whose values are booleans, plain-safe strings or non-empty lists of them. Going
 * through the `yaml` package's document model for each of them was a tenth of compiling at scale.
 *
 * The subset is chosen so the text is byte-for-byte what frontmatter.ts's `yaml` options produce:
 * only strings YAML can hold unquoted, with nothing that reads as another type. Anything else
 * returns undefined and the caller renders with `yaml`. tests/lower/flat-yaml.test.ts compares the
 * two on generated mappings.
 */

/** Keys and strings written unquoted: a letter first, no `:` or `#`, no control characters, no trailing space. */
const plainSafe = /^[A-Za-z](?:[^:#\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*[^:#\s\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff])?$/;
/** Keys written as they are: the identifiers frontmatter uses. */
const plainKey = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Plain scalars the YAML 1.2 core schema reads as booleans or null: `yaml` quotes these. */
const otherTypes = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE|[Nn]ull|NULL)$/;

/** The block-style YAML of `data` (ending with a newline), or undefined when it is outside the flat subset. */
export function renderFlatYaml(data: Record<string, unknown>): string | undefined {
  if (Object.getPrototypeOf(data) !== Object.prototype) return undefined;
  let out = "";
  let keys = 0;
  for (const [key, value] of Object.entries(data)) {
    if (!plainKey.test(key) || otherTypes.test(key)) return undefined;
    keys += 1;
    if (typeof value === "boolean") {
      out += `${key}: ${value}\n`;
    } else if (typeof value === "string") {
      if (!isPlain(value)) return undefined;
      out += `${key}: ${value}\n`;
    } else if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string" && isPlain(item))) {
      out += `${key}:\n${value.map((item) => `  - ${item as string}\n`).join("")}`;
    } else {
      return undefined;
    }
  }
  return keys === 0 ? undefined : out;
}

function isPlain(text: string): boolean {
  return plainSafe.test(text) && !otherTypes.test(text);
}

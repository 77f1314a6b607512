// The parts of schemas/config.schema.json that list the targets (`targets`' enum, the `homes` keys
// and their description, the `allowUnknownKeys` keys), written from the client contracts by
// `npm run schemas:types` (scripts/generate-types.mjs), so adding a target needs no edit there
// (docs/architecture.md, "Add a target"). Only those values are rewritten, in the file's own
// layout (one line per key); the rest of the file stays byte for byte as it was written.

/**
 * The offsets [start, end) of the value at `keys` (object keys, outermost first) in the JSON
 * `text`, or undefined when there is none there. A small scanner: the file is known to parse.
 */
function valueSpan(text, keys) {
  let i = 0;
  const space = () => {
    while (/\s/.test(text[i] ?? "")) i++;
  };
  const string = () => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i));
  };
  /** Skips the value at `i`; when `path` is not empty, finds it inside instead and returns its span. */
  const value = (path) => {
    space();
    const start = i;
    if (text[i] === "{") {
      i++;
      space();
      while (text[i] !== "}") {
        const key = string();
        space();
        i++; // the colon
        const inside = path !== null && path.length > 0 && key === path[0];
        const found = value(inside ? path.slice(1) : null);
        if (found) return found;
        space();
        if (text[i] === ",") i++;
        space();
      }
      i++;
    } else if (text[i] === "[") {
      i++;
      space();
      while (text[i] !== "]") {
        value(null);
        space();
        if (text[i] === ",") i++;
        space();
      }
      i++;
    } else if (text[i] === '"') string();
    else while (/[^,}\]\s]/.test(text[i] ?? "")) i++;
    return path && path.length === 0 ? [start, i] : undefined;
  };
  return value(keys);
}

/** A value on one line, as the file writes them: `{ "key": value, … }`, `["a", "b"]`. */
function inline(value) {
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`)
      .join(", ")} }`;
  return JSON.stringify(value);
}

/** An object with one key a line, indented one step deeper than the line `at` starts in `text`. */
function objectLines(text, at, entries) {
  const indent = /^[ ]*/.exec(text.slice(0, at).split("\n").pop())[0];
  const lines = entries.map(([key, value]) => `${indent}  ${JSON.stringify(key)}: ${inline(value)}`);
  return `{\n${lines.join(",\n")}\n${indent}}`;
}

/** Where a client's home is when the config does not say (the contract's `home`). */
function homeDefault({ home }) {
  return home.variableHolds === "home" ? `$${home.variable}/${home.dir} when set, else ~/${home.dir}` : `$${home.variable} when set, else ~/${home.dir}`;
}

/** `text` (schemas/config.schema.json) with its target lists made from `contracts` (in registry order). */
export function withTargets(text, contracts) {
  const schema = JSON.parse(text);
  const homes = schema.properties.homes;
  const allow = schema.properties.allowUnknownKeys;
  const ids = new Set(contracts.map((c) => c.id));
  // Keys of homes that are not targets (agentihooks' own `state`) stay, after the targets.
  const ownHomes = Object.entries(homes.properties).filter(([key]) => !ids.has(key) && !(key in allow.properties));
  const homeShape = Object.values(homes.properties)[0];
  const allowShape = Object.values(allow.properties)[0];
  const edits = [
    [["properties", "targets", "items", "enum"], () => inline(contracts.map((c) => c.id))],
    [
      ["properties", "homes", "description"],
      () =>
        JSON.stringify(
          `Override the directory each client reads its config from, and agentihooks' own state directory. Defaults come from the environment (${contracts.map((c) => c.home.variable).join(", ")}) or the client's default.`,
        ),
    ],
    [
      ["properties", "homes", "properties"],
      (at) =>
        objectLines(text, at, [
          ...contracts.map((c) => [c.id, { ...homeShape, description: `${c.displayName} home (default ${homeDefault(c)}).` }]),
          ...ownHomes,
        ]),
    ],
    [
      ["properties", "allowUnknownKeys", "properties"],
      (at) =>
        objectLines(
          text,
          at,
          contracts.map((c) => [
            c.id,
            { ...allowShape, description: `Settings keys of ${c.displayName} newer than ${c.verifiedAgainst.version}, the version agentihooks verified.` },
          ]),
        ),
    ],
  ];
  // Later spans first, so earlier offsets stay valid.
  const spans = edits
    .map(([keys, make]) => {
      const span = valueSpan(text, keys);
      if (!span) throw new Error(`config-schema-targets: schemas/config.schema.json has no ${keys.join(".")}`);
      return { span, make };
    })
    .sort((a, b) => b.span[0] - a.span[0]);
  let out = text;
  for (const { span, make } of spans) out = out.slice(0, span[0]) + make(span[0]) + out.slice(span[1]);
  return out;
}

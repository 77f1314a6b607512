// Bundles the CLI and the hook runtime with esbuild. Runs on `npm ci` (prepare) and before tests.
// The CLI is dist/cli.js (the command table) plus one file per module it loads lazily
// (dist/chunks/<name>.js: the project commands together, each light command alone); the runtime is
// one file that depends on nothing but Node, because it starts before and after every tool call.
import { build } from "esbuild";
import { builtinModules, createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rename, rm } from "node:fs/promises";

const root = fileURLToPath(new URL("..", import.meta.url));
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  logLevel: "warning",
  legalComments: "none",
  // Prefer ESM entry points: jsonc-parser's default (UMD) build loads its parts with a dynamic
  // require() that esbuild cannot follow, so the bundle would fail at run time.
  mainFields: ["module", "main"],
  // Bundled CommonJS dependencies (handlebars, cosmiconfig) call require(); give ESM output one.
  banner: { js: "import { createRequire as __ahCreateRequire } from 'node:module'; const require = __ahCreateRequire(import.meta.url);" },
};
// typescript stays external: cosmiconfig requires it only to load an agentihooks.config.ts, and
// bundling it would add ~10 MB that every command using the config parses. js-yaml, parse-json and
// import-fresh are cosmiconfig's own lazily required loaders, which compiler/config.ts replaces
// with ours; bundled they were ~200 KB that every config-reading command parsed.
const cliExternal = ["typescript", "js-yaml", "parse-json", "import-fresh"];

// Each module bin/cli.ts loads lazily (`./commands/<name>`) stays a separate file, and its path is
// recorded so it is bundled next as one unsplit file. Code-splitting made ~25 chunks for a build
// (every dynamic import was a split point), and Node 20's ES module loader costs about 1 ms per
// module to resolve, load and link: with the builtins below, ~15 ms less CPU for a 1x bench build.
const lazyModules = new Map();
const commandsAsFiles = {
  name: "commands-as-files",
  setup(b) {
    b.onResolve({ filter: /^\.\/commands\// }, (args) => {
      if (args.kind !== "dynamic-import" || !args.importer.endsWith(path.join("bin", "cli.ts"))) return undefined;
      const name = path.basename(args.path);
      lazyModules.set(`chunks/${name}`, `bin/commands/${name}.ts`);
      return { path: `./chunks/${name}.js`, external: true };
    });
  },
};

// Node builtins through the bundle's require() instead of ES imports: an ES import of a builtin
// builds a facade module (resolved, linked and filled with every export, lazy getters included)
// for each importing module, where require() hands back the one CommonJS object.
const builtins = new Set(builtinModules.flatMap((id) => [id, `node:${id}`]));
const builtinsThroughRequire = {
  name: "builtins-through-require",
  setup(b) {
    b.onResolve({ filter: /^[a-z:_/]+$/ }, (args) =>
      args.kind === "import-statement" && builtins.has(args.path) ? { path: args.path.replace(/^node:/, ""), namespace: "builtin" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "builtin" }, (args) => ({ contents: `module.exports = require(${JSON.stringify(`node:${args.path}`)});`, loader: "js" }));
  },
};

// Build beside dist/ and swap it in with renames: several test runs and benchmarks share this
// checkout, and a dist/ deleted for the whole build made concurrent runs fail with "not built yet".
const staging = `.dist-build-${process.pid}`;
const retired = `${root}/.dist-old-${process.pid}`;
await rm(`${root}/${staging}`, { recursive: true, force: true });
try {
  // The command table has no CommonJS to require, so it skips the banner (and node:module).
  const cli = build({ ...common, banner: {}, entryPoints: { cli: "bin/cli.ts" }, outdir: staging, plugins: [commandsAsFiles], external: cliExternal }).then(() =>
    build({ ...common, entryPoints: Object.fromEntries(lazyModules), outdir: staging, plugins: [builtinsThroughRequire], external: cliExternal }),
  );
  await Promise.all([
    cli,
    // The yaml package as one CommonJS file, required on first use (compiler/parse/yaml-library.ts):
    // flat frontmatter never needs it, so it stays out of the chunks every command parses.
    build({ ...common, banner: {}, format: "cjs", entryPoints: [createRequire(import.meta.url).resolve("yaml")], outfile: `${staging}/vendor/yaml.cjs` }),
    // Likewise toml-patch (~250 KB), needed only to read or edit an existing config.toml
    // (compiler/plan/toml-document.ts): a build into an empty --out never loads it.
    build({ ...common, banner: {}, format: "cjs", entryPoints: ["@decimalturn/toml-patch"], outfile: `${staging}/vendor/toml-patch.cjs` }),
    // The runtime bundles no CommonJS, so it skips the require() banner: importing node:module would
    // cost every hook invocation internal modules it never uses.
    build({ ...common, banner: {}, minify: true, entryPoints: { runtime: "runtime/main.ts" }, outdir: staging, outExtension: { ".js": ".mjs" } }),
  ]);
  await rename(`${root}/dist`, retired).catch((error) => {
    if (error.code !== "ENOENT") throw error;
  });
  await rename(`${root}/${staging}`, `${root}/dist`);
} finally {
  await rm(`${root}/${staging}`, { recursive: true, force: true });
  await rm(retired, { recursive: true, force: true });
}

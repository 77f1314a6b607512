// Bundles the CLI and the hook runtime with esbuild. Runs on `npm ci` (prepare) and before tests.
// The CLI is split so `agentihooks --version` loads only its entry chunk; the runtime is one file
// that depends on nothing but Node, because it starts before and after every tool call.
import { build } from "esbuild";
import { createRequire } from "node:module";
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

// Build beside dist/ and swap it in with renames: several test runs and benchmarks share this
// checkout, and a dist/ deleted for the whole build made concurrent runs fail with "not built yet".
const staging = `.dist-build-${process.pid}`;
const retired = `${root}/.dist-old-${process.pid}`;
await rm(`${root}/${staging}`, { recursive: true, force: true });
try {
  await Promise.all([
    // typescript stays external: cosmiconfig requires it only to load an agentihooks.config.ts, and
    // bundling it would add ~10 MB that every command using the config parses. js-yaml, parse-json
    // and import-fresh are cosmiconfig's own lazily required loaders, which compiler/config.ts
    // replaces with ours; bundled they were ~200 KB that every config-reading command parsed.
    build({ ...common, entryPoints: { cli: "bin/cli.ts" }, outdir: staging, splitting: true, chunkNames: "chunks/[name]-[hash]", external: ["typescript", "js-yaml", "parse-json", "import-fresh"] }),
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

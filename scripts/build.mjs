// Bundles the CLI and the hook runtime with esbuild. Runs on `npm ci` (prepare) and before tests.
// The CLI is CommonJS (dist/package.json says so): dist/cli.js, the command table, plus one file per
// module it loads lazily (dist/chunks/<name>.js: the project commands together, each light command
// alone), each with a V8 code cache written here (compiler/load-chunk.ts), as is each copy of the
// precompiled ajv validators (dist/schemas/validators/). The runtime is one CommonJS file
// (dist/runtime.cjs, a small loader, and dist/runtime-core.js beside it) that depends on nothing but
// Node, because it starts before and after every tool call; it writes its own code cache beside
// itself (runtime/load-with-code-cache.ts).
import { build } from "esbuild";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";

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
};

// The CLI as CommonJS. An ES module costs Node 20 its ES loader (~5 ms to start, ~1 ms per module
// to resolve and link, a facade per builtin imported), and V8's code cache can only be used through
// vm.Script, which runs CommonJS. Sources use import.meta.url for files beside the bundle; here it
// is the bundle file's URL. Dynamic import() becomes require(): a chunk runs in a vm.Script, where
// import() has no loader on Node < 20.12.
const cjs = {
  ...common,
  format: "cjs",
  // "use strict" first: esbuild's own directive comes after the banner, where it is no directive.
  banner: { js: '"use strict";\nconst __ahImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  define: { "import.meta.url": "__ahImportMetaUrl" },
  supported: { "dynamic-import": false },
  // typescript stays external: cosmiconfig requires it only to load an agentihooks.config.ts, and
  // bundling it would add ~10 MB that every command using the config parses. js-yaml, parse-json
  // and import-fresh are cosmiconfig's own lazily required loaders, which compiler/config.ts
  // replaces with ours; bundled they were ~200 KB that every config-reading command parsed.
  external: ["typescript", "js-yaml", "parse-json", "import-fresh"],
};

// Each module bin/cli.ts loads lazily (`./commands/<name>`) becomes dist/chunks/<name>.js, bundled
// whole (no code-splitting: it made ~25 ES modules for a build) and loaded through its code cache.
const lazyModules = new Map();
const commandsAsChunks = {
  name: "commands-as-chunks",
  setup(b) {
    b.onResolve({ filter: /^\.\/commands\// }, (args) => {
      if (args.kind !== "dynamic-import" || !args.importer.endsWith(path.join("bin", "cli.ts"))) return undefined;
      const name = path.basename(args.path);
      lazyModules.set(`chunks/${name}`, `bin/commands/${name}.ts`);
      return { path: name, namespace: "chunk" };
    });
    b.onLoad({ filter: /.*/, namespace: "chunk" }, (args) => ({
      contents: `module.exports = require("../compiler/load-chunk").loadChunk(require("node:path").join(__dirname, "chunks", ${JSON.stringify(`${args.path}.js`)}));`,
      resolveDir: path.join(root, "bin"),
      loader: "js",
    }));
  },
};

/** dist/runtime.mjs: the entry of the runtime before it became CommonJS, now running dist/runtime.cjs. */
const legacyRuntimeShim = [
  "// Kept for hook wrappers written by earlier agentihooks versions; `agentihooks apply` points them at runtime.cjs.",
  'import { createRequire } from "node:module";',
  'createRequire(import.meta.url)("./runtime.cjs");',
  "",
].join("\n");

// runtime/node-builtins.ts falls back on Node < 20.16 to createRequire through a top-level await,
// which CommonJS cannot hold; in the CommonJS bundles the fallback is the file's own require.
const runtimeBuiltinsInCommonJs = {
  name: "runtime-builtins-in-commonjs",
  setup(b) {
    b.onLoad({ filter: /runtime[\\/]node-builtins\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const fallback = '(await import("node:module")).createRequire(import.meta.url)';
      if (!source.includes(fallback)) throw new Error(`${args.path} no longer has the fallback scripts/build.mjs replaces for CommonJS; update the build`);
      return { contents: source.replace(fallback, "require"), loader: "ts" };
    });
  },
};

// Build beside dist/ and swap it in with renames: several test runs and benchmarks share this
// checkout, and a dist/ deleted for the whole build made concurrent runs fail with "not built yet".
const staging = `.dist-build-${process.pid}`;
const retired = `${root}/.dist-old-${process.pid}`;
await rm(`${root}/${staging}`, { recursive: true, force: true });
try {
  const cli = build({ ...cjs, entryPoints: { cli: "bin/cli.ts" }, outdir: staging, plugins: [commandsAsChunks] }).then(() =>
    build({ ...cjs, entryPoints: Object.fromEntries(lazyModules), outdir: staging, plugins: [runtimeBuiltinsInCommonJs] }),
  );
  await Promise.all([
    cli,
    // The yaml package as one CommonJS file, required on first use (compiler/parse/yaml-library.ts):
    // flat frontmatter never needs it, so it stays out of the chunks every command parses.
    build({ ...common, format: "cjs", entryPoints: [createRequire(import.meta.url).resolve("yaml")], outfile: `${staging}/vendor/yaml.cjs` }),
    // Likewise toml-patch (~250 KB), needed only to read or edit an existing config.toml
    // (compiler/plan/toml-document.ts): a build into an empty --out never loads it.
    build({ ...common, format: "cjs", entryPoints: ["@decimalturn/toml-patch"], outfile: `${staging}/vendor/toml-patch.cjs` }),
    buildRuntime(`${staging}/runtime.cjs`),
    // The agentihooks MCP server (mcp/), with the MCP SDK and zod inside: one file `apply` installs
    // beside runtime.cjs. A separate program the clients start, so the runtime never loads it.
    build({ ...common, format: "cjs", minify: true, entryPoints: ["mcp/main.ts"], outfile: `${staging}/mcp-server.cjs`, plugins: [runtimeBuiltinsInCommonJs] }),
  ]);
  // Wrappers written by earlier versions run dist/runtime.mjs; it stays, as a shim, so an upgrade
  // does not break the hooks of a home until the next apply rewrites its wrappers.
  await writeFile(`${root}/${staging}/runtime.mjs`, legacyRuntimeShim);
  await copyValidators(`${root}/${staging}`);
  // After every bundle is in place: exercising the project commands may load the vendored libraries.
  await writeCodeCaches(`${root}/${staging}`);
  await writeFile(`${root}/${staging}/package.json`, `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);
  await rename(`${root}/dist`, retired).catch((error) => {
    if (error.code !== "ENOENT") throw error;
  });
  await rename(`${root}/${staging}`, `${root}/dist`);
} finally {
  await rm(`${root}/${staging}`, { recursive: true, force: true });
  await rm(retired, { recursive: true, force: true });
}

/**
 * The runtime as CommonJS with nothing but Node under it: a CommonJS entry spares every hook
 * invocation Node's ES module loader (about 16 M instructions of ~550 M, measured with
 * `node bench/hook.mjs --instructions`: the runtime's cost over `node -e 0` fell by a third). Two
 * files: `runtime.cjs`, the small loader (runtime/load-with-code-cache.ts) every hook runs, and
 * `runtime-core.js` beside it, the runtime proper (runtime/main.ts) as the function text the loader
 * compiles through a V8 code cache beside the installed file.
 */
async function buildRuntime(outfile) {
  const core = await build({
    ...common,
    format: "cjs",
    minify: true,
    entryPoints: ["runtime/main.ts"],
    write: false,
    outfile,
    plugins: [runtimeBuiltinsInCommonJs],
  });
  const text = core.outputFiles[0].text;
  // The loader reads the core as Latin-1: only ASCII reads back as written (esbuild escapes the rest).
  if (/[^\x00-\x7f]/.test(text))
    throw new Error("scripts/build.mjs: the bundled runtime holds a non-ASCII character; runtime/load-with-code-cache.ts reads it as Latin-1");
  const loader = await build({ ...common, format: "cjs", minify: true, entryPoints: ["runtime/load-with-code-cache.ts"], write: false, outfile });
  // Not through esbuild, which would have made the folder: the other bundles may not have made it yet.
  await mkdir(path.dirname(path.join(root, outfile)), { recursive: true });
  await writeFile(path.join(root, outfile), loader.outputFiles[0].text);
  // The names runtime/installed-files.ts gives the two files.
  await writeFile(path.join(root, path.dirname(outfile), "runtime-core.js"), `(function (exports, require, module, __filename, __dirname) {${text}\n})`);
}

/**
 * Copies the precompiled ajv validators (schemas/validators/*.generated.cjs) to dist/schemas/validators/,
 * where the bundled loader finds them first: there they get code caches (writeCodeCaches) staged and
 * swapped in with their sources, while the checked-in modules stay as generated.
 */
async function copyValidators(dir) {
  await mkdir(`${dir}/schemas/validators`, { recursive: true });
  for (const name of await readdir(`${root}/schemas/validators`)) {
    if (name.endsWith(".generated.cjs")) await copyFile(`${root}/schemas/validators/${name}`, `${dir}/schemas/validators/${name}`);
  }
}

/**
 * Writes each chunk's V8 code cache with compiler/load-chunk.ts itself (bundled to a scratch file), so
 * the cache is made from exactly the text the CLI compiles (tests/cli/bundled-cli-and-code-caches.test.ts checks, in a fresh
 * process, that V8 accepts them). The project commands' cache is then remade after exercising
 * them: a `build --out` of the built-in default profile in a scratch project, in a child process
 * with a scratch HOME. Functions that run are compiled into that cache (at the 1x bench a build
 * then compiles ~30 ms less). Should the exercise fail, the plain cache stays and the build goes on.
 */
async function writeCodeCaches(dir) {
  const loader = `${dir}/.load-chunk.cjs`;
  await build({ ...cjs, banner: {}, define: {}, entryPoints: ["compiler/load-chunk.ts"], outfile: loader });
  const scratch = await mkdtemp(path.join(tmpdir(), "agentihooks-build-"));
  try {
    const { writeCodeCache, writeExercisedCodeCache } = createRequire(import.meta.url)(loader);
    for (const name of await readdir(`${dir}/chunks`)) if (name.endsWith(".js")) writeCodeCache(`${dir}/chunks/${name}`);
    // A validator's cache is made after one call on an empty object: ajv inlines every top-level
    // property check in the root function, the bulk of each module, which V8 compiles on that call
    // (loading and first calls of the six validators a build runs: ~50 ms -> ~15 ms, measured standalone).
    for (const name of await readdir(`${dir}/schemas/validators`)) {
      if (name.endsWith(".cjs")) await writeExercisedCodeCache(`${dir}/schemas/validators/${name}`, async (validate) => validate({}));
    }
    // Each vendored library's cache is made after a small parse, which compiles its parser's functions
    // (toml-patch and yaml: load and first parse ~11 ms -> ~3 ms each, measured standalone).
    await writeExercisedCodeCache(`${dir}/vendor/toml-patch.cjs`, async (toml) => toml.parse('a = 1\n[b]\nc = [1, 2]\nd = "x"\n[[e]]\nf = 1.5\n'));
    await writeExercisedCodeCache(`${dir}/vendor/yaml.cjs`, async (yaml) => yaml.parseDocument("a: 1\nb: [x, y]\nc:\n  d: 'e'\n").toJS());
    // A package.json stops the config search here: the scratch project has no config of its own.
    await mkdir(`${scratch}/project`);
    await writeFile(`${scratch}/project/package.json`, "{}\n");
    // (Exercising `plan` as well measured no gain for plan.)
    const exercise = `require(${JSON.stringify(loader)}).writeExercisedCodeCache(${JSON.stringify(`${dir}/chunks/project-commands.js`)}, (commands) =>
      commands.build.run(["--out", ${JSON.stringify(`${scratch}/out`)}]).then((code) => { if (code !== 0) throw new Error("build exited " + code); }));`;
    // Only PATH and a scratch HOME: nothing from the builder's environment reaches the exercise.
    const env = { PATH: process.env.PATH ?? "", HOME: `${scratch}/home`, NO_COLOR: "1" };
    const result = spawnSync(process.execPath, ["-e", exercise], { cwd: `${scratch}/project`, env, encoding: "utf8" });
    if (result.status !== 0)
      process.stderr.write(`scripts/build.mjs: exercising the project commands for their code cache failed; the plain cache is kept.\n${result.stderr}`);
  } finally {
    await rm(loader, { force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}

// Entry of `npm run bench`: bundles the TypeScript benchmark (bench/main.ts) with esbuild into the
// gitignored bench/work/ and runs it, so the harness is type-checked like the rest of the code.
import { build } from "esbuild";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outfile = `${root}bench/work/bench.mjs`;
await build({
  absWorkingDir: root,
  entryPoints: ["bench/main.ts"],
  outfile,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  logLevel: "warning",
  // main.ts finds the repository from its own URL; keep it pointing at bench/.
  define: { "import.meta.url": JSON.stringify(pathToFileURL(`${root}bench/main.ts`).href) },
});
await import(pathToFileURL(outfile).href);

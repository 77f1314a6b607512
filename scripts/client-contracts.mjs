// The client contracts (compiler/targets/<id>/contract.ts), in the order of compiler/targets/ids.ts,
// for the scripts that plain Node runs: they are TypeScript, so each is bundled in memory with esbuild
// (a dev dependency, like every tool these scripts use) and imported from the bundle. A script that
// needs a per-client fact (a pinned version, a home, the ids) reads it here instead of keeping a list
// of its own, so adding a target changes none of them (docs/architecture.md, "Add a target").
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Bundles TypeScript `contents` (imports resolved from the package root) and imports the result. */
async function importTypeScript(contents) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "ts", sourcefile: "client-contracts-entry.ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

/** The built-in target ids (compiler/targets/ids.ts `TARGET_IDS`), in registry order. */
export async function loadTargetIds() {
  const { TARGET_IDS } = await importTypeScript('export { TARGET_IDS } from "./compiler/targets/ids.ts";');
  return [...TARGET_IDS];
}

/** Every built-in target's contract, in registry order. */
export async function loadContracts() {
  const ids = await loadTargetIds();
  const entry = ids.map((id, i) => `export { contract as c${i} } from ${JSON.stringify(`./compiler/targets/${id}/contract.ts`)};`).join("\n");
  const module = await importTypeScript(entry);
  return ids.map((id, i) => {
    const contract = module[`c${i}`];
    if (contract?.id !== id) throw new Error(`compiler/targets/${id}/contract.ts exports no contract with id '${id}'`);
    return contract;
  });
}

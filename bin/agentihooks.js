#!/usr/bin/env node
// The installed command. The CLI is bundled to dist/ by `npm ci` (prepare) or `npm run build`.
import("../dist/cli.js").catch((error) => {
  if (error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli.js")) {
    process.stderr.write("agentihooks: the CLI is not built yet; run `npm run build` in the package directory.\n");
    process.exit(1);
  }
  throw error;
});

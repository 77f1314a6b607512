#!/usr/bin/env node
// The installed command. The CLI is bundled to dist/ by `npm ci` (prepare) or `npm run build`.
//
// This file is CommonJS (bin/package.json says so) and answers `--version` / `-v` (as the first
// argument, as bin/cli.ts does) itself from package.json: an ES module entry starts Node's ESM
// loader first (~10 ms of CPU on Node 20), while a CommonJS entry answering alone costs what
// `node -e 0` costs. Every other command runs the bundled CLI (dist/cli.js, CommonJS as well).
"use strict";

const first = process.argv[2];
if (first === "--version" || first === "-v") {
  const { readFileSync } = require("node:fs");
  const { join } = require("node:path");
  process.stdout.write(`${JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8")).version}\n`);
} else {
  const cli = require("node:path").join(__dirname, "..", "dist", "cli.js");
  if (require("node:fs").existsSync(cli)) {
    require(cli);
  } else {
    process.stderr.write("agentihooks: the CLI is not built yet; run `npm run build` in the package directory.\n");
    process.exitCode = 1;
  }
}

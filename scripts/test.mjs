// `npm test`: the typecheck, the formatting check and the suites, run side by side. Arguments go to
// vitest (`npm test -- tests/golden`). The suites spend most of their time waiting on the processes
// they spawn, so the two checks fit beside them on a 2-core machine: one after the other they added
// 12-24 s to a run. The checks' output is held back and printed after the suites', each under its
// command, so it does not interleave with vitest's report. The exit code is the first failure's.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => path.join(root, "node_modules", ".bin", name);

/** Runs `command`; resolves to its exit code and, unless `inherit`, what it printed. */
function run(command, args, inherit) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    if (!inherit) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const checks = [
  { label: "tsc --noEmit -p tsconfig.json", run: run(bin("tsc"), ["--noEmit", "-p", "tsconfig.json"], false) },
  { label: "prettier --check --cache .", run: run(bin("prettier"), ["--check", "--cache", "."], false) },
];
const suites = await run(bin("vitest"), ["run", ...process.argv.slice(2)], true);
let code = suites.code;
for (const check of checks) {
  const result = await check.run;
  process.stdout.write(`\n> ${check.label}: ${result.code === 0 ? "passed" : `failed (exit ${result.code})`}\n`);
  if (result.code !== 0) {
    process.stdout.write(result.output);
    code ||= result.code;
  }
}
process.exitCode = code;

import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Builds dist/ once before the suites, so CLI and runtime tests run the bundled program users get. */
export default function setup(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
}

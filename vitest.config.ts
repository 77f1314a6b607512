import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit, golden, CLI and runtime suites. The real-client suite has its own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 30_000,
    // A suite's setup may bundle or spawn; on a loaded 2-core machine that outlasts the 10 s default.
    hookTimeout: 60_000,
    pool: "forks",
    // Most suites wait on child processes (the CLI and the runtime, spawned as users run them), so
    // two workers keep a 2-core machine busy where vitest's default (cores - 1) would run one file
    // at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

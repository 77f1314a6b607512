import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Suites that replace a module for their own file (vi.mock) and so need a module graph of their
 * own; every other file shares its worker's modules with the files before it.
 */
const ISOLATED = ["tests/hostile-bundles/hostile-bundles.test.ts"];

/** What both projects set (the root's globalSetup runs once for both; a project that extends the root would run it again). */
const common = {
  testTimeout: 30_000,
  // A suite's setup may bundle or spawn; on a loaded 2-core machine that outlasts the 10 s default.
  hookTimeout: 60_000,
  pool: "forks",
} as const;

// Unit, golden, CLI and runtime suites. The real-client suite has its own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    globalSetup: ["tests/global-setup.ts"],
    // Most suites wait on child processes (the CLI and the runtime, spawned as users run them), so
    // one worker more than the cores keeps the machine busy while one waits: on 2 cores, 3 workers
    // ran the suite in 72.6 s, 2 in 80.7 s and 4 in 75.5 s (the CPU, not the waits, is then the bound).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          ...common,
          name: "shared",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/e2e/**", "node_modules/**", ...ISOLATED],
          // Importing the compiler and the runtime again for each of ~110 files was a third of the
          // run's time: a file that needs fresh modules goes to ISOLATED instead.
          isolate: false,
        },
      },
      { test: { ...common, name: "isolated", include: ISOLATED } },
    ],
  },
});

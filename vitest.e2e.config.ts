import { defineConfig } from "vitest/config";

// The real-client suite (`npm run test:e2e`): installs the pinned Copilot, Claude Code and Codex
// CLIs into a cache outside the repository, applies agentihooks into temp homes and runs each
// client offline against tests/e2e/model-server.ts. Not part of `npm test` (vitest.config.ts
// excludes tests/e2e/**). See docs/e2e.md.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    // One client turn takes 1-5 s; a test runs a few. Installs happen in global setup.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Two CPU cores in CI: one client suite per core.
    maxWorkers: 2,
    fileParallelism: true,
    reporters: ["default"],
  },
});

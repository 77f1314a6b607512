import { defineConfig } from "vitest/config";

// Unit, golden, CLI and runtime suites. The real-client suite has its own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 30_000,
    pool: "forks",
  },
});

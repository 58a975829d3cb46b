import { defineConfig } from "vitest/config";

// Browser journeys: Chromium is heavy on a 2-core machine, so files run one after another.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: "forks",
  },
});

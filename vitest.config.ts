import os from "node:os";
import { defineConfig } from "vitest/config";

// Unit and API tests (API tests start a real HTTP server on in-memory PGlite, or on TEST_DATABASE_URL).
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one file at a time. The API tests wait on
    // their database's thread and on HTTP as much as they compute, so every core runs a file (docs/decisions.md,
    // "CI time").
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
          // Each file starts its own server on its own database, and nothing there mocks a module: the server's module
          // graph (about 7 s of import a file) then loads once per worker instead of once per file.
          isolate: false,
          // One migrated database per run, copied for each file (server/test-support/database-template.ts).
          globalSetup: ["server/test-support/database-template.ts"],
        },
      },
      {
        extends: true,
        test: { name: "web", include: ["shared/**/*.test.ts", "app/**/*.test.{ts,tsx}"] },
      },
    ],
  },
});

import { defineConfig } from "vitest/config";

// Unit and API tests (API tests start a real HTTP server on in-memory PGlite, or on TEST_DATABASE_URL).
export default defineConfig({
  test: {
    include: [
      "shared/**/*.test.ts",
      "server/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "bench/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One migrated database per run, copied for each file (server/test-support/database-template.ts).
    globalSetup: ["server/test-support/database-template.ts"],
  },
});

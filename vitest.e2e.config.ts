import { defineConfig } from "vitest/config";

// Browser journeys. Each file starts its own server on its own database and its own Chromium, so files share no state
// and two run side by side: much of a journey is waiting (service worker installs, sync round trips), which the other
// file's work fills. E2E_WORKERS=1 runs them one after another (docs/decisions.md, "E2E workers").
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Journeys mock no module and each starts its own server: the server's module graph loads once per worker.
    isolate: false,
    // One migrated database per run, copied for each file (server/test-support/database-template.ts).
    globalSetup: ["server/test-support/database-template.ts"],
    // What the open pages showed when a journey fails (CI keeps only the log).
    setupFiles: ["e2e/support/failure-report.ts"],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
  },
});

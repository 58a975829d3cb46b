import { defineConfig } from "vitest/config";

// Browser journeys. Each file starts its own server on its own database and its own Chromium, so files share no state
// and E2E_WORKERS=2 runs two side by side. The default stays one at a time: on this 2-core machine two journeys at
// once made toasts outlive the clicks of the billing and offline-sync journeys (docs/decisions.md, "E2E workers").
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
  },
});

/**
 * `npm run bench -- offline-ready [--runs N] [--rtt MS] [--kbps K] [--dist DIR]`: how long a phone's first visit takes
 * to be ready for offline use, i.e. until the service worker, having stored every precached file, controls the page.
 * Measured in Chromium (fresh profile each run) through a phone-network stand-in (bench/phone-network.ts: default 150
 * ms round trip and 1,600 kbps, Lighthouse's mobile preset) in front of the real server serving the build (`npm run
 * build` first). Prints each run, the median, the requests and bytes one install took, and a JSON line.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startServer } from "../server/server.ts";
import { launchBrowser } from "../e2e/support/browser.ts";
import { withBenchDatabase } from "./bench-server.ts";
import { startPhoneNetwork } from "./phone-network.ts";
import { median } from "./median.ts";

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      runs: { type: "string", default: "3" },
      rtt: { type: "string", default: "150" },
      kbps: { type: "string", default: "1600" },
      dist: { type: "string", default: "dist" },
    },
  });
  const network = { rttMs: Number(values.rtt), kbps: Number(values.kbps) };
  await withBenchDatabase("offline-ready", "owner@offline-ready.bench", async (database) => {
    const server = await startServer({
      env: { ...database.env, PORT: "0", LOG_LEVEL: "error", WEB_DIST: path.resolve(values.dist) },
    });
    const browser = await launchBrowser();
    const runs: { ms: number; requests: number; bytes: number }[] = [];
    try {
      for (let i = 0; i < Number(values.runs); i++) {
        const phone = await startPhoneNetwork(server.url, network);
        const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
        try {
          const page = await context.newPage();
          const started = performance.now();
          await page.goto(`${phone.url}/auth`);
          await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
            timeout: 600_000,
            polling: 50,
          });
          runs.push({ ms: performance.now() - started, ...phone.stats() });
          const { ms, requests, bytes } = runs.at(-1)!;
          console.log(
            `  run ${i + 1}: ${(ms / 1000).toFixed(1)} s, ${requests} requests, ${(bytes / 1e6).toFixed(2)} MB`,
          );
        } finally {
          await context.close();
          await phone.close();
        }
      }
    } finally {
      await browser.close();
      await server.close();
    }
    console.log(
      JSON.stringify({
        benchmark: "offline-ready",
        rtt_ms: network.rttMs,
        kbps: network.kbps,
        runs: runs.length,
        ready_s: Number((median(runs.map(({ ms }) => ms)) / 1000).toFixed(1)),
        runs_s: runs.map(({ ms }) => Number((ms / 1000).toFixed(1))),
        requests: runs[0]?.requests,
        mb: Number(((runs[0]?.bytes ?? 0) / 1e6).toFixed(2)),
        load_average: Number(os.loadavg()[0]?.toFixed(1)),
      }),
    );
  });
}

/**
 * `npm run bench -- installed-open [--runs N] [--rtt MS] [--kbps K] [--cpu-slowdown X] [--check-delay MS] [--dist DIR]`:
 * how long an installed phone waits, each time it opens the app, before its list of applications shows. The phone
 * visited once (signed in, the service worker installed and in control, the session stored on the device), then opens
 * `/applications` again N times (default 5), each a new tab of the same browser profile, timed from the navigation to
 * the application's name on screen. Chromium reaches the real server (serving the build; `npm run build` first)
 * through bench/phone-network.ts (default 150 ms round trip, 1,600 kbps: Lighthouse's mobile preset) with its CPU
 * slowed X times (default 4, a low-end phone on a desktop-class machine). `--check-delay MS` holds the reopens' session
 * check (GET /api/me) that much longer, as a congested network or a busy server would. Prints each open, the median and
 * a JSON line.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { setTimeout as pause } from "node:timers/promises";
import { startServer } from "../server/server.ts";
import { launchBrowser } from "../e2e/support/browser.ts";
import { waitForServiceWorkerControl } from "../e2e/support/service-worker.ts";
import { benchSignUp, browserCookies, withBenchDatabase } from "./bench-server.ts";
import { startPhoneNetwork } from "./phone-network.ts";
import { createSurvey } from "./survey.ts";
import { median } from "./median.ts";

const OWNER_EMAIL = "owner@installed-open.bench";
const APPLICATION = "Levantamento de campo";

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      runs: { type: "string", default: "5" },
      rtt: { type: "string", default: "150" },
      kbps: { type: "string", default: "1600" },
      "cpu-slowdown": { type: "string", default: "4" },
      "check-delay": { type: "string", default: "0" },
      dist: { type: "string", default: "dist" },
    },
  });
  const network = { rttMs: Number(values.rtt), kbps: Number(values.kbps) };
  const cpuSlowdown = Number(values["cpu-slowdown"]);
  const checkDelayMs = Number(values["check-delay"]);
  await withBenchDatabase("installed-open", OWNER_EMAIL, async (database) => {
    const server = await startServer({
      env: { ...database.env, PORT: "0", LOG_LEVEL: "error", WEB_DIST: path.resolve(values.dist) },
    });
    const session = await benchSignUp(server.url, OWNER_EMAIL, "Bench Installed");
    await createSurvey(session, APPLICATION);
    const phone = await startPhoneNetwork(server.url, network);
    const browser = await launchBrowser();
    const opens: number[] = [];
    try {
      const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
      await context.addCookies(browserCookies(session, phone.url));
      // The visit that installs the app: the worker stores every file and the app stores the signed-in session.
      const first = await context.newPage();
      await first.goto(`${phone.url}/applications`);
      await first.getByText(APPLICATION).first().waitFor({ timeout: 600_000 });
      await waitForServiceWorkerControl(first);
      await first.close();
      if (checkDelayMs > 0) {
        await context.route("**/api/me", async (route) => {
          await pause(checkDelayMs);
          await route.continue().catch(() => undefined);
        });
      }
      for (let i = 0; i < Number(values.runs); i++) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
        const started = performance.now();
        await page.goto(`${phone.url}/applications`);
        await page.getByText(APPLICATION).first().waitFor({ timeout: 120_000 });
        opens.push(performance.now() - started);
        console.log(`  open ${i + 1}: ${Math.round(opens.at(-1)!)} ms`);
        await page.close();
      }
      await context.close();
    } finally {
      await browser.close();
      await phone.close();
      await server.close();
    }
    console.log(
      JSON.stringify({
        benchmark: "installed-open",
        rtt_ms: network.rttMs,
        kbps: network.kbps,
        cpu_slowdown: cpuSlowdown,
        check_delay_ms: checkDelayMs,
        runs: opens.length,
        list_ms: Math.round(median(opens)),
        runs_ms: opens.map(Math.round),
        load_average: Number(os.loadavg()[0]?.toFixed(1)),
      }),
    );
  });
}

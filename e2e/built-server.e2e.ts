/**
 * The server as `npm start` runs it: the built dist-server/main.mjs in a process of its own, its packages bundled
 * (scripts/build-server.ts). The other journeys start the server from source inside the test's process, so this file
 * is what shows the bundle itself works: that it starts, answers while it starts, and serves the app's main paths.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { SERVER_BUNDLE } from "../scripts/build-server.ts";
import { PROJECT_ROOT } from "../server/project-root.ts";
import { freePort } from "../server/test-support/free-port.ts";
import { buildXlsx, HOUSEHOLD_SURVEY } from "../server/test-support/xlsform-books.ts";
import { dist } from "./support/app-server.ts";
import { launchBrowser } from "./support/browser.ts";
import { signedInPage } from "./support/signed-in-page.ts";

/** What each request made while the server started came back with: a status, or the error that ended it. */
type Outcome = number | "refused" | "no answer";

/**
 * Asks for /api/health every few milliseconds, each request left to run on its own, until one answers 200. A request
 * that the server accepted but never answered ends as "no answer" after `patienceMs`.
 */
async function pollWhileStarting(url: string, patienceMs: number): Promise<Outcome[]> {
  const requests: Promise<Outcome>[] = [];
  let healthy = false;
  while (!healthy) {
    const request = fetch(`${url}/api/health`, { signal: AbortSignal.timeout(patienceMs) }).then(
      async (response) => {
        await response.arrayBuffer();
        if (response.status === 200) healthy = true;
        return response.status;
      },
      (error: unknown) => (error instanceof DOMException && error.name === "TimeoutError" ? "no answer" : "refused"),
    );
    requests.push(request);
    // One request at a time until the port is bound: a refused one ends at once.
    await Promise.race([request, new Promise((resolve) => setTimeout(resolve, 5))]);
  }
  return Promise.all(requests);
}

describe("npm start's server (the built bundle)", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "campo-built-server-"));
  let server: ChildProcess | undefined;
  let url = "";
  let startOutcomes: Outcome[] = [];
  let browser: Browser | undefined;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(24).toString("hex"),
        WEB_DIST: dist,
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    [startOutcomes, browser] = await Promise.all([pollWhileStarting(url, 20_000), launchBrowser()]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    const running = server;
    if (running && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every request made while it starts: 503 until ready, then 200", () => {
    const answered = startOutcomes.filter((outcome) => outcome !== "refused");
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((outcome) => outcome !== 503 && outcome !== 200)).toEqual([]);
    expect(answered.at(-1)).toBe(200);
  });

  it("imports an XLSForm, lists it in the app and documents its API", async () => {
    const page = await signedInPage(browser!, url, "bundle@campo.test");
    const imported = await page.request.post(`${url}/api/applications/import/xlsform`, {
      headers: { origin: url },
      multipart: {
        file: {
          name: "household.xlsx",
          mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          buffer: await buildXlsx(HOUSEHOLD_SURVEY),
        },
      },
    });
    expect(imported.status()).toBe(201);
    const { application } = (await imported.json()) as { application: { id: string } };

    await page.goto(`${url}/applications`);
    await page.getByText("Household survey").first().waitFor();
    await page.goto(`${url}/applications/${application.id}/data`);
    await page.getByRole("heading", { name: "Household survey" }).waitFor();

    const reference = await page.request.get(`${url}/api/openapi.json`);
    expect(reference.status()).toBe(200);
    const document = (await reference.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain("/api/applications/import/xlsform");
    await page.context().close();
  });
});

/**
 * `npm run bench -- lighthouse [--runs N] [--page PATH …] [--cpu-slowdown X]`: Lighthouse 12 (its default mobile preset: a Moto G Power screen, simulated
 * slow 4G and 4× CPU slowdown) in Debian's Chromium against the server `npm run build` left (dist/ and
 * dist-server/main.mjs, started as `npm start` runs it; nothing is built here). Pages:
 * - `/home` and `/auth` as a first visit in a browser tab (no cookie, empty cache);
 * - `/applications` and the collect page of a form (`/applications/:id/collect`) as an installed phone opens them the
 *   first time: signed in (the session cookie of a fresh account that owns the form), an installed display as
 *   app/components/routing/display-mode.ts detects it (`navigator.standalone`), empty cache;
 * - the data page of that form (`/applications/:id/data`, 40 records) signed in, on Lighthouse's desktop preset.
 * Besides the scores, `entry_js_kb` is the JavaScript the page loaded to open (every script request of the run, by
 * its gzip size: the figure the entry budget of 100 KB gzip is judged on).
 * Each page is measured N times (default 3) and the run with the median performance score is kept. The last line
 * is one JSON object keyed by page path.
 *
 * `--cpu-slowdown X` replaces the preset's 4× CPU multiplier. Lighthouse multiplies the CPU time it observes, so the
 * preset emulates a low-end phone only on an idle desktop-class machine; on a slower or busy one (its benchmark
 * index, printed, far below ~1,000) X = index / 264 (DevTools' low-tier phone score) emulates the same phone.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { gzipSync } from "node:zlib";
import lighthouse, { desktopConfig, type Config, type Flags, type RunnerResult } from "lighthouse";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { PROJECT_ROOT } from "../server/project-root.ts";
import { benchCall, benchSignUp, browserCookies, withBenchDatabase, type BenchSession } from "./bench-server.ts";
import { startServerProcess } from "./server-process.ts";
import { answersFor, createSurvey, outboxRecord } from "./survey.ts";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const OWNER_EMAIL = "bench-lighthouse@campo.bench";
const WEB_DIST = path.join(PROJECT_ROOT, "dist");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface PageFigures {
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  lcp_ms: number;
  fcp_ms: number;
  tbt_ms: number;
  cls: number;
  transfer_kib: number;
  /** The scripts the page loaded, by the gzip size of their built files (target: under 100 KB). */
  entry_js_kb: number;
  /** Lighthouse's measure of this machine's speed during the run (a quiet desktop: ~1,500–2,500; lower is slower). */
  benchmark_index: number;
  /** Failing audits of the four categories (score below 1), for reading what to fix. */
  failing: string[];
}

interface Target {
  /** The key of the page in the results (a route pattern when the path holds an id). */
  name: string;
  path: string;
  /** Lighthouse's desktop preset instead of the default mobile one. */
  desktop?: boolean;
  /** Prepares the tab before Lighthouse loads the page (cookie, emulated display mode). */
  prepare?: (page: Page) => Promise<void>;
}

export async function run(args: string[]): Promise<void> {
  const runs = parseRuns(args);
  const only = args.flatMap((arg, index) => (args[index - 1] === "--page" ? [arg] : []));
  const cpuSlowdown = parseCpuSlowdown(args);
  if (!existsSync(path.join(WEB_DIST, "index.html"))) throw new Error("dist/ is missing: run `npm run build` first");
  await withBenchDatabase("lighthouse", OWNER_EMAIL, async (bench) => {
    const server = await startServerProcess({ ...bench.env, WEB_DIST }, { build: false });
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic"],
    });
    let browser: Browser | undefined;
    try {
      const session = await benchSignUp(server.url, OWNER_EMAIL, "Bench Lighthouse");
      const applicationId = await createSurveyWithRecords(session);
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
      const installed = (page: Page) => asInstalledPhone(page, session);
      const targets: Target[] = [
        { name: "/home", path: "/home" },
        { name: "/auth", path: "/auth" },
        { name: "/applications", path: "/applications", prepare: installed },
        {
          name: "/applications/:id/collect",
          path: `/applications/${applicationId}/collect`,
          prepare: installed,
        },
        {
          name: "/applications/:id/data",
          path: `/applications/${applicationId}/data`,
          desktop: true,
          prepare: (page) => signIn(page, session),
        },
      ];
      const results: Record<string, PageFigures> = {};
      for (const target of targets.filter((candidate) => !only.length || only.includes(candidate.name))) {
        const measured: PageFigures[] = [];
        for (let index = 0; index < runs; index += 1)
          measured.push(await measureRetrying(browser, { port: chrome.port, cpuSlowdown }, server.url, target));
        measured.sort((a, b) => a.performance - b.performance);
        results[target.name] = measured[Math.floor(measured.length / 2)]!;
      }
      printTable(results, runs, cpuSlowdown);
      const summary = Object.fromEntries(
        Object.entries(results).map(([page, figures]) => [
          page,
          {
            performance: figures.performance,
            accessibility: figures.accessibility,
            best_practices: figures.best_practices,
            seo: figures.seo,
            lcp_ms: figures.lcp_ms,
            tbt_ms: figures.tbt_ms,
            entry_js_kb: figures.entry_js_kb,
          },
        ]),
      );
      console.log(JSON.stringify({ benchmark: "lighthouse", ...summary }));
    } finally {
      await browser?.disconnect();
      chrome.kill();
      await server.stop();
    }
  });
}

/**
 * A busy machine sometimes loses the trace's navigation start (NO_NAVSTART) or a DevTools answer (PROTOCOL_TIMEOUT):
 * that run is made again, twice at most.
 */
async function measureRetrying(...args: Parameters<typeof measure>): Promise<PageFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(...args);
    } catch (error) {
      if (attempt === 3 || !/NO_NAVSTART|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
      console.log(`${args[3].name}: ${String(error)}; measuring again`);
    }
  }
}

async function measure(
  browser: Browser,
  chrome: { port: number; cpuSlowdown?: number },
  base: string,
  target: Target,
): Promise<PageFigures> {
  const page = await browser.newPage();
  try {
    await target.prepare?.(page);
    const flags: Flags = { port: chrome.port, logLevel: "error", output: "json", onlyCategories: [...CATEGORIES] };
    // The desktop preset keeps its own 1× CPU: the multiplier stands for a phone.
    if (chrome.cpuSlowdown !== undefined && !target.desktop)
      flags.throttling = { cpuSlowdownMultiplier: chrome.cpuSlowdown };
    const config: Config | undefined = target.desktop ? desktopConfig : undefined;
    const result = await lighthouse(base + target.path, flags, config, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
    // LIGHTHOUSE_REPORTS=folder keeps each run's full report (JSON) to read the diagnostics behind a score.
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports)
      writeFileSync(
        path.join(
          reports,
          `${target.name.replace(/[^a-z]+/g, "-").replace(/^-|-$/g, "") || "root"}-${Date.now()}.json`,
        ),
        JSON.stringify(result.lhr),
      );
    return figuresOf(result, target.name);
  } finally {
    await page.close();
  }
}

/** The bench account's session cookie in the tab. */
async function signIn(page: Page, session: BenchSession): Promise<void> {
  await page.browserContext().setCookie(...browserCookies(session, session.base));
}

/** An installed app on a phone: the signed-in cookie and a standalone display as the app detects it. */
async function asInstalledPhone(page: Page, session: BenchSession): Promise<void> {
  await signIn(page, session);
  // Chromium cannot emulate the display-mode media feature over CDP; an installed iPhone's navigator.standalone is the
  // other signal display-mode.ts reads, and a script run before the page's own survives Lighthouse's navigation.
  // Passed as source text: a function would be serialised with the TypeScript loader's helpers, undefined in the page.
  await page.evaluateOnNewDocument(
    'Object.defineProperty(Navigator.prototype, "standalone", { get: () => true, configurable: true });',
  );
}

/** The benchmarks' 12-field survey with 40 records (a data page with a table, a map and charts to draw). */
async function createSurveyWithRecords(session: BenchSession): Promise<string> {
  const fields = await createSurvey(session, "Levantamento de campo");
  const applicationId = fields[0]!.applicationId;
  const records = Array.from({ length: 40 }, (_, i) => outboxRecord(applicationId, answersFor(fields, i), i));
  const response = await benchCall(session, "/api/sync", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ records }),
  });
  if (response.status !== 200) throw new Error(`sync failed: ${response.status} ${await response.text()}`);
  return applicationId;
}

/** The gzip size, in KB, of every script the page requested from the built app (each file once). */
function entryJavaScriptKb(lhr: RunnerResult["lhr"]): number {
  const details = lhr.audits["network-requests"]?.details;
  const items = details && "items" in details && Array.isArray(details.items) ? details.items : [];
  const scripts = new Set<string>();
  for (const item of items as { url?: string; resourceType?: string }[]) {
    if (item.resourceType === "Script" && item.url) scripts.add(new URL(item.url).pathname);
  }
  let bytes = 0;
  for (const script of scripts) {
    const file = path.join(WEB_DIST, script);
    if (existsSync(file)) bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return Math.round(bytes / 100) / 10;
}

function figuresOf(result: RunnerResult, pagePath: string): PageFigures {
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = new Set<string>();
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        failing.add(`${ref.id} (${audit.displayValue ?? offenders(audit)})`);
    }
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    best_practices: score("best-practices"),
    seo: score("seo"),
    lcp_ms: Math.round(numeric("largest-contentful-paint")),
    fcp_ms: Math.round(numeric("first-contentful-paint")),
    tbt_ms: Math.round(numeric("total-blocking-time")),
    cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
    transfer_kib: Math.round(numeric("total-byte-weight") / 1024),
    entry_js_kb: entryJavaScriptKb(lhr),
    benchmark_index: Math.round(lhr.environment.benchmarkIndex),
    failing: [...failing],
  };
}

/** The first elements an accessibility or SEO audit flags, by selector, to say where the fault is. */
function offenders(audit: RunnerResult["lhr"]["audits"][string]): string {
  const items =
    audit.details && "items" in audit.details && Array.isArray(audit.details.items) ? audit.details.items : [];
  const selectors = items.flatMap((item) => {
    const node = (item as { node?: { selector?: string } }).node;
    return node?.selector ? [node.selector] : [];
  });
  return selectors.length ? selectors.slice(0, 3).join(", ") : String(audit.score);
}

function parseCpuSlowdown(args: string[]): number | undefined {
  const index = args.indexOf("--cpu-slowdown");
  if (index === -1) return undefined;
  const value = Number(args[index + 1]);
  if (!(value >= 1)) throw new Error("--cpu-slowdown takes a number of at least 1");
  return value;
}

function parseRuns(args: string[]): number {
  const index = args.indexOf("--runs");
  if (index === -1) return 3;
  const runs = Number(args[index + 1]);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a positive whole number");
  return runs;
}

function printTable(results: Record<string, PageFigures>, runs: number, cpuSlowdown: number | undefined): void {
  const pages = Object.keys(results);
  const rows: [string, (figures: PageFigures) => string][] = [
    ["performance (target ≥ 90 on /home)", (f) => String(f.performance)],
    ["accessibility (target 100)", (f) => String(f.accessibility)],
    ["best practices (target ≥ 95)", (f) => String(f.best_practices)],
    ["SEO (target ≥ 95)", (f) => String(f.seo)],
    ["LCP, ms", (f) => String(f.lcp_ms)],
    ["FCP, ms", (f) => String(f.fcp_ms)],
    ["TBT, ms", (f) => String(f.tbt_ms)],
    ["CLS", (f) => String(f.cls)],
    ["transferred, KiB", (f) => String(f.transfer_kib)],
    ["entry JavaScript, KB gzip (target < 100)", (f) => String(f.entry_js_kb)],
    ["machine benchmark index (CPU speed)", (f) => String(f.benchmark_index)],
  ];
  const width = 42;
  const cpu = cpuSlowdown === undefined ? "" : `, CPU slowdown ${cpuSlowdown}× instead of 4×`;
  console.log(
    `\nLighthouse ${runs > 1 ? `median of ${runs} runs` : "one run"} per page, mobile preset (simulated throttling${cpu}; the data page on the desktop preset)`,
  );
  const column = (page: string) => Math.max(14, page.length);
  console.log(["measure".padEnd(width), ...pages.map((page) => page.padStart(column(page)))].join("  "));
  for (const [label, value] of rows)
    console.log([label.padEnd(width), ...pages.map((page) => value(results[page]!).padStart(column(page)))].join("  "));
  for (const page of pages) {
    if (results[page]!.failing.length) console.log(`${page} failing audits: ${results[page]!.failing.join("; ")}`);
  }
}

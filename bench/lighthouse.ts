/**
 * `npm run bench -- lighthouse [--runs N] [--page PATH …] [--cpu-slowdown X]`: Lighthouse 12 (its default mobile preset: a Moto G Power screen, simulated
 * slow 4G and 4× CPU slowdown) in Debian's Chromium against the server `npm run build` left (dist/ and
 * dist-server/main.mjs, started as `npm start` runs it; nothing is built here). Pages:
 * - `/home` and `/auth` as a first visit in a browser tab (no cookie, empty cache);
 * - `/applications` as an installed phone opens it: signed in (the session cookie of a fresh account that owns one
 *   form) and an installed display as app/components/routing/display-mode.ts detects it (`navigator.standalone`).
 * Each page is measured N times (default 3) and the run with the median performance score is kept. The last line
 * is one JSON object keyed by page path.
 *
 * `--cpu-slowdown X` replaces the preset's 4× CPU multiplier. Lighthouse multiplies the CPU time it observes, so the
 * preset emulates a low-end phone only on an idle desktop-class machine; on a slower or busy one (its benchmark
 * index, printed, far below ~1,000) X = index / 264 (DevTools' low-tier phone score) emulates the same phone.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type RunnerResult } from "lighthouse";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { PROJECT_ROOT } from "../server/project-root.ts";
import { benchCall, benchSignUp, withBenchDatabase, type BenchSession } from "./bench-server.ts";
import { startServerProcess } from "./server-process.ts";

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
  /** Lighthouse's measure of this machine's speed during the run (a quiet desktop: ~1,500–2,500; lower is slower). */
  benchmark_index: number;
  /** Failing audits of the four categories (score below 1), for reading what to fix. */
  failing: string[];
}

interface Target {
  path: string;
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
      await createApplication(session);
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
      const targets: Target[] = [
        { path: "/home" },
        { path: "/auth" },
        { path: "/applications", prepare: (page) => asInstalledPhone(page, session) },
      ];
      const results: Record<string, PageFigures> = {};
      for (const target of targets.filter((candidate) => !only.length || only.includes(candidate.path))) {
        const measured: PageFigures[] = [];
        for (let index = 0; index < runs; index += 1)
          measured.push(await measure(browser, { port: chrome.port, cpuSlowdown }, server.url, target));
        measured.sort((a, b) => a.performance - b.performance);
        results[target.path] = measured[Math.floor(measured.length / 2)]!;
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
    if (chrome.cpuSlowdown !== undefined) flags.throttling = { cpuSlowdownMultiplier: chrome.cpuSlowdown };
    const result = await lighthouse(base + target.path, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
    // LIGHTHOUSE_REPORTS=folder keeps each run's full report (JSON) to read the diagnostics behind a score.
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports)
      writeFileSync(
        path.join(reports, `${target.path.slice(1) || "root"}-${Date.now()}.json`),
        JSON.stringify(result.lhr),
      );
    return figuresOf(result, target.path);
  } finally {
    await page.close();
  }
}

/** An installed app on a phone: the signed-in cookie and a standalone display as the app detects it. */
async function asInstalledPhone(page: Page, session: BenchSession): Promise<void> {
  const cookies = session.cookie
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), domain: new URL(session.base).hostname, path: "/" };
    });
  if (!cookies.length) throw new Error("the bench account has no session cookie");
  await page.browserContext().setCookie(...cookies);
  // Chromium cannot emulate the display-mode media feature over CDP; an installed iPhone's navigator.standalone is the
  // other signal display-mode.ts reads, and a script run before the page's own survives Lighthouse's navigation.
  // Passed as source text: a function would be serialised with the TypeScript loader's helpers, undefined in the page.
  await page.evaluateOnNewDocument(
    'Object.defineProperty(Navigator.prototype, "standalone", { get: () => true, configurable: true });',
  );
}

async function createApplication(session: BenchSession): Promise<void> {
  const response = await benchCall(session, "/api/applications", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Levantamento de campo",
      visibility: "team",
      active: true,
      fields: [{ fieldType: "text", label: "Nome", position: 0, config: {} }],
    }),
  });
  if (response.status !== 201)
    throw new Error(`create application failed: ${response.status} ${await response.text()}`);
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
    ["machine benchmark index (CPU speed)", (f) => String(f.benchmark_index)],
  ];
  const width = 38;
  const cpu = cpuSlowdown === undefined ? "" : `, CPU slowdown ${cpuSlowdown}× instead of 4×`;
  console.log(
    `\nLighthouse ${runs > 1 ? `median of ${runs} runs` : "one run"} per page, mobile preset (simulated throttling${cpu})`,
  );
  console.log(["measure".padEnd(width), ...pages.map((page) => page.padStart(14))].join("  "));
  for (const [label, value] of rows)
    console.log([label.padEnd(width), ...pages.map((page) => value(results[page]!).padStart(14))].join("  "));
  for (const page of pages) {
    if (results[page]!.failing.length) console.log(`${page} failing audits: ${results[page]!.failing.join("; ")}`);
  }
}

import { build } from "esbuild";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/support/browser.ts";
import { CITY_OPTIONS, QUESTIONS } from "./form-scale-forms.ts";
import type { Drawing } from "./form-scale-render.tsx";

/** Lighthouse's mobile preset slows the CPU 4×; the same slowdown is applied to the page through DevTools. */
export const PHONE_CPU_SLOWDOWN = 4;

interface PageBench {
  keystrokes(count: number, source: "inline" | "file"): { times: number[]; offered: number };
  interactive(): { ms: number; fields: number };
}

export interface ScaleFigures {
  chromium_cpu_slowdown: number;
  filtered_options: number;
  filter_keystrokes: number;
  filter_keystroke_p50_ms: number;
  filter_keystroke_p95_ms: number;
  /** The same typing with the 10,000 options read from an attached CSV (`select_one_from_file`). */
  file_filter_keystroke_p50_ms: number;
  file_filter_keystroke_p95_ms: number;
  questions: number;
  /** From the form as sent to its first evaluation (the logic alone). */
  questions_logic_ms: number;
  questions_shown: number;
  /** From the form as sent to the first frame after React committed it (its first screenful, answerable). */
  questions_interactive_ms: number;
  /** To the frame in which every shown question is on the page. */
  questions_complete_ms: number;
  /** The longest main-thread task meanwhile (how long a tap could wait). */
  questions_longest_task_ms: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The large forms in real Chromium with the phone's CPU: per-keystroke time while typing the value a 10,000-option
 * choice filter depends on, and the 1,000-question form from the data the server sends to the first frame after the
 * collect form's React blocks drew it (median of 5).
 */
async function bundled(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, entry)],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    minify: true,
    // As Vite builds the app: production React, stylesheets left to the page.
    define: { "process.env.NODE_ENV": '"production"', "import.meta.env.DEV": "false" },
    loader: { ".css": "empty" },
    // Vite's `?url` imports (the barcode reader's WASM file) name a file the measured code never loads.
    plugins: [
      {
        name: "asset-url",
        setup(plugin) {
          plugin.onResolve({ filter: /\?url$/ }, (asset) => ({ path: asset.path, namespace: "asset-url" }));
          plugin.onLoad({ filter: /.*/, namespace: "asset-url" }, () => ({ contents: 'export default "";' }));
        },
      },
    ],
    logLevel: "error",
  });
  return result.outputFiles[0]?.text ?? "";
}

interface Bench {
  campoFormBench: PageBench;
  campoFormRender: { draw(): Promise<Drawing> };
}

export async function runScale(keystrokes: number): Promise<ScaleFigures> {
  const scripts = await Promise.all([bundled("form-scale-page.ts"), bundled("form-scale-render.tsx")]);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
    // An error in the page would leave a measurement waiting for ever: it ends the run instead.
    const pageError = new Promise<never>((_, reject) => page.on("pageerror", reject));
    const inPage = <T>(work: Promise<T>) => Promise.race([work, pageError]);
    await page.setContent("<!doctype html><title>form bench</title><body></body>");
    for (const content of scripts) await page.addScriptTag({ content });
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU_SLOWDOWN });
    const typeInto = (source: "inline" | "file") =>
      page.evaluate(([count, from]) => (globalThis as unknown as Bench).campoFormBench.keystrokes(count, from), [
        keystrokes,
        source,
      ] as const);
    const typing = await typeInto("inline");
    const fileTyping = await typeInto("file");
    if (fileTyping.offered === 0) throw new Error("the attached list offered no option while typing");
    const loads: number[] = [];
    const drawings: Drawing[] = [];
    let fields = 0;
    for (let run = 0; run < 5; run += 1) {
      const load = await page.evaluate(() => (globalThis as unknown as Bench).campoFormBench.interactive());
      loads.push(load.ms);
      fields = load.fields;
      drawings.push(await inPage(page.evaluate(() => (globalThis as unknown as Bench).campoFormRender.draw())));
    }
    const median = (pick: (drawing: Drawing) => number) =>
      round(
        percentile(
          drawings.map(pick).sort((a, b) => a - b),
          0.5,
        ),
      );
    const times = [...typing.times].sort((a, b) => a - b);
    const fileTimes = [...fileTyping.times].sort((a, b) => a - b);
    loads.sort((a, b) => a - b);
    if (fields < QUESTIONS) throw new Error(`the 1,000-question form loaded ${fields} fields`);
    return {
      chromium_cpu_slowdown: PHONE_CPU_SLOWDOWN,
      filtered_options: CITY_OPTIONS,
      filter_keystrokes: times.length,
      filter_keystroke_p50_ms: round(percentile(times, 0.5)),
      filter_keystroke_p95_ms: round(percentile(times, 0.95)),
      file_filter_keystroke_p50_ms: round(percentile(fileTimes, 0.5)),
      file_filter_keystroke_p95_ms: round(percentile(fileTimes, 0.95)),
      questions: QUESTIONS,
      questions_logic_ms: round(percentile(loads, 0.5)),
      questions_shown: drawings[0]?.blocks ?? 0,
      questions_interactive_ms: median((drawing) => drawing.interactiveMs),
      questions_complete_ms: median((drawing) => drawing.completeMs),
      questions_longest_task_ms: median((drawing) => drawing.longestTaskMs),
    };
  } finally {
    await browser.close();
  }
}

export function printScale(figures: ScaleFigures): void {
  console.log(`\nin Chromium, CPU slowed ${figures.chromium_cpu_slowdown}× (phone profile):`);
  console.log(
    `typing into the value a ${figures.filtered_options}-option choice filter reads: ${figures.filter_keystrokes} keystrokes, p50 ${figures.filter_keystroke_p50_ms} ms, p95 ${figures.filter_keystroke_p95_ms} ms (target < 16)`,
  );
  console.log(
    `the same list read from a ${figures.filtered_options}-row attached CSV: p50 ${figures.file_filter_keystroke_p50_ms} ms, p95 ${figures.file_filter_keystroke_p95_ms} ms (target < 16)`,
  );
  console.log(
    `${figures.questions}-question form (${figures.questions_shown} shown): first evaluation ${figures.questions_logic_ms} ms, interactive ${figures.questions_interactive_ms} ms (target < 1000), all drawn ${figures.questions_complete_ms} ms, longest task ${figures.questions_longest_task_ms} ms`,
  );
}

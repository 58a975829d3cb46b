import { afterEach } from "vitest";
import type { Page } from "playwright-core";
import { openPages, recentErrors } from "./browser.ts";

/** How long the report may wait on a page that no longer answers (a crashed or hung renderer). */
const PAGE_READ_TIMEOUT_MS = 3_000;

interface PageState {
  headings: string[];
  toasts: string[];
  notices: string[];
  /** Lists and menus left open: they hide the rest of the page from the accessibility tree that locators read. */
  open: string[];
}

async function pageState(page: Page): Promise<PageState | string> {
  const read = page.evaluate(() => {
    const texts = (selector: string) =>
      [...document.querySelectorAll(selector)]
        .map((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim())
        .filter(Boolean)
        .slice(0, 8);
    return {
      // h3: React Router's own error screen puts the error's message there.
      headings: texts("h1, h2, h3"),
      toasts: texts("[data-sonner-toast]"),
      notices: texts('[role="alert"], [role="status"], [role="dialog"], [role="alertdialog"]'),
      open: [...document.querySelectorAll('[role="listbox"], [role="menu"]')].map(
        (element) => `${element.getAttribute("role")}: ${(element.textContent ?? "").slice(0, 60)}`,
      ),
    };
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>(
    (resolve) => (timer = setTimeout(() => resolve("no answer"), PAGE_READ_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([read.catch((error: unknown) => String(error)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A journey that fails on CI leaves no screenshot: the log says what every open page showed at that moment (its
 * address, headings, toasts, alerts, dialogs and open lists) and the last errors it logged, which tells a save refused
 * by the page from an answer that never came, or a screen an exception replaced.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== "fail") return;
  const pages = openPages();
  const states = await Promise.all(pages.map(pageState));
  const report = pages.map((page, index) => {
    const errors = recentErrors(page);
    const logged = errors.length ? `\n    errors: ${JSON.stringify(errors)}` : "";
    return `  ${page.url()}\n    ${JSON.stringify(states[index])}${logged}`;
  });
  console.error(`Pages open when "${task.name}" failed:\n${report.join("\n") || "  none"}`);
});

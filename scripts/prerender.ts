/**
 * Writes the HTML of the public pages a first visit opens (the landing, /auth) into copies of the built index.html,
 * once per page and language, so they paint from the document itself instead of after the app's scripts
 * (server/prerendered-pages.ts serves them). Its stylesheet and
 * theme script go inline too (the CSP names the script by hash): the first paint then waits for no other request.
 * The app's index.html gets the same inline theme script. Run after `vite build`, before scripts/precompress.ts; the
 * service worker's precache list (written by vite build) does not include the prerendered pages.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { withViteSsr } from "./vite-ssr.ts";
import { LANGUAGES, type Language } from "../shared/i18n/languages.ts";
import { PROJECT_ROOT } from "../server/project-root.ts";
import { PRERENDERED_DIR, prerenderedFileName, THEME_BOOT_FILE } from "../server/prerendered-pages.ts";
import { PRERENDERED_PAGES, type PrerenderedPage } from "../shared/prerendered-pages.ts";

type RenderPage = (page: PrerenderedPage, language: Language) => Promise<string>;

const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/;
const APP_ENTRY = /<script type="module"[^>]*src="\/assets\/[^"]+\.js"[^>]*><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;
const PRERENDERED_ENTRY = "app/prerender/prerendered-entry.ts";
/** The root element and the app shell inside it, the last element of the body. */
const ROOT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;

/**
 * The prerendered pages' own small entry (app/prerender/prerendered-entry.ts) in place of the app's, and none of the
 * app's modulepreload hints: the first paint competes with no script, and the app loads on the visitor's first intent.
 */
async function prerenderedEntryTag(distDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(distDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { file?: string }
  >;
  const file = manifest[PRERENDERED_ENTRY]?.file;
  if (!file) throw new Error(`prerender: the build's manifest has no ${PRERENDERED_ENTRY}`);
  return `<script type="module" crossorigin src="/${file}"></script>`;
}

export async function prerender(distDir: string): Promise<string[]> {
  const template = await readFile(path.join(distDir, "index.html"), "utf8");
  const stylesheet = STYLESHEET.exec(template);
  if (!stylesheet?.[1]) throw new Error("prerender: the built index.html links no stylesheet");
  const css = await readFile(path.join(distDir, stylesheet[1]), "utf8");
  const themeScript = `<script src="/${THEME_BOOT_FILE}"></script>`;
  if (!template.includes(themeScript)) throw new Error(`prerender: the built index.html loads no ${THEME_BOOT_FILE}`);
  // The app's own index.html carries the theme script inline too: besides the stylesheet, it was the one request its
  // first paint waited for (the same bytes, so the same CSP hash).
  const themeBoot = await readFile(path.join(distDir, THEME_BOOT_FILE), "utf8");
  const app = template.replace(themeScript, () => `<script>${themeBoot}</script>`);
  const appEntry = APP_ENTRY.exec(template);
  if (!appEntry) throw new Error("prerender: the built index.html loads no module entry");
  const prerenderedEntry = await prerenderedEntryTag(distDir);
  if (!ROOT.test(template)) throw new Error("prerender: the built index.html has no root element ending its body");
  await writeFile(path.join(distDir, "index.html"), app);

  return withViteSsr(async (vite) => {
    const { renderPage } = (await vite.ssrLoadModule("/app/prerender/render-page.tsx")) as {
      renderPage: RenderPage;
    };
    await mkdir(path.join(distDir, PRERENDERED_DIR), { recursive: true });
    const written: string[] = [];
    for (const page of Object.keys(PRERENDERED_PAGES) as PrerenderedPage[]) {
      for (const language of LANGUAGES) {
        const body = await renderPage(page, language);
        const html = app
          .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
          .replace(stylesheet[0], () => `<style>${css}</style>`)
          .replace(appEntry[0], () => prerenderedEntry)
          .replace(MODULE_PRELOADS, "")
          .replace(ROOT, () => `<div id="root" data-prerendered="${language}">${body}</div>`);
        const file = path.join(distDir, PRERENDERED_DIR, prerenderedFileName(page, language));
        await writeFile(file, html);
        written.push(file);
      }
    }
    return written;
  });
}

if (process.argv[1] === import.meta.filename) {
  const written = await prerender(path.join(PROJECT_ROOT, "dist"));
  console.log(`prerendered ${written.length} pages in dist/${PRERENDERED_DIR}`);
}

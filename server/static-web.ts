import { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { readFileSync } from "node:fs";
import path from "node:path";
import { prerenderedPage } from "./prerendered-pages.ts";
import { routePreloads } from "./route-preloads.ts";
import { carriesSessionCookie } from "./lib/session-cookie.ts";
import { PRERENDERED_PAGES, type PrerenderedPage } from "../shared/prerendered-pages.ts";

/** A page whose HTML the server writes itself (meta tags for crawlers); null when the path is not its own. */
export type PageHtml = (pathname: string, indexHtml: string) => Promise<{ status: 200 | 404; html: string } | null>;

/**
 * Serves the built PWA: hashed assets are immutable, the service worker and index.html are always revalidated,
 * and every other GET outside /api falls back to index.html so client routes (and the 404 page) work on reload.
 * Files come in the smallest encoding the browser accepts among those written at build time (scripts/precompress.ts:
 * brotli, gzip), with `Vary: Accept-Encoding` on every file so a shared cache keeps the encodings apart. /home and
 * /auth are prerendered at build time, in the visitor's language. The app's index.html carries the preload hints of the
 * route it is served at (server/route-preloads.ts).
 */
export function staticWeb(distDir: string, pages: readonly PageHtml[] = []) {
  const app = new Hono();
  const indexHtml = readFileSync(path.join(distDir, "index.html"), "utf8");
  const root = path.relative(process.cwd(), distDir) || ".";
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/sw.js", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-cache");
    c.header("Service-Worker-Allowed", "/");
  });
  app.use("*", async (c, next) => {
    await next();
    if (!/accept-encoding/i.test(c.res.headers.get("Vary") ?? "")) c.res.headers.append("Vary", "Accept-Encoding");
  });
  // The landing and /auth, drawn at build time in each language for a visitor with no session, paint before the
  // app's scripts run (scripts/prerender.ts). A browser holding a session gets the app, which draws its own header
  // (and sends it away from /auth).
  for (const page of Object.keys(PRERENDERED_PAGES) as PrerenderedPage[]) {
    const answer = prerenderedPage(distDir, page);
    const { path: pathname, appParams } = PRERENDERED_PAGES[page];
    if (!answer) continue;
    app.get(pathname, (c, next) => {
      c.header("Vary", "Cookie");
      const drawnElsewhere = appParams.some((name) => c.req.query(name) !== undefined);
      return drawnElsewhere || carriesSessionCookie(c.req.header("cookie")) ? next() : answer(c);
    });
  }
  const withPreloads = routePreloads(distDir);
  app.use("*", serveStatic({ root, precompressed: true }));
  app.get("*", async (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    c.header("Cache-Control", "no-cache");
    for (const page of pages) {
      const written = await page(c.req.path, indexHtml);
      if (written) return c.html(written.html, written.status);
    }
    if (!withPreloads) return c.html(indexHtml);
    c.header("Vary", "Accept-Language, Cookie");
    const request = {
      pathname: c.req.path,
      search: new URL(c.req.url).search,
      acceptLanguage: c.req.header("accept-language"),
      cookie: c.req.header("cookie"),
    };
    return c.html(withPreloads(indexHtml, request));
  });
  return app;
}

import { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Serves the built PWA: hashed assets are immutable, the service worker and index.html are always revalidated,
 * and every other GET outside /api falls back to index.html so client routes (and the 404 page) work on reload.
 */
export function staticWeb(distDir: string) {
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
  app.use("*", serveStatic({ root }));
  app.get("*", (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
  return app;
}

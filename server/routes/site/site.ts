import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { publicPagesSource, renderRobots, renderSitemap, type SitemapSource } from "./sitemap.ts";

/**
 * GET /robots.txt and /sitemap.xml, written for the configured PUBLIC_URL (the served origin, which a build cannot
 * know). `sources` is the hook for more pages: the blog passes a source of its published posts.
 */
export function siteRoutes(context: AppContext, sources: readonly SitemapSource[] = [publicPagesSource]) {
  const app = new Hono<AppEnv>();
  const publicUrl = context.config.publicUrl;
  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(renderRobots(publicUrl));
  });
  app.get("/sitemap.xml", async (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(await renderSitemap(publicUrl, sources), 200, { "Content-Type": "application/xml; charset=utf-8" });
  });
  return app;
}

import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";

/**
 * GET /api/config: settings the web reads at run time rather than build time. `tileUrl` is the map's raster tile
 * template from TILE_URL (null: the map draws its points on a plain background).
 */
export function runtimeConfigRoutes(env: NodeJS.ProcessEnv = process.env): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/api/config", (c) => c.json({ tileUrl: env.TILE_URL?.trim() || null }, 200, { "Cache-Control": "no-cache" }));
  return routes;
}
